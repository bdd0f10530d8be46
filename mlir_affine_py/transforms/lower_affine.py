"""`-lower-affine`: affine ops to arith, scf, memref and vector ops, as
mlir/lib/Conversion/AffineToStandard/AffineToStandard.cpp does it (with
the static-basis patterns of Dialect/Affine/Transforms/AffineExpandIndexOps.cpp).

The contract, as upstream's `applyPartialConversion` leaves the IR:

- The ops to convert are collected in pre-order before any changes and
  converted in that order; new ops go right before the op they replace, so
  the constants of an inner loop's bounds end up inside the outer loop's
  new body.  Nothing is shared or deduplicated: each bound, step and
  expression gets constants of its own.
- An op is first folded as the conversion driver folds it: an affine.apply
  whose result is one of its operands is that operand, one whose operands
  are all constants (`arith.constant`, as the input has them: the
  conversion's replacements are not visible to the folders) is a new
  constant; affine.min/max fold alike; the bounds of an affine.for and the
  condition of an affine.if are composed with the affine.apply ops feeding
  them and canonicalized (transforms/affine_canonical.py).
- Expressions expand operand first (`AffineApplyExpander`): `*` into
  `arith.muli ... overflow<nsw>`, `+` into `arith.addi`, `mod`, `floordiv`
  and `ceildiv` into upstream's remsi/divsi-and-select sequences; several
  results of a bound into a chain of `arith.maxsi`/`arith.minsi`.
- affine.if becomes scf.if on the conjunction (arith.andi, left to right)
  of `cmpi sge/eq, expr, 0` per constraint; affine.parallel becomes
  scf.parallel, its reductions scf.reduce regions with the combiner of
  their kind and inits the kind's identity.
"""

from __future__ import annotations

from ..dialects import scf
from ..dialects.affine import (AffineApplyOp, AffineForOp, AffineIfOp, AffineLoadOp,
                               AffineMaxOp, AffineMinOp, AffineStoreOp, AffineVectorLoadOp,
                               AffineVectorStoreOp, AffineYieldOp)
from ..dialects.affine_dma import AffineDmaStartOp, AffineDmaWaitOp, AffinePrefetchOp
from ..dialects.affine_index import AffineDelinearizeIndexOp
from ..dialects.affine_parallel import AffineParallelOp
from ..dialects.arith import CmpIOp, ConstantOp, SelectOp, constant_attr
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import (AffineBinaryOpExpr, AffineConstantExpr, AffineDimExpr,
                              AffineSymbolExpr)
from ..ir.affine_map import AffineMap, remove_duplicate_exprs
from ..ir.core import OP_CLASSES, Block, Region
from ..ir.rewriter import OpBuilder
from ..passes import Pass
from .affine_canonical import (canonicalize_map_and_operands, canonicalize_set_and_operands,
                               compose_affine_map_and_operands,
                               compose_set_and_operands, constant_fold_results,
                               constant_index_of,
                               fully_compose_affine_map_and_operands, simplify_affine_map)
from .loop_utils import reduction_combiner

NSW = A.OpaqueAttr("#arith.overflow<nsw>")


class ArithBuilder(OpBuilder):
    """An OpBuilder with the arith ops the lowering emits, and the
    conversion's deferred replacements: a replaced op stays in place (the
    folders still see it as its users' producer) until `finish`, and the
    ops built take the replacements of its results (`mapped`)."""

    def __init__(self, block=None, before=None):
        super().__init__(block, before)
        self.replacements: dict = {}
        self.replaced: list = []

    def mapped(self, value):
        while value in self.replacements:
            value = self.replacements[value]
        return value

    def mapped_all(self, values) -> list:
        return [self.mapped(v) for v in values]

    def replace(self, op, values) -> None:
        self.replacements.update(zip(op.results, values))
        self.replaced.append(op)

    def finish(self) -> None:
        for op in reversed(self.replaced):
            for result in op.results:
                result.replace_all_uses_with(self.mapped(result))
            op.erase()

    def constant(self, value: int, type=T.INDEX):
        return self.create(ConstantOp, value, type).results[0]

    def binary(self, name: str, lhs, rhs, nsw: bool = False):
        op = OP_CLASSES[name].build(lhs, rhs)
        if nsw:
            op.properties["overflowFlags"] = NSW
        return self.insert(op).results[0]

    def cmp(self, predicate: str, lhs, rhs):
        return self.create(CmpIOp, predicate, lhs, rhs).results[0]

    def select(self, condition, true_value, false_value):
        return self.create(SelectOp, condition, true_value, false_value).results[0]


