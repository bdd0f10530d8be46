"""The memref dialect (mlir/lib/Dialect/MemRef/IR/MemRefOps.cpp and the ODS
assembly formats in MemRefOps.td): allocation and access ops, casts, globals,
subviews, alloca scopes and DMA transfers."""

from __future__ import annotations

from lark.lexer import Token

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import AffineDimExpr
from ..ir.affine_map import AffineMap
from ..ir.core import register_op
from ..ir.op_definition import (Operand, Optional, Property, RegionDef, Result, Variadic,
                                VariadicResult, segment_sizes)
from ..ir.side_effects import dim_speculatability
from ..ir.traits import (AUTOMATIC_ALLOCATION_SCOPE, Allocate, AttrSizedOperandSegments,
                         AutomaticAllocationScope,
                         CastOpInterface, ConditionallySpeculatable, Free, HasParent,
                         MemoryEffects, NoMemoryEffect, NoRegionArguments, Pure, Read,
                         RecursiveMemoryEffects, ReturnLike, ShapedDimOpInterface,
                         SingleBlockImplicitTerminator, Symbol, SymbolUser, Terminator,
                         ViewLikeOpInterface, Write, is_memory_effect_free)
from ..ir.type_constraints import (MEMREF_1D_OF_I8, NON_0_RANKED_OR_UNRANKED_MEMREF, AnyMemRef,
                                   AnyRankedOrUnrankedMemRef, AnyType, Index, TypeConstraint,
                                   is_float, is_signless_integer)
from ..ir.verifier import LocationMessage, op_error
from ..parse.syntax import (TOKEN, LocatedInt, SymbolUses, Uses, integer_literal,
                            parse_error, pos_of)
from ..printer.numbers import escape_string, unescape_string
from ..parse.op_syntax import parses
from ..ir.attr_syntax import typed_integer
from .arith import ATOMIC_RMW_KINDS
from .arith import materialize_constant as materialize_arith_constant
from .memref_layout import (DYNAMIC, infer_subview_type, rank_reduction_by_strides,
                            rank_reduction_mask, strides_and_offset)
from .memref_canonicalize import (ALLOC_PATTERNS, ALLOCA_SCOPE_PATTERNS, VIEW_PATTERNS, COLLAPSE_PATTERNS, COPY_PATTERNS, DIM_PATTERNS,
                                  EXPAND_PATTERNS, REALLOC_PATTERNS, REINTERPRET_CAST_PATTERNS,
                                  fold_extract_strided_metadata,
                                  SUBVIEW_PATTERNS, fold_cast, fold_subview,
                                  fold_copy, fold_dim, fold_memory_space_cast, fold_rank,
                                  fold_reinterpret_cast, fold_reshape, fold_stored_through_casts,
                                  fold_through_casts,
                                  fold_transpose)
from .base import (RegisteredOp, ValueTerminator, attrs_of, ensure_terminator,
                   expect_type, first_of, index_types, new_op, regions_of,
                   lookup_symbol, symbol_name_attr, symbol_parent_error, tokens_of, type_list,
                   type_constraint_error, types_of, uses)



def at_offset(t, index: int, anchor) -> Token:
    """A token at text offset `index`, its line counted from `anchor`'s."""
    text = t.text
    if index <= anchor.start_pos:
        line = anchor.line - text.count("\n", index, anchor.start_pos)
    else:
        line = anchor.line + text.count("\n", anchor.start_pos, index)
    column = index - text.rfind("\n", 0, index)
    return Token("POSITION", "", start_pos=index, line=line, column=column)


def name_token(t, name: str, anchor) -> Token:
    """A token for the op name `name` written before `anchor`: mlir-opt
    reports custom-form errors at the op name, which the grammar drops."""
    index = t.text.rfind(name, 0, anchor.start_pos)
    return anchor if index < 0 else at_offset(t, index, anchor)


def type_token(t, after) -> Token:
    """A token at the `:` of the `: type` that follows `after` and an optional
    attribute dictionary, for errors about that type (types carry no
    position)."""
    text, index = t.text, after.end_pos
    while index < len(text) and text[index].isspace():
        index += 1
    if index < len(text) and text[index] == "{":
        depth = 0
        while index < len(text):
            depth += {"{": 1, "}": -1}.get(text[index], 0)
            index += 1
            if depth == 0:
                break
    # mlir-opt points at the colon: the typed parse starts there.
    index = text.find(":", index)
    return at_offset(t, index, after)


class AllocLikeOp(RegisteredOp):
    __slots__ = ()
    ods_operands = (Variadic("dynamicSizes", Index), Variadic("symbolOperands", Index))
    ods_results = (Result("memref", AnyMemRef),)
    ods_properties = (Property("alignment", A.IntegerAttr),)

    syntax = r"""
        memref_alloc: ALLOC_NAME "(" value_use_list? ")" symbol_uses? attr_dict? ":" type
        ALLOC_NAME.2: /(memref\.alloc|memref\.alloca)(?![\w$.])/
    """

    @classmethod
    def parse(cls, t, children):
        dims = next((c for c in children if isinstance(c, Uses)), [])
        syms = next((c for c in children if isinstance(c, SymbolUses)), [])
        type = expect_type(children[0], types_of(children)[0], T.MemRefType, "memref type")
        dynamic = sum(d is None for d in type.shape)
        if len(dims) != dynamic:
            raise parse_error(children[0], f"'{children[0].value}' op dimension operand count does not equal memref dynamic dimension count")
        attrs = dict(attrs_of(children))
        _check_alignment(t, attrs, children[0].value, children[0])
        attrs["operandSegmentSizes"] = segment_sizes(len(dims), len(syms))
        return new_op(children[0].value, children[0], list(dims) + list(syms),
                      index_types(len(dims) + len(syms)), [type], attrs)

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

    def verify(self):
        """verifyAllocLikeOp: one symbol operand per symbol of the layout."""
        sizes = self.properties.get("operandSegmentSizes")
        type = self.results[0].type if self.results else None
        if not isinstance(sizes, A.DenseArrayAttr) or not isinstance(type, T.MemRefType):
            return None
        dynamic = sizes.value[0]
        expected = layout_symbol_count(type.layout)
        if len(self.operands) - dynamic != expected:
            return (f"'{self.op_name}' op symbol operand count does not equal memref symbol "
                    f"count: expected {expected}, got {len(self.operands) - dynamic}")
        return None

    @classmethod
    def build(cls, memref_type, dynamic_sizes=(), symbol_operands=(), alignment=None):
        """memref.alloc/alloca of `memref_type`: one size per dynamic
        dimension, one symbol per symbol of its layout."""
        properties = {"alignment": A.IntegerAttr(alignment, T.I64)} if alignment else {}
        return cls.build_generic((dynamic_sizes, symbol_operands), [memref_type], properties)


def result_size_value(op, index: int, dynamic_sizes):
    """The size of dimension `index` of the op's memref result: True when
    static, else the one of `dynamic_sizes` giving it, None when there is
    no such dimension (AffineOps.cpp isMemRefSizeValidSymbol asks it of
    memref.alloc, memref.view and memref.subview)."""
    type = op.results[0].type if op.results else None
    if not isinstance(type, T.MemRefType) or not 0 <= index < type.rank:
        return None
    if type.shape[index] is not None:
        return True
    position = type.shape[:index].count(None)
    return dynamic_sizes[position] if position < len(dynamic_sizes) else None


def layout_symbol_count(layout) -> int:
    """The symbols of a memref layout's affine map: a strided layout has one
    per dynamic stride or offset."""
    if isinstance(layout, A.AffineMapAttr):
        return layout.value.num_symbols
    if isinstance(layout, A.StridedLayoutAttr):
        return list(layout.strides).count(None) + (layout.offset is None)
    return 0


@register_op
class AllocOp(AllocLikeOp):
    name = "memref.alloc"
    canonicalization_patterns = ALLOC_PATTERNS
    traits = (AttrSizedOperandSegments, MemoryEffects(Allocate(result=0)))

    def result_name_hints(self):
        return ["alloc"]

    def size_value(self, index: int):
        return result_size_value(self, index, self.operands)


@register_op
class AllocaOp(AllocLikeOp):
    name = "memref.alloca"
    canonicalization_patterns = ALLOC_PATTERNS
    traits = (AttrSizedOperandSegments,
              MemoryEffects(Allocate(result=0, resource=AUTOMATIC_ALLOCATION_SCOPE)))

    def result_name_hints(self):
        return ["alloca"]

    def verify(self):
        message = super().verify_own()
        if message:
            return message
        parent = self.parent_op
        while parent is not None and not parent.has_trait(AutomaticAllocationScope):
            parent = parent.parent_op
        if parent is None:
            return ("'memref.alloca' op requires an ancestor op with AutomaticAllocationScope "
                    "trait")
        return None


def _check_alignment(t, attrs: dict, name: str, anchor) -> None:
    """An `alignment` must be a positive power of two in i64.  It is checked
    while the attribute dictionary becomes properties, so it is reported at
    the dictionary (the first `{` after `anchor`) as a parse error."""
    alignment = attrs.get("alignment")
    if alignment is None or (isinstance(alignment, A.IntegerAttr) and alignment.type == T.I64
                             and alignment.value > 0
                             and alignment.value & (alignment.value - 1) == 0):
        return
    brace = at_offset(t, t.text.find("{", anchor.end_pos), anchor)
    raise parse_error(brace, f"custom op '{name}' '{name}' op attribute 'alignment' failed to "
                             "satisfy constraint: 64-bit signless integer attribute whose value "
                             "is positive and whose value is a power of two > 0")


@register_op
class DeallocOp(RegisteredOp):
    name = "memref.dealloc"
    fold = fold_through_casts
    traits = (MemoryEffects(Free(0)),)
    ods_operands = (Operand("memref"),)

    syntax = r"""
        memref_dealloc: OP_MEMREF_DEALLOC VALUE_ID attr_dict? ":" type
    """

    @classmethod
    def parse(cls, t, children):
        type = types_of(children)[0]
        return new_op("memref.dealloc", children[0], children[:1], [type], [], dict(attrs_of(children)))

    def print(self, p) -> None:
        self.print_operands_then_types(p, [self.operands[0].type])

    @classmethod
    def build(cls, memref):
        return cls.build_generic((memref,))


