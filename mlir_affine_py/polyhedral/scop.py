"""An affine region read as a static control part (SCoP).

Design notes
------------
The region is a run of consecutive `affine.for` ops of one block (a single
top-level nest, or the nests of a function body).  Everything defined
outside it (function arguments, outer loops' induction variables, values
computed before it) is a parameter; a memref is an array named after its
SSA value (two distinct values are distinct arrays, as MLIR's own analysis
takes them).

- **Statement**: the unit that gets its own schedule.  One statement per
  memory-writing op (`affine.store`, `affine.vector_store`) together with
  the loads and pure ops of the same block that compute what it stores.
  Statements that share a load, or whose ops interleave with a write of the
  other, become one statement, so that running each statement's ops
  together at the place of its last store is exactly the original program.
  Pure values of enclosing blocks are recomputed in each statement using
  them (as loop distribution does); a loaded value used in another block, an
  op with unknown effects, iter_args or affine.if results make the region
  not a SCoP (`NotAffine`).
- **Domain**: an `isl.Set` over the statement's enclosing loop IVs in the
  region (`S3[i0, i1]`): bound maps (`max`/`min`), steps (an existential
  quotient; with a `max` lower bound, a union over which bound is the
  largest), enclosing `affine.if` conditions (else branches subtract the
  condition, exactly).  Values computed inside the region may not appear in
  a domain: the domain would not be exact.
- **Access relations**: `S[i] -> A[o]` from the access map composed with
  `affine.apply` chains; `mod`/`floordiv`/`ceildiv` are exact in isl.  An
  index computed from a loaded value or an `affine.min` is an unconstrained
  existential (a may-access: conservative for dependences).  Vector
  accesses touch the box of their vector shape in the trailing dims.
- **Original schedule**: the 2d+1 form `S[i0, i1] -> [b0, i0, b1, i1, b2]`
  (b = the position in the block, the then and else ops of an `affine.if`
  counting as ops of the block around it), padded with zeros to the depth of
  the deepest statement; `schedule_tree` gives the same order as an
  `isl.Schedule` (sequence nodes for blocks, band nodes for loops).

The rendering of affine expressions is `analysis/affine_access.IslWriter`'s.
"""

from __future__ import annotations

import functools

import islpy as isl

from ..analysis.affine_access import (IslWriter, NotAffine, defined_in_loops, is_recomputable,
                                      memref_root, unmodelled_op_reason)
from ..dialects.affine import AffineForOp, AffineIfOp, AffineMemoryOp
from ..ir.core import Operation
from ..ir.types import VectorType
from .context import CONTEXT

def is_pure(op) -> bool:
    """An op that computes a value from its operands only, so it may be
    recomputed anywhere its operands are available (asked of its traits)."""
    return is_recomputable(op)


class StrictWriter(IslWriter):
    """An IslWriter for domains: a value computed inside the region would
    make the domain inexact, so it is refused rather than made existential."""

    def _defined_in_nest(self, value) -> bool:
        if defined_in_loops(value, self.scope_loops):
            op = value.defining_op
            raise NotAffine(f"a loop bound or condition uses the value of "
                            f"'{op.op_name if op is not None else 'a block argument'}'")
        return False


class Statement:
    def __init__(self, name: str, ops: list, chain: list, block):
        self.name = name
        self.ops = ops              # own ops of `block`, in order (last one a store)
        self.chain = chain          # (affine.for/if, region index) in the region
        self.block = block
        self.loops = [op for op, _ in chain if isinstance(op, AffineForOp)]
        self.ivs = [loop.induction_var for loop in self.loops]
        self.recomputed: list = []  # pure ops of enclosing blocks it uses
        self.domain: isl.Set | None = None
        self.schedule: list = []    # 2d+1 vector entries: int or IV position

    @property
    def dim_names(self) -> list:
        return [f"i{k}" for k in range(len(self.ivs))]

    @property
    def tuple_text(self) -> str:
        return f"{self.name}[{', '.join(self.dim_names)}]"

    @property
    def writes(self) -> list:
        return [op for op in self.ops if isinstance(op, AffineMemoryOp) and op.stores]

    @property
    def reads(self) -> list:
        return [op for op in self.ops if isinstance(op, AffineMemoryOp) and not op.stores]

    def all_ops(self) -> list:
        """The ops a copy of the statement consists of, in execution order."""
        return self.recomputed + self.ops


