"""Value-based flow dependences of one memref, and whether a loop's
iterations keep their values of it to themselves.

`dependence.py` and `polyhedral/dependences.py` are memory-based: a write
and a later read of the same element depend on each other whatever is
written between them.  A scalar that each iteration of a loop resets
before its recurrence (deriche's `ym1`, `xp2`) has a memory-based flow
dependence carried by the loop, from the last write of one iteration to
the first read of the next, although the value read never comes from an
earlier iteration: the reset kills it.  Privatization asks for the
dependences with the kills, the last write before each read (Feautrier's
array dataflow analysis), which isl computes from the accesses and their
order (`isl_union_access_info_compute_flow`).

Design notes
------------
- **Instances.** Every access of the memref is a statement of its own,
  `A3[i0, i1]`, over the induction variables of the affine.for ops around
  it up to the affine scope, constrained by their bounds and the affine.if
  conditions (`affine_access.domain_constraints`).  Its schedule is the
  position of each op around it in its block, with the loop's induction
  variable after a loop and the region index after an affine.if: two
  accesses compare at the first block they do not share, so levels of
  different widths never meet.
- **Exactness.** A write kills only where it is known to happen: one whose
  subscripts use values computed in the loops (an unknown element), under
  an else branch or a stepped loop with several lower bounds (domains
  over-approximated) is a may-source, which adds dependences and kills
  nothing.  Reads are over-approximated alike, which only asks more of the
  writes.
- **One question.** `iteration_private` computes the flow once and asks
  one inclusion: every dependence with an end inside the loop joins two
  instances of one iteration, and every read inside the loop has a source.
"""

from __future__ import annotations

from ..dialects.affine import AffineForOp, AffineIfOp, AffineMemoryOp
from .affine_access import (IslWriter, affine_scope_of, domain_constraints,
                            enclosing_affine_ops, is_affine_scope, loop_ivs)


class Unmodelled(Exception):
    """An access the analysis cannot place in the program's order."""


class _Instance:
    """One access of the memref: its isl tuple, domain, access relation
    and schedule, in isl's input language."""

    def __init__(self, number: int, op, params: dict):
        self.op = op
        self.name = f"A{number}"
        self.chain = enclosing_affine_ops(op)
        self.ivs = loop_ivs(self.chain)
        self.dims = [f"i{k}" for k in range(len(self.ivs))]
        loops = {holder for holder, _ in self.chain}
        writer = IslWriter("i", dict(zip(self.ivs, self.dims)), params, loops)
        domain_constraints(writer, self.chain)
        if isinstance(op, AffineMemoryOp):
            self.subscripts = writer.map_results(op.map, op.map_operands)
        else:       # memref.load/store: the indices are values
            self.subscripts = [writer.value(v) for v in op.operands[2 if op.stores else 1:]]
        self.constraints, self.exists = writer.constraints, writer.exists
        self.is_write = bool(op.stores)
        self.exact = not any(name.startswith("iu") for name in self.exists) and all(
            index == 0 if isinstance(holder, AffineIfOp)
            else not (holder.step != 1 and len(holder.lower_bound_map.results) > 1)
            for holder, index in self.chain)
        self.schedule = _schedule(op, self.ivs)

    @property
    def tuple(self) -> str:
        return f"{self.name}[{', '.join(self.dims)}]"

    def relation(self, array: str) -> str:
        outputs = [f"o{k}" for k in range(len(self.subscripts))]
        body = self.constraints + [f"{o} = {s}" for o, s in zip(outputs, self.subscripts)]
        return self._with_exists(f"{self.tuple} -> {array}[{', '.join(outputs)}]", body)

    def _with_exists(self, head: str, body: list) -> str:
        text = " and ".join(body) if body else "true"
        if self.exists:
            text = f"exists ({', '.join(self.exists)} : {text})"
        return f"{head} : {text}"

    def domain(self) -> str:
        return self._with_exists(self.tuple, self.constraints)


def _schedule(op, ivs: list) -> list:
    """The entries of the op's schedule: its position in its block, after
    the position of each op around it (with a loop's induction variable,
    an affine.if's region index), outermost first."""
    entries: list = []
    child, region = op, None
    while True:
        parent = child.parent_op
        level = []
        if isinstance(child, AffineForOp) and child is not op:
            level = [f"i{ivs.index(child.induction_var)}"]
        elif isinstance(child, AffineIfOp) and child is not op:
            level = [str(next(k for k, r in enumerate(child.regions) if r is region))]
        entries[:0] = [str(child.parent.ops.index(child))] + level
        if is_affine_scope(parent):
            return entries
        if not isinstance(parent, (AffineForOp, AffineIfOp)):
            raise Unmodelled(f"'{parent.op_name}' around an access")
        region = child.parent.parent
        child = parent


