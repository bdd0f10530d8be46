"""-affine-super-vectorizer-test's slicing modes: mlir-opt's test of the
static slices of the use-def graph (mlir/test/lib/Dialect/Affine/TestVectorizationUtils.cpp,
testForwardSlicing, testBackwardSlicing, testSlicing).

Contract: in a function of one block, for every op named `slicing-test-op`
(in post-order), the text `matched: <op> forward static slice: ` (with
`forward-slicing`; `backward static slice` with `backward-slicing`, `static
slice` with `slicing`) and then each op of that slice on a line of its own,
printed as MLIR prints a lone op (value names of its function, attributes
inline); all of it, after the function's name, in one remark without a
location.  The IR is not changed.  The vectorizer's other modes
(vector-shape-ratio, compose-maps, vectorize-affine-loop-nest) are not
reproduced.
"""

from __future__ import annotations

from ..analysis.slice_analysis import backward_slice, forward_slice, static_slice
from ..diagnostics import UNKNOWN_LOCATION
from ..passes import Option, Pass
from ..printer.printer import op_to_string

_MATCHED_OP_NAME = "slicing-test-op"


class VectorizerTestSlicing(Pass):
    argument = "affine-super-vectorizer-test"
    summary = "Tests vectorizer standalone functionality."
    pass_name = "(anonymous namespace)::VectorizerTestPass"
    op_name = "func.func"

    forward_slicing = Option(
        False, "Enable testing forward static slicing and topological sort functionalities")
    backward_slicing = Option(
        False, "Enable testing backward static slicing and topological sort functionalities")
    slicing = Option(False, "Enable testing static slicing and topological sort functionalities")

    def run_on_operation(self, op) -> None:
        if not op.regions or len(op.regions[0].blocks) != 1:
            return
        modes = [(self.forward_slicing, "forward static slice", forward_slice),
                 (self.backward_slicing, "backward static slice", backward_slice),
                 (self.slicing, "static slice", static_slice)]
        text = []
        for enabled, title, slice_of in modes:
            if not enabled:
                continue
            text.append("\n" + op.sym_name)
            for matched in op.walk("post"):
                # Upstream's filter: the unregistered test op, by its name.
                name = matched.op_name
                if name != _MATCHED_OP_NAME:
                    continue
                text.append(f"\nmatched: {op_to_string(matched)} {title}: ")
                text.extend("\n" + op_to_string(member) for member in slice_of(matched))
        if text:
            self.emit_remark(UNKNOWN_LOCATION, "".join(text))
