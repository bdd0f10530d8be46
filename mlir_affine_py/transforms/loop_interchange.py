"""-affine-loop-interchange: choose the best legal order of every loop nest.

The design (legality, distribution, cost model) is docs/loop-interchange.md:

1. every affine.for nest of every function is found, including nests inside
   other ops' regions;
2. an imperfect nest is distributed (loop_distribution.py) by the strongly
   connected components of its dependence graph, level by level, on a copy
   kept only when it permutes more bands than the nest as written;
3. every perfect band of two loops or more is decided, the bands inside a
   loop that stays whole included;
4. the orders that keep every dependence lexicographically non-negative are
   searched with a dynamic program over sets of outer loops, which prunes an
   illegal prefix as soon as a dependence turns negative and never builds the
   d! orders;
5. the cheapest order (ties to fewer strided references innermost, then to
   the original order) is applied with `permute_loops`, the utility the test
   pass uses too.

Bands whose bounds depend on outer loops of the band, or whose body holds
affine.if, are decided and rewritten through the polyhedral core
(polyhedral_interchange.py: exact dependences, isl code generation) when
their innermost body holds no further loops.  Bands the pass does not
handle (iter_args, calls or ops with unknown effects, regions that are not
SCoPs, such bands around further loops) are left as they are, with a remark saying why
when `remarks=true`; every band gets one `chose order`, `kept the original
order` or `left as it is` remark.
"""

from __future__ import annotations

from ..analysis.affine_access import (MemRefAccess, depends_on, enclosing_affine_ops,
                                     is_memory_access, loop_ivs)
from ..analysis.cost_model import DEFAULT_TRIP_COUNT, UNROLL_LIMIT, NestModel, access_info
from ..analysis.dependence import DependenceAnalysis, DependenceComponent, num_common_loops
from ..dialects.affine import AffineForOp
from .. import remarks
from ..passes import Option, Pass, emit_remark
from .loop_distribution import distribute_nest
from .loop_utils import get_perfectly_nested_loops, order_to_perm_map, permute_loops
from .interchange_decisions import (BandDecision, cost_legend, format_number, format_order,
                                    search_orders, unsupported_op_reason)
from .polyhedral_interchange import decide_polyhedral

# Nests the polyhedral path (polyhedral_interchange.py) decides: their new
# bounds and guards are generated with isl.
POLYHEDRAL_REASONS = ("non-rectangular loop bounds", "the nest contains affine.if")


class AffineLoopInterchange(Pass):
    """The pass; its options are the cost model's parameters (docs/loop-interchange.md)."""

    argument = "affine-loop-interchange"
    summary = "Interchange affine loop nests for locality and parallelism"
    pass_name = "AffineLoopInterchange"

    cache_line_size = Option(64, "Cache line size in bytes, for the spatial cost",
                             unsigned=True, minimum=1)
    parallelism_weight = Option(100, "Weight of the parallelism cost against the "
                                "locality costs", unsigned=True)
    default_trip_count = Option(DEFAULT_TRIP_COUNT, "Trip count assumed for a loop "
                                "with symbolic bounds", unsigned=True, minimum=1)
    remarks = Option(False, "Remark, per nest, the legal orders with their costs and "
                     "the order chosen, or why the nest is left alone")

    def run_on_operation(self, op) -> None:
        analysis = DependenceAnalysis(alias_conservative=True, relaxed_bounds=True)
        roots = [o for o in op.walk()
                 if isinstance(o, AffineForOp) and not isinstance(o.parent_op, AffineForOp)]
        for root in roots:
            Interchanger(self, analysis).run(root)


# The options of a run, as the search reads them.
InterchangeOptions = AffineLoopInterchange


def run_affine_loop_interchange(module, options: dict) -> None:
    """Run the pass on `module` with options given as {"name": "text"}."""
    text = " ".join(f"{key}={value}" for key, value in options.items())
    AffineLoopInterchange.from_option_text(text).run_on_operation(module)


