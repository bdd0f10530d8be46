"""linalg.generic and linalg.index (mlir/lib/Dialect/Linalg/IR/LinalgOps.cpp,
LinalgStructuredOps.td).

linalg.generic's parser is hand-written upstream: a leading dictionary (or
an alias of one) holds the trait attributes, `indexing_maps`,
`iterator_types` (written as strings, held as `#linalg.iterator_type<...>`),
`library_call` and `doc`; then the `ins(...)`/`outs(...)` shared with the
named ops, the other attributes after `attrs =`, the region, and the
result types.  The body's entry arguments are named `%in` and `%out`
(getAsmBlockArgumentNames).  linalg.index, linalg.softmax and the Winograd
transforms, linalg.pack and linalg.unpack are declared by their formats."""

from __future__ import annotations

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..ir.attr_syntax import DenseArray, Enum, TypedInt
from ..ir.core import register_op
from ..ir.op_definition import Operand, Optional, Property, Result, Variadic, VariadicResult
from ..ir.side_effects import NOT_SPECULATABLE, RECURSIVELY_SPECULATABLE
from ..ir.traits import (AttrSizedOperandSegments, ConditionallySpeculatable,
                         MemoryEffectOpInterface, NoMemoryEffect, Pure, Read, Write)
from ..parse.op_syntax import parses
from ..parse.syntax import AttrDict, ParsedRegion, TypeList, Uses, parse_error
from .base import RegisteredOp, first_of, new_op, type_constraint_error
from .custom_directives import DYNAMIC_INDEX_LIST
from .memref import DYNAMIC, at_offset
from .linalg import StructuredOp, print_ins_outs

# linalgTraitAttrNames, in the order a dictionary sorts them.
TRAIT_NAMES = ("doc", "indexing_maps", "iterator_types", "library_call")
ITERATOR_PREFIX = "#linalg.iterator_type<"


# utils::IteratorType, the words GenericOp::parse turns into its enum.
ITERATOR_TYPES = ("parallel", "reduction")


def _after_trait(t, children) -> tuple:
    """(line, column) of the token after linalg.generic's trait dictionary,
    where GenericOp::parse reports what is wrong in it: `ins`, `outs` or the
    region."""
    for child in children[1:]:
        if isinstance(child, tuple) and child[0] in ("ins", "outs") and child[1]:
            anchor = child[1][0]
            token = at_offset(t, t.text.rfind(child[0], 0, anchor.start_pos), anchor)
            return token.line, token.column
        if isinstance(child, ParsedRegion):
            return child.pos
    return (1, 1)


def _iterator_attr(value):
    if isinstance(value, A.StringAttr):
        return A.OpaqueAttr(f"{ITERATOR_PREFIX}{value.text}>")
    return value


def _iterator_name(value):
    if isinstance(value, A.OpaqueAttr) and value.text.startswith(ITERATOR_PREFIX):
        return A.StringAttr(value.text[len(ITERATOR_PREFIX):-1].encode())
    return value


