// PolyBench bicg: s = A^T r and q = A p in one i-j nest, already walking A
// along rows.
func.func @kernel(%A: memref<5000x4800xf64>, %s: memref<4800xf64>, %q: memref<5000xf64>,
                  %p: memref<4800xf64>, %r: memref<5000xf64>) {
  affine.for %i = 0 to 5000 {
    affine.for %j = 0 to 4800 {
      %sv = affine.load %s[%j] : memref<4800xf64>
      %rv = affine.load %r[%i] : memref<5000xf64>
      %a = affine.load %A[%i, %j] : memref<5000x4800xf64>
      %ra = arith.mulf %rv, %a : f64
      %s1 = arith.addf %sv, %ra : f64
      affine.store %s1, %s[%j] : memref<4800xf64>
      %qv = affine.load %q[%i] : memref<5000xf64>
      %pv = affine.load %p[%j] : memref<4800xf64>
      %ap = arith.mulf %a, %pv : f64
      %q1 = arith.addf %qv, %ap : f64
      affine.store %q1, %q[%i] : memref<5000xf64>
    }
  }
  return
}
