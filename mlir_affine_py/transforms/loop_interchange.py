"""-affine-loop-interchange: choose the best legal order of every loop nest.

The design, the cost model and the legality rule are described in
docs/interchange-design.md:

1. every affine.for nest of every function is found, including nests inside
   other ops' regions;
2. an imperfect nest is made perfect by distributing a loop over the parts of
   its body (loop_distribution.py), only where that is legal, and only kept
   when it lets some part be interchanged;
3. the orders that keep every dependence lexicographically non-negative are
   searched with a dynamic program over sets of outer loops, which prunes an
   illegal prefix as soon as a dependence turns negative and never builds the
   d! orders;
4. the cheapest order (ties to the original order) is applied with
   `permute_loops`, the utility the test pass uses too.

Nests the pass does not handle (iter_args, affine.if, non-rectangular bounds,
calls or ops with unknown effects, accesses it cannot analyse) are left as
they are, with a remark saying why when `remarks=true`.
"""

from __future__ import annotations

from ..analysis.affine_access import (MemRefAccess, depends_on, enclosing_affine_ops,
                                     is_memory_access, loop_ivs)
from ..analysis.cost_model import DEFAULT_TRIP_COUNT, NestModel, access_info
from ..analysis.dependence import DependenceAnalysis, DependenceComponent, num_common_loops
from ..dialects.affine import AffineForOp
from ..ir.core import Operation
from ..passes import Option, Pass, emit_remark
from .loop_distribution import distribute_nest
from .loop_utils import get_perfectly_nested_loops, order_to_perm_map, permute_loops

MAX_LISTED_ORDERS = 24

# Ops a nest body may hold: pure computation and affine memory accesses.
PURE_DIALECTS = ("arith.", "math.", "index.")
HANDLED_OPS = {"affine.load", "affine.store", "affine.vector_load", "affine.vector_store",
               "affine.apply", "affine.min", "affine.max", "affine.yield", "affine.for"}


class AffineLoopInterchange(Pass):
    """The pass; its options are the cost model's parameters (docs/cost-model.md)."""

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
        analysis = DependenceAnalysis(alias_conservative=True, relaxed_bounds=True,
                                      nonlinear_unknown=True)
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
        if self._has_nested_loops_below_perfect_nest(root):
            plan = distribute_nest(root, self.analysis)
            if plan.failure:
                self.remark(root, f"imperfect nest left as it is: {plan.failure}")
            elif plan.new_roots:
                decisions = [self.decide(r) for r in plan.new_roots]
                if any(d is not None and d[0] != tuple(range(len(d[0]))) for d in decisions):
                    plan.commit()
                    self.remark(root, f"distributed an imperfect nest into {len(plan.new_roots)} perfect nests")
                    for new_root, decision in zip(plan.new_roots, decisions):
                        if decision is not None:
                            self.apply(new_root, decision)
                    return
                plan.discard()
                self.remark(root, "distribution would enable no interchange; the imperfect nest is kept")
        decision = self.decide(root)
        if decision is not None:
            self.apply(root, decision)

    @staticmethod
    def _has_nested_loops_below_perfect_nest(root) -> bool:
        innermost = get_perfectly_nested_loops(root)[-1]
        return any(isinstance(op, AffineForOp) for op in innermost.body.ops)

    def apply(self, root, decision) -> None:
        order, nest = decision
        if order != tuple(range(len(order))):
            permute_loops(nest, order_to_perm_map(order))

    # ------------------------------------------------------------ deciding
    def decide(self, root):
        """(best order, nest) for the perfect nest at `root`, or None when the
        nest is left alone."""
        nest = get_perfectly_nested_loops(root)
        if len(nest) < 2:
            return None
        why = self.unsupported_reason(nest)
        if why:
            self.remark(root, f"nest left as it is: {why}")
            return None
        model, assumed = self.build_model(nest)
        if model is None:
            self.remark(root, f"nest left as it is: {assumed}")
            return None
        best, legal_count, listed = search_orders(model, len(nest))
        total = 1
        for k in range(2, len(nest) + 1):
            total *= k
        header = (f"perfect nest of depth {len(nest)}, trip counts {model.trips}"
                  f"{assumed}; {legal_count} of {total} orders legal")
        self.remark(root, f"{header}; {cost_legend(self.config.parallelism_weight)}")
        for order in listed:
            p, s, t, cost = model.score(order)
            self.remark(root, f"legal order {_fmt(order, nest)}: parallelism {p}, "
                              f"spatial {_num(s)}, temporal {t}, total {_num(cost)}")
        if legal_count > len(listed):
            self.remark(root, f"... and {legal_count - len(listed)} more legal orders")
        identity = tuple(range(len(nest)))
        if best == identity:
            self.remark(root, f"kept the original order {_fmt(identity, nest)}")
        else:
            perm_map = ",".join(map(str, order_to_perm_map(best)))
            self.remark(root, f"chose order {_fmt(best, nest)} (permutation-map={perm_map})")
        return best, nest

    def unsupported_reason(self, nest) -> str | None:
        if any(loop.inits for loop in nest):
            return "a loop has iter_args"
        ivs = {loop.induction_var for loop in nest}
        for loop in nest:
            for value in list(loop.lower_bound_operands) + list(loop.upper_bound_operands):
                if depends_on(value, ivs):
                    return "non-rectangular loop bounds"
        return unsupported_op_reason(nest[-1])

    def build_model(self, nest):
        """(NestModel, note on assumed trip counts) or (None, reason)."""
        trips, symbolic = [], False
        for loop in nest:
            trip = constant_trip_count(loop)
            if trip is None:
                trip = self.config.default_trip_count
                symbolic = True
            trips.append(max(trip, 0))
        outer = len(loop_ivs(enclosing_affine_ops(nest[0])))
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
                          self.config.cache_line_size, self.config.parallelism_weight)
        note = (f" (symbolic trip counts taken as {self.config.default_trip_count})"
                if symbolic else "")
        if unknown:
            note += f" (dependences through {', '.join(sorted(unknown))} taken as unknown)"
        return model, note