class Scop:
    def __init__(self, ops: list):
        self.ops = list(ops)
        self.loops = {op for root in self.ops for op in root.walk() if isinstance(op, AffineForOp)}
        self.loops_ivs = {loop.induction_var for loop in self.loops}
        self.params: dict = {}        # Value -> isl parameter name
        self.arrays: dict = {}        # memref Value -> isl tuple name
        self.statements: list[Statement] = []

    @property
    def param_values(self) -> dict:
        return {name: value for value, name in self.params.items()}

    def param_text(self) -> str:
        return ", ".join(self.params.values())

    @property
    def depth(self) -> int:
        return max((len(s.ivs) for s in self.statements), default=0)

    @functools.cached_property
    def domain(self) -> isl.UnionSet:
        result = isl.UnionSet.empty(isl.Space.params_alloc(CONTEXT, 0))
        for statement in self.statements:
            result = result.union(isl.UnionSet.from_set(statement.domain))
        return result

    @functools.cached_property
    def schedule_map(self) -> isl.UnionMap:
        """The original schedule in 2d+1 form, restricted to the domain."""
        width = 2 * self.depth + 1
        parts = []
        for s in self.statements:
            entries = [str(e) if isinstance(e, int) else s.dim_names[e[1]] for e in s.schedule]
            entries += ["0"] * (width - len(entries))
            parts.append(f"{s.tuple_text} -> [{', '.join(entries)}]")
        text = f"[{self.param_text()}] -> {{ {'; '.join(parts)} }}"
        return isl.UnionMap(text, context=CONTEXT).intersect_domain(self.domain)

    @functools.cached_property
    def reads(self) -> isl.UnionMap:
        return self._accesses(lambda s: s.reads)

    @functools.cached_property
    def writes(self) -> isl.UnionMap:
        return self._accesses(lambda s: s.writes)

    def _accesses(self, pick) -> isl.UnionMap:
        result = isl.UnionMap.empty(isl.Space.params_alloc(CONTEXT, 0))
        for statement in self.statements:
            for op in pick(statement):
                relation = access_relation(self, statement, op).intersect_domain(statement.domain)
                result = result.union(isl.UnionMap.from_map(relation))
        return result

    def statement(self, name: str) -> Statement:
        return next(s for s in self.statements if s.name == name)

    def schedule_tree(self) -> isl.Schedule:
        """The original schedule as a tree: blocks are sequence nodes, loops
        one-member bands."""
        return _tree(self, self.statements, 0)


def _tree(scop, statements, level) -> isl.Schedule:
    children, groups = [], []
    for s in statements:
        key = s.schedule[2 * level]
        if groups and groups[-1][0] == key:
            groups[-1][1].append(s)
        else:
            groups.append((key, [s]))
    for _, group in groups:
        if len(group[0].ivs) > level:
            inner = _tree(scop, group, level + 1)
            members = "; ".join(f"{s.tuple_text} -> [({s.dim_names[level]})]" for s in group)
            band = isl.MultiUnionPwAff(f"[{scop.param_text()}] -> [{{ {members} }}]", context=CONTEXT)
            children.append(inner.insert_partial_schedule(band))
        else:
            children.append(isl.Schedule.from_domain(isl.UnionSet.from_set(group[0].domain)))
    return functools.reduce(lambda a, b: a.sequence(b), children)


# ------------------------------------------------------------- extraction
def extract(ops) -> Scop:
    """The SCoP of `ops` (consecutive affine.for ops of one block, or one
    loop); raises NotAffine when the region is not one."""
    if isinstance(ops, Operation):
        ops = [ops]
    scop = Scop(ops)
    for position, op in enumerate(ops):
        if not isinstance(op, AffineForOp):
            raise NotAffine(f"'{op.op_name}' is not a loop of the region")
        _loop(scop, op, [position], [])
    for statement in scop.statements:
        statement.domain = statement_domain(scop, statement)
        statement.recomputed = _recomputed_ops(scop, statement)
    return scop


def _loop(scop, loop, prefix, chain) -> None:
    if loop.inits:
        raise NotAffine("a loop has iter_args")
    depth = sum(1 for op, _ in chain if isinstance(op, AffineForOp))
    _block(scop, loop.body, prefix + [("iv", depth)], chain + [(loop, 0)], [0])


