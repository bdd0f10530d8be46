"""-affine-expand-index-ops: affine.delinearize_index and
affine.linearize_index become arith ops, as mlir-opt's pass does
(mlir/lib/Dialect/Affine/Transforms/AffineExpandIndexOps.cpp,
`lowerAffineDelinearizeIndexOp` and `lowerAffineLinearizeIndexOp`).

Contract: the strides are the suffix products of the basis (its outer
bound left out), static parts folded into one constant; a coordinate is
`floordivsi` of the index by the first stride, then `remsi` made
non-negative by the next ones and `divsi`; a linear index is the sum of
the coordinates times their strides.  The ops made are folded as
upstream's greedy driver folds them (`x * 1`, `x + 0`, `x floordiv 1`,
`x rem 1`, constant operands, a select of a known condition), unused ones
go, and new index constants go to the top of the function, shared with
equal constants there (what the driver's folder does with them).  Unlike
mlir-opt, the other ops of the function are left as they are: upstream's
greedy driver also folds and erases them.
"""

from __future__ import annotations

from ..dialects.affine_index import AffineDelinearizeIndexOp, AffineLinearizeIndexOp
from ..dialects.arith import ConstantOp
from ..dialects.memref import DYNAMIC
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import OP_CLASSES
from ..ir.rewriter import IRRewriter
from ..ir.traits import LoopLikeOpInterface
from ..passes import Pass

NSW = A.OpaqueAttr("#arith.overflow<nsw>")
NSW_NUW = A.OpaqueAttr("#arith.overflow<nsw, nuw>")


class _KnownCondition:
    """An `arith.cmpi` the folder decided."""

    def __init__(self, value: bool):
        self.value = value


class _Lowering:
    """Creates the arith ops before one index op.  Index constants are
    placed as the greedy driver's folder leaves them: shared with an equal
    constant it knows, else kept where made when that is the front of the
    function's entry block or right after a constant it placed, else moved
    to the front of that block."""

    def __init__(self, func):
        self.rewriter = IRRewriter()
        self.entry = func.regions[0].blocks[0]
        self.known: dict = {}
        self.placed: set = set()
        self.created: list = []
        # The folder first meets the constants of the entry block: it keeps
        # each that is first or follows one it kept, and moves the others
        # to the front (constants nested deeper are left where they are).
        for op in [o for o in self.entry.ops if isinstance(o, ConstantOp)]:
            ops = self.entry.ops
            position = ops.index(op)
            if position and id(ops[position - 1]) not in self.placed:
                ops.remove(op)
                self.entry.insert(0, op)
            self.placed.add(id(op))
            if isinstance(op.value, A.IntegerAttr) and op.value.type == T.INDEX:
                self.known.setdefault(op.value.value, op.results[0])
        # Unused ones the driver erases before it meets the constants made
        # here: the first equal one made takes their place.
        self.unused = {value.defining_op for value in self.known.values() if not value.uses}

    def before(self, op) -> None:
        self.rewriter.set_insertion_point(op)

    def arith(self, name: str, *operands, flags=None):
        folded = self.fold(name, operands)
        if folded is not None:
            return folded
        op = OP_CLASSES[name].build(*operands)
        if flags is not None:
            op.properties["overflowFlags"] = flags
        self.created.append(op)
        return self.rewriter.insert(op).results[0]

    def cmpi_slt(self, lhs, rhs):
        a, b = self.value_of(lhs), self.value_of(rhs)
        if lhs is rhs or (a is not None and b is not None):
            # Folded; only a select reads it, and folds in turn.
            return _KnownCondition(lhs is not rhs and a < b)
        op = OP_CLASSES["arith.cmpi"].build("slt", lhs, rhs)
        self.created.append(op)
        return self.rewriter.insert(op).results[0]

    @staticmethod
    def value_of(value):
        op = value.defining_op
        if isinstance(op, ConstantOp) and isinstance(op.value, A.IntegerAttr):
            return op.value.value
        return None

    def fold(self, name: str, operands):
        """What the arith folders make of the op (the greedy driver folds the
        ops made), or None: `x * 1`, `x + 0`, `x floordiv 1`, `x rem 1`,
        constants, and a select of a known condition."""
        if name == "arith.select":
            condition, true_value, false_value = operands
            if isinstance(condition, _KnownCondition):
                return true_value if condition.value else false_value
            return true_value if true_value is false_value else None
        lhs, rhs = operands
        a, b = self.value_of(lhs), self.value_of(rhs)
        both = a is not None and b is not None
        if name == "arith.muli":
            if both:
                return self.constant(a * b)
            if b == 1 or a == 1:
                return lhs if b == 1 else rhs
        elif name == "arith.addi":
            if both:
                return self.constant(a + b)
            if b == 0 or a == 0:
                return lhs if b == 0 else rhs
        elif name == "arith.floordivsi":
            if b == 1 or both and b != 0:
                return lhs if b == 1 else self.constant(a // b)
        elif name == "arith.divsi":
            if b == 1 or both and b != 0:
                return lhs if b == 1 else self.constant(
                    abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1))
        elif name == "arith.remsi":
            if b == 1:
                return self.constant(0)
            if both and b != 0:
                return self.constant(abs(a) % abs(b) * (1 if a >= 0 else -1))
        return None

    def constant(self, value: int):
        """The index constant `value`, made at the index op's location.  The
        folder replaces an equal constant by the one it knows, which then
        stands for no single place (its erasedFoldedLocation, unknown), as
        does a constant it moves out of a nested block."""
        block, anchor = self.rewriter.block, self.rewriter.before
        here = self.rewriter.loc if block is self.entry else A.UNKNOWN_LOC
        if value in self.known:
            known = self.known[value].defining_op
            known.pos = here if known in self.unused else A.UNKNOWN_LOC
            self.unused.discard(known)
            return self.known[value]
        made = ConstantOp.build(value, T.INDEX)
        made.pos = here
        ops = block.ops
        position = ops.index(anchor) if anchor is not None else len(ops)
        if block is self.entry and (position == 0 or id(ops[position - 1]) in self.placed):
            block.insert(position, made)
        else:
            self.entry.insert(0, made)
        self.placed.add(id(made))
        self.created.append(made)
        self.known[value] = made.results[0]
        return made.results[0]

    def erase_dead(self) -> None:
        """The ops made here whose results end up unused (the greedy
        driver erases trivially dead ops)."""
        for op in reversed(self.created):
            if op.parent is not None and not any(r.uses for r in op.results):
                op.erase()

    def strides(self, dynamic, static, known_non_negative: bool) -> list:
        """`computeStrides`: the suffix products of the basis."""
        flags = NSW_NUW if known_non_negative else NSW
        result, dynamic_index, dynamic_part, static_part = [], len(dynamic), None, 1
        for element in reversed(static):
            if element == DYNAMIC:
                value = dynamic[dynamic_index - 1]
                dynamic_part = (self.arith("arith.muli", dynamic_part, value, flags=flags)
                                if dynamic_part is not None else value)
                dynamic_index -= 1
            else:
                static_part *= element
            if dynamic_part is not None and static_part == 1:
                result.append(dynamic_part)
            else:
                stride = self.constant(static_part)
                if dynamic_part is not None:
                    stride = self.arith("arith.muli", dynamic_part, stride, flags=flags)
                result.append(stride)
        result.reverse()
        return result


