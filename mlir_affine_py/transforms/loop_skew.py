"""-affine-loop-skew: new axes for perfect loop bands (skewing, and any
unimodular change of axes), by hand or found by Pluto's criterion.

Upstream has no such pass (its LoopUtils has no skewing); this one is the
explicit form of the change of axes `-affine-optimize` makes where a band
must be skewed before it tiles, so that users can try it by hand as
`-test-loop-permutation` lets them try orders.

Contract
--------
- Which bands: every maximal perfect band at the top of the function
  (a loop of the function's body and the loops perfectly nested in it).
  With `transform` or `skew-factors`, the bands with as many loops as the
  matrix has rows; without them, every band of at least two loops that is
  not permutable (a dependence has a negative distance along one of its
  loops) gets the skew Pluto's criterion finds (`polyhedral/skewing.py`:
  for each loop, the smallest factors that make every distance along it
  non-negative).
- `transform=m00,m01,...` gives the new axes row by row, outermost first,
  as integer combinations of the band's loops, outermost first: for the
  loops (i, j), `transform=-1,1,0,1` makes the axes (k, j) with k = j - i.
  The matrix must be unimodular (determinant 1 or -1).
  `skew-factors=f10,f20,f21,...` is the unit lower triangular matrix of
  those factors: a_k = i_k + sum over j < k of f_kj i_j.
- Legality: the new schedule is checked against the exact dependences
  (isl); a band whose new order would reverse a dependence is left as it is
  with a remark naming the axis.  Bounds are the projections isl's AST
  generator computes (`max`/`min`, floor divisions where needed); the
  statements read their old iterators as `affine.apply` of the new ones.
- `tile-sizes=s0,s1,...` also tiles the new axes (tiles at multiples of
  their size) and runs the tiles as a wavefront: the first tile loop goes
  over the sum of the first two tile indices, and the loop over the second
  becomes `affine.parallel` where the schedule shows that the tiles of one
  wavefront carry no dependence between them (`skew_and_tile`, which
  `-affine-optimize` uses too).
- With `remarks`, each band transformed says its matrix and, for a found
  skew, the axes that needed it.
"""

from __future__ import annotations

from ..analysis.affine_access import NotAffine
from ..dialects.affine import AffineForOp
from ..passes import ListOption, Option, Pass
from ..polyhedral.skewing import (BandTransform, determinant, identity_matrix, skew_matrix,
                                   tile_loops_made)
from .loop_utils import get_perfectly_nested_loops, loop_name


