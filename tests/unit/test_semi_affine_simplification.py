"""Semi-affine expressions (products of non-constants, divisions and mods
by symbols) simplified as upstream's simplifyAffineExpr simplifies them
(ir/affine_simplify.py `simplify_affine_expr`: simplifySemiAffine, semi-affine
flattening and getSemiAffineExprFromFlatForm) keep their value: random
expressions, evaluated before and after at random points (a count of
expressions and points, not a time budget)."""

from __future__ import annotations

import random

from mlir_affine_py.ir.affine_simplify import simplify_affine_expr as simplify_semi_affine_expr
from mlir_affine_py.ir.affine_expr import constant, dim, symbol

EXPRESSIONS = 400
POINTS = 12
NUM_DIMS, NUM_SYMBOLS = 2, 3


def random_expr(rng: random.Random, depth: int):
    if depth == 0 or rng.random() < 0.25:
        kind = rng.choice(["dim", "symbol", "constant"])
        if kind == "dim":
            return dim(rng.randrange(NUM_DIMS))
        if kind == "symbol":
            return symbol(rng.randrange(NUM_SYMBOLS))
        return constant(rng.randint(-3, 5))
    lhs = random_expr(rng, depth - 1)
    op = rng.choice(["add", "add", "mul", "mul", "mod", "floordiv", "ceildiv"])
    if op == "add":
        return lhs + random_expr(rng, depth - 1)
    if op == "mul":
        return lhs * random_expr(rng, depth - 1)
    # Divisors: positive constants or symbols (taken positive below).
    rhs = symbol(rng.randrange(NUM_SYMBOLS)) if rng.random() < 0.6 else constant(rng.randint(1, 4))
    return {"mod": lhs % rhs, "floordiv": lhs.floordiv(rhs), "ceildiv": lhs.ceildiv(rhs)}[op]


def value(expr, dims, syms):
    try:
        return expr.evaluate(dims, syms)
    except ZeroDivisionError:
        return None


def test_simplified_semi_affine_expressions_keep_their_value():
    rng = random.Random(33)
    changed = 0
    for _ in range(EXPRESSIONS):
        expr = random_expr(rng, 4)
        simplified = simplify_semi_affine_expr(expr, NUM_DIMS, NUM_SYMBOLS)
        changed += simplified != expr
        for _ in range(POINTS):
            dims = [rng.randint(-20, 20) for _ in range(NUM_DIMS)]
            syms = [rng.randint(1, 9) for _ in range(NUM_SYMBOLS)]
            before, after = value(expr, dims, syms), value(simplified, dims, syms)
            if before is not None:
                assert before == after, f"{expr} -> {simplified} at {dims} {syms}"
    assert changed > EXPRESSIONS // 10


def test_terms_come_in_mlir_order():
    """Dims first (a dim before its own `dim op constant` parts), then the
    terms keyed by their leading dim or symbol; other parts after them."""
    d0, s0, s1 = dim(0), symbol(0), symbol(1)
    expr = (d0.floordiv(constant(2)) * s0 + s1.floordiv(constant(2))) * 2 + d0 % 2
    assert str(simplify_semi_affine_expr(expr, 1, 2)) == \
        "d0 mod 2 + (s1 floordiv 2) * 2 + ((d0 floordiv 2) * s0) * 2"


def test_divisions_by_a_symbol_that_divides_the_dividend():
    """`simplifySemiAffine`: a mod by such a symbol is 0, a division the
    quotient; a quotient inside is not taken for a multiple."""
    d0, s0 = dim(0), symbol(0)
    mod = (-(d0.floordiv(s0) * s0) + s0 * s0) % s0
    assert str(simplify_semi_affine_expr(mod, 1, 1)) == "0"
    ceil = (-(d0.floordiv(s0) * s0) + s0 * 42).ceildiv(s0)
    assert str(simplify_semi_affine_expr(ceil, 1, 1)) == "-(d0 floordiv s0) + 42"
    kept = ((s0 * 2).ceildiv(constant(4)) * 5 + s0 * 42).ceildiv(s0)
    assert str(simplify_semi_affine_expr(kept, 1, 1)) == "(s0 * 42 + (s0 ceildiv 2) * 5) ceildiv s0"


def test_a_mod_of_a_mod_subtraction_is_zero():
    """`isModOfModSubtraction`: `(x - x mod q) mod q` is 0 for any x, also
    when x is a sum met in another order."""
    s0, s1, s2 = symbol(0), symbol(1), symbol(2)
    assert str(simplify_semi_affine_expr((s0 - s0 % s1) % s1, 0, 2)) == "0"
    assert str(simplify_semi_affine_expr((s0 - (s0 - s2) % s1 - s2) % s1, 0, 3)) == "0"
    assert str(simplify_semi_affine_expr((s0 - s2 % s1) % s1, 0, 3)) == "(s0 - s2 mod s1) mod s1"


def test_a_quotient_that_is_a_factor_is_no_multiple():
    """A floordiv or ceildiv by s is taken into a quotient of the same kind,
    but not into one that is multiplied (llvm issue 107508)."""
    s0, s1 = symbol(0), symbol(1)
    inner = (s0 * 2).floordiv(s1)
    assert str(simplify_semi_affine_expr((inner + s0 * 3).floordiv(s0), 0, 2)) == \
        "2 floordiv s1 + 3"
    kept = ((inner.floordiv(s1)) * 5).floordiv(s0)
    assert simplify_semi_affine_expr(kept, 0, 2) is kept
