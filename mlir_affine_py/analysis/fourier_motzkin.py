"""Integer constraint systems projected the way MLIR projects them.

A port, by behaviour, of the parts of
mlir/lib/Analysis/Presburger/IntegerRelation.cpp that
`computeDirectionVector` (AffineAnalysis.cpp) relies on: Gaussian
elimination through equalities, Fourier-Motzkin elimination with GCD
tightening, the choice of the next variable to eliminate, trivial redundancy
removal and constant bounds.  Fourier-Motzkin is exact over the rationals
only, so the bounds found here can be looser than the exact integer bounds;
reproducing mlir-opt's output means reproducing that looseness, including the
order in which variables and constraints are visited.

A row holds one coefficient per variable followed by the constant term:
`c_0*x_0 + ... + c_{n-1}*x_{n-1} + c_n` is `= 0` (equality) or `>= 0`
(inequality).  Everything is plain Python integers, so nothing overflows.
"""

from __future__ import annotations

from math import gcd, lcm


def normalize_row(row: list, length: int | None = None) -> int:
    """Divide the first `length` entries (all by default) by their GCD, in
    place, and return that GCD (`Matrix::normalizeRow`)."""
    length = len(row) if length is None else length
    divisor = 0
    for value in row[:length]:
        divisor = gcd(divisor, value)
        if divisor == 1:
            return 1
    if divisor > 1:
        for k in range(length):
            row[k] //= divisor
    return divisor


# Upstream's projection has no limit: on some systems Fourier-Motzkin's
# quadratic growth per step exhausts mlir-opt's memory.  Past this many
# inequalities the projection gives up instead.
MAX_INEQUALITIES = 20000


# `kExplosionFactor` of IntegerRelation.cpp: the emptiness test gives up
# (answers "not empty") once elimination leaves this many constraints per
# variable of the original system.
EXPLOSION_FACTOR = 32


class ConstraintExplosion(Exception):
    """Fourier-Motzkin elimination would exceed MAX_INEQUALITIES."""


