"""affine.parallel (mlir/lib/Dialect/Affine/IR/AffineOps.cpp): a band of
parallel loops with `min`/`max` bound groups, steps and reductions."""

from __future__ import annotations

from __future__ import annotations

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import dim as affine_dim
from ..ir.affine_expr import symbol as affine_symbol
from ..ir.affine_map import AffineMap
from ..ir.core import register_op
from ..ir.op_definition import RegionDef, Variadic, VariadicResult
from .affine_canonicalize import compose_affine_map_and_operands
from ..ir.traits import (AutomaticAllocationScope, LoopLikeOpInterface, RecursiveMemoryEffects,
                         SingleBlockImplicitTerminator)
from ..parse.syntax import TOKEN, TypeList, Uses, parse_error
from .affine import AffineYieldOp, parse_subscripts
from ..parse.op_syntax import parses
from .affine_validity import dim_and_symbol_error, note_induction_vars
from .arith import ATOMIC_RMW_KINDS
from .base import (RegisteredOp, attrs_of, ensure_terminator, first_of, index_types, new_op,
                   regions_of)


def _reduction_fits(kind: str, type) -> bool:
    """AffineOps.cpp `isResultTypeMatchAtomicRMWKind`: kinds it does not list
    (maxnumf, minnumf, xori) never verify."""
    is_int = isinstance(type, T.IntegerType)
    if kind == "assign":
        return True
    if kind in ("addf", "mulf", "maximumf", "minimumf"):
        return isinstance(type, T.FloatType)
    if kind in ("addi", "muli", "ori", "andi"):
        return is_int
    if kind in ("maxs", "mins"):
        return is_int and type.signedness == "s"
    if kind in ("maxu", "minu"):
        return is_int and type.signedness == "u"
    return False


# --------------------------------------------------------------- parallel
class _Bounds(list):
    """(expressions, min/max keyword token or None) per bound group."""


class _Steps(list):
    pass


class _Reductions(list):
    pass


def _group_attr(groups) -> A.DenseElementsAttr:
    return A.DenseElementsAttr(T.TensorType((len(groups),), T.I32), groups)


