// Bytes that are not UTF-8 where a token should start.
func.func @f() {
  Ã( = "test.op"() : () -> i32
  return
}
