"""linalg named structured ops (mlir/lib/Dialect/Linalg/IR/LinalgOps.cpp,
the opdsl-generated LinalgNamedStructuredOps.yaml, and the structured op
interface's verifier in LinalgInterfaces.cpp): the form they share,
linalg.matmul, linalg.batch_matmul, linalg.contract, linalg.fill and the
terminator of their bodies, linalg.yield.  The ops opdsl defines are
declared by the tables of linalg_named.py.

A named op is written `linalg.matmul {attrs} ins(%a, %b : A, B)
outs(%c : C) [-> R]`; its body is implicit.  As mlir-opt does, the body is
built when the op is made from the custom form (the `region_builder` of
each op: the scalar computation on the element types, with the casts the
op's type function asks for), so that the generic form spells it out.
Structured ops whose indexing maps are fixed remember them in the
discardable attribute `linalg.memoized_indexing_maps` once asked for them
(the verifier does), which the generic form shows."""

from __future__ import annotations

from ..diagnostics import UNKNOWN_LOCATION, current_context
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import dim
from ..ir.affine_map import AffineMap
from ..ir.core import OP_CLASSES, Block, register_op
from ..ir.op_definition import RegionDef, Variadic, VariadicResult
from ..ir.traits import (AttrSizedOperandSegments, MemoryEffectOpInterface, Pure, Read,
                         ReturnLike, Terminator, Write)
from ..parse.op_syntax import parses
from ..parse.syntax import AttrDict, ParsedRegion, TypeList, Uses, parse_error
from .base import (RegisteredOp, ValueTerminator, attrs_of, first_of, new_op, type_constraint_error,
                   type_list, uses)
from .linalg_interfaces import fill_interface_error
from .memref import at_offset

MEMOIZED_MAPS = "linalg.memoized_indexing_maps"


# An operand that is no tensor or buffer (a vector included) is a scalar to
# the structured op interface (LinalgOp::isScalar).
def _element_type(type):
    return type.element_type if isinstance(type, (T.TensorType, T.MemRefType)) else type


def _as_int64(value: int) -> int:
    """`value` wrapped to int64_t, as MLIR's constant folding of affine
    expressions computes it (+ and * wrap alike at each step or at the end)."""
    return (value + (1 << 63)) % (1 << 64) - (1 << 63)


def _shape(type) -> list:
    return list(type.shape) if isinstance(type, (T.TensorType, T.MemRefType)) else []


def _is_tensor(type) -> bool:
    return isinstance(type, (T.TensorType, T.UnrankedTensorType))


# ------------------------------------------------------------------- yield
@register_op
class YieldOp(ValueTerminator):
    """`linalg.yield %v : T`: the element a structured op's body gives for
    each output."""

    name = "linalg.yield"
    traits = (Pure, Terminator, ReturnLike)
    ods_operands = (Variadic("values"),)

    syntax = r"""
        linalg_yield: OP_LINALG_YIELD attr_dict? (value_use_list ":" type_list)?
    """

    @classmethod
    def parse(cls, t, children):
        return new_op(cls.name, None, uses(children), type_list(children),
                      attributes=dict(attrs_of(children)))

    def verify(self):
        parent = self.parent_op
        if not isinstance(parent, StructuredOp):
            return None
        outputs = parent.outputs()
        if len(self.operands) != len(outputs):
            return (f"'linalg.yield' op expected number of yield values ({len(self.operands)}) "
                    f"to match the number of inits / outs operands of the enclosing LinalgOp "
                    f"({len(outputs)})")
        for index, (value, output) in enumerate(zip(self.operands, outputs)):
            element = _element_type(output.type)
            if value.type != element:
                return (f"'linalg.yield' op type of yield operand {index + 1} ('{value.type}') "
                        f"doesn't match the element type of the enclosing linalg.generic op "
                        f"('{element}')")
        return None


