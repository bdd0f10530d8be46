"""The MLIR-compatible constraint projection (analysis/fourier_motzkin.py)
and flattening (ir/affine_flattener.py) on small systems whose
MLIR answers are known by hand: where Fourier-Motzkin or Gaussian
elimination loses integrality, the looser MLIR bound is the expected one,
not the exact one."""

from __future__ import annotations

import pytest

from mlir_affine_py.analysis.fourier_motzkin import IntegerConstraints
from mlir_affine_py.ir.affine_flattener import CONST, AffineFlattener
from mlir_affine_py.ir.affine_expr import constant, dim


def _bounds(system: IntegerConstraints, pos: int = 0):
    return system.constant_bounds(pos)


def test_fourier_motzkin_gives_the_rational_shadow():
    # x = 2y written as two inequalities, 1 <= x <= 5: the integer
    # projection is 2 <= x <= 4, FM keeps the rational 1 <= x <= 5.
    system = IntegerConstraints(2, ineqs=[[1, -2, 0], [-1, 2, 0], [1, 0, -1], [-1, 0, 5]])
    system.project_out(1, 1)
    assert system.num_vars == 1
    assert _bounds(system) == (1, 5)


def test_gaussian_elimination_with_a_non_unit_coefficient():
    # d = 2a, 0 <= a <= 4, 1 <= d <= 9.  Eliminating a through the equality
    # scales its bounds by 2 (0 <= d <= 8) but forgets that d is even, so
    # the lower bound stays 1 where the exact one is 2.
    system = IntegerConstraints(2, eqs=[[1, -2, 0]],
                                ineqs=[[0, 1, 0], [0, -1, 4], [1, 0, -1], [-1, 0, 9]])
    system.project_out(1, 1)
    assert system.eqs == []
    assert _bounds(system) == (1, 8)


def test_tightening_before_elimination():
    # 64*i >= 100 tightens to i >= 2 before j = 64*i eliminates i, giving
    # j >= 128 rather than j >= 100 (gcdTightenInequalities).
    system = IntegerConstraints(2, eqs=[[1, -64, 0]], ineqs=[[0, 64, -100]])
    system.project_out(1, 1)
    assert system.constant_bounds(0) == (128, None)


def test_cheapest_variable_is_eliminated_first():
    # y has one lower and one upper bound, x two of each: y goes first.
    system = IntegerConstraints(3, ineqs=[[1, 0, 0, 0], [-1, 0, 0, 3], [1, 0, 0, -1],
                                          [-1, 0, 0, 5], [0, 1, 0, 0], [0, -1, 0, 2]])
    assert system.best_var_to_eliminate(0, 3) == 2  # z is unconstrained: 0 products
    assert system.best_var_to_eliminate(0, 2) == 1


def test_redundancy_keeps_the_tightest_of_parallel_rows():
    system = IntegerConstraints(1, ineqs=[[1, -5], [1, -1], [1, -7], [0, 3], [2, -2]])
    system.remove_trivial_redundancy()
    # 2x - 2 >= 0 normalizes to x - 1 >= 0, a duplicate; 3 >= 0 is trivial.
    assert system.ineqs == [[1, -7]]


def test_redundant_local_substituted_through_unit_equality():
    # Columns [x, m, q] with m, q local: m = x + 1 (unit coefficient on m)
    # is substituted into m <= 4, leaving x + 1 <= 4.
    system = IntegerConstraints(3, eqs=[[1, -1, 0, 1]], ineqs=[[0, -1, 0, 4], [0, 0, 1, 0]])
    system.remove_redundant_local_vars(1)
    assert system.num_vars == 2 and system.eqs == []
    assert system.ineqs == [[-1, 0, 3], [0, 1, 0]]


def test_flattening_mod_and_shared_floordiv():
    # (d0 + 1) mod 2 and (d0 + 1) floordiv 2 share the local
    # q = (d0 + 1) floordiv 2 with 2q <= d0 + 1 <= 2q + 1.
    flattener = AffineFlattener(["i"])
    mod = flattener.flatten((dim(0) + constant(1)) % constant(2))
    div = flattener.flatten((dim(0) + constant(1)).floordiv(constant(2)))
    (q,) = flattener.locals
    assert mod == {"i": 1, CONST: 1, q: -2}
    assert div == {q: 1}
    assert flattener.local_ineqs == [{"i": -1, CONST: 0, q: 2}, {"i": 1, CONST: 1, q: -2}]


def test_flattening_cancels_the_gcd():
    # (6*d0 + 2*d1) floordiv 4 = (3*d0 + d1) floordiv 2; 6*d0 ceildiv 3 = 2*d0.
    flattener = AffineFlattener(["i", "j"])
    assert flattener.flatten((dim(0) * constant(6)).ceildiv(constant(3))) == {"i": 2}
    row = flattener.flatten((dim(0) * constant(6) + dim(1) * constant(2)).floordiv(constant(4)))
    (q,) = flattener.locals
    assert row == {q: 1}
    assert flattener.reprs[q] == ({"i": 3, "j": 1}, 2)


def test_projection_gives_up_on_explosion(monkeypatch):
    # Three lower and three upper bounds on y make 9 rows; with a cap of 8
    # the elimination refuses instead of growing without limit.
    from mlir_affine_py.analysis import fourier_motzkin
    monkeypatch.setattr(fourier_motzkin, "MAX_INEQUALITIES", 8)
    rows = [[k, 1, 0] for k in (1, 2, 3)] + [[k, -1, 9] for k in (1, 2, 3)]
    system = IntegerConstraints(2, ineqs=rows)
    with pytest.raises(fourier_motzkin.ConstraintExplosion):
        system.project_out(1, 1)


def test_emptiness_as_mlir_decides_it():
    # 2x = 1: the GCD test.  x >= 1, x <= 0: a false row after elimination.
    assert IntegerConstraints(1, eqs=[[2, -1]]).is_empty(1)
    assert IntegerConstraints(1, ineqs=[[1, -1], [-1, 0]]).is_empty(1)
    # Only x = 3/4, y = 1 satisfies these: empty over the integers, but
    # Fourier-Motzkin projects the rational set and does not see it.
    rational_only = IntegerConstraints(2, ineqs=[[3, -4, 3], [2, 4, -2], [2, -4, 4], [-4, 0, 3]])
    assert not rational_only.is_empty(2)
    assert rational_only.ineqs == [[3, -4, 3], [2, 4, -2], [2, -4, 4], [-4, 0, 3]]


def test_emptiness_gives_up_past_the_explosion_factor():
    # 0 <= x_i <= 1 for 4 variables, and x_0 + x_1 + x_2 + x_3 >= 5 (empty)
    # with 128 more constraints, each bounding a pair: eliminating x_3 leaves
    # 32 constraints per variable, and the test answers "not empty", as
    # IntegerRelation::isEmpty does; without the pairs it is found empty.
    n = 4
    rows = [[1 if k == i else 0 for k in range(n)] + [0] for i in range(n)]
    rows += [[-1 if k == i else 0 for k in range(n)] + [1] for i in range(n)]
    rows.append([1] * n + [-5])
    rows += [[j + 1 if k == 0 else (-1 if k == 1 else 0) for k in range(n)] + [j + 100]
             for j in range(64)]
    rows += [[-(j + 1) if k == 0 else (1 if k == 2 else 0) for k in range(n)] + [j + 100]
             for j in range(64)]
    system = IntegerConstraints(n, ineqs=rows)
    assert not system.is_empty(n)
    assert IntegerConstraints(n, ineqs=rows[:2 * n + 1]).is_empty(n)
