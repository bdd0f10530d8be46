// RUN: pyaffine-opt %s | FileCheck %s
// RUN: pyaffine-opt --mlir-print-op-generic %s | pyaffine-opt | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt %s | FileCheck %s %}

// The gpu ops declared by their assembly formats, with the async tokens,
// attributions and compilation attributes mlir-opt 22 normalizes (a default
// chip, the fatbin format, an untyped integer).

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_50">] {
    gpu.func @k(%a: f32, %m: memref<?xf32, 1>) workgroup(%w: memref<8xf32, 3>) kernel {
      %t = gpu.thread_id x upper_bound 64
      %c = arith.constant 1 : i32
      %s, %ok = gpu.shuffle idx %a, %c, %c : f32
      %r = gpu.all_reduce maxnumf %a uniform {} : (f32) -> f32
      gpu.barrier
      gpu.printf "%f", %r : f32
      %i = gpu.subgroup_reduce xor %c : (i32) -> i32
      gpu.return
    }
  }
  gpu.binary @bin <#gpu.select_object<2>> [#gpu.object<#rocdl.target<chip = "gfx900">, fatbin = "">]
  func.func @host(%n: index, %m: memref<?xf32, 1>, %f: f32) {
    %t0 = gpu.wait async
    %buf, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32, 1>
    %t2 = gpu.launch_func async [%t1] @kernels::@k blocks in (%n, %n, %n) threads in (%n, %n, %n) args(%f : f32, %buf : memref<?xf32, 1>)
    gpu.wait [%t2]
    return
  }
}

// CHECK: module attributes {gpu.container_module} {
// CHECK-NEXT:   gpu.module @kernels [#nvvm.target] {
// CHECK-NEXT:     gpu.func @k(%arg0: f32, %arg1: memref<?xf32, 1>) workgroup(%arg2 : memref<8xf32, 3>) kernel {
// CHECK-NEXT:       %thread_id_x = gpu.thread_id  x upper_bound 64
// CHECK-NEXT:       %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:       %shuffleResult, %valid = gpu.shuffle  idx %arg0, %c1_i32, %c1_i32 : f32
// CHECK-NEXT:       %0 = gpu.all_reduce  maxnumf %arg0 uniform {
// CHECK-NEXT:       } : (f32) -> f32
// CHECK-NEXT:       gpu.barrier
// CHECK-NEXT:       gpu.printf "%f", %0 : f32
// CHECK-NEXT:       %1 = gpu.subgroup_reduce  xor %c1_i32 : (i32) -> i32
// CHECK-NEXT:       gpu.return
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   gpu.binary @bin <#gpu.select_object<2 : i64>> [#gpu.object<#rocdl.target, "">]
// CHECK-NEXT:   func.func @host(%arg0: index, %arg1: memref<?xf32, 1>, %arg2: f32) {
// CHECK-NEXT:     %0 = gpu.wait async
// CHECK-NEXT:     %memref, %asyncToken = gpu.alloc async [%0] (%arg0) : memref<?xf32, 1>
// CHECK-NEXT:     %1 = gpu.launch_func async [%asyncToken] @kernels::@k blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0)  args(%arg2 : f32, %memref : memref<?xf32, 1>)
// CHECK-NEXT:     gpu.wait [%1]
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