class Interchanger:
    def __init__(self, config: InterchangeOptions, analysis: DependenceAnalysis):
        self.config = config
        self.analysis = analysis

    def remark(self, op, message: str) -> None:
        if self.config.remarks:
            emit_remark(f"affine-loop-interchange: {message}", op.pos)

    # -------------------------------------------------------------- driver
    def run(self, root: AffineForOp) -> None:
        if root.parent is None:
            return      # erased with a nest distributed around it
        if self._has_nested_loops_below_perfect_nest(root):
            plan = distribute_nest(root, self.analysis)
            for line, reason in plan.notes:
                self.remark(root, f"the loop on line {line} {reason}")
            if plan.distributed:
                split = self.plan_bands_of(plan.new_roots)
                whole = self.plan_bands_of([root])
                if _permuted(split) > _permuted(whole):
                    plan.commit()
                    self.finish(split)
                    perfect = sum(1 for r in plan.new_roots
                                  if not self._has_nested_loops_below_perfect_nest(r))
                    kind = ("perfect nests" if perfect == len(plan.new_roots)
                            else f"nests ({perfect} perfect)")
                    self.remark(root, f"distributed an imperfect nest into "
                                      f"{len(plan.new_roots)} {kind}")
                    return
                plan.discard()
                self.remark(root, "distribution would enable no interchange; the imperfect nest is kept")
            else:
                plan.discard()
                whole = self.plan_bands_of([root])
            self.finish(whole)
            if not whole:
                why = ("its loops cannot be distributed" if not plan.distributed
                       else "distribution would enable no interchange")
                self.remark(root, f"kept the original order of the imperfect nest: it has no perfect "
                                  f"band of two loops or more and {why}")
            return
        self.finish(self.plan_bands_of([root]))

    def plan_bands_of(self, roots) -> list:
        """Decisions for every perfect band of depth >= 2 in the nests at
        `roots`: the outermost band of each, then (recursively) the bands
        of the loops in its innermost body, so a loop that cannot be
        distributed or permuted still has the bands inside it optimized."""
        decisions = []
        for root in roots:
            band = get_perfectly_nested_loops(root)
            inner = [op for op in band[-1].body.ops if isinstance(op, AffineForOp)]
            if len(band) >= 2:
                decisions.append(self.decide(band, around_loops=bool(inner)))
            decisions += self.plan_bands_of(inner)
        return decisions

    def finish(self, decisions) -> None:
        """Emits the remarks in nest order, then applies the decisions
        innermost band first: permuting an outer band moves the loops inside
        it unchanged, so the bands inside it, which may be rewritten by the
        polyhedral path, keep the loops their decisions name."""
        for decision in decisions:
            for message in decision.remarks:
                self.remark(decision.nest[0], message)
            for kind, name, args in decision.records:
                remarks.emit(kind, decision.nest[0], name, AffineLoopInterchange.argument, *args)
        for decision in reversed(decisions):
            if not decision.permutes:
                continue
            if decision.applier is not None:
                decision.applier.apply(decision.order)
            else:
                permute_loops(decision.nest, order_to_perm_map(decision.order))

    @staticmethod
    def _has_nested_loops_below_perfect_nest(root) -> bool:
        innermost = get_perfectly_nested_loops(root)[-1]
        return any(isinstance(op, AffineForOp) for op in innermost.body.ops)

    # ------------------------------------------------------------ deciding
    def decide(self, nest, around_loops: bool = False) -> BandDecision:
        """The best legal order of the perfect band `nest` (whose innermost
        body holds further loops when `around_loops`)."""
        decision = BandDecision(nest)
        say = decision.remarks.append
        why = self.unsupported_reason(nest)
        if why in POLYHEDRAL_REASONS and not around_loops:
            return decide_polyhedral(self, nest, why)
        if why in POLYHEDRAL_REASONS:
            # The polyhedral legality test misses dependences of the loops
            # below such a band (a reduction into a memref inside them was
            # reordered); the bands inside it are still decided.
            why += " in a band around further loops"
        if why:
            say(f"nest left as it is: {why}")
            decision.record_left(why)
            return decision
        model, assumed = self.build_model(nest, around_loops)
        best, legal_count, listed = search_orders(model, len(nest))
        total = 1
        for k in range(2, len(nest) + 1):
            total *= k
        kind = "perfect band" if around_loops else "perfect nest"
        body = " around further loops" if around_loops else ""
        say(f"{kind} of depth {len(nest)}{body}, trip counts {model.trips}"
            f"{assumed}; {legal_count} of {total} orders legal; "
            f"{cost_legend(self.config.parallelism_weight)}")
        identity = tuple(range(len(nest)))
        scores = {order: model.score(order) for order in (*listed, best, identity)}
        for order in listed:
            p, s, t, cost = scores[order]
            say(f"legal order {format_order(order, nest)}: parallelism {p}, spatial {format_number(s)}, "
                f"temporal {t}, total {format_number(cost)}")
        if legal_count > len(listed):
            say(f"... and {legal_count - len(listed)} more legal orders")
        decision.record_orders(scores, listed, best)
        why = _assumptions(model, best, identity)
        if best == identity:
            say(f"kept the original order {format_order(identity, nest)}{why}")
        else:
            perm_map = ",".join(map(str, order_to_perm_map(best)))
            say(f"chose order {format_order(best, nest)} (permutation-map={perm_map}){why}")
        decision.order = best
        return decision

    def unsupported_reason(self, nest) -> str | None:
        if any(loop.inits for loop in nest):
            return "a loop has iter_args"
        ivs = {loop.induction_var for loop in nest}
        for loop in nest:
            for value in list(loop.lower_bound_operands) + list(loop.upper_bound_operands):
                if depends_on(value, ivs):
                    return "non-rectangular loop bounds"
        return unsupported_op_reason(nest[-1])

    def iterations_around(self, nest) -> tuple:
        """(iterations of the loops enclosing the band, whether a symbolic
        trip count was assumed).  A band inside other loops is scored as the
        whole nest with those loops fixed outside it: its locality costs are
        paid once per iteration of theirs, its parallelism cost (the
        iterations inside a carrying loop) is not."""
        around, symbolic = 1, False
        for loop, _ in enclosing_affine_ops(nest[0]):
            if isinstance(loop, AffineForOp):
                trip = constant_trip_count(loop)
                if trip is None:
                    trip = self.config.default_trip_count
                    symbolic = True
                around *= max(trip, 1)
        return around, symbolic

    def build_model(self, nest, around_loops: bool = False):
        """(NestModel, note on assumed trip counts).  A band around further
        loops is not taken as unrolled, however short: its innermost loop
        is not the innermost one that runs."""
        trips, symbolic = [], False
        for loop in nest:
            trip = constant_trip_count(loop)
            if trip is None:
                trip = self.config.default_trip_count
                symbolic = True
            trips.append(max(trip, 0))
        outer = len(loop_ivs(enclosing_affine_ops(nest[0])))
        around, around_symbolic = self.iterations_around(nest)
        symbolic = symbolic or around_symbolic
        accesses = [MemRefAccess(op) for op in nest[-1].walk() if is_memory_access(op)]
        dependences, unknown = [], set()
        for depth in range(outer + 1, outer + len(nest) + 1):
            for src in accesses:
                for dst in accesses:
                    result = self.analysis.check(src, dst, depth)
                    if result.kind == "failure":
                        if not (src.is_write or dst.is_write):
                            continue
                        comps = unknown_components(num_common_loops(src, dst), depth)
                        unknown.add(result.reason)
                    elif result.has_dependence:
                        comps = result.components
                    else:
                        continue
                    dependences.append(comps[outer:outer + len(nest)])
        model = NestModel([loop.induction_var for loop in nest], trips,
                          [access_info(a.op) for a in accesses], dependences,
                          self.config.cache_line_size, self.config.parallelism_weight,
                          unroll_limit=0 if around_loops else UNROLL_LIMIT, around=around)
        note = (f" (symbolic trip counts taken as {self.config.default_trip_count})"
                if symbolic else "")
        if unknown:
            note += f" (dependences through {', '.join(sorted(unknown))} taken as unknown)"
        return model, note