# --------------------------------------------------------- the scalar body
def _cast(block, value, to_type, unsigned: bool = False):
    """linalg's `cast_signed` type function, or `cast_unsigned` when
    `unsigned` (RegionBuilderHelper::buildTypeFn and convertScalarToDtype):
    `value` converted to `to_type`, or left as it is when it cannot be."""
    name = cast_op_name(value.type, to_type, unsigned)
    if not name:
        return value          # left for the verifier of the body's ops
    return _append(block, name, [value], to_type)


def cast_op_name(source, to_type, unsigned: bool = False) -> str | None:
    """The op convertScalarToDtype makes to convert a `source` element to
    `to_type`: "" when it makes none (the types are the same, or floats of
    one width); None when it cannot convert them, which it warns about
    (at an unknown location: the op being parsed has none yet) and which
    leaves the value as it is."""
    if source == to_type:
        return ""
    name = None
    if isinstance(to_type, T.FloatType):
        if isinstance(source, T.FloatType):
            name = ("arith.extf" if _width(source) < _width(to_type) else
                    "arith.truncf" if _width(source) > _width(to_type) else "")
        elif isinstance(source, T.IntegerType):
            name = "arith.uitofp" if unsigned else "arith.sitofp"
    elif isinstance(to_type, T.IntegerType):
        if isinstance(source, T.IntegerType):
            name = ("arith.trunci" if source.width > to_type.width else
                    "arith.extui" if unsigned else "arith.extsi")
        elif isinstance(source, T.FloatType):
            name = "arith.fptoui" if unsigned else "arith.fptosi"
        elif isinstance(source, T.IndexType):
            name = "arith.index_cast"
    elif isinstance(to_type, T.ComplexType):
        return ""             # complex.create and friends are not modelled
    if name is None:
        current_context().emit(
            "warning", f"could not cast operand of type '{source}' to '{to_type}'",
            UNKNOWN_LOCATION)
    return name


def binary_fn_error(lhs, rhs) -> str | None:
    """What RegionBuilderHelper::buildBinaryFn refuses: operands that are
    not both complex, both floats or both integers (an index is none)."""
    for kind in (T.ComplexType, T.FloatType, T.IntegerType):
        if isinstance(lhs, kind) and isinstance(rhs, kind):
            return None
    return ("Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, "
            f"or allInteger, got '{lhs}' and '{rhs}'")


def multiply_accumulate_error(types) -> str | None:
    """What the region builder of `out + cast(in0) * cast(in1)` refuses on
    elements of `types` (the inputs', then the output's)."""
    out = types[-1]
    lhs, rhs = (type if cast_op_name(type, out) is None else out for type in types[:2])
    return binary_fn_error(lhs, rhs) or binary_fn_error(out, lhs)


def _width(type) -> int:
    return T.FLOAT_WIDTHS.get(type.text, 0)


def _append(block, name: str, operands, result_type):
    op = OP_CLASSES[name](operands, [result_type] if result_type is not None else [])
    block.append(op)
    return op.results[0] if op.results else None


def _multiply_accumulate(block, unsigned: bool = False) -> None:
    """out + cast(in0) * cast(in1), the body of matmul and convolutions."""
    lhs, rhs, out = block.args
    lhs, rhs = _cast(block, lhs, out.type, unsigned), _cast(block, rhs, out.type, unsigned)
    product = _binary(block, ("arith.mulf", "arith.muli", "arith.andi"), lhs, rhs)
    block.append(YieldOp([_binary(block, ("arith.addf", "arith.addi", "arith.ori"), out, product)]))


def _binary(block, fns, lhs, rhs):
    """buildBinaryFn: the float, integer or boolean op of `fns` on `lhs`
    and `rhs` (which binary_fn_error accepts), of `lhs`'s type."""
    type = lhs.type
    if isinstance(type, T.FloatType):
        name = fns[0]
    elif type == T.I1 and rhs.type == T.I1:
        name = fns[2]
    else:
        name = fns[1]
    return _append(block, name, [lhs, rhs], type)