@register_op
class DimOp(RegisteredOp):
    name = "memref.dim"
    traits = (NoMemoryEffect, ConditionallySpeculatable, ShapedDimOpInterface)
    speculatability = dim_speculatability
    fold = fold_dim
    canonicalization_patterns = DIM_PATTERNS
    materialize_constant = staticmethod(materialize_arith_constant)
    ods_operands = (Operand("source", NON_0_RANKED_OR_UNRANKED_MEMREF), Operand("index", Index))
    ods_results = (Result("result", Index),)

    syntax = r"""
        memref_dim: OP_MEMREF_DIM VALUE_ID "," VALUE_ID attr_dict? ":" type
    """

    @classmethod
    def parse(cls, t, children):
        type = types_of(children)[0]
        return new_op("memref.dim", children[0], children[:2], [type, T.INDEX], [T.INDEX],
                      dict(attrs_of(children)))

    def result_name_hints(self):
        return ["dim"]

    def print(self, p) -> None:
        self.attr_dict(p)
        p.write(" ")
        p.print_operands(self.operands)
        p.write(" : ")
        p.print_type(self.operands[0].type)

    @classmethod
    def build(cls, source, index):
        """memref.dim of `source` at `index` (an index Value)."""
        return cls.build_generic((source, index), [T.INDEX])


class LoadStoreOp(RegisteredOp):
    __slots__ = ()
    ods_properties = (Property("nontemporal", A.Attribute),)
    stores = False

    def verify(self):
        start = 2 if self.stores else 1
        if len(self.operands) < start:
            return None
        memref = self.operands[start - 1].type
        if isinstance(memref, T.MemRefType) and len(self.operands) - start != len(memref.shape):
            if self.stores:
                return "'memref.store' op store index operand count not equal to memref rank"
            return (f"'memref.load' op incorrect number of indices for load, expected "
                    f"{len(memref.shape)} but got {len(self.operands) - start}")
        return None

    def print_access(self, p) -> None:
        """` [%value,] %memref[%i, ...] {attrs}`; `nontemporal` is left out
        when false (its default) and shown when true."""
        p.write(" ")
        start = 2 if self.stores else 1
        if self.stores:
            p.print_operand(self.operands[0])
            p.write(", ")
        p.print_operand(self.operands[start - 1])
        p.write("[")
        p.print_operands(self.operands[start:])
        p.write("]")
        nontemporal = self.properties.get("nontemporal")
        p.print_optional_attr_dict(self, ("nontemporal",) if nontemporal == A.BOOL_FALSE else ())

    def print(self, p) -> None:
        self.print_access(p)
        p.write(" : ")
        p.print_type(self.operands[1 if self.stores else 0].type)


@register_op
class LoadOp(LoadStoreOp):
    name = "memref.load"
    fold = fold_through_casts
    traits = (MemoryEffects(Read(0)),)
    ods_operands = (Operand("memref", AnyMemRef), Variadic("indices", Index))
    ods_results = (Result("result", AnyType),)
    ods_predicates = (("result type matches element type of 'memref'",
                       lambda op: op.results[0].type == op.operands[0].type.element_type),)

    @classmethod
    def build(cls, memref, indices=()):
        return cls.build_generic((memref, indices), [memref.type.element_type])

    syntax = r"""
        memref_load: OP_MEMREF_LOAD VALUE_ID "[" value_use_list? "]" attr_dict? ":" type
    """
    syntax_unclosed_subscripts = "expected ']'"

    @classmethod
    def parse(cls, t, children):
        type = expect_type(children[0], types_of(children)[0], T.MemRefType, "memref type")
        indices = list(next((c for c in children if isinstance(c, Uses)), []))
        return new_op("memref.load", children[0], [children[0]] + indices,
                      [type] + index_types(len(indices)), [type.element_type], dict(attrs_of(children)))


@register_op
class StoreOp(LoadStoreOp):
    name = "memref.store"
    fold = fold_stored_through_casts
    traits = (MemoryEffects(Write(1)),)
    ods_operands = (Operand("value", AnyType), Operand("memref", AnyMemRef),
                    Variadic("indices", Index))
    ods_predicates = (("type of 'value' matches element type of 'memref'",
                       lambda op: op.operands[0].type == op.operands[1].type.element_type),)
    stores = True

    @classmethod
    def build(cls, value, memref, indices=()):
        return cls.build_generic((value, memref, indices))

    syntax = r"""
        memref_store: OP_MEMREF_STORE VALUE_ID "," VALUE_ID "[" value_use_list? "]" attr_dict? ":" type
    """
    syntax_unclosed_subscripts = "expected ']'"

    @classmethod
    def parse(cls, t, children):
        type = expect_type(children[1], types_of(children)[0], T.MemRefType, "memref type")
        indices = list(next((c for c in children if isinstance(c, Uses)), []))
        return new_op("memref.store", children[1], children[:2] + indices,
                      [type.element_type, type] + index_types(len(indices)), [],
                      dict(attrs_of(children)))


# ------------------------------------------------------------- atomic_rmw
_INT_OR_FLOAT = TypeConstraint("signless integer or floating-point",
                               lambda type: is_signless_integer(type) or is_float(type))
_MEMREF_OF_INT_OR_FLOAT = TypeConstraint(
    "memref of signless integer or floating-point values",
    lambda type: isinstance(type, T.MemRefType) and _INT_OR_FLOAT(type.element_type))
# The kinds AtomicRMWOp::verify asks a float or an integer value of.
_FLOAT_KINDS = frozenset({"addf", "maximumf", "maxnumf", "minimumf", "minnumf", "mulf"})
_INTEGER_KINDS = frozenset({"addi", "maxs", "maxu", "mins", "minu", "muli", "ori", "andi",
                            "xori"})


@register_op
class AtomicRMWOp(RegisteredOp):
    """`%x = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<10xf32>) -> f32`:
    `kind` (arith::AtomicRMWKind) of the value and the element, stored
    back; the result is the element before."""

    name = "memref.atomic_rmw"
    fold = fold_stored_through_casts
    traits = (MemoryEffects(Read(1), Write(1)),)
    ods_operands = (Operand("value", _INT_OR_FLOAT), Operand("memref", _MEMREF_OF_INT_OR_FLOAT),
                    Variadic("indices", Index))
    ods_results = (Result("result", _INT_OR_FLOAT),)
    ods_properties = (Property("kind", A.IntegerAttr),)
    required_properties = ("kind",)
    ods_predicates = (
        ("all of {value, result} have same type",
         lambda op: op.operands[0].type == op.results[0].type),
        ("value type matches element type of memref",
         lambda op: op.operands[0].type == op.operands[1].type.element_type))

    syntax = r"""
        memref_atomic_rmw: OP_MEMREF_ATOMIC_RMW name_id VALUE_ID "," VALUE_ID "[" value_use_list? "]" attr_dict? ":" function_type
    """
    syntax_unclosed_subscripts = "expected ']'"

    @classmethod
    def parse(cls, t, children):
        kind, value, memref = children[0], children[1], children[2]
        if kind.value not in ATOMIC_RMW_KINDS:
            raise parse_error(kind, "custom op 'memref.atomic_rmw' expected string or keyword "
                                    "containing one of the following enum values for attribute "
                                    f"'kind' [{', '.join(ATOMIC_RMW_KINDS)}]")
        ftype = first_of(children, T.FunctionType)
        indices = uses(children)
        attrs = dict(attrs_of(children))
        attrs["kind"] = A.IntegerAttr(ATOMIC_RMW_KINDS.index(kind.value), T.I64)
        return new_op(cls.name, None, [value, memref] + indices,
                      list(ftype.inputs) + index_types(len(indices)), list(ftype.results), attrs)

    @property
    def kind(self) -> str:
        return ATOMIC_RMW_KINDS[self.properties["kind"].value]

    def attribute_constraint_error(self):
        kind = self.properties["kind"]
        if not (isinstance(kind, A.IntegerAttr) and 0 <= kind.value < len(ATOMIC_RMW_KINDS)):
            # A property the generic form cannot hold (read while parsing in MLIR).
            return LocationMessage(f"invalid properties {{kind = {kind}}} for op "
                                   f"memref.atomic_rmw: Invalid attribute `kind` in property "
                                   f"conversion: {kind}")
        return None

    def verify(self):
        """AtomicRMWOp::verify."""
        if self.operands[1].type.rank != len(self.operands) - 2:
            return ("'memref.atomic_rmw' op expects the number of subscripts to be equal to "
                    "memref rank")
        value = self.operands[0].type
        if self.kind in _FLOAT_KINDS and not isinstance(value, T.FloatType):
            return f"'memref.atomic_rmw' op with kind '{self.kind}' expects a floating-point type"
        if self.kind in _INTEGER_KINDS and not isinstance(value, T.IntegerType):
            return f"'memref.atomic_rmw' op with kind '{self.kind}' expects an integer type"
        return None

    def print(self, p) -> None:
        p.write(f" {self.kind} ")
        p.print_operand(self.operands[0])
        p.write(", ")
        p.print_operand(self.operands[1])
        p.write("[")
        p.print_operands(self.operands[2:])
        p.write("]")
        self.attr_dict(p)
        p.write(" : (")
        p.print_type_list([self.operands[0].type, self.operands[1].type])
        p.write(") -> ")
        p.print_type(self.results[0].type)


# ------------------------------------------------------------------- cast
@register_op
class CastOp(RegisteredOp):
    name = "memref.cast"
    fold = fold_cast
    traits = (Pure, ViewLikeOpInterface, CastOpInterface)
    ods_operands = (Operand("source"),)
    ods_results = (Result("dest"),)

    syntax = r"""
        memref_cast: OP_MEMREF_CAST VALUE_ID attr_dict? ":" type "to" type
    """

    def size_value(self, index: int):
        """The size where the cast's source comes from (casts are looked
        through; an unranked source says nothing)."""
        source = self.operands[0]
        if isinstance(source.type, T.UnrankedMemRefType) or source.defining_op is None:
            return None
        size_of = getattr(source.defining_op, "size_value", None)
        return size_of(index) if size_of is not None else None

    @classmethod
    def parse(cls, t, children):
        source, dest = types_of(children)
        return new_op("memref.cast", name_token(t, "memref.cast", children[0]), children[:1],
                      [source], [dest], dict(attrs_of(children)))

    def result_name_hints(self):
        return ["cast"]

    def print(self, p) -> None:
        self.print_operands_then_types(p, [self.operands[0].type, self.results[0].type])

    def verify(self):
        source, dest = self.operands[0].type, self.results[0].type
        if not cast_compatible(source, dest):
            return (f"'memref.cast' op operand type '{source}' and result type '{dest}' "
                    "are cast incompatible")
        return None


