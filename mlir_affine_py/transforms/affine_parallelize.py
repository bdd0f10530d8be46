"""-affine-parallelize: every `affine.for` that carries no dependence
becomes a one-dimensional `affine.parallel`, as mlir-opt's pass does
(mlir/lib/Dialect/Affine/Transforms/AffineParallelize.cpp with
`isLoopParallel` of Analysis/AffineAnalysis.cpp and `affineParallelize` of
Utils/Utils.cpp).

Design notes
------------
- **Which loops.** Loops are judged in pre-order, all before any changes, so
  an inner loop is judged in the nest as written.  A loop is parallel when
  no dependence is carried by it: for every pair of affine accesses under it
  (one of them a write), the isl dependence polyhedron at its depth is empty
  (`analysis/dependence.py`, exact, the pairwise form of the project's
  dependences).  Memrefs allocated inside the loop (or views of them) are
  private to an iteration and not looked at; an op with other memory
  effects, or whose effects are unknown, keeps the loop sequential, and so
  does an iter_arg that is not a reduction, or a memref-typed one.
- **Reductions.** With `parallel-reductions`, an iter_arg combined by a
  single side-effect-free op (`matchReduction`) whose kind affine.parallel
  knows (addf, mulf, addi, muli, andi, ori, min/max) does not keep the loop
  sequential: the parallel loop yields the reduced value and the combiner
  moves after it, applied to the initial value.  Reassociation can change
  floating-point results, so this is off by default, as upstream.
- **Privatization.** With `privatize` (not in mlir-opt, off by default),
  a loop whose carried dependences are all on buffers of the function
  that each iteration writes before reading and nobody reads after the
  loop runs in parallel with a copy of them per iteration
  (`privatization.py`).
- **Nesting.** A loop becomes parallel only while fewer than `max-nested`
  affine.parallel ops surround it within its affine scope.
- **Against mlir-opt.** Whether a dependence exists is decided exactly by
  both tools (isl here, MLIR's Presburger library there), so they find the
  same loops parallel, with one exception: accesses through two views of
  one allocation may overlap, and mlir-opt, which takes distinct memref
  values as distinct, may run such a loop in parallel; here it stays
  sequential, with a remark.
"""

from __future__ import annotations

import islpy as isl

from ..analysis.affine_access import (MemRefAccess, NotAffine, is_affine_scope, is_memory_access,
                                      memref_root)
from ..analysis.dependence import DependenceAnalysis
from ..dialects.affine import AffineForOp, AffineIfOp, AffineYieldOp
from ..dialects.affine_parallel import AffineParallelOp
from ..dialects.arith import ATOMIC_RMW_KINDS
from ..ir import attributes as A
from ..ir import types as T
from ..ir.traits import ALLOCATE, ViewLikeOpInterface, is_memory_effect_free, memory_effects
from ..passes import Option, Pass
from ..polyhedral.scop import extract
from .loop_utils import loop_name
from .privatization import (accesses_of, buffer_name, last_iteration,
                            privatizable, privatize, refusal, written_box)

UNLIMITED = (1 << 32) - 1