class AffineLoopSkew(Pass):
    argument = "affine-loop-skew"
    summary = "Skew (or change the axes of) perfect affine loop bands"
    pass_name = "AffineLoopSkew"
    op_name = "func.func"

    transform = ListOption(int, "The new axes as rows of an integer unimodular matrix over "
                           "the band's loops, row-major, outermost first")
    skew_factors = ListOption(int, "Skew factors f10,f20,f21,...: new loop k is i_k plus "
                              "the sum of f_kj * i_j over the outer loops j")
    tile_sizes = ListOption(int, "Also tile the new axes by these sizes and run the tiles "
                            "as a wavefront", unsigned=True, minimum=1)
    remarks = Option(False, "Remark the matrix chosen for each band and why")

    def validate_options(self) -> None:
        if self.transform and self.skew_factors:
            raise self.options["transform"].error("give either transform or skew-factors")
        if self.transform:
            n = round(len(self.transform) ** 0.5)
            if n * n != len(self.transform):
                raise self.options["transform"].error(
                    f"{len(self.transform)} entries do not make a square matrix")
            if abs(determinant(self.matrix_for(n))) != 1:
                raise self.options["transform"].error("the matrix is not unimodular")

    def matrix_for(self, n: int) -> list | None:
        if self.transform:
            size = round(len(self.transform) ** 0.5)
            if size != n:
                return None
            return [list(self.transform[k * n:(k + 1) * n]) for k in range(n)]
        if self.skew_factors:
            if len(self.skew_factors) != n * (n - 1) // 2:
                return None
            return skew_matrix(n, self.skew_factors)
        return None

    def run_on_operation(self, op) -> None:
        roots = [child for region in op.regions for block in region.blocks
                 for child in block.ops if isinstance(child, AffineForOp)]
        for root in roots:
            band = get_perfectly_nested_loops(root)
            if len(band) < 2:
                continue
            given = self.transform or self.skew_factors
            matrix = self.matrix_for(len(band))
            if given and matrix is None:
                continue
            self.transform_band(band, matrix)

    def transform_band(self, band, matrix) -> None:
        import islpy as isl

        names = ", ".join(loop_name(loop) for loop in band)
        try:
            transform = BandTransform(band)
            why = ""
            if matrix is None:
                negative = transform.negative_axes(identity_matrix(len(band)))
                if not negative:
                    return           # permutable already: nothing to find
                matrix = transform.find_skew()
                if matrix is None:
                    self.remark(band[0], f"band ({names}) left as it is: no skew with factors "
                                "up to 3 makes every dependence distance non-negative")
                    return
                why = ("; dependences ran backwards along "
                       + ", ".join(loop_name(band[k]) for k in negative))
            sizes = self.sizes_for(len(band))
            if not transform.is_legal_with(matrix, sizes, bool(sizes)):
                self.remark(band[0], f"band ({names}) left as it is: the new axes "
                            f"{_rows(matrix)} reverse a dependence"
                            + (" once tiled" if sizes else ""), force=True)
                return
            parallel = skew_and_tile(transform, matrix, sizes)
        except (NotAffine, isl.Error) as error:
            self.remark(band[0], f"band ({names}) left as it is: {error}", force=True)
            return
        tiled = (f", tiled by {' x '.join(map(str, sizes))}, tiles run as a wavefront"
                 + (", the tiles of one wavefront in parallel" if parallel else "")) if sizes else ""
        self.remark(band[0], f"band ({names}) given the axes {_rows(matrix)}{why}{tiled}")

    def sizes_for(self, n: int) -> list:
        if not self.tile_sizes:
            return []
        return [self.tile_sizes[min(k, len(self.tile_sizes) - 1)] for k in range(n)]

    def remark(self, loop, text: str, force: bool = False) -> None:
        if self.remarks or force:
            self.emit_remark(loop, f"affine-loop-skew: {text}")


def skew_and_tile(transform, matrix, sizes) -> bool:
    """Give the band of `transform` (a polyhedral.skewing.BandTransform)
    the axes `matrix`, tiled by `sizes` (if any) with the tiles run as a
    wavefront; the caller has checked legality.  Returns whether the loop
    over the tiles of one wavefront became `affine.parallel`: it may when
    the band is permutable under `matrix` (then every dependence between
    two tiles goes to a later wavefront) and isl made that loop."""
    wavefront = bool(sizes) and len(matrix) > 1
    parallel = wavefront and not transform.negative_axes(matrix) and tile_loops_made(
        transform.transformed_schedule(matrix, sizes, True), transform.scop.domain, 1, 3)
    new_ops = transform.apply_transform(matrix, sizes or None, wavefront)
    return parallel and parallelize_wavefront(new_ops)


def parallelize_wavefront(new_ops) -> bool:
    """In a nest just generated with the wavefront loop outermost and the
    loop over the tiles of one wavefront directly inside it, the caller
    having shown that this loop carries no dependence: make it
    `affine.parallel`; whether the nest had that shape.
    (-affine-parallelize's pairwise test would not see it: it loses the
    tile loops' strides, whose lower bounds are maxima.)"""
    from .affine_parallelize import affine_parallelize
    tile_loop = _only_inner_loop(new_ops)
    if tile_loop is None:
        return False
    affine_parallelize(tile_loop, [])
    return True


def _only_inner_loop(ops):
    """The one loop directly inside the one loop `ops` make, or None."""
    loops = [op for op in ops if isinstance(op, AffineForOp)]
    if len(loops) != 1:
        return None
    inner = [op for op in loops[0].body.ops if isinstance(op, AffineForOp)]
    return inner[0] if len(inner) == 1 and len(loops[0].body.ops) == 2 else None


def _rows(matrix) -> str:
    return "[" + "; ".join(" ".join(str(c) for c in row) for row in matrix) + "]"
