"""The bufferization dialect's ops between tensors and buffers
(mlir/include/mlir/Dialect/Bufferization/IR/BufferizationOps.td), each its
ODS declaration."""

from __future__ import annotations

from ..ir import types as T
from ..ir.attr_syntax import UnitAttr
from ..ir.core import register_op
from ..ir.op_definition import Operand, Property, Result, Variadic, VariadicResult
from ..ir.traits import (Allocate, AttrSizedOperandSegments, MemoryEffects, Read, Write)
from ..ir.type_constraints import I1, AnyShaped, AnyTensor
from .base import RegisteredOp


@register_op
class CloneOp(RegisteredOp):
    name = "bufferization.clone"
    traits = (MemoryEffects(Read(operand=0), Write(result=0), Allocate(result=0)),)
    ods_operands = (Operand("input"),)
    ods_results = (Result("output"),)
    assembly_format = "$input attr-dict `:` type($input) `to` type($output)"


@register_op
class ToTensorOp(RegisteredOp):
    name = "bufferization.to_tensor"
    traits = ()  # no MemoryEffectOpInterface upstream: its effects are unknown
    ods_operands = (Operand("buffer"),)
    ods_results = (Result("result"),)
    ods_properties = (Property("restrict", UnitAttr()), Property("writable", UnitAttr()))
    assembly_format = """
        $buffer (`restrict` $restrict^)? (`writable` $writable^)?
        attr-dict `:` type($buffer) `to` type($result)
    """


@register_op
class ToBufferOp(RegisteredOp):
    name = "bufferization.to_buffer"
    traits = (MemoryEffects(Read(operand=0)),)
    ods_operands = (Operand("tensor"),)
    ods_results = (Result("memref"),)
    ods_properties = (Property("read_only", UnitAttr()),)
    assembly_format = """
        $tensor (`read_only` $read_only^)? attr-dict `:` type($tensor) `to` type($memref)
    """


@register_op
class DeallocTensorOp(RegisteredOp):
    name = "bufferization.dealloc_tensor"
    traits = ()  # no MemoryEffectOpInterface upstream: its effects are unknown
    ods_operands = (Operand("tensor"),)
    assembly_format = "$tensor attr-dict `:` type($tensor)"


@register_op
class MaterializeInDestinationOp(RegisteredOp):
    name = "bufferization.materialize_in_destination"
    traits = (MemoryEffects(Read(operand=0), Write(operand=1)),)
    ods_operands = (Operand("source", AnyTensor), Operand("dest", AnyShaped))
    ods_results = (VariadicResult("result"),)
    ods_properties = (Property("restrict", UnitAttr()), Property("writable", UnitAttr()))
    assembly_format = """
        $source `in` (`restrict` $restrict^)? (`writable` $writable^)? $dest
        attr-dict `:` functional-type(operands, results)
    """


@register_op
class DeallocOp(RegisteredOp):
    name = "bufferization.dealloc"
    traits = (AttrSizedOperandSegments,)
    ods_operands = (Variadic("memrefs"), Variadic("conditions"), Variadic("retained"))
    ods_results = (VariadicResult("updatedConditions", I1),)
    ods_types = {"conditions": T.I1,
                 "updatedConditions": lambda state: [T.I1] * len(state.operands["retained"])}
    assembly_format = """
        (` ``(` $memrefs^ `:` type($memrefs) `)` `if` ` ` `(` $conditions `)` )?
        (`retain` ` ` `(` $retained^ `:` type($retained) `)` )? attr-dict
    """
