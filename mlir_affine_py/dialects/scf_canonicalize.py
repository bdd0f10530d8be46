"""Canonicalization patterns of scf's ops (mlir/lib/Dialect/SCF/IR/SCF.cpp),
the functions the op classes of dialects/scf.py list in
`canonicalization_patterns`, in upstream's order.  Each takes the op and
the rewriter, changes the IR through the rewriter only, and says whether
it did.  Ops are built by the classes the registry names (scf.py imports
this file).
"""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import OP_CLASSES, Block, Region
from ..ir.matchers import constant_attribute, constant_int_value
from .arith_folds import signed, splat_of


def _build(name: str, *args, **kwargs):
    return OP_CLASSES[name].build_generic(*args, **kwargs)


def _insert(rewriter, op):
    return rewriter.insert(op)


def parent_region(value):
    """Value::getParentRegion: the region whose block defines `value`."""
    owner = value.owner
    block = owner.parent if hasattr(owner, "results") else owner
    return block.parent if block is not None else None


def _defined_inside(op, value) -> bool:
    """The value is defined in a region of `op` (not isDefinedOutsideOfLoop)."""
    region = parent_region(value)
    holder = region.parent if region is not None else None
    return holder is not None and (holder is op or op.is_ancestor_of(holder))


def replace_op_with_region(rewriter, op, region, block_args=()) -> None:
    """replaceOpWithRegion: the single block of `region` inlined before
    `op`, whose results become the operands of the block's terminator."""
    block = region.blocks[0]
    terminator = block.ops[-1]
    results = list(terminator.operands)
    rewriter.inline_block_before(block, op.parent, op.parent.ops.index(op), block_args)
    rewriter.replace_op(op, results)
    rewriter.erase_op(terminator)


def _replace_used(rewriter, op, values) -> None:
    """replaceOp where some replacements are null (their results unused)."""
    for old, new in zip(op.results, values):
        if new is not None:
            rewriter.replace_all_uses_with(old, new)
    rewriter.erase_op(op)


def _bool_constant(value):
    """m_Constant(BoolAttr): True/False for a scalar i1 constant, else None."""
    attr = constant_attribute(value)
    if isinstance(attr, A.IntegerAttr) and attr.type == T.I1:
        return bool(attr.value)
    return None


def _is_not_of(value, other) -> bool:
    """value is xori(other, 1)."""
    op = value.defining_op
    return (op is not None and op.op_name == "arith.xori" and op.operands[0] is other
            and _splat_int(op.operands[1]) in (1, -1))


def _splat_int(value):
    attr = splat_of(constant_attribute(value), value.type)
    if not isinstance(attr, A.IntegerAttr):
        return None
    width = 64 if isinstance(attr.type, T.IndexType) else attr.type.width
    return signed(attr.value, width)


def _yield(block):
    return block.ops[-1]


def _new_if(rewriter, types, condition, then_block=True, else_block=False):
    regions = [Region([Block()] if then_block else []), Region([Block()] if else_block else [])]
    return _insert(rewriter, _build("scf.if", [condition], list(types), regions=regions))


def _new_yield(rewriter, values):
    return _insert(rewriter, OP_CLASSES["scf.yield"].build(list(values)))


# --------------------------------------------------------------------- if
def fold_if(op, constants):
    """IfOp::fold: if (!c) A else B -> if c B else A, in place."""
    if not op.regions[1].blocks:
        return None
    negation = op.operands[0].defining_op
    if (negation is None or negation.op_name != "arith.xori"
            or _splat_int(negation.operands[1]) not in (1, -1)):
        return None
    op.set_operand(0, negation.operands[0])
    then_region, else_region = op.regions
    then_blocks, else_blocks = list(then_region.blocks), list(else_region.blocks)
    then_region.blocks, else_region.blocks = [], []
    for block in else_blocks:
        then_region.append(block)
    for block in then_blocks:
        else_region.append(block)
    return []


