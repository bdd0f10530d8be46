"""Affine accesses and iteration domains as text for isl.

An op's iteration domain is the set of values of the induction variables of
the affine.for/affine.parallel ops around it (up to the nearest affine
scope), constrained by their bounds, steps and the affine.if conditions it
is nested in (mlir/lib/Dialect/Affine/Analysis/Utils.cpp `getOpIndexSet`).
Its access is the load/store map composed with the affine.apply ops feeding
its indices (`MemRefAccess::getAccessMap`).

Everything is rendered in isl's input language: dims are named per access
instance (`s0, s1, ...` for the source, `t0, ...` for the destination),
loop-invariant values outside the nest are shared parameters, and values
that vary inside the nest but are not affine (an `affine.min` result, a
loaded value) become unconstrained per-instance existentials, so the
analysis stays exact where MLIR is exact and conservative elsewhere.
"""

from __future__ import annotations

from ..dialects.affine import (AffineApplyOp, AffineForOp, AffineIfOp,
                               AffineMemoryOp)
from ..dialects.affine_parallel import AffineParallelOp
from ..dialects.arith import ConstantOp
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import (AffineBinaryOpExpr, AffineConstantExpr,
                              AffineDimExpr, AffineSymbolExpr)
from ..ir.affine_flattener import NotAffine  # noqa: F401  (raised and caught by the analyses)
from ..ir.traits import (AffineScope, RecursiveMemoryEffects, ViewLikeOpInterface,
                         is_memory_effect_free, memory_effects)


def is_affine_scope(op) -> bool:
    return op is None or op.has_trait(AffineScope) or op.isolated_from_above


def enclosing_affine_ops(op) -> list:
    """affine.for/if/parallel ops around `op`, outermost first, with the
    region of each that contains `op` (to tell a then from an else)."""
    chain = []
    child = op
    parent = op.parent_op
    while parent is not None and not is_affine_scope(parent):
        if isinstance(parent, (AffineForOp, AffineIfOp, AffineParallelOp)):
            region_index = next(i for i, r in enumerate(parent.regions)
                                if child.parent is not None and child.parent.parent is r)
            chain.append((parent, region_index))
        child = parent
        parent = parent.parent_op
    chain.reverse()
    return chain


def affine_scope_of(op):
    parent = op.parent_op
    while parent is not None and not is_affine_scope(parent):
        parent = parent.parent_op
    return parent


def loop_ivs(chain) -> list:
    """Induction variables of the loops in an enclosing chain, in order."""
    ivs = []
    for loop, _ in chain:
        if isinstance(loop, AffineForOp):
            ivs.append(loop.body.args[0])
        elif isinstance(loop, AffineParallelOp):
            ivs.extend(loop.regions[0].blocks[0].args)
    return ivs


def loop_of_iv(value):
    block = getattr(value, "owner", None)
    if block is None or not hasattr(block, "parent") or block.parent is None:
        return None
    return block.parent.parent


def defined_in_loops(value, loops) -> bool:
    """Whether `value` is defined (as an op result or a loop index) inside
    one of `loops`."""
    op = value.defining_op
    holder = op.parent_op if op is not None else loop_of_iv(value)
    while holder is not None:
        if holder in loops:
            return True
        holder = holder.parent_op
    return False