@register_op
class GenericOp(StructuredOp):
    """`linalg.generic {trait} ins(...) outs(...) [attrs = {...}] {body}
    [-> types]`: the body is explicit, the indexing maps a property."""

    syntax_extended = True
    name = "linalg.generic"
    required_properties = ("indexing_maps", "iterator_types")
    traits = (AttrSizedOperandSegments, MemoryEffectOpInterface, ConditionallySpeculatable)
    inherent = ("operandSegmentSizes",) + TRAIT_NAMES

    def speculatability(self) -> str:
        """getGenericSpeculatabilityImpl: on tensors only, as its body."""
        if any(isinstance(v.type, T.MemRefType) for v in self.operands):
            return NOT_SPECULATABLE
        return RECURSIVELY_SPECULATABLE

    syntax = r"""
        linalg_generic: OP_LINALG_GENERIC attribute_value linalg_operands? linalg_outs? linalg_attrs? region linalg_results?
        linalg_outs: "outs" "(" value_use_list ":" type_list ")"
        linalg_attrs: "attrs" "=" attr_dict
    """

    @classmethod
    def parse(cls, t, children):
        trait = children[0]
        if not isinstance(trait, A.DictionaryAttr):
            raise parse_error(t, "expected dictionary attribute")
        attrs = {}
        for key, value in trait.value.items():
            if key == "iterator_types" and isinstance(value, A.ArrayAttr):
                unknown = next((v.text for v in value.value if isinstance(v, A.StringAttr)
                                and v.text not in ITERATOR_TYPES), None)
                if unknown is not None:
                    raise MLIRError(f"custom op '{cls.name}' unexpected iterator_type "
                                    f"({unknown})", _after_trait(t, children))
                value = A.ArrayAttr([_iterator_attr(v) for v in value.value])
            attrs[key] = value
        inputs, input_types = [], []
        outputs, output_types = [], []
        results = []
        for child in children[1:]:
            if isinstance(child, tuple) and child[0] == "ins":
                inputs, input_types = child[1], child[2]
            elif isinstance(child, tuple) and child[0] == "outs":
                outputs, output_types = child[1], child[2]
            elif isinstance(child, tuple) and child[0] == "results":
                results = child[1]
            elif isinstance(child, AttrDict):
                attrs.update(child)
        for values, types in ((inputs, input_types), (outputs, output_types)):
            if len(values) != len(types):
                raise parse_error(values[0], f"custom op '{cls.name}' number of operands and "
                                             f"types do not match: got {len(values)} operands "
                                             f"and {len(types)} types")
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.I32, [len(inputs), len(outputs)])
        region = first_of(children, ParsedRegion)
        return new_op(cls.name, None, list(inputs) + list(outputs),
                      list(input_types) + list(output_types), results, attrs, regions=[region])

    @parses("linalg_outs")
    def parse_outs(t, children):
        return ("outs", first_of(children, Uses), first_of(children, TypeList))

    @parses("linalg_attrs")
    def parse_attrs(t, children):
        return first_of(children, AttrDict, AttrDict())

    def ensure_implicit_structure(self) -> None:
        """The body is always written: none is built."""

    def indexing_maps(self) -> list:
        maps = self.properties.get("indexing_maps")
        if isinstance(maps, A.ArrayAttr):
            return [m.value for m in maps.value if isinstance(m, A.AffineMapAttr)]
        return []

    def block_argument_name_hints(self, region) -> list:
        inputs = len(self.inputs())
        return ["in"] * inputs + ["out"] * (len(self.operands) - inputs)

    def verify_op(self):
        block = self.regions[0].blocks[0] if self.regions[0].blocks else None
        if block is not None and len(block.args) != len(self.operands):
            return (f"'{self.name}' op expected as many non-induction variable region arguments"
                    f" as the number of input/output operands")
        return None

    def print(self, p) -> None:
        trait = {}
        for key in TRAIT_NAMES:
            value = self.properties.get(key)
            if key == "iterator_types" and isinstance(value, A.ArrayAttr):
                value = A.ArrayAttr([_iterator_name(v) for v in value.value])
            if value is not None:
                trait[key] = value
        p.write(" ")
        if trait:
            p.print_attribute(A.DictionaryAttr(trait), "never")
        print_ins_outs(p, self.inputs(), self.outputs())
        if self.attributes:
            p.write(" attrs = ")
            p.print_optional_attr_dict(self, self.inherent)
        if self.regions[0].blocks:
            p.write(" ")
            p.print_region(self.regions[0], True, True)
        if self.results:
            p.write(" -> ")
            p.print_result_types([r.type for r in self.results])


@register_op
class IndexOp(RegisteredOp):
    """`%i = linalg.index 0 : index`: the iteration index of one loop of the
    enclosing structured op."""

    __slots__ = ()
    name = "linalg.index"
    traits = (Pure,)
    ods_results = (Result("result"),)
    ods_properties = (Property("dim", TypedInt(T.I64)),)
    required_properties = ("dim",)
    ods_types = {"result": T.INDEX}
    assembly_format = "$dim attr-dict `:` type($result)"

    def verify(self):
        parent = self.parent_op
        if not isinstance(parent, StructuredOp):
            return "'linalg.index' op expected parent op with LinalgOp interface"
        maps = parent.indexing_maps()
        loops = maps[0].num_dims if maps else 0
        dim = self.properties["dim"].value
        if dim >= loops:
            return (f"'linalg.index' op expected dim ({dim}) to be lower than the number of "
                    f"loops ({loops}) of the enclosing LinalgOp")
        return None