def combine_ifs(next_if, rewriter) -> bool:
    """CombineIfs: two consecutive scf.if on one condition (or its
    negation) become one."""
    block = next_if.parent
    index = block.ops.index(next_if)
    if index == 0 or block.ops[index - 1].op_name != "scf.if":
        return False
    prev_if = block.ops[index - 1]
    next_then = next_else = None
    next_has_else = bool(next_if.regions[1].blocks)
    if next_if.operands[0] is prev_if.operands[0]:
        next_then = next_if.regions[0].blocks[0]
        next_else = next_if.regions[1].blocks[0] if next_has_else else None
    if _is_not_of(next_if.operands[0], prev_if.operands[0]) or \
            _is_not_of(prev_if.operands[0], next_if.operands[0]):
        next_else = next_if.regions[0].blocks[0]
        next_then = next_if.regions[1].blocks[0] if next_has_else else None
    if next_then is None and next_else is None:
        return False
    prev_then_yield = _yield(prev_if.regions[0].blocks[0])
    prev_else_yielded = (list(_yield(prev_if.regions[1].blocks[0]).operands)
                         if prev_if.regions[1].blocks else [])
    for result, then_value, else_value in zip(prev_if.results, prev_then_yield.operands,
                                              prev_else_yielded):
        for user, at in list(result.uses):
            if next_then is not None and next_then.parent.holds(user):
                rewriter.modify_op_in_place(user, lambda u=user, i=at, v=then_value:
                                            u.set_operand(i, v))
            elif next_else is not None and next_else.parent.holds(user):
                rewriter.modify_op_in_place(user, lambda u=user, i=at, v=else_value:
                                            u.set_operand(i, v))
    types = [r.type for r in prev_if.results] + [r.type for r in next_if.results]
    combined = _new_if(rewriter, types, prev_if.operands[0], then_block=False)
    _take_blocks(prev_if.regions[0], combined.regions[0])
    if next_then is not None:
        _merge_yields(rewriter, combined.regions[0].blocks[0], next_then)
    _take_blocks(prev_if.regions[1], combined.regions[1])
    if next_else is not None:
        if not combined.regions[1].blocks:
            _take_blocks(next_else.parent, combined.regions[1])
        else:
            _merge_yields(rewriter, combined.regions[1].blocks[0], next_else)
    count = len(prev_if.results)
    rewriter.replace_op(prev_if, combined.results[:count])
    rewriter.replace_op(next_if, combined.results[count:])
    return True


def _take_blocks(source, dest) -> None:
    for block in list(source.blocks):
        source.blocks.remove(block)
        dest.append(block)


def _merge_yields(rewriter, dest, source) -> None:
    """Append `source`'s ops to `dest`, one yield of both yields' values."""
    first, second = _yield(dest), _yield(source)
    rewriter.merge_blocks(source, dest)
    with rewriter.insertion_guard():
        rewriter.set_insertion_point_to_end(dest)
        _new_yield(rewriter, list(first.operands) + list(second.operands))
    rewriter.erase_op(first)
    rewriter.erase_op(second)


def combine_nested_ifs(op, rewriter) -> bool:
    """CombineNestedIfs: an if whose then block holds only an if becomes
    one if on the andi of both conditions."""
    then_block = op.regions[0].blocks[0]
    if len(then_block.ops) != 2 or then_block.ops[0].op_name != "scf.if":
        return False
    else_block = op.regions[1].blocks[0] if op.regions[1].blocks else None
    if else_block is not None and len(else_block.ops) != 1:
        return False
    nested = then_block.ops[0]
    nested_else = nested.regions[1].blocks[0] if nested.regions[1].blocks else None
    if nested_else is not None and len(nested_else.ops) != 1:
        return False
    then_yield = list(_yield(then_block).operands)
    else_yield = list(_yield(else_block).operands) if else_block is not None else []
    to_select = []
    for index, value in enumerate(then_yield):
        if value.defining_op is nested:
            nested_index = value.index
            if _yield(nested_else).operands[nested_index] is not else_yield[index]:
                return False
            then_yield[index] = _yield(nested.regions[0].blocks[0]).operands[nested_index]
            continue
        if parent_region(value) is op.regions[0]:
            return False
        to_select.append(index)
    condition = _insert(rewriter, _build("arith.andi", [op.operands[0], nested.operands[0]],
                                         [op.operands[0].type]))
    new_if = _new_if(rewriter, [r.type for r in op.results], condition.results[0],
                     then_block=True)
    results = list(new_if.results)
    rewriter.set_insertion_point(new_if)
    for index in to_select:
        select = _insert(rewriter, OP_CLASSES["arith.select"].build(
            op.operands[0], then_yield[index], else_yield[index]))
        results[index] = select.results[0]
    new_block = new_if.regions[0].blocks[0]
    rewriter.merge_blocks(nested.regions[0].blocks[0], new_block)
    old_yield = _yield(new_block)
    with rewriter.insertion_guard():
        rewriter.set_insertion_point(old_yield)
        _new_yield(rewriter, then_yield)
    rewriter.erase_op(old_yield)
    if else_yield:
        new_else = new_if.regions[1].append(Block())
        with rewriter.insertion_guard():
            rewriter.set_insertion_point_to_end(new_else)
            _new_yield(rewriter, else_yield)
    rewriter.replace_op(op, results)
    return True


