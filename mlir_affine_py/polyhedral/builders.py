"""The ops code generation creates, each made in one function here.

Ops are constructed the way `transforms/loop_distribution._empty_copy`
does (the op class with operands, properties and regions); when typed
builders (`AffineForOp.build(...)`) exist, only this file changes.
"""

from __future__ import annotations

from ..dialects.affine import (AffineApplyOp, AffineForOp, AffineIfOp, AffineYieldOp,
                               segment_sizes)
from ..dialects.arith import ConstantOp
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Block, Region


def build_block(arg_types=()) -> Block:
    """A block of an affine region: arguments and its `affine.yield`."""
    block = Block(arg_types)
    block.append(AffineYieldOp())
    return block


def build_for(lower, upper, step: int) -> AffineForOp:
    """`affine.for` over [max lower, min upper) with an empty body; `lower`
    and `upper` are (AffineMap, operands)."""
    (lower_map, lower_operands), (upper_map, upper_operands) = lower, upper
    properties = {"lowerBoundMap": A.AffineMapAttr(lower_map),
                  "upperBoundMap": A.AffineMapAttr(upper_map),
                  "step": A.IntegerAttr(step, T.INDEX),
                  "operandSegmentSizes": segment_sizes(len(lower_operands), len(upper_operands), 0)}
    return AffineForOp(list(lower_operands) + list(upper_operands), [], {}, properties,
                       [Region([build_block([T.INDEX])])])


def build_if(integer_set, operands, with_else: bool) -> AffineIfOp:
    regions = [Region([build_block()]),
               Region([build_block()] if with_else else [])]
    return AffineIfOp(list(operands), [], {}, {"condition": A.IntegerSetAttr(integer_set)}, regions)


def build_apply(map, operands) -> AffineApplyOp:
    return AffineApplyOp(list(operands), [T.INDEX], {}, {"map": A.AffineMapAttr(map)})


def build_index_constant(value: int) -> ConstantOp:
    return ConstantOp([], [T.INDEX], {}, {"value": A.IntegerAttr(value, T.INDEX)})


def insert_before_terminator(block: Block, op) -> None:
    block.insert(len(block.ops) - 1, op)
