"""The memref dialect's allocation and access ops
(mlir/lib/Dialect/MemRef/IR/MemRefOps.cpp and its ODS assembly formats)."""

from __future__ import annotations

from lark import Token

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import register_op
from ..parse.syntax import Uses, parse_error
from .affine import segment_sizes
from .base import (RegisteredOp, attrs_of, custom_form, expect_type, index_types,
                   new_op, types_of)


class AllocLikeOp(RegisteredOp):
    __slots__ = ()
    inherent = ("alignment", "operandSegmentSizes")
    has_side_effects = True

    def print(self, p) -> None:
        dynamic = self.properties["operandSegmentSizes"].value[0]
        p.write("(")
        p.print_operands(self.operands[:dynamic])
        p.write(")")
        if len(self.operands) > dynamic:
            p.write("[")
            p.print_operands(self.operands[dynamic:])
            p.write("]")
        self.attr_dict(p, ("operandSegmentSizes",))
        p.write(" : ")
        p.print_type(self.results[0].type)

    def attr_dict(self, p, extra_elided=()) -> None:
        p.print_optional_attr_dict(self, ("operandSegmentSizes",))


@register_op
class AllocOp(AllocLikeOp):
    name = "memref.alloc"


@register_op
class AllocaOp(AllocLikeOp):
    name = "memref.alloca"


@custom_form("memref_alloc")
def parse_alloc(t, children):
    lists = [c for c in children if isinstance(c, Uses)]
    dims = lists[0] if lists else []
    syms = lists[1] if len(lists) > 1 else []
    if len(lists) == 1 and t.text[:lists[0][0].start_pos].rstrip().endswith("["):
        dims, syms = [], lists[0]
    type = expect_type(children[0], types_of(children)[0], T.MemRefType, "memref type")
    dynamic = sum(d is None for d in type.shape)
    if len(dims) != dynamic:
        raise parse_error(children[0], f"'{children[0].value}' op dimension operand count does not equal memref dynamic dimension count")
    attrs = dict(attrs_of(children))
    attrs["operandSegmentSizes"] = segment_sizes(len(dims), len(syms))
    return new_op(children[0].value, children[0], list(dims) + list(syms),
                  index_types(len(dims) + len(syms)), [type], attrs)


@register_op
class DeallocOp(RegisteredOp):
    name = "memref.dealloc"
    has_side_effects = True

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.operands[0].type)


@custom_form("memref_dealloc")
def parse_dealloc(t, children):
    type = types_of(children)[0]
    return new_op("memref.dealloc", children[0], children[:1], [type], [], dict(attrs_of(children)))


@register_op
class DimOp(RegisteredOp):
    name = "memref.dim"

    def print(self, p) -> None:
        self.attr_dict(p)
        p.write(" ")
        p.print_operands(self.operands)
        p.write(" : ")
        p.print_type(self.operands[0].type)


@custom_form("memref_dim")
def parse_dim(t, children):
    type = types_of(children)[0]
    return new_op("memref.dim", children[0], children[:2], [type, T.INDEX], [T.INDEX],
                  dict(attrs_of(children)))


class LoadStoreOp(RegisteredOp):
    __slots__ = ()
    inherent = ("nontemporal",)
    stores = False

    def print(self, p) -> None:
        p.write(" ")
        start = 2 if self.stores else 1
        if self.stores:
            p.print_operand(self.operands[0])
            p.write(", ")
        p.print_operand(self.operands[start - 1])
        p.write("[")
        p.print_operands(self.operands[start:])
        p.write("]")
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.operands[start - 1].type)


@register_op
class LoadOp(LoadStoreOp):
    name = "memref.load"


@register_op
class StoreOp(LoadStoreOp):
    name = "memref.store"
    stores = True
    has_side_effects = True


@custom_form("memref_load")
def parse_load(t, children):
    type = expect_type(children[0], types_of(children)[0], T.MemRefType, "memref type")
    indices = list(next((c for c in children if isinstance(c, Uses)), []))
    return new_op("memref.load", children[0], [children[0]] + indices,
                  [type] + index_types(len(indices)), [type.element_type], dict(attrs_of(children)))


@custom_form("memref_store")
def parse_store(t, children):
    type = expect_type(children[1], types_of(children)[0], T.MemRefType, "memref type")
    indices = list(next((c for c in children if isinstance(c, Uses)), []))
    return new_op("memref.store", children[1], children[:2] + indices,
                  [type.element_type, type] + index_types(len(indices)), [],
                  dict(attrs_of(children)))