def _assumptions(model: NestModel, best, identity) -> str:
    """The modelling rules that drove the choice, for its remark."""
    notes = []
    unrolled = model.unrolled_loops(best)
    if unrolled:
        notes.append(f"the innermost loops {tuple(sorted(unrolled))} taken as unrolled "
                     f"(at most {model.unroll_limit} iterations in all)")
    if best != identity and model.is_legal(identity) \
            and model.score(best)[3] == model.score(identity)[3]:
        notes.append(f"a tie on the total, broken by the references the innermost loop walks "
                     f"with a stride: {model.strided_references(best[-1])} against "
                     f"{model.strided_references(identity[-1])}")
    return "".join(f"; {note}" for note in notes)


def _permuted(decisions) -> int:
    return sum(1 for decision in decisions if decision.permutes)


def unknown_components(common: int, depth: int) -> list:
    """What is known of a dependence at `depth` that could not be analysed:
    the loops outside `depth` have distance 0 and the loop at `depth` at
    least 1 (that is what a dependence at that depth means); the rest is
    unknown.  The original order therefore stays legal."""
    if depth > common:
        return [DependenceComponent(None, 0, 0)] * common
    return ([DependenceComponent(None, 0, 0)] * (depth - 1) + [DependenceComponent(None, 1, None)]
            + [DependenceComponent(None, None, None)] * (common - depth))


def constant_trip_count(loop: AffineForOp) -> int | None:
    lb_map, ub_map = loop.lower_bound_map, loop.upper_bound_map
    if lb_map.num_dims or lb_map.num_symbols or ub_map.num_dims or ub_map.num_symbols:
        return None
    lows = [e.value for e in lb_map.results if hasattr(e, "value")]
    highs = [e.value for e in ub_map.results if hasattr(e, "value")]
    if len(lows) != len(lb_map.results) or len(highs) != len(ub_map.results):
        return None
    span = min(highs) - max(lows)
    step = loop.step
    return max(0, (span + step - 1) // step)
