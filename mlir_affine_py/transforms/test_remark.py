"""`-test-remark`, mlir-opt's test pass of the remark pipeline
(mlir/test/lib/Pass/TestRemarksPass.cpp as released in MLIR 22), so that
the driver's remark options (--remark-format, --remark-policy,
--remarks-filter*, --remarks-output-file) can be diffed against mlir-opt's
on the same remarks: five per op (not on modules), in post-order."""

from __future__ import annotations

from .. import remarks
from ..dialects.builtin import ModuleOp
from ..passes import Pass

_REASON = ("Reason", "because we are testing the remark pipeline")
_SUGGESTION = ("Suggestion", "try using the remark pipeline feature")


class TestRemark(Pass):
    argument = "test-remark"
    summary = "Tests the remark pipeline feature"
    pass_name = "(anonymous namespace)::TestRemarkPass"

    def run_on_operation(self, op) -> None:
        for nested in op.walk("post"):
            if isinstance(nested, ModuleOp):
                continue
            emit = remarks.emit
            # No function name: the upstream pass gives none.
            emit(remarks.MISSED, nested, "test-remark", "a-category-1-missed",
                 "This is a test missed remark", _REASON, _SUGGESTION, function="")
            emit(remarks.PASSED, nested, "test-remark", "category-1-passed",
                 "This is a test passed remark (should be dropped)", _REASON, _SUGGESTION,
                 function="")
            emit(remarks.PASSED, nested, "test-remark", "category-1-passed",
                 "This is a test passed remark", _REASON, _SUGGESTION, function="")
            emit(remarks.FAILURE, nested, "test-remark", "category-2-failed",
                 "This is a test failed remark", _REASON, _SUGGESTION, function="")
            emit(remarks.ANALYSIS, nested, "test-remark", "category-2-analysis",
                 "This is a test analysis remark", function="")
