"""The bottom of -affine-loop-interchange: what the pass decides for one
perfect band (`BandDecision`), the search for the best legal order over the
cost model, why a nest cannot be reordered, and how the remarks write
orders and costs.  The pass (loop_interchange.py), its distribution of
imperfect nests (loop_distribution.py) and its polyhedral path
(polyhedral_interchange.py) build on it."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..analysis.affine_access import is_memory_access, is_recomputable, unmodelled_op_reason
from ..analysis.cost_model import NestModel
from ..dialects.affine import AffineForOp, AffineIfOp
from ..ir.traits import CallOpInterface
from ..remarks import ANALYSIS, FAILURE, MISSED, PASSED, whole_number
from .loop_utils import loop_name, order_to_perm_map

MAX_LISTED_ORDERS = 24


@dataclass
class BandDecision:
    """What the pass decided for one perfect band, and the remarks saying
    so; emitted and applied only if the plan holding it is kept."""

    nest: list
    order: tuple | None = None          # None: the band is left as it is
    remarks: list = field(default_factory=list)
    applier: object = None              # the polyhedral path's, else permute_loops
    # The same decision as optimization remarks (remarks.py): (kind, name, args).
    records: list = field(default_factory=list)

    def record_orders(self, scores: dict, listed, best) -> None:
        """The records of a band whose legal orders were scored (`scores`:
        order -> (parallelism, spatial, temporal, total)): an `Analysis`
        `legal-order` per order `listed`, then the decision, `Passed`
        `chose-order` or `Missed` `kept-order` when the original order is
        the cheapest, with the costs of the order kept and the original
        order's total."""
        def costs(order) -> list:
            p, s, t, total = (whole_number(cost) for cost in scores[order])
            return [("Order", format_order(order, self.nest)), ("Parallelism", p),
                    ("Spatial", s), ("Temporal", t), ("Total", total)]
        for order in listed:
            self.records.append((ANALYSIS, "legal-order", costs(order)))
        identity = tuple(range(len(self.nest)))
        legal = f"{len(scores)} legal orders scored"
        if best == identity:
            self.records.append((MISSED, "kept-order", [
                "kept the original order", *costs(best),
                ("Reason", f"the original order is the cheapest of the {legal}")]))
            return
        chosen = [f"chose order {format_order(best, self.nest)}", *costs(best),
                  ("PermutationMap", ",".join(map(str, order_to_perm_map(best))))]
        if identity in scores:
            chosen.append(("OriginalTotal", whole_number(scores[identity][3])))
        self.records.append((PASSED, "chose-order", chosen))

    def record_left(self, reason: str) -> None:
        """The `Failure` record of a band left as it is, and why."""
        self.records = [(FAILURE, "nest-left-as-is", ["nest left as it is", ("Reason", reason)])]

    @property
    def permutes(self) -> bool:
        return self.order is not None and self.order != tuple(range(len(self.order)))


def unsupported_op_reason(loop) -> str | None:
    """Why the body of `loop` cannot be reordered, or None: only affine
    loops, affine memory accesses and registered pure ops are understood."""
    for op in loop.walk():
        if op is loop:
            continue
        if isinstance(op, AffineIfOp):
            return "the nest contains affine.if"
        if isinstance(op, AffineForOp) or is_memory_access(op) or is_recomputable(op):
            continue
        if op.has_trait(CallOpInterface):
            return "the nest contains a call"
        return unmodelled_op_reason(op)
    return None


def search_orders(model: NestModel, depth: int):
    """Best legal order by a dynamic program over sets of outer loops.

    Each cost term is a sum of contributions that depend only on a loop and
    the set of loops outside it, and whether a prefix is legal depends only
    on its set; so best[S] = the cheapest legal arrangement of the loops S as
    the outermost |S| loops.  Ties go to the lexicographically smallest
    order, which puts the original order first.  Also returns how many
    orders are legal and the first few of them for the remarks."""
    full = frozenset(range(depth))
    # set -> ((total, strided references of the innermost loop), order, satisfied)
    best = {frozenset(): ((0, 0), (), frozenset())}
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
                step = (model.parallelism_weight * p + s + t,
                        model.strided_references(loop) if len(outer) == depth - 1 else 0)
                candidate = ((cost[0] + step[0], cost[1] + step[1]), order + (loop,), new_satisfied)
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


def format_order(order, nest) -> str:
    """An order as positions in the original nest and as the loops' IVs:
    `(1, 0) = (%j, %i)`."""
    positions = ", ".join(map(str, order))
    names = ", ".join(loop_name(nest[position]) for position in order)
    return f"({positions}) = ({names})"


def cost_legend(weight: int) -> str:
    """What the three cost terms of the remarks count (docs/loop-interchange.md)."""
    return (f"costs, lower is better: parallelism = iterations run inside a loop that "
            f"carries a dependence, spatial = cache lines fetched, temporal = accesses "
            f"that find no reuse in the loops inside them, "
            f"total = {weight} x parallelism + spatial + temporal")


def format_number(value) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"