@register_op
class SoftmaxOp(RegisteredOp):
    """`%r = linalg.softmax dimension(2) ins(%x : T) outs(%o : T) -> T`."""

    __slots__ = ()
    name = "linalg.softmax"
    traits = (MemoryEffectOpInterface,)
    ods_operands = (Operand("input"), Operand("output"))
    ods_results = (VariadicResult("result"),)
    ods_properties = (Property("dimension", TypedInt(T.I64)),)
    required_properties = ("dimension",)
    assembly_format = ("attr-dict `dimension` `(` $dimension `)` `ins` `(` $input `:` "
                       "type($input) `)` `outs` `(` $output `:` type($output) `)` "
                       "(`->` type($result)^)?")

    def get_effects(self) -> list:
        """SoftmaxOp::getEffects: the input read and the output read and
        written, when they are buffers."""
        return [effect for k, effect in ((0, Read(0)), (1, Read(1)), (1, Write(1)))
                if isinstance(self.operands[k].type, T.MemRefType)]

    def verify(self):
        """SoftmaxOp::verify."""
        input_shape, output_shape = (getattr(v.type, "shape", ()) for v in self.operands)
        if len(input_shape) != len(output_shape) or any(
                a is not None and b is not None and a != b
                for a, b in zip(input_shape, output_shape)):
            return "'linalg.softmax' op incompatible output shape"
        if not 0 <= self.properties["dimension"].value < len(input_shape):
            return "'linalg.softmax' op incorrect dimension specified"
        return None


# Linalg_WinogradConformation: F(m, r), the output tile m and the kernel r.
_FMR = Enum(["F_2_3", "F_4_3", "F_2_5"], cpp_name="::mlir::linalg::WinogradConformation",
            attr_class="WinogradConformationAttr", storage=T.I32)


class WinogradTransformOp(RegisteredOp):
    """`%r = linalg.winograd_X_transform fmr(F_4_3) ins(%a : T) outs(%o : U) -> U`."""

    __slots__ = ()
    ods_results = (Result("result"),)
    ods_properties = (Property("fmr", _FMR),)
    required_properties = ("fmr",)


for _name, _operand in (("filter", "filter"), ("input", "input"), ("output", "value")):
    register_op(type(f"Winograd{_name.title()}TransformOp", (WinogradTransformOp,), {
        "__slots__": (), "name": f"linalg.winograd_{_name}_transform",
        # DestinationStyleOpInterface and TilingInterface only: effects unknown.
        "traits": (),
        "ods_operands": (Operand(_operand), Operand("output")),
        "assembly_format": (f"attr-dict `fmr` `(` $fmr `)` `ins` `(` ${_operand} `:` "
                            f"type(${_operand}) `)` `outs` `(` $output `:` type($output) `)` "
                            "`->` type($result)")}))


class RelayoutOp(RegisteredOp):
    """linalg.pack and linalg.unpack (LinalgRelayoutOps.td): the source
    tensor tiled into (or back from) the destination tensor; the result of
    the destination's type."""

    __slots__ = ()
    # NoMemoryEffect on tensors; speculatable only when the tile sizes are
    # known to be right (ConditionallySpeculatable), so not Pure.
    traits = (NoMemoryEffect,)
    ods_results = (Result("result"),)
    ods_types = {"inner_tiles": T.INDEX, "result": "dest"}
    custom_DynamicIndexList = DYNAMIC_INDEX_LIST

    def verify(self):
        # The custom form reads both types as tensors; mlir-opt reports a
        # memref there while parsing, here by the operand constraints.
        return type_constraint_error(self, [
            (value, T.TensorType, "ranked tensor of any type values")
            for value in self.operands[:2]]) or self.verify_relayout()

    def unpacked_and_packed(self):
        """The types of the tensor before and after packing."""
        source, dest = (v.type for v in self.operands[:2])
        return (source, dest) if self.name == "linalg.pack" else (dest, source)

    def tiles(self) -> list:
        """The inner tile sizes, None for a dynamic one."""
        return [None if t == DYNAMIC else t for t in self.properties["static_inner_tiles"].value]

    def verify_relayout(self):
        """commonVerifierPackAndUnPackOp (LinalgOps.cpp)."""
        unpacked, packed = self.unpacked_and_packed()
        rank = len(unpacked.shape)
        inner = list(self.properties["inner_dims_pos"].value)
        outer = self.properties.get("outer_dims_perm")
        outer = list(outer.value) if outer is not None else []
        tiles = self.tiles()
        if 0 in tiles:
            return "invalid zero tile factor"
        for positions, name in ((inner, "inner_dims_pos"), (outer, "outer_dims_perm")):
            if len(positions) > rank or len(set(positions)) != len(positions) \
                    or any(not 0 <= p < rank for p in positions):
                return f"invalid {name} vector"
        if len(tiles) > rank:
            return ("tiling factors must be less than or equal to the input rank for pack or "
                    "output rank for unpack")
        if len(tiles) != len(inner):
            return "tiling factors must equal the number of dimensions to tile"
        if rank + len(tiles) != len(packed.shape):
            return (f"packed rank != (unpacked rank + num tiling factors), got "
                    f"{len(packed.shape)} != {rank + len(tiles)}")
        for size, tile in zip(packed.shape[rank:], tiles):
            if tile is None and size is not None or None not in (tile, size) and size != tile:
                return ("mismatch in inner tile sizes specified and shaped of tiled dimension "
                        "in the packed type")
        expected = T.TensorType(_packed_shape(unpacked.shape, tiles, inner, outer),
                                unpacked.element_type)
        if len(expected.shape) != len(packed.shape) or any(
                None not in (a, b) and a != b for a, b in zip(expected.shape, packed.shape)):
            return f"expected '{expected}' for the packed domain value, got '{packed}'"
        return None

    def result_name_hints(self):
        return [self.name.partition(".")[2]]