def unsupported_op_reason(loop) -> str | None:
    """Why the body of `loop` cannot be reordered, or None: only affine
    loops, affine memory accesses and registered pure ops are understood."""
    for op in loop.walk():
        if op is loop:
            continue
        name = op.op_name
        if name == "affine.if":
            return "the nest contains affine.if"
        if name in HANDLED_OPS:
            continue
        if name.startswith(PURE_DIALECTS) and not op.regions and type(op) is not Operation:
            continue
        if name == "func.call":
            return "the nest contains a call"
        return f"op '{name}' has unknown side effects"
    return None


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


def search_orders(model: NestModel, depth: int):
    """Best legal order by a dynamic program over sets of outer loops.

    Each cost term is a sum of contributions that depend only on a loop and
    the set of loops outside it, and whether a prefix is legal depends only
    on its set; so best[S] = the cheapest legal arrangement of the loops S as
    the outermost |S| loops.  Ties go to the lexicographically smallest
    order, which puts the original order first.  Also returns how many
    orders are legal and the first few of them for the remarks."""
    full = frozenset(range(depth))
    best = {frozenset(): (0, (), frozenset())}   # set -> (cost, order, satisfied)
    count = {frozenset(): 1}
    layer = [frozenset()]
    for _ in range(depth):
        next_layer = {}
        for outer in layer:
            cost, order, satisfied = best[outer]
            for loop in range(depth):
                if loop in outer:
                    continue
                new_satisfied = model.legal_step(satisfied, loop)
                if new_satisfied is None:
                    continue
                p, s, t = model.transition(outer, loop)
                candidate = (cost + model.parallelism_weight * p + s + t, order + (loop,), new_satisfied)
                key = outer | {loop}
                count[key] = count.get(key, 0) + count[outer]
                current = best.get(key)
                if current is None or candidate[:2] < current[:2]:
                    best[key] = candidate
                next_layer[key] = True
        layer = list(next_layer)
    chosen = best[full][1] if full in best else tuple(range(depth))
    return chosen, count.get(full, 0), list_legal_orders(model, depth, MAX_LISTED_ORDERS)


def list_legal_orders(model: NestModel, depth: int, limit: int) -> list:
    """The first `limit` legal orders in lexicographic order (pruned DFS)."""
    found = []

    def extend(order, satisfied):
        if len(found) >= limit:
            return
        if len(order) == depth:
            found.append(tuple(order))
            return
        for loop in range(depth):
            if loop in order:
                continue
            new_satisfied = model.legal_step(satisfied, loop)
            if new_satisfied is not None:
                extend(order + [loop], new_satisfied)

    extend([], frozenset())
    return found


def _fmt(order, nest) -> str:
    """An order as positions in the original nest and as the loops' IVs:
    `(1, 0) = (%j, %i)`."""
    positions = ", ".join(map(str, order))
    names = ", ".join(loop_name(nest[position]) for position in order)
    return f"({positions}) = ({names})"


def loop_name(loop: AffineForOp) -> str:
    """The loop's IV as the source wrote it (`%i`), or as the printer names
    it when the source is not at hand (a loop built by a pass)."""
    import re
    from ..diagnostics import current_context
    head = current_context().source_text_at(loop.pos, 120)
    found = re.match(r"affine\.for\s+(%[\w$.-]+)", head)
    return found.group(1) if found else str(loop.induction_var)


def cost_legend(weight: int) -> str:
    """What the three cost terms of the remarks count (docs/cost-model.md)."""
    return (f"costs, lower is better: parallelism = iterations run inside a loop that "
            f"carries a dependence, spatial = cache lines fetched, temporal = accesses "
            f"that find no reuse in the loops inside them, "
            f"total = {weight} x parallelism + spatial + temporal")


def _num(value) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"
