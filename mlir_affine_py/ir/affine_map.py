"""Affine maps and integer sets, printed exactly like MLIR 22.

Ports the behaviour of ``mlir/lib/IR/AffineMap.cpp`` and
``mlir/lib/IR/IntegerSet.cpp`` (construction, queries, ``compose``,
``replaceDimsAndSymbols``) and of ``AsmPrinter::printAffineMap`` /
``printIntegerSet`` / ``printAffineConstraint`` from
``mlir/lib/IR/AsmPrinter.cpp``.

Maps and sets are immutable values with structural equality and hashing.
Their expressions are interned :class:`AffineExpr` objects (see
``affine_expr.py``), so two maps compare equal exactly when MLIR would unique
them to the same attribute.  Nothing here simplifies results: an ``AffineMap``
holds exactly the expressions it was given, as ``AffineMap::get`` does.
"""

from __future__ import annotations

from typing import Sequence

from .affine_expr import (
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineSymbolExpr,
    NameFn,
    constant,
    dim,
    print_affine_expr,
    symbol,
)

__all__ = ["AffineMap", "IntegerSet", "print_affine_map", "print_affine_constraint", "print_integer_set"]


_setattr = object.__setattr__


def _as_exprs(exprs) -> tuple:
    exprs = tuple(exprs)
    for e in exprs:
        if not isinstance(e, AffineExpr):
            break
    else:
        return exprs     # the usual case: nothing to convert
    out = []
    for e in exprs:
        if isinstance(e, AffineExpr):
            out.append(e)
        elif isinstance(e, int) and not isinstance(e, bool):
            out.append(constant(e))
        else:
            raise TypeError(f"expected an AffineExpr, got {e!r}")
    return tuple(out)


def _print_ids(num_dims: int, num_symbols: int) -> str:
    """``(d0, d1)[s0]`` header shared by maps and sets (no ``[]`` if no symbols)."""
    text = "(" + ", ".join(f"d{i}" for i in range(num_dims)) + ")"
    if num_symbols:
        text += "[" + ", ".join(f"s{i}" for i in range(num_symbols)) + "]"
    return text


class AffineMap:
    """``(d0, ..)[s0, ..] -> (results)``, mirroring ``mlir::AffineMap``."""

    __slots__ = ("num_dims", "num_symbols", "results", "_hash")
    num_dims: int
    num_symbols: int
    results: tuple[AffineExpr, ...]
    _hash: int

    def __init__(self, num_dims: int, num_symbols: int, results: Sequence[AffineExpr] = ()):
        if num_dims < 0 or num_symbols < 0:
            raise ValueError("negative number of dims or symbols")
        results = _as_exprs(results)
        _setattr(self, "num_dims", num_dims)
        _setattr(self, "num_symbols", num_symbols)
        _setattr(self, "results", results)
        _setattr(self, "_hash", hash((num_dims, num_symbols, results)))

    def __setattr__(self, name, value):
        raise AttributeError("AffineMap is immutable")

    # --- factories (AffineMap.cpp) ------------------------------------------
    @staticmethod
    def get(num_dims: int, num_symbols: int, results: Sequence[AffineExpr] = ()) -> "AffineMap":
        """``AffineMap::get``."""
        return AffineMap(num_dims, num_symbols, results)

    @staticmethod
    def get_empty() -> "AffineMap":
        """``AffineMap::get(context)``: ``() -> ()``."""
        return AffineMap(0, 0, ())

    @staticmethod
    def get_constant_map(value: int) -> "AffineMap":
        """``AffineMap::getConstantMap``: ``() -> (value)``."""
        return AffineMap(0, 0, (constant(value),))

    @staticmethod
    def get_multi_dim_identity(num_dims: int) -> "AffineMap":
        """``AffineMap::getMultiDimIdentityMap``: ``(d0, .., dn-1) -> (d0, ..)``."""
        return AffineMap(num_dims, 0, tuple(dim(i) for i in range(num_dims)))

    @staticmethod
    def get_symbol_identity() -> "AffineMap":
        """``AffineMap::getSymbolIdentityMap``: ``()[s0] -> (s0)``."""
        return AffineMap(0, 1, (symbol(0),))

    # --- value semantics ----------------------------------------------------
    def __eq__(self, other) -> bool:
        if self is other:
            return True
        if not isinstance(other, AffineMap):
            return NotImplemented
        return (
            self._hash == other._hash
            and self.num_dims == other.num_dims
            and self.num_symbols == other.num_symbols
            and self.results == other.results
        )

    def __ne__(self, other) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return print_affine_map(self)

    def __repr__(self) -> str:
        return f"AffineMap<{print_affine_map(self)}>"

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (AffineMap, (self.num_dims, self.num_symbols, self.results))

    # --- queries --------------------------------------------------------------
    @property
    def num_results(self) -> int:
        return len(self.results)

    @property
    def num_inputs(self) -> int:
        return self.num_dims + self.num_symbols

    def get_result(self, idx: int) -> AffineExpr:
        return self.results[idx]

    def is_empty(self) -> bool:
        """``AffineMap::isEmpty``: no dims, no symbols, no results."""
        return self.num_dims == 0 and self.num_symbols == 0 and not self.results

    def is_identity(self) -> bool:
        """``AffineMap::isIdentity``: results are ``d0 .. d(n-1)`` (symbols allowed)."""
        if self.num_dims != len(self.results):
            return False
        for i, expr in enumerate(self.results):
            if type(expr) is not AffineDimExpr or expr.position != i:
                return False
        return True

    def is_symbol_identity(self) -> bool:
        """``AffineMap::isSymbolIdentity``: results are ``s0 .. s(n-1)``."""
        if self.num_symbols != len(self.results):
            return False
        for i, expr in enumerate(self.results):
            if type(expr) is not AffineSymbolExpr or expr.position != i:
                return False
        return True

    def is_constant(self) -> bool:
        """``AffineMap::isConstant``: every result is a constant."""
        return all(type(e) is AffineConstantExpr for e in self.results)

    def is_single_constant(self) -> bool:
        """``AffineMap::isSingleConstant``."""
        return len(self.results) == 1 and type(self.results[0]) is AffineConstantExpr

    def get_single_constant_result(self) -> int:
        """``AffineMap::getSingleConstantResult``."""
        if not self.is_single_constant():
            raise ValueError("map must have a single constant result")
        result = self.results[0]
        assert isinstance(result, AffineConstantExpr)
        return result.value

    def get_constant_results(self) -> list:
        """``AffineMap::getConstantResults``."""
        if not self.is_constant():
            raise ValueError("map must have constant results only")
        return [e.value for e in self.results if isinstance(e, AffineConstantExpr)]

    def is_function_of_dim(self, position: int) -> bool:
        return any(e.is_function_of_dim(position) for e in self.results)

    def is_function_of_symbol(self, position: int) -> bool:
        return any(e.is_function_of_symbol(position) for e in self.results)

    def is_pure_affine(self) -> bool:
        return all(e.is_pure_affine() for e in self.results)

    def evaluate(self, dims: Sequence[int], syms: Sequence[int] = ()) -> list:
        """Evaluate all results on integer operands (MLIR semantics)."""
        return [e.evaluate(dims, syms) for e in self.results]

    # --- transformations ---------------------------------------------------
    def replace_dims_and_symbols(
        self,
        dims: Sequence[AffineExpr],
        syms: Sequence[AffineExpr],
        num_dims: int,
        num_syms: int,
    ) -> "AffineMap":
        """``AffineMap::replaceDimsAndSymbols``."""
        return AffineMap(
            num_dims,
            num_syms,
            tuple(e.replace_dims_and_symbols(dims, syms) for e in self.results),
        )

    def compose(self, other: "AffineMap") -> "AffineMap":
        """``AffineMap::compose``: ``self(other(x))``.

        ``other``'s symbols are appended after ``self``'s, as in MLIR.
        """
        if self.num_dims != len(other.results):
            raise ValueError("number of results of the inner map must match dims")
        num_dims = other.num_dims
        num_syms_this = self.num_symbols
        num_syms = num_syms_this + other.num_symbols
        new_dims = [dim(i) for i in range(num_dims)]
        new_syms = [symbol(i) for i in range(num_syms_this, num_syms)]
        new_map = other.replace_dims_and_symbols(new_dims, new_syms, num_dims, num_syms)
        inner = list(new_map.results)
        return AffineMap(
            num_dims, num_syms, tuple(e.replace_dims_and_symbols(inner, ()) for e in self.results)
        )

    def get_sub_map(self, result_pos: Sequence[int]) -> "AffineMap":
        """``AffineMap::getSubMap``."""
        return AffineMap(self.num_dims, self.num_symbols, tuple(self.results[i] for i in result_pos))

    def get_slice_map(self, start: int, length: int) -> "AffineMap":
        """``AffineMap::getSliceMap``."""
        return AffineMap(self.num_dims, self.num_symbols, self.results[start : start + length])


def remove_duplicate_exprs(amap: AffineMap) -> AffineMap:
    """removeDuplicateExprs (AffineOps.cpp): each result once, the first
    occurrence kept."""
    results: list = []
    for expr in amap.results:
        if expr not in results:
            results.append(expr)
    return AffineMap(amap.num_dims, amap.num_symbols, tuple(results))


class IntegerSet:
    """``(d0, ..)[s0, ..] : (c0 >= 0, c1 == 0, ..)``, mirroring ``mlir::IntegerSet``.

    Note: an empty constraint list prints ``()``; MLIR's parser never builds
    one (``affine_set<() : ()>`` is parsed as the "true" set ``(0 == 0)``),
    and the empty ("false") set is :meth:`get_empty_set`, ``(1 == 0)``.
    """

    __slots__ = ("num_dims", "num_symbols", "constraints", "eq_flags", "_hash")
    num_dims: int
    num_symbols: int
    constraints: tuple[AffineExpr, ...]
    eq_flags: tuple[bool, ...]
    _hash: int

    def __init__(
        self,
        num_dims: int,
        num_symbols: int,
        constraints: Sequence[AffineExpr],
        eq_flags: Sequence[bool],
    ):
        constraints = _as_exprs(constraints)
        eq_flags = tuple(bool(f) for f in eq_flags)
        if len(constraints) != len(eq_flags):
            raise ValueError("one equality flag is needed per constraint")
        if num_dims < 0 or num_symbols < 0:
            raise ValueError("negative number of dims or symbols")
        _setattr(self, "num_dims", num_dims)
        _setattr(self, "num_symbols", num_symbols)
        _setattr(self, "constraints", constraints)
        _setattr(self, "eq_flags", eq_flags)
        _setattr(self, "_hash", hash((num_dims, num_symbols, constraints, eq_flags)))

    def __setattr__(self, name, value):
        raise AttributeError("IntegerSet is immutable")

    @staticmethod
    def get(num_dims, num_symbols, constraints, eq_flags) -> "IntegerSet":
        """``IntegerSet::get``."""
        return IntegerSet(num_dims, num_symbols, constraints, eq_flags)

    @staticmethod
    def get_empty_set(num_dims: int, num_symbols: int) -> "IntegerSet":
        """``IntegerSet::getEmptySet``: the canonical infeasible ``(1 == 0)``."""
        return IntegerSet(num_dims, num_symbols, (constant(1),), (True,))

    def is_empty_integer_set(self) -> bool:
        """``IntegerSet::isEmptyIntegerSet``: this is exactly ``(1 == 0)``."""
        return self == IntegerSet.get_empty_set(self.num_dims, self.num_symbols)

    def __eq__(self, other) -> bool:
        if self is other:
            return True
        if not isinstance(other, IntegerSet):
            return NotImplemented
        return (
            self._hash == other._hash
            and self.num_dims == other.num_dims
            and self.num_symbols == other.num_symbols
            and self.constraints == other.constraints
            and self.eq_flags == other.eq_flags
        )

    def __ne__(self, other) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return print_integer_set(self)

    def __repr__(self) -> str:
        return f"IntegerSet<{print_integer_set(self)}>"

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (IntegerSet, (self.num_dims, self.num_symbols, self.constraints, self.eq_flags))

    @property
    def num_constraints(self) -> int:
        return len(self.constraints)

    @property
    def num_inputs(self) -> int:
        return self.num_dims + self.num_symbols

    @property
    def num_equalities(self) -> int:
        return sum(self.eq_flags)

    @property
    def num_inequalities(self) -> int:
        return len(self.eq_flags) - sum(self.eq_flags)

    def get_constraint(self, idx: int) -> AffineExpr:
        return self.constraints[idx]

    def is_eq(self, idx: int) -> bool:
        return self.eq_flags[idx]

    def replace_dims_and_symbols(
        self,
        dims: Sequence[AffineExpr],
        syms: Sequence[AffineExpr],
        num_dims: int,
        num_syms: int,
    ) -> "IntegerSet":
        """``IntegerSet::replaceDimsAndSymbols``."""
        return IntegerSet(
            num_dims,
            num_syms,
            tuple(c.replace_dims_and_symbols(dims, syms) for c in self.constraints),
            self.eq_flags,
        )

    def contains(self, dims: Sequence[int], syms: Sequence[int] = ()) -> bool:
        """Whether the integer point satisfies every constraint."""
        for c, is_eq in zip(self.constraints, self.eq_flags):
            v = c.evaluate(dims, syms)
            if (v != 0) if is_eq else (v < 0):
                return False
        return True


def print_affine_map(amap: AffineMap) -> str:
    """``AsmPrinter::Impl::printAffineMap`` (without the ``affine_map<>``)."""
    body = ", ".join(print_affine_expr(e) for e in amap.results)
    return f"{_print_ids(amap.num_dims, amap.num_symbols)} -> ({body})"


def print_affine_constraint(expr: AffineExpr, is_eq: bool, dim_name: NameFn = None,
                            sym_name: NameFn = None) -> str:
    """``AsmPrinter::Impl::printAffineConstraint``: ``expr == 0`` / ``expr >= 0``."""
    return print_affine_expr(expr, dim_name, sym_name) + (" == 0" if is_eq else " >= 0")


def print_integer_set(iset: IntegerSet) -> str:
    """``AsmPrinter::Impl::printIntegerSet`` (without the ``affine_set<>``)."""
    body = ", ".join(
        print_affine_constraint(c, eq) for c, eq in zip(iset.constraints, iset.eq_flags)
    )
    return f"{_print_ids(iset.num_dims, iset.num_symbols)} : ({body})"
