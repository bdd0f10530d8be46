// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// Tabs in the source line are expanded to 8 columns under the caret.
// CHECK: {{.*}}tab-indented.mlir:9:22: error: use of undeclared SSA value name
// CHECK-NEXT: {{^}}        %0 = arith.addi %a, %b : i32{{$}}
// CHECK-NEXT: {{^}}                            ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) -> i32 {
	%0 = arith.addi %a, %b : i32
	return %0 : i32
}