class MemrefDataflow:
    """The value-based flow dependences between the accesses `ops` of one
    memref (all of them, in one affine scope)."""

    def __init__(self, ops: list):
        import islpy as isl
        self.isl = isl
        scopes = {affine_scope_of(op) for op in ops}
        if len(scopes) != 1:
            raise Unmodelled("accesses in several affine scopes")
        params: dict = {}
        self.instances = [_Instance(n, op, params) for n, op in enumerate(ops)]
        width = max((len(i.schedule) for i in self.instances), default=0)
        prefix = f"[{', '.join(params.values())}] -> "
        self.prefix = prefix
        self.width = width
        self._flow: tuple | None = None
        self._boxes: dict = {}              # (loop, last) -> written_box's answer

    def _union_map(self, parts: list):
        return self.isl.UnionMap(self.prefix + "{ " + "; ".join(parts) + " }")

    @property
    def flow(self) -> tuple:
        """(write instance -> read instance, reads that may see no write):
        isl's value-based flow, computed when first asked (the costly part:
        seconds on a jammed body of a hundred accesses)."""
        if self._flow is None:
            isl, union_map, width = self.isl, self._union_map, self.width
            reads = [i.relation("M") for i in self.instances if not i.is_write]
            must = [i.relation("M") for i in self.instances if i.is_write and i.exact]
            may = [i.relation("M") for i in self.instances if i.is_write and not i.exact]
            schedule = union_map([f"{i.tuple} -> [{', '.join(i.schedule + ['0'] * (width - len(i.schedule)))}]"
                                  for i in self.instances])
            schedule = schedule.intersect_domain(isl.UnionSet(
                self.prefix + "{ " + "; ".join(i.domain() for i in self.instances) + " }"))
            flow = (isl.UnionAccessInfo.from_sink(union_map(reads))
                    .set_must_source(union_map(must)).set_may_source(union_map(may))
                    .set_schedule_map(schedule).compute_flow())
            self._flow = flow.get_may_dependence(), flow.get_may_no_source()
        return self._flow

    def iteration_private(self, loop) -> str:
        """Why the iterations of `loop` do not keep their values of the
        memref to themselves ("" when they do): a read inside the loop
        whose value comes from another iteration or from before the loop,
        or that may see no write, or a read outside the loop of a value
        written inside it."""
        isl = self.isl
        inside = [i for i in self.instances if loop.is_ancestor_of(i.op)]
        if not inside:
            return ""
        depth = inside[0].ivs.index(loop.induction_var) + 1
        loop_set = isl.UnionSet(self.prefix + "{ " + "; ".join(i.tuple for i in inside) + " }")
        pairs = [f"{w.tuple} -> {r.name}[{', '.join('j' + d[1:] for d in r.dims)}] : "
                 + " and ".join([f"i{k} = j{k}" for k in range(depth)])
                 for w in inside if w.is_write for r in inside if not r.is_write]
        same_iteration = isl.UnionMap(self.prefix + "{ " + "; ".join(pairs) + " }")
        dependences, no_source = self.flow
        touching = dependences.intersect_domain(loop_set).union(
            dependences.intersect_range(loop_set))
        unsourced = no_source.intersect_domain(loop_set)
        if touching.is_subset(same_iteration) and unsourced.is_empty():
            return ""
        # Which of the ways it fails, for the remark.
        from_outside = touching.subtract_domain(loop_set)
        to_outside = touching.subtract_range(loop_set)
        if not from_outside.is_empty():
            return "a read in the loop sees a value written before it"
        if not to_outside.is_empty():
            return "a value written in the loop is read after it"
        if not unsourced.is_empty():
            return "a read in the loop may see no write"
        return "a read in one iteration sees a value written in an earlier one"

    def written_box(self, loop, last: int) -> tuple | str:
        """For a memref whose values outlive the function (an argument):
        the sizes of the box of elements `loop` writes, from 0, when its
        iteration `last` (the last) writes every element the loop writes,
        so that the values it leaves are those of that iteration alone;
        else why not.  Kept for the next question about the same loop."""
        if (loop, last) not in self._boxes:
            self._boxes[loop, last] = self._written_box(loop, last)
        return self._boxes[loop, last]

    def _written_box(self, loop, last: int) -> tuple | str:
        isl = self.isl
        writes = [i for i in self.instances if loop.is_ancestor_of(i.op) and i.is_write]
        if not writes:
            return "the loop writes none of it"
        if not all(w.exact for w in writes):
            return "a write in the loop is not exact"
        depth = writes[0].ivs.index(loop.induction_var) + 1
        relations = []
        for w in writes:
            relation = isl.Map(self.prefix + "{ " + w.relation("M") + " }")
            count = relation.dim(isl.dim_type.in_)
            relation = relation.project_out(isl.dim_type.in_, depth, count - depth)
            relations.append(relation.set_tuple_name(isl.dim_type.in_, "L"))
        written = relations[0]
        for relation in relations[1:]:
            written = written.union(relation)
        iteration = ", ".join(f"i{k}" for k in range(depth))
        at_last = written.intersect_domain(isl.Set(
            f"{self.prefix}{{ L[{iteration}] : i{depth - 1} = {last} }}"))

        def without_loop(relation):
            return relation.project_out(isl.dim_type.in_, depth - 1, 1)
        if not without_loop(written).is_subset(without_loop(at_last)):
            return "its last iteration does not write every element the loop writes"
        elements = written.range()
        sizes = []
        for k in range(elements.dim(isl.dim_type.set)):
            low, high = elements.dim_min(k), elements.dim_max(k)
            low, high = _constant(low), _constant(high)
            if low is None or high is None or low < 0:
                return "the elements it writes are not a box of constant size"
            sizes.append(high + 1)
        return tuple(sizes)


def _constant(value) -> int | None:
    """The integer of an isl.PwAff of one constant piece, else None."""
    pieces = value.get_pieces() if value.is_cst() else []
    if len(pieces) != 1:
        return None
    return pieces[0][1].get_constant_val().to_python()
