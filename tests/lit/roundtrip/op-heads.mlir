// RUN: pyaffine-opt %s | FileCheck %s
// Loop and condition heads on lines of their own, which the lexer takes as
// one token each up to their `{` and makes from the first head of their
// shape: names of other lengths, a map bound, iteration arguments and
// results, and heads lexed as tokens (a comment after the `{`, the `{` on
// the next line or with the region on the same line).  The expected text is
// mlir-opt 22's.

#set = affine_set<(d0)[s0] : (d0 - s0 >= 0)>
#ub = affine_map<(d0)[s0] -> (s0, d0 + 4)>

func.func @heads(%A: memref<8xf32>, %n: index, %x: f32) -> f32 {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 step 2 {
      affine.for %longer_name = 0 to 8 step 2 {
        affine.if #set(%j)[%n] {
          affine.store %x, %A[%longer_name] : memref<8xf32>
        }
        affine.if #set(%longer_name)[%n] {
          affine.store %x, %A[%j] : memref<8xf32>
        } else {
        }
      }
      affine.for %k = 0 to min #ub(%j)[%n] {
      }
      affine.for %kk = 0 to min #ub(%i)[%n] {
      }
    }
  }
  %r = affine.for %i = 0 to %n iter_args(%acc = %x) -> (f32) {
    %s = arith.addf %acc, %acc : f32
    affine.yield %s : f32
  }
  %rr = affine.for %ii = 0 to %n iter_args(%accum = %r) -> (f32) {
    %t = affine.if #set(%ii)[%n] -> f32 {
      affine.yield %accum : f32
    } else {
      affine.yield %r : f32
    }
    affine.yield %t : f32
  }
  affine.for %i = 0 to 8 {  // a comment: the line is lexed as tokens
  }
  affine.for %i = 0 to 8
      {
  }
  affine.for %i = 0 to 8 { affine.store %x, %A[%i] : memref<8xf32> }
  return %rr : f32
}

// CHECK: #map = affine_map<(d0)[s0] -> (s0, d0 + 4)>
// CHECK-NEXT: #set = affine_set<(d0)[s0] : (d0 - s0 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @heads(%arg0: memref<8xf32>, %arg1: index, %arg2: f32) -> f32 {
// CHECK-NEXT:     affine.for %arg3 = 0 to 8 {
// CHECK-NEXT:       affine.for %arg4 = 0 to 8 step 2 {
// CHECK-NEXT:         affine.for %arg5 = 0 to 8 step 2 {
// CHECK-NEXT:           affine.if #set(%arg4)[%arg1] {
// CHECK-NEXT:             affine.store %arg2, %arg0[%arg5] : memref<8xf32>
// CHECK-NEXT:           }
// CHECK-NEXT:           affine.if #set(%arg5)[%arg1] {
// CHECK-NEXT:             affine.store %arg2, %arg0[%arg4] : memref<8xf32>
// CHECK-NEXT:           } else {
// CHECK-NEXT:           }
// CHECK-NEXT:         }
// CHECK-NEXT:         affine.for %arg5 = 0 to min #map(%arg4)[%arg1] {
// CHECK-NEXT:         }
// CHECK-NEXT:         affine.for %arg5 = 0 to min #map(%arg3)[%arg1] {
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     %0 = affine.for %arg3 = 0 to %arg1 iter_args(%arg4 = %arg2) -> (f32) {
// CHECK-NEXT:       %2 = arith.addf %arg4, %arg4 : f32
// CHECK-NEXT:       affine.yield %2 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     %1 = affine.for %arg3 = 0 to %arg1 iter_args(%arg4 = %0) -> (f32) {
// CHECK-NEXT:       %2 = affine.if #set(%arg3)[%arg1] -> f32 {
// CHECK-NEXT:         affine.yield %arg4 : f32
// CHECK-NEXT:       } else {
// CHECK-NEXT:         affine.yield %0 : f32
// CHECK-NEXT:       }
// CHECK-NEXT:       affine.yield %2 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     affine.for %arg3 = 0 to 8 {
// CHECK-NEXT:     }
// CHECK-NEXT:     affine.for %arg3 = 0 to 8 {
// CHECK-NEXT:     }
// CHECK-NEXT:     affine.for %arg3 = 0 to 8 {
// CHECK-NEXT:       affine.store %arg2, %arg0[%arg3] : memref<8xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     return %1 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }
