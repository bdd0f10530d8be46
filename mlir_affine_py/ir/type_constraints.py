"""ODS type constraints (mlir/include/mlir/IR/CommonTypeConstraints.td and
the dialects' own, such as ArithOps.td's SignlessFixedWidthIntegerLike) and
the shape compatibility rules of mlir/lib/IR/TypeUtilities.cpp.

Design notes
------------
* A constraint is a predicate on a type and the description ODS gives it:
  a value of another type is reported as mlir-opt's generated verifier
  reports it, "'arith.addi' op operand #0 must be signless-integer-like,
  but got 'f32'".  Ops attach constraints to their declared operands and
  results (`Operand("lhs", SignlessIntegerOrIndexLike)`, ir/op_definition.py).
* "Signless" excludes `si32`/`ui32`; "like" admits a vector (of any rank)
  or a tensor (ranked or not) of the element types, never a memref.
* `verify_compatible_shape` is mlir::verifyCompatibleShape: both types
  shaped or neither, an unranked side matches any rank, a dynamic size any
  size, and vectors must agree on which sizes are scalable.
"""

from __future__ import annotations

from . import types as T


class TypeConstraint:
    """A predicate on types and its ODS description.  Answers are kept per
    type (types are immutable and few): the verifier asks them of every op."""

    __slots__ = ("description", "predicate", "_answers")

    def __init__(self, description: str, predicate):
        self.description, self.predicate = description, predicate
        self._answers: dict = {}

    def __call__(self, type) -> bool:
        answer = self._answers.get(type)
        if answer is None:
            answer = self._answers[type] = bool(self.predicate(type))
        return answer

    def __repr__(self) -> str:
        return f"TypeConstraint({self.description!r})"


def element_type_or_self(type):
    """mlir::getElementTypeOrSelf."""
    if isinstance(type, (T.ShapedType, T.UnrankedTensorType, T.UnrankedMemRefType)):
        return type.element_type
    return type


def is_tensor(type) -> bool:
    return isinstance(type, (T.TensorType, T.UnrankedTensorType))


def is_memref(type) -> bool:
    return isinstance(type, (T.MemRefType, T.UnrankedMemRefType))


def is_shaped(type) -> bool:
    """ShapedType: a vector, a tensor or a memref, ranked or not."""
    return isinstance(type, (T.ShapedType, T.UnrankedTensorType, T.UnrankedMemRefType))


def is_signless_integer(type) -> bool:
    return isinstance(type, T.IntegerType) and type.is_signless


def is_signless_integer_or_index(type) -> bool:
    return isinstance(type, T.IndexType) or is_signless_integer(type)


def is_float(type) -> bool:
    return isinstance(type, T.FloatType)


def is_i1(type) -> bool:
    return type == T.I1


def like(element_predicate):
    """The predicate of ODS's `X or vector of any rank of X or tensor of X`."""
    def predicate(type) -> bool:
        if isinstance(type, T.VectorType) or is_tensor(type):
            type = type.element_type
        return element_predicate(type)
    return predicate


def like_or_memref(element_predicate):
    """`X-like or memref of X`."""
    scalar_like = like(element_predicate)

    def predicate(type) -> bool:
        if is_memref(type):
            return element_predicate(type.element_type)
        return scalar_like(type)
    return predicate


AnyType = TypeConstraint("any type", lambda type: True)
Index = TypeConstraint("index", lambda type: isinstance(type, T.IndexType))
SignlessIntegerOrIndexLike = TypeConstraint("signless-integer-like",
                                            like(is_signless_integer_or_index))
SignlessFixedWidthIntegerLike = TypeConstraint("signless-fixed-width-integer-like",
                                               like(is_signless_integer))
FloatLike = TypeConstraint("floating-point-like", like(is_float))
BoolLike = TypeConstraint("bool-like", like(is_i1))
IndexCastType = TypeConstraint("signless-integer-like or memref of signless-integer",
                               like_or_memref(is_signless_integer_or_index))
BitcastType = TypeConstraint(
    "signless-integer-or-float-like or memref of signless-integer or float",
    like_or_memref(lambda type: is_signless_integer(type) or is_float(type)))
I1 = TypeConstraint("1-bit signless integer", is_i1)
AnyMemRef = TypeConstraint("memref of any type values",
                           lambda type: isinstance(type, T.MemRefType))
AnyRankedOrUnrankedMemRef = TypeConstraint(
    "ranked or unranked memref of any type values",
    lambda type: isinstance(type, (T.MemRefType, T.UnrankedMemRefType)))
AnyTensor = TypeConstraint("tensor of any type values", is_tensor)
AnyRankedTensor = TypeConstraint("ranked tensor of any type values",
                                 lambda type: isinstance(type, T.TensorType))
