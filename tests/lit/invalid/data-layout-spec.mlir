// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// Data layout specs (#dlti.dl_spec) that the DLTI dialect rejects:
// entries for built-in and LLVM pointer types, repeated keys, DLTI's own keys.
// CHECK: {{.*}}data-layout-spec.mlir:53:1: error: expected a dense i64 elements attribute in the data layout entry #dlti.dl_entry<i64, dense<64> : vector<2xi32>>
// CHECK-NEXT: {{^}}module attributes {dlti.dl_spec = #dlti.dl_spec<i64 = dense<64> : vector<2xi32>>} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}data-layout-spec.mlir:57:1: error: expected 1 or 2 elements in the data layout entry #dlti.dl_entry<f80, dense<128> : vector<3xi64>>
// CHECK-NEXT: {{^}}module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<f80, dense<128> : vector<3xi64>>>} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}data-layout-spec.mlir:61:1: error: preferred alignment is expected to be greater than or equal to the abi alignment in data layout entry #dlti.dl_entry<i32, dense<[64, 32]> : vector<2xi64>>
// CHECK-NEXT: {{^}}module attributes {dlti.dl_spec = #dlti.dl_spec<i32 = dense<[64, 32]> : vector<2xi64>>} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}data-layout-spec.mlir:65:1: error: expected integer attribute in the data layout entry for 'index'
// CHECK-NEXT: {{^}}module attributes {dlti.dl_spec = #dlti.dl_spec<index = dense<32> : vector<2xi64>>} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}data-layout-spec.mlir:69:1: error: unexpected data layout for a built-in type
// CHECK-NEXT: {{^}}module attributes {dlti.dl_spec = #dlti.dl_spec<memref<4xf32> = 32>} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}data-layout-spec.mlir:73:1: error: expected i64 parameters for '!llvm.ptr'
// CHECK-NEXT: {{^}}module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr = dense<64> : vector<4xi32>>} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}data-layout-spec.mlir:77:1: error: expected layout attribute for '!llvm.ptr<270>' to be a dense integer elements attribute with 3 or 4 elements
// CHECK-NEXT: {{^}}module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<2xi64>>} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}data-layout-spec.mlir:81:1: error: preferred alignment is expected to be at least as large as ABI alignment
// CHECK-NEXT: {{^}}module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<1> = dense<[64, 64, 32]> : vector<3xi64>>} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}data-layout-spec.mlir:85:1: error: data layout specified for a type that does not support it
// CHECK-NEXT: {{^}}module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.void = 1>} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}data-layout-spec.mlir:90:1: error: expected a dense i64 elements attribute in the data layout entry #dlti.dl_entry<i8, dense<8> : vector<2xi32>>
// CHECK-NEXT: {{^}}module attributes {dlti.dl_spec = #dlti.dl_spec<i64 = dense<64> : vector<2xi64>, f16 = dense<16> : vector<2xi32>, i8 = dense<8> : vector<2xi32>>} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}data-layout-spec.mlir:94:41: error: repeated DLTI key: !llvm.ptr
// CHECK-NEXT: {{^}}module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr = dense<64> : vector<4xi64>, !llvm.ptr<0> = dense<64> : vector<4xi64>>} {}{{$}}
// CHECK-NEXT: {{^}}                                        ^{{$}}
// CHECK: {{.*}}data-layout-spec.mlir:98:1: error: 'dlti.endianness' data layout entry is expected to be either 'big' or 'little'
// CHECK-NEXT: {{^}}module attributes {dlti.dl_spec = #dlti.dl_spec<"dlti.endianness" = "middle">} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}data-layout-spec.mlir:102:1: error: unknown data layout entry name: dlti.stack_size
// CHECK-NEXT: {{^}}module attributes {dlti.dl_spec = #dlti.dl_spec<"dlti.stack_size" = 1 : i32>} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}data-layout-spec.mlir:106:1: error: 'dlti.dl_spec' is expected to be a #dlti.dl_spec attribute
// CHECK-NEXT: {{^}}module attributes {dlti.dl_spec = 1} {}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}data-layout-spec.mlir:110:1: error: attribute 'dlti.layout' not supported by dialect
// CHECK-NEXT: {{^}}func.func @f() attributes {dlti.layout = 1} {{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK-NOT: Traceback


module attributes {dlti.dl_spec = #dlti.dl_spec<i64 = dense<64> : vector<2xi32>>} {}

// -----

module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<f80, dense<128> : vector<3xi64>>>} {}

// -----

module attributes {dlti.dl_spec = #dlti.dl_spec<i32 = dense<[64, 32]> : vector<2xi64>>} {}

// -----

module attributes {dlti.dl_spec = #dlti.dl_spec<index = dense<32> : vector<2xi64>>} {}

// -----

module attributes {dlti.dl_spec = #dlti.dl_spec<memref<4xf32> = 32>} {}

// -----

module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr = dense<64> : vector<4xi32>>} {}

// -----

module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<2xi64>>} {}

// -----

module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<1> = dense<[64, 64, 32]> : vector<3xi64>>} {}

// -----

module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.void = 1>} {}

// -----

// Integer types are checked together, before the f16 entry.
module attributes {dlti.dl_spec = #dlti.dl_spec<i64 = dense<64> : vector<2xi64>, f16 = dense<16> : vector<2xi32>, i8 = dense<8> : vector<2xi32>>} {}

// -----

module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr = dense<64> : vector<4xi64>, !llvm.ptr<0> = dense<64> : vector<4xi64>>} {}

// -----

module attributes {dlti.dl_spec = #dlti.dl_spec<"dlti.endianness" = "middle">} {}

// -----

module attributes {dlti.dl_spec = #dlti.dl_spec<"dlti.stack_size" = 1 : i32>} {}

// -----

module attributes {dlti.dl_spec = 1} {}

// -----

func.func @f() attributes {dlti.layout = 1} {
  return
}

// -----

// Only a module's layout is verified.
func.func @g() attributes {dlti.dl_spec = #dlti.dl_spec<i64 = dense<64> : vector<2xi32>>} {
  return
}

// The last chunk is valid and printed:
// RUN: not pyaffine-opt -split-input-file %s 2>/dev/null | FileCheck --check-prefix=OUT %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>/dev/null | FileCheck --check-prefix=OUT %s %}
// OUT: func.func @g() attributes {dlti.dl_spec = #dlti.dl_spec<i64 = dense<64> : vector<2xi32>>}