def expand_affine_expr(b: ArithBuilder, expr, dims, syms):
    """AffineApplyExpander: the value of `expr`, its operands first."""
    if isinstance(expr, AffineDimExpr):
        return b.mapped(dims[expr.position])
    if isinstance(expr, AffineSymbolExpr):
        return b.mapped(syms[expr.position])
    if isinstance(expr, AffineConstantExpr):
        return b.constant(expr.value)
    assert isinstance(expr, AffineBinaryOpExpr)
    kind = expr.kind
    if kind in ("mod", "floordiv", "ceildiv") and isinstance(expr.rhs, AffineConstantExpr) \
            and expr.rhs.value <= 0:
        return None
    lhs = expand_affine_expr(b, expr.lhs, dims, syms)
    rhs = expand_affine_expr(b, expr.rhs, dims, syms)
    if lhs is None or rhs is None:
        return None
    if kind == "add":
        return b.binary("arith.addi", lhs, rhs)
    if kind == "mul":
        return b.binary("arith.muli", lhs, rhs, nsw=True)
    if kind == "mod":
        remainder = b.binary("arith.remsi", lhs, rhs)
        zero = b.constant(0)
        negative = b.cmp("slt", remainder, zero)
        corrected = b.binary("arith.addi", remainder, rhs)
        return b.select(negative, corrected, remainder)
    if kind == "floordiv":
        zero, minus_one = b.constant(0), b.constant(-1)
        negative = b.cmp("slt", lhs, zero)
        decremented = b.binary("arith.subi", minus_one, lhs)
        dividend = b.select(negative, decremented, lhs)
        quotient = b.binary("arith.divsi", dividend, rhs)
        corrected = b.binary("arith.subi", minus_one, quotient)
        return b.select(negative, corrected, quotient)
    zero, one = b.constant(0), b.constant(1)
    non_positive = b.cmp("sle", lhs, zero)
    negated = b.binary("arith.subi", zero, lhs)
    decremented = b.binary("arith.subi", lhs, one)
    dividend = b.select(non_positive, negated, decremented)
    quotient = b.binary("arith.divsi", dividend, rhs)
    negated_quotient = b.binary("arith.subi", zero, quotient)
    incremented = b.binary("arith.addi", quotient, one)
    return b.select(non_positive, negated_quotient, incremented)


def expand_affine_map(b: ArithBuilder, map: AffineMap, operands) -> list | None:
    operands = list(operands)
    dims, syms = operands[:map.num_dims], operands[map.num_dims:]
    values = [expand_affine_expr(b, e, dims, syms) for e in map.results]
    return None if any(v is None for v in values) else values


def reduce_min_max(b: ArithBuilder, values, is_max: bool):
    """buildMinMaxReductionSeq: a linear chain, first value first."""
    value = values[0]
    for other in values[1:]:
        value = b.binary("arith.maxsi" if is_max else "arith.minsi", value, other)
    return value


def lower_map_bound(b, map, operands, is_max: bool):
    values = expand_affine_map(b, map, operands)
    return None if values is None else reduce_min_max(b, values, is_max)


