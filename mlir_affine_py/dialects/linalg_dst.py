"""linalg.map, linalg.reduce, linalg.transpose and linalg.broadcast
(mlir/lib/Dialect/Linalg/IR/LinalgOps.cpp, hand-written parsers): the
destination-style ops whose maps follow from their shapes and one dense
array (`dimensions = [1]`, `permutation = [1, 2, 0]`).

map and reduce take a body: written out after its arguments,
`(%in: f32, %init: f32) { ... }`, or in the short form `{ arith.addf }`
that names the one op it applies (parse: addBodyWithPayloadOp; print:
findPayloadOp, which asks the body to be that op and the yield of its
result, its operands the body's arguments in order: the inputs for map,
the init then the inputs for reduce).  transpose and broadcast build their
body, the yield of the input element."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import dim
from ..ir.affine_map import AffineMap
from ..ir.core import OP_CLASSES, Block, register_op
from ..ir.op_definition import Operand, RegionDef, Variadic, VariadicResult
from ..ir.traits import MemoryEffectOpInterface
from ..parse.op_syntax import parses
from ..parse.syntax import AttrDict, ParsedRegion, parse_error
from .base import RegisteredOp, first_of, new_op
from .linalg import YieldOp, _element_type, _is_tensor, _shape, generic_effects, print_ins_outs


_PAYLOAD = " payload"


def _dense(values) -> A.DenseArrayAttr:
    return A.DenseArrayAttr(T.I64, list(values))


class DstStyleOp(RegisteredOp):
    """`linalg.X [{ payload }] ins(...) outs(...) [name = [...]] {attrs}
    [(args) {body}]`: results one per tensor init."""

    __slots__ = ()
    syntax_extended = True
    # The dense array written after `outs(...)`, if any.
    array_name: str | None = None
    # The short form's operand order: the init first (reduce) or absent (map).
    init_first = False
    has_body = True
    # Names of the body's arguments (getAsmBlockArgumentNames).
    input_arg_name, init_arg_name = "in", "init"
    result_name = ""

    @classmethod
    def parse(cls, t, children):
        inputs, input_types, outputs, output_types = [], [], [], []
        attrs, payload, body = {}, None, None
        for child in children:
            if isinstance(child, tuple) and child[0] == "ins":
                inputs, input_types = child[1], child[2]
            elif isinstance(child, tuple) and child[0] == "outs":
                outputs, output_types = child[1], child[2]
            elif isinstance(child, tuple) and child[0] == "payload":
                payload = child
            elif isinstance(child, tuple) and child[0] == "array":
                attrs[cls.array_name] = _dense(child[1])
            elif isinstance(child, tuple) and child[0] == "body":
                body = child
            elif isinstance(child, AttrDict):
                attrs.update(child)
        region = ParsedRegion([], None)
        if body is not None:
            region = body[2]
            region.set_entry_args(body[1])
        results = [t for t in output_types if isinstance(t, T.TensorType)]
        if payload is not None:
            # Kept for ensure_implicit_structure, which builds the body once
            # the operands have their types; never an attribute of the op.
            attrs[_PAYLOAD] = payload
        return new_op(cls.name, None, list(inputs) + list(outputs),
                      list(input_types) + list(output_types), results, attrs, regions=[region])

    def inputs(self):
        return self.operands[:-1]

    def outputs(self):
        return self.operands[-1:]

    def get_effects(self) -> list:
        return generic_effects(self)

    def ensure_implicit_structure(self) -> None:
        payload = self.attributes.pop(_PAYLOAD, None)
        region = self.regions[0]
        if region.blocks:
            return
        block = Block([_element_type(v.type) for v in self.operands])
        region.append(block)
        if payload is None:
            block.append(YieldOp([block.args[0]]))
            return
        _, name, attrs = payload
        op_class = OP_CLASSES.get(name.value)
        if op_class is None:
            raise parse_error(name, f"custom op '{name.value}' is unknown")
        args = list(block.args)
        operands = [args[-1]] + args[:-1] if self.init_first else args[:len(self.inputs())]
        inherent = set(op_class.inherent)
        op = op_class.build_generic(
            operands, [_element_type(self.operands[-1].type)],
            properties={k: v for k, v in attrs.items() if k in inherent},
            attributes={k: v for k, v in attrs.items() if k not in inherent})
        block.append(op)
        block.append(YieldOp(list(op.results)))

    def payload_op(self):
        """findPayloadOp: the body's one op, if the short form can say it."""
        if not self.regions[0].blocks:
            return None
        block = self.regions[0].blocks[0]
        if len(block.ops) != 2:
            return None
        payload, yield_op = block.ops
        args = list(block.args)
        expected = [args[-1]] + args[:-1] if self.init_first else args[:len(self.inputs())]
        if not payload.operands or list(payload.operands) != expected:
            return None
        if list(yield_op.operands) != list(payload.results):
            return None
        return payload

    def block_argument_name_hints(self, region) -> list:
        inputs = len(self.inputs())
        return [self.input_arg_name] * inputs + [self.init_arg_name] * (len(self.operands) - inputs)

    def result_name_hints(self):
        return [self.result_name]

    def print(self, p) -> None:
        payload = self.payload_op() if self.has_body else None
        if payload is not None:
            p.write(f" {{ {payload.op_name}")
            elided = tuple(k for k, v in payload.properties.items()
                           if isinstance(v, A.OpaqueAttr) and v.text == "#arith.fastmath<none>")[:1]
            p.print_optional_attr_dict(payload, elided)
            p.write(" }")
        print_ins_outs(p, self.inputs(), self.outputs())
        if self.array_name is not None:
            values = ", ".join(str(v) for v in self.properties[self.array_name].value)
            p.write(f" {self.array_name} = [{values}] ")
        p.print_optional_attr_dict(self, (self.array_name,) if self.array_name else ())
        if self.has_body and payload is None:
            p.indent += 1
            p.write("\n" + "  " * p.indent + "(")
            for index, arg in enumerate(self.regions[0].blocks[0].args):
                if index:
                    p.write(", ")
                p.print_operand(arg)
                p.write(": ")
                p.print_type(arg.type)
            p.write(") ")
            p.print_region(self.regions[0], False, True)
            p.indent -= 1

    def verify(self):
        tensors = sum(_is_tensor(v.type) for v in self.outputs())
        if tensors != len(self.results):
            return (f"'{self.name}' op expected the number of tensor results ({len(self.results)})"
                    f" to be equal to the number of output tensors ({tensors})")
        return self.verify_op()

    def verify_op(self):
        return None