def condition_propagation(op, rewriter) -> bool:
    """ConditionPropagation: the condition is true in the then region and
    false in the else region."""
    condition = op.operands[0]
    if constant_attribute(condition) is not None:
        return False
    changed = False
    constants = {}
    # MLIR's use lists run from the newest use to the oldest.
    for user, at in reversed(list(condition.uses)):
        for region, value in ((op.regions[0], 1), (op.regions[1], 0)):
            if region.holds(user):
                if value not in constants:
                    constants[value] = _insert(rewriter, OP_CLASSES["arith.constant"].build(
                        A.IntegerAttr(value, T.I1))).results[0]
                rewriter.modify_op_in_place(user, lambda u=user, i=at, v=constants[value]:
                                            u.set_operand(i, v))
                changed = True
                break
    return changed


def convert_trivial_if_to_select(op, rewriter) -> bool:
    """ConvertTrivialIfToSelect: yielded values defined outside the if
    become arith.select ops before it."""
    if not op.results:
        return False
    condition = op.operands[0]
    then_region, else_region = op.regions
    pairs = list(zip(_yield(then_region.blocks[0]).operands,
                     _yield(else_region.blocks[0]).operands))
    kept_types = [t.type for t, f in pairs
                  if parent_region(t) is then_region or parent_region(f) is else_region]
    if len(kept_types) == len(op.results):
        return False
    replacement = _new_if(rewriter, kept_types, condition, then_block=False)
    _take_blocks(then_region, replacement.regions[0])
    _take_blocks(else_region, replacement.regions[1])
    results, true_yields, false_yields = [], [], []
    rewriter.set_insertion_point(replacement)
    for true_value, false_value in pairs:
        if (parent_region(true_value) is replacement.regions[0]
                or parent_region(false_value) is replacement.regions[1]):
            results.append(replacement.results[len(true_yields)])
            true_yields.append(true_value)
            false_yields.append(false_value)
        elif true_value is false_value:
            results.append(true_value)
        else:
            results.append(_insert(rewriter, OP_CLASSES["arith.select"].build(
                condition, true_value, false_value)).results[0])
    for region, values in ((replacement.regions[0], true_yields),
                           (replacement.regions[1], false_yields)):
        old = _yield(region.blocks[0])
        rewriter.set_insertion_point(old)
        _new_yield(rewriter, values)
        rewriter.erase_op(old)
    rewriter.replace_op(op, results)
    return True


def remove_empty_else_branch(op, rewriter) -> bool:
    """RemoveEmptyElseBranch: an else block that only yields nothing goes."""
    if op.results or not op.regions[1].blocks or len(op.regions[1].blocks[0].ops) != 1:
        return False
    new_if = _new_if(rewriter, [], op.operands[0], then_block=False)
    new_if.attributes = dict(op.attributes)
    _take_blocks(op.regions[0], new_if.regions[0])
    rewriter.erase_op(op)
    return True


def remove_static_condition(op, rewriter) -> bool:
    """RemoveStaticCondition: a constant condition picks a region."""
    condition = _bool_constant(op.operands[0])
    if condition is None:
        return False
    if condition:
        replace_op_with_region(rewriter, op, op.regions[0])
    elif op.regions[1].blocks:
        replace_op_with_region(rewriter, op, op.regions[1])
    else:
        rewriter.erase_op(op)
    return True


def remove_unused_results(op, rewriter) -> bool:
    """RemoveUnusedResults: the results nothing uses go."""
    used = [result for result in op.results if result.uses]
    if len(used) == len(op.results):
        return False
    new_if = _new_if(rewriter, [r.type for r in used], op.operands[0], then_block=True,
                     else_block=True)
    for source, dest in zip(op.regions, new_if.regions):
        block = dest.blocks[0]
        rewriter.merge_blocks(source.blocks[0], block)
        terminator = _yield(block)
        values = [terminator.operands[r.index] for r in used]
        rewriter.modify_op_in_place(terminator, lambda t=terminator, v=values: t.set_operands(v))
    replacements = [None] * len(op.results)
    for new_result, result in zip(new_if.results, used):
        replacements[result.index] = new_result
    _replace_used(rewriter, op, replacements)
    return True