class IslWriter:
    """Renders affine expressions over SSA values for one access instance.

    `dims` maps induction variables to their isl names for this instance;
    `params` (shared by both instances) maps loop-invariant values to
    parameter names; per-instance unknowns are collected in `exists`."""

    def __init__(self, prefix: str, dims: dict, params: dict, scope_loops: set):
        self.prefix = prefix
        self.dims = dims
        self.params = params
        self.scope_loops = scope_loops
        self.exists: list[str] = []
        self.constraints: list[str] = []
        self._unknowns: dict = {}

    def value(self, value) -> str:
        name = self.dims.get(value)
        if name is not None:
            return name
        op = value.defining_op
        if isinstance(op, AffineApplyOp):
            operands = [self.value(v) for v in op.operands]
            return "(" + self.expr(op.map.results[0], operands, op.map.num_dims) + ")"
        if isinstance(op, ConstantOp) and isinstance(op.value, A.IntegerAttr):
            return str(op.value.value)
        if self._defined_in_nest(value):
            name = self._unknowns.get(value)
            if name is None:
                name = f"{self.prefix}u{len(self._unknowns)}"
                self._unknowns[value] = name
                self.exists.append(name)
            return name
        name = self.params.get(value)
        if name is None:
            name = f"p{len(self.params)}"
            self.params[value] = name
        return name

    def _defined_in_nest(self, value) -> bool:
        """True when `value` is computed inside one of the analysed loops, so
        it may differ between the two instances."""
        return defined_in_loops(value, self.scope_loops)

    def expr(self, expr, operands: list, num_dims: int) -> str:
        if isinstance(expr, AffineConstantExpr):
            return str(expr.value)
        if isinstance(expr, AffineDimExpr):
            return operands[expr.position]
        if isinstance(expr, AffineSymbolExpr):
            return operands[num_dims + expr.position]
        assert isinstance(expr, AffineBinaryOpExpr)
        lhs = self.expr(expr.lhs, operands, num_dims)
        kind = expr.kind
        if kind == "add":
            return f"({lhs} + {self.expr(expr.rhs, operands, num_dims)})"
        if kind == "mul":
            if isinstance(expr.rhs, AffineConstantExpr):
                return f"({expr.rhs.value} * {lhs})"
            if isinstance(expr.lhs, AffineConstantExpr):
                return f"({expr.lhs.value} * {self.expr(expr.rhs, operands, num_dims)})"
            raise NotAffine("semi-affine multiplication")
        if not isinstance(expr.rhs, AffineConstantExpr) or expr.rhs.value <= 0:
            raise NotAffine(f"{kind} by a non-constant or non-positive divisor")
        divisor = expr.rhs.value
        if kind == "floordiv":
            return f"floor(({lhs}) / {divisor})"
        if kind == "ceildiv":
            return f"ceil(({lhs}) / {divisor})"
        return f"(({lhs}) mod {divisor})"

    def map_results(self, map, values) -> list[str]:
        operands = [self.value(v) for v in values]
        return [self.expr(e, operands, map.num_dims) for e in map.results]


def domain_constraints(writer: IslWriter, chain) -> None:
    """Constraints of the loops and conditions in `chain` for one instance."""
    for op, region_index in chain:
        if isinstance(op, AffineForOp):
            iv = writer.dims[op.induction_var]
            lowers = writer.map_results(op.lower_bound_map, op.lower_bound_operands)
            uppers = writer.map_results(op.upper_bound_map, op.upper_bound_operands)
            for lower in lowers:
                writer.constraints.append(f"{iv} >= {lower}")
            for upper in uppers:
                writer.constraints.append(f"{iv} < {upper}")
            if op.step != 1 and len(lowers) == 1:
                quotient = f"{iv}q"
                writer.exists.append(quotient)
                writer.constraints.append(f"{iv} = {lowers[0]} + {op.step} * {quotient}")
        elif isinstance(op, AffineIfOp):
            if region_index != 0:
                continue  # the else branch: the negated condition is a union; over-approximate
            integer_set = op.integer_set
            operands = [writer.value(v) for v in op.operands]
            for expr, is_eq in zip(integer_set.constraints, integer_set.eq_flags):
                text = writer.expr(expr, operands, integer_set.num_dims)
                writer.constraints.append(f"{text} {'=' if is_eq else '>='} 0")
        else:
            _parallel_constraints(writer, op)


def parallel_bound_maps(op) -> list:
    """affine.parallel: (induction variable, lower-bound map, upper-bound
    map) per dimension, each map holding that dimension's group of results
    (a max for the lower bound, a min for the upper one) over all the bound
    operands."""
    return list(zip(op.body.args, op.bound_group_maps("lower"), op.bound_group_maps("upper")))


