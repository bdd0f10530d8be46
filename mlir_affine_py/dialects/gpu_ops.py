"""The gpu dialect's ops inside kernels and around them, declared by their
upstream assembly formats (mlir/include/mlir/Dialect/GPU/IR/GPUOps.td):
the index ops, subgroup reductions and shuffles, printf, the async memory
ops (alloc, dealloc, memcpy, memset, wait), the subgroup MMA ops and the
sparse ops.  The structure ops (gpu.module, gpu.func, gpu.launch, ...) are
in gpu.py."""

from __future__ import annotations

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..ir.attr_syntax import Enum, StrAttr, TypedInt, UnitAttr
from ..ir.core import register_op
from ..ir.op_definition import Operand, OptionalResult, Property, RegionDef, Result, Variadic
from ..ir.traits import (Allocate, AttrSizedOperandSegments, Free, IsolatedFromAbove,
                         MemoryEffects, Pure, Read, ReturnLike, SameOperandsAndResultType,
                         Terminator, Write)
from ..ir.type_constraints import (AnyMemRef, Index, TypeConstraint, element_type_or_self,
                                   verify_compatible_shape)
from ..parse.syntax import SymbolUses, Uses, pos_of
from .base import RegisteredOp

ASYNC_TOKEN = T.OpaqueType("!gpu.async.token")
SPMAT_HANDLE = T.OpaqueType("!gpu.sparse.spmat_handle")
DNTENSOR_HANDLE = T.OpaqueType("!gpu.sparse.dntensor_handle")

AsyncToken = TypeConstraint("async token type", lambda type: type == ASYNC_TOKEN)
I32 = TypeConstraint("32-bit signless integer", lambda type: type == T.I32)
I1 = TypeConstraint("1-bit signless integer", lambda type: type == T.I1)
def _integer_or_float(type) -> bool:
    return isinstance(type, (T.IntegerType, T.FloatType))


IntegerOrFloat = TypeConstraint("Integer or Float", _integer_or_float)
IntegerOrFloatOr1DVector = TypeConstraint(
    "Integer or Float or fixed-length vector of Integer or Float values of ranks 1",
    lambda type: _integer_or_float(type) or (
        isinstance(type, T.VectorType) and len(type.shape) == 1
        and not any(type.scalable or ()) and _integer_or_float(type.element_type)))
MMAMatrix = TypeConstraint("MMAMatrix type", lambda type: isinstance(type, T.OpaqueType)
                           and type.text.startswith("!gpu.mma_matrix<"))


_MMA_ELEMENTS = (T.I8, T.I32, T.F16, T.F32, T.F64)
# GPU_MMAMemRef: a memref of the element types the MMA ops load and store,
# or of one-dimensional vectors of them.
MMAMemRef = TypeConstraint(
    "memref of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit "
    "float or 64-bit float or vector of 8-bit signless integer or 32-bit signless integer or "
    "16-bit float or 32-bit float or 64-bit float values of ranks 1 values",
    lambda type: isinstance(type, T.MemRefType) and (
        type.element_type in _MMA_ELEMENTS
        or isinstance(type.element_type, T.VectorType) and len(type.element_type.shape) == 1
        and type.element_type.element_type in _MMA_ELEMENTS))


def _last_dim_unit_stride(type) -> bool:
    """MemRefType::isLastDimUnitStride: a strided layout whose innermost
    stride is 1."""
    from .memref_layout import strides_and_offset
    found = strides_and_offset(type)
    return found is not None and (not found[0] or found[0][-1] == 1)


def mma_matrix_parts(type) -> tuple:
    """(shape, element type's spelling, operand kind) of a
    `!gpu.mma_matrix<16x16xf16, "AOp">`."""
    body = type.text[len("!gpu.mma_matrix<"):-1]
    dims, _, kind = body.rpartition(",")
    *shape, element = dims.strip().split("x")
    return tuple(int(d) for d in shape), element, kind.strip().strip('"')


def gpu_enum(mnemonic: str, cases, cpp_name: str) -> Enum:
    """A gpu EnumAttr: `#gpu<mnemonic case>`, printed after a space."""
    return Enum(cases, "gpu", mnemonic, cpp_name=cpp_name, spaced=True)


