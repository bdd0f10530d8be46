// REQUIRES: mlir-opt
// RUN: pyaffine-opt -split-input-file -verify-diagnostics %s
// RUN: mlir-opt -split-input-file -verify-diagnostics %s
// tensor.concat's verifier (ConcatOp::verify): ranks, element types, the
// concatenated dimension, and the static sizes the inputs imply.

func.func @dim_past_rank(%a: tensor<3x4xf32>, %b: tensor<5x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
  %0 = tensor.concat dim(2) %a, %b : (tensor<3x4xf32>, tensor<5x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @rank(%a: tensor<3x4xf32>, %b: tensor<5xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'tensor.concat' op rank of concatenated inputs must match result rank}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<3x4xf32>, tensor<5xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @element_type(%a: tensor<3x4xf32>, %b: tensor<5x4xf64>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'tensor.concat' op inputs and result element type must match}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<3x4xf32>, tensor<5x4xf64>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @other_dimension(%a: tensor<3x4xf32>, %b: tensor<5x5xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'tensor.concat' op static concatenation size mismatch along non-concatenated dimension 1}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<3x4xf32>, tensor<5x5xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @sum(%a: tensor<3x4xf32>, %b: tensor<5x4xf32>) -> tensor<9x4xf32> {
  // expected-error@+1 {{'tensor.concat' op result type 'tensor<9x4xf32>'does not match inferred shape 'tensor<8x4xf32>' static sizes}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<3x4xf32>, tensor<5x4xf32>) -> tensor<9x4xf32>
  return %0 : tensor<9x4xf32>
}

// -----

func.func @dynamic(%a: tensor<3x?xf32>, %b: tensor<?x4xf32>) -> tensor<?x5xf32> {
  // expected-error@+1 {{'tensor.concat' op result type 'tensor<?x5xf32>'does not match inferred shape 'tensor<?x4xf32>' static sizes}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<3x?xf32>, tensor<?x4xf32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

func.func @no_input() -> tensor<9x4xf32> {
  // expected-error@+1 {{'tensor.concat' op requires at least one input}}
  %0 = tensor.concat dim(0) : () -> tensor<9x4xf32>
  return %0 : tensor<9x4xf32>
}