_DST_SYNTAX = r"""
        linalg_payload: "{" any_op_name attr_dict? "}"
        linalg_array: "[" (signed_int ("," signed_int)*)? "]"
        linalg_body: block_args region
"""


@register_op
class MapOp(DstStyleOp):
    """`%mapped = linalg.map { arith.addf } ins(%a, %b : T, T) outs(%c : T)`:
    the body applied elementwise; its arguments the inputs' and the init's
    elements."""

    name = "linalg.map"
    traits = (MemoryEffectOpInterface,)
    ods_operands = (Variadic("inputs"), Operand("init"))
    ods_results = (VariadicResult("result"),)
    ods_regions = (RegionDef("mapper"),)
    result_name = "mapped"
    syntax = r"""
        linalg_map: OP_LINALG_MAP linalg_payload? linalg_operands? linalg_outs attr_dict? linalg_body?
    """ + _DST_SYNTAX

    # The pieces the four ops share, bound here, where their rules are declared.
    @parses("linalg_payload")
    def parse_payload(t, children):
        name = children[0]
        return ("payload", name, first_of(children, AttrDict, AttrDict()))

    @parses("linalg_array")
    def parse_array(t, children):
        return ("array", [c for c in children if isinstance(c, int)])

    @parses("linalg_body")
    def parse_body(t, children):
        return ("body", children[0], children[1])

    @parses("any_op_name")
    def parse_any_op_name(t, children):
        return children[0]

    def indexing_maps(self) -> list:
        rank = len(_shape(self.operands[-1].type))
        return [AffineMap.get_multi_dim_identity(rank)] * len(self.operands)

    def verify_op(self):
        shape = _shape(self.operands[-1].type)
        for value in self.inputs():
            if _shape(value.type) != shape:
                return (f"'linalg.map' op expected shape of input ({_dims(value.type)}) to match "
                        f"shape of output ({_dims(self.operands[-1].type)})")
        return None


def _dims(type) -> str:
    return _sizes(_shape(type))


def _sizes(shape) -> str:
    """A shape as the C++ verifiers print an ArrayRef<int64_t> of it
    (ShapedType::kDynamic for `?`)."""
    return ", ".join(_size(d) for d in shape)


def _size(size) -> str:
    return "-9223372036854775808" if size is None else str(size)


