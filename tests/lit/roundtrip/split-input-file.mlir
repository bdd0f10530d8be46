// RUN: pyaffine-opt -split-input-file %s | FileCheck %s
// RUN: pyaffine-opt %s -split-input-file -o %t && FileCheck %s --input-file=%t

// Each chunk is printed as its own module, with value names restarting, and
// the chunks are joined by the split marker.  (The marker is matched as
// `{{-----}}` here: like mlir-opt, the tool splits on it even mid-line.)

// CHECK:       module {
// CHECK-NEXT:    func.func @first(%arg0: i32) -> i32 {
// CHECK-NEXT:      %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:      %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:      return %0 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  // {{-----}}
// CHECK-NEXT:  module {
// CHECK-NEXT:    func.func @second(%arg0: i32) -> i32 {
// CHECK-NEXT:      %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:      %0 = arith.muli %arg0, %c2_i32 : i32
// CHECK-NEXT:      return %0 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NOT:   // {{-----}}
func.func @first(%x: i32) -> i32 {
  %one = arith.constant 1 : i32
  %y = arith.addi %x, %one : i32
  return %y : i32
}

// -----

func.func @second(%x: i32) -> i32 {
  %two = arith.constant 2 : i32
  %y = arith.muli %x, %two : i32
  return %y : i32
}