def _packed_shape(shape, tiles, inner, outer) -> list:
    """getPackOpResultTypeShape: each tiled dimension divided (rounding up)
    by its tile, the outer dimensions permuted, the tiles appended."""
    result = list(shape)
    for position, tile in zip(inner, tiles):
        if result[position] is not None:
            result[position] = None if tile is None else -(-result[position] // tile)
    if outer:
        result = [result[p] for p in outer]
    return result + list(tiles)


_RELAYOUT_FORMAT = (
    "(`outer_dims_perm` `=` $outer_dims_perm^)? `inner_dims_pos` `=` $inner_dims_pos "
    "`inner_tiles` `=` custom<DynamicIndexList>($inner_tiles, $static_inner_tiles) "
    "`into` $dest attr-dict `:` type($source) `->` type($dest)")
_RELAYOUT_PROPERTIES = (Property("outer_dims_perm", DenseArray()),
                        Property("inner_dims_pos", DenseArray()),
                        Property("static_inner_tiles", DenseArray()))


@register_op
class PackOp(RelayoutOp):
    """`%p = linalg.pack %src [padding_value(%v : T)] inner_dims_pos = [0, 1]
    inner_tiles = [8, 32] into %dest : S -> D`."""

    __slots__ = ()
    name = "linalg.pack"
    traits = (AttrSizedOperandSegments, NoMemoryEffect)
    ods_operands = (Operand("source"), Operand("dest"), Optional("padding_value"),
                    Variadic("inner_tiles"))
    ods_properties = _RELAYOUT_PROPERTIES
    required_properties = ("inner_dims_pos", "static_inner_tiles")
    assembly_format = ("$source (`padding_value` `(` $padding_value^ `:` type($padding_value) "
                       "`)`)? " + _RELAYOUT_FORMAT)

    def verify_relayout(self):
        """PackOp::verify: then only full tiles without a padding value, and
        a padding value of the source's element type."""
        found = super().verify_relayout()
        if found is not None:
            return found
        source = self.operands[0].type
        inner = self.properties["inner_dims_pos"].value
        padding = self.operands[2] if len(self.operands) > 2 \
            and self.properties["operandSegmentSizes"].value[2] else None
        if padding is None and any(
                None not in (source.shape[p], tile) and source.shape[p] % tile
                for p, tile in zip(inner, self.tiles())):
            return ("'linalg.pack' op invalid tile factor or output size provided. Only full "
                    "tiles are supported when padding_value is not set")
        if padding is not None and padding.type != source.element_type:
            return (f"'linalg.pack' op expected padding_value has '{source.element_type}' but "
                    f"got: '{padding.type}'")
        return None


@register_op
class UnPackOp(RelayoutOp):
    """`%u = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 32]
    into %dest : S -> D`."""

    __slots__ = ()
    name = "linalg.unpack"
    traits = RelayoutOp.traits
    ods_operands = (Operand("source"), Operand("dest"), Variadic("inner_tiles"))
    ods_properties = _RELAYOUT_PROPERTIES
    required_properties = ("inner_dims_pos", "static_inner_tiles")
    assembly_format = "$source " + _RELAYOUT_FORMAT