def replace_if_yield_with_condition_or_value(op, rewriter) -> bool:
    """ReplaceIfYieldWithConditionOrValue: a result yielded alike by both
    branches is that value; yielding true/false is the condition (or its
    negation)."""
    if not op.results:
        return False
    true_yield = _yield(op.regions[0].blocks[-1])
    false_yield = _yield(op.regions[1].blocks[-1])
    changed = False
    for true_value, false_value, result in zip(true_yield.operands, false_yield.operands,
                                               op.results):
        if true_value is false_value:
            if result.uses:
                rewriter.replace_all_uses_with(result, true_value)
                changed = True
            continue
        true_constant, false_constant = _bool_constant(true_value), _bool_constant(false_value)
        if true_constant is None or false_constant is None:
            continue
        if not true_constant and false_constant and result.uses:
            one = _insert(rewriter, OP_CLASSES["arith.constant"].build(A.IntegerAttr(1, T.I1)))
            negation = _insert(rewriter, _build("arith.xori", [op.operands[0], one.results[0]],
                                                [T.I1]))
            rewriter.replace_all_uses_with(result, negation.results[0])
            changed = True
        if true_constant and not false_constant and result.uses:
            rewriter.replace_all_uses_with(result, op.operands[0])
            changed = True
    return changed


IF_PATTERNS = (combine_ifs, combine_nested_ifs, condition_propagation,
               convert_trivial_if_to_select, remove_empty_else_branch, remove_static_condition,
               remove_unused_results, replace_if_yield_with_condition_or_value)


# -------------------------------------------------------------------- for
def for_iter_args_folder(loop, rewriter) -> bool:
    """ForOpIterArgsFolder: an iter_arg that is yielded as it is, whose
    init is yielded (it never changes), or that is unused with an unused
    result, goes (its init stands for it); one whose init and yielded
    value repeat an earlier one's is that one."""
    body = loop.regions[0].blocks[0]
    yielded = list(_yield(body).operands)
    inits = list(loop.operands[3:])
    # Per iter_arg: ("init", value), ("same", earlier index) or ("keep", new position).
    fate = []
    new_inits = []
    for index, (init, arg, result, value) in enumerate(
            zip(inits, body.args[1:], loop.results, yielded)):
        if arg is value or init is value or (not arg.uses and not result.uses):
            fate.append(("init", init))
            continue
        earlier = next((j for j in range(index) if fate[j][0] == "keep"
                        and inits[j] is init and yielded[j] is value), None)
        if earlier is not None:
            fate.append(("same", earlier))
            continue
        fate.append(("keep", len(new_inits)))
        new_inits.append(init)
    if all(kind == "keep" for kind, _ in fate):
        return False
    new_loop = _new_for(rewriter, loop, new_inits)
    new_body = new_loop.regions[0].blocks[0]
    transfer, results = [new_body.args[0]], []
    for kind, what in fate:
        if kind == "same":
            kind, what = fate[what]
        if kind == "init":
            transfer.append(what)
            results.append(what)
        else:
            transfer.append(new_body.args[1 + what])
            results.append(new_loop.results[what])
    rewriter.merge_blocks(body, new_body, transfer)
    merged = _yield(new_body)
    with rewriter.insertion_guard():
        rewriter.set_insertion_point(merged)
        _new_yield(rewriter, [v for v, (kind, _) in zip(merged.operands, fate)
                              if kind == "keep"])
    rewriter.erase_op(merged)
    rewriter.replace_op(loop, results)
    return True


def _new_for(rewriter, loop, inits):
    """An scf.for with `loop`'s bounds, attributes and these inits, its
    body an empty block of the induction variable and iter_args."""
    block = Block([loop.operands[0].type] + [v.type for v in inits])
    new = _build("scf.for", [*loop.operands[:3], list(inits)], [v.type for v in inits],
                 regions=[Region([block])])
    new.attributes = dict(loop.attributes)
    new.properties.update({k: v for k, v in loop.properties.items()
                           if k not in new.properties})
    return _insert(rewriter, new)