AnyStaticShapeTensor = TypeConstraint(
    "statically shaped tensor of any type values",
    lambda type: isinstance(type, T.TensorType) and None not in type.shape)
AnyNon0RankedOrUnrankedTensor = TypeConstraint(
    "non-0-ranked or unranked tensor",
    lambda type: isinstance(type, T.UnrankedTensorType)
    or isinstance(type, T.TensorType) and type.rank > 0)
AnyVector = TypeConstraint("vector of any type values",
                           lambda type: isinstance(type, T.VectorType))
AnyFixedVector = TypeConstraint(
    "fixed-length vector of any type values",
    lambda type: isinstance(type, T.VectorType) and type.scalable is None)
VectorOfI1 = TypeConstraint(
    "vector of 1-bit signless integer values",
    lambda type: isinstance(type, T.VectorType) and is_i1(type.element_type))
VectorOfIndexRank1 = TypeConstraint(
    "vector of index values of ranks 1",
    lambda type: isinstance(type, T.VectorType) and type.rank == 1
    and isinstance(type.element_type, T.IndexType))
MEMREF_1D_OF_I8 = TypeConstraint(
    "1D memref of 8-bit signless integer values",
    lambda type: isinstance(type, T.MemRefType) and type.rank == 1
    and type.element_type == T.IntegerType(8))
AnyShaped = TypeConstraint("shaped of any type values", is_shaped)
TENSOR_1D_OF_INTEGER_OR_INDEX = TypeConstraint(
    "1D tensor of signless integer or index values",
    lambda type: isinstance(type, T.TensorType) and type.rank == 1
    and is_signless_integer_or_index(type.element_type))
FunctionType = TypeConstraint("function type", lambda type: isinstance(type, T.FunctionType))
NON_0_RANKED_OR_UNRANKED_MEMREF = TypeConstraint(
    "unranked.memref of any type values or non-0-ranked.memref of any type values",
    lambda type: isinstance(type, T.UnrankedMemRefType)
    or isinstance(type, T.MemRefType) and type.rank > 0)


# ------------------------------------------------------------------ shapes
def _ranked_shape(type):
    """The shape of a ranked shaped type, else None."""
    return type.shape if isinstance(type, T.ShapedType) else None


def verify_compatible_shape(a, b) -> bool:
    """mlir::verifyCompatibleShape(Type, Type)."""
    if not is_shaped(a) or not is_shaped(b):
        return not is_shaped(a) and not is_shaped(b)
    shape_a, shape_b = _ranked_shape(a), _ranked_shape(b)
    if shape_a is None or shape_b is None:
        return True
    if len(shape_a) != len(shape_b):
        return False
    if isinstance(a, T.VectorType) and isinstance(b, T.VectorType) \
            and _scalable_dims(a) != _scalable_dims(b):
        return False
    return all(x is None or y is None or x == y for x, y in zip(shape_a, shape_b))


def _scalable_dims(vector) -> tuple:
    return tuple(bool(s) for s in vector.scalable) if vector.scalable else \
        (False,) * len(vector.shape)


def verify_compatible_shapes(types) -> bool:
    """mlir::verifyCompatibleShapes(TypeRange): the ranked ones agree in
    rank and, dimension by dimension, in their static sizes."""
    types = list(types)
    if any(is_shaped(t) for t in types) and not all(is_shaped(t) for t in types):
        return False
    ranked = [t for t in types if _ranked_shape(t) is not None]
    if not ranked:
        return True
    if len({len(t.shape) for t in ranked}) != 1:
        return False
    vectors = [t for t in ranked if isinstance(t, T.VectorType)]
    if len({_scalable_dims(v) for v in vectors}) > 1:
        return False
    for sizes in zip(*(t.shape for t in ranked)):
        static = {size for size in sizes if size is not None}
        if len(static) > 1:
            return False
    return True


def i1_same_shape(type):
    """arith's getI1SameShape: i1, or a vector or tensor of i1 of `type`'s shape."""
    if isinstance(type, T.VectorType):
        return T.VectorType(type.shape, T.I1, type.scalable)
    if isinstance(type, T.TensorType):
        return T.TensorType(type.shape, T.I1, type.encoding)
    if isinstance(type, T.UnrankedTensorType):
        return T.UnrankedTensorType(T.I1)
    return T.I1


# The constraint a buildable type implies: an operand declared `Index:$i`
# in ODS is both of type index and checked to be one.
_BUILDABLE = {T.INDEX: Index, T.I1: I1}


def buildable_type_constraint(type) -> "TypeConstraint | None":
    """The constraint of the ODS type whose buildable type is `type`, or None."""
    try:
        return _BUILDABLE.get(type)
    except TypeError:       # not a type (a variable's name, a function)
        return None
