"""The affine ops that move data (mlir/lib/Dialect/Affine/IR/AffineOps.cpp):
affine.prefetch, affine.dma_start and affine.dma_wait, whose subscripts are
affine maps of SSA ids."""

from __future__ import annotations

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.traits import MemoryEffectOpInterface, Read, Write
from ..ir.affine_map import AffineMap
from ..ir.core import register_op
from ..ir.attr_syntax import BoolAttr, TypedInt
from ..ir.op_definition import Operand, Property, RegionDef, Variadic
from ..ir.traits import AffineMapAccessInterface
from .affine_canonicalize import simplify_affine_op
from ..parse.syntax import TOKEN, parse_error
from .affine import parse_subscripts
from ..parse.op_syntax import parses
from .affine_validity import get_affine_scope, is_valid_affine_index_operand
from .base import RegisteredOp, attrs_of, index_types, new_op, type_list, types_of
from .memref import name_token, type_token

@register_op
class AffinePrefetchOp(RegisteredOp):
    name = "affine.prefetch"
    required_properties = ("isDataCache", "isWrite", "localityHint", "map")
    traits = (AffineMapAccessInterface,)
    canonicalization_patterns = (simplify_affine_op,)
    ods_operands = (Operand("memref"), Variadic("indices"))
    ods_properties = (Property("map", A.AffineMapAttr), Property("localityHint", TypedInt(T.I32)),
                      Property("isWrite", BoolAttr()), Property("isDataCache", BoolAttr()))
    inherent = ("map", "localityHint", "isWrite", "isDataCache")

    syntax = r"""
        affine_prefetch: OP_AFFINE_PREFETCH VALUE_ID affine_dma_subscripts "," name_id "," "locality" "<" signed_int ">" "," name_id attr_dict? ":" type
        affine_dma_subscripts: subscripts | AFFINE_SUBSCRIPTS
    """

    @classmethod
    def parse(cls, t, children):
        memref = children[0]
        name = name_token(t, "affine.prefetch", memref)
        # Any keyword, `false` too, is read before the specifiers are checked.
        rw, cache = [c for c in children[1:] if isinstance(c, TOKEN) and c.type != "VALUE_ID"]
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

    def affine_map_attr_for_memref(self, memref) -> tuple:
        return "map", self.properties["map"]

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
    dictionary.  Their C++ classes state no count of regions (ZeroRegions)
    but ZeroResults: a region is no error of theirs."""

    __slots__ = ()
    ods_regions = (RegionDef("regions", variadic=True),)

    def _print_access(self, p, memref, map_name, indices) -> None:
        p.print_operand(memref)
        p.write("[")
        p.print_affine_map_of_ssa_ids(self.attributes[map_name].value, indices)
        p.write("]")


@register_op
class AffineDmaStartOp(_AffineDmaOp):
    name = "affine.dma_start"
    traits = (AffineMapAccessInterface, MemoryEffectOpInterface)
    ods_operands = (Variadic("operands"),)

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

    @property
    def dst_memref_operand_index(self) -> int:
        return 1 + self.attributes["src_map"].value.num_inputs

    @property
    def tag_memref_operand_index(self) -> int:
        return self.dst_memref_operand_index + 1 + self.attributes["dst_map"].value.num_inputs

    src_memref = property(lambda self: self.operands[0])
    dst_memref = property(lambda self: self.operands[self.dst_memref_operand_index])
    tag_memref = property(lambda self: self.operands[self.tag_memref_operand_index])

    @property
    def tag_indices(self):
        start = self.tag_memref_operand_index + 1
        return self.operands[start:start + self.attributes["tag_map"].value.num_inputs]

    def is_dest_memory_space_faster(self) -> bool:
        """The destination's memory space is the higher one (an incoming
        transfer)."""
        return memory_space_of(self.src_memref) < memory_space_of(self.dst_memref)

    def is_src_memory_space_faster(self) -> bool:
        return memory_space_of(self.dst_memref) < memory_space_of(self.src_memref)

    def faster_mem_pos(self) -> int:
        """The operand index of the memref in the faster memory space."""
        return 0 if self.is_src_memory_space_faster() else self.dst_memref_operand_index

    def affine_map_attr_for_memref(self, memref) -> tuple:
        """The source's map when `memref` is the source, else the
        destination's, else the tag's (upstream asks in that order)."""
        (src, _, _), (dst, _, _), _ = self.parts()[0]
        key = "src_map" if memref is src else "dst_map" if memref is dst else "tag_map"
        return key, self.attributes[key]

    def get_effects(self) -> list:
        """Reads its source and tag, writes its destination (upstream's
        `AffineDmaStartOp::getEffects`)."""
        src_inputs = self.attributes["src_map"].value.num_inputs
        dst = 1 + src_inputs
        tag = dst + 1 + self.attributes["dst_map"].value.num_inputs
        return [Read(0), Write(dst), Read(tag)]

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
        # AffineDmaStartOp::verifyInvariantsImpl reads the source first; the
        # maps then place the other operands (a generic form may lack them).
        if not self.operands or not isinstance(self.operands[0].type, T.MemRefType):
            return "'affine.dma_start' op expected DMA source to be of memref type"
        maps = [self.attributes.get(key) for key in ("src_map", "dst_map", "tag_map")]
        for key, map_attr in zip(("src_map", "dst_map", "tag_map"), maps):
            if not isinstance(map_attr, A.AffineMapAttr):
                return f"'affine.dma_start' op requires attribute '{key}'"
        if len(self.operands) < 4 + sum(m.value.num_inputs for m in maps):
            return "'affine.dma_start' op incorrect number of operands"
        parts, _, stride = self.parts()
        for (memref, _, _), what in zip(parts, ("source", "destination", "tag")):
            if not isinstance(memref.type, T.MemRefType):
                return f"'affine.dma_start' op expected DMA {what} to be of memref type"
        if len(stride) not in (0, 2):
            return "'affine.dma_start' op incorrect number of operands"
        scope = get_affine_scope(self)
        for (_, _, indices), what in zip(parts, ("src", "dst", "tag")):
            message = _index_error(self, indices, scope, f"{what} index",
                                   f"{what} index to dma_start")
            if message:
                return message
        return None


@register_op
class AffineDmaWaitOp(_AffineDmaOp):
    name = "affine.dma_wait"
    traits = (AffineMapAccessInterface, MemoryEffectOpInterface)
    ods_operands = (Operand("tagMemRef"), Variadic("tagIndices"), Operand("numElements"))

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

    @property
    def tag_memref(self):
        return self.operands[0]

    @property
    def tag_indices(self):
        return self.operands[1:-1]

    def affine_map_attr_for_memref(self, memref) -> tuple:
        return "tag_map", self.attributes["tag_map"]

    def get_effects(self) -> list:
        return [Read(0)]

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
        return _index_error(self, self.operands[1:-1], get_affine_scope(self), "index",
                            "index to dma_wait")


def memory_space_of(memref) -> int:
    """MemRefType::getMemorySpaceAsInt: the integer memory space, 0 when
    none (or none of an integer) is given."""
    space = memref.type.memory_space
    return space.value if isinstance(space, A.IntegerAttr) else 0


def _index_error(op, indices, scope, what: str, typed: str) -> str | None:
    """The DMA ops' subscripts: of index type, each a valid dimension or symbol."""
    for value in indices:
        if value.type != T.INDEX:
            return f"'{op.op_name}' op {typed} must have 'index' type"
        if not is_valid_affine_index_operand(value, scope):
            return f"'{op.op_name}' op {what} must be a valid dimension or symbol identifier"
    return None