DIMENSION = gpu_enum("dim", ("x", "y", "z"), "::mlir::gpu::Dimension")
# A bare word, never a keyword: `upper_bound` may follow where the
# dimension's piece of the format is optional.
DIMENSION.grammar = "BARE_ID"
ALL_REDUCE_OPERATION = gpu_enum(
    "all_reduce_op", ("add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf",
                      "and", "or", "xor", "minimumf", "maximumf"),
    "::mlir::gpu::AllReduceOperation")
SHUFFLE_MODE = gpu_enum("shuffle_mode", ("xor", "up", "down", "idx"), "::mlir::gpu::ShuffleMode")
MMA_ELEMENTWISE = gpu_enum(
    "mma_element_wise", ("addf", "mulf", "subf", "maxf", "minf", "divf", "addi", "muli", "subi",
                         "divs", "divu", "negatef", "negates", "extf"),
    "::mlir::gpu::MMAElementwiseOp")
TRANSPOSE_MODE = Enum(("NON_TRANSPOSE", "TRANSPOSE"), "gpu", "mat_transpose_mode",
                      cpp_name="::mlir::gpu::TransposeMode")
TRANSPOSE_MODE.grammar = "BARE_ID"       # not `async`, which may stand before it
NON_TRANSPOSE = TRANSPOSE_MODE.attribute("NON_TRANSPOSE")


class AsyncDependencies:
    """`async [%t0, %t1]` (parseAsyncDependencies/printAsyncDependencies in
    GPUDialect.cpp): the `async` keyword gives the op its token result, the
    square list its dependencies; `async []` prints as `async`."""

    # Without `async`, the list is read by the core rule that makes a
    # SymbolUses: the children tell the two forms apart.  They keep the
    # `async` token, where an op whose result is not named is reported.
    grammar = '"async" ("[" value_use_list? "]")? | symbol_uses'
    optional = True
    keeps_tokens = True

    def reduced(self, t, children):
        """As soon as `async` is read (it follows the op's name): the op's
        token result is to be named (OpAsmParser::getNumResults)."""
        if not isinstance(children[0], SymbolUses) and t.result_count() == 0:
            name = t.values_read[-1].value
            raise MLIRError(f"custom op '{name}' needs to be named when marked 'async'",
                            pos_of(children[0]))

    def parse(self, state, children, args):
        result, dependencies = args[0].args[0].name, args[1].name
        is_async = children is not None and not isinstance(children[0], SymbolUses)
        found = [c for c in children or () if isinstance(c, (Uses, SymbolUses))]
        uses = list(found[0]) if found else []
        state.types[result] = [ASYNC_TOKEN] if is_async else []
        state.operands[dependencies] = uses
        state.types[dependencies] = [ASYNC_TOKEN] * len(uses)

    def print(self, p, view, args):
        token = view.results[args[0].args[0].name]
        dependencies = view.operands[args[1].name]
        if token:
            p.write("async")
            if dependencies:
                p.write(" ")
        if dependencies:
            p.write("[")
            p.print_operands(dependencies)
            p.write("]")


ASYNC_DEPENDENCIES = AsyncDependencies()


class AllReduceOperation:
    """The reduction's keyword, if any (parseAllReduceOperation): printed
    as the enum prints itself, after a space, or nothing."""

    grammar = "name_id"       # `and`, `or`, `xor` are keywords elsewhere
    optional = True

    def parse(self, state, children, args):
        if children is None:
            return
        word = children[0]
        if word.value not in ALL_REDUCE_OPERATION.cases:
            # Reported where the parser stands after the word: the next token.
            raise MLIRError(f"custom op '{state.op_name}' invalid op kind",
                            (word.line, word.column + len(word.value) + 1))
        state.attributes[args[0].name] = ALL_REDUCE_OPERATION.attribute(word.value)

    def print(self, p, view, args):
        attr = view.op.properties.get(args[0].name)
        if attr is not None:
            ALL_REDUCE_OPERATION.print(p, attr)


ALL_REDUCE_OPERATION_DIRECTIVE = AllReduceOperation()
_ASYNC = "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies)"


class NamedResults(RegisteredOp):
    """ODS names the results of an op with several of them
    (OpEmitter::genOpAsmInterface): `%memref, %asyncToken = gpu.alloc ...`."""

    def result_name_hints(self):
        if len(self.ods_results) < 2:
            return None
        return [decl.name for decl in self.ods_results][:len(self.results)]