def _block(scop, block, prefix, chain, counter) -> None:
    """Statements and loops of `block`; `counter` is the running position
    at this level (shared with the blocks of an enclosing affine.if)."""
    ops = [op for op in block.ops if not op.is_terminator]
    groups = _statement_groups(ops)
    anchors = {group[-1]: group for group in groups}
    for op in ops:
        if isinstance(op, AffineForOp):
            _loop(scop, op, prefix + [counter[0]], chain)
            counter[0] += 1
        elif isinstance(op, AffineIfOp):
            if op.results:
                raise NotAffine("an affine.if yields values")
            for index, region in enumerate(op.regions):
                if region.blocks:
                    _block(scop, region.blocks[0], prefix, chain + [(op, index)], counter)
        elif op in anchors:
            statement = Statement(f"S{len(scop.statements)}", anchors[op], chain, block)
            statement.schedule = prefix + [counter[0]]
            scop.statements.append(statement)
            counter[0] += 1


def _statement_groups(ops) -> list:
    """The ops of each statement of a block (see the design notes)."""
    index = {op: k for k, op in enumerate(ops)}
    owner: dict = {}
    groups: list = []
    for op in ops:
        if isinstance(op, AffineMemoryOp) and op.stores:
            group = {op}
            _slice(op, index, group)
            # A shared load makes one statement; a shared pure value is
            # recomputed in each.
            merged = [g for g in groups if any(not is_pure(o) for o in g & group)]
            for g in merged:
                groups.remove(g)
                group |= g
            groups.append(group)
        elif isinstance(op, (AffineForOp, AffineIfOp)) or isinstance(op, AffineMemoryOp) or is_pure(op):
            continue
        else:
            raise NotAffine(unmodelled_op_reason(op))
    groups = _merge_interleaved(groups, ops, index)
    for k, group in enumerate(groups):
        for op in group:
            owner[op] = k
    for op in ops:
        if op in owner or isinstance(op, (AffineForOp, AffineIfOp)):
            continue
        if not is_pure(op):
            raise NotAffine("a loaded value is used outside the block that loads it")
        if any(not r.uses for r in op.results):
            raise NotAffine(f"the value of '{op.op_name}' is not stored")
    return [sorted(group, key=index.get) for group in groups]


def _slice(op, index, group) -> None:
    """The ops of the block (loads and pure ops) that `op` uses, transitively."""
    for value in op.operands:
        definer = value.defining_op
        if definer in index and definer not in group:
            if isinstance(definer, (AffineForOp, AffineIfOp)):
                raise NotAffine("a value crosses a loop or an affine.if")
            group.add(definer)
            _slice(definer, index, group)


def _merge_interleaved(groups, ops, index) -> list:
    """A statement runs where its last store is: a load of it that comes
    before a write of another statement, or before a loop or affine.if,
    would move past that write.  Such statements are merged; past a loop,
    the region is not a SCoP."""
    changed = True
    while changed:
        changed = False
        for a in groups:
            first_read = min((index[op] for op in a if isinstance(op, AffineMemoryOp)
                              and not op.stores), default=None)
            if first_read is None:
                continue
            last = max(index[op] for op in a)
            for op in ops[first_read:last]:
                if isinstance(op, (AffineForOp, AffineIfOp)):
                    raise NotAffine("a loaded value is stored after a loop or an affine.if")
                if op in a or not (isinstance(op, AffineMemoryOp) and op.stores):
                    continue
                b = next(g for g in groups if op in g)
                groups.remove(b)
                a |= b
                changed = True
                break
            if changed:
                break
    return groups


def _recomputed_ops(scop, statement) -> list:
    """Pure ops of enclosing blocks in the region the statement uses."""
    found: set = set()
    own = set(statement.ops)

    def visit(op):
        for value in op.operands:
            definer = value.defining_op
            if definer is None or definer in own or definer in found:
                continue
            if not defined_in_loops(value, scop.loops):
                continue
            if not is_pure(definer):
                raise NotAffine("a loaded value is used outside the block that loads it")
            found.add(definer)
            visit(definer)

    for op in statement.ops:
        for nested in op.walk():
            visit(nested)
    return sorted(found, key=_program_order_key)


def _program_order_key(op) -> tuple:
    key = []
    while op.parent is not None:
        key.append(op.parent.ops.index(op))
        parent = op.parent_op
        if parent is None:
            break
        op = parent
    return tuple(reversed(key))