# ---------------------------------------------------------- structured ops
class StructuredOp(RegisteredOp):
    """The named structured ops: inputs then outputs (operandSegmentSizes),
    results one per output tensor, and one region whose block takes an
    element of each operand."""

    __slots__ = ()
    inherent = ("operandSegmentSizes",)
    ods_operands = (Variadic("inputs"), Variadic("outputs"))
    ods_results = (VariadicResult("result_tensors"),)
    ods_regions = (RegionDef("region"),)
    # How many inputs the body takes, and whether the maps are remembered.
    num_inputs = 2
    memoizes_maps = False

    syntax = r"""
        linalg_structured: LINALG_NAMED linalg_maps? attr_dict? linalg_operands "outs" "(" value_use_list ":" type_list ")" attr_dict? linalg_results?
        linalg_maps: "indexing_maps" "=" "[" attribute_value ("," attribute_value)* "]"
        linalg_operands: "ins" "(" value_use_list ":" type_list ")"
        linalg_results: "->" _result_types
    """
    # The terminal matches the names of the ops of this form, those of
    # linalg_named.py's tables included.
    syntax_family_terminal = "LINALG_NAMED"

    @classmethod
    def parse(cls, t, children):
        name = children[0]
        cls = OP_CLASSES[name.value]
        _, inputs, input_types = next(c for c in children if isinstance(c, tuple) and c[0] == "ins")
        outputs = [c for c in children if isinstance(c, Uses)][-1]
        output_types = [c for c in children if isinstance(c, TypeList)][-1]
        for values, types in ((inputs, input_types), (outputs, output_types)):
            if len(values) != len(types):
                raise parse_error(values[0], f"custom op '{name.value}' number of operands and "
                                             f"types do not match: got {len(values)} operands "
                                             f"and {len(types)} types")
        if len(inputs) + len(outputs) != cls.num_inputs + 1:
            raise parse_error(_after_outs(t, outputs[-1]),
                              f"custom op '{name.value}' [parseNamedStructuredOpRegion] ods-gen "
                              f"generated region expects {cls.num_inputs + 1} args, got "
                              f"{len(inputs) + len(outputs)}")
        error = cls.region_builder_error([_element_type(type) for type in
                                          list(input_types) + list(output_types)])
        if error:
            raise parse_error(_after(t, name.end_pos, name), f"custom op '{name.value}' {error}")
        attrs = {}
        for child in children:
            if isinstance(child, AttrDict):
                attrs.update(child)
        # The dictionary before ins(...) is read into the properties by the
        # parser, which checks them; one after outs(...) is left to the verifier.
        at = _after(t, name.end_pos, name)
        error = (t.text[at.start_pos:at.start_pos + 1] == "{"
                 and cls.attribute_error(first_of(children, AttrDict)))
        if error:
            raise parse_error(at, f"custom op '{name.value}' '{name.value}' op {error}")
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.I32, [len(inputs), len(outputs)])
        maps = next((c for c in children if isinstance(c, tuple) and c[0] == "maps"), None)
        if maps is not None:
            if not issubclass(cls, MapsPropertyOp):
                raise parse_error(name, f"custom op '{name.value}' expected 'ins'")
            attrs["indexing_maps"] = A.ArrayAttr(maps[1])
        elif cls is ContractOp:
            raise parse_error(name, f"custom op '{name.value}' expected 'indexing_maps' keyword")
        results = next((c[1] for c in children if isinstance(c, tuple) and c[0] == "results"), [])
        return new_op(name.value, name, list(inputs) + list(outputs),
                      list(input_types) + list(output_types), results, attrs,
                      regions=[ParsedRegion([], None)])

    @parses("linalg_operands")
    def parse_operands(t, children):
        return ("ins", first_of(children, Uses), first_of(children, TypeList))

    @parses("linalg_maps")
    def parse_maps(t, children):
        for child in children:
            if not isinstance(child, A.AffineMapAttr):
                raise parse_error(t, "expected affine map attribute")
        return ("maps", list(children))

    @parses("linalg_results")
    def parse_results(t, children):
        child = children[0]
        return ("results", list(child) if isinstance(child, TypeList) else [child])

    def inputs(self):
        return self.operands[:self.properties["operandSegmentSizes"].value[0]]

    def get_effects(self) -> list:
        return generic_effects(self)

    def outputs(self):
        return self.operands[self.properties["operandSegmentSizes"].value[0]:]

    def default_maps(self) -> list:
        raise NotImplementedError

    def indexing_maps(self) -> list:
        return self.default_maps()

    def region_builder(self, block) -> None:
        _multiply_accumulate(block, casts_unsigned(self))

    @classmethod
    def attribute_error(cls, attrs: dict):
        """What the op's properties, as the custom form gives them, fail
        (setPropertiesFromAttr, reported where its attribute dictionary
        stands)."""
        return None

    @classmethod
    def region_builder_error(cls, types):
        """What the region builder refuses to build on elements of `types`
        (reported where the op's parser stands after its name)."""
        return multiply_accumulate_error(types)

    def ensure_implicit_structure(self) -> None:
        region = self.regions[0]
        if not region.blocks:
            block = Block([_element_type(v.type) for v in self.operands])
            region.append(block)
            self.region_builder(block)
            # Built while the op is parsed, before it has a location.
            for op in block.ops:
                op.pos = UNKNOWN_LOCATION

    def finish_parse(self) -> None:
        # The maps are memoized when the verifier first asks for them, which
        # it does once the properties and the operands' types hold.
        if (self.memoizes_maps and MEMOIZED_MAPS not in self.attributes
                and not self.attribute_error(self.properties)
                and not self.operand_type_error()):
            self.attributes[MEMOIZED_MAPS] = A.ArrayAttr(
                [A.AffineMapAttr(m) for m in self.default_maps()])

    def operand_type_error(self):
        # Inputs may be of any type (a scalar to fill with), outputs are shaped.
        return type_constraint_error(self, [(value, T.Type, "") for value in self.inputs()] + [
            (value, T.ShapedType, "variadic of shaped of any type values")
            for value in self.outputs()])

    def verify(self):
        error = self.attribute_error(self.properties)
        if error:
            return f"'{self.name}' op {error}"
        error = self.operand_type_error()
        if error:
            return error
        tensors = sum(_is_tensor(v.type) for v in self.outputs())
        if tensors != len(self.results):
            return (f"'{self.name}' op expected the number of tensor results ({len(self.results)})"
                    f" to be equal to the number of output tensors ({tensors})")
        return self.interface_error() or self.verify_structure() or self.verify_op()

    def interface_error(self):
        """The verifier of an op interface the op implements beyond
        LinalgStructuredInterface (linalg_interfaces.py), or None."""
        return None

    def verify_structure(self):
        """verifyStructuredOpInterface: maps against operands, then the
        operand shapes against the loop ranges the maps infer."""
        maps = self.indexing_maps()
        if len(maps) != len(self.operands):
            return (f"'{self.name}' op expected the number of indexing_map ({len(maps)}) to be "
                    f"equal to the number of input/output operands ({len(self.operands)})")
        for index, (value, map) in enumerate(zip(self.operands, maps)):
            rank = len(_shape(value.type))
            if rank != len(map.results):
                return (f"'{self.name}' op expected operand rank ({rank}) to match the result "
                        f"rank of indexing_map #{index} ({len(map.results)})")
        ranges = self._loop_ranges(maps)
        if ranges is None or None in ranges:
            return None         # only static loop ranges are checked
        starts, ends = [0] * len(ranges), [r - 1 for r in ranges]
        for index, (value, map) in enumerate(zip(self.operands, maps)):
            for position, (expr, size) in enumerate(zip(map.results, _shape(value.type))):
                if size is None or size == 0:
                    continue
                # The indices at the first and the last iteration, in int64_t.
                first = _as_int64(expr.evaluate(starts, []))
                last = _as_int64(expr.evaluate(ends, []))
                if min(first, last) < 0:
                    return (f"'{self.name}' op unexpected result less than 0 at expression "
                            f"#{position} in {map}")
                inferred = max(first, last) + 1
                if expr.__class__.__name__ == "AffineDimExpr":
                    if inferred != size:
                        return (f"'{self.name}' op inferred input/output operand #{index} has "
                                f"shape's dimension #{position} to be {inferred}, but found "
                                f"{size}")
                elif inferred > size:
                    return (f"'{self.name}' op inferred input/output operand #{index} has "
                            f"shape's dimension #{position} to be greater than or equal to "
                            f"{inferred}, but found {size}")
        return None

    def _loop_ranges(self, maps):
        """getStaticLoopRanges: each loop's size is that of the first operand
        dimension indexed by the loop alone (None when dynamic)."""
        ranges = {}
        for value, map in zip(self.operands, maps):
            for expr, size in zip(map.results, _shape(value.type)):
                if expr.__class__.__name__ == "AffineDimExpr":
                    ranges.setdefault(expr.position, size)
        if not maps or len(ranges) != maps[0].num_dims:
            return None
        return [ranges[i] for i in range(maps[0].num_dims)]

    def verify_op(self):
        return None

    def print(self, p) -> None:
        self.print_maps(p)
        p.print_optional_attr_dict(self, ("operandSegmentSizes", MEMOIZED_MAPS, "indexing_maps"))
        print_ins_outs(p, self.inputs(), self.outputs())
        if self.results:
            p.write(" -> ")
            p.print_result_types([r.type for r in self.results])

    def print_maps(self, p) -> None:
        """` indexing_maps = [...]` when the maps are not the op's own."""
        maps = self.properties.get("indexing_maps")
        if maps is None or maps == self._maps_attr():
            return
        p.write(" indexing_maps = [")
        for index, map in enumerate(maps.value):
            if index:
                p.write(", ")
            p.print_attribute(map)
        p.write("]")

    def _maps_attr(self):
        return A.ArrayAttr([A.AffineMapAttr(m) for m in self.default_maps()])