def cast_compatible(a, b) -> bool:
    """MemRefCastOp::areCastCompatible: same element type and memory space,
    strides and offset that agree where both are static (layouts given as
    other affine maps are not compared), and ranked shapes that agree on
    every static size; two unranked memrefs never cast."""
    ranked = (T.MemRefType, T.UnrankedMemRefType)
    if not isinstance(a, ranked) or not isinstance(b, ranked):
        return False
    if a.element_type != b.element_type or a.memory_space != b.memory_space:
        return False
    if isinstance(a, T.UnrankedMemRefType) or isinstance(b, T.UnrankedMemRefType):
        return not (isinstance(a, T.UnrankedMemRefType) and isinstance(b, T.UnrankedMemRefType))
    if a.layout != b.layout:
        a_strided, b_strided = strides_and_offset(a), strides_and_offset(b)
        if a_strided is not None and b_strided is not None:
            (a_strides, a_offset), (b_strides, b_offset) = a_strided, b_strided
            if len(a_strides) != len(b_strides):
                return False
            for x, y in zip(a_strides + [a_offset], b_strides + [b_offset]):
                if x is not None and y is not None and x != y:
                    return False
    if a.rank != b.rank:
        return False
    return all(x is None or y is None or x == y for x, y in zip(a.shape, b.shape))


# ----------------------------------------------------------------- globals
def _global_type_error(name, type):
    """memref.global's type must be a memref of static shape."""
    if isinstance(type, T.MemRefType) and type.has_static_shape():
        return None
    return parse_error(name, f"custom op 'memref.global' type should be static shaped "
                             f"memref, but got '{type}'")


@register_op
class GlobalOp(RegisteredOp):
    """`memref.global "private" constant @x : memref<2xi32> = dense<...>`:
    the initial value is printed without its type, which is the memref's
    shape as a tensor (custom<GlobalMemrefOpTypeAndInitialValue>)."""

    name = "memref.global"
    required_properties = ("sym_name", "type")
    traits = (Symbol,)
    inherent = ("sym_visibility", "constant", "sym_name", "type", "initial_value", "alignment")

    syntax = r"""
        memref_global: OP_MEMREF_GLOBAL STRING? CONSTANT_KW? SYMBOL ":" type ("=" (memref_global_dense | UNINITIALIZED_KW))? attr_dict?
        // The initial value takes its type from the memref: `dense<...>` without `: type`.
        memref_global_dense: "dense" "<" dense_body? ">"
        CONSTANT_KW.2: /(constant)(?![\w$.])/
        UNINITIALIZED_KW.2: /(uninitialized)(?![\w$.])/
    """

    @classmethod
    def syntax_error_before(cls, stack, text):
        # custom<GlobalMemrefOpTypeAndInitialValue> checks the type as soon
        # as it is read, then reads any attribute after `=` and checks its
        # kind: both reported at the op's name.
        type = next((value for value in stack if isinstance(value, T.Type)), None)
        if type is None:
            return None
        error = _global_type_error(stack[0], type)
        if error is not None:
            return error
        last = stack[-1]
        if isinstance(last, TOKEN) and last.value == "=":
            following = last.end_pos
            while following < len(text) and text[following] in " \t\r\n":
                following += 1
            if text.startswith('"', following):
                return parse_error(stack[0], "custom op 'memref.global' initial value should "
                                             "be a unit or elements attribute")
        return None

    @classmethod
    def parse(cls, t, children):
        symbol = next(c for c in children if isinstance(c, TOKEN) and c.type == "SYMBOL")
        name = name_token(t, "memref.global", symbol)
        type = types_of(children)[0]
        error = _global_type_error(name, type)
        if error is not None:
            raise error
        attrs = dict(attrs_of(children))
        for child in children:
            if isinstance(child, TOKEN) and child.type == "STRING":
                attrs["sym_visibility"] = A.StringAttr(unescape_string(child.value[1:-1]))
            elif isinstance(child, TOKEN) and child.type == "CONSTANT_KW":
                attrs["constant"] = A.UNIT
            elif isinstance(child, TOKEN) and child.type == "UNINITIALIZED_KW":
                attrs["initial_value"] = A.UNIT
            elif isinstance(child, tuple) and child[0] == "dense":
                tensor = T.TensorType(type.shape, type.element_type)
                body = child[1]
                attrs["initial_value"] = t.dense_attr([body, tensor] if body is not None else [tensor])
        _check_alignment(t, attrs, "memref.global", symbol)
        attrs["sym_name"] = symbol_name_attr(symbol)
        attrs["type"] = A.TypeAttr(type)
        return new_op("memref.global", name, attributes=attrs)

    @parses("memref_global_dense")
    def parse_global_dense(t, children):
        # The body waits for the memref type, which the op rule has.
        return ("dense", children[0] if children else None)

    def print(self, p) -> None:
        props = self.properties
        visibility = props.get("sym_visibility")
        if visibility is not None:
            p.write(" ")
            p.print_attribute(visibility, "never")
        if "constant" in props:
            p.write(" constant")
        p.write(" " + A.symbol_text(props["sym_name"].text) + " : ")
        p.print_type(props["type"].value)
        initial = props.get("initial_value")
        if initial is not None:
            p.write(" = ")
            if initial == A.UNIT:
                p.write("uninitialized")
            else:
                p.print_attribute(initial, "must")
        p.print_optional_attr_dict(self, ("sym_visibility", "constant", "sym_name", "type",
                                          "initial_value"))

    def verify(self):
        visibility = self.properties.get("sym_visibility")
        if visibility is not None and visibility.text not in ("public", "private", "nested"):
            return ("'memref.global' op visibility expected to be one of [\"public\", "
                    f"\"private\", \"nested\"], but got \"{escape_string(visibility.value)}\"")
        return symbol_parent_error(self)


@register_op
class GetGlobalOp(RegisteredOp):
    name = "memref.get_global"
    required_properties = ("name",)
    traits = (Pure, SymbolUser)
    ods_results = (Result("result"),)
    inherent = ("name",)

    syntax = r"""
        memref_get_global: OP_MEMREF_GET_GLOBAL SYMBOL attr_dict? ":" type
    """

    @classmethod
    def parse(cls, t, children):
        symbol = children[0]
        attrs = dict(attrs_of(children))
        attrs["name"] = A.SymbolRefAttr([symbol.value[1:].strip('"')])
        return new_op("memref.get_global", name_token(t, "memref.get_global", symbol), [], [],
                      types_of(children)[:1], attrs)

    def print(self, p) -> None:
        p.write(" ")
        p.print_attribute(self.properties["name"])
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.results[0].type)

    def verify(self):
        symbol = self.properties["name"].root
        found = lookup_global(self, symbol)
        if found is None:
            return f"'memref.get_global' op '{symbol}' does not reference a valid global memref"
        expected = found.properties["type"].value
        if expected != self.results[0].type:
            return (f"'memref.get_global' op result type '{self.results[0].type}' does not match "
                    f"type '{expected}' of the global memref {A.symbol_text(symbol)}")
        return None


def lookup_global(op, symbol: str):
    """The memref.global named `symbol` in the nearest enclosing symbol table
    (a module: the op with no parent, or a nested builtin.module)."""
    found = lookup_symbol(op, symbol)
    return found if isinstance(found, GlobalOp) else None


# ------------------------------------------------- subview, reinterpret_cast
def print_dynamic_index_list(p, static, dynamic, brackets="[]") -> None:
    """custom<DynamicIndexList>: `[%a, 4]` from the static array, taking an
    operand for each ShapedType::kDynamic entry."""
    p.write(brackets[0])
    operands = iter(dynamic)
    for i, value in enumerate(static):
        if i:
            p.write(", ")
        if value == DYNAMIC:
            p.print_operand(next(operands))
        else:
            p.write(str(value))
    p.write(brackets[1])


def split_mixed(entries, op_name: str, op_token):
    """[token or int] -> (static array attribute, dynamic operand tokens).
    A static entry must fit int64_t (`parseDynamicIndexList`)."""
    static, dynamic = [], []
    for entry in entries:
        if isinstance(entry, TOKEN):
            static.append(DYNAMIC)
            dynamic.append(entry)
        elif not -(1 << 63) <= entry < 1 << 63:
            raise MLIRError(f"custom op '{op_name}' integer value too large",
                            entry.start).attach_note(
                f"custom op '{op_name}' expected SSA value or integer", pos_of(op_token), "error")
        else:
            static.append(entry)
    return A.DenseArrayAttr(T.I64, static), dynamic


class OffsetSizeStrideOp(RegisteredOp):
    """Operands: source, dynamic offsets, sizes, strides (operandSegmentSizes).
    `verify` is ViewLikeInterface.cpp `verifyOffsetSizeAndStrideOp`, which
    runs before the op's own checks (`verify_types`)."""

    __slots__ = ()
    inherent = ("operandSegmentSizes", "static_offsets", "static_sizes", "static_strides")

    def mixed_parts(self):
        _, n_off, n_size, n_stride = self.properties["operandSegmentSizes"].value
        dynamic = self.operands[1:]
        return [(self.properties["static_offsets"].value, dynamic[:n_off]),
                (self.properties["static_sizes"].value, dynamic[n_off:n_off + n_size]),
                (self.properties["static_strides"].value, dynamic[n_off + n_size:])]

    def max_ranks(self) -> tuple:
        rank = self.operands[0].type.rank
        return (rank, rank, rank)

    def verify(self):
        return (verify_offset_size_and_stride(self.mixed_parts(), self.max_ranks())
                or self.verify_types())

    def verify_types(self):
        return None


def verify_offset_size_and_stride(parts, max_ranks) -> str | None:
    """ViewLikeInterface.cpp `verifyOffsetSizeAndStrideOp`: `parts` the
    (static, dynamic) offsets, sizes and strides, `max_ranks` how many of
    each the op takes."""
    (offsets, _), (sizes, _), (strides, _) = parts
    if not (len(offsets) == 1 and max_ranks[0] == 1) and len(offsets) != len(sizes):
        return (f"expected mixed offsets rank to match mixed sizes rank ({len(offsets)} vs "
                f"{len(sizes)}) so the rank of the result type is well-formed.")
    if len(sizes) != len(strides):
        return (f"expected mixed sizes rank to match mixed strides rank ({len(sizes)} vs "
                f"{len(strides)}) so the rank of the result type is well-formed.")
    for name, (static, dynamic), rank in zip(("offset", "size", "stride"), parts, max_ranks):
        if len(static) != rank:
            return f"expected {rank} {name} values, got {len(static)}"
        expected = sum(v == DYNAMIC for v in static)
        if len(dynamic) != expected:
            return f"expected {expected} dynamic {name} values, got {len(dynamic)}"
    for name, static in (("offsets", offsets), ("sizes", sizes)):
        for value in static:
            if value != DYNAMIC and value < 0:
                return f"expected {name} to be non-negative, but got {value}"
    return None


