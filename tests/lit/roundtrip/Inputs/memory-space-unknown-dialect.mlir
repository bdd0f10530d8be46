func.func @f() {
  %c = memref.alloc() : memref<4xi8, #foo.bar<x>>
  return
}
// -----
func.func @g() {
  "tosa.no_such_op"() : () -> ()
  return
}
