"""Affine expressions that simplify on construction exactly like MLIR 22.

This is a Python port of the behaviour of ``mlir/lib/IR/AffineExpr.cpp``
(``getAffineBinaryOpExpr``, ``simplifyAdd``, ``simplifyMul``,
``simplifyFloorDiv``, ``simplifyCeilDiv``, ``simplifyMod``, the ``operator``
overloads, ``getLargestKnownDivisor`` ...) and of the affine-expression part of
``mlir/lib/IR/AsmPrinter.cpp`` (``printAffineExprInternal``).

Design notes
------------
* Every expression is *interned* (like MLIR's ``StorageUniquer``): structurally
  equal trees are the same Python object.  Equality and hashing are therefore
  identity based, which is both structural and fast.  Always build expressions
  through :func:`dim`, :func:`symbol`, :func:`constant`, the operators, or the
  class constructors (which also intern); never mutate them.
* The tree *structure* matters: ``(d0 + d1) + 5`` and ``d0 + (d1 + 5)`` print
  identically but are different objects, exactly as in MLIR.
* Constant arithmetic mimics C++ ``int64_t``: constant folding is refused on
  overflow where MLIR 22 checks it, and wraps (two's complement) where MLIR
  does plain ``int64_t`` arithmetic (verified against ``mlir-opt`` 22).
* Behaviour newer than most published copies of AffineExpr.cpp, confirmed
  against ``mlir-opt`` 22: division by *negative* constants folds like by
  positive ones; new add/mul nodes order dim/symbol leaf operands
  (``d1 + d0`` -> ``d0 + d1``, llvm PR 146895); ``simplifyAdd`` retries
  ``(a + b) + (e floordiv q) * k`` as ``a + (b + ...)`` (llvm PR 146492) and
  only forms ``expr mod c`` for a positive constant ``c``.
"""

from __future__ import annotations

from math import gcd as _gcd
from operator import index as _operator_index
from typing import Callable, Iterator, Optional, Sequence, Union

__all__ = [
    "AffineExpr", "AffineDimExpr", "AffineSymbolExpr", "AffineConstantExpr",
    "AffineBinaryOpExpr", "ADD", "MUL", "MOD", "FLOORDIV", "CEILDIV",
    "dim", "symbol", "constant", "get_affine_binary_op_expr", "print_affine_expr",
    "simplify_add", "simplify_mul", "simplify_floor_div", "simplify_ceil_div", "simplify_mod",
]

ADD = "add"
MUL = "mul"
MOD = "mod"
FLOORDIV = "floordiv"
CEILDIV = "ceildiv"
_BINARY_KINDS = (ADD, MUL, MOD, FLOORDIV, CEILDIV)
_CANONICAL_KIND = {k: k for k in _BINARY_KINDS}

_INT64_MIN = -(1 << 63)
_INT64_MAX = (1 << 63) - 1
_MASK64 = (1 << 64) - 1

ExprLike = Union["AffineExpr", int]


def _wrap(v: int) -> int:
    """Wrap ``v`` to a two's complement int64 (C++ ``int64_t`` arithmetic)."""
    if _INT64_MIN <= v <= _INT64_MAX:
        return v
    v &= _MASK64
    return v - (1 << 64) if v > _INT64_MAX else v


def _fits(v: int) -> bool:
    return _INT64_MIN <= v <= _INT64_MAX


def _gcd64(a: int, b: int) -> int:
    """``std::gcd((uint64_t)a, (uint64_t)b)`` converted back to ``int64_t``."""
    return _wrap(_gcd(a & _MASK64, b & _MASK64))