def strided_linear_layout_map(strides, offset) -> AffineMap:
    """makeStridedLinearLayoutMap: `offset + sum(d_i * stride_i)`, each
    dynamic entry (None) a new symbol, the offset's first."""
    from ..ir.affine_expr import constant, dim, symbol
    symbols = 0

    def entry(value):
        nonlocal symbols
        if value is not None:
            return constant(value)
        symbols += 1
        return symbol(symbols - 1)

    expr = entry(offset)
    for position, stride in enumerate(strides):
        expr = expr + dim(position) * entry(stride)
    return AffineMap.get(len(strides), symbols, [expr])


def canonicalize_strided_layout(type):
    """mlir::canonicalizeStridedLayout: the layout's one-result map
    simplified, or no layout where that is the row-major one of the shape."""
    from ..ir.affine_flattener import simplify_affine_expr
    layout = type.layout
    if layout is None:
        return type
    if isinstance(layout, A.StridedLayoutAttr):
        map = strided_linear_layout_map(layout.strides, layout.offset)
    elif isinstance(layout, A.AffineMapAttr):
        map = layout.value
    else:
        return type
    if map.is_identity() or len(map.results) > 1 or not type.shape:
        return type if not map.is_identity() else T.MemRefType(
            type.shape, type.element_type, None, type.memory_space)

    def simplified_result(map):
        # simplifyAffineExpr leaves a semi-affine expression as it is.
        if not map.results[0].is_pure_affine():
            return map.results[0]
        return simplify_affine_expr(map.results[0],
                                    list(range(map.num_dims + map.num_symbols)), map.num_dims)

    simplified = simplified_result(map)
    canonical = simplified_result(strided_linear_layout_map(strides_and_offset(
        T.MemRefType(type.shape, type.element_type))[0], 0))
    if simplified == canonical:
        return T.MemRefType(type.shape, type.element_type, None, type.memory_space)
    return T.MemRefType(type.shape, type.element_type,
                        A.AffineMapAttr(AffineMap.get(map.num_dims, map.num_symbols, [simplified])),
                        type.memory_space)


@register_op
class SubViewOp(OffsetSizeStrideOp):
    name = "memref.subview"
    fold = fold_subview
    canonicalization_patterns = SUBVIEW_PATTERNS
    required_properties = ("static_offsets", "static_sizes", "static_strides")
    traits = (Pure, ViewLikeOpInterface, AttrSizedOperandSegments)
    ods_operands = (Operand("source"), Variadic("offsets"), Variadic("sizes"),
                    Variadic("strides"))
    ods_results = (Result("result"),)

    syntax = r"""
        memref_subview: OP_MEMREF_SUBVIEW VALUE_ID mixed_list mixed_list mixed_list attr_dict? ":" type "to" type
    """

    def size_value(self, index: int):
        return result_size_value(self, index, self.mixed_parts()[1][1])

    @classmethod
    def parse(cls, t, children):
        return _parse_offset_size_stride(t, children, "memref.subview")

    def result_name_hints(self):
        return ["subview"]

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        for i, (static, dynamic) in enumerate(self.mixed_parts()):
            if i:
                p.write(" ")
            print_dynamic_index_list(p, static, dynamic)
        self.attr_dict(p)
        self.print_types(p, [self.operands[0].type, self.results[0].type])

    def verify_types(self):
        """SubViewOp::verify: the result must be the inferred strided type or
        a rank reduction of it (dropping size-1 dims), and the slice in
        bounds."""
        base, view = self.operands[0].type, self.results[0].type
        if base.memory_space != view.memory_space:
            return (f"different memory spaces specified for base memref type {base} and "
                    f"subview memref type {view}")
        (offsets, _), (sizes, _), (steps, _) = self.mixed_parts()
        expected = infer_subview_type(base, offsets, sizes, steps)
        if expected is None:
            return f"base type '{base}' is not strided"
        message = self._check_result(expected, view, sizes)
        if message:
            return message
        for i, dim in enumerate(base.shape):
            start, size, step = offsets[i], sizes[i], steps[i]
            if dim is None or start == DYNAMIC:
                continue
            if start >= dim:
                return f"offset {i} is out-of-bounds: {start} >= {dim}"
            if size == DYNAMIC or step == DYNAMIC:
                continue
            last = start + (size - 1) * step
            if last >= dim:
                return f"slice along dimension {i} runs out-of-bounds: {last} >= {dim}"
        return None

    @staticmethod
    def _check_result(expected, view, sizes):
        def mismatch(what):
            return (f"expected result type to be '{expected}' or a rank-reduced version. "
                    f"(mismatch of result {what}), but got '{view}'")
        if view.rank > expected.rank:
            return f"expected result rank to be smaller or equal to the source rank, but got '{view}'"
        dropped = rank_reduction_mask(expected.shape, view.shape)
        if dropped is None:
            return mismatch("sizes")
        if view.element_type != expected.element_type:
            return f"expected result element type to be '{expected.element_type}', but got '{view}'"
        actual = strides_and_offset(view)
        if actual is None:
            return None
        want = expected.layout
        # Which size-1 dims went is told by the strides (computeMemRefRankReductionMask).
        dropped = rank_reduction_by_strides(expected, view, sizes)
        if dropped is None:
            return mismatch("layout")
        kept = [s for i, s in enumerate(want.strides) if i not in dropped]
        if actual[1] != want.offset or actual[0] != kept:
            return mismatch("layout")
        return None


@register_op
class ReinterpretCastOp(OffsetSizeStrideOp):
    name = "memref.reinterpret_cast"
    fold = fold_reinterpret_cast
    canonicalization_patterns = REINTERPRET_CAST_PATTERNS
    required_properties = ("static_offsets", "static_sizes", "static_strides")
    traits = (Pure, ViewLikeOpInterface, AttrSizedOperandSegments)
    ods_operands = (Operand("source"), Variadic("offsets"), Variadic("sizes"),
                    Variadic("strides"))
    ods_results = (Result("result"),)

    syntax = r"""
        memref_reinterpret_cast: OP_MEMREF_REINTERPRET_CAST VALUE_ID "to" "offset" ":" mixed_list "," "sizes" ":" mixed_list "," "strides" ":" mixed_list attr_dict? ":" type "to" type
    """

    @classmethod
    def parse(cls, t, children):
        return _parse_offset_size_stride(t, children, "memref.reinterpret_cast")

    def result_name_hints(self):
        return ["reinterpret_cast"]

    def max_ranks(self) -> tuple:
        rank = self.results[0].type.rank
        return (1, rank, rank)

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        for keyword, (static, dynamic) in zip(("offset", "sizes", "strides"), self.mixed_parts()):
            p.write(f"{' to' if keyword == 'offset' else ','} {keyword}: ")
            print_dynamic_index_list(p, static, dynamic)
        self.attr_dict(p)
        self.print_types(p, [self.operands[0].type, self.results[0].type])

    def verify_types(self):
        source, result = self.operands[0].type, self.results[0].type
        if source.memory_space != result.memory_space:
            return (f"different memory spaces specified for source type {source} and result "
                    f"memref type {result}")
        if source.element_type != result.element_type:
            return (f"different element types specified for source type {source} and result "
                    f"memref type {result}")
        (offsets, _), (sizes, _), (strides, _) = self.mixed_parts()

        def text(value):
            return "dynamic" if value == DYNAMIC else str(value)
        for i, (actual, want) in enumerate(zip(result.shape, sizes)):
            if actual is not None and actual != want:
                return f"expected result type with size = {text(want)} instead of {actual} in dim = {i}"
        layout = strides_and_offset(result)
        if layout is None:
            return None
        if layout[1] is not None and layout[1] != offsets[0]:
            return f"expected result type with offset = {text(offsets[0])} instead of {layout[1]}"
        for i, (actual, want) in enumerate(zip(layout[0], strides)):
            if actual is not None and actual != want:
                return f"expected result type with stride = {text(want)} instead of {actual} in dim = {i}"
        return None


def _parse_offset_size_stride(t, children, name):
    source = children[0]
    lists = [c[1] for c in children if isinstance(c, tuple) and c and c[0] == "mixed"]
    source_type, result_type = types_of(children)
    expect_type(source, source_type, (T.MemRefType, T.UnrankedMemRefType), "memref type")
    attrs = dict(attrs_of(children))
    operands = [source]
    counts = [1]
    op_token = name_token(t, name, source)
    for key, entries in zip(("static_offsets", "static_sizes", "static_strides"), lists):
        attrs[key], dynamic = split_mixed(entries, name, op_token)
        operands += dynamic
        counts.append(len(dynamic))
    attrs["operandSegmentSizes"] = segment_sizes(*counts)
    return new_op(name, op_token, operands,
                  [source_type] + index_types(len(operands) - 1), [result_type], attrs)


# ------------------------------------------------------- generic_atomic_rmw
@register_op
class AtomicYieldOp(ValueTerminator):
    """`memref.atomic_yield %v : f32`: the value a generic_atomic_rmw stores."""

    name = "memref.atomic_yield"
    traits = (HasParent("memref.generic_atomic_rmw"), Pure, Terminator, ReturnLike)
    ods_operands = (Operand("result"),)

    syntax = r"""
        memref_atomic_yield: OP_MEMREF_ATOMIC_YIELD VALUE_ID attr_dict? ":" type
    """

    @classmethod
    def parse(cls, t, children):
        return new_op(cls.name, None, children[:1], types_of(children)[:1], [],
                      dict(attrs_of(children)))

    def verify(self):
        parent = self.parent_op
        yielded, expected = self.operands[0].type, parent.results[0].type
        if yielded != expected:
            return (f"'memref.atomic_yield' op types mismatch between yield op: '{yielded}' "
                    f"and its parent: '{expected}'")
        return None

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        p.print_optional_attr_dict(self, ())
        p.write(" : ")
        p.print_type(self.operands[0].type)