@register_op
class AffineParallelOp(RegisteredOp):
    name = "affine.parallel"
    required_properties = ("lowerBoundsGroups", "lowerBoundsMap", "reductions",
                           "steps", "upperBoundsGroups", "upperBoundsMap")
    traits = (AutomaticAllocationScope, SingleBlockImplicitTerminator("affine.yield"),
              RecursiveMemoryEffects, LoopLikeOpInterface)
    ods_operands = (Variadic("mapOperands"),)
    ods_results = (VariadicResult("results"),)
    ods_regions = (RegionDef("region", blocks=1),)
    inherent = ("lowerBoundsMap", "lowerBoundsGroups", "upperBoundsMap", "upperBoundsGroups",
                "steps", "reductions")

    syntax = r"""
        affine_parallel: OP_AFFINE_PARALLEL "(" value_use_list? ")" "=" parallel_bounds "to" parallel_bounds ("step" "(" int_list ")")? reductions? ("->" _result_types)? region attr_dict?
        OP_AFFINE_PARALLEL.2: /affine\.parallel(?![\w$.])/
        parallel_bounds: "(" (parallel_bound ("," parallel_bound)*)? ")"
        parallel_bound: MIN_MAX "(" affine_expr_list ")"    -> parallel_bound_group
                      | affine_expr
        reductions: "reduce" "(" STRING ("," STRING)* ")"
        int_list: signed_int ("," signed_int)*
    """

    @classmethod
    def parse(cls, t, children):
        token = first_of(children, TOKEN)     # the op name, if the parser passes it on
        ivs = first_of(children, Uses, Uses())
        lower, upper = [c for c in children if isinstance(c, _Bounds)]
        lb_map, lb_groups, lb_operands = _build_bounds(t, lower, "max")
        ub_map, ub_groups, ub_operands = _build_bounds(t, upper, "min")
        steps = first_of(children, _Steps, None)
        if steps is None:
            steps = [1] * len(ivs)
        reductions = first_of(children, _Reductions, _Reductions())
        result_types = []
        for child in children:
            if isinstance(child, TypeList):
                result_types = list(child)
            elif isinstance(child, T.Type):
                result_types = [child]
        region = regions_of(children)[0]
        region.set_entry_args([(iv, T.INDEX) for iv in ivs])
        attrs = dict(attrs_of(children))
        attrs.update(lowerBoundsMap=A.AffineMapAttr(lb_map), lowerBoundsGroups=_group_attr(lb_groups),
                     upperBoundsMap=A.AffineMapAttr(ub_map), upperBoundsGroups=_group_attr(ub_groups),
                     steps=A.ArrayAttr(A.IntegerAttr(s, T.I64) for s in steps),
                     reductions=A.ArrayAttr(reductions))
        operands = lb_operands + ub_operands
        return new_op("affine.parallel", token, operands, index_types(len(operands)),
                      result_types, attrs, regions=[region])

    @parses("parallel_bound")
    def parse_parallel_bound(t, children):
        return (children, None)

    @parses("parallel_bound_group")
    def parse_parallel_bound_group(t, children):
        return (children[1], children[0])

    @parses("parallel_bounds")
    def parse_parallel_bounds(t, children):
        return _Bounds(children)

    @parses("int_list")
    def parse_int_list(t, children):
        for step in children:
            # The literal is read without its sign into a signed 64-bit index.
            if abs(step) >= 1 << 63:
                raise MLIRError("constant too large for index", step.pos)
        return _Steps(children)

    @parses("reductions")
    def parse_reductions(t, children):
        kinds = []
        for token in children:
            text = token.value[1:-1]
            if text not in ATOMIC_RMW_KINDS:
                raise parse_error(token, f"custom op 'affine.parallel' invalid reduction value: {token.value}")
            kinds.append(A.IntegerAttr(ATOMIC_RMW_KINDS.index(text), T.I64))
        return _Reductions(kinds)

    @property
    def body(self):
        return self.regions[0].blocks[0]

    @property
    def lower_bounds_map(self) -> AffineMap:
        return self.properties["lowerBoundsMap"].value

    @property
    def upper_bounds_map(self) -> AffineMap:
        return self.properties["upperBoundsMap"].value

    @property
    def lower_bounds_operands(self):
        return self.operands[:self.lower_bounds_map.num_inputs]

    @property
    def upper_bounds_operands(self):
        return self.operands[self.lower_bounds_map.num_inputs:]

    @property
    def steps(self) -> list:
        return [a.value for a in self.properties["steps"].value]

    def fold(self, constants):
        """AffineParallelOp::fold: both bound maps composed with the
        affine.apply ops of their operands, canonicalized (in place)."""
        lower = (self.lower_bounds_map, list(self.lower_bounds_operands))
        upper = (self.upper_bounds_map, list(self.upper_bounds_operands))
        new_lower = compose_affine_map_and_operands(*lower)
        new_upper = compose_affine_map_and_operands(*upper)
        if all(new[0] == old[0] and len(new[1]) == len(old[1])
               and all(a is b for a, b in zip(new[1], old[1]))
               for new, old in ((new_lower, lower), (new_upper, upper))):
            return None
        self.properties["lowerBoundsMap"] = A.AffineMapAttr(new_lower[0])
        self.properties["upperBoundsMap"] = A.AffineMapAttr(new_upper[0])
        self.set_operands(new_lower[1] + new_upper[1])
        return []

    def bound_groups(self, which: str) -> list:
        """How many results of the "lower" or "upper" bounds map each
        dimension takes (a max, or a min, of them); one size stands for all."""
        return _group_values(self.properties[f"{which}BoundsGroups"])

    def bound_group_maps(self, which: str) -> list:
        """Each dimension's group of results of the "lower" or "upper"
        bounds map, as a map of all that map's operands
        (AffineParallelOp::getLowerBoundMap(pos))."""
        map = self.properties[f"{which}BoundsMap"].value
        maps, start = [], 0
        for size in self.bound_groups(which):
            maps.append(AffineMap(map.num_dims, map.num_symbols, map.results[start:start + size]))
            start += size
        return maps

    @property
    def reductions(self) -> list:
        return [ATOMIC_RMW_KINDS[a.value] for a in self.properties["reductions"].value]

    def ensure_implicit_structure(self) -> None:
        ensure_terminator(self, 0, AffineYieldOp)

    def print(self, p) -> None:
        p.write(" (")
        p.print_operands(self.body.args)
        p.write(") = (")
        _print_min_max_bound(p, self.bound_group_maps("lower"), self.lower_bounds_operands, "max")
        p.write(") to (")
        _print_min_max_bound(p, self.bound_group_maps("upper"), self.upper_bounds_operands, "min")
        p.write(")")
        steps = self.steps
        if any(step != 1 for step in steps):
            p.write(" step (" + ", ".join(map(str, steps)) + ")")
        if self.results:
            p.write(" reduce (" + ", ".join(f'"{kind}"' for kind in self.reductions) + ") -> (")
            p.print_type_list([r.type for r in self.results])
            p.write(")")
        p.write(" ")
        p.print_region(self.regions[0], False, bool(self.results))
        self.attr_dict(p)

    def verify(self):
        n = len(self.properties["steps"].value)
        lb_groups, ub_groups = self.bound_groups("lower"), self.bound_groups("upper")
        args = len(self.body.args)
        if len(lb_groups) != n or len(ub_groups) != n or args != n:
            return (f"'affine.parallel' op the number of region arguments ({args}) and the "
                    f"number of map groups for lower ({len(lb_groups)}) and upper bound "
                    f"({len(ub_groups)}), and the number of steps ({n}) must all match")
        note_induction_vars(self)
        for which, groups, map in (("lower", lb_groups, self.lower_bounds_map),
                                   ("upper", ub_groups, self.upper_bounds_map)):
            if sum(groups) != len(map.results):
                return f"'affine.parallel' op expected {which} bounds map to have {sum(groups)} results"
        reductions = self.properties["reductions"].value
        if len(reductions) != len(self.results):
            return "'affine.parallel' op a reduction must be specified for each output"
        for attr, result in zip(reductions, self.results):
            if not isinstance(attr, A.IntegerAttr) or not 0 <= attr.value < len(ATOMIC_RMW_KINDS):
                return "'affine.parallel' op invalid reduction attribute"
            if not _reduction_fits(ATOMIC_RMW_KINDS[attr.value], result.type):
                return "'affine.parallel' op result type cannot match reduction attribute"
        return (dim_and_symbol_error(self, self.lower_bounds_operands,
                                     self.lower_bounds_map.num_dims)
                or dim_and_symbol_error(self, self.upper_bounds_operands,
                                        self.upper_bounds_map.num_dims))

    def affine_induction_vars(self):
        return self.body.args