def _constant_diff(lower, upper, unsigned_cmp: bool = False):
    """computeConstDiff: upper - lower for two constants (compared as
    unsigned numbers for an `unsigned` loop), or c of upper = addi(lower, c)."""
    lo, hi = constant_int_value(lower), constant_int_value(upper)
    if lo is not None and hi is not None:
        if unsigned_cmp:
            width = 64 if isinstance(lower.type, T.IndexType) else lower.type.width
            lo, hi = lo & ((1 << width) - 1), hi & ((1 << width) - 1)
        return hi - lo
    add = upper.defining_op
    if add is not None and add.op_name == "arith.addi":
        a, b = add.operands
        if a is lower and constant_int_value(b) is not None:
            return constant_int_value(b)
        if b is lower and constant_int_value(a) is not None:
            return constant_int_value(a)
    return None


def simplify_trivial_loops(loop, rewriter) -> bool:
    """SimplifyTrivialLoops: a loop of no iteration is its inits, one of
    one iteration its body; an empty loop that runs and yields values from
    outside is those values."""
    lower, upper, step = loop.operands[:3]
    inits = list(loop.operands[3:])
    if lower is upper:
        rewriter.replace_op(loop, inits)
        return True
    diff = _constant_diff(lower, upper, "unsignedCmp" in loop.properties)
    if diff is None:
        return False
    if diff <= 0:
        rewriter.replace_op(loop, inits)
        return True
    step_value = constant_int_value(step)
    if step_value is None:
        return False
    if step_value >= diff:
        replace_op_with_region(rewriter, loop, loop.regions[0], [lower] + inits)
        return True
    body = loop.regions[0].blocks[0]
    if len(body.ops) != 1:
        return False
    yielded = list(_yield(body).operands)
    if any(_defined_inside(loop, value) for value in yielded):
        return False
    rewriter.replace_op(loop, yielded)
    return True