def _parallel_constraints(writer: IslWriter, op) -> None:
    """affine.parallel: induction variable k is at least every result of its
    lower-bound group and below every result of its upper-bound group."""
    # The operands are written once for all the dimensions.
    low_operands = [writer.value(v) for v in op.lower_bounds_operands]
    high_operands = [writer.value(v) for v in op.upper_bounds_operands]
    for k, (arg, low_map, high_map) in enumerate(parallel_bound_maps(op)):
        iv = writer.dims[arg]
        group_lows = [writer.expr(e, low_operands, low_map.num_dims) for e in low_map.results]
        for lower in group_lows:
            writer.constraints.append(f"{iv} >= {lower}")
        for upper in high_map.results:
            writer.constraints.append(f"{iv} < {writer.expr(upper, high_operands, high_map.num_dims)}")
        step = op.steps[k]
        if step != 1 and len(group_lows) == 1:
            quotient = f"{iv}q"
            writer.exists.append(quotient)
            writer.constraints.append(f"{iv} = {group_lows[0]} + {step} * {quotient}")


class MemRefAccess:
    """A load or store with its enclosing chain and its memref."""

    def __init__(self, op):
        self.op = op
        self.memref = op.memref
        self.is_write = getattr(op, "stores", False)
        self.chain = enclosing_affine_ops(op)
        self.ivs = loop_ivs(self.chain)

    def has_nonlinear_subscript(self) -> bool:
        """True when a subscript applies mod/floordiv/ceildiv to a value that
        varies in the loops around the access."""
        from .cost_model import linearize
        ivs = set(self.ivs)
        for expr in self.op.map.results:
            form = linearize(expr, list(self.op.map_operands), self.op.map.num_dims)
            if form.nonlinear & ivs or any(depends_on(v, ivs) for v in form.nonlinear):
                return True
        return False

    def instance(self, prefix: str, params: dict, scope_loops: set):
        """(dim names, constraint list, existential names, subscripts)."""
        names = [f"{prefix}{i}" for i in range(len(self.ivs))]
        writer = IslWriter(prefix, dict(zip(self.ivs, names)), params, scope_loops)
        domain_constraints(writer, self.chain)
        subscripts = writer.map_results(self.op.map, self.op.map_operands)
        return names, writer.constraints, writer.exists, subscripts


def depends_on(value, ivs, seen=None) -> bool:
    """True when `value` is, or is computed from, one of `ivs`."""
    seen = set() if seen is None else seen
    if value in ivs:
        return True
    op = value.defining_op
    if op is None or op in seen:
        return False
    seen.add(op)
    return any(depends_on(v, ivs, seen) for v in op.operands)


def is_memory_access(op) -> bool:
    return isinstance(op, AffineMemoryOp)


def is_recomputable(op) -> bool:
    """An op a loop transformation may recompute, move or leave in a
    reordered nest: no regions, no memory effects, and no memref result (a
    new view or a global's memref could not be related by the dependence
    analysis to the accesses through the original)."""
    return (not op.regions and is_memory_effect_free(op)
            and not any(isinstance(r.type, T.MemRefType) for r in op.results))


_EFFECT_VERBS = {"read": "reads", "write": "writes", "allocate": "allocates", "free": "frees"}


def unmodelled_op_reason(op) -> str:
    """Why the dependence analysis cannot account for `op`, for a remark:
    its effects are unknown, it holds a region whose ops make its effects
    (only affine.for and affine.if are walked into), it reads or writes
    memory by an access of its own (only affine accesses are modelled), or
    it defines a memref the accesses could alias."""
    effects = memory_effects(op)
    if effects is None:
        return f"op '{op.op_name}' has unknown side effects"
    if op.has_trait(RecursiveMemoryEffects) or (op.regions and not effects):
        return f"op '{op.op_name}' holds a region the dependence analysis does not model"
    verbs = [_EFFECT_VERBS[kind] for kind in _EFFECT_VERBS
             if any(effect.kind == kind for effect in effects)]
    if not verbs:
        return f"op '{op.op_name}' defines a memref inside the nest"
    said = verbs[0] if len(verbs) == 1 else f"{', '.join(verbs[:-1])} and {verbs[-1]}"
    return f"op '{op.op_name}' {said} memory the dependence analysis does not model"


def memref_root(value):
    """The allocation or argument a memref value views: through view-like
    ops (their first operand) and ops whose results each stand for an
    operand (`viewed_operand`: memref.distinct_objects)."""
    while True:
        op = value.defining_op
        if op is None:
            return value
        if op.has_trait(ViewLikeOpInterface):
            value = op.operands[0]
            continue
        viewed = getattr(op, "viewed_operand", None)
        if viewed is None:
            return value
        value = viewed(value)