@register_op
class GenericAtomicRMWOp(RegisteredOp):
    """`%x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {^bb0(%old:
    f32): ... memref.atomic_yield %new : f32}`: the body computes the value
    stored from the element read, atomically."""

    name = "memref.generic_atomic_rmw"
    traits = (SingleBlockImplicitTerminator("memref.atomic_yield"),)
    ods_operands = (Operand("memref", AnyMemRef), Variadic("indices", Index))
    ods_results = (Result("result"),)
    ods_regions = (RegionDef("atomic_body"),)
    ods_predicates = (
        ("result type matches element type of memref",
         lambda op: op.results[0].type == op.operands[0].type.element_type),)

    syntax = r"""
        memref_generic_atomic_rmw: OP_MEMREF_GENERIC_ATOMIC_RMW VALUE_ID "[" value_use_list? "]" ":" type region attr_dict?
    """

    @classmethod
    def parse(cls, t, children):
        memref, indices = children[0], list(first_of(children, Uses, []))
        type = types_of(children)[0]
        element = type.element_type if isinstance(type, T.MemRefType) else type
        return new_op(cls.name, None, [memref] + indices, [type] + index_types(len(indices)),
                      [element], dict(attrs_of(children)), regions=regions_of(children))

    def verify(self):
        """GenericAtomicRMWOp::verify."""
        body = self.regions[0].blocks[0] if self.regions[0].blocks else None
        args = body.args if body is not None else []
        if len(args) != 1:
            return ("'memref.generic_atomic_rmw' op expected single number of entry block "
                    "arguments")
        if self.results[0].type != args[0].type:
            return ("'memref.generic_atomic_rmw' op expected block argument of the same type "
                    "result type")
        for block in self.regions[0].blocks:
            for op in block.ops:
                for inner in op.walk():
                    if not is_memory_effect_free(inner):
                        # Reported at the op with the effect (its emitError).
                        raise op_error("body of 'memref.generic_atomic_rmw' should contain "
                                       "only operations with no side effects", inner)
        return None

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        p.write("[")
        p.print_operands(self.operands[1:])
        p.write("] : ")
        p.print_type(self.operands[0].type)
        p.write(" ")
        p.print_region(self.regions[0], True, True)
        p.print_optional_attr_dict(self, ())


# ------------------------------------------------------------ alloca_scope
@register_op
class AllocaScopeReturnOp(ValueTerminator):
    name = "memref.alloca_scope.return"
    traits = (HasParent("memref.alloca_scope"), Pure, Terminator, ReturnLike)

    syntax = r"""
        memref_alloca_scope_return: OP_MEMREF_ALLOCA_SCOPE_RETURN attr_dict? (value_use_list ":" type_list)?
        OP_MEMREF_ALLOCA_SCOPE_RETURN.2: /memref\.alloca_scope\.return(?![\w$.])/
    """

    @classmethod
    def parse(cls, t, children):
        # The op name is the only bare token here, if the parser passes it on.
        name = first_of(children, TOKEN)
        return new_op("memref.alloca_scope.return", name, uses(children), type_list(children),
                      attributes=dict(attrs_of(children)))



@register_op
class AllocaScopeOp(RegisteredOp):
    """`memref.alloca_scope  -> (T) {...}`: the printer writes a space both
    before and after the optional result list, hence two spaces."""

    name = "memref.alloca_scope"
    canonicalization_patterns = ALLOCA_SCOPE_PATTERNS
    traits = (AutomaticAllocationScope, RecursiveMemoryEffects, NoRegionArguments,
              SingleBlockImplicitTerminator("memref.alloca_scope.return"))
    ods_results = (VariadicResult("results"),)
    ods_regions = (RegionDef("bodyRegion", blocks=1),)

    syntax = r"""
        memref_alloca_scope: OP_MEMREF_ALLOCA_SCOPE ("->" _result_types)? region attr_dict?
        OP_MEMREF_ALLOCA_SCOPE.2: /memref\.alloca_scope(?![\w$.])/
    """

    @classmethod
    def parse(cls, t, children):
        result_types = []
        for child in children:
            if isinstance(child, list) and not isinstance(child, Uses):
                result_types = list(child)
            elif isinstance(child, T.Type):
                result_types = [child]
        return new_op("memref.alloca_scope", first_of(children, TOKEN), result_types=result_types,
                      attributes=dict(attrs_of(children)), regions=regions_of(children))

    def ensure_implicit_structure(self) -> None:
        ensure_terminator(self, 0, AllocaScopeReturnOp)

    def verify(self):
        """The RegionBranchOpInterface check on the edge from the body's
        return back to the op's results."""
        block = self.regions[0].blocks[-1] if self.regions[0].blocks else None
        terminator = block.terminator if block is not None else None
        if not isinstance(terminator, AllocaScopeReturnOp):
            return None
        prefix = ("'memref.alloca_scope' op along control flow edge from Operation "
                  "memref.alloca_scope.return to parent: ")
        values, results = terminator.operands, self.results
        if len(values) != len(results):
            return (prefix + f"region branch point has {len(values)} operands, but region "
                    f"successor needs {len(results)} inputs")
        for i, (value, result) in enumerate(zip(values, results)):
            if value.type != result.type:
                return (prefix + f"successor operand type #{i} '{value.type}' should match "
                        f"successor input type #{i} '{result.type}'")
        return None

    def print(self, p) -> None:
        p.write(" ")
        if self.results:
            p.write(" -> (")
            p.print_type_list([r.type for r in self.results])
            p.write(")")
        p.write(" ")
        p.print_region(self.regions[0], False, bool(self.results))
        self.attr_dict(p)


# ------------------------------------------------------------- memref DMA
# Unlike their affine counterparts (affine_dma.py), memref.dma_start and
# dma_wait take plain index operands, whose counts come from the memref ranks.
def _memref_rank(type) -> int:
    return type.rank if isinstance(type, T.MemRefType) else 0


@register_op
class MemRefDmaStartOp(RegisteredOp):
    """`memref.dma_start %src[..], %dst[..], %n, %tag[..] (, %stride, %per)?`;
    the index counts come from the memref ranks.  It prints an attribute
    dictionary but its parser accepts none (MemRefOps.cpp)."""

    name = "memref.dma_start"
    traits = ()  # effects depend on the operand layout: unknown
    ods_operands = (Variadic("operands"),)

    syntax = r"""
        // memref.dma_start takes no attribute dictionary (its parser has none).
        memref_dma_start: OP_MEMREF_DMA_START VALUE_ID memref_indices "," VALUE_ID memref_indices "," VALUE_ID "," VALUE_ID memref_indices ("," VALUE_ID)* ":" type_list
        memref_indices: "[" value_use_list? "]"
    """

    @classmethod
    def parse(cls, t, children):
        values = [c for c in children if isinstance(c, TOKEN)]
        src_idx, dst_idx, tag_idx = [c for c in children if isinstance(c, Uses)]
        src, dst, num, tag = values[:4]
        stride = values[4:]
        name = name_token(t, "memref.dma_start", src)
        if len(stride) not in (0, 2):
            raise parse_error(name, "custom op 'memref.dma_start' expected two stride related operands")
        types = type_list(children)
        if len(types) != 3:
            raise parse_error(name, "custom op 'memref.dma_start' fewer/more types expected")
        operands = [src, *src_idx, dst, *dst_idx, num, tag, *tag_idx, *stride]
        operand_types = ([types[0]] + index_types(len(src_idx)) + [types[1]] + index_types(len(dst_idx))
                         + [T.INDEX, types[2]] + index_types(len(tag_idx) + len(stride)))
        return new_op("memref.dma_start", name, operands, operand_types)

    @parses("memref_indices")
    def parse_memref_indices(t, children):
        return Uses(children[0]) if children else Uses()

    def parts(self):
        ops = self.operands
        src_end = 1 + _memref_rank(ops[0].type)
        dst_end = src_end + 1 + _memref_rank(ops[src_end].type)
        tag = dst_end + 1
        tag_end = tag + 1 + _memref_rank(ops[tag].type)
        return (ops[0], ops[1:src_end], ops[src_end], ops[src_end + 1:dst_end], ops[dst_end],
                ops[tag], ops[tag + 1:tag_end], ops[tag_end:])

    def print(self, p) -> None:
        src, src_idx, dst, dst_idx, num, tag, tag_idx, stride = self.parts()
        for i, (memref, indices) in enumerate(((src, src_idx), (dst, dst_idx))):
            p.write(", " if i else " ")
            p.print_operand(memref)
            p.write("[")
            p.print_operands(indices)
            p.write("]")
        p.write(", ")
        p.print_operand(num)
        p.write(", ")
        p.print_operand(tag)
        p.write("[")
        p.print_operands(tag_idx)
        p.write("]")
        if stride:
            p.write(", ")
            p.print_operands(stride)
        self.attr_dict(p)
        p.write(" : ")
        p.print_type_list([src.type, dst.type, tag.type])

    def verify(self):
        """DmaStartOp::verify; each memref's rank says how many indices follow it."""
        ops = self.operands
        n = len(ops)

        def error(message):
            return "'memref.dma_start' op " + message
        if n < 4:
            return error("expected at least 4 operands")
        expected = 4
        at = 0
        for what in ("source", "destination", None, "tag"):
            if what is None:
                if ops[at].type != T.INDEX:
                    return error("expected num elements to be of index type")
                at += 1
                continue
            if not isinstance(ops[at].type, T.MemRefType):
                return error(f"expected {what} to be of memref type")
            rank = ops[at].type.rank
            expected += rank
            if n < expected:
                return error(f"expected at least {expected} operands")
            if any(v.type != T.INDEX for v in ops[at + 1:at + 1 + rank]):
                return error(f"expected {what} indices to be of index type")
            at += 1 + rank
        if n not in (expected, expected + 2):
            return error("incorrect number of operands")
        if any(v.type != T.INDEX for v in ops[expected:]):
            return error("expected stride and num elements per stride to be of type index")
        return None


@register_op
class MemRefDmaWaitOp(RegisteredOp):
    name = "memref.dma_wait"
    traits = ()  # effects depend on the operand layout: unknown
    ods_operands = (Operand("tagMemRef", AnyMemRef), Variadic("tagIndices", Index),
                    Operand("numElements", Index))

    syntax = r"""
        memref_dma_wait: OP_MEMREF_DMA_WAIT VALUE_ID memref_indices "," VALUE_ID attr_dict? ":" type
    """

    @classmethod
    def parse(cls, t, children):
        tag, num = [c for c in children if isinstance(c, TOKEN)]
        indices = first_of(children, Uses, Uses())
        type = types_of(children)[0]
        return new_op("memref.dma_wait", name_token(t, "memref.dma_wait", tag),
                      [tag, *indices, num], [type] + index_types(len(indices) + 1),
                      attributes=dict(attrs_of(children)))

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        p.write("[")
        p.print_operands(self.operands[1:-1])
        p.write("], ")
        p.print_operand(self.operands[-1])
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.operands[0].type)

    def verify(self):
        tag = self.operands[0].type
        if len(self.operands) - 2 != _memref_rank(tag):
            return (f"'memref.dma_wait' op expected tagIndices to have the same number of "
                    f"elements as the tagMemRef rank, expected {_memref_rank(tag)}, but got "
                    f"{len(self.operands) - 2}")
        return None


# ----------------------------------------------------------------- reshape
_ANY_MEMREF = (T.MemRefType, T.UnrankedMemRefType)

