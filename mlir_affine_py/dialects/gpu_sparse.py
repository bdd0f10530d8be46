"""The gpu dialect's sparse ops (mlir/include/mlir/Dialect/GPU/IR/GPUOps.td,
"Sparse operations"): handles of sparse matrices and dense tensors, made,
used and destroyed asynchronously, declared by their assembly formats."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.attr_syntax import TypeAttrSyntax
from ..ir.core import register_op
from ..ir.op_definition import Operand, OptionalResult, Property, Result, Variadic
from ..ir.traits import AttrSizedOperandSegments
from ..ir.type_constraints import AnyMemRef, Index, TypeConstraint
from .gpu_ops import (ASYNC_DEPENDENCIES, DNTENSOR_HANDLE, NON_TRANSPOSE,
                      SPMAT_HANDLE, TRANSPOSE_MODE, AsyncToken, NamedResults)

_ASYNC = "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies)"
SpMatHandle = TypeConstraint("sparse matrix handle type", lambda type: type == SPMAT_HANDLE)
DnTensorHandle = TypeConstraint("dense tensor handle type",
                                lambda type: type == DNTENSOR_HANDLE)


class TransposeModes:
    """`($modeA^)? ($modeB^)?`: two optional enums in a row, which the
    format engine's grammar cannot tell apart; as the generated parser
    reads them, a first keyword is modeA's."""

    grammar = "BARE_ID BARE_ID?"
    optional = True

    def parse(self, state, children, args):
        for arg, child in zip(args, children or ()):
            state.attributes[arg.name] = TRANSPOSE_MODE.parse([child], state.op_name)

    def print(self, p, view, args):
        modes = [view.op.properties.get(arg.name) for arg in args]
        # Each mode with the space after it: the format has `` after the
        # directive, which prints nothing when both are the default.
        p.write("".join(TRANSPOSE_MODE.case_of(mode) + " " for mode in modes
                        if mode is not None and mode != NON_TRANSPOSE))


class _SparseOp(NamedResults):
    traits = ()
    custom_AsyncDependencies = ASYNC_DEPENDENCIES
    custom_TransposeModes = TransposeModes()


def _async(*operands):
    return (Variadic("asyncDependencies", AsyncToken),) + operands


def _modes(*names):
    return tuple(Property(name, TRANSPOSE_MODE, default=NON_TRANSPOSE) for name in names)


_COMPUTE_TYPE = Property("computeType", TypeAttrSyntax())


class _CreateSpMatOp(_SparseOp):
    ods_results = (Result("spmat", SpMatHandle), OptionalResult("asyncToken", AsyncToken))
    ods_types = {"rows": T.INDEX, "cols": T.INDEX, "nnz": T.INDEX, "spmat": SPMAT_HANDLE}


@register_op
class CreateCooOp(_CreateSpMatOp):
    name = "gpu.create_coo"
    traits = ()
    ods_operands = _async(Operand("rows", Index), Operand("cols", Index), Operand("nnz", Index),
                          Operand("rowIdxs", AnyMemRef), Operand("colIdxs", AnyMemRef),
                          Operand("values", AnyMemRef))
    assembly_format = (f"{_ASYNC} $rows `,` $cols `,` $nnz `,` $rowIdxs `,` $colIdxs `,` "
                       "$values attr-dict `:` type($rowIdxs) `,` type($colIdxs) `,` "
                       "type($values)")


@register_op
class CreateCsrOp(_CreateSpMatOp):
    name = "gpu.create_csr"
    traits = ()
    ods_operands = _async(Operand("rows", Index), Operand("cols", Index), Operand("nnz", Index),
                          Operand("rowPos", AnyMemRef), Operand("colIdxs", AnyMemRef),
                          Operand("values", AnyMemRef))
    assembly_format = (f"{_ASYNC} $rows `,` $cols `,` $nnz `,` $rowPos `,` $colIdxs `,` "
                       "$values attr-dict `:` type($rowPos) `,` type($colIdxs) `,` "
                       "type($values)")