# ------------------------------------------------------------------ folds
def fold_map_op(op) -> list | None:
    """AffineApplyOp/AffineMinOp/AffineMaxOp::fold: the op's replacement
    (an existing value, or an int to materialize), or None.  A min/max
    whose results partly fold gets its map updated in place (None)."""
    map, operands = op.map, list(op.operands)
    if isinstance(op, AffineApplyOp):
        result = map.results[0]
        if isinstance(result, AffineDimExpr):
            return operands[result.position]
        if isinstance(result, AffineSymbolExpr):
            return operands[map.num_dims + result.position]
        value = constant_fold_results(map, operands)[0]
        return value
    values = constant_fold_results(map, operands)
    folded = AffineMap(map.num_dims, map.num_symbols, tuple(
        AffineConstantExpr(v) if v is not None else e for e, v in zip(map.results, values)))
    if all(v is not None for v in values):
        return max(values) if isinstance(op, AffineMaxOp) else min(values)
    if folded.num_symbols == 1 and folded.is_symbol_identity():
        return operands[0]
    if folded != map:
        op.properties["map"] = A.AffineMapAttr(folded)
    return None


def canonical_bound(map, operands) -> tuple:
    """A loop bound as AffineForOp's folder leaves it (canonicalizeLoopBounds,
    without the redundancy elimination of simplifyMinOrMaxExprWithOperands)."""
    map, operands = fully_compose_affine_map_and_operands(map, operands)
    map, operands = canonicalize_map_and_operands(map, operands)
    return remove_duplicate_exprs(simplify_affine_map(map)), operands


# -------------------------------------------------------------- patterns
def _move_region(source: Region, target: Region) -> None:
    for block in list(source.blocks):
        target.append(block)
    source.blocks = []


def lower_for(b: ArithBuilder, op: AffineForOp) -> None:
    lb_map, lb_operands = canonical_bound(op.lower_bound_map, list(op.lower_bound_operands))
    ub_map, ub_operands = canonical_bound(op.upper_bound_map, list(op.upper_bound_operands))
    lower = lower_map_bound(b, lb_map, lb_operands, True)
    upper = lower_map_bound(b, ub_map, ub_operands, False)
    step = b.constant(op.step)
    inits = b.mapped_all(op.inits)
    new = scf.ForOp.build_generic((lower, upper, step, inits), [v.type for v in inits])
    _move_region(op.regions[0], new.regions[0])
    b.insert(new)
    b.replace(op, new.results)


def lower_if(b: ArithBuilder, op: AffineIfOp) -> None:
    iset, operands = compose_set_and_operands(op.integer_set, list(op.operands))
    iset, operands = canonicalize_set_and_operands(iset, operands)
    zero = b.constant(0)
    dims, syms = operands[:iset.num_dims], operands[iset.num_dims:]
    condition = None
    for expr, is_eq in zip(iset.constraints, iset.eq_flags):
        value = expand_affine_expr(b, expr, dims, syms)
        compared = b.cmp("eq" if is_eq else "sge", value, zero)
        condition = compared if condition is None else b.binary("arith.andi", condition,
                                                                compared)
    if condition is None:
        condition = b.constant(1, T.I1)
    new = scf.IfOp.build_generic((condition,), [r.type for r in op.results])
    _move_region(op.regions[0], new.regions[0])
    _move_region(op.regions[1], new.regions[1])
    b.insert(new)
    b.replace(op, new.results)


def _identity(kind: str, type) -> A.Attribute:
    """arith::getIdentityValueAttr."""
    if isinstance(type, T.FloatType):
        return constant_attr({"addf": 0.0, "mulf": 1.0, "maximumf": float("-inf"),
                              "minimumf": float("inf")}[kind], type)
    width = type.width if hasattr(type, "width") else 64
    value = {"addi": 0, "ori": 0, "xori": 0, "maxu": 0, "muli": 1, "andi": -1, "minu": -1,
             "maxs": -(1 << (width - 1)), "mins": (1 << (width - 1)) - 1}[kind]
    return A.IntegerAttr(value, type)


def _groups(map: AffineMap, sizes) -> list:
    maps, start = [], 0
    for size in sizes:
        maps.append(AffineMap(map.num_dims, map.num_symbols, map.results[start:start + size]))
        start += size
    return maps


