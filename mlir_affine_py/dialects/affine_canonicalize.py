"""Map and operand canonicalization of the affine dialect (mlir/lib/
Dialect/Affine/IR/AffineOps.cpp): what the folds and canonicalization
patterns of the affine op classes (dialects/affine.py) share.

- `canonicalize_map_and_operands`: dims that are valid symbols become
  symbols (appended after the symbols), symbols that are only valid dims
  become dims, unused inputs go, an operand given twice is one input, a
  constant symbol operand is folded into the map.
- `compose_affine_map_and_operands`: inputs computed by affine.apply ops
  are replaced by those ops' expressions over their operands (repeatedly),
  then the map is canonicalized and simplified.
- `simplify_affine_op`: the pattern SimplifyAffineOp of affine.apply, min,
  max, load, store and their vector forms: compose, canonicalize, and
  rewrite the op when its map or operands changed.

A map or an integer set is handled alike through `_Inputs`, a view of its
dims, symbols and expressions.
"""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import (
    AffineConstantExpr,
    AffineDimExpr,
    AffineSymbolExpr,
    constant,
    dim,
    symbol,
)
from ..ir.affine_map import AffineMap, IntegerSet, remove_duplicate_exprs
from ..ir.affine_simplify import flat_form, simplify_affine_map
from ..ir.core import OP_CLASSES
from ..ir.matchers import constant_attribute
from .affine_bounds import simplify_map_with_operands, simplify_min_or_max_with_operands
from .affine_validity import is_valid_dim, is_valid_symbol
from .base import lookup_symbol
from .memref_canonicalize import fold_memref_cast


def _exprs(map_or_set) -> tuple:
    return map_or_set.constraints if isinstance(map_or_set, IntegerSet) else map_or_set.results


def _rebuild(map_or_set, num_dims: int, num_symbols: int, exprs):
    if isinstance(map_or_set, IntegerSet):
        return IntegerSet.get(num_dims, num_symbols, exprs, map_or_set.eq_flags)
    return AffineMap.get(num_dims, num_symbols, exprs)


def _replace(map_or_set, dims, syms, num_dims: int, num_symbols: int):
    """replaceDimsAndSymbols; None entries (unused inputs) become 0."""
    dims = [constant(0) if d is None else d for d in dims]
    syms = [constant(0) if s is None else s for s in syms]
    return _rebuild(map_or_set, num_dims, num_symbols,
                    [e.replace_dims_and_symbols(dims, syms) for e in _exprs(map_or_set)])


def _used(map_or_set) -> tuple[set, set]:
    dims, syms = set(), set()
    for expr in _exprs(map_or_set):
        for node in expr.walk():
            if isinstance(node, AffineDimExpr):
                dims.add(node.position)
            elif isinstance(node, AffineSymbolExpr):
                syms.add(node.position)
    return dims, syms


def _promote_symbols(map_or_set, operands: list):
    """canonicalizePromotedSymbols."""
    num_dims, old_syms = map_or_set.num_dims, map_or_set.num_symbols
    if not any(is_valid_symbol(value) for value in operands[:num_dims]):
        return map_or_set, operands     # nothing to promote: the same map
    result, remapped, dims = [], [], []
    for _i, value in enumerate(operands[:num_dims]):
        if is_valid_symbol(value):
            dims.append(symbol(old_syms + len(remapped)))
            remapped.append(value)
        else:
            dims.append(dim(len(result)))
            result.append(value)
    result += operands[num_dims:] + remapped
    new_dims = num_dims - len(remapped)
    syms = [symbol(k) for k in range(old_syms)]
    return _replace(map_or_set, dims, syms, new_dims, old_syms + len(remapped)), result


