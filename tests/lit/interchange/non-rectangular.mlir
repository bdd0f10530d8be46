// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s
// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Nests whose bounds depend on an outer loop of the nest (triangular,
// banded): the nest is read as a SCoP, the legal orders are decided with
// the exact dependences (isl), trip counts are averaged over the domain,
// and the chosen order is generated with isl's AST generator, which
// computes the new bounds (for j in 0..N-1, for i in j+1..N).

// REMARK: remark: affine-loop-interchange: perfect nest of depth 2, trip counts [512, 256] (non-rectangular loop bounds: average trip counts over the domain); 2 of 2 orders legal (exact dependences)
// REMARK: legal order (1, 0) = (%j, %i): parallelism 0, spatial 16640, temporal 131070, total 147710
// REMARK: chose order (1, 0) = (%j, %i) (new bounds generated with isl)
// REMARK: perfect nest of depth 2, trip counts [128, 64] (non-rectangular loop bounds: average trip counts over the domain, symbols taken as 128); 2 of 2 orders legal (exact dependences)
// REMARK: chose order (1, 0) = (%j, %i) (new bounds generated with isl)
// REMARK: perfect nest of depth 2, trip counts [256, 17] (non-rectangular loop bounds: average trip counts over the domain); 2 of 2 orders legal (exact dependences)
// REMARK: chose order (1, 0) = (%j, %i) (new bounds generated with isl)
// REMARK: perfect nest of depth 2, trip counts [511, 255] (non-rectangular loop bounds: average trip counts over the domain); 1 of 2 orders legal (exact dependences)
// REMARK: kept the original order (0, 1) = (%i, %j)

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[NM1:.*]] = affine_map<()[s0] -> (s0 - 1)>
// CHECK-DAG: #[[P1:.*]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-DAG: #[[LOW:.*]] = affine_map<(d0) -> (0, d0 - 8)>
// CHECK-DAG: #[[HIGH:.*]] = affine_map<(d0) -> (256, d0 + 9)>
// CHECK-DAG: #[[M1:.*]] = affine_map<(d0) -> (d0 - 1)>

// CHECK-LABEL: func.func @triangle
// CHECK:      affine.for %[[J:.*]] = 0 to 512 {
// CHECK-NEXT:   affine.for %[[I:.*]] = #[[ID]](%[[J]]) to 512 {
// CHECK-NEXT:     affine.load %arg0[%[[J]], %[[I]]]
func.func @triangle(%A: memref<512x512xf64>) {
  affine.for %i = 0 to 512 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %v = affine.load %A[%j, %i] : memref<512x512xf64>
      %w = arith.addf %v, %v : f64
      affine.store %w, %A[%j, %i] : memref<512x512xf64>
    }
  }
  return
}

// CHECK-LABEL: func.func @symbolic_triangle
// CHECK:      affine.for %[[J:.*]] = 0 to #[[NM1]]()[%arg2] {
// CHECK-NEXT:   affine.for %[[I:.*]] = #[[P1]](%[[J]]) to %arg2 {
// CHECK-NEXT:     affine.load %arg0[%[[J]], %[[I]]]
func.func @symbolic_triangle(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %v = affine.load %A[%j, %i] : memref<?x?xf64>
      affine.store %v, %B[%j, %i] : memref<?x?xf64>
    }
  }
  return
}

// CHECK-LABEL: func.func @banded
// CHECK:      affine.for %[[J:.*]] = 0 to 256 {
// CHECK-NEXT:   affine.for %[[I:.*]] = max #[[LOW]](%[[J]]) to min #[[HIGH]](%[[J]]) {
// CHECK-NEXT:     affine.load %arg0[%[[J]], %[[I]]]
func.func @banded(%A: memref<300x300xf64>, %B: memref<300x300xf64>) {
  affine.for %i = 0 to 256 {
    affine.for %j = max affine_map<(d0) -> (0, d0 - 8)>(%i) to min affine_map<(d0) -> (256, d0 + 9)>(%i) {
      %v = affine.load %A[%j, %i] : memref<300x300xf64>
      affine.store %v, %B[%j, %i] : memref<300x300xf64>
    }
  }
  return
}

// A[j][i] = A[j+1][i-1]: the dependence has distance (1, -1), so j cannot
// go outside although the model would like it there.
// CHECK-LABEL: func.func @triangle_wavefront
// CHECK:      affine.for %[[I:.*]] = 1 to 512 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to #[[M1]](%[[I]]) {
func.func @triangle_wavefront(%A: memref<512x512xf64>) {
  affine.for %i = 1 to 512 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 - 1)>(%i) {
      %v = affine.load %A[%j + 1, %i - 1] : memref<512x512xf64>
      affine.store %v, %A[%j, %i] : memref<512x512xf64>
    }
  }
  return
}