@register_op
class ReshapeOp(RegisteredOp):
    """`memref.reshape %src(%shape) : (S, memref<Nxi32>) -> R`: the shape
    comes from a 1-d memref of sizes."""

    name = "memref.reshape"
    traits = (Pure, ViewLikeOpInterface)
    ods_operands = (Operand("source"), Operand("shape"))
    ods_results = (Result("result"),)

    syntax = r"""
        memref_reshape: OP_MEMREF_RESHAPE VALUE_ID "(" VALUE_ID ")" attr_dict? ":" function_type
    """

    @classmethod
    def parse(cls, t, children):
        ftype = types_of(children)[0]
        if len(ftype.inputs) != 2:
            raise parse_error(children[0], f"custom op 'memref.reshape' 2 operands present, but "
                                           f"expected {len(ftype.inputs)}")
        return new_op(cls.name, None, children[:2], list(ftype.inputs), list(ftype.results),
                      dict(attrs_of(children)))

    def result_name_hints(self):
        return ["reshape"]

    def verify(self):
        error = type_constraint_error(self, [
            (self.operands[0], _ANY_MEMREF, "ranked or unranked memref of any type values"),
            (self.operands[1], T.MemRefType,
             "1D memref of signless integer or index values"),
            (self.results[0], _ANY_MEMREF, "ranked or unranked memref of any type values")])
        if error:
            return error
        source, shape = self.operands[0].type, self.operands[1].type
        result = self.results[0].type
        if source.element_type != result.element_type:
            return ("'memref.reshape' op element types of source and destination memref types "
                    "should be the same")
        if isinstance(source, T.MemRefType) and source.layout is not None:
            return "'memref.reshape' op source memref type should have identity affine map"
        if source.memory_space != result.memory_space:
            return ("'memref.reshape' op source and destination memref types should have the "
                    "same memory space")
        if isinstance(result, T.MemRefType):
            if result.layout is not None:
                return "'memref.reshape' op result memref type should have identity affine map"
            length = shape.shape[0] if isinstance(shape, T.MemRefType) and shape.shape else None
            if length is None:
                return ("'memref.reshape' op cannot use shape operand with dynamic length to "
                        "reshape to statically-ranked memref type")
            if length != len(result.shape):
                return ("'memref.reshape' op length of shape operand differs from the result's "
                        "memref rank")
        return None

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        p.write("(")
        p.print_operand(self.operands[1])
        p.write(")")
        self.attr_dict(p)
        p.write(" : (")
        p.print_type_list([v.type for v in self.operands])
        p.write(") -> ")
        p.print_type(self.results[0].type)


# ------------------------------------------------- expand_shape, collapse_shape
def _reassociation(attr) -> list:
    return [[entry.value for entry in group.value] for group in attr.value]


def verify_collapsed_shape(name, collapsed, expanded, groups):
    """ReshapeOpsUtils `verifyCollapsedShape` (several dynamic dimensions
    allowed in a group): the groups cover the expanded dims in order, and
    each static collapsed size is its group's product."""
    if len(collapsed) != len(groups):
        return (f"'{name}' op invalid number of reassociation groups: found {len(groups)}, "
                f"expected {len(collapsed)}")
    next_dim = 0
    for collapsed_dim, group in enumerate(groups):
        dynamic = False
        for expanded_dim in group:
            if expanded_dim != next_dim:
                return f"'{name}' op reassociation indices must be contiguous"
            next_dim += 1
            if expanded_dim >= len(expanded):
                return f"'{name}' op reassociation index {expanded_dim} is out of bounds"
            dynamic = dynamic or expanded[expanded_dim] is None
        if (collapsed[collapsed_dim] is None) != dynamic:
            return (f"'{name}' op collapsed dim ({collapsed_dim}) must be dynamic if and only "
                    "if reassociation group is dynamic")
        if not dynamic:
            size = 1
            for expanded_dim in group:
                size *= expanded[expanded_dim]
            if size != collapsed[collapsed_dim]:
                return (f"'{name}' op collapsed dim size ({collapsed[collapsed_dim]}) must equal "
                        f"reassociation group size ({size})")
    if not collapsed:
        if any(size != 1 for size in expanded):
            return f"'{name}' op rank 0 memrefs can only be extended/collapsed with/from ones"
    elif next_dim != len(expanded):
        return (f"'{name}' op expanded rank ({len(expanded)}) inconsistent with number of "
                f"reassociation indices ({next_dim})")
    return None


def collapsed_layout(source, groups):
    """CollapseShapeOp `computeCollapsedLayoutMap`: each group's stride is
    that of its innermost dimension not of size 1; False when the groups are
    plainly not contiguous, None when the layout has no strides here."""
    layout = strides_and_offset(source)
    if layout is None:
        return None
    strides, offset = layout
    shape = source.shape
    result = []
    for group in groups:
        ref = list(group)
        while shape[ref[-1]] == 1 and len(ref) > 1:
            ref.pop()
        result.append(strides[ref[-1]] if shape[ref[-1]] is not None or len(ref) == 1 else None)
    for index, group in reversed(list(enumerate(groups))):
        stride = result[index]
        for dim in reversed(group[1:]):
            stride = None if stride is None or shape[dim] is None else stride * shape[dim]
            if shape[dim - 1] == 1:
                continue
            if stride is not None and strides[dim - 1] is not None and stride != strides[dim - 1]:
                return False
    return A.StridedLayoutAttr(result, offset)


def expanded_layout(source, shape, groups):
    """ExpandShapeOp `computeExpandedLayoutMap`: the strides of each group
    from its collapsed stride, innermost first; None when the layout has no
    strides here."""
    layout = strides_and_offset(source)
    if layout is None:
        return None
    strides, offset = layout
    reverse, at = [], len(shape) - 1
    for group, stride in reversed(list(zip(groups, strides))):
        for _ in group:
            reverse.append(stride)
            stride = None if stride is None or shape[at] is None else stride * shape[at]
            at -= 1
    result = reverse[::-1] + [1] * (len(shape) - len(reverse))
    return A.StridedLayoutAttr(result[:len(shape)], offset)


def layout_is_identity(type) -> bool:
    """MemRefLayoutAttrInterface::isIdentity: no layout, or one whose affine
    map is the identity (`strided<[1]>` on a 1-d memref)."""
    layout = type.layout
    return layout is None or (isinstance(layout, A.StridedLayoutAttr)
                              and layout.strides == (1,) and layout.offset == 0)


class ReassociativeReshapeOp(RegisteredOp):
    """memref.expand_shape and memref.collapse_shape: `%src [[0, 1], [2]]`
    groups the expanded dimensions of each collapsed one."""

    __slots__ = ()

    required_properties = ("reassociation",)
    # The source's and result's type and its ODS description.
    shaped_kind = (T.MemRefType, "strided memref of any type values")

    def groups(self) -> list:
        return _reassociation(self.properties["reassociation"])

    def attribute_constraint_error(self):
        groups = self.properties["reassociation"]
        if not (isinstance(groups, A.ArrayAttr) and all(
                isinstance(group, A.ArrayAttr) and all(
                    isinstance(index, A.IntegerAttr) and index.type == T.I64
                    for index in group.value) for group in groups.value)):
            return (f"'{self.op_name}' op attribute 'reassociation' failed to satisfy "
                    "constraint: Array of 64-bit integer array attributes")
        return None

    def kinds_error(self):
        classes, description = self.shaped_kind
        return type_constraint_error(self, [(self.operands[0], classes, description),
                                            (self.results[0], classes, description)])

    def result_name_hints(self):
        return [self.name.partition(".")[2]]

    def print_tail(self, p) -> None:
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.operands[0].type)
        p.write(" into ")
        p.print_type(self.results[0].type)


@register_op
class ExpandShapeOp(ReassociativeReshapeOp):
    """`memref.expand_shape %src [[0, 1], [2]] output_shape [%a, 4, 5] : S
    into R`."""

    name = "memref.expand_shape"
    fold = fold_reshape
    canonicalization_patterns = EXPAND_PATTERNS
    traits = (Pure, ViewLikeOpInterface)
    ods_operands = (Operand("src"), Variadic("output_shape"))
    ods_results = (Result("result"),)
    inherent = ("reassociation", "static_output_shape")
    required_properties = ("reassociation", "static_output_shape")

    syntax = r"""
        memref_expand_shape: OP_MEMREF_EXPAND_SHAPE VALUE_ID array_attr "output_shape" mixed_list attr_dict? ":" type "into" type
    """

    @classmethod
    def parse(cls, t, children):
        source, reassociation, (_, entries) = children[:3]
        source_type, result_type = types_of(children)
        attrs = dict(attrs_of(children))
        attrs["reassociation"] = reassociation
        attrs["static_output_shape"], dynamic = split_mixed(entries, cls.name, source)
        return new_op(cls.name, None, [source] + dynamic,
                      [source_type] + index_types(len(dynamic)), [result_type], attrs)

    def verify(self):
        error = self.kinds_error()
        if error:
            return error
        source, result = self.operands[0].type, self.results[0].type
        if len(source.shape) > len(result.shape):
            return (f"'memref.expand_shape' op expected rank expansion, but found source rank "
                    f"{len(source.shape)} > result rank {len(result.shape)}")
        groups = self.groups()
        error = verify_collapsed_shape(self.name, source.shape, result.shape, groups)
        if error:
            return error
        layout, identity = None, layout_is_identity(source)
        if not identity:
            layout = expanded_layout(source, result.shape, groups)
        if layout is not None or identity:
            expected = T.MemRefType(result.shape, source.element_type, layout,
                                    source.memory_space)
            if expected != result:
                return (f"'memref.expand_shape' op expected expanded type to be '{expected}' but "
                        f"found '{result}'")
        return self.verify_output_shape(result)

    def verify_output_shape(self, result):
        """`output_shape` against the result's shape."""
        static = list(self.properties["static_output_shape"].value)
        if len(static) != len(result.shape):
            return (f"'{self.name}' op expected number of static shape bounds to be "
                    f"equal to the output rank ({len(result.shape)}) but found {len(static)} "
                    "inputs instead")
        dynamic = static.count(DYNAMIC)
        if len(self.operands) - 1 != dynamic:
            return (f"'{self.name}' op mismatch in dynamic dims in output_shape and "
                    f"static_output_shape: static_output_shape has {dynamic} dynamic dims while "
                    f"output_shape has {len(self.operands) - 1} values")
        for position, size in enumerate(result.shape):
            if size is not None and size != static[position]:
                return f"'{self.name}' op invalid output shape provided at pos {position}"
        return None

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        p.write(" ")
        p.print_attribute(self.properties["reassociation"])
        p.write(" output_shape ")
        print_dynamic_index_list(p, self.properties["static_output_shape"].value,
                                 self.operands[1:])
        self.print_tail(p)