def _demote_dims(map_or_set, operands: list):
    """legalizeDemotedDims: a symbol operand that is a valid dim but no
    valid symbol becomes a dim."""
    num_dims = map_or_set.num_dims
    remapped, symbol_operands, syms = [], [], []
    for value in operands[num_dims:]:
        if is_valid_dim(value) and not is_valid_symbol(value):
            syms.append(dim(num_dims + len(remapped)))
            remapped.append(value)
        else:
            syms.append(symbol(len(symbol_operands)))
            symbol_operands.append(value)
    if not remapped:
        return map_or_set, operands
    dims = [dim(k) for k in range(num_dims)]
    return (_replace(map_or_set, dims, syms, num_dims + len(remapped), len(symbol_operands)),
            operands[:num_dims] + remapped + symbol_operands)


def canonicalize_map_and_operands(map_or_set, operands: list):
    """canonicalizeMapOrSetAndOperands: the new map (or set) and operands."""
    if not operands:
        return map_or_set, list(operands)
    map_or_set, operands = _promote_symbols(map_or_set, list(operands))
    map_or_set, operands = _demote_dims(map_or_set, operands)
    used_dims, used_syms = _used(map_or_set)
    num_dims = map_or_set.num_dims
    result, seen, dims = [], {}, []
    for i in range(num_dims):
        if i not in used_dims:
            dims.append(None)
            continue
        value = operands[i]
        if value not in seen:
            seen[value] = dim(len(result))
            result.append(value)
        dims.append(seen[value])
    next_dim = len(result)
    seen, syms = {}, []
    for i in range(map_or_set.num_symbols):
        if i not in used_syms:
            syms.append(None)
            continue
        value = operands[num_dims + i]
        attr = constant_attribute(value)
        if isinstance(attr, A.IntegerAttr):
            syms.append(constant(attr.value))
            continue
        if value not in seen:
            seen[value] = symbol(len(result) - next_dim)
            result.append(value)
        syms.append(seen[value])
    if len(result) == len(operands) and next_dim == num_dims \
            and all(syms[i] is symbol(i) for i in range(len(syms))):
        return map_or_set, result       # every input kept in place: the same map
    return _replace(map_or_set, dims, syms, next_dim, len(result) - next_dim), result


def _producer_apply(value):
    op = value.defining_op
    return op if op is not None and op.op_name == "affine.apply" else None


def compose_affine_map_and_operands(amap: AffineMap, operands: list):
    """composeAffineMapAndOperands (one round of replaceDimOrSym until no
    input comes from an affine.apply), then canonicalized and simplified."""
    if not amap.results or not operands:
        amap, operands = canonicalize_map_and_operands(amap, operands)
        return simplify_affine_map(amap), operands
    dims = list(operands[:amap.num_dims])
    syms = list(operands[amap.num_dims:])
    changed = True
    while changed:
        changed = False
        for position in range(len(dims) + len(syms)):
            is_dim = position < len(dims)
            container, at = (dims, position) if is_dim else (syms, position - len(dims))
            value = container[at]
            apply = None if value is None else _producer_apply(value)
            if apply is None:
                continue
            container[at] = None
            inner, inner_operands = canonicalize_map_and_operands(apply.map, list(apply.operands))
            replacement = inner.results[0].shift_dims(inner.num_dims, len(dims)) \
                .shift_symbols(inner.num_symbols, len(syms))
            dims.extend(inner_operands[:inner.num_dims])
            syms.extend(inner_operands[inner.num_dims:])
            target = dim(at) if is_dim else symbol(at)
            amap = AffineMap.get(len(dims), len(syms),
                                 [e.replace({target: replacement}) for e in amap.results])
            changed = True
            break
    new_operands, dim_repl, sym_repl = [], [], []
    for container, repl, make in ((dims, dim_repl, dim), (syms, sym_repl, symbol)):
        count = 0
        for value in container:
            if value is None:
                repl.append(constant(0))
                continue
            repl.append(make(count))
            count += 1
            new_operands.append(value)
    num_dims = sum(v is not None for v in dims)
    amap = amap.replace_dims_and_symbols(dim_repl, sym_repl, num_dims,
                                         len(new_operands) - num_dims)
    amap, new_operands = canonicalize_map_and_operands(amap, new_operands)
    return simplify_affine_map(amap), new_operands