class AffineParallelize(Pass):
    argument = "affine-parallelize"
    summary = "Convert affine.for ops into 1-D affine.parallel"
    pass_name = "AffineParallelize"
    op_name = "func.func"

    max_nested = Option(UNLIMITED, "Maximum number of nested parallel loops to produce. "
                        "Defaults to unlimited (UINT_MAX).", unsigned=True)
    parallel_reductions = Option(False, "Whether to parallelize reduction loops. "
                                 "Defaults to false.")
    remarks = Option(False, "Remark, per loop, whether it runs in parallel and, if not, "
                     "which dependence or value it carries; a dependence that cannot be "
                     "analysed always gets a remark")
    privatize = Option(False, "Run a loop in parallel whose carried dependences are all on "
                       "buffers of the function each iteration writes before reading them and "
                       "nobody reads after the loop, with a copy of them per iteration (not "
                       "in mlir-opt)")

    def run_on_operation(self, op) -> None:
        analysis = DependenceAnalysis(alias_conservative=True)
        # Nothing changes before every loop is judged: one access per op,
        # so the analysis reads each pair once for all the loops around it.
        accesses: dict = {}
        # The value-based flow of each buffer asked about, for privatization.
        flows: dict | None = {} if self.privatize else None
        candidates = []
        for loop in op.walk():
            if not isinstance(loop, AffineForOp):
                continue
            reductions = supported_reductions(loop) if self.parallel_reductions else []
            if len(reductions) != len(loop.inits):
                self.remark(loop, "stays sequential: an iter_arg is not a reduction it can "
                            "run in parallel" if self.parallel_reductions else
                            "stays sequential: it has iter_args (see parallel-reductions)")
                continue
            if parallel_ops_around(loop) >= self.max_nested:
                # Inside as many parallel loops as allowed already (ones the
                # input has): it stays sequential whatever it carries.
                self.remark(loop, f"stays sequential: {self.max_nested} parallel loops "
                            f"around it (max-nested)")
                continue
            unprofitable = self.unprofitable(loop)
            if unprofitable:
                # Too little work to run in parallel whatever it carries:
                # not analysed (a jammed body's short loops took seconds).
                self.remark(loop, f"stays sequential: {unprofitable}")
                continue
            if self.whole_loop_first and parallel_ops_around(loop) + sum(
                    1 for outer, _, _ in candidates if outer.is_ancestor_of(loop)
            ) >= self.max_nested:
                # Inside loops that will run in parallel, as many as allowed:
                # sequential whatever it carries, and not analysed.
                self.remark(loop, f"stays sequential: {self.max_nested} parallel loops "
                            f"around it (max-nested)")
                continue
            carried, always, notes, private = carried_dependence(
                loop, analysis, accesses, flows, self.whole_loop_first)
            if carried is None:
                candidates.append((loop, reductions, private))
            elif always:
                self.emit_remark(loop, f"affine-parallelize: {loop_name(loop)} left sequential: "
                                 f"{carried}")
            else:
                self.remark(loop, f"stays sequential: {carried}", notes=notes)
        for loop, reductions, private in candidates:
            if parallel_ops_around(loop) < self.max_nested:
                name = loop_name(loop)
                names = [buffer_name(memref) + ("" if box is None else
                                                " (the last iteration's own: the argument)")
                         for memref, _, box in private]
                last = {memref: last_iteration(loop) for memref, _, box in private
                        if box is not None}
                parallel = affine_parallelize(loop, reductions)
                privatize(parallel, private, last)
                kinds = ", ".join(kind for kind, _, _ in reductions)
                self.remark(loop, "runs in parallel" + (f", reducing by {kinds}" if kinds else "")
                            + (f", with private copies of {', '.join(names)}" if names else ""),
                            name)
                self.created(parallel)
            else:
                self.remark(loop, f"stays sequential: {self.max_nested} parallel loops "
                            f"around it (max-nested)")

    # The search pair by pair only, as upstream's `isLoopParallel`: its
    # domains keep a step only under a single lower bound, as MLIR's do, so
    # it finds the loops parallel that mlir-opt finds; and every loop is
    # analysed, as upstream's remarks do.  True: the whole loop's
    # dependences first, and no analysis of the loops that do too little
    # work or sit inside as many loops that will run in parallel as
    # `max-nested` allows.
    whole_loop_first = False

    def unprofitable(self, loop) -> str:
        """Why a loop that may run in parallel should not (empty: it
        should).  Every such loop runs in parallel here, as upstream; a
        subclass with a cost model says otherwise."""
        return ""

    def created(self, parallel) -> None:
        """A parallel loop the pass made (a subclass may keep it)."""

    def remark(self, loop, what: str, name: str | None = None, notes=()) -> None:
        if self.remarks:
            self.emit_remark(loop, f"affine-parallelize: {name or loop_name(loop)} {what}", notes)