class _IndexOp(RegisteredOp):
    traits = (Pure,)
    ods_operands = ()
    ods_results = (Result("result", Index),)
    ods_properties = (Property("dimension", DIMENSION), Property("upper_bound", TypedInt(T.INDEX)))
    ods_types = {"result": T.INDEX}
    required_properties = ("dimension",)
    assembly_format = "$dimension (`upper_bound` $upper_bound^)? attr-dict"

    def result_name_hints(self):
        dimension = self.properties["dimension"].text.split()[-1].rstrip(">")
        return [f"{self.name.partition('.')[2]}_{dimension}"]


@register_op
class ThreadIdOp(_IndexOp):
    name = "gpu.thread_id"
    traits = (Pure,)


@register_op
class BlockIdOp(_IndexOp):
    name = "gpu.block_id"
    traits = (Pure,)


@register_op
class BlockDimOp(_IndexOp):
    name = "gpu.block_dim"
    traits = (Pure,)


@register_op
class GridDimOp(_IndexOp):
    name = "gpu.grid_dim"
    traits = (Pure,)


@register_op
class GlobalIdOp(_IndexOp):
    name = "gpu.global_id"
    traits = (Pure,)


class _SubgroupIndexOp(RegisteredOp):
    ods_operands = ()
    ods_results = (Result("result", Index),)
    ods_properties = (Property("upper_bound", TypedInt(T.INDEX)),)
    assembly_format = "(`upper_bound` $upper_bound^)? attr-dict `:` type($result)"


@register_op
class SubgroupIdOp(_SubgroupIndexOp):
    name = "gpu.subgroup_id"
    traits = (Pure,)


@register_op
class NumSubgroupsOp(_SubgroupIndexOp):
    name = "gpu.num_subgroups"
    traits = (Pure,)


@register_op
class SubgroupSizeOp(_SubgroupIndexOp):
    name = "gpu.subgroup_size"
    traits = (Pure,)


@register_op
class BarrierOp(RegisteredOp):
    """Orders the work items' memory accesses: it reads and writes memory
    as far as the ops around it are concerned."""

    name = "gpu.barrier"
    traits = (MemoryEffects(Read(), Write()),)
    ods_operands = ()
    assembly_format = "attr-dict"


@register_op
class PrintfOp(RegisteredOp):
    name = "gpu.printf"
    traits = (MemoryEffects(Write()),)
    ods_operands = (Variadic("args"),)
    ods_properties = (Property("format", StrAttr()),)
    required_properties = ("format",)
    assembly_format = "$format attr-dict (`,` $args^ `:` type($args))?"


@register_op
class ShuffleOp(NamedResults):
    name = "gpu.shuffle"
    traits = (Pure,)
    ods_operands = (Operand("value", IntegerOrFloatOr1DVector), Operand("offset", I32),
                    Operand("width", I32))
    ods_results = (Result("shuffleResult", IntegerOrFloatOr1DVector), Result("valid", I1))
    ods_predicates = (("all of {value, shuffleResult} have same type",
                       lambda op: op.operands[0].type == op.results[0].type),)
    ods_properties = (Property("mode", SHUFFLE_MODE),)
    ods_types = {"offset": T.I32, "width": T.I32, "shuffleResult": "value", "valid": T.I1}
    required_properties = ("mode",)
    assembly_format = "$mode $value `,` $offset `,` $width attr-dict `:` type($value)"


@register_op
class RotateOp(NamedResults):
    name = "gpu.rotate"
    traits = (Pure,)
    ods_operands = (Operand("value"),)
    ods_results = (Result("rotateResult"), Result("valid", I1))
    ods_properties = (Property("offset", TypedInt(T.I32)), Property("width", TypedInt(T.I32)))
    ods_types = {"rotateResult": "value", "valid": T.I1}
    required_properties = ("offset", "width")
    assembly_format = "$value `,` $offset `,` $width attr-dict `:` type($value)"


_INTEGER_REDUCTIONS = ("and", "or", "xor", "minui", "minsi", "maxui", "maxsi")
_FLOAT_REDUCTIONS = ("minnumf", "maxnumf", "minimumf", "maximumf")


