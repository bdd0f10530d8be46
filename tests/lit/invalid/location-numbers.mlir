// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// File locations: line and column numbers are 32-bit unsigned integers.
// CHECK: {{.*}}location-numbers.mlir:16:22: error: expected integer line number in FileLineColRange
// CHECK-NEXT: {{^}}#loc = loc("file.cc":4294967296:8){{$}}
// CHECK-NEXT: {{^}}                     ^{{$}}
// CHECK: {{.*}}location-numbers.mlir:21:25: error: expected integer column number in FileLineColRange
// CHECK-NEXT: {{^}}#loc = loc("file.cc":10:0x100000000 to 12:4){{$}}
// CHECK-NEXT: {{^}}                        ^{{$}}
// CHECK: {{.*}}location-numbers.mlir:26:31: error: expected integer column number in FileLineColRange
// CHECK-NEXT: {{^}}#loc = loc("file.cc":10:4 to :4294967296){{$}}
// CHECK-NEXT: {{^}}                              ^{{$}}
// CHECK-NOT: Traceback


#loc = loc("file.cc":4294967296:8)
module {}

// -----

#loc = loc("file.cc":10:0x100000000 to 12:4)
module {}

// -----

#loc = loc("file.cc":10:4 to :4294967296)
module {}