@register_op
class CollapseShapeOp(ReassociativeReshapeOp):
    """`memref.collapse_shape %src [[0, 1], [2]] : S into R`."""

    name = "memref.collapse_shape"
    fold = fold_reshape
    canonicalization_patterns = COLLAPSE_PATTERNS
    required_properties = ("reassociation",)
    traits = (Pure, ViewLikeOpInterface)
    ods_operands = (Operand("src"),)
    ods_results = (Result("result"),)
    inherent = ("reassociation",)

    syntax = r"""
        memref_collapse_shape: OP_MEMREF_COLLAPSE_SHAPE VALUE_ID array_attr attr_dict? ":" type "into" type
    """

    @classmethod
    def parse(cls, t, children):
        source_type, result_type = types_of(children)
        attrs = dict(attrs_of(children))
        attrs["reassociation"] = children[1]
        return new_op(cls.name, None, children[:1], [source_type], [result_type], attrs)

    def verify(self):
        error = self.kinds_error()
        if error:
            return error
        source, result = self.operands[0].type, self.results[0].type
        if len(source.shape) < len(result.shape):
            return (f"'memref.collapse_shape' op expected rank reduction, but found source rank "
                    f"{len(source.shape)} < result rank {len(result.shape)}")
        groups = self.groups()
        error = verify_collapsed_shape(self.name, result.shape, source.shape, groups)
        if error:
            return error
        layout = None
        if not layout_is_identity(source):
            layout = collapsed_layout(source, groups)
            if layout is False:
                return ("'memref.collapse_shape' op invalid source layout map or collapsing "
                        "non-contiguous dims")
            if layout is None:
                return None
        expected = T.MemRefType(result.shape, source.element_type, layout, source.memory_space)
        if expected != result:
            return (f"'memref.collapse_shape' op expected collapsed type to be '{expected}' but "
                    f"found '{result}'")
        return None

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        p.write(" ")
        p.print_attribute(self.properties["reassociation"])
        self.print_tail(p)


# -------------------------------------------------------------------- rank
@register_op
class RankOp(RegisteredOp):
    """`memref.rank %m : memref<...>`."""

    name = "memref.rank"
    fold = fold_rank
    materialize_constant = staticmethod(materialize_arith_constant)
    traits = (Pure,)
    ods_operands = (Operand("memref"),)
    ods_results = (Result("result"),)

    def verify(self):
        return type_constraint_error(self, [
            (self.operands[0], _ANY_MEMREF, "ranked or unranked memref of any type values")])

    syntax = r"""
        memref_rank: OP_MEMREF_RANK VALUE_ID attr_dict? ":" type
    """

    @classmethod
    def parse(cls, t, children):
        return new_op(cls.name, None, children[:1], types_of(children), [T.INDEX],
                      dict(attrs_of(children)))

    def print(self, p) -> None:
        self.print_operands_then_types(p, [self.operands[0].type])


# ----------------------------------------------------------------- realloc
@register_op
class ReallocOp(RegisteredOp):
    """`memref.realloc %src[(%size)] : memref<N x T> to memref<M x T>`: a 1-d
    buffer grown or shrunk; the size operand gives a dynamic result size."""

    name = "memref.realloc"
    canonicalization_patterns = REALLOC_PATTERNS
    traits = (MemoryEffects(Free(0), Allocate(result=0)),)
    ods_operands = (Operand("source"), Optional("dynamicResultSize"))
    ods_results = (Result("result"),)
    inherent = ("alignment",)

    syntax = r"""
        memref_realloc: OP_MEMREF_REALLOC VALUE_ID ("(" VALUE_ID ")")? attr_dict? ":" type "to" type
    """

    @classmethod
    def parse(cls, t, children):
        source_type, result_type = types_of(children)
        operands = tokens_of(children, "VALUE_ID")
        return new_op(cls.name, None, operands, [source_type] + index_types(len(operands) - 1),
                      [result_type], dict(attrs_of(children)))

    def verify(self):
        error = type_constraint_error(self, [
            (value, T.MemRefType, "1D memref of any type values")
            for value in (self.operands[0], self.results[0])])
        if error:
            return error
        source, result = self.operands[0].type, self.results[0].type
        for which, type in (("source", source), ("result", result)):
            if not layout_is_identity(type):
                # Reported with emitError on the op: without the op's name.
                return f"unsupported layout for {which} memref type '{type}'"
        if source.element_type != result.element_type:
            return ("'memref.realloc' op different element types specified for source type "
                    f"{source} and result memref type {result}")
        if source.memory_space != result.memory_space:
            return ("'memref.realloc' op different memory spaces specified for source type "
                    f"{source} and result memref type {result}")
        dynamic = result.shape[0] is None
        if dynamic and len(self.operands) == 1:
            # Reported with emitError on the op: without the op's name.
            return f"missing dimension operand for result type '{result}'"
        if not dynamic and len(self.operands) > 1:
            return f"unnecessary dimension operand for result type '{result}'"
        return None

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        if len(self.operands) > 1:
            p.write("(")
            p.print_operand(self.operands[1])
            p.write(")")
        # `alignment` is printed with the attributes (attr-dict shows properties).
        p.print_optional_attr_dict(self)
        self.print_types(p, [self.operands[0].type, self.results[0].type])


# ------------------------------------------------- ops declared by format
@register_op
class ExtractAlignedPointerAsIndexOp(RegisteredOp):
    name = "memref.extract_aligned_pointer_as_index"
    traits = (Pure,)
    ods_operands = (Operand("source", AnyRankedOrUnrankedMemRef),)
    ods_results = (Result("aligned_pointer"),)
    ods_types = {"aligned_pointer": T.INDEX}
    assembly_format = "$source `:` type($source) `->` type(results) attr-dict"

    def result_name_hints(self):
        return ["intptr"]


@register_op
class MemorySpaceCastOp(RegisteredOp):
    name = "memref.memory_space_cast"
    fold = fold_memory_space_cast
    traits = (Pure, CastOpInterface, ViewLikeOpInterface)
    ods_operands = (Operand("source", AnyRankedOrUnrankedMemRef),)
    ods_results = (Result("dest", AnyRankedOrUnrankedMemRef),)
    assembly_format = "$source attr-dict `:` type($source) `to` type($dest)"

    def result_name_hints(self):
        return ["memspacecast"]

    @staticmethod
    def are_cast_compatible(inputs, outputs) -> bool:
        """MemorySpaceCastOp::areCastCompatible: the same memref but for its
        memory space (ranked: element type, layout and shape; unranked:
        element type)."""
        if len(inputs) != 1 or len(outputs) != 1:
            return False
        a, b = inputs[0], outputs[0]
        if isinstance(a, T.MemRefType) and isinstance(b, T.MemRefType):
            return (a.element_type == b.element_type and a.layout == b.layout
                    and a.shape == b.shape)
        if isinstance(a, T.UnrankedMemRefType) and isinstance(b, T.UnrankedMemRefType):
            return a.element_type == b.element_type
        return False


@register_op
class DistinctObjectsOp(RegisteredOp):
    """`%a2, %b2 = memref.distinct_objects %a, %b : T, U`: each result is its
    operand, with accesses to different ones known not to alias."""

    name = "memref.distinct_objects"
    traits = (Pure,)
    ods_operands = (Variadic("operands", AnyMemRef),)
    ods_results = (VariadicResult("results", AnyMemRef),)
    # InferTypeOpInterface: the results have the operands' types.
    ods_types = {"results": lambda state: state.types["operands"]}
    assembly_format = "$operands attr-dict `:` type($operands)"

    def verify(self):
        if [v.type for v in self.operands] != [r.type for r in self.results]:
            return f"'{self.op_name}' op operand types and result types must match"
        if not self.operands:
            return f"'{self.op_name}' op expected at least one operand"
        return None

    def viewed_operand(self, result):
        """The operand `result` stands for (the dependence analysis's
        aliasing: see analysis/affine_access.py `memref_root`)."""
        return self.operands[result.index]


