"""The verifiers of linalg's op interfaces that the named ops implement
(mlir/lib/Dialect/Linalg/IR/LinalgInterfaces.cpp): ConvolutionOpInterface
(`verifyConvolutionInterface`, on `isConvolutionInterfaceImpl`) and
FillOpInterface (`verifyFillInterface`).

Both report with `emitError`, so their messages carry no `'op' op` prefix.
They are traits' verifiers: MLIR runs them after the op's invariants and
before the structured-op checks of its indexing maps, which LinalgOp runs
with the regions.

A convolution's loops are told apart by how the input map uses them: a
dimension alone (`d0`) is unconvolved, one in a sum of a dimension (or a
dimension times a constant or a symbol) and another such term
(`d1 * 2 + d4`) is convolved.  Every loop must then be one of the roles the
output and filter maps allow (batch, output image, output channel, filter
window, input channel, depth multiplier).
"""

from __future__ import annotations

from ..ir.affine_expr import AffineBinaryOpExpr, AffineDimExpr


class _ConvAccessExprWalker:
    """ConvAccessExprWalker: the convolved and unconvolved dimensions of the
    input map's results, and whether every result has a convolution's form."""

    def __init__(self):
        self.convolved: set = set()
        self.unconvolved: set = set()

    def visit(self, expr) -> bool:
        if isinstance(expr, AffineDimExpr):
            if expr.position in self.convolved or expr.position in self.unconvolved:
                return False
            self.unconvolved.add(expr.position)
            return True
        if not isinstance(expr, AffineBinaryOpExpr) or expr.kind != "add":
            return False        # a symbol, a constant, or another operator at the top
        lhs, rhs = self._convolved_dim(expr.lhs), self._convolved_dim(expr.rhs)
        return lhs is not None and rhs is not None

    def _convolved_dim(self, expr):
        """getDimExprOrMulExprDimPos: `d` or `d * c` (c a constant or a
        symbol, either side); the dimension, now convolved, or None."""
        if isinstance(expr, AffineBinaryOpExpr):
            if expr.kind != "mul":
                return None
            sides = (expr.lhs, expr.rhs)
            dims = [e for e in sides if isinstance(e, AffineDimExpr)]
            factors = [e for e in sides if e.kind in ("symbol", "constant")]
            if not dims or not factors:
                return None
            expr = dims[0]
        elif not isinstance(expr, AffineDimExpr):
            return None
        position = expr.position
        if position in self.convolved or position in self.unconvolved:
            return None
        self.convolved.add(position)
        return position


def _is_projected_permutation(map) -> bool:
    """AffineMap::isProjectedPermutation: results that are distinct
    dimensions (no constant results allowed)."""
    seen = set()
    for expr in map.results:
        if not isinstance(expr, AffineDimExpr) or expr.position in seen:
            return False
        seen.add(expr.position)
    return True


def _loop_role_error(maps, walker, parallel) -> str | None:
    """The loop classification of isConvolutionInterfaceImpl: each output
    dimension, then each filter dimension, must take one role, and every
    loop one role only."""
    output_dims = {e.position for e in maps[-1].results}
    filter_dims = {e.position for e in maps[1].results}
    convolved, unconvolved = walker.convolved, walker.unconvolved
    loops = set()
    for position in (e.position for e in maps[-1].results):
        if not (position in unconvolved and position not in filter_dims        # batch
                or position in convolved and position not in filter_dims       # output image
                or position not in convolved and position not in unconvolved
                and position in filter_dims                                    # output channel
                or position in unconvolved and position in filter_dims):       # depth multiplier
            return "unexpected loop dimension for convolution op"
        if not parallel(position):
            return "expected all iterators used to access outputs to be parallel"
        loops.add(position)
    for position in (e.position for e in maps[1].results):
        if position in output_dims and position not in unconvolved \
                and position not in convolved:
            continue                    # an output channel, already seen
        if position in unconvolved and position in output_dims:
            continue                    # a depthwise loop, already seen
        if not (position in convolved or position in unconvolved) or position in output_dims:
            return "unexpected loop dimension for convolution op"
        # A filter window (convolved) or input channel (unconvolved) loop.
        if parallel(position):
            return "expected all iterators not used to access outputs to be reduction"
        if position in loops:
            return "unexpected loop dimension for convolution op"
        loops.add(position)
    if len(loops) != maps[0].num_dims:
        return "unexpected loop dimension for convolution op"
    return None


def convolution_interface_error(num_inputs: int, num_outputs: int, maps,
                                parallel) -> str | None:
    """verifyConvolutionInterface's message for an op with these operand
    counts and indexing maps (input, filter, ..., output), `parallel(d)`
    telling whether loop d is a parallel one; None when it is a convolution."""
    if num_inputs < 2 or num_outputs != 1:
        return "expected op with 2 inputs and 1 output"
    walker = _ConvAccessExprWalker()
    if not all(walker.visit(expr) for expr in maps[0].results):
        return "unexpected input index map for convolutions"
    if not _is_projected_permutation(maps[1]) or not _is_projected_permutation(maps[-1]):
        return "expected output/filter indexing maps to be projected permutations"
    return _loop_role_error(maps, walker, parallel)


def fill_interface_error(num_inputs: int, num_outputs: int, input_type) -> str | None:
    """verifyFillInterface's message, or None."""
    if num_inputs != 1 or num_outputs != 1:
        return "expected op with 1 input and 1 output"
    from ..ir import types as T
    # LinalgOp::isScalar: neither a tensor nor a memref (a vector is one).
    if isinstance(input_type, (T.TensorType, T.UnrankedTensorType, T.MemRefType,
                               T.UnrankedMemRefType)):
        return "expected op with scalar input"
    return None