@register_op
class CreateDnTensorOp(_SparseOp):
    name = "gpu.create_dn_tensor"
    traits = (AttrSizedOperandSegments,)
    ods_operands = _async(Operand("memref", AnyMemRef), Variadic("dims", Index))
    ods_results = (Result("dnTensor", DnTensorHandle), OptionalResult("asyncToken", AsyncToken))
    ods_types = {"dnTensor": DNTENSOR_HANDLE}
    assembly_format = f"{_ASYNC} $memref `,` $dims attr-dict `:` type($dims) `into` type($memref)"


@register_op
class DestroyDnTensorOp(_SparseOp):
    name = "gpu.destroy_dn_tensor"
    traits = ()
    ods_operands = _async(Operand("dnTensor", DnTensorHandle))
    ods_results = (OptionalResult("asyncToken", AsyncToken),)
    ods_types = {"dnTensor": DNTENSOR_HANDLE}
    assembly_format = f"{_ASYNC} $dnTensor attr-dict"


@register_op
class DestroySpMatOp(_SparseOp):
    name = "gpu.destroy_sp_mat"
    traits = ()
    ods_operands = _async(Operand("spmat", SpMatHandle))
    ods_results = (OptionalResult("asyncToken", AsyncToken),)
    ods_types = {"spmat": SPMAT_HANDLE}
    assembly_format = f"{_ASYNC} $spmat attr-dict"


@register_op
class SpMVBufferSizeOp(_SparseOp):
    name = "gpu.spmv_buffer_size"
    traits = ()
    ods_operands = _async(Operand("spmatA", SpMatHandle), Operand("dnX", DnTensorHandle),
                          Operand("dnY", DnTensorHandle))
    ods_results = (Result("bufferSz", Index), OptionalResult("asyncToken", AsyncToken))
    ods_properties = _modes("modeA") + (_COMPUTE_TYPE,)
    ods_types = {"spmatA": SPMAT_HANDLE, "dnX": DNTENSOR_HANDLE, "dnY": DNTENSOR_HANDLE,
                 "bufferSz": T.INDEX}
    required_properties = ("computeType",)
    assembly_format = (f"{_ASYNC} ($modeA^)? $spmatA `,` $dnX `,` $dnY attr-dict "
                       "`into` $computeType")


@register_op
class SpMVOp(_SparseOp):
    name = "gpu.spmv"
    traits = ()
    ods_operands = _async(Operand("spmatA", SpMatHandle), Operand("dnX", DnTensorHandle),
                          Operand("dnY", DnTensorHandle), Operand("buffer", AnyMemRef))
    ods_results = (OptionalResult("asyncToken", AsyncToken),)
    ods_properties = _modes("modeA") + (_COMPUTE_TYPE,)
    ods_types = {"spmatA": SPMAT_HANDLE, "dnX": DNTENSOR_HANDLE, "dnY": DNTENSOR_HANDLE}
    required_properties = ("computeType",)
    assembly_format = (f"{_ASYNC} ($modeA^)? $spmatA `,` $dnX `,` $dnY `,` $buffer attr-dict "
                       "`:` type($buffer) `into` $computeType")


