"""The rest of the affine dialect (mlir/lib/Dialect/Affine/IR/AffineOps.cpp):
affine.parallel, affine.prefetch, affine.dma_start/dma_wait and
affine.delinearize_index; also memref.dma_start/dma_wait (MemRefOps.cpp)."""

from __future__ import annotations

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import dim as affine_dim
from ..ir.affine_expr import symbol as affine_symbol
from ..ir.affine_map import AffineMap
from ..ir.core import register_op
from ..parse.syntax import TOKEN, TypeList, Uses, parse_error
from .affine import AffineYieldOp, parse_subscripts
from ..parse.op_syntax import parses
from .base import (RegisteredOp, attrs_of, ensure_terminator, first_of,
                   index_types, new_op, regions_of, type_list, types_of)
from .memref import (DYNAMIC, name_token, print_dynamic_index_list, split_mixed,
                     type_token)

# arith::AtomicRMWKind as mlir-opt 22 numbers it (the enum is alphabetical).
ATOMIC_RMW_KINDS = ("addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu",
                    "minimumf", "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori")


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

    def finish_parse(self) -> None:
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
        return None


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


# --------------------------------------------------------------- prefetch
@register_op
class AffinePrefetchOp(RegisteredOp):
    name = "affine.prefetch"
    inherent = ("map", "localityHint", "isWrite", "isDataCache")
    has_side_effects = True

    syntax = r"""
        affine_prefetch: OP_AFFINE_PREFETCH VALUE_ID affine_dma_subscripts "," BARE_ID "," "locality" "<" signed_int ">" "," BARE_ID attr_dict? ":" type
        affine_dma_subscripts: subscripts | AFFINE_SUBSCRIPTS
    """

    @classmethod
    def parse(cls, t, children):
        memref = children[0]
        name = name_token(t, "affine.prefetch", memref)
        rw, cache = [c for c in children if isinstance(c, TOKEN) and c.type == "BARE_ID"]
        hint = next(c for c in children if isinstance(c, int))
        type = types_of(children)[0]
        if not isinstance(type, T.MemRefType):
            raise parse_error(type_token(t, cache), "custom op 'affine.prefetch' invalid kind of type "
                              f"specified: expected builtin.memref, but found '{type}'")
        if rw.value not in ("read", "write"):
            raise parse_error(name, "custom op 'affine.prefetch' rw specifier has to be 'read' or 'write'")
        if cache.value not in ("data", "instr"):
            raise parse_error(name, "custom op 'affine.prefetch' cache type has to be 'data' or 'instr'")
        map, map_operands = parse_subscripts(t, _subscripts(children)[0])
        attrs = dict(attrs_of(children))
        attrs.update(map=A.AffineMapAttr(map), localityHint=A.IntegerAttr(hint, T.I32),
                     isWrite=A.BOOL_TRUE if rw.value == "write" else A.BOOL_FALSE,
                     isDataCache=A.BOOL_TRUE if cache.value == "data" else A.BOOL_FALSE)
        return new_op("affine.prefetch", name, [memref] + map_operands,
                      [type] + index_types(len(map_operands)), [], attrs)

    @parses("affine_dma_subscripts")
    def parse_dma_subscripts(t, children):
        return ("subscripts", children[0])

    @property
    def map(self) -> AffineMap:
        return self.properties["map"].value

    def print(self, p) -> None:
        props = self.properties
        p.write(" ")
        p.print_operand(self.operands[0])
        p.write("[")
        p.print_affine_map_of_ssa_ids(self.map, self.operands[1:])
        p.write("], " + ("write" if props["isWrite"].value else "read"))
        p.write(f", locality<{props['localityHint'].value}>, ")
        p.write("data" if props["isDataCache"].value else "instr")
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.operands[0].type)

    def verify(self):
        memref = self.operands[0].type
        if len(self.map.results) != getattr(memref, "rank", 0):
            return "'affine.prefetch' op affine.prefetch affine map num results must equal memref rank"
        if self.map.num_inputs + 1 != len(self.operands):
            return "'affine.prefetch' op too few operands"
        hint = self.properties["localityHint"].value
        if not 0 <= hint <= 3:
            return ("'affine.prefetch' op attribute 'localityHint' failed to satisfy constraint: "
                    "32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3")
        return None