def reduction_type_error(op) -> str | None:
    """verifyReduceOpAndType: bitwise and integer min/max reductions want
    integers, the float min/max ones floats."""
    attr = op.properties.get("op")
    if attr is None or not op.operands:
        return None
    kind = ALL_REDUCE_OPERATION.case_of(attr)
    type = op.operands[0].type
    element = element_type_or_self(type)
    if (kind in _INTEGER_REDUCTIONS and not isinstance(element, T.IntegerType)) or (
            kind in _FLOAT_REDUCTIONS and not isinstance(element, T.FloatType)):
        return f"`{kind}` reduction operation is not compatible with type '{type}'"
    return None


@register_op
class SubgroupReduceOp(RegisteredOp):
    name = "gpu.subgroup_reduce"
    traits = (SameOperandsAndResultType,)
    ods_operands = (Operand("value"),)
    ods_results = (Result("result"),)
    custom_AllReduceOperation = ALL_REDUCE_OPERATION_DIRECTIVE
    ods_properties = (Property("op", ALL_REDUCE_OPERATION), Property("uniform", UnitAttr()),
                      Property("cluster_size", TypedInt(T.I32)),
                      Property("cluster_stride", TypedInt(T.I32),
                               default=A.IntegerAttr(1, T.I32)))
    required_properties = ("op",)
    assembly_format = ("custom<AllReduceOperation>($op) $value (`uniform` $uniform^)? "
                       "(`cluster` `(` `size` `=` $cluster_size^ (`,` `stride` `=` "
                       "$cluster_stride^)? `)`)? attr-dict `:` functional-type(operands, results)")

    def verify(self):
        return reduction_type_error(self)


@register_op
class WaitOp(RegisteredOp):
    name = "gpu.wait"
    traits = ()
    ods_operands = (Variadic("asyncDependencies", AsyncToken),)
    ods_results = (OptionalResult("asyncToken", AsyncToken),)
    custom_AsyncDependencies = ASYNC_DEPENDENCIES
    assembly_format = f"{_ASYNC} attr-dict"


@register_op
class AllocOp(NamedResults):
    name = "gpu.alloc"
    traits = (AttrSizedOperandSegments, MemoryEffects(Allocate(result=0)))
    ods_operands = (Variadic("asyncDependencies", AsyncToken), Variadic("dynamicSizes", Index),
                    Variadic("symbolOperands", Index))
    ods_results = (Result("memref", AnyMemRef), OptionalResult("asyncToken", AsyncToken))
    ods_properties = (Property("hostShared", UnitAttr()),)
    ods_types = {"dynamicSizes": T.INDEX, "symbolOperands": T.INDEX}
    custom_AsyncDependencies = ASYNC_DEPENDENCIES
    assembly_format = (f"{_ASYNC} (` ` `host_shared` $hostShared^)? ` ` "
                       "`(` $dynamicSizes `)` (`` `[` $symbolOperands^ `]`)? attr-dict "
                       "`:` type($memref)")

    def verify(self):
        """AllocOp::verify: one size per dynamic dimension, one symbol
        operand per symbol of the layout."""
        from .memref import layout_symbol_count
        type = self.results[0].type
        _, dynamic, symbols = self.properties["operandSegmentSizes"].value
        expected = sum(size is None for size in type.shape)
        if dynamic != expected:
            return (f"'gpu.alloc' op incorrect number of dynamic sizes, has {dynamic}, "
                    f"expected {expected}")
        if symbols != layout_symbol_count(type.layout):
            return "'gpu.alloc' op symbol operand count does not equal memref symbol count"
        return None


@register_op
class DeallocOp(RegisteredOp):
    name = "gpu.dealloc"
    traits = (MemoryEffects(Free(0)),)
    ods_operands = (Variadic("asyncDependencies", AsyncToken), Operand("memref", AnyMemRef))
    ods_results = (OptionalResult("asyncToken", AsyncToken),)
    custom_AsyncDependencies = ASYNC_DEPENDENCIES
    assembly_format = f"{_ASYNC} $memref attr-dict `:` type($memref)"


