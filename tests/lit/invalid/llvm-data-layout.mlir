// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// LLVM data layout strings (llvm.data_layout) that LLVM's DataLayout parser
// rejects; the message ends with a newline, hence the empty line.
// CHECK: {{.*}}llvm-data-layout.mlir:55:1: error: 'builtin.module' op invalid data layout descriptor: ABI alignment must be a 16-bit integer
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}module attributes {llvm.data_layout = "e-i64:65536"} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}llvm-data-layout.mlir:59:1: error: 'builtin.module' op invalid data layout descriptor: pointer size must be a non-zero 24-bit integer
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}module attributes {llvm.data_layout = "e-p:0:64"} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}llvm-data-layout.mlir:63:1: error: 'builtin.module' op invalid data layout descriptor: size must be a non-zero 24-bit integer
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}module attributes {llvm.data_layout = "e-i0:64"} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}llvm-data-layout.mlir:67:1: error: 'builtin.module' op invalid data layout descriptor: ABI alignment must be a power of two times the byte width
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}module attributes {llvm.data_layout = "e-i64:24"} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}llvm-data-layout.mlir:71:1: error: 'builtin.module' op invalid data layout descriptor: ABI alignment component cannot be empty
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}module attributes {llvm.data_layout = "e-i64:"} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}llvm-data-layout.mlir:75:1: error: 'builtin.module' op invalid data layout descriptor: malformed specification, must be of the form "p[<n>]:<size>:<abi>[:<pref>[:<idx>]]"
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}module attributes {llvm.data_layout = "e-p:64"} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}llvm-data-layout.mlir:79:1: error: 'builtin.module' op invalid data layout descriptor: unknown specifier 'x'
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}module attributes {llvm.data_layout = "e-x"} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}llvm-data-layout.mlir:83:1: error: 'builtin.module' op invalid data layout descriptor: empty specification is not allowed
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}module attributes {llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-"} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}llvm-data-layout.mlir:87:1: error: 'builtin.module' op invalid data layout descriptor: 'z' is not a valid pointer specification flag
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}module attributes {llvm.data_layout = "e-pz:64:64"} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}llvm-data-layout.mlir:91:1: error: 'builtin.module' op invalid data layout descriptor: stack natural alignment must be a power of two times the byte width
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}module attributes {llvm.data_layout = "e-S12"} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}llvm-data-layout.mlir:95:1: error: 'builtin.module' op expected 'llvm.data_layout' to be a string attributes
// CHECK-NEXT: {{^}}module attributes {llvm.data_layout = 64} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}llvm-data-layout.mlir:99:1: error: 'func.func' op invalid data layout descriptor: i8 must be 8-bit aligned
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}func.func @f() attributes {llvm.data_layout = "e-i8:16"} {{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK-NOT: Traceback


module attributes {llvm.data_layout = "e-i64:65536"} {}

// -----

module attributes {llvm.data_layout = "e-p:0:64"} {}

// -----

module attributes {llvm.data_layout = "e-i0:64"} {}

// -----

module attributes {llvm.data_layout = "e-i64:24"} {}

// -----

module attributes {llvm.data_layout = "e-i64:"} {}

// -----

module attributes {llvm.data_layout = "e-p:64"} {}

// -----

module attributes {llvm.data_layout = "e-x"} {}

// -----

module attributes {llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-"} {}

// -----

module attributes {llvm.data_layout = "e-pz:64:64"} {}

// -----

module attributes {llvm.data_layout = "e-S12"} {}

// -----

module attributes {llvm.data_layout = 64} {}

// -----

func.func @f() attributes {llvm.data_layout = "e-i8:16"} {
  return
}