def _subscripts(children) -> list:
    return [c[1] for c in children if isinstance(c, tuple) and c and c[0] == "subscripts"]


# -------------------------------------------------------------------- DMA
class _AffineDmaOp(RegisteredOp):
    """The DMA ops are not ODS ops: their maps (`src_map`, `dst_map`,
    `tag_map`) are plain attributes, and neither prints an attribute
    dictionary."""

    __slots__ = ()
    has_side_effects = True

    def _print_access(self, p, memref, map_name, indices) -> None:
        p.print_operand(memref)
        p.write("[")
        p.print_affine_map_of_ssa_ids(self.attributes[map_name].value, indices)
        p.write("]")


@register_op
class AffineDmaStartOp(_AffineDmaOp):
    name = "affine.dma_start"

    syntax = r"""
        // The affine DMA ops take no attribute dictionary (their parsers have none).
        // The stride operands are a trailing operand list (parseTrailingOperandList):
        // a comma after the element count may be followed by none.
        affine_dma_start: OP_AFFINE_DMA_START VALUE_ID affine_dma_subscripts "," VALUE_ID affine_dma_subscripts "," VALUE_ID affine_dma_subscripts "," VALUE_ID ("," (VALUE_ID ("," VALUE_ID)*)?)? ":" type_list
    """

    @classmethod
    def parse(cls, t, children):
        values = [c for c in children if isinstance(c, TOKEN)]
        name = name_token(t, "affine.dma_start", values[0])
        types = type_list(children)
        if len(types) != 3:
            raise parse_error(name, "custom op 'affine.dma_start' expected three types")
        operands, operand_types, attrs = [], [], {}
        for memref, subscripts, type, key in zip(values[:3], _subscripts(children), types,
                                                 ("src_map", "dst_map", "tag_map")):
            map, indices = parse_subscripts(t, subscripts)
            attrs[key] = A.AffineMapAttr(map)
            operands += [memref, *indices]
            operand_types += [type] + index_types(len(indices))
        rest = values[3:]
        if len(rest) not in (1, 3):
            raise parse_error(name, "custom op 'affine.dma_start' expected two stride related operands")
        operands += rest
        operand_types += index_types(len(rest))
        return new_op("affine.dma_start", name, operands, operand_types, [], attrs)

    def parts(self):
        """[(memref, map attribute name, indices)] for src, dst and tag, then
        the element count and the optional stride operands."""
        ops, parts, at = self.operands, [], 0
        for key in ("src_map", "dst_map", "tag_map"):
            n = self.attributes[key].value.num_inputs
            parts.append((ops[at], key, ops[at + 1:at + 1 + n]))
            at += 1 + n
        return parts, ops[at], ops[at + 1:]

    def print(self, p) -> None:
        parts, num, stride = self.parts()
        for i, (memref, key, indices) in enumerate(parts):
            p.write(", " if i else " ")
            self._print_access(p, memref, key, indices)
        p.write(", ")
        p.print_operands([num, *stride])
        p.write(" : ")
        p.print_type_list([memref.type for memref, _, _ in parts])

    def verify(self):
        parts, _, stride = self.parts()
        for (memref, _, _), what in zip(parts, ("source", "destination", "tag")):
            if not isinstance(memref.type, T.MemRefType):
                return f"'affine.dma_start' op expected DMA {what} to be of memref type"
        if len(stride) not in (0, 2):
            return "'affine.dma_start' op incorrect number of operands"
        return None


@register_op
class AffineDmaWaitOp(_AffineDmaOp):
    name = "affine.dma_wait"

    syntax = r"""
        affine_dma_wait: OP_AFFINE_DMA_WAIT VALUE_ID affine_dma_subscripts "," VALUE_ID ":" type
    """

    @classmethod
    def parse(cls, t, children):
        tag, num = [c for c in children if isinstance(c, TOKEN)]
        name = name_token(t, "affine.dma_wait", tag)
        type = types_of(children)[0]
        if not isinstance(type, T.MemRefType):
            raise parse_error(name, "custom op 'affine.dma_wait' expected tag to be of memref type")
        map, indices = parse_subscripts(t, _subscripts(children)[0])
        return new_op("affine.dma_wait", name, [tag, *indices, num],
                      [type] + index_types(len(indices) + 1), [], {"tag_map": A.AffineMapAttr(map)})

    def print(self, p) -> None:
        p.write(" ")
        self._print_access(p, self.operands[0], "tag_map", self.operands[1:-1])
        p.write(", ")
        p.print_operand(self.operands[-1])
        p.write(" : ")
        p.print_type(self.operands[0].type)

    def verify(self):
        if not isinstance(self.operands[0].type, T.MemRefType):
            return "'affine.dma_wait' op expected DMA tag to be of memref type"
        return None