@register_op
class MemcpyOp(RegisteredOp):
    name = "gpu.memcpy"
    traits = (MemoryEffects(Write(1), Read(2)),)
    ods_operands = (Variadic("asyncDependencies", AsyncToken), Operand("dst", AnyMemRef),
                    Operand("src", AnyMemRef))
    ods_results = (OptionalResult("asyncToken", AsyncToken),)
    custom_AsyncDependencies = ASYNC_DEPENDENCIES
    assembly_format = f"{_ASYNC} $dst`,` $src `:` type($dst)`,` type($src) attr-dict"

    def verify(self):
        dst, src = self.operands[-2].type, self.operands[-1].type
        if dst.element_type != src.element_type:
            return "'gpu.memcpy' op arguments have incompatible element type"
        if not verify_compatible_shape(dst, src):
            return "'gpu.memcpy' op arguments have incompatible shape"
        return None


@register_op
class MemsetOp(RegisteredOp):
    name = "gpu.memset"
    traits = (MemoryEffects(Write(1)),)
    ods_operands = (Variadic("asyncDependencies", AsyncToken), Operand("dst", AnyMemRef),
                    Operand("value"))
    ods_results = (OptionalResult("asyncToken", AsyncToken),)
    custom_AsyncDependencies = ASYNC_DEPENDENCIES
    ods_predicates = (("all of {dst, value} have same element type",
                       lambda op: op.operands[-2].type.element_type == op.operands[-1].type),)
    assembly_format = f"{_ASYNC} $dst`,` $value `:` type($dst)`,` type($value) attr-dict"


@register_op
class SetDefaultDeviceOp(RegisteredOp):
    name = "gpu.set_default_device"
    traits = (MemoryEffects(Write()),)
    ods_operands = (Operand("devIndex", I32),)
    ods_types = {"devIndex": T.I32}
    assembly_format = "attr-dict $devIndex"


@register_op
class SubgroupMmaLoadMatrixOp(RegisteredOp):
    name = "gpu.subgroup_mma_load_matrix"
    traits = (MemoryEffects(Read(0)),)
    ods_operands = (Operand("srcMemref", MMAMemRef), Variadic("indices", Index))
    ods_results = (Result("res", MMAMatrix),)
    ods_properties = (Property("leadDimension"), Property("transpose"))
    ods_types = {"indices": T.INDEX}
    required_properties = ("leadDimension",)
    assembly_format = ("$srcMemref`[`$indices`]` attr-dict `:` type($srcMemref) "
                       "`->` type($res)")

    def verify(self):
        """SubgroupMmaLoadMatrixOp::verify (emitError: no op prefix)."""
        if not _last_dim_unit_stride(self.operands[0].type):
            return "expected source memref most minor dim must have unit stride"
        return None


@register_op
class SubgroupMmaStoreMatrixOp(RegisteredOp):
    name = "gpu.subgroup_mma_store_matrix"
    traits = (MemoryEffects(Write(1)),)
    ods_operands = (Operand("src", MMAMatrix), Operand("dstMemref", MMAMemRef),
                    Variadic("indices", Index))
    ods_properties = (Property("leadDimension"), Property("transpose"))
    ods_types = {"indices": T.INDEX}
    required_properties = ("leadDimension",)
    assembly_format = ("$src`,` $dstMemref`[`$indices`]` attr-dict `:` type($src)`,` "
                       "type($dstMemref)")

    def verify(self):
        """SubgroupMmaStoreMatrixOp::verify (emitError: no op prefix)."""
        if not _last_dim_unit_stride(self.operands[1].type):
            return "expected destination memref most minor dim must have unit stride"
        if mma_matrix_parts(self.operands[0].type)[2] != "COp":
            return "expected the operand matrix being stored to have 'COp' operand type"
        return None


@register_op
class SubgroupMmaComputeOp(RegisteredOp):
    name = "gpu.subgroup_mma_compute"
    traits = (Pure,)
    ods_operands = (Operand("opA", MMAMatrix), Operand("opB", MMAMatrix),
                    Operand("opC", MMAMatrix))
    ods_results = (Result("res", MMAMatrix),)
    ods_properties = (Property("a_transpose"), Property("b_transpose"))
    ods_types = {"opC": "res"}
    assembly_format = ("$opA`,` $opB`,` $opC attr-dict `:` type($opA)`,` type($opB) `->` "
                       "type($res)")

    def verify(self):
        """SubgroupMmaComputeOp::verify (emitError: no op prefix)."""
        shapes, kinds = zip(*(mma_matrix_parts(v.type)[::2] for v in self.operands))
        if kinds != ("AOp", "BOp", "COp"):
            return "operands must be in the order AOp, BOp, COp"
        a, b, c = shapes
        if a[1] != b[0] or a[0] != c[0] or b[1] != c[1]:
            return "operand shapes do not satisfy matmul constraints"
        return None