@register_op
class SpMMBufferSizeOp(_SparseOp):
    name = "gpu.spmm_buffer_size"
    traits = ()
    ods_operands = _async(Operand("spmatA", SpMatHandle), Operand("dnmatB", DnTensorHandle),
                          Operand("dnmatC", DnTensorHandle))
    # ODS's Variadic<Index>:$bufferSzs, held here to one size (cuSPARSE's;
    # cuSPARSELt's three sizes are not read): the format engine splits
    # results by declaration, not by their segment sizes.
    ods_results = (Result("bufferSzs", Index), OptionalResult("asyncToken", AsyncToken))
    ods_properties = _modes("modeA", "modeB") + (_COMPUTE_TYPE,)
    ods_types = {"spmatA": SPMAT_HANDLE, "dnmatB": DNTENSOR_HANDLE, "dnmatC": DNTENSOR_HANDLE}
    inherent = ("modeA", "modeB", "computeType", "resultSegmentSizes")
    required_properties = ("computeType",)
    assembly_format = (f"{_ASYNC} custom<TransposeModes>($modeA, $modeB) `` $spmatA `,` $dnmatB "
                       "`,` $dnmatC attr-dict `:` type($bufferSzs) `into` $computeType")

    def signature_error(self) -> str | None:
        """ODS's order for the declared Variadic results: the operand count,
        then the result segments, before the rest of the shape."""
        if self.regions:
            return f"'{self.name}' op requires zero regions"
        if len(self.operands) < 3:
            return (f"'{self.name}' op expected 3 or more operands, but found "
                    f"{len(self.operands)}")
        segments = self.properties.get("resultSegmentSizes")
        total = sum(segments.value) if isinstance(segments, A.DenseArrayAttr) else 0
        if total != len(self.results):
            return (f"'{self.name}' op result count ({len(self.results)}) does not match with "
                    f"the total size ({total}) specified in attribute 'resultSegmentSizes'")
        return super().signature_error()

    def finish_parse(self) -> None:
        super().finish_parse()
        if "resultSegmentSizes" not in self.properties:
            self.properties["resultSegmentSizes"] = A.DenseArrayAttr(
                T.I32, (1, len(self.results) - 1))


@register_op
class SpMMOp(_SparseOp):
    name = "gpu.spmm"
    traits = (AttrSizedOperandSegments,)
    ods_operands = _async(Operand("spmatA", SpMatHandle), Operand("dnmatB", DnTensorHandle),
                          Operand("dnmatC", DnTensorHandle), Variadic("buffers", AnyMemRef))
    ods_results = (OptionalResult("asyncToken", AsyncToken),)
    ods_properties = _modes("modeA", "modeB") + (_COMPUTE_TYPE,)
    ods_types = {"spmatA": SPMAT_HANDLE, "dnmatB": DNTENSOR_HANDLE, "dnmatC": DNTENSOR_HANDLE}
    required_properties = ("computeType",)
    assembly_format = (f"{_ASYNC} custom<TransposeModes>($modeA, $modeB) `` $spmatA `,` $dnmatB "
                       "`,` $dnmatC `,` $buffers attr-dict `:` type($buffers) `into` $computeType")


@register_op
class SDDMMBufferSizeOp(_SparseOp):
    name = "gpu.sddmm_buffer_size"
    traits = ()
    ods_operands = _async(Operand("dnmatA", DnTensorHandle), Operand("dnmatB", DnTensorHandle),
                          Operand("spmatC", SpMatHandle))
    ods_results = (Result("bufferSz", Index), OptionalResult("asyncToken", AsyncToken))
    ods_properties = _modes("modeA", "modeB") + (_COMPUTE_TYPE,)
    ods_types = {"dnmatA": DNTENSOR_HANDLE, "dnmatB": DNTENSOR_HANDLE, "spmatC": SPMAT_HANDLE,
                 "bufferSz": T.INDEX}
    required_properties = ("computeType",)
    assembly_format = (f"{_ASYNC} custom<TransposeModes>($modeA, $modeB) `` $dnmatA `,` $dnmatB `,` $spmatC "
                       "attr-dict `into` $computeType")


@register_op
class SDDMMOp(_SparseOp):
    name = "gpu.sddmm"
    traits = ()
    ods_operands = _async(Operand("dnmatA", DnTensorHandle), Operand("dnmatB", DnTensorHandle),
                          Operand("spmatC", SpMatHandle), Operand("buffer", AnyMemRef))
    ods_results = (OptionalResult("asyncToken", AsyncToken),)
    ods_properties = _modes("modeA", "modeB") + (_COMPUTE_TYPE,)
    ods_types = {"dnmatA": DNTENSOR_HANDLE, "dnmatB": DNTENSOR_HANDLE, "spmatC": SPMAT_HANDLE}
    required_properties = ("computeType",)
    assembly_format = (f"{_ASYNC} custom<TransposeModes>($modeA, $modeB) `` $dnmatA `,` $dnmatB `,` $spmatC `,` "
                       "$buffer attr-dict `:` type($buffer) `into` $computeType")