class IntegerConstraints:
    """Equalities and inequalities over `num_vars` integer variables."""

    def __init__(self, num_vars: int, eqs=(), ineqs=()):
        self.num_vars = num_vars
        self.eqs = [list(r) for r in eqs]
        self.ineqs = [list(r) for r in ineqs]

    def copy(self) -> "IntegerConstraints":
        return IntegerConstraints(self.num_vars, self.eqs, self.ineqs)

    @property
    def num_cols(self) -> int:
        return self.num_vars + 1

    # ------------------------------------------------------------ columns
    def insert_vars(self, pos: int, num: int = 1) -> None:
        for row in self.eqs + self.ineqs:
            row[pos:pos] = [0] * num
        self.num_vars += num

    def remove_var_range(self, start: int, limit: int) -> None:
        for row in self.eqs + self.ineqs:
            del row[start:limit]
        self.num_vars -= limit - start

    def is_col_zero(self, pos: int) -> bool:
        return all(r[pos] == 0 for r in self.eqs) and all(r[pos] == 0 for r in self.ineqs)

    # ------------------------------------------------------- normalizing
    def gcd_tighten_inequalities(self) -> None:
        """`gcdTightenInequalities`: divide each inequality's coefficients by
        their GCD and round the constant down (64*i - 100 >= 0 becomes
        i - 2 >= 0), which is sound because the variables are integers."""
        for row in self.ineqs:
            divisor = normalize_row(row, self.num_vars)
            if divisor > 1:
                row[-1] = row[-1] // divisor

    def normalize_constraints_by_gcd(self) -> None:
        """`normalizeConstraintsByGCD`: divide whole rows by their GCD."""
        for row in self.eqs + self.ineqs:
            normalize_row(row)

    def remove_trivial_redundancy(self) -> None:
        """`removeTrivialRedundancy`: drop `c >= 0` rows with c >= 0,
        duplicates, and, among rows differing only in the constant, all but
        the one with the smallest constant (the first such on ties)."""
        self.gcd_tighten_inequalities()
        self.normalize_constraints_by_gcd()
        seen_rows = set()
        best_by_coeffs: dict = {}
        redundant = [False] * len(self.ineqs)
        for r, row in enumerate(self.ineqs):
            trivially_true = all(c == 0 for c in row[:-1]) and row[-1] >= 0
            key = tuple(row)
            if trivially_true or key in seen_rows:
                redundant[r] = True
                continue
            seen_rows.add(key)
            coeffs = key[:-1]
            stored = best_by_coeffs.get(coeffs)
            if stored is None:
                best_by_coeffs[coeffs] = (r, row[-1])
            elif stored[1] > row[-1]:
                redundant[stored[0]] = True
                best_by_coeffs[coeffs] = (r, row[-1])
            else:
                redundant[r] = True
        self.ineqs = [row for row, drop in zip(self.ineqs, redundant) if not drop]

    # ------------------------------------------------------- elimination
    def _eliminate_from_row(self, row: list, pivot: list, pivot_col: int,
                            skip_start: int) -> None:
        """`eliminateFromConstraint`: cancel `row[pivot_col]` with a
        multiple of the equality `pivot`; columns in [skip_start, pivot_col)
        are already eliminated and left alone."""
        lead = row[pivot_col]
        if lead == 0:
            return
        pivot_coeff = pivot[pivot_col]
        sign = -1 if lead * pivot_coeff > 0 else 1
        multiple = lcm(pivot_coeff, lead)
        pivot_mult = sign * (multiple // abs(pivot_coeff))
        row_mult = multiple // abs(lead)
        for j in range(len(row)):
            if skip_start <= j < pivot_col:
                continue
            row[j] = pivot_mult * pivot[j] + row_mult * row[j]

    def gaussian_eliminate_vars(self, start: int, limit: int) -> int:
        """`gaussianEliminateVars`: eliminate variables start, start+1, ...
        through equalities, stopping at the first one that only occurs in
        inequalities (unused ones are simply dropped).  Returns how many
        variables were removed."""
        if start >= limit:
            return 0
        self.gcd_tighten_inequalities()
        pivot_col = start
        while pivot_col < limit:
            pivot_row = next((r for r, row in enumerate(self.eqs) if row[pivot_col] != 0), None)
            if pivot_row is None:
                if any(row[pivot_col] != 0 for row in self.ineqs):
                    break
                pivot_col += 1
                continue
            pivot = self.eqs[pivot_row]
            for r, row in enumerate(self.eqs):
                if r != pivot_row:
                    self._eliminate_from_row(row, pivot, pivot_col, start)
                normalize_row(row)
            for row in self.ineqs:
                self._eliminate_from_row(row, pivot, pivot_col, start)
                normalize_row(row)
            del self.eqs[pivot_row]
            self.gcd_tighten_inequalities()
            pivot_col += 1
        self.remove_var_range(start, pivot_col)
        return pivot_col - start

    def fourier_motzkin_eliminate(self, pos: int) -> None:
        """`fourierMotzkinEliminate`: remove variable `pos`, through an
        equality when one involves it, otherwise by pairing every upper
        bound with every lower bound (the rational shadow)."""
        if any(row[pos] != 0 for row in self.eqs):
            self.gaussian_eliminate_vars(pos, pos + 1)
            return
        self.gcd_tighten_inequalities()
        if self.is_col_zero(pos):
            self.remove_var_range(pos, pos + 1)
            return
        lower = [row for row in self.ineqs if row[pos] > 0]
        upper = [row for row in self.ineqs if row[pos] < 0]
        untouched = [row for row in self.ineqs if row[pos] == 0]
        if len(lower) * len(upper) + len(untouched) > MAX_INEQUALITIES:
            raise ConstraintExplosion(f"{len(lower)} x {len(upper)} bounds")
        combined = []
        for ub in upper:
            for lb in lower:
                lb_coeff, ub_coeff = lb[pos], -ub[pos]
                multiple = lcm(lb_coeff, ub_coeff)
                combined.append([ub[k] * (multiple // ub_coeff) + lb[k] * (multiple // lb_coeff)
                                 for k in range(len(lb)) if k != pos])
        result = IntegerConstraints(
            self.num_vars - 1,
            [row[:pos] + row[pos + 1:] for row in self.eqs],
            combined + [row[:pos] + row[pos + 1:] for row in untouched])
        result.remove_trivial_redundancy()       # tightens and normalizes first
        self.num_vars, self.eqs, self.ineqs = result.num_vars, result.eqs, result.ineqs

    def best_var_to_eliminate(self, start: int, end: int) -> int:
        """`getBestVarToEliminate`: the first variable in [start, end) with
        the fewest (lower bounds x upper bounds), i.e. the one whose
        Fourier-Motzkin step creates the fewest constraints."""
        def product(pos):
            lbs = sum(1 for row in self.ineqs if row[pos] > 0)
            ubs = sum(1 for row in self.ineqs if row[pos] < 0)
            return lbs * ubs
        best, best_count = start, product(start)
        for pos in range(start + 1, end):
            count = product(pos)
            if count < best_count:
                best, best_count = pos, count
        return best

    def project_out(self, pos: int, num: int) -> None:
        """`projectOut`: eliminate variables [pos, pos + num), first as many
        as possible by Gaussian elimination, then the rest by
        Fourier-Motzkin, each time picking the cheapest variable."""
        if num == 0:
            return
        current, to_eliminate, by_gauss = pos, num, 0
        while current < self.num_vars:
            # Upstream counts with unsigned integers; once the budget is
            # used up the remaining calls are empty ranges.
            eliminated = (self.gaussian_eliminate_vars(current, current + to_eliminate)
                          if to_eliminate > 0 else 0)
            current += 1
            to_eliminate -= eliminated + 1
            by_gauss += eliminated
        for i in range(num - by_gauss):
            remaining = num - by_gauss - i
            self.fourier_motzkin_eliminate(self.best_var_to_eliminate(pos, pos + remaining))
        self.gcd_tighten_inequalities()
        self.normalize_constraints_by_gcd()

    def remove_redundant_local_vars(self, first_local: int) -> None:
        """`removeRedundantLocalVars`: while some equality has a +-1
        coefficient on a local variable (position >= `first_local`),
        substitute it away and drop both the equality and the variable."""
        for row in self.eqs:
            normalize_row(row)
        while True:
            found = None
            for i, row in enumerate(self.eqs):
                j = next((j for j in range(first_local, self.num_vars) if abs(row[j]) == 1), None)
                if j is not None:
                    found = (i, j)
                    break
            if found is None:
                return
            i, j = found
            pivot = self.eqs[i]
            for k, row in enumerate(self.eqs):
                if k != i and row[j] != 0:
                    self._eliminate_from_row(row, pivot, j, j)
                    normalize_row(row)
            for row in self.ineqs:
                self._eliminate_from_row(row, pivot, j, j)
            self.remove_var_range(j, j + 1)
            del self.eqs[i]

    # ---------------------------------------------------------- emptiness
    def has_invalid_constraint(self) -> bool:
        """`hasInvalidConstraint`: a row without variables that is false
        (`1 == 0`, `-1 >= 0`)."""
        return any(not any(row[:-1]) and row[-1] != 0 for row in self.eqs) or \
            any(not any(row[:-1]) and row[-1] < 0 for row in self.ineqs)

    def is_empty_by_gcd_test(self) -> bool:
        """`isEmptyByGCDTest`: an equality whose coefficients' GCD does not
        divide its constant has no integer solution."""
        for row in self.eqs:
            divisor = 0
            for value in row[:-1]:
                divisor = gcd(divisor, value)
            if divisor > 0 and row[-1] % divisor != 0:
                return True
        return False

    def is_empty(self, first_local: int) -> bool:
        """`IntegerRelation::isEmpty`: True only when the system has no
        integer point, decided by Gaussian then Fourier-Motzkin elimination
        with the GCD test and trivially false rows along the way.  False
        may also mean unknown: Fourier-Motzkin's rational shadow can keep
        an integer-empty set, and past `EXPLOSION_FACTOR` constraints per
        variable the test gives up (as upstream does, so that the sets it
        keeps are the ones mlir-opt keeps).  `first_local`: the first local
        (division) column, which equalities substitute away first."""
        if self.is_empty_by_gcd_test() or self.has_invalid_constraint():
            return True
        work = self.copy()
        work.remove_redundant_local_vars(first_local)
        if work.is_empty_by_gcd_test() or work.has_invalid_constraint():
            return True
        position = 0
        while position < work.num_vars:
            work.gaussian_eliminate_vars(position, work.num_vars)
            position += 1
            if work.has_invalid_constraint() or work.is_empty_by_gcd_test():
                return True
        for _ in range(work.num_vars):
            work.fourier_motzkin_eliminate(work.best_var_to_eliminate(0, work.num_vars))
            if len(work.eqs) + len(work.ineqs) >= EXPLOSION_FACTOR * self.num_vars:
                return False
            if work.has_invalid_constraint():
                return True
        return False

    # ------------------------------------------------------------ bounds
    def constant_bounds(self, pos: int) -> tuple[int | None, int | None]:
        """(`getConstantBound(LB, pos)`, `getConstantBound(UB, pos)`): project
        every other variable out of a copy (once for both), then read each
        bound off an equality `x = c` or the best constant inequality; None
        where unbounded."""
        work = self.copy()
        work.project_out(0, pos)
        work.project_out(1, work.num_vars - 1)
        for row in work.eqs:
            if row[0] in (1, -1) and all(c == 0 for c in row[1:-1]):
                value = -row[-1] // row[0]
                return value, value
        return work._best_constant_bound(True), work._best_constant_bound(False)

    def _best_constant_bound(self, lower: bool) -> int | None:
        best = None
        for row in self.ineqs:
            coeff = row[0]
            if (coeff <= 0 if lower else coeff >= 0) or any(c != 0 for c in row[1:-1]):
                continue
            value = -(row[-1] // coeff) if lower else row[-1] // -coeff
            if best is None or (value > best if lower else value < best):
                best = value
        return best
