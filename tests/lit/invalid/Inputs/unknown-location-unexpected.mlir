// expected-error@unknown {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match}}
func.func @copy_to_index(%a: memref<4xi32>, %c: memref<4xindex>) {
  linalg.copy ins(%a : memref<4xi32>) outs(%c : memref<4xindex>)
  return
}