# ------------------------------------------------- extract_strided_metadata
@register_op
class ExtractStridedMetadataOp(RegisteredOp):
    """`%base, %offset, %sizes:N, %strides:N = memref.extract_strided_metadata
    %m : memref<...> -> memref<T>, index, ...`."""

    name = "memref.extract_strided_metadata"
    fold = fold_extract_strided_metadata
    traits = (Pure, ViewLikeOpInterface)
    ods_operands = (Operand("source"),)
    ods_results = (Result("base_buffer"), Result("offset"), VariadicResult("sizes"),
                   VariadicResult("strides"))

    syntax = r"""
        memref_extract_strided_metadata: OP_MEMREF_EXTRACT_STRIDED_METADATA VALUE_ID ":" type "->" type_list attr_dict?
    """

    @classmethod
    def parse(cls, t, children):
        return new_op(cls.name, None, children[:1], types_of(children), type_list(children),
                      dict(attrs_of(children)))

    def result_name_hints(self):
        rank = max(0, (len(self.results) - 2) // 2)
        return (["base_buffer", "offset"] + ["sizes"] + [None] * (rank - 1)
                + ["strides"] + [None] * (rank - 1)) if rank else ["base_buffer", "offset"]

    def verify(self):
        error = type_constraint_error(self, [
            (self.operands[0], T.MemRefType, "strided memref of any type values")])
        if error:
            return error
        source = self.operands[0].type
        rank = len(source.shape)
        expected = [T.MemRefType((), source.element_type, None, source.memory_space)]
        expected += [T.INDEX] * (1 + 2 * rank)
        actual = [r.type for r in self.results]
        if actual != expected:
            return ("'memref.extract_strided_metadata' op inferred type(s) "
                    + ", ".join(f"'{t}'" for t in expected)
                    + " are incompatible with return type(s) of operation "
                    + ", ".join(f"'{t}'" for t in actual))
        return None

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        p.write(" : ")
        p.print_type(self.operands[0].type)
        p.write(" -> ")
        p.print_type_list([r.type for r in self.results])
        self.attr_dict(p)


# -------------------------------------------------------------------- copy
@register_op
class CopyOp(RegisteredOp):
    """`memref.copy %src, %dst : S to D`."""

    name = "memref.copy"
    fold = fold_copy
    canonicalization_patterns = COPY_PATTERNS
    traits = (MemoryEffects(Read(0), Write(1)),)
    ods_operands = (Operand("source"), Operand("target"))

    syntax = r"""
        memref_copy: OP_MEMREF_COPY VALUE_ID "," VALUE_ID attr_dict? ":" type "to" type
    """

    @classmethod
    def parse(cls, t, children):
        return new_op(cls.name, None, children[:2], types_of(children), [],
                      dict(attrs_of(children)))

    def verify(self):
        error = type_constraint_error(self, [
            (value, _ANY_MEMREF, "ranked or unranked memref of any type values")
            for value in self.operands])
        if error:
            return error
        source, target = (v.type for v in self.operands)
        if source.element_type != target.element_type:
            return "'memref.copy' op requires the same element type for all operands"
        ranked = (T.MemRefType, T.TensorType)
        if isinstance(source, ranked) and isinstance(target, ranked) and (
                len(source.shape) != len(target.shape)
                or any(a is not None and b is not None and a != b
                       for a, b in zip(source.shape, target.shape))):
            return "'memref.copy' op requires the same shape for all operands"
        return None

    def print(self, p) -> None:
        self.print_operands_then_types(p, [v.type for v in self.operands])


# ---------------------------------------------------------------- prefetch
@register_op
class PrefetchOp(RegisteredOp):
    """`memref.prefetch %m[%i], read|write, locality<0..3>, data|instr :
    memref<...>`: the specifiers are the properties isWrite, localityHint
    and isDataCache."""

    name = "memref.prefetch"
    fold = fold_through_casts
    traits = ()  # no effects declared (a hint): unknown
    ods_operands = (Operand("memref"), Variadic("indices"))
    inherent = ("isWrite", "localityHint", "isDataCache")
    required_properties = inherent

    syntax = r"""
        memref_prefetch: OP_MEMREF_PREFETCH VALUE_ID "[" value_use_list? "]" "," name_id "," "locality" "<" INT ">" "," name_id ":" type
    """

    @classmethod
    def parse(cls, t, children):
        memref, indices = children[0], list(first_of(children, Uses, []))
        access, hint, cache = [c for c in children[1:] if isinstance(c, TOKEN)
                               and c.type != "VALUE_ID"]
        name = name_token(t, cls.name, memref)
        access, cache = str(access), str(cache)
        if access not in ("read", "write"):
            raise parse_error(name, "custom op 'memref.prefetch' rw specifier has to be 'read' "
                                    "or 'write'")
        if cache not in ("data", "instr"):
            raise parse_error(name, "custom op 'memref.prefetch' cache type has to be 'data' or "
                                    "'instr'")
        type = types_of(children)[0]
        attrs = {"isWrite": A.BOOL_TRUE if access == "write" else A.BOOL_FALSE,
                 "localityHint": _i32_attr(hint),
                 "isDataCache": A.BOOL_TRUE if cache == "data" else A.BOOL_FALSE}
        return new_op(cls.name, None, [memref] + indices, [type] + index_types(len(indices)),
                      [], attrs)

    def verify(self):
        error = type_constraint_error(self, [
            (self.operands[0], T.MemRefType, "memref of any type values")])
        if error:
            return error
        hint = self.properties.get("localityHint")
        if isinstance(hint, A.IntegerAttr) and not 0 <= hint.value <= 3:
            return ("'memref.prefetch' op attribute 'localityHint' failed to satisfy constraint: "
                    "32-bit signless integer attribute whose minimum value is 0 whose maximum "
                    "value is 3")
        memref = self.operands[0].type
        if isinstance(memref, T.MemRefType) and len(self.operands) != 1 + len(memref.shape):
            return "'memref.prefetch' op too few indices"
        return None

    def print(self, p) -> None:
        props = self.properties
        p.write(" ")
        p.print_operand(self.operands[0])
        p.write("[")
        p.print_operands(self.operands[1:])
        p.write("]")
        p.write(", write" if props["isWrite"] == A.BOOL_TRUE else ", read")
        p.write(f", locality<{props['localityHint'].value}>")
        p.write(", data" if props["isDataCache"] == A.BOOL_TRUE else ", instr")
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.operands[0].type)


# -------------------------------------------------------------------- view
@register_op
class ViewOp(RegisteredOp):
    """`memref.view %buf[%shift][%sizes] : memref<Nxi8> to memref<...>`."""

    name = "memref.view"
    canonicalization_patterns = VIEW_PATTERNS
    traits = (Pure, ViewLikeOpInterface)
    ods_operands = (Operand("source", MEMREF_1D_OF_I8), Operand("byte_shift", Index),
                    Variadic("sizes", Index))
    ods_results = (Result("result", AnyMemRef),)

    syntax = r"""
        memref_view: OP_MEMREF_VIEW VALUE_ID "[" VALUE_ID "]" "[" value_use_list? "]" attr_dict? ":" type "to" type
    """

    @classmethod
    def parse(cls, t, children):
        sizes = list(first_of(children, Uses, []))
        source, result = types_of(children)
        return new_op(cls.name, None, children[:2] + sizes, [source] + index_types(1 + len(sizes)),
                      [result], dict(attrs_of(children)))

    def result_name_hints(self):
        return ["view"]

    def size_value(self, index: int):
        return result_size_value(self, index, self.operands[2:])

    def verify(self):
        error = type_constraint_error(self, [
            (self.operands[0], T.MemRefType, "1D memref of 8-bit signless integer values"),
            (self.results[0], T.MemRefType, "memref of any type values")])
        if error:
            return error
        base, view = self.operands[0].type, self.results[0].type
        if base.layout is not None:
            return "'memref.view' op unsupported map for base memref type " + str(base)
        if view.layout is not None:
            return "'memref.view' op unsupported map for result memref type " + str(view)
        if base.memory_space != view.memory_space:
            return (f"different memory spaces specified for base memref type "
                    f"'{base}' and view memref type '{view}'")
        dynamic = sum(size is None for size in view.shape)
        if len(self.operands) - 2 != dynamic:
            return (f"'memref.view' op incorrect number of dynamic sizes, has "
                    f"{len(self.operands) - 2}, expected {dynamic}")
        return None

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        p.write("[")
        p.print_operand(self.operands[1])
        p.write("][")
        p.print_operands(self.operands[2:])
        p.write("]")
        self.attr_dict(p)
        self.print_types(p, [self.operands[0].type, self.results[0].type])


# --------------------------------------------------------------- transpose
@register_op
class TransposeOp(RegisteredOp):
    """`memref.transpose %m (d0, d1) -> (d1, d0) : T to U`: a view with the
    dimensions permuted; the permutation is written as a bare affine map
    (hand-written upstream)."""

    syntax_extended = True
    name = "memref.transpose"
    fold = fold_transpose
    required_properties = ("permutation",)
    traits = (Pure, ViewLikeOpInterface)
    ods_operands = (Operand("in"),)
    ods_results = (Result("result"),)
    inherent = ("permutation",)

    syntax = r"""
        memref_transpose: OP_MEMREF_TRANSPOSE VALUE_ID affine_map attr_dict? ":" type "to" type
    """

    @classmethod
    def parse(cls, t, children):
        source, result = types_of(children)
        map = next(c for c in children if isinstance(c, AffineMap))
        attrs = dict(attrs_of(children))
        attrs["permutation"] = A.AffineMapAttr(map)
        return new_op(cls.name, None, children[:1], [source], [result], attrs)

    def result_name_hints(self):
        return ["transpose"]

    def verify(self):
        map = self.properties["permutation"].value
        positions = {e.position for e in map.results if isinstance(e, AffineDimExpr)}
        if map.num_symbols or len(map.results) != map.num_dims or positions != set(
                range(map.num_dims)):
            return "'memref.transpose' op expected a permutation map"
        rank = len(self.operands[0].type.shape) if isinstance(self.operands[0].type,
                                                              T.MemRefType) else 0
        if map.num_dims != rank:
            return "'memref.transpose' op expected a permutation map of same rank as the input"
        source, result = self.operands[0].type, self.results[0].type
        if not isinstance(source, T.MemRefType) or not isinstance(result, T.MemRefType):
            return None
        found = strides_and_offset(source)
        if found is None:
            return None
        strides, offset = found
        positions = [e.position for e in map.results]
        transposed = T.MemRefType([source.shape[p] for p in positions], source.element_type,
                                  A.StridedLayoutAttr([strides[p] for p in positions], offset),
                                  source.memory_space)
        canonical = canonicalize_strided_layout(transposed)
        if canonicalize_strided_layout(result) != canonical:
            return (f"'memref.transpose' op result type '{result}' is not equivalent to the "
                    f"canonical transposed input type '{canonical}'")
        return None

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        p.write(f" {self.properties['permutation'].value}")
        p.print_optional_attr_dict(self, ("permutation",))
        self.print_types(p, [self.operands[0].type, self.results[0].type])


# -------------------------------------------------------- assume_alignment
@register_op
class AssumeAlignmentOp(RegisteredOp):
    """`%r = memref.assume_alignment %m, 16 : memref<...>`: the memref,
    known to be aligned."""

    name = "memref.assume_alignment"
    traits = (Pure, ViewLikeOpInterface)
    ods_operands = (Operand("memref"),)
    ods_results = (Result("result"),)
    inherent = ("alignment",)
    required_properties = ("alignment",)

    syntax = r"""
        memref_assume_alignment: OP_MEMREF_ASSUME_ALIGNMENT VALUE_ID "," INT attr_dict? ":" type
    """

    @classmethod
    def parse(cls, t, children):
        type = types_of(children)[0]
        attrs = dict(attrs_of(children))
        attrs["alignment"] = _i32_attr(children[1])
        return new_op(cls.name, None, children[:1], [type], [type], attrs)

    def result_name_hints(self):
        return ["assume_align"]

    def attribute_constraint_error(self):
        alignment = self.properties["alignment"]
        if not (isinstance(alignment, A.IntegerAttr) and alignment.type == T.I32
                and alignment.value > 0):
            return ("'memref.assume_alignment' op attribute 'alignment' failed to satisfy "
                    "constraint: 32-bit signless integer attribute whose value is positive")
        return None

    def verify(self):
        error = type_constraint_error(self, [
            (self.operands[0], T.MemRefType, "memref of any type values")])
        if error:
            return error
        alignment = self.properties["alignment"].value
        if alignment <= 0 or alignment & (alignment - 1):
            return "'memref.assume_alignment' op alignment must be power of 2"
        return None

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        p.write(f", {self.properties['alignment'].value}")
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.operands[0].type)


def _i32_attr(token) -> A.IntegerAttr:
    """An I32Attr written as its bare integer literal (leading zeros and
    hex allowed), refused where it does not fit 32 bits."""
    literal = LocatedInt(integer_literal(token.value), pos_of(token))
    return A.IntegerAttr(typed_integer(literal, T.I32), T.I32)