# --------------------------------------------------------------- parallel
def constant_trip_count(lower, upper, step):
    """constantTripCount: the iterations of a loop of constant bounds and
    step (0 for equal bounds), or None."""
    if lower is upper:
        return 0
    lo, hi, st = (constant_int_value(v) for v in (lower, upper, step))
    if lo is None or hi is None or st is None or st <= 0:
        return None
    return max(0, -((lo - hi) // st))


def _clone_into(rewriter, ops, mapping) -> None:
    """Clone `ops` at the rewriter's insertion point (RewriterBase::clone)."""
    for op in ops:
        clone = rewriter.insert(op.clone(mapping))
        _notify_nested(rewriter, clone)


def _notify_nested(rewriter, op) -> None:
    """The ops a cloned region holds are inserted too."""
    if rewriter.listener is not None:
        for nested in list(op.walk())[1:]:
            rewriter.listener.notify_inserted(nested)


def _new_parallel(lowers, uppers, steps, inits):
    block = Block([T.INDEX] * len(steps))
    return _build("scf.parallel", [list(lowers), list(uppers), list(steps), list(inits)],
                  [v.type for v in inits], regions=[Region([block])])


def parallel_single_or_zero_iteration_dims(op, rewriter) -> bool:
    """ParallelOpSingleOrZeroIterationDimsFolder: a loop dimension of one
    iteration is its lower bound, one of none makes the loop its inits."""
    count = len(op.regions[0].blocks[0].args)
    lowers, uppers, steps = (op.operands[i * count:(i + 1) * count] for i in range(3))
    inits = list(op.operands[3 * count:])
    body = op.regions[0].blocks[0]
    mapping = {}
    kept = []
    for lower, upper, step, iv in zip(lowers, uppers, steps, body.args):
        trips = constant_trip_count(lower, upper, step)
        if trips == 0:
            rewriter.replace_op(op, inits)
            return True
        if trips == 1:
            mapping[iv] = lower
            continue
        kept.append((lower, upper, step, iv))
    if len(kept) == count:
        return False
    if not kept:
        _clone_into(rewriter, body.ops[:-1], mapping)
        reduce = body.ops[-1]
        results = []
        for index, region in enumerate(reduce.regions):
            block = region.blocks[0]
            mapping[block.args[0]] = inits[len(results)]
            mapping[block.args[1]] = mapping.get(reduce.operands[index], reduce.operands[index])
            _clone_into(rewriter, block.ops[:-1], mapping)
            returned = block.ops[-1].operands[0]
            results.append(mapping.get(returned, returned))
        rewriter.replace_op(op, results)
        return True
    new = _new_parallel([k[0] for k in kept], [k[1] for k in kept], [k[2] for k in kept], inits)
    new_block = new.regions[0].blocks[0]
    for (_, _, _, iv), arg in zip(kept, new_block.args):
        mapping[iv] = arg
    for nested in body.ops:
        new_block.append(nested.clone(mapping))
    rewriter.insert(new)
    _notify_nested(rewriter, new)
    rewriter.replace_op(op, new.results)
    return True


def merge_nested_parallel_loops(op, rewriter) -> bool:
    """MergeNestedParallelLoops: a parallel loop whose body is only a
    parallel loop independent of it becomes one loop of both dimensions."""
    outer = op.regions[0].blocks[0]
    if len(outer.ops) != 2 or outer.ops[0].op_name != "scf.parallel":
        return False
    inner = outer.ops[0]
    inner_count = len(inner.regions[0].blocks[0].args)
    if any(value in outer.args for value in inner.operands[:3 * inner_count]):
        return False
    if len(op.operands) != 3 * len(outer.args) or len(inner.operands) != 3 * inner_count:
        return False
    count = len(outer.args)
    def bounds(loop, n, i):
        return list(loop.operands[i * n:(i + 1) * n])
    new = _new_parallel(*(bounds(op, count, i) + bounds(inner, inner_count, i)
                          for i in range(3)), [])
    new_block = new.regions[0].blocks[0]
    inner_body = inner.regions[0].blocks[0]
    mapping = dict(zip(list(outer.args) + list(inner_body.args), new_block.args))
    for nested in inner_body.ops[:-1]:
        new_block.append(nested.clone(mapping))
    # The terminator ParallelOp::build adds, at the loop's location.
    new_block.append(_build("scf.reduce", [[]], [], regions=[])).pos = op.pos
    rewriter.insert(new)
    _notify_nested(rewriter, new)
    rewriter.replace_op(op, new.results)
    return True


PARALLEL_PATTERNS = (parallel_single_or_zero_iteration_dims, merge_nested_parallel_loops)


def preserves_static_information(source, target) -> bool:
    """tensor::preservesStaticInformation: `target` is a ranked tensor type
    at least as static as `source`."""
    if not isinstance(source, T.TensorType) or not isinstance(target, T.TensorType):
        return False
    if (source.element_type != target.element_type or len(source.shape) != len(target.shape)
            or source.encoding != target.encoding):
        return False
    return not any(a is not None and b is None for a, b in zip(source.shape, target.shape))


def for_tensor_cast_folder(loop, rewriter) -> bool:
    """ForOpTensorCastFolder: an iter_arg initialized by a tensor.cast that
    loses static information, whose result has one use, carries the cast's
    source instead, with casts inside the body and after the loop."""
    inits = list(loop.operands[3:])
    for index, (init, result) in enumerate(zip(inits, loop.results)):
        cast = init.defining_op
        if cast is None or cast.op_name != "tensor.cast":
            continue
        source = cast.operands[0]
        if source.type == cast.results[0].type or len(result.uses) != 1:
            continue
        if not preserves_static_information(cast.results[0].type, source.type):
            continue
        old_type, new_type = init.type, source.type
        new_inits = inits[:index] + [source] + inits[index + 1:]
        new_loop = _new_for(rewriter, loop, new_inits)
        body = new_loop.regions[0].blocks[0]
        transfer = list(body.args)
        with rewriter.insertion_guard():
            rewriter.set_insertion_point_to_start(body)
            cast_in = _insert(rewriter, _build("tensor.cast", (body.args[1 + index],),
                                               [old_type]))
            transfer[1 + index] = cast_in.results[0]
            rewriter.merge_blocks(loop.regions[0].blocks[0], body, transfer)
            old_yield = _yield(body)
            rewriter.set_insertion_point(old_yield)
            rewriter.loc = new_loop.pos     # every op made is at the new loop's location
            cast_out = _insert(rewriter, _build("tensor.cast", (old_yield.operands[index],),
                                                [new_type]))
            values = list(old_yield.operands)
            values[index] = cast_out.results[0]
            _new_yield(rewriter, values)
            rewriter.erase_op(old_yield)
            rewriter.set_insertion_point_after(new_loop)
            back = _insert(rewriter, _build("tensor.cast", (new_loop.results[index],),
                                            [old_type]))
        results = list(new_loop.results)
        results[index] = back.results[0]
        rewriter.replace_op(loop, results)
        return True
    return False


FOR_PATTERNS = (for_iter_args_folder, simplify_trivial_loops, for_tensor_cast_folder)