def casts_unsigned(op) -> bool:
    """Whether the op's `cast` property asks for cast_unsigned (the type
    function of matmul, contract and copy; cast_signed when not given)."""
    cast = op.properties.get("cast")
    return isinstance(cast, A.OpaqueAttr) and cast.text == "#linalg.type_fn<cast_unsigned>"


def generic_effects(op) -> list:
    """getGenericEffectsImpl (LinalgOps.cpp): each input that is a buffer is
    read; each init that is a buffer is written, and read as well when the
    body uses its element (linalg.matmul accumulates into it, linalg.fill
    does not); tensors have no effects."""
    inputs, inits = op.inputs(), op.outputs()
    effects = [Read(k) for k, value in enumerate(inputs) if isinstance(value.type, T.MemRefType)]
    block = op.regions[0].blocks[0] if op.regions and op.regions[0].blocks else None
    for k, value in enumerate(inits, start=len(inputs)):
        if not isinstance(value.type, T.MemRefType):
            continue
        if block is None or k >= len(block.args) or block.args[k].uses:
            effects.append(Read(k))
        effects.append(Write(k))
    return effects


def print_ins_outs(p, inputs, outputs) -> None:
    """printCommonStructuredOpParts: ` ins(%a : T) outs(%b : U)`, each
    group left out when empty."""
    for keyword, values in (("ins", inputs), ("outs", outputs)):
        if values:
            p.write(f" {keyword}(")
            p.print_operands(values)
            p.write(" : ")
            p.print_type_list([v.type for v in values])
            p.write(")")