def _mma_element_type(state):
    text = state.types["res"][0].text
    element = text[text.rindex("x") + 1:text.index(",")]
    return [T.simple_type(element)]


@register_op
class SubgroupMmaConstantMatrixOp(RegisteredOp):
    name = "gpu.subgroup_mma_constant_matrix"
    traits = (Pure,)
    ods_operands = (Operand("value"),)
    ods_results = (Result("res", MMAMatrix),)
    ods_types = {"value": _mma_element_type}
    assembly_format = "$value attr-dict `:` type($res)"


@register_op
class SubgroupMmaElementwiseOp(RegisteredOp):
    name = "gpu.subgroup_mma_elementwise"
    traits = (Pure,)
    ods_operands = (Variadic("args", MMAMatrix),)
    ods_results = (Result("res", MMAMatrix),)
    ods_properties = (Property("opType", MMA_ELEMENTWISE),)
    required_properties = ("opType",)
    assembly_format = "$opType $args attr-dict `:` functional-type($args, $res)"


@register_op
class SubgroupMmaExtractThreadLocalOp(RegisteredOp):
    name = "gpu.subgroup_mma_extract_thread_local"
    traits = (Pure,)
    ods_operands = (Operand("matrix", MMAMatrix), Variadic("indices", Index))
    ods_results = (Result("res", IntegerOrFloat),)
    ods_types = {"indices": T.INDEX}
    assembly_format = "$matrix`[`$indices`]` attr-dict `:` type($matrix) `->` type($res)"


@register_op
class SubgroupMmaInsertThreadLocalOp(RegisteredOp):
    name = "gpu.subgroup_mma_insert_thread_local"
    traits = (Pure,)
    ods_operands = (Operand("value", IntegerOrFloat), Operand("matrix", MMAMatrix),
                    Variadic("indices", Index))
    ods_results = (Result("res", MMAMatrix),)
    ods_types = {"indices": T.INDEX}
    assembly_format = ("$value`,` $matrix`[`$indices`]` attr-dict `:` type($value)`,` "
                       "type($matrix) `->` type($res)")


@register_op
class YieldOp(RegisteredOp):
    name = "gpu.yield"
    traits = (Pure, ReturnLike, Terminator)
    ods_operands = (Variadic("values"),)
    assembly_format = "attr-dict ($values^ `:` type($values))?"


@register_op
class AllReduceOp(RegisteredOp):
    name = "gpu.all_reduce"
    traits = (SameOperandsAndResultType, IsolatedFromAbove)
    ods_operands = (Operand("value"),)
    ods_results = (Result("result"),)
    ods_properties = (Property("op", ALL_REDUCE_OPERATION), Property("uniform", UnitAttr()))
    ods_regions = (RegionDef("body", single_block=False),)
    custom_AllReduceOperation = ALL_REDUCE_OPERATION_DIRECTIVE
    assembly_format = ("custom<AllReduceOperation>($op) $value (`uniform` $uniform^)? $body "
                       "attr-dict `:` functional-type(operands, results)")

    def verify(self):
        """AllReduceOp::verifyRegions: an op kind or a body that reduces
        two values of the operand's type with one gpu.yield."""
        body, type = self.regions[0], self.results[0].type if self.results else None
        if (not body.blocks) != ("op" in self.properties):
            return "expected either an op attribute or a non-empty body"
        if not body.blocks:
            return reduction_type_error(self)
        if len(body.blocks[0].args) != 2:
            return "expected two region arguments"
        if any(arg.type != type for arg in body.blocks[0].args):
            return "incorrect region argument type"
        yields = 0
        for block in body.blocks:
            last = block.ops[-1] if block.ops else None
            if isinstance(last, YieldOp):
                if len(last.operands) != 1:
                    return "expected one gpu.yield operand"
                if last.operands[0].type != type:
                    return "incorrect gpu.yield type"
                yields += 1
        if not yields:
            return "expected gpu.yield op in region"
        return None
