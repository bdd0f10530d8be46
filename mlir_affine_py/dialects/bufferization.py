"""The bufferization dialect's ops between tensors and buffers
(mlir/include/mlir/Dialect/Bufferization/IR/BufferizationOps.td), each its
ODS declaration; bufferization.clone's canonicalization pattern."""

from __future__ import annotations

from ..ir import types as T
from ..ir.attr_syntax import UnitAttr
from ..ir.core import OP_CLASSES, register_op
from ..ir.op_definition import Operand, Property, Result, Variadic, VariadicResult
from ..ir.side_effects import declared_effects, find_dealloc
from ..ir.traits import (FREE, Allocate, AttrSizedOperandSegments, MemoryEffects, Read,
                         ViewLikeOpInterface, Write)
from ..ir.type_constraints import I1, AnyShaped, AnyTensor
from .base import RegisteredOp


def simplify_clones(clone, rewriter) -> bool:
    """SimplifyClones (BufferizationOps.cpp): an unused clone goes; a clone
    whose copy or source is freed in its own block, with no other free in
    between, is its source, and that dealloc goes."""
    if not clone.results[0].uses:
        rewriter.erase_op(clone)
        return True
    source, result = clone.operands[0], clone.results[0]
    if source.type != result.type and not OP_CLASSES["memref.cast"].are_cast_compatible(
            [source.type], [result.type]):
        return False
    canonical = source
    while True:
        producer = canonical.defining_op
        if producer is None or not producer.has_trait(ViewLikeOpInterface) \
                or canonical is not producer.results[0]:
            break
        canonical = producer.operands[0]
    clone_dealloc, source_dealloc = find_dealloc(result), find_dealloc(canonical)
    if clone_dealloc is False or source_dealloc is False:
        return False
    if clone_dealloc and source_dealloc and clone_dealloc.parent is source_dealloc.parent:
        return False
    block = clone.parent
    redundant = (clone_dealloc if clone_dealloc and clone_dealloc.parent is block
                 else source_dealloc if source_dealloc and source_dealloc.parent is block
                 else None)
    if redundant is None:
        return False
    ops = block.ops
    start, end = ops.index(clone), ops.index(redundant)
    if end < start or any(any(e.kind == FREE for e in declared_effects(between) or [])
                          for between in ops[start + 1:end]):
        return False
    if source.type != result.type:
        source = rewriter.insert(OP_CLASSES["memref.cast"].build_generic(
            (source,), [result.type])).results[0]
    rewriter.replace_op(clone, [source])
    rewriter.erase_op(redundant)
    return True


@register_op
class CloneOp(RegisteredOp):
    name = "bufferization.clone"
    traits = (MemoryEffects(Read(operand=0), Write(result=0), Allocate(result=0)),)
    canonicalization_patterns = (simplify_clones,)
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