# ----------------------------------------------------------------- analysis
def carried_dependence(loop, analysis, access_of: dict | None = None,
                       flows: dict | None = None, whole_loop_first: bool = False) -> tuple:
    """`isLoopMemoryParallel` with exact dependences: (None, False, (),
    buffers to privatize) when the loop carries no dependence, or only on
    buffers it may privatize (when `flows` is given: the value-based flow
    of each buffer asked about, kept for the next loop; each buffer with
    the loop's accesses of it); otherwise (why not, whether mlir-opt may judge
    otherwise: a dependence that could not be analysed, such as accesses
    through two views of one allocation, which mlir-opt takes as distinct
    memrefs, notes at the two accesses of a dependence, []).  `access_of`,
    given, keeps each op's MemRefAccess for the next loop asked about
    while the IR stays as it is.  With `whole_loop_first`, the loop's
    dependences are first computed at once (`_carried_statements`): a loop
    they show parallel skips the search pair by pair, its reference, and in
    one that carries a dependence the search tries first the pairs of the
    statements they join.  Every loop the reference finds parallel they
    find parallel; they find more where a step meets a `max` lower bound,
    which the SCoP's domains keep exactly (test_parallelize_fast_path.py)."""
    access_of = {} if access_of is None else access_of
    if any(isinstance(r.type, T.MemRefType) for r in loop.results):
        return "it carries a memref through iter_args", False, (), []
    accesses = []
    for op in loop.walk():
        if op is loop:
            continue
        if is_memory_access(op):
            if not _locally_defined(op.memref, loop):
                if op not in access_of:
                    access_of[op] = MemRefAccess(op)
                accesses.append(access_of[op])
        elif isinstance(op, AffineParallelOp):
            return "it holds an affine.parallel, whose accesses are not analysed", False, (), []
        elif not isinstance(op, (AffineForOp, AffineYieldOp, AffineIfOp)) \
                and not _only_allocates(op) and not is_memory_effect_free(op):
            return f"'{op.op_name}' may have memory effects", False, (), []
    if not accesses:
        return None, False, (), []
    pairs = [(src, dst) for src in accesses for dst in accesses]
    if whole_loop_first:
        joined = _carried_statements(loop, accesses)
        if joined == []:
            return None, False, (), []
        if joined:
            # The pairs of the statements isl found joined first.
            statement_of, linked = joined
            # Two accesses of one memref, one writing, of statements isl found
            # joined across iterations.
            pairs = [(src, dst) for src, dst in pairs
                     if src.memref is dst.memref and (src.is_write or dst.is_write)
                     and (statement_of.get(src.op), statement_of.get(dst.op)) in linked] + pairs
            # A dependence on a buffer it could not privatize ends the
            # search: those first; and a write first (flow and output
            # dependences run forward from it, as the loop's iterations do).
            memrefs = {a.memref for a in accesses}
            candidate = {m: refusal(m, loop, flows) is None for m in memrefs}
            pairs.sort(key=lambda pair: (candidate[pair[0].memref], not pair[0].is_write))
    depth = accesses[0].ivs.index(loop.induction_var) + 1
    # Buffers a dependence is carried on that the loop may privatize: the
    # first such dependence of each, said if privatization is refused.
    private: dict = {}
    for src, dst in pairs:
        if src.memref in private:
            continue
        result = analysis.check(src, dst, depth, want_components=False)
        if result.kind == "failure":
            return f"a dependence could not be analysed ({result.reason})", True, (), []
        if result.kind != "none":
            kind = {(True, False): "flow", (False, True): "anti"}.get(
                (src.is_write, dst.is_write), "output")
            carried = (f"it carries the {kind} dependence from the {src.op.op_name} to "
                       f"the {dst.op.op_name}", False,
                       [("source of the dependence", src.op.pos),
                        ("destination of the dependence", dst.op.pos)], [])
            refused = refusal(src.memref, loop, flows)
            if refused is not None:
                text, always, notes, _ = carried
                return (f"{text} (not privatized: {refused})" if refused else text, always,
                        notes, [])
            private[src.memref] = carried
    for memref, carried in private.items():
        refused = privatizable(memref, loop, flows)
        if refused:
            text, always, notes, _ = carried
            return (f"{text} (not privatized: {refused})", always, notes, [])
    return None, False, (), [(memref, [op for op in accesses_of(memref) if loop.is_ancestor_of(op)],
                              written_box(memref, loop, flows)) for memref in private]


def _carried_statements(loop, accesses) -> tuple | list | None:
    """The loop's accesses read as a SCoP with the loops around it as
    parameters (`polyhedral/scop.py`), all at once (one isl computation
    instead of one per pair of accesses; a jammed body of a hundred accesses
    took seconds pair by pair): ({op: its statement}, {(statement,
    statement)}) of the statements whose instances in different iterations
    touch one element, one of them writing (both ways round), [] when none
    do, None where the
    question is the pairwise search's alone (a memref that views another,
    or a loop that is not a SCoP)."""
    if any(memref_root(access.memref) is not access.memref for access in accesses):
        return None
    try:
        scop = extract(loop)
    except NotAffine:
        return None
    # Two instances of different iterations touching one element, one of
    # them writing: the earlier is the source of a carried dependence.  No
    # order is needed to know that one exists, and the schedule's order is
    # what costs most in isl on a jammed body of a hundred statements.
    conflicts = scop.writes.apply_range(scop.writes.union(scop.reads).reverse())
    maps: list = []
    conflicts.foreach_map(maps.append)
    linked = set()
    for pair in maps:
        # The loop is the SCoP's outermost: an instance's first dimension is
        # its iteration.
        if not pair.subtract(pair.equate(isl.dim_type.in_, 0, isl.dim_type.out, 0)).is_empty():
            writer = pair.get_tuple_name(isl.dim_type.in_)
            other = pair.get_tuple_name(isl.dim_type.out)
            linked |= {(writer, other), (other, writer)}
    if not linked:
        return []
    statement_of = {op: s.name for s in scop.statements for op in s.all_ops()}
    return statement_of, linked


def _only_allocates(op, value=None) -> bool:
    """`hasSingleEffect<MemoryEffects::Allocate>`: every effect of the op
    allocates (`value`, when given), and it has one."""
    effects = memory_effects(op)
    return bool(effects) and all(e.kind == ALLOCATE and (value is None or e.value is value)
                                 for e in effects)