def lower_delinearize(op, build: _Lowering) -> None:
    index = op.operands[0]
    static = list(op.properties["static_basis"].value)
    if len(op.results) == len(static):
        static = static[1:]
    rewriter = IRRewriter()
    if len(op.results) == 1:
        rewriter.replace_op(op, [index])
        return
    build.before(op)
    strides = build.strides(op.operands[1:], static, True)
    zero = build.constant(0)
    results = [build.arith("arith.floordivsi", index, strides[0])]

    def modulo(stride):
        remainder = build.arith("arith.remsi", index, stride)
        negative = build.cmpi_slt(remainder, zero)
        corrected = build.arith("arith.addi", remainder, stride, flags=NSW)
        return build.arith("arith.select", negative, corrected, remainder)

    for this, following in zip(strides, strides[1:]):
        results.append(build.arith("arith.divsi", modulo(this), following))
    results.append(modulo(strides[-1]))
    rewriter.replace_op(op, results)


def invariant_loops(op, value) -> int:
    """`numEnclosingInvariantLoops`: how many loops around `op`, innermost
    first, `value` is defined outside of."""
    count, current = 0, op
    while True:
        loop = current.parent_op
        while loop is not None and not loop.has_trait(LoopLikeOpInterface):
            loop = loop.parent_op
        if loop is None:
            return count
        defined_in = (value.defining_op.parent_op if value.defining_op is not None
                      else value.owner.parent_op)
        if defined_in is not None and loop.is_ancestor_of(defined_in):
            return count
        current = loop
        count += 1


def lower_linearize(op, build: _Lowering) -> None:
    build.before(op)
    num_indices = op.properties["operandSegmentSizes"].value[0]
    indices, dynamic_basis = op.operands[:num_indices], op.operands[num_indices:]
    if not indices:
        IRRewriter().replace_op(op, [build.constant(0)])
        return
    static = list(op.properties["static_basis"].value)
    if len(indices) == len(static):
        static = static[1:]
    # A UnitProp: set, a unit attribute (unset, absent or false).
    disjoint = isinstance(op.properties.get("disjoint"), A.UnitAttr)
    strides = build.strides(dynamic_basis, static, disjoint)
    scaled = [(build.arith("arith.muli", index, stride, flags=NSW), invariant_loops(op, index))
              for index, stride in zip(indices, strides)]
    scaled.append((indices[-1], invariant_loops(op, indices[-1])))
    # The terms invariant in more loops first, so that their sums can be
    # hoisted (a stable sort: ties keep the order of the strides).
    scaled = [value for value, _ in sorted(scaled, key=lambda pair: -pair[1])]
    result = scaled[0]
    for value in scaled[1:]:
        result = build.arith("arith.addi", result, value, flags=NSW)
    IRRewriter().replace_op(op, [result])


class AffineExpandIndexOps(Pass):
    argument = "affine-expand-index-ops"
    summary = "Lower affine operations operating on indices into more fundamental operations"
    pass_name = "AffineExpandIndexOps"

    def run_on_operation(self, op) -> None:
        scopes = [op] + [o for o in op.walk() if o is not op and o.isolated_from_above
                         and o.regions and o.regions[0].blocks]
        for scope in scopes:
            index_ops = [o for o in _ops_in_scope(scope)
                         if isinstance(o, (AffineDelinearizeIndexOp, AffineLinearizeIndexOp))]
            if not index_ops or not scope.regions or not scope.regions[0].blocks:
                continue
            build = _Lowering(scope)
            for index_op in index_ops:
                if isinstance(index_op, AffineDelinearizeIndexOp):
                    lower_delinearize(index_op, build)
                else:
                    lower_linearize(index_op, build)
            build.erase_dead()


def _ops_in_scope(scope) -> list:
    """The ops under `scope` in pre-order, not those under an isolated op
    nested in it."""
    found = []

    def visit(op) -> None:
        for region in op.regions:
            for block in region.blocks:
                for nested in block.ops:
                    found.append(nested)
                    if not nested.isolated_from_above:
                        visit(nested)

    visit(scope)
    return found
