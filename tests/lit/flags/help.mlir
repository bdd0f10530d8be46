// RUN: pyaffine-opt --help | FileCheck %s --strict-whitespace
// RUN: pyaffine-opt -help | FileCheck %s --strict-whitespace

// --help in LLVM's layout: options with two dashes (one for a one-letter
// option), every description at one column, categories as LLVM prints
// them, the passes and their options under "Compiler passes to run".
// CHECK:      {{^}}USAGE: pyaffine-opt [options] <input file>
// CHECK:      {{^}}OPTIONS:
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}General options:
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  Compiler passes to run
// CHECK-NEXT: {{^}}    Passes:
// CHECK:      {{^}}      --affine-loop-tile  {{ *}}-   Tile affine loop nests
// CHECK-NEXT: {{^}}        --cache-size=<uint>  {{ *}}- Set size of cache to tile for in KiB
// CHECK:      {{^}}  --allow-unregistered-dialect  {{ *}}- Allow operation with no registered dialects
// CHECK:      {{^}}  --mlir-print-ir-after=<pass-arg>  {{ *}}- Print IR after specified passes
// CHECK:      {{^}}  -o <filename>  {{ *}}- Output filename
// CHECK:      {{^}}  --split-input-file[=<string>]  {{ *}}- Split the input file
// CHECK:      {{^}}    =only-expected  {{ *}}-   Check only expected diagnostics
// CHECK:      {{^}}Generic Options:
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  --help  {{ *}}- Display available options
