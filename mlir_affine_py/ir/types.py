"""Builtin types (mlir/include/mlir/IR/BuiltinTypes.td) and opaque dialect types.

Types are immutable and compared structurally.  Each knows how to print itself
through a printer `p` (see `mlir_affine_py.printer.printer`; `str()` goes
through ir/printing.py) because a type may hold attributes that print as
aliases (a memref layout map).  Types without such attributes cache their
text, which is what almost every type is.
"""

from __future__ import annotations

from . import printing


class Type:
    __slots__ = ("_key", "_hash")

    # True when printing may involve attribute aliases (memref layouts).
    has_attributes = False

    def key(self) -> tuple:
        raise NotImplementedError

    def print(self, p) -> None:
        p.write(str(self))

    def __eq__(self, other) -> bool:
        return self is other or (type(self) is type(other) and self._key == other._key)

    def __hash__(self) -> int:
        return self._hash

    def _init_key(self) -> None:
        self._key = self.key()
        self._hash = hash((type(self).__name__, self._key))

    def __repr__(self) -> str:
        return f"Type({self})"

    def __str__(self) -> str:
        return printing.type_to_string(self)


class SimpleType(Type):
    """A type whose spelling is its identity: index, iN, fN, none, ..."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text
        self._init_key()

    def key(self):
        return (self.text,)

    def print(self, p) -> None:
        p.write(self.text)

    def __str__(self) -> str:
        return self.text


class IndexType(SimpleType):
    __slots__ = ()


class NoneType(SimpleType):
    __slots__ = ()


class IntegerType(SimpleType):
    """`iN`, `siN` or `uiN`; signedness is "", "s" or "u"."""

    __slots__ = ("width", "signedness")

    def __init__(self, width: int, signedness: str = ""):
        self.width = width
        self.signedness = signedness
        super().__init__(f"{signedness}i{width}")

    @property
    def is_signless(self) -> bool:
        return self.signedness == ""


FLOAT_WIDTHS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f80": 80,
                "f128": 128, "tf32": 19}


class FloatType(SimpleType):
    __slots__ = ("width",)

    def __init__(self, text: str):
        self.width = FLOAT_WIDTHS.get(text, 8)
        super().__init__(text)


class OpaqueType(SimpleType):
    """A dialect type kept verbatim, e.g. `!llvm.ptr` or `!llvm.ptr<270>`."""

    __slots__ = ()


def _print_shape(p, shape, scalable=None) -> None:
    for i, dim in enumerate(shape):
        if scalable and scalable[i]:
            p.write(f"[{dim}]x")
        else:
            p.write("?x" if dim is None else f"{dim}x")


class ShapedType(Type):
    __slots__ = ("shape", "element_type")
    shape: tuple
    element_type: Type

    @property
    def rank(self) -> int:
        return len(self.shape)

    def has_static_shape(self) -> bool:
        return None not in self.shape

    @property
    def num_elements(self) -> int:
        n = 1
        for dim in self.shape:
            n *= dim
        return n


class MemRefType(ShapedType):
    """`memref<4x?xf32, #layout, space>`; identity layouts are dropped as in MLIR."""

    __slots__ = ("layout", "memory_space", "has_attributes", "_text")

    def __init__(self, shape, element_type, layout=None, memory_space=None):
        self.shape = tuple(shape)
        self.element_type = element_type
        if layout is not None and layout.is_identity_layout(len(self.shape)):
            layout = None
        if memory_space is not None and memory_space.is_default_memory_space():
            memory_space = None
        self.layout = layout
        self.memory_space = memory_space
        self.has_attributes = layout is not None or memory_space is not None \
            or element_type.has_attributes
        self._text = None
        self._init_key()

    def key(self):
        return (self.shape, self.element_type, self.layout, self.memory_space)

    def print(self, p) -> None:
        if not self.has_attributes:
            if self._text is None:
                self._text = f"memref<{''.join('?x' if d is None else f'{d}x' for d in self.shape)}{self.element_type}>"
            p.write(self._text)
            return
        p.write("memref<")
        _print_shape(p, self.shape)
        p.print_type(self.element_type)
        if self.layout is not None:
            p.write(", ")
            p.print_attribute(self.layout)
        if self.memory_space is not None:
            p.write(", ")
            p.print_attribute(self.memory_space)
        p.write(">")


class UnrankedMemRefType(Type):
    __slots__ = ("element_type", "memory_space", "has_attributes")

    def __init__(self, element_type, memory_space=None):
        self.element_type = element_type
        if memory_space is not None and memory_space.is_default_memory_space():
            memory_space = None
        self.memory_space = memory_space
        self.has_attributes = memory_space is not None
        self._init_key()

    def key(self):
        return (self.element_type, self.memory_space)

    def print(self, p) -> None:
        p.write("memref<*x")
        p.print_type(self.element_type)
        if self.memory_space is not None:
            p.write(", ")
            p.print_attribute(self.memory_space)
        p.write(">")


class TensorType(ShapedType):
    __slots__ = ("encoding", "has_attributes")

    def __init__(self, shape, element_type, encoding=None):
        self.shape = tuple(shape)
        self.element_type = element_type
        self.encoding = encoding
        self.has_attributes = encoding is not None or element_type.has_attributes
        self._init_key()

    def key(self):
        return (self.shape, self.element_type, self.encoding)

    def print(self, p) -> None:
        p.write("tensor<")
        _print_shape(p, self.shape)
        p.print_type(self.element_type)
        if self.encoding is not None:
            p.write(", ")
            p.print_attribute(self.encoding)
        p.write(">")


class UnrankedTensorType(Type):
    __slots__ = ("element_type",)

    def __init__(self, element_type):
        self.element_type = element_type
        self._init_key()

    def key(self):
        return (self.element_type,)

    def print(self, p) -> None:
        p.write("tensor<*x")
        p.print_type(self.element_type)
        p.write(">")


class VectorType(ShapedType):
    __slots__ = ("scalable",)

    def __init__(self, shape, element_type, scalable=None):
        self.shape = tuple(shape)
        self.element_type = element_type
        self.scalable = tuple(scalable) if scalable and any(scalable) else None
        self._init_key()

    def key(self):
        return (self.shape, self.element_type, self.scalable)

    def print(self, p) -> None:
        p.write("vector<")
        _print_shape(p, self.shape, self.scalable)
        p.print_type(self.element_type)
        p.write(">")


class ComplexType(Type):
    __slots__ = ("element_type",)

    def __init__(self, element_type):
        self.element_type = element_type
        self._init_key()

    def key(self):
        return (self.element_type,)

    def print(self, p) -> None:
        p.write("complex<")
        p.print_type(self.element_type)
        p.write(">")


class TupleType(Type):
    __slots__ = ("types", "has_attributes")

    def __init__(self, types):
        self.types = tuple(types)
        self.has_attributes = any(t.has_attributes for t in self.types)
        self._init_key()

    def key(self):
        return self.types

    def print(self, p) -> None:
        p.write("tuple<")
        p.print_type_list(self.types)
        p.write(">")


class FunctionType(Type):
    __slots__ = ("inputs", "results", "has_attributes")

    def __init__(self, inputs, results):
        self.inputs = tuple(inputs)
        self.results = tuple(results)
        self.has_attributes = any(t.has_attributes for t in self.inputs + self.results)
        self._init_key()

    def key(self):
        return (self.inputs, self.results)

    def print(self, p) -> None:
        p.write("(")
        p.print_type_list(self.inputs)
        p.write(") -> ")
        p.print_result_types(self.results)


# Shared instances of the most common types.
INDEX = IndexType("index")
NONE = NoneType("none")
I1 = IntegerType(1)
I8 = IntegerType(8)
I16 = IntegerType(16)
I32 = IntegerType(32)
I64 = IntegerType(64)
F16 = FloatType("f16")
BF16 = FloatType("bf16")
F32 = FloatType("f32")
F64 = FloatType("f64")

_SIMPLE = {t.text: t for t in (INDEX, NONE, I1, I8, I16, I32, I64, F16, BF16, F32, F64)}


def simple_type(text: str) -> Type:
    """The type for a keyword spelling such as `index`, `i32`, `ui8` or `f64`."""
    known = _SIMPLE.get(text)
    if known is not None:
        return known
    made: Type
    if text[0] in "su" and text[1:2] == "i":
        made = IntegerType(int(text[2:]), text[0])
    elif text[0] == "i":
        made = IntegerType(int(text[1:]))
    else:
        made = FloatType(text)
    _SIMPLE[text] = made
    return made


def element_bytes(type: Type) -> int:
    """Storage size of one element, in bytes (8 when unknown)."""
    width = getattr(type, "width", None)
    if isinstance(type, IndexType) or not width:
        return 8
    return max(1, (width + 7) // 8)
