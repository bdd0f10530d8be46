// RUN: pyaffine-opt --mlir-print-debuginfo --mlir-pretty-debuginfo %s | FileCheck %s --strict-whitespace
// RUN: pyaffine-opt --mlir-print-debuginfo --mlir-print-local-scope %s | FileCheck %s --check-prefix=LOCAL

// --mlir-pretty-debuginfo: locations without `loc(...)`: file names
// unquoted, `[unknown]`, fused parts without `fused`, a call site as
// `callee at caller`, on a new line unless a name is called from a file
// location; an op's location is never an alias.
// CHECK:      {{^}}    %c0 = arith.constant 0 : index [unknown]{{$}}
// CHECK-NEXT: {{^}}    %c1 = arith.constant 1 : index #[[A:loc[0-9]*]]{{$}}
// CHECK-NEXT: {{^}} at #[[B:loc[0-9]*]]{{$}}
// CHECK-NEXT: {{^}}    %c2 = arith.constant 2 : index #[[N:loc[0-9]*]] at #[[B]]{{$}}
// CHECK-NEXT: {{^}}    return <"meta">[#[[A]], #[[B]]]{{$}}
// CHECK:      #[[A]] = a.c:1:1{{$}}
// CHECK-NEXT: #[[B]] = b.c:2:2{{$}}
// CHECK-NEXT: #[[N]] = "n"{{$}}

// --mlir-print-local-scope: the locations written whole, no alias.
// LOCAL:      %c1 = arith.constant 1 : index loc(callsite("a.c":1:1 at "b.c":2:2))
// LOCAL-NEXT: %c2 = arith.constant 2 : index loc(callsite("n" at "b.c":2:2))
// LOCAL-NEXT: return loc(fused<"meta">["a.c":1:1, "b.c":2:2])
// LOCAL-NOT:  #loc
func.func @f() {
  %c0 = arith.constant 0 : index loc(unknown)
  %c1 = arith.constant 1 : index loc(callsite("a.c":1:1 at "b.c":2:2))
  %c2 = arith.constant 2 : index loc(callsite("n" at "b.c":2:2))
  return loc(fused<"meta">["a.c":1:1, "b.c":2:2])
}
