// RUN: pyaffine-opt %s --allow-unregistered-dialect --test-remark --remarks-filter-passed=category-1-passed -o /dev/null 2>&1 | FileCheck %s --check-prefix=PASSED
// RUN: pyaffine-opt %s --allow-unregistered-dialect --test-remark --remarks-filter="category-2.*" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CATEGORY-2
// RUN: pyaffine-opt %s --allow-unregistered-dialect --test-remark --remarks-filter="category.*" --remark-format=yaml --remarks-output-file=%t.yaml -o /dev/null
// RUN: FileCheck %s --check-prefix=YAML < %t.yaml
// RUN: %if mlir-opt %{ mlir-opt %s --allow-unregistered-dialect --test-remark --remarks-filter="category.*" --remark-format=yaml --remarks-output-file=- -o /dev/null > %t.expected.yaml %}
// RUN: %if mlir-opt %{ diff %t.expected.yaml %t.yaml %}
// RUN: %if mlir-opt %{ mlir-opt %s --allow-unregistered-dialect --test-remark --remarks-filter="category-2.*" -o /dev/null 2> %t.expected.err %}
// RUN: pyaffine-opt %s --allow-unregistered-dialect --test-remark --remarks-filter="category-2.*" -o /dev/null 2> %t.err
// RUN: %if mlir-opt %{ diff %t.expected.err %t.err %}

// The remark flags as mlir-opt 22 has them, on mlir-opt's test pass of the
// remark pipeline: a filter per kind (the whole category matched), printed
// as remarks at each op's location, or written as LLVM's YAML records.
"test.first"() : () -> () loc("kernel.c":3:5)
"test.second"() : () -> () loc("a/long/folder/name/for/the/sources/of/the/kernel.c":12:9)

// PASSED:      kernel.c:3:5: remark: [Passed] test-remark | Category:category-1-passed | Reason="because we are testing the remark pipeline", Remark="This is a test passed remark (should be dropped)", Suggestion="try using the remark pipeline feature"
// PASSED-NEXT: kernel.c:3:5: remark: [Passed] test-remark | Category:category-1-passed | Reason="because we are testing the remark pipeline", Remark="This is a test passed remark", Suggestion="try using the remark pipeline feature"
// PASSED-NEXT: a/long/folder/name/for/the/sources/of/the/kernel.c:12:9: remark: [Passed]
// PASSED-NOT:  [Missed]

// CATEGORY-2:     kernel.c:3:5: remark: [Failure] test-remark | Category:category-2-failed
// CATEGORY-2-NEXT: kernel.c:3:5: remark: [Analysis] test-remark | Category:category-2-analysis | Remark="This is a test analysis remark"
// CATEGORY-2-NOT: [Passed]

// YAML:      --- !Passed
// YAML-NEXT: Pass:            category-1-passed
// YAML-NEXT: Name:            test-remark
// YAML-NEXT: DebugLoc:        { File: kernel.c, Line: 3, Column: 5 }
// YAML-NEXT: Function:        '<unknown function>'
// YAML-NEXT: Args:
// YAML-NEXT:   - Remark:          'This is a test passed remark (should be dropped)'
// YAML-NEXT:   - Reason:          because we are testing the remark pipeline
// YAML-NEXT:   - Suggestion:      try using the remark pipeline feature
// YAML-NEXT: ...
// YAML:      --- !Analysis
// YAML:      DebugLoc:        { File: 'a/long/folder/name/for/the/sources/of/the/kernel.c', 
// YAML-NEXT:                    Line: 12, Column: 9 }
