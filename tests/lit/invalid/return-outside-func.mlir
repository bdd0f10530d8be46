// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// `return` is func.return only where func is the default dialect: in the
// body of a func.func (and in generic ops within it).
// CHECK: {{.*}}return-outside-func.mlir:20:1: error: custom op 'return' is unknown (tried 'builtin.return' as well)
// CHECK-NEXT: {{^}}return{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}return-outside-func.mlir:25:3: error: custom op 'return' is unknown (tried 'builtin.return' as well)
// CHECK-NEXT: {{^}}  return{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK: {{.*}}return-outside-func.mlir:32:5: error: Dialect `' not found for custom op 'return'  (tried '.return' as well)
// CHECK-NEXT: {{^}}    return{{$}}
// CHECK-NEXT: {{^}}    ^{{$}}
// CHECK: {{.*}}return-outside-func.mlir:43:5: error: 'func.return' op expects parent op 'func.func'
// CHECK-NEXT: {{^}}    return{{$}}
// CHECK-NEXT: {{^}}    ^{{$}}
// CHECK-NOT: Traceback


return

// -----

module {
  return
}

// -----

func.func @f() {
  affine.for %i = 0 to 2 {
    return
  }
  return
}

// -----

// In a region of a generic op, `return` still means func.return, which
// must be directly in a func.func.
func.func @f() {
  "test.region"() ({
    return
  }) : () -> ()
  return
}