def _locally_defined(memref, loop) -> bool:
    """The memref is allocated inside `loop`, or is a view of one that is."""
    op = memref.defining_op
    if op is None:
        return False
    if _only_allocates(op, memref) and loop is not op and loop.is_ancestor_of(op):
        return True
    return op.has_trait(ViewLikeOpInterface) and _locally_defined(op.operands[0], loop)


def parallel_ops_around(loop) -> int:
    count, parent = 0, loop.parent_op
    while parent is not None and not is_affine_scope(parent):
        count += isinstance(parent, AffineParallelOp)
        parent = parent.parent_op
    return count


def supported_reductions(loop) -> list:
    """`getSupportedReductions`: (kind, position, reduced value) of each
    iter_arg combined by one op of a kind affine.parallel reduces by."""
    found = []
    for position in range(len(loop.inits)):
        match = match_reduction(loop, position)
        if match is not None:
            combiner, value = match
            # The kind of arith::AtomicRMWKind the combiner declares.
            kind = getattr(type(combiner), "reduction_kind", None)
            if kind is not None:
                found.append((kind, position, value))
    return found


def match_reduction(loop, position: int):
    """`matchReduction` limited to one combiner: (combiner op, reduced
    value) when the iter_arg's only use is a binary, side-effect-free op of
    the loop body whose only use is the yield at the same position."""
    carried = loop.body.args[1:]
    arg = carried[position]
    if len(arg.uses) != 1:
        return None
    combiner = arg.uses[0][0]
    if len(combiner.operands) != 2:
        return None
    value = combiner.operands[1] if combiner.operands[0] is arg else combiner.operands[0]
    if _depends_on_carried(value, set(carried), loop):
        return None
    if combiner.is_terminator or not is_memory_effect_free(combiner) \
            or len(combiner.results) != 1 or len(combiner.results[0].uses) != 1 \
            or combiner.parent_op is not loop:
        return None
    user = combiner.results[0].uses[0][0]
    if not user.is_terminator or user.operands[position] is not combiner.results[0]:
        return None
    return combiner, value


def _depends_on_carried(value, carried: set, loop) -> bool:
    seen, work = set(), [value]
    while work:
        value = work.pop()
        if value in carried:
            return True
        op = value.defining_op
        if op is None or op in seen or not loop.is_ancestor_of(op):
            continue
        seen.add(op)
        work.extend(op.operands)
    return False


# ------------------------------------------------------------------- rewrite
def affine_parallelize(loop, reductions) -> AffineParallelOp:
    """Replace `loop` by a one-dimensional affine.parallel with its body
    (`affineParallelize`); each reduction's combiner moves after it."""
    lb_map, ub_map = loop.lower_bound_map, loop.upper_bound_map
    groups = lambda map: A.DenseElementsAttr(T.TensorType((1,), T.I32), [len(map.results)])  # noqa: E731
    properties = {
        "lowerBoundsGroups": groups(lb_map), "lowerBoundsMap": A.AffineMapAttr(lb_map),
        "reductions": A.ArrayAttr([A.IntegerAttr(ATOMIC_RMW_KINDS.index(kind), T.I64)
                                   for kind, _, _ in reductions]),
        "steps": A.ArrayAttr([A.IntegerAttr(loop.step, T.I64)]),
        "upperBoundsGroups": groups(ub_map), "upperBoundsMap": A.AffineMapAttr(ub_map)}
    operands = list(loop.lower_bound_operands) + list(loop.upper_bound_operands)
    parallel = AffineParallelOp.build_generic((operands,), [v.type for _, _, v in reductions])
    # Its inherent attributes are not declared as ODS properties, which
    # the generic build checks: they are set as the parser sets them.
    parallel.properties = properties
    parallel.pos = loop.pos
    block = loop.parent
    index = block.ops.index(loop)
    block.insert(index, parallel)
    region = loop.regions[0]
    loop.regions = []
    region.parent = parallel
    parallel.regions = [region]
    body = region.blocks[0]
    yield_op = body.ops[-1]
    for number, (_kind, position, _value) in enumerate(reductions):
        combiner = yield_op.operands[position].defining_op
        body.ops.remove(combiner)
        block.insert(block.ops.index(parallel) + 1 + number, combiner)
        _set_operands(combiner, [loop.inits[position], parallel.results[number]])
        loop.results[position].replace_all_uses_with(combiner.results[0])
    _set_operands(yield_op, [value for _, _, value in reductions])
    del body.args[1:]
    loop.erase()
    return parallel


def _set_operands(op, values) -> None:
    for index, old in enumerate(op.operands):
        old.uses.remove((op, index))
    op.operands = list(values)
    for index, value in enumerate(op.operands):
        value.uses.append((op, index))