def compose_set_and_operands(iset: IntegerSet, operands: list):
    """composeSetAndOperands: the set's constraints composed as a map's."""
    if not any(_producer_apply(value) for value in operands):
        return iset, list(operands)
    amap, operands = compose_affine_map_and_operands(
        AffineMap.get(iset.num_dims, iset.num_symbols, iset.constraints), list(operands))
    return IntegerSet.get(amap.num_dims, amap.num_symbols, amap.results, iset.eq_flags), operands


def simplify_affine_op(op, rewriter) -> bool:
    """SimplifyAffineOp: the op with its map composed and canonicalized."""
    old_map = op.map
    first = len(op.operands) - (old_map.num_dims + old_map.num_symbols)
    old_operands = list(op.operands[first:])
    amap, operands = compose_affine_map_and_operands(old_map, old_operands)
    amap, operands = canonicalize_map_and_operands(amap, operands)
    amap = simplify_map_with_operands(amap, operands)
    if amap == old_map and len(operands) == len(old_operands) \
            and all(a is b for a, b in zip(operands, old_operands)):
        return False
    _set_map(op, rewriter, amap, list(op.operands[:first]) + operands)
    return True


def _set_map(op, rewriter, amap: AffineMap, operands: list) -> None:
    """The op with another map and operands (replaceOpWithNewOp, in place)."""
    def change():
        op.properties["map"] = A.AffineMapAttr(amap)
        op.set_operands(operands)
    rewriter.modify_op_in_place(op, change)


# ------------------------------------------------------ affine.min and max
def single_result_min_max(op, rewriter) -> bool:
    """CanonicalizeSingleResultAffineMinMaxOp: a min or max of one result
    is an affine.apply."""
    if len(op.map.results) != 1:
        return False
    apply = OP_CLASSES["affine.apply"].build(op.map, list(op.operands))
    rewriter.set_insertion_point(op)
    rewriter.insert(apply)
    rewriter.replace_op(op, apply.results)
    return True


def deduplicate_min_max(op, rewriter) -> bool:
    """DeduplicateAffineMinMaxExpressions."""
    amap = op.map
    deduplicated = remove_duplicate_exprs(amap)
    if len(deduplicated.results) == len(amap.results):
        return False
    _set_map(op, rewriter, deduplicated, list(op.operands))
    return True


def merge_min_max(op, rewriter) -> bool:
    """MergeAffineMinMaxOp: a result that is a dim or symbol computed by a
    min (max) of the same kind is replaced by that op's results."""
    amap = op.map
    dims = list(op.operands[:amap.num_dims])
    syms = list(op.operands[amap.num_dims:])
    exprs, producers = [], []
    for expr in amap.results:
        value = (syms[expr.position] if isinstance(expr, AffineSymbolExpr) else
                 dims[expr.position] if isinstance(expr, AffineDimExpr) else None)
        producer = None if value is None else value.defining_op
        if producer is not None and type(producer) is type(op):
            producers.append(producer)
            continue
        exprs.append(expr)
    if not producers:
        return False
    num_dims, num_syms = amap.num_dims, amap.num_symbols
    for producer in producers:
        inner = producer.map
        dims += producer.operands[:inner.num_dims]
        syms += producer.operands[inner.num_dims:]
        exprs += [e.shift_dims(inner.num_dims, num_dims).shift_symbols(inner.num_symbols, num_syms)
                  for e in inner.results]
        num_dims += inner.num_dims
        num_syms += inner.num_symbols
    _set_map(op, rewriter, AffineMap.get(num_dims, num_syms, exprs), dims + syms)
    return True


