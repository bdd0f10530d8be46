"""`-affine-loop-normalize`: mlir/lib/Dialect/Affine/Transforms/
AffineLoopNormalize.cpp, with `normalizeAffineFor` and
`normalizeAffineParallel` of Dialect/Affine/Utils/Utils.cpp.

Every affine.for and affine.parallel (inner loops first) is made to run
from 0 with step 1:

- affine.for: the upper bound becomes (ub - lb) ceildiv step for each
  upper bound result (`AffineValueMap::difference`, then composed once);
  an `affine.apply` at the top of the body gives the old IV, lb + iv *
  step.  A loop with a max lower bound is left as it is; with
  `promote-single-iter`, a loop of one iteration is promoted instead.
- affine.parallel without min/max bounds: the same per dimension, its
  upper bounds from one difference of all bounds (not composed further).
"""

from __future__ import annotations

from ..dialects.affine import AffineApplyOp, AffineForOp
from ..dialects.affine_parallel import AffineParallelOp, _group_attr
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import AffineConstantExpr
from ..ir.affine_expr import constant as affine_constant
from ..ir.affine_expr import dim as affine_dim
from ..ir.affine_map import AffineMap
from ..passes import Option, Pass
from .affine_canonical import compose_affine_map_and_operands, value_map_difference
from .loop_utils import promote_if_single_iteration, set_loop_bound, set_loop_step


class AffineLoopNormalize(Pass):
    """Normalize every affine.for and affine.parallel of the function
    (the module's docstring has the contract)."""

    argument = "affine-loop-normalize"
    summary = "Apply normalization transformations to affine loop-like ops"
    pass_name = "AffineLoopNormalize"
    op_name = "func.func"

    promote_single_iter = Option(False, "Promote single iteration loops")

    def run_on_operation(self, op) -> None:
        for nested in op.walk("post"):
            if nested.parent is None:
                continue
            if isinstance(nested, AffineParallelOp):
                normalize_affine_parallel(nested)
            elif isinstance(nested, AffineForOp):
                normalize_affine_for(nested, self.promote_single_iter)


def _canonical(map, operands) -> tuple:
    """AffineValueMap::canonicalize: composed once."""
    return compose_affine_map_and_operands(map, operands)


def normalize_affine_for(loop: AffineForOp, promote_single_iter: bool) -> bool:
    if promote_single_iter and promote_if_single_iteration(loop):
        return True
    lb_map = loop.lower_bound_map
    if lb_map.is_single_constant() and lb_map.get_single_constant_result() == 0 \
            and loop.step == 1:
        return True
    if len(lb_map.results) != 1:
        return False
    step = loop.step
    lb_operands = list(loop.lower_bound_operands)
    ub_map, ub_operands = loop.upper_bound_map, list(loop.upper_bound_operands)
    padded = AffineMap(lb_map.num_dims, lb_map.num_symbols,
                       (lb_map.results[0],) * len(ub_map.results))
    span, span_operands = _canonical(*value_map_difference(ub_map, ub_operands, padded,
                                                           lb_operands))
    scale = AffineMap(len(span.results), 0,
                      tuple(affine_dim(i).ceildiv(step) for i in range(len(span.results))))
    set_loop_bound(loop, False, scale.compose(span), span_operands)
    set_loop_bound(loop, True, AffineMap(0, 0, (affine_constant(0),)), [])
    set_loop_step(loop, 1)
    iv = loop.induction_var
    scaled = AffineMap(1, 0, (-affine_dim(0) * step,))
    old_iv, old_iv_operands = _canonical(*value_map_difference(lb_map, lb_operands, scaled,
                                                               [iv]))
    apply = AffineApplyOp.build(old_iv, old_iv_operands)
    apply.pos = loop.pos
    loop.body.insert(0, apply)
    for user, index in list(iv.uses):
        if user is not apply:
            user.set_operand(index, apply.results[0])
    return True


def normalize_affine_parallel(op: AffineParallelOp) -> None:
    if any(size != 1 for which in ("lower", "upper") for size in op.bound_groups(which)):
        return
    lb_map, steps = op.lower_bounds_map, op.steps
    if all(step == 1 and isinstance(e, AffineConstantExpr) and e.value == 0
           for step, e in zip(steps, lb_map.results)):
        return
    ranges, range_operands = value_map_difference(
        op.upper_bounds_map, list(op.upper_bounds_operands), lb_map,
        list(op.lower_bounds_operands))
    body = op.body
    lb_operands = list(op.lower_bounds_operands)
    n = lb_map.num_dims
    ub_exprs = []
    for i, step in enumerate(steps):
        ub_exprs.append(ranges.results[i].ceildiv(step))
        iv = body.args[i]
        map = AffineMap(n + 1, lb_map.num_symbols, (lb_map.results[i] + affine_dim(n) * step,))
        apply = AffineApplyOp.build(map, lb_operands[:n] + [iv] + lb_operands[n:])
        apply.pos = op.pos
        body.insert(i, apply)
        for user, index in list(iv.uses):
            if user is not apply:
                user.set_operand(index, apply.results[0])
    count = len(steps)
    op.properties["steps"] = A.ArrayAttr(A.IntegerAttr(1, T.I64) for _ in range(count))
    op.properties["lowerBoundsMap"] = A.AffineMapAttr(
        AffineMap(0, 0, (affine_constant(0),) * count))
    op.properties["upperBoundsMap"] = A.AffineMapAttr(
        AffineMap(ranges.num_dims, ranges.num_symbols, tuple(ub_exprs)))
    op.properties["lowerBoundsGroups"] = _group_attr([1] * count)
    op.properties["upperBoundsGroups"] = _group_attr([1] * count)
    op.set_operands(range_operands)