def _after_outs(t, last_output):
    """Where mlir-opt's parser stands after the op (the `)` of `outs(...)`
    and the blanks and comments after it): errors about the implicit body
    are reported there."""
    text, index = t.text, last_output.end_pos
    depth = 0
    while index < len(text):
        char = text[index]
        if char in "(<[{":
            depth += 1
        elif char in ")>]}":
            if depth == 0:
                break
            depth -= 1
        index += 1
    return _after(t, index + 1, last_output)


def _after(t, index: int, token):
    """The first token at or after `index`, past blanks and comments."""
    text = t.text
    while index < len(text):
        if text[index].isspace():
            index += 1
        elif text.startswith("//", index):
            index = text.find("\n", index) if "\n" in text[index:] else len(text)
        else:
            break
    return at_offset(t, index, token)


def _maps(num_dims: int, *results) -> list:
    return [AffineMap(num_dims, 0, [dim(i) if isinstance(i, int) else i for i in r])
            for r in results]


class MapsPropertyOp(StructuredOp):
    """A contraction whose indexing maps are a property (they may be given to
    transpose or broadcast an operand), left out of the custom form when they
    are the default ones."""

    __slots__ = ()
    traits = (AttrSizedOperandSegments, MemoryEffectOpInterface)
    inherent = ("operandSegmentSizes", "indexing_maps", "cast")

    def indexing_maps(self) -> list:
        maps = self.properties.get("indexing_maps")
        if isinstance(maps, A.ArrayAttr):
            return [m.value for m in maps.value if isinstance(m, A.AffineMapAttr)]
        return self.default_maps()

    def finish_parse(self) -> None:
        super().finish_parse()
        self.properties.setdefault("indexing_maps", self._maps_attr())