def order_min_max_results(op, rewriter) -> bool:
    """CanonicalizeAffineMinMaxOpExprAndTermOrder: the results sorted by
    their coefficients (dims, symbols, constant), when all are pure affine
    without divisions."""
    amap = op.map
    flat = [flat_form(e, amap.num_dims, amap.num_symbols) for e in amap.results]
    if any(row is None for row in flat) or flat == sorted(flat):
        return False
    order = sorted(range(len(flat)), key=lambda k: flat[k])
    _set_map(op, rewriter, AffineMap.get(amap.num_dims, amap.num_symbols,
                                         [amap.results[k] for k in order]), list(op.operands))
    return True


MIN_MAX_PATTERNS = (single_result_min_max, deduplicate_min_max, merge_min_max,
                    simplify_affine_op, order_min_max_results)


# ------------------------------------------------------------- affine.for
def _set_bounds(loop, lower, upper) -> None:
    """The loop's bound maps and operands (each a (map, operands) pair)."""
    loop.set_lower_bound(*lower)
    loop.set_upper_bound(*upper)


def constant_fold_map(amap: AffineMap, constants):
    """AffineMap::constantFold: the results with the constant operands
    (IntegerAttr, else None) substituted, when all become constants."""
    if not amap.results:
        return None
    leaves = [constant(c.value) if isinstance(c, A.IntegerAttr) else
              (dim(i) if i < amap.num_dims else symbol(i - amap.num_dims))
              for i, c in enumerate(constants)]
    values = []
    for expr in amap.results:
        folded = expr.replace_dims_and_symbols(leaves[:amap.num_dims], leaves[amap.num_dims:])
        if not isinstance(folded, AffineConstantExpr):
            return None
        values.append(folded.value)
    return values


def _fold_bound(amap: AffineMap, operands, lower: bool):
    """foldLowerOrUpperBound: the constant map of the max (lower) or min
    (upper) of the bound's results, when its operands make them constant."""
    if amap.is_single_constant():
        return None
    values = constant_fold_map(amap, [constant_attribute(value) for value in operands])
    if values is None:
        return None
    return AffineMap.get_constant_map(max(values) if lower else min(values))


def trivial_constant_trip_count(loop):
    """getTrivialConstantTripCount."""
    lower, upper, step = loop.lower_bound_map, loop.upper_bound_map, loop.step
    if not (lower.is_single_constant() and upper.is_single_constant()) or step <= 0:
        return None
    lb, ub = lower.get_single_constant_result(), upper.get_single_constant_result()
    return 0 if ub - lb <= 0 else (ub - lb + step - 1) // step


def fold_affine_for(loop, constants):
    """AffineForOp::fold: constant bounds folded, bounds canonicalized; a
    loop that never runs is its inits."""
    lower = (loop.lower_bound_map, list(loop.lower_bound_operands))
    upper = (loop.upper_bound_map, list(loop.upper_bound_operands))
    folded = False
    for _which, is_lower in ((0, True), (1, False)):
        bound = lower if is_lower else upper
        constant_map = _fold_bound(bound[0], bound[1], is_lower)
        if constant_map is not None:
            if is_lower:
                lower = (constant_map, [])
            else:
                upper = (constant_map, [])
            folded = True
    if folded:
        _set_bounds(loop, lower, upper)
    lb_map, lb_operands = compose_affine_map_and_operands(*lower)
    lb_map, lb_operands = canonicalize_map_and_operands(lb_map, lb_operands)
    lb_map = simplify_min_or_max_with_operands(lb_map, lb_operands, True)
    lb_map = remove_duplicate_exprs(lb_map)
    ub_map = simplify_min_or_max_with_operands(upper[0], upper[1], False)
    ub_map, ub_operands = compose_affine_map_and_operands(ub_map, upper[1])
    ub_map, ub_operands = canonicalize_map_and_operands(ub_map, ub_operands)
    ub_map = remove_duplicate_exprs(ub_map)
    if lb_map != lower[0] or ub_map != upper[0]:
        _set_bounds(loop, (lb_map, lb_operands) if lb_map != lower[0] else lower,
                    (ub_map, ub_operands) if ub_map != upper[0] else upper)
        folded = True
    if trivial_constant_trip_count(loop) == 0 and loop.results:
        return list(loop.inits)
    return [] if folded else None