# ---------------------------------------------------------------- domains
def statement_domain(scop, statement) -> isl.Set:
    names = statement.dim_names
    dims = dict(zip(statement.ivs, names))
    domain = None
    for op, region_index in statement.chain:
        writer = StrictWriter("x", dims, scop.params, scop.loops)
        if isinstance(op, AffineForOp):
            piece = _set(scop, statement, _loop_constraints(writer, op), writer.exists)
            domain = piece if domain is None else domain.intersect(piece)
        else:
            integer_set = op.integer_set
            operands = [writer.value(v) for v in op.operands]
            constraints = [f"{writer.expr(e, operands, integer_set.num_dims)} {'=' if eq else '>='} 0"
                           for e, eq in zip(integer_set.constraints, integer_set.eq_flags)]
            condition = _set(scop, statement, " and ".join(constraints) or "true", writer.exists)
            domain = domain.intersect(condition) if region_index == 0 else domain.subtract(condition)
    if domain is None:
        return isl.Set(f"[{scop.param_text()}] -> {{ {statement.tuple_text} }}", context=CONTEXT)
    return domain.coalesce()


def _set(scop, statement, body: str, exists: list) -> isl.Set:
    if exists:
        body = f"exists ({', '.join(exists)} : {body})"
    return isl.Set(f"[{scop.param_text()}] -> {{ {statement.tuple_text} : {body} }}", context=CONTEXT)


def loop_constraints(writer: IslWriter, loop, iv: str) -> str:
    """`iv` ranges over the iterations of `loop` (bounds and step)."""
    return bound_constraints(writer, iv, (loop.lower_bound_map, loop.lower_bound_operands),
                             (loop.upper_bound_map, loop.upper_bound_operands), loop.step)


def bound_constraints(writer: IslWriter, iv: str, lower, upper, step: int) -> str:
    """isl text of `iv` running from max(lower) below min(upper) by `step`;
    `lower`, `upper` are (AffineMap, operands)."""
    lowers = writer.map_results(*lower)
    uppers = writer.map_results(*upper)
    parts = [f"{iv} >= {low}" for low in lowers] + [f"{iv} < {high}" for high in uppers]
    text = " and ".join(parts)
    if step == 1:
        return text
    quotient = f"{iv}q"
    writer.exists.append(quotient)
    # The first iteration is the largest lower bound: one case per bound.
    cases = []
    for k, low in enumerate(lowers):
        largest = [f"{low} >= {other}" for j, other in enumerate(lowers) if j != k]
        cases.append(" and ".join([f"{iv} = {low} + {step} * {quotient}"] + largest))
    return f"{text} and (({') or ('.join(cases)}))"


def _loop_constraints(writer, loop) -> str:
    return loop_constraints(writer, loop, writer.dims[loop.induction_var])


# --------------------------------------------------------------- accesses
def array_name(scop, memref) -> str:
    if memref_root(memref) is not memref:
        raise NotAffine("an access through a view of another memref")
    name = scop.arrays.get(memref)
    if name is None:
        name = f"A{len(scop.arrays)}"
        scop.arrays[memref] = name
    return name


def access_relation(scop, statement, op) -> isl.Map:
    """`S[i] -> A[o]` for one load or store of the statement."""
    writer = IslWriter("u", dict(zip(statement.ivs, statement.dim_names)), scop.params, scop.loops)
    subscripts = writer.map_results(op.map, op.map_operands)
    outputs = [f"o{k}" for k in range(len(subscripts))]
    constraints = []
    value_type = (op.value_to_store if op.stores else op.results[0]).type
    shape = value_type.shape if isinstance(value_type, VectorType) else ()
    offset = len(subscripts) - len(shape)
    for k, (out, sub) in enumerate(zip(outputs, subscripts)):
        if k >= offset:
            lane = f"v{k}"
            writer.exists.append(lane)
            constraints.append(f"{out} = {sub} + {lane} and 0 <= {lane} < {shape[k - offset]}")
        else:
            constraints.append(f"{out} = {sub}")
    body = " and ".join(constraints) or "true"
    if writer.exists:
        body = f"exists ({', '.join(writer.exists)} : {body})"
    name = array_name(scop, op.memref)
    return isl.Map(f"[{scop.param_text()}] -> {{ {statement.tuple_text} -> {name}[{', '.join(outputs)}] : {body} }}", context=CONTEXT)