@register_op
class ContractOp(MapsPropertyOp):
    """out += cast(lhs) * cast(rhs) over the loops its indexing maps name;
    the maps have no default, so they are always written."""

    name = "linalg.contract"
    required_properties = ("indexing_maps",)
    traits = MapsPropertyOp.traits

    def default_maps(self) -> list:
        return []

    def verify_op(self):
        """The first rule of ContractOp::verify, for each operand's map:
        its results are distinct dimensions (a projected permutation).  The
        rules on how often each dimension occurs are not checked here."""
        for map in self.indexing_maps():
            positions = [getattr(expr, "position", None) for expr in map.results
                         if expr.__class__.__name__ == "AffineDimExpr"]
            if len(positions) != len(map.results) or len(set(positions)) != len(positions):
                return "provided affine_map is not a projected permutation"
        return None

    def _maps_attr(self):
        return None


@register_op
class MatmulOp(MapsPropertyOp):
    """C(m, n) += A(m, k) * B(k, n)."""

    name = "linalg.matmul"
    traits = MapsPropertyOp.traits

    def default_maps(self) -> list:
        return _maps(3, (0, 2), (2, 1), (0, 1))


@register_op
class BatchMatmulOp(MapsPropertyOp):
    """C(b, m, n) += A(b, m, k) * B(b, k, n)."""

    name = "linalg.batch_matmul"
    traits = MapsPropertyOp.traits

    def default_maps(self) -> list:
        return _maps(4, (0, 1, 3), (0, 3, 2), (0, 1, 2))


@register_op
class BatchReduceMatmulOp(MapsPropertyOp):
    """C(m, n) += A(b, m, k) * B(b, k, n), the batch reduced too."""

    name = "linalg.batch_reduce_matmul"
    traits = MapsPropertyOp.traits

    def default_maps(self) -> list:
        return _maps(4, (0, 1, 3), (0, 3, 2), (1, 2))


@register_op
class FillOp(StructuredOp):
    """Every element of the output set to the scalar input."""

    name = "linalg.fill"
    traits = (AttrSizedOperandSegments, MemoryEffectOpInterface)
    num_inputs = 1

    def default_maps(self) -> list:
        rank = len(_shape(self.outputs()[0].type)) if self.outputs() else 0
        return [AffineMap(rank, 0, []), AffineMap(rank, 0, [dim(i) for i in range(rank)])]

    def region_builder(self, block) -> None:
        block.append(YieldOp([block.args[0]]))

    @classmethod
    def region_builder_error(cls, types):
        return None

    def interface_error(self):
        return fill_interface_error(len(self.inputs()), len(self.outputs()),
                                    self.inputs()[0].type if self.inputs() else None)

    def verify_op(self):
        value, output = self.inputs()[0].type, _element_type(self.outputs()[0].type)
        if value != output:
            return (f"'linalg.fill' op expected fill value type ('{value}') to match output "
                    f"element type ('{output}')")
        return None