def _group_values(attr) -> list:
    shape = attr.type.shape
    count = shape[0] if shape else 1
    values = list(attr.values)
    return values * count if len(values) == 1 and count != 1 else values


def _print_min_max_bound(p, maps, operands, keyword) -> None:
    """AffineOps.cpp `printMinMaxBound`: a one-expression group prints bare,
    a larger one as `max(...)`/`min(...)`, all with SSA names inline."""
    for i, group in enumerate(maps):
        if i:
            p.write(", ")
        if len(group.results) == 1:
            p.print_affine_map_of_ssa_ids(group, operands)
        else:
            p.write(keyword + "(")
            p.print_affine_map_of_ssa_ids(group, operands)
            p.write(")")


def _ssa_key(token) -> str:
    # `%x` and `%x#0` name the same value.
    return token.value[:-2] if token.value.endswith("#0") else token.value


def _build_bounds(t, bounds, keyword):
    """AffineOps.cpp `parseAffineMapWithMinMax`: one flat map over all the
    groups, with repeated SSA operands merged (dims and symbols apart).
    Returns (map, group sizes, operand tokens)."""
    dims, syms, exprs, groups = [], [], [], []
    keys = ({}, {})

    def unique(token, is_symbol):
        table, found = keys[is_symbol], (syms if is_symbol else dims)
        key = _ssa_key(token)
        if key not in table:
            table[key] = len(found)
            found.append(token)
        return table[key]

    for syntax, word in bounds:
        if word is not None and word.value != keyword:
            # Only the bound's own keyword starts a group; any other word is
            # read as an identifier in an expression of SSA ids.
            raise parse_error(word, "use of undeclared identifier")
        map, operands = parse_subscripts(t, syntax)
        n = map.num_dims
        dim_repl = [affine_dim(unique(tok, False)) for tok in operands[:n]]
        sym_repl = [affine_symbol(unique(tok, True)) for tok in operands[n:]]
        exprs.extend(e.replace_dims_and_symbols(dim_repl, sym_repl) for e in map.results)
        groups.append(len(map.results))
    return AffineMap(len(dims), len(syms), tuple(exprs)), groups, dims + syms