def _ceil_div(lhs: int, rhs: int) -> int:
    return -((-lhs) // rhs)


def _divide_would_overflow(lhs: int, rhs: int) -> bool:
    return lhs == _INT64_MIN and rhs == -1


# Interning tables (never cleared, as MLIR's uniquer).
_DIMS: list = []
_SYMS: list = []
_CONSTS: dict = {}
_BINARIES: dict = {}

_setattr = object.__setattr__


def _coerce(value) -> "AffineExpr":
    expr = _as_expr(value)
    if expr is None:
        raise TypeError(f"expected an AffineExpr or int, got {value!r}")
    return expr


def _as_expr(value) -> "Optional[AffineExpr]":
    """Coerce an ``int`` (or integer-like) operand to an affine constant."""
    if type(value) is int:
        return constant(value)
    if isinstance(value, AffineExpr):
        return value
    if isinstance(value, bool):
        return None
    try:
        return constant(_operator_index(value))
    except TypeError:
        return None


class AffineExpr:
    """Base class of all affine expressions (immutable, interned, hashable).

    Mirrors ``mlir::AffineExpr`` from ``mlir/include/mlir/IR/AffineExpr.h`` /
    ``mlir/lib/IR/AffineExpr.cpp``.  The arithmetic operators simplify on
    construction exactly like MLIR's ``operator+``/``*``/``%``, ``floorDiv``
    and ``ceilDiv``.
    """

    __slots__ = ("_symconst",)
    kind: str
    _symconst: bool

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    # Equality/hash are inherited from ``object`` (identity); interning makes
    # identity equal to structural equality.

    # --- operators (AffineExpr.cpp: operator+, operator*, operator-, ...) ---
    # Integer operands become constants; ``int OP expr`` follows the C++ free
    # operators in mlir/IR/AffineExpr.h (``val + e`` is ``e + val`` etc.).
    def __add__(self, other: ExprLike) -> "AffineExpr":
        expr = _as_expr(other)
        return NotImplemented if expr is None else _add(self, expr)

    def __radd__(self, other: int) -> "AffineExpr":
        expr = _as_expr(other)
        return NotImplemented if expr is None else _add(self, expr)

    def __mul__(self, other: ExprLike) -> "AffineExpr":
        expr = _as_expr(other)
        return NotImplemented if expr is None else _mul(self, expr)

    def __rmul__(self, other: int) -> "AffineExpr":
        expr = _as_expr(other)
        return NotImplemented if expr is None else _mul(self, expr)

    def __neg__(self) -> "AffineExpr":
        # AffineExpr::operator-() is `*this * -1`.
        return _mul(self, _MINUS_ONE)

    def __sub__(self, other: ExprLike) -> "AffineExpr":
        # operator-(AffineExpr o) is `*this + (-o)`; operator-(int64_t v) is
        # `*this + (-v)` (negated in int64 arithmetic).
        if type(other) is int:
            return _add(self, constant(_wrap(-other)))
        expr = _as_expr(other)
        if expr is None:
            return NotImplemented
        return _add(self, _mul(expr, _MINUS_ONE))

    def __rsub__(self, other: int) -> "AffineExpr":
        # operator-(int64_t val, AffineExpr e) is `e * -1 + val`.
        expr = _as_expr(other)
        if expr is None:
            return NotImplemented
        return _add(_mul(self, _MINUS_ONE), expr)

    def floordiv(self, other: ExprLike) -> "AffineExpr":
        """``AffineExpr::floorDiv``."""
        return _floordiv(self, _coerce(other))

    def ceildiv(self, other: ExprLike) -> "AffineExpr":
        """``AffineExpr::ceilDiv``."""
        return _ceildiv(self, _coerce(other))

    def mod(self, other: ExprLike) -> "AffineExpr":
        """``AffineExpr::operator%``."""
        return _modexpr(self, _coerce(other))

    def __floordiv__(self, other: ExprLike) -> "AffineExpr":
        expr = _as_expr(other)
        return NotImplemented if expr is None else _floordiv(self, expr)

    def __rfloordiv__(self, other: int) -> "AffineExpr":
        expr = _as_expr(other)
        return NotImplemented if expr is None else _floordiv(expr, self)

    def __mod__(self, other: ExprLike) -> "AffineExpr":
        expr = _as_expr(other)
        return NotImplemented if expr is None else _modexpr(self, expr)

    def __rmod__(self, other: int) -> "AffineExpr":
        expr = _as_expr(other)
        return NotImplemented if expr is None else _modexpr(expr, self)

    # --- queries -----------------------------------------------------------
    def is_symbolic_or_constant(self) -> bool:
        """``AffineExpr::isSymbolicOrConstant``: no dimension appears."""
        return self._symconst

    def is_pure_affine(self) -> bool:
        """``AffineExpr::isPureAffine``: mul/div/mod only by constants."""
        return True

    def get_largest_known_divisor(self) -> int:
        """``AffineExpr::getLargestKnownDivisor``."""
        return 1

    def is_multiple_of(self, factor: int) -> bool:
        """``AffineExpr::isMultipleOf``."""
        return factor * factor == 1

    def is_function_of_dim(self, position: int) -> bool:
        """``AffineExpr::isFunctionOfDim``."""
        return False

    def is_function_of_symbol(self, position: int) -> bool:
        """``AffineExpr::isFunctionOfSymbol``."""
        return False

    def evaluate(self, dims: Sequence[int], syms: Sequence[int]) -> int:
        """Evaluate with MLIR semantics (floordiv/ceildiv round toward
        -inf/+inf, ``mod`` result has the sign of the divisor, i.e. is
        non-negative for the positive divisors MLIR supports)."""
        raise NotImplementedError

    def replace_dims_and_symbols(
        self, dims: Sequence["AffineExpr"], syms: Sequence["AffineExpr"]
    ) -> "AffineExpr":
        """``AffineExpr::replaceDimsAndSymbols``: substitutes dims/symbols
        (positions past the end of the lists are kept) and re-simplifies the
        rebuilt nodes through ``getAffineBinaryOpExpr``."""
        return self

    def replace_dims(self, dims: Sequence["AffineExpr"]) -> "AffineExpr":
        return self.replace_dims_and_symbols(dims, ())

    def replace_symbols(self, syms: Sequence["AffineExpr"]) -> "AffineExpr":
        return self.replace_dims_and_symbols((), syms)

    def replace(self, mapping: dict) -> "AffineExpr":
        """Sparse ``AffineExpr::replace(DenseMap)``."""
        return mapping.get(self, self)

    def shift_dims(self, num_dims: int, shift: int, offset: int = 0) -> "AffineExpr":
        """``AffineExpr::shiftDims``: d[offset..num_dims) -> d[i + shift]."""
        dims = [dim(i) for i in range(offset)]
        dims += [dim(i + shift) for i in range(offset, num_dims)]
        return self.replace_dims_and_symbols(dims, ())

    def shift_symbols(self, num_symbols: int, shift: int, offset: int = 0) -> "AffineExpr":
        """``AffineExpr::shiftSymbols``."""
        syms = [symbol(i) for i in range(offset)]
        syms += [symbol(i + shift) for i in range(offset, num_symbols)]
        return self.replace_dims_and_symbols((), syms)

    def compose(self, amap) -> "AffineExpr":
        """``AffineExpr::compose(AffineMap)``: replace dims by map results."""
        return self.replace_dims_and_symbols(list(amap.results), ())

    def walk(self) -> Iterator["AffineExpr"]:
        """Yield all subexpressions in post-order (``AffineExpr::walk``)."""
        yield self

    def __str__(self) -> str:
        return print_affine_expr(self)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {print_affine_expr(self)}>"


class AffineDimExpr(AffineExpr):
    """A dimensional identifier ``d<position>`` (``mlir::AffineDimExpr``)."""

    __slots__ = ("position",)
    position: int
    kind = "dim"

    def __new__(cls, position: int) -> "AffineDimExpr":
        return dim(position)

    def __reduce__(self):
        return (dim, (self.position,))

    def evaluate(self, dims, syms):
        return dims[self.position]

    def replace_dims_and_symbols(self, dims, syms):
        return dims[self.position] if self.position < len(dims) else self

    def is_function_of_dim(self, position):
        return self.position == position


class AffineSymbolExpr(AffineExpr):
    """A symbolic identifier ``s<position>`` (``mlir::AffineSymbolExpr``)."""

    __slots__ = ("position",)
    position: int
    kind = "symbol"

    def __new__(cls, position: int) -> "AffineSymbolExpr":
        return symbol(position)

    def __reduce__(self):
        return (symbol, (self.position,))

    def evaluate(self, dims, syms):
        return syms[self.position]

    def replace_dims_and_symbols(self, dims, syms):
        return syms[self.position] if self.position < len(syms) else self

    def is_function_of_symbol(self, position):
        return self.position == position


class AffineConstantExpr(AffineExpr):
    """An integer constant (``mlir::AffineConstantExpr``)."""

    __slots__ = ("value",)
    value: int
    kind = "constant"

    def __new__(cls, value: int) -> "AffineConstantExpr":
        return constant(value)

    def __reduce__(self):
        return (constant, (self.value,))

    def evaluate(self, dims, syms):
        return self.value

    def get_largest_known_divisor(self):
        return _wrap(abs(self.value))

    def is_multiple_of(self, factor):
        return self.value % factor == 0


class AffineBinaryOpExpr(AffineExpr):
    """A binary node ``lhs <kind> rhs`` (``mlir::AffineBinaryOpExpr``).

    Calling the class directly interns the node *without* simplification
    (like ``StorageUniquer::get``); use the operators or
    :func:`get_affine_binary_op_expr` to get MLIR's simplifying behaviour.
    """

    __slots__ = ("kind", "lhs", "rhs", "_divisor")
    lhs: AffineExpr
    rhs: AffineExpr
    _divisor: int | None

    def __new__(cls, kind: str, lhs: AffineExpr, rhs: AffineExpr):
        if kind not in _BINARY_KINDS:
            raise ValueError(f"unknown affine binary op kind {kind!r}")
        return _get_binary(kind, lhs, rhs)

    def __reduce__(self):  # rebuilds the exact (unsimplified) tree
        return (AffineBinaryOpExpr, (self.kind, self.lhs, self.rhs))

    def evaluate(self, dims, syms):
        lhs = self.lhs.evaluate(dims, syms)
        rhs = self.rhs.evaluate(dims, syms)
        kind = self.kind
        if kind is ADD:
            return lhs + rhs
        if kind is MUL:
            return lhs * rhs
        if kind is FLOORDIV:
            return lhs // rhs
        if kind is CEILDIV:
            return _ceil_div(lhs, rhs)
        return lhs % rhs  # sign of the divisor, as MLIR `mod` for rhs > 0

    def replace_dims_and_symbols(self, dims, syms):
        lhs, rhs = self.lhs, self.rhs
        new_lhs = lhs.replace_dims_and_symbols(dims, syms)
        new_rhs = rhs.replace_dims_and_symbols(dims, syms)
        if new_lhs is lhs and new_rhs is rhs:
            return self
        return get_affine_binary_op_expr(self.kind, new_lhs, new_rhs)

    def replace(self, mapping):
        found = mapping.get(self)
        if found is not None:
            return found
        lhs, rhs = self.lhs, self.rhs
        new_lhs, new_rhs = lhs.replace(mapping), rhs.replace(mapping)
        if new_lhs is lhs and new_rhs is rhs:
            return self
        return get_affine_binary_op_expr(self.kind, new_lhs, new_rhs)

    def is_pure_affine(self):
        kind, lhs, rhs = self.kind, self.lhs, self.rhs
        if kind is ADD:
            return lhs.is_pure_affine() and rhs.is_pure_affine()
        if kind is MUL:
            return (lhs.is_pure_affine() and rhs.is_pure_affine()
                    and (type(lhs) is AffineConstantExpr or type(rhs) is AffineConstantExpr))
        return lhs.is_pure_affine() and type(rhs) is AffineConstantExpr

    def get_largest_known_divisor(self):
        div = self._divisor
        if div is None:
            div = _largest_known_divisor(self)
            _setattr(self, "_divisor", div)
        return div

    def is_multiple_of(self, factor):
        lhs_div = self.lhs.get_largest_known_divisor()
        rhs_div = self.rhs.get_largest_known_divisor()
        if self.kind is MUL:
            return any(v % factor == 0 for v in (lhs_div, rhs_div, _wrap(lhs_div * rhs_div)))
        return _gcd64(lhs_div, rhs_div) % factor == 0

    def is_function_of_dim(self, position):
        return self.lhs.is_function_of_dim(position) or self.rhs.is_function_of_dim(position)

    def is_function_of_symbol(self, position):
        return self.lhs.is_function_of_symbol(position) or self.rhs.is_function_of_symbol(position)

    def walk(self):
        yield from self.lhs.walk()
        yield from self.rhs.walk()
        yield self


def _largest_known_divisor(expr: AffineBinaryOpExpr) -> int:
    """``AffineExpr::getLargestKnownDivisor`` for binary nodes."""
    kind = expr.kind
    if kind is MUL or kind is ADD or kind is MOD:
        lhs_div = expr.lhs.get_largest_known_divisor()
        rhs_div = expr.rhs.get_largest_known_divisor()
        return _wrap(lhs_div * rhs_div) if kind is MUL else _gcd64(lhs_div, rhs_div)
    # FloorDiv / CeilDiv: if the constant RHS divides the LHS divisor, the
    # quotient is a known divisor (made non-negative, see MLIR's
    # divisorOfNegativeFloorDiv unit test).
    rhs = expr.rhs
    if type(rhs) is AffineConstantExpr and rhs.value != 0:
        lhs_div = expr.lhs.get_largest_known_divisor()
        if lhs_div % rhs.value == 0:
            return _wrap(abs(lhs_div // rhs.value))
    return 1


# --- constructors ---------------------------------------------------------


def _leaf(table: list, cls, position: int, symconst: bool):
    if position < 0:
        raise ValueError(f"{cls.kind} position must be non-negative")
    while len(table) <= position:
        e = object.__new__(cls)
        _setattr(e, "position", len(table))
        _setattr(e, "_symconst", symconst)
        table.append(e)
    return table[position]


def dim(position: int) -> AffineDimExpr:
    """``getAffineDimExpr(position)`` (interned)."""
    if 0 <= position < len(_DIMS):
        return _DIMS[position]
    return _leaf(_DIMS, AffineDimExpr, position, False)


def symbol(position: int) -> AffineSymbolExpr:
    """``getAffineSymbolExpr(position)`` (interned)."""
    if 0 <= position < len(_SYMS):
        return _SYMS[position]
    return _leaf(_SYMS, AffineSymbolExpr, position, True)


def constant(value: int) -> AffineConstantExpr:
    """``getAffineConstantExpr(value)`` (interned)."""
    e = _CONSTS.get(value)
    if e is None:
        if type(value) is not int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"affine constant must be an int, got {value!r}")
            return constant(int(value))
        e = object.__new__(AffineConstantExpr)
        _setattr(e, "value", value)
        _setattr(e, "_symconst", True)
        _CONSTS[value] = e
    return e


def _get_binary(kind: str, lhs: AffineExpr, rhs: AffineExpr) -> AffineBinaryOpExpr:
    """Uniqued storage of a binary node, no simplification."""
    key = (kind, lhs, rhs)
    e = _BINARIES.get(key)
    if e is None:
        if not isinstance(lhs, AffineExpr) or not isinstance(rhs, AffineExpr):
            raise TypeError("operands of an affine binary op must be AffineExpr")
        kind = _CANONICAL_KIND[kind]  # so that kinds compare with `is`
        e = object.__new__(AffineBinaryOpExpr)
        _setattr(e, "kind", kind)
        _setattr(e, "lhs", lhs)
        _setattr(e, "rhs", rhs)
        _setattr(e, "_symconst", lhs._symconst and rhs._symconst)
        _setattr(e, "_divisor", None)
        _BINARIES[key] = e
    return e


_MINUS_ONE = constant(-1)
_ZERO = constant(0)
for _i in range(-16, 257):
    constant(_i)
dim(15)
symbol(15)


def get_affine_binary_op_expr(kind: str, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    """``getAffineBinaryOpExpr``: dispatch to the simplifying constructors."""
    if kind == ADD:
        return _add(lhs, rhs)
    if kind == MUL:
        return _mul(lhs, rhs)
    if kind == FLOORDIV:
        return _floordiv(lhs, rhs)
    if kind == CEILDIV:
        return _ceildiv(lhs, rhs)
    if kind == MOD:
        return _modexpr(lhs, rhs)
    raise ValueError(f"unknown affine binary op kind {kind!r}")


# --- simplification (AffineExpr.cpp) ----------------------------------------

# The simplifiers test `type(e) is _Const` once, into a flag, and read
# `.value` under it: the checker does not follow such flags, hence the
# `type: ignore[attr-defined]` on those reads.
_Const = AffineConstantExpr
_Bin = AffineBinaryOpExpr


def simplify_add(lhs: AffineExpr, rhs: AffineExpr) -> Optional[AffineExpr]:
    """``simplifyAdd``; returns ``None`` when no simplification applies."""
    lhs_const = type(lhs) is _Const
    rhs_const = type(rhs) is _Const
    # Fold if both are constants and the sum does not overflow.
    if lhs_const and rhs_const:
        total = lhs.value + rhs.value  # type: ignore[attr-defined]
        return constant(total) if _fits(total) else None

    # Canonicalize so that only the RHS is a constant (4 + d0 -> d0 + 4); if
    # only one side is symbolic, make it the RHS.
    if lhs_const or (lhs._symconst and not rhs._symconst):
        return _add(rhs, lhs)

    if rhs_const and rhs.value == 0:  # type: ignore[attr-defined]
        return lhs

    lbin = lhs if type(lhs) is _Bin else None
    # Fold successive additions like (d0 + 2) + 3 into d0 + 5.
    if lbin is not None and rhs_const and lbin.kind is ADD:
        lrhs = lbin.rhs
        if type(lrhs) is _Const:
            return _add(lbin.lhs, constant(_wrap(lrhs.value + rhs.value)))  # type: ignore[attr-defined]

    # Detect "c1 * expr + c2 * expr" as "(c1 + c2) * expr".
    if lbin is not None and lbin.kind is MUL and type(lbin.rhs) is _Const:
        lhs_coeff, first = lbin.rhs.value, lbin.lhs
    else:
        lhs_coeff, first = 1, lhs
    rbin = rhs if type(rhs) is _Bin else None
    if rbin is not None and rbin.kind is MUL and type(rbin.rhs) is _Const:
        rhs_coeff, second = rbin.rhs.value, rbin.lhs
    else:
        rhs_coeff, second = 1, rhs
    if first is second:
        return _mul(first, constant(_wrap(lhs_coeff + rhs_coeff)))

    # Bring constants to the right: (d0 + 2) + d1 -> (d0 + d1) + 2.
    if lbin is not None and lbin.kind is ADD and type(lbin.rhs) is _Const:
        return _add(_add(lbin.lhs, rhs), lbin.rhs)

    # Detect "expr - q * (expr floordiv q)" and turn it into "expr mod q".
    if rbin is None:
        return None
    lrhs, rrhs = rbin.lhs, rbin.rhs
    # Case '((expr floordiv q) * q) * -1' for a symbolic q.
    if (
        type(rrhs) is _Const
        and rrhs.value == -1
        and type(lrhs) is _Bin
        and lrhs.kind is MUL
    ):
        llrhs, rlrhs = lrhs.lhs, lrhs.rhs
        if type(llrhs) is not _Bin or llrhs.kind is not FLOORDIV:
            return None
        if llrhs.rhs is rlrhs and lhs is llrhs.lhs:
            return _modexpr(lhs, rlrhs)

    # Case '(expr floordiv c) * (-c)' with a positive constant c.
    if type(lrhs) is not _Bin or rbin.kind is not MUL or lrhs.kind is not FLOORDIV:
        return None
    llrhs, rlrhs = lrhs.lhs, lrhs.rhs
    if (
        type(rlrhs) is _Const
        and rlrhs.value > 0
        and lhs is llrhs
        and rlrhs is _mul(rrhs, _MINUS_ONE)
    ):
        return _modexpr(lhs, rlrhs)

    # (e1 + e2) + (e floordiv c) * k: retry with e2 alone, so that e.g.
    # (s0 + s1) + (s1 floordiv c) * -c becomes s0 + s1 mod c (llvm PR 146492).
    # Any successful simplification of `e2 + rhs` is taken, including a mere
    # reordering of the operands.
    if lbin is not None and lbin.kind is ADD:
        inner = simplify_add(lbin.rhs, rhs)
        if inner is not None:
            return _add(lbin.lhs, inner)
    return None


def simplify_mul(lhs: AffineExpr, rhs: AffineExpr) -> Optional[AffineExpr]:
    """``simplifyMul``; returns ``None`` when no simplification applies."""
    lhs_const = type(lhs) is _Const
    rhs_const = type(rhs) is _Const
    if lhs_const and rhs_const:
        product = lhs.value * rhs.value  # type: ignore[attr-defined]
        return constant(product) if _fits(product) else None

    if not lhs._symconst and not rhs._symconst:
        return None  # Non-affine d * d product: kept as is.

    # Canonicalize so that the constant/symbolic factor is the RHS.
    if not rhs._symconst or lhs_const:
        return _mul(rhs, lhs)

    if rhs_const:
        if rhs.value == 1:  # type: ignore[attr-defined]
            return lhs
        if rhs.value == 0:  # type: ignore[attr-defined]
            return rhs

    if type(lhs) is _Bin and lhs.kind is MUL:
        lrhs = lhs.rhs
        if type(lrhs) is _Const:
            # Fold successive multiplications: (d0 * 2) * 3 -> d0 * 6.
            if rhs_const:
                return _mul(lhs.lhs, constant(_wrap(lrhs.value * rhs.value)))  # type: ignore[attr-defined]
            # Bring the constant to the right: (d0 * 2) * d1 -> (d0 * d1) * 2.
            return _mul(_mul(lhs.lhs, rhs), lrhs)
    return None


def simplify_floor_div(lhs: AffineExpr, rhs: AffineExpr) -> Optional[AffineExpr]:
    """``simplifyFloorDiv``; returns ``None`` when no simplification applies."""
    if type(rhs) is not _Const or rhs.value == 0:
        return None
    divisor = rhs.value
    if type(lhs) is _Const:
        if _divide_would_overflow(lhs.value, divisor):
            return None
        return constant(lhs.value // divisor)
    if divisor == 1:
        return lhs
    if type(lhs) is _Bin:
        # (expr * c) floordiv d when d divides c.
        if lhs.kind is MUL and type(lhs.rhs) is _Const:
            if lhs.rhs.value % divisor == 0:
                return _mul(lhs.lhs, constant(_wrap(lhs.rhs.value // divisor)))
        # (e1 + e2) floordiv d when d divides e1 or e2.
        if lhs.kind is ADD:
            llhs_div = lhs.lhs.get_largest_known_divisor()
            lrhs_div = lhs.rhs.get_largest_known_divisor()
            if llhs_div % divisor == 0 or lrhs_div % divisor == 0:
                return _add(_floordiv(lhs.lhs, rhs), _floordiv(lhs.rhs, rhs))
    return None


def simplify_ceil_div(lhs: AffineExpr, rhs: AffineExpr) -> Optional[AffineExpr]:
    """``simplifyCeilDiv``; returns ``None`` when no simplification applies."""
    if type(rhs) is not _Const or rhs.value == 0:
        return None
    divisor = rhs.value
    if type(lhs) is _Const:
        if _divide_would_overflow(lhs.value, divisor):
            return None
        return constant(_ceil_div(lhs.value, divisor))
    if divisor == 1:
        return lhs
    # (expr * c) ceildiv d when d divides c.
    if type(lhs) is _Bin and lhs.kind is MUL and type(lhs.rhs) is _Const:
        if lhs.rhs.value % divisor == 0:
            return _mul(lhs.lhs, constant(_wrap(lhs.rhs.value // divisor)))
    return None


def simplify_mod(lhs: AffineExpr, rhs: AffineExpr) -> Optional[AffineExpr]:
    """``simplifyMod``; returns ``None`` when no simplification applies."""
    # mod by zero or a negative number is undefined and preserved as is.
    if type(rhs) is not _Const or rhs.value < 1:
        return None
    modulus = rhs.value
    if type(lhs) is _Const:
        return constant(lhs.value % modulus)
    # Fold to zero if the LHS is known to be a multiple of the modulus.
    if lhs.get_largest_known_divisor() % modulus == 0:
        return _ZERO
    if type(lhs) is _Bin:
        # (e1 + e2) mod c when c divides e1 or e2.
        if lhs.kind is ADD:
            if lhs.lhs.get_largest_known_divisor() % modulus == 0:
                return _modexpr(lhs.rhs, rhs)
            if lhs.rhs.get_largest_known_divisor() % modulus == 0:
                return _modexpr(lhs.lhs, rhs)
        # (e mod a) mod b -> e mod b when b divides a.
        elif lhs.kind is MOD:
            inner = lhs.rhs
            if type(inner) is _Const and inner.value >= 1:
                if inner.value % modulus == 0:
                    return _modexpr(lhs.lhs, rhs)
    return None


def _order_commutative_args(lhs: AffineExpr, rhs: AffineExpr) -> tuple:
    """Operand order for a new add/mul node (llvm PR 146895, MLIR >= 21).

    Only leaf pairs are reordered: dims before symbols, then by position,
    so ``d1 + d0`` is stored as ``d0 + d1`` and ``s1 * s0`` as ``s0 * s1``.
    """
    tl, tr = type(lhs), type(rhs)
    if tl is tr:
        if (tl is AffineDimExpr or tl is AffineSymbolExpr) and rhs.position < lhs.position:  # type: ignore[attr-defined]
            return rhs, lhs
    elif tl is AffineSymbolExpr and tr is AffineDimExpr:
        return rhs, lhs
    return lhs, rhs


def _add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    """``AffineExpr::operator+(AffineExpr)``."""
    simplified = simplify_add(lhs, rhs)
    if simplified is not None:
        return simplified
    return _get_binary(ADD, *_order_commutative_args(lhs, rhs))


def _mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    """``AffineExpr::operator*(AffineExpr)``."""
    simplified = simplify_mul(lhs, rhs)
    if simplified is not None:
        return simplified
    return _get_binary(MUL, *_order_commutative_args(lhs, rhs))


def _floordiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    """``AffineExpr::floorDiv(AffineExpr)``."""
    simplified = simplify_floor_div(lhs, rhs)
    return _get_binary(FLOORDIV, lhs, rhs) if simplified is None else simplified


def _ceildiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    """``AffineExpr::ceilDiv(AffineExpr)``."""
    simplified = simplify_ceil_div(lhs, rhs)
    return _get_binary(CEILDIV, lhs, rhs) if simplified is None else simplified


def _modexpr(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    """``AffineExpr::operator%(AffineExpr)``."""
    simplified = simplify_mod(lhs, rhs)
    return _get_binary(MOD, lhs, rhs) if simplified is None else simplified


# --- printing (AsmPrinter.cpp: printAffineExprInternal) ----------------------

_SPELLING = {MUL: " * ", FLOORDIV: " floordiv ", CEILDIV: " ceildiv ", MOD: " mod "}

NameFn = Optional[Callable[[int], str]]


def print_affine_expr(expr: AffineExpr, dim_name: NameFn = None, sym_name: NameFn = None) -> str:
    """Print ``expr`` exactly like MLIR's ``AsmPrinter::printAffineExpr``.

    ``dim_name``/``sym_name`` optionally map a position to the text printed
    for that dimension/symbol (e.g. ``"%arg1"`` or ``"symbol(%n)"`` inside
    ``affine.load`` subscripts); the default is ``d<i>``/``s<i>``.
    """
    out: list = []
    _print_internal(expr, False, out, dim_name, sym_name)
    return "".join(out)


def _print_internal(expr, strong: bool, out: list, dim_name: NameFn, sym_name: NameFn) -> None:
    """``printAffineExprInternal``; ``strong`` is the enclosing tightness
    (``+``/``-`` bind weakly, every other operator strongly)."""
    t = type(expr)
    if t is AffineDimExpr:
        out.append(dim_name(expr.position) if dim_name else f"d{expr.position}")
        return
    if t is AffineSymbolExpr:
        out.append(sym_name(expr.position) if sym_name else f"s{expr.position}")
        return
    if t is AffineConstantExpr:
        out.append(str(expr.value))
        return

    kind, lhs, rhs = expr.kind, expr.lhs, expr.rhs
    if strong:
        out.append("(")
    if kind is not ADD:
        if kind is MUL and rhs is _MINUS_ONE:  # "x * -1" prints as "-x"
            out.append("-")
            _print_internal(lhs, True, out, dim_name, sym_name)
        else:
            _print_internal(lhs, True, out, dim_name, sym_name)
            out.append(_SPELLING[kind])
            _print_internal(rhs, True, out, dim_name, sym_name)
    elif (
        type(rhs) is _Bin and rhs.kind is MUL and type(rhs.rhs) is _Const and rhs.rhs.value <= -1
    ):
        # "x + y * -1" prints as "x - y" and "x + y * -c" as "x - y * c".
        _print_internal(lhs, False, out, dim_name, sym_name)
        out.append(" - ")
        rlhs, coeff = rhs.lhs, rhs.rhs.value
        if coeff == -1:
            rlhs_is_add = type(rlhs) is _Bin and rlhs.kind is ADD
            _print_internal(rlhs, rlhs_is_add, out, dim_name, sym_name)
        else:
            _print_internal(rlhs, True, out, dim_name, sym_name)
            out.append(f" * {_wrap(-coeff)}")
    elif type(rhs) is _Const and rhs.value < 0:  # "x + -c" prints as "x - c"
        _print_internal(lhs, False, out, dim_name, sym_name)
        out.append(f" - {_wrap(-rhs.value)}")
    else:
        _print_internal(lhs, False, out, dim_name, sym_name)
        out.append(" + ")
        _print_internal(rhs, False, out, dim_name, sym_name)
    if strong:
        out.append(")")