@register_op
class ReduceOp(DstStyleOp):
    """`%reduced = linalg.reduce { arith.addf } ins(...) outs(...) dimensions
    = [1]`: the inputs combined along `dimensions` into the inits."""

    name = "linalg.reduce"
    required_properties = ("dimensions",)
    traits = (MemoryEffectOpInterface,)
    ods_operands = (Variadic("inputs"), Variadic("inits"))
    ods_results = (VariadicResult("result"),)
    ods_regions = (RegionDef("combiner"),)
    inherent = ("dimensions",)
    array_name = "dimensions"
    init_first = True
    result_name = "reduced"
    syntax = r"""
        linalg_reduce: OP_LINALG_REDUCE linalg_payload? linalg_operands linalg_outs "dimensions" "=" linalg_array attr_dict? linalg_body?
    """

    def inputs(self):
        return self.operands[:len(self.operands) // 2]

    def outputs(self):
        return self.operands[len(self.operands) // 2:]

    def verify(self):
        dims = self.properties[self.array_name].value
        if any(a >= b for a, b in zip(dims, dims[1:])):
            # The ODS constraint (DenseArrayStrictlySorted), before the rest.
            return ("'linalg.reduce' op attribute 'dimensions' failed to satisfy constraint: "
                    "i64 dense array attribute should be in increasing order")
        return super().verify_own()

    def verify_op(self):
        """ReduceOp::verify."""
        dims = self.properties[self.array_name].value
        for kind, values in (("input", self.inputs()), ("output", self.outputs())):
            for index, value in enumerate(values[1:], 1):
                if _shape(value.type) != _shape(values[0].type):
                    return (f"'linalg.reduce' op expects all {kind}s to have the same shapes. "
                            f"Shape at {kind}-index {index} is not equal to the shape at "
                            f"{kind}-index 0.")
        input_shape = _shape(self.operands[0].type)
        init_shape = _shape(self.outputs()[0].type)
        for dimension in dims:
            if not 0 <= dimension < len(input_shape):
                return ("'linalg.reduce' op dimensions for reduction should be in the range "
                        f"[0, {len(input_shape) - 1}].")
        kept = [size for i, size in enumerate(input_shape) if i not in set(dims)]
        if len(kept) != len(init_shape):
            return (f"'linalg.reduce' op number of dimensions after reduction {len(kept)} "
                    f"doesn't match the init rank {len(init_shape)}")
        if kept != init_shape:
            return (f"'linalg.reduce' op init dimensions [{_sizes(init_shape)}] doesn't match "
                    f"input dimensions after reduction [{_sizes(kept)}]")
        return None

    def indexing_maps(self) -> list:
        rank = len(_shape(self.operands[0].type))
        dims = set(self.properties[self.array_name].value)
        kept = AffineMap(rank, 0, [dim(i) for i in range(rank) if i not in dims])
        half = len(self.operands) // 2
        return [AffineMap.get_multi_dim_identity(rank)] * half + [kept] * half


@register_op
class TransposeOp(DstStyleOp):
    """`%t = linalg.transpose ins(%a : T) outs(%b : U) permutation = [1, 0]`."""

    name = "linalg.transpose"
    required_properties = ("permutation",)
    traits = (MemoryEffectOpInterface,)
    ods_operands = (Operand("input"), Operand("init"))
    ods_results = (VariadicResult("result"),)
    ods_regions = (RegionDef("region"),)
    inherent = ("permutation",)
    array_name = "permutation"
    has_body = False
    result_name = "transposed"
    syntax = r"""
        linalg_transpose: OP_LINALG_TRANSPOSE linalg_operands linalg_outs "permutation" "=" linalg_array attr_dict?
    """

    def verify_op(self):
        """TransposeOp::verify."""
        permutation = self.properties[self.array_name].value
        if sorted(permutation) != list(range(len(permutation))):
            return "'linalg.transpose' op permutation is not valid"
        input_shape, init_shape = (_shape(v.type) for v in self.operands)
        rank = len(input_shape)
        if rank != len(init_shape):
            return (f"'linalg.transpose' op input rank {rank} does not match init rank "
                    f"{len(init_shape)}")
        if rank != len(permutation):
            return (f"'linalg.transpose' op size of permutation {len(permutation)} does not "
                    f"match the argument rank {rank}")
        for i, source in enumerate(permutation):
            if input_shape[source] != init_shape[i]:
                return (f"'linalg.transpose' op dim(result, {i}) = {_size(init_shape[i])} "
                        f"doesn't match dim(input, permutation[{i}]) = "
                        f"{_size(input_shape[source])}")
        return None


@register_op
class BroadcastOp(DstStyleOp):
    """`%b = linalg.broadcast ins(%a : T) outs(%b : U) dimensions = [1]`:
    the input copied along the init's added `dimensions`."""

    name = "linalg.broadcast"
    required_properties = ("dimensions",)
    traits = (MemoryEffectOpInterface,)
    ods_operands = (Operand("input"), Operand("init"))
    ods_results = (VariadicResult("result"),)
    ods_regions = (RegionDef("region"),)
    inherent = ("dimensions",)
    array_name = "dimensions"
    has_body = False
    result_name = "broadcasted"
    syntax = r"""
        linalg_broadcast: OP_LINALG_BROADCAST linalg_operands linalg_outs "dimensions" "=" linalg_array attr_dict?
    """

    def verify_op(self):
        """BroadcastOp::verify."""
        dims = self.properties[self.array_name].value
        input_shape, init_shape = (_shape(v.type) for v in self.operands)
        if len(input_shape) + len(dims) != len(init_shape):
            return ("'linalg.broadcast' op input rank plus added dimensions does not match "
                    f"init rank. input rank: {len(input_shape)}, dimensions size: {len(dims)}, "
                    f"init rank: {len(init_shape)}")
        for index, dimension in enumerate(dims):
            if not 0 <= dimension < len(init_shape):
                return (f"'linalg.broadcast' op dimension {index} is out of range. expected "
                        f"range: [0, {len(init_shape) - 1}], got: {dimension}")
        kept = [d for d in range(len(init_shape)) if d not in dims]
        for input_dim, init_dim in enumerate(kept):
            if input_shape[input_dim] != init_shape[init_dim]:
                return (f"'linalg.broadcast' op input dim {input_dim} should match init dim "
                        f"{init_dim}. input: {_size(input_shape[input_dim])}, init: "
                        f"{_size(init_shape[init_dim])}")
        return None