def lower_parallel(b: ArithBuilder, op: AffineParallelOp) -> None:
    # AffineParallelOp::fold: each bounds map composed (AffineValueMap::canonicalize).
    lb_map, lb_operands = compose_affine_map_and_operands(op.lower_bounds_map,
                                                          list(op.lower_bounds_operands))
    ub_map, ub_operands = compose_affine_map_and_operands(op.upper_bounds_map,
                                                          list(op.upper_bounds_operands))
    lowers, uppers = [], []
    for lb_group, ub_group in zip(_groups(lb_map, op.bound_groups("lower")),
                                  _groups(ub_map, op.bound_groups("upper"))):
        lowers.append(lower_map_bound(b, lb_group, lb_operands, True))
        uppers.append(lower_map_bound(b, ub_group, ub_operands, False))
    steps = [b.constant(s) for s in op.steps]
    terminator = op.body.ops[-1]
    kinds = op.reductions if op.results else []
    inits = [b.create(ConstantOp, _identity(kind, r.type)).results[0]
             for kind, r in zip(kinds, op.results)]
    new = scf.ParallelOp.build_generic((lowers, uppers, steps, inits),
                                       [r.type for r in op.results])
    _move_region(op.regions[0], new.regions[0])
    b.insert(new)
    reduce = scf.ReduceOp.build_generic((b.mapped_all(terminator.operands),), [], regions=[
        Region() for _ in kinds])
    # The scf.reduce replaces the terminator, at its location; the
    # combiners are at the affine.parallel's.
    reduce.pos = terminator.pos
    block = terminator.parent
    block.insert(block.ops.index(terminator), reduce)
    terminator.erase()
    for kind, value, region in zip(kinds, reduce.operands, reduce.regions):
        body = region.append(Block([value.type, value.type]))
        combined = reduction_combiner(kind).build(body.args[0], body.args[1])
        body.append(combined).pos = op.pos
        body.append(scf.ReduceReturnOp.build_generic((combined.results[0],))).pos = op.pos
    b.replace(op, new.results)


def lower_delinearize(b: ArithBuilder, op: AffineDelinearizeIndexOp) -> bool:
    """The static-basis case: strides from the innermost basis entries
    outwards, then floordivsi for the first result, remainder-then-divide
    for the middle ones and the remainder for the last."""
    basis, dynamic = list(op.properties["static_basis"].value), iter(op.operands[1:])
    # Constant operands of the basis count as static entries (getMixedBasis).
    basis = [v if v >= 0 else constant_index_of(next(dynamic)) for v in basis]
    if any(v is None for v in basis) or len(op.results) < 2:
        return False
    index = b.mapped(op.operands[0])
    count = len(op.results)
    inner = basis[len(basis) - (count - 1):]
    strides, product = [], 1
    for size in reversed(inner):
        product *= size
        strides.append(b.constant(product))
    strides.reverse()
    zero = b.constant(0)

    def modulo(stride):
        remainder = b.binary("arith.remsi", index, stride)
        negative = b.cmp("slt", remainder, zero)
        shifted = b.binary("arith.addi", remainder, stride, nsw=True)
        return b.select(negative, shifted, remainder)

    results = [b.binary("arith.floordivsi", index, strides[0])]
    for k in range(1, count - 1):
        results.append(b.binary("arith.divsi", modulo(strides[k - 1]), strides[k]))
    results.append(modulo(strides[-1]))
    b.replace(op, results)
    return True


def _memory_access(b: ArithBuilder, op) -> list | None:
    operands = list(op.operands)
    start = 2 if op.value_to_store is not None else 1
    return expand_affine_map(b, op.map, operands[start:])


