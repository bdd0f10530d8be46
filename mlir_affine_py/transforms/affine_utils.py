"""Affine utilities on memref uses and affine.apply chains, ported by
behaviour from mlir/lib/Dialect/Affine/Utils/Utils.cpp
(`replaceAllMemRefUsesWith`, `createAffineComputationSlice`) and
Analysis/AffineAnalysis.cpp (`getReachableAffineApplyOps`).

- A memref's uses are replaced with another memref's whose rank is the
  old one's plus the number of extra indices: each dereferencing use (an op
  of AffineMapAccessInterface) gets the extra indices prepended to its
  subscripts, the map composed with the affine.apply ops feeding them and
  canonicalized; frees are left as they are.  A use that does not
  dereference the memref makes the whole replacement fail before anything
  changes; an op using it twice is left as it is (upstream's replacement of
  that one op fails, which it does not report).
"""

from __future__ import annotations

from ..analysis.memref_effects import has_single_effect
from ..dialects.affine import AffineApplyOp
from ..ir import attributes as A
from ..ir.affine_map import AffineMap
from ..ir.traits import FREE, AffineMapAccessInterface
from .affine_canonical import (canonicalize_map_and_operands,
                               fully_compose_affine_map_and_operands, simplify_affine_map)


def get_reachable_affine_apply_ops(operands) -> list:
    """The affine.apply ops reachable from `operands` through the operands
    of affine.apply ops, each in pre-order (an op reached twice is listed
    twice, as upstream's worklist lists it)."""
    found: list = []

    def visit(value):
        op = value.defining_op
        if not isinstance(op, AffineApplyOp):
            return
        found.append(op)
        for operand in op.operands:
            visit(operand)

    for value in operands:
        visit(value)
    return found


def create_affine_computation_slice(op) -> list:
    """`createAffineComputationSlice`: when affine.apply ops feeding `op`'s
    operands are used by other ops too, `op` gets private affine.apply ops
    (one per operand coming from an affine.apply, each the full composition
    down to loop IVs and symbols) inserted before it; returns them, or []
    when there was nothing to do."""
    sub_operands = [v for v in op.operands if isinstance(v.defining_op, AffineApplyOp)]
    applies = get_reachable_affine_apply_ops(sub_operands)
    if not applies:
        return []
    if all(user is op for apply in applies for r in apply.results for user, _ in r.uses):
        return []
    map, operands = fully_compose_affine_map_and_operands(
        AffineMap.get_multi_dim_identity(len(sub_operands)), list(sub_operands))
    block, at = op.parent, op.parent.ops.index(op)
    slice_ops = []
    for k, expr in enumerate(map.results):
        apply = AffineApplyOp.build(AffineMap(map.num_dims, map.num_symbols, (expr,)),
                                    list(operands))
        apply.pos = op.pos
        block.insert(at + k, apply)
        slice_ops.append(apply)
    replacement = {id(v): s.results[0] for v, s in zip(sub_operands, slice_ops)}
    op.set_operands([replacement.get(id(v), v) for v in op.operands])
    return slice_ops


def _detached_applies(map: AffineMap, operands) -> list:
    """One detached affine.apply per result of `map` over `operands`: the
    values upstream materializes before composing them away."""
    return [AffineApplyOp.build(AffineMap(map.num_dims, map.num_symbols, (e,)), list(operands))
            for e in map.results]


def replace_memref_uses_in_op(old, new, op, extra_indices) -> bool:
    """`replaceAllMemRefUsesWith` on one dereferencing op: `new` indexed by
    `extra_indices` then the old subscripts; False (nothing changed) when
    `op` uses `old` more than once."""
    positions = [k for k, v in enumerate(op.operands) if v is old]
    if not positions:
        return True
    if len(positions) > 1:
        return False
    at = positions[0]
    name, map_attr = op.affine_map_attr_for_memref(old)
    old_map = map_attr.value
    map_operands = list(op.operands[at + 1:at + 1 + old_map.num_inputs])
    temporaries = []
    if old_map != AffineMap.get_multi_dim_identity(old_map.num_dims):
        temporaries = _detached_applies(old_map, map_operands)
        indices = [apply.results[0] for apply in temporaries]
    else:
        indices = map_operands
    operands = list(extra_indices) + indices
    map, operands = fully_compose_affine_map_and_operands(
        AffineMap.get_multi_dim_identity(len(operands)), operands)
    map, operands = canonicalize_map_and_operands(simplify_affine_map(map), operands)
    for apply in temporaries:
        apply.drop_operand_uses()
    op.set_operands(list(op.operands[:at]) + [new] + operands
                    + list(op.operands[at + 1 + old_map.num_inputs:]))
    if name in op.attributes:
        op.attributes[name] = A.AffineMapAttr(map)
    else:
        op.properties[name] = A.AffineMapAttr(map)
    return True


def replace_all_memref_uses_with(old, new, extra_indices, user_filter=None) -> bool:
    """`replaceAllMemRefUsesWith` over the uses `user_filter` accepts
    (without an index remap or non-dereferencing replacement); False,
    nothing changed, when one of them does not dereference the memref."""
    users: list = []
    for user, _ in old.uses:
        if user_filter is not None and not user_filter(user):
            continue
        if has_single_effect(user, old, FREE):
            continue
        if not user.has_trait(AffineMapAccessInterface):
            return False
        if not any(u is user for u in users):
            users.append(user)
    for user in users:
        replace_memref_uses_in_op(old, new, user, extra_indices)
    return True