def fold_empty_loop(loop, rewriter) -> bool:
    """AffineForEmptyLoopFolder: a loop whose body is only its yield is
    replaced by what it yields, when that does not depend on the trip
    count."""
    body = loop.body
    if len(body.ops) != 1:
        return False
    if not loop.results:
        return False        # upstream claims success and changes nothing
    trips = trivial_constant_trip_count(loop)
    inits = list(loop.inits)
    if trips == 0:
        rewriter.replace_op(loop, inits)
        return True
    iter_args = list(body.args[1:])
    outside = out_of_order = False
    replacements = []
    for i, value in enumerate(body.ops[-1].operands):
        if value is body.args[0]:
            return False
        if value in iter_args:
            position = iter_args.index(value)
            out_of_order |= position != i
            replacements.append(inits[position])
        else:
            outside = True
            replacements.append(value)
    if trips is None and (outside or out_of_order):
        return False
    if trips is not None and trips >= 2 and out_of_order:
        return False
    rewriter.replace_op(loop, replacements)
    return True


# --------------------------------------------------------------- affine.if
def simplify_dead_else(op, rewriter) -> bool:
    """SimplifyDeadElse: an else block holding only its yield goes."""
    else_region = op.regions[1]
    if not else_region.blocks or len(else_region.blocks[0].ops) != 1 or op.results:
        return False

    def change():
        rewriter.erase_block(else_region.blocks[0])
    rewriter.modify_op_in_place(op, change)
    return True


def always_true_or_false_if(op, rewriter) -> bool:
    """AlwaysTrueOrFalseIf: a condition that is `1 == 0` or `0 == 0` gives
    way to the block that runs."""
    iset = op.properties["condition"].value
    if iset.is_empty_integer_set():
        if not op.results and not op.regions[1].blocks:
            rewriter.erase_op(op)
            return True
        block = op.regions[1].blocks[0]
    elif (len(iset.constraints) == 1 and iset.eq_flags[0]
          and isinstance(iset.constraints[0], AffineConstantExpr)
          and iset.constraints[0].value == 0):
        block = op.regions[0].blocks[0]
    else:
        return False
    terminator = block.ops[-1]
    rewriter.inline_block_before(block, op.parent, op.parent.ops.index(op))
    rewriter.replace_op(op, list(terminator.operands))
    rewriter.erase_op(terminator)
    return True


IF_PATTERNS = (simplify_dead_else, always_true_or_false_if)


# ------------------------------------------------------------- affine.load
def fold_affine_load(load, constants):
    """AffineLoadOp::fold: it reads through a memref.cast (in place), or
    an element of a constant global."""
    if fold_memref_cast(load):
        return []
    return fold_load_of_constant_global(load, constants)


def fold_load_of_constant_global(load, constants):
    """AffineLoadOp::fold: an element of a constant memref.global read
    through memref.get_global, at any index of a splat, else at constant
    subscripts."""
    source = load.operands[0].defining_op
    if source is None or source.op_name != "memref.get_global":
        return None
    symbol_ref = source.properties.get("name")
    found = lookup_symbol(source, symbol_ref.root) if symbol_ref is not None else None
    if found is None or found.op_name != "memref.global" or "constant" not in found.properties:
        return None
    initial = found.properties.get("initial_value")
    if not isinstance(initial, A.DenseElementsAttr):
        return None
    element = initial.type.element_type
    if initial.is_splat:
        value = initial.values[0]
    elif load.map.is_constant():
        position = 0
        for extent, index in zip(initial.type.shape, load.map.get_constant_results()):
            position = position * extent + index
        value = initial.values[position]
    else:
        return None
    if isinstance(element, T.FloatType):
        return [A.FloatAttr(value, element)]
    if isinstance(element, (T.IntegerType, T.IndexType)):
        return [A.IntegerAttr(value, element)]
    return None
