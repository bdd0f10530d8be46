// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck --strict-whitespace %s %}
// LLVM dialect types and attributes that the LLVM dialect's parser rejects,
// and dialect symbols whose brackets do not pair up.
// CHECK: {{.*}}llvm-types.mlir:41:28: error: unknown LLVM type: ptr272
// CHECK-NEXT: {{^}}func.func private @f(!llvm.ptr272){{$}}
// CHECK-NEXT: {{^}}                           ^{{$}}
// CHECK: {{.*}}llvm-types.mlir:45:32: error: expected integer value
// CHECK-NEXT: {{^}}func.func private @f(!llvm.ptr<>){{$}}
// CHECK-NEXT: {{^}}                               ^{{$}}
// CHECK: {{.*}}llvm-types.mlir:49:32: error: expected integer value
// CHECK-NEXT: {{^}}func.func private @f(!llvm.ptr<1.5>){{$}}
// CHECK-NEXT: {{^}}                               ^{{$}}
// CHECK: {{.*}}llvm-types.mlir:53:32: error: integer value too large
// CHECK-NEXT: {{^}}func.func private @f(!llvm.ptr<4294967296>){{$}}
// CHECK-NEXT: {{^}}                               ^{{$}}
// CHECK: {{.*}}llvm-types.mlir:58:32: error: integer value too large
// CHECK-NEXT: {{^}}func.func private @f(!llvm.ptr<-2147483647>){{$}}
// CHECK-NEXT: {{^}}                               ^{{$}}
// CHECK: {{.*}}llvm-types.mlir:62:33: error: expected '>'
// CHECK-NEXT: {{^}}func.func private @f(!llvm.ptr<1, 2>){{$}}
// CHECK-NEXT: {{^}}                                ^{{$}}
// CHECK: {{.*}}llvm-types.mlir:66:65: error: expected one of [external, available_externally, linkonce, linkonce_odr, weak, weak_odr, appending, internal, private, extern_weak, common] for LLVM linkage types, got: extern
// CHECK-NEXT: {{^}}func.func private @f() attributes {llvm.linkage = #llvm.linkage<extern>}{{$}}
// CHECK-NEXT: {{^}}                                                                ^{{$}}
// CHECK: {{.*}}llvm-types.mlir:70:65: error: expected keyword for LLVM linkage types
// CHECK-NEXT: {{^}}func.func private @f() attributes {llvm.linkage = #llvm.linkage<>}{{$}}
// CHECK-NEXT: {{^}}                                                                ^{{$}}
// CHECK: {{.*}}llvm-types.mlir:74:64: error: unbalanced '(' character in pretty dialect name
// CHECK-NEXT: {{^}}func.func private @f() attributes {llvm.linkage = #llvm.linkage<external((>}{{$}}
// CHECK-NEXT: {{^}}                                                               ^{{$}}
// CHECK: {{.*}}llvm-types.mlir:78:30: error: unbalanced '(' character in pretty dialect name
// CHECK-NEXT: {{^}}func.func private @f(!foo.bar<a[(]>){{$}}
// CHECK-NEXT: {{^}}                             ^{{$}}
// CHECK: {{.*}}llvm-types.mlir:82:57: error: unknown attribute `linkageexternal` in dialect `llvm`
// CHECK-NEXT: {{^}}func.func private @f() attributes {llvm.linkage = #llvm.linkageexternal<>}{{$}}
// CHECK-NEXT: {{^}}                                                        ^{{$}}
// CHECK-NOT: Traceback


func.func private @f(!llvm.ptr272)

// -----

func.func private @f(!llvm.ptr<>)

// -----

func.func private @f(!llvm.ptr<1.5>)

// -----

func.func private @f(!llvm.ptr<4294967296>)

// -----

// A negative address space is out of range too (it is read as unsigned).
func.func private @f(!llvm.ptr<-2147483647>)

// -----

func.func private @f(!llvm.ptr<1, 2>)

// -----

func.func private @f() attributes {llvm.linkage = #llvm.linkage<extern>}

// -----

func.func private @f() attributes {llvm.linkage = #llvm.linkage<>}

// -----

func.func private @f() attributes {llvm.linkage = #llvm.linkage<external((>}

// -----

func.func private @f(!foo.bar<a[(]>)

// -----

func.func private @f() attributes {llvm.linkage = #llvm.linkageexternal<>}