# ------------------------------------------------------------- memref DMA
# memref.dma_start/dma_wait (MemRefOps.cpp) live here beside their affine
# counterparts; unlike those they take plain index operands, whose counts
# come from the memref ranks.
def _memref_rank(type) -> int:
    return type.rank if isinstance(type, T.MemRefType) else 0


@register_op
class MemRefDmaStartOp(RegisteredOp):
    """`memref.dma_start %src[..], %dst[..], %n, %tag[..] (, %stride, %per)?`;
    the index counts come from the memref ranks.  It prints an attribute
    dictionary but its parser accepts none (MemRefOps.cpp)."""

    name = "memref.dma_start"
    has_side_effects = True

    syntax = r"""
        // memref.dma_start takes no attribute dictionary (its parser has none).
        memref_dma_start: OP_MEMREF_DMA_START VALUE_ID memref_indices "," VALUE_ID memref_indices "," VALUE_ID "," VALUE_ID memref_indices ("," VALUE_ID)* ":" type_list
        memref_indices: "[" value_use_list? "]"
    """

    @classmethod
    def parse(cls, t, children):
        values = [c for c in children if isinstance(c, TOKEN)]
        src_idx, dst_idx, tag_idx = [c for c in children if isinstance(c, Uses)]
        src, dst, num, tag = values[:4]
        stride = values[4:]
        name = name_token(t, "memref.dma_start", src)
        if len(stride) not in (0, 2):
            raise parse_error(name, "custom op 'memref.dma_start' expected two stride related operands")
        types = type_list(children)
        if len(types) != 3:
            raise parse_error(name, "custom op 'memref.dma_start' fewer/more types expected")
        operands = [src, *src_idx, dst, *dst_idx, num, tag, *tag_idx, *stride]
        operand_types = ([types[0]] + index_types(len(src_idx)) + [types[1]] + index_types(len(dst_idx))
                         + [T.INDEX, types[2]] + index_types(len(tag_idx) + len(stride)))
        return new_op("memref.dma_start", name, operands, operand_types)

    @parses("memref_indices")
    def parse_memref_indices(t, children):
        return Uses(children[0]) if children else Uses()

    def parts(self):
        ops = self.operands
        src_end = 1 + _memref_rank(ops[0].type)
        dst_end = src_end + 1 + _memref_rank(ops[src_end].type)
        tag = dst_end + 1
        tag_end = tag + 1 + _memref_rank(ops[tag].type)
        return (ops[0], ops[1:src_end], ops[src_end], ops[src_end + 1:dst_end], ops[dst_end],
                ops[tag], ops[tag + 1:tag_end], ops[tag_end:])

    def print(self, p) -> None:
        src, src_idx, dst, dst_idx, num, tag, tag_idx, stride = self.parts()
        for i, (memref, indices) in enumerate(((src, src_idx), (dst, dst_idx))):
            p.write(", " if i else " ")
            p.print_operand(memref)
            p.write("[")
            p.print_operands(indices)
            p.write("]")
        p.write(", ")
        p.print_operand(num)
        p.write(", ")
        p.print_operand(tag)
        p.write("[")
        p.print_operands(tag_idx)
        p.write("]")
        if stride:
            p.write(", ")
            p.print_operands(stride)
        self.attr_dict(p)
        p.write(" : ")
        p.print_type_list([src.type, dst.type, tag.type])

    def verify(self):
        """DmaStartOp::verify; each memref's rank says how many indices follow it."""
        ops = self.operands
        n = len(ops)

        def error(message):
            return "'memref.dma_start' op " + message
        if n < 4:
            return error("expected at least 4 operands")
        expected = 4
        at = 0
        for what in ("source", "destination", None, "tag"):
            if what is None:
                if ops[at].type != T.INDEX:
                    return error("expected num elements to be of index type")
                at += 1
                continue
            if not isinstance(ops[at].type, T.MemRefType):
                return error(f"expected {what} to be of memref type")
            rank = ops[at].type.rank
            expected += rank
            if n < expected:
                return error(f"expected at least {expected} operands")
            if any(v.type != T.INDEX for v in ops[at + 1:at + 1 + rank]):
                return error(f"expected {what} indices to be of index type")
            at += 1 + rank
        if n not in (expected, expected + 2):
            return error("incorrect number of operands")
        if any(v.type != T.INDEX for v in ops[expected:]):
            return error("expected stride and num elements per stride to be of type index")
        return None