def lower_op(b: ArithBuilder, op) -> None:
    b.set_insertion_point(op)
    if isinstance(op, (AffineApplyOp, AffineMinOp, AffineMaxOp)):
        folded = fold_map_op(op)
        if isinstance(folded, int) and not isinstance(folded, bool):
            b.replace(op, [b.constant(folded)])
        elif folded is not None:
            b.replace(op, [folded])
        elif isinstance(op, AffineApplyOp):
            b.replace(op, expand_affine_map(b, op.map, op.operands))
        else:
            b.replace(op, [lower_map_bound(b, op.map, op.operands, isinstance(op, AffineMaxOp))])
    elif isinstance(op, AffineForOp):
        lower_for(b, op)
    elif isinstance(op, AffineIfOp):
        lower_if(b, op)
    elif isinstance(op, AffineParallelOp):
        lower_parallel(b, op)
    elif isinstance(op, AffineYieldOp):
        if not isinstance(op.parent_op, (scf.ParallelOp, AffineParallelOp)):
            b.insert(scf.YieldOp.build_generic((b.mapped_all(op.operands),)))
            op.erase()
    elif isinstance(op, (AffineLoadOp, AffineVectorLoadOp)):
        indices = _memory_access(b, op)
        cls = OP_CLASSES["memref.load" if isinstance(op, AffineLoadOp) else "vector.load"]
        new = b.insert(cls.build_generic((b.mapped(op.memref), indices), [op.results[0].type]))
        b.replace(op, new.results)
    elif isinstance(op, (AffineStoreOp, AffineVectorStoreOp)):
        indices = _memory_access(b, op)
        cls = OP_CLASSES["memref.store" if isinstance(op, AffineStoreOp) else "vector.store"]
        b.insert(cls.build_generic((b.mapped(op.value_to_store), b.mapped(op.memref), indices)))
        op.erase()
    elif isinstance(op, AffinePrefetchOp):
        indices = expand_affine_map(b, op.map, op.operands[1:])
        props = {k: op.properties[k] for k in ("isWrite", "localityHint", "isDataCache")}
        new = OP_CLASSES["memref.prefetch"].build_generic((b.mapped(op.operands[0]), indices))
        new.properties.update(props)
        b.insert(new)
        op.erase()
    elif isinstance(op, AffineDmaStartOp):
        parts, num, stride = op.parts()
        operands = []
        expanded = [(memref, expand_affine_map(b, op.attributes[key].value, indices))
                    for memref, key, indices in parts]
        for position, (memref, indices) in enumerate(expanded):
            operands += [b.mapped(memref), *indices]
            if position == 1:
                operands.append(b.mapped(num))
        operands += b.mapped_all(stride)
        b.insert(OP_CLASSES["memref.dma_start"].build_generic((operands,)))
        op.erase()
    elif isinstance(op, AffineDmaWaitOp):
        memref, indices, num = op.operands[0], op.operands[1:-1], op.operands[-1]
        expanded = expand_affine_map(b, op.attributes["tag_map"].value, indices)
        b.insert(OP_CLASSES["memref.dma_wait"].build_generic((b.mapped(memref), expanded, b.mapped(num))))
        op.erase()
    elif isinstance(op, AffineDelinearizeIndexOp):
        lower_delinearize(b, op)


CONVERTED = (AffineApplyOp, AffineMinOp, AffineMaxOp, AffineForOp, AffineIfOp, AffineParallelOp,
             AffineYieldOp, AffineLoadOp, AffineStoreOp, AffineVectorLoadOp, AffineVectorStoreOp,
             AffinePrefetchOp, AffineDmaStartOp, AffineDmaWaitOp, AffineDelinearizeIndexOp)


class LowerAffine(Pass):
    """Lower the affine ops of the op it runs on (see the module's
    docstring for the contract)."""

    argument = "lower-affine"
    summary = "Lower Affine operations to a combination of Arith and SCF operations"
    pass_name = "LowerAffinePass"

    def run_on_operation(self, op) -> None:
        builder = ArithBuilder()
        for nested in [o for o in op.walk() if isinstance(o, CONVERTED)]:
            if nested.parent is not None:     # not erased by its parent's lowering
                lower_op(builder, nested)
        builder.finish()
