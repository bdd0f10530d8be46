"""-test-loop-fusion=test-loop-fusion-dependence-check: mlir-opt's test of
the block-level check that loop fusion starts with
(mlir/test/lib/Dialect/Affine/TestLoopFusion.cpp, the check being
getFusedLoopNestInsertionPoint in mlir/lib/Dialect/Affine/Utils/LoopFusionUtils.cpp).

Contract: the affine.for ops of the function are gathered by depth
(`gatherLoops`); for every ordered pair (i, j) of distinct loops of one
depth and every fusion depth from that depth + 1 to the deepest, when the
two loops share a block and no point between them can take the fused nest
without reordering a dependence on an op between them, a remark `block-level
dependence preventing fusion of loop nest i into loop nest j at depth d` goes
on loop i (d is the loops' own depth, as upstream prints it).  The IR is not
changed.  A dependence here is upstream's coarse one: the same memref value
accessed by affine loads/stores, one of them a store, or a value defined
between the loops and used inside the later one.
"""

from __future__ import annotations

from ..analysis.memref_effects import surrounding_for_loops
from ..dialects.affine import AffineForOp
from ..ir.traits import AffineReadOpInterface, AffineWriteOpInterface
from ..passes import Option, Pass


def gather_loops(func) -> list[list[AffineForOp]]:
    """`gatherLoops`: the affine.for ops of each block of `func`, by loop
    depth, each depth in program order (loops under other ops are not seen,
    as upstream walks only affine.for bodies)."""
    depth_to_loops: list[list[AffineForOp]] = []

    def gather(block, depth: int) -> None:
        if depth == len(depth_to_loops):
            depth_to_loops.append([])
        for op in block.ops:
            if isinstance(op, AffineForOp):
                depth_to_loops[depth].append(op)
                gather(op.body, depth + 1)

    for region in func.regions:
        for block in region.blocks:
            gather(block, 0)
            depth_to_loops.pop()       # the level below the innermost loops is empty
    return depth_to_loops


def _is_read(op) -> bool:
    return op.has_trait(AffineReadOpInterface)


def _is_access(op) -> bool:
    return _is_read(op) or op.has_trait(AffineWriteOpInterface)


def _accessed_memrefs(root) -> dict:
    """memref value (by id) -> whether `root` stores to it."""
    stores: dict = {}
    for op in root.walk():
        if _is_access(op):
            stores[id(op.memref)] = stores.get(id(op.memref), False) or not _is_read(op)
    return stores


def _depends(op, stores: dict) -> bool:
    """`isDependentLoadOrStoreOp`: an access to one of `stores`' memrefs,
    a store, or a load of one that is stored to."""
    if not _is_access(op) or id(op.memref) not in stores:
        return False
    return not _is_read(op) or stores[id(op.memref)]


def _first_dependent_op(ops_between, op_a):
    stores = _accessed_memrefs(op_a)
    for op_x in ops_between:
        if any(_depends(op, stores) for op in op_x.walk()):
            return op_x
    return None


def _last_dependent_op(ops_between, op_b):
    stores = _accessed_memrefs(op_b)

    def used_in_b(op) -> bool:
        return any(any(loop is op_b for loop in surrounding_for_loops(user))
                   for result in op.results for user, _ in result.uses)

    for op_x in reversed(ops_between):
        for op in op_x.walk():
            if (_depends(op, stores) if _is_access(op) else used_in_b(op)):
                return op_x
    return None


def fused_loop_nest_insertion_point(src: AffineForOp, dst: AffineForOp):
    """`getFusedLoopNestInsertionPoint`: the op before which the fused nest
    of two loops of one block can go, or None when the dependences on the
    ops between them leave no such point."""
    ops = src.parent.ops
    i, j = sorted((ops.index(src), ops.index(dst)))
    between = ops[i + 1:j]
    first = _first_dependent_op(between, ops[i])
    if first is None:
        return ops[j]
    last = _last_dependent_op(between, ops[j])
    if last is not None and between.index(first) <= between.index(last):
        return None
    return first


class TestLoopFusion(Pass):
    argument = "test-loop-fusion"
    summary = "Tests loop fusion utility functions."
    pass_name = "(anonymous namespace)::TestLoopFusion"
    op_name = "func.func"

    test_loop_fusion_dependence_check = Option(
        False, "Enable testing of loop fusion dependence check")

    def run_on_operation(self, op) -> None:
        if not self.test_loop_fusion_dependence_check:
            return
        depth_to_loops = gather_loops(op)
        max_depth = len(depth_to_loops)
        for depth, loops in enumerate(depth_to_loops):
            for i, src in enumerate(loops):
                for j, dst in enumerate(loops):
                    if i == j or src.parent is not dst.parent:
                        continue
                    if fused_loop_nest_insertion_point(src, dst) is not None:
                        continue
                    for _ in range(depth + 1, max_depth + 1):
                        self.emit_remark(src, "block-level dependence preventing fusion of "
                                         f"loop nest {i} into loop nest {j} at depth {depth}")