@register_op
class MemRefDmaWaitOp(RegisteredOp):
    name = "memref.dma_wait"
    has_side_effects = True

    syntax = r"""
        memref_dma_wait: OP_MEMREF_DMA_WAIT VALUE_ID memref_indices "," VALUE_ID attr_dict? ":" type
    """

    @classmethod
    def parse(cls, t, children):
        tag, num = [c for c in children if isinstance(c, TOKEN)]
        indices = first_of(children, Uses, Uses())
        type = types_of(children)[0]
        return new_op("memref.dma_wait", name_token(t, "memref.dma_wait", tag),
                      [tag, *indices, num], [type] + index_types(len(indices) + 1),
                      attributes=dict(attrs_of(children)))

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        p.write("[")
        p.print_operands(self.operands[1:-1])
        p.write("], ")
        p.print_operand(self.operands[-1])
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.operands[0].type)

    def verify(self):
        tag = self.operands[0].type
        if len(self.operands) - 2 != _memref_rank(tag):
            return (f"'memref.dma_wait' op expected tagIndices to have the same number of "
                    f"elements as the tagMemRef rank, expected {_memref_rank(tag)}, but got "
                    f"{len(self.operands) - 2}")
        return None


# ------------------------------------------------------ delinearize_index
@register_op
class AffineDelinearizeIndexOp(RegisteredOp):
    """`affine.delinearize_index %i into (%b, 4) : index, index`: the basis
    is custom<DynamicIndexList> in parentheses; the outer bound may be left
    out, giving one more result than basis entries."""

    name = "affine.delinearize_index"
    inherent = ("static_basis",)

    syntax = r"""
        affine_delinearize_index: OP_AFFINE_DELINEARIZE_INDEX VALUE_ID "into" "(" mixed_basis? ")" attr_dict? ":" type_list
        mixed_basis: mixed_entry ("," mixed_entry)*
    """

    @classmethod
    def parse(cls, t, children):
        index = children[0]
        entries = next((c[1] for c in children if isinstance(c, tuple) and c[0] == "basis"), [])
        op_token = name_token(t, "affine.delinearize_index", index)
        static, dynamic = split_mixed(entries, "affine.delinearize_index", op_token)
        attrs = dict(attrs_of(children))
        attrs["static_basis"] = static
        return new_op("affine.delinearize_index", op_token,
                      [index, *dynamic], index_types(1 + len(dynamic)), type_list(children), attrs)

    @parses("mixed_basis")
    def parse_mixed_basis(t, children):
        return ("basis", list(children))

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        p.write(" into ")
        print_dynamic_index_list(p, self.properties["static_basis"].value, self.operands[1:], "()")
        self.attr_dict(p)
        p.write(" : ")
        p.print_type_list([r.type for r in self.results])

    def verify(self):
        basis = self.properties["static_basis"].value
        if len(self.results) not in (len(basis), len(basis) + 1):
            return ("'affine.delinearize_index' op should return an index for each basis "
                    "element and up to one extra index")
        if sum(v == DYNAMIC for v in basis) != len(self.operands) - 1:
            return ("'affine.delinearize_index' op mismatch between dynamic and static "
                    "basis (kDynamic marker but no corresponding dynamic basis entry) -- "
                    "this can only happen due to an incorrect fold/rewrite")
        if any(v != DYNAMIC and v <= 0 for v in basis):
            return "'affine.delinearize_index' op no basis element may be statically non-positive"
        return None


