"""Exact memref dependences with isl.

Ports the behaviour of mlir/lib/Dialect/Affine/Analysis/AffineAnalysis.cpp
`checkMemrefAccessDependence`: for a source and a destination access to the
same memref (at least one a write) and a loop depth d, the dependence
polyhedron holds the pairs of iterations that touch the same element with
the source first at depth d (outer common loops equal, loop d strictly later,
or, past the common loops, the source textually first).  It is empty exactly
when there is no dependence; otherwise each common loop's distance
(destination minus source iteration) is bounded by projecting the other
variables out.  isl decides emptiness and bounds over the integers, with
`floor`, `ceil` and `mod` handled as existential variables.
"""

from __future__ import annotations

from dataclasses import dataclass

from .affine_access import (MemRefAccess, NotAffine, affine_scope_of,
                            is_affine_scope, memref_root)


@dataclass(frozen=True)
class DependenceComponent:
    """Distance range of one common loop; None stands for -inf / +inf."""

    loop: object
    lb: int | None
    ub: int | None

    @property
    def is_zero(self) -> bool:
        return self.lb == 0 and self.ub == 0


@dataclass
class DependenceResult:
    kind: str                      # "none", "dependence" or "failure"
    components: list
    reason: str = ""

    @property
    def has_dependence(self) -> bool:
        return self.kind == "dependence"


NO_DEPENDENCE = DependenceResult("none", [])


def num_common_loops(src: MemRefAccess, dst: MemRefAccess) -> int:
    count = 0
    for a, b in zip(src.ivs, dst.ivs):
        if a is not b:
            break
        count += 1
    return count


def _ancestors_in_scope(op) -> list:
    """`op` and the ops around it, up to (not including) its affine scope."""
    chain = [op]
    parent = op.parent_op
    while parent is not None and not is_affine_scope(parent):
        chain.append(parent)
        parent = parent.parent_op
    return chain


def common_block_ancestors(src_op, dst_op):
    """The ancestors of the two ops in their closest common block within the
    affine scope (`getCommonBlockInAffineScope`), or None."""
    dst_chain = _ancestors_in_scope(dst_op)
    for a in _ancestors_in_scope(src_op):
        for b in dst_chain:
            if a.parent is b.parent:
                return a, b
    return None


def src_before_dst(src_op, dst_op) -> bool:
    pair = common_block_ancestors(src_op, dst_op)
    if pair is None:
        return False
    a, b = pair
    if a is b:
        return False
    block = a.parent.ops
    return block.index(a) < block.index(b)


class DependenceAnalysis:
    """Dependence queries over accesses, caching the pair polyhedra."""

    def __init__(self, alias_conservative: bool = False, relaxed_bounds: bool = False,
                 nonlinear_unknown: bool = False):
        # MLIR's own analysis takes distinct memref SSA values as distinct; the
        # transformations ask for the conservative reading, where two views of
        # one allocation may overlap.
        self.alias_conservative = alias_conservative
        # Whether a dependence exists is always decided exactly.  Its distance
        # bounds are exact by default; `relaxed_bounds` drops the constraints
        # on existential variables (strides, mod/floordiv quotients) before
        # projecting, as MLIR's Fourier-Motzkin projection effectively does,
        # so a permutation judged legal here is legal for mlir-opt too.
        self.relaxed_bounds = relaxed_bounds
        # MLIR's flattening of mod/floordiv/ceildiv subscripts is looser than
        # an exact model in ways that are not worth mimicking; a
        # transformation that must never be bolder than mlir-opt treats
        # dependences through such subscripts as unknown.
        self.nonlinear_unknown = nonlinear_unknown
        self._isl = None
        # (src, dst) accesses -> (their pairs of instances at no depth yet,
        # the variables): isl reads a polyhedron's text far more slowly than
        # it adds the few constraints of one depth, and the passes ask of
        # one pair at several depths.  Keyed by the access objects, which a
        # caller makes again once it has changed the IR around them.
        self._pairs: dict = {}

    @property
    def isl(self):
        if self._isl is None:
            import islpy
            self._isl = islpy
        return self._isl

    def check(self, src: MemRefAccess, dst: MemRefAccess, depth: int,
              want_components: bool = True) -> DependenceResult:
        """`checkMemrefAccessDependence(src, dst, depth)`."""
        if src.memref is not dst.memref:
            if self.alias_conservative and (src.is_write or dst.is_write) \
                    and memref_root(src.memref) is memref_root(dst.memref):
                common = num_common_loops(src, dst)
                loops = [iv.owner.parent.parent for iv in src.ivs[:common]]
                return DependenceResult("failure", [DependenceComponent(loop, None, None) for loop in loops],
                                        "accesses to two views of one allocation")
            return NO_DEPENDENCE
        if not src.is_write and not dst.is_write:
            return NO_DEPENDENCE
        if affine_scope_of(src.op) is not affine_scope_of(dst.op):
            return DependenceResult("failure", [], "accesses in different affine scopes")
        if common_block_ancestors(src.op, dst.op) is None:
            return DependenceResult("failure", [], "no common block")
        common = num_common_loops(src, dst)
        if depth > common and not src_before_dst(src.op, dst.op):
            return NO_DEPENDENCE
        if self.nonlinear_unknown and (src.has_nonlinear_subscript() or dst.has_nonlinear_subscript()):
            return DependenceResult("failure", [], "a mod/floordiv/ceildiv subscript")
        try:
            polyhedron, names = self._dependence_set(src, dst, depth, common)
        except NotAffine as error:
            return DependenceResult("failure", [], str(error))
        if polyhedron.is_empty():
            return NO_DEPENDENCE
        components = []
        if want_components and common:
            bounded = polyhedron.remove_divs() if self.relaxed_bounds else polyhedron
            components = self._components(bounded, names, src, common)
        return DependenceResult("dependence", components)

    def _dependence_set(self, src, dst, depth, common):
        if self.relaxed_bounds:
            # remove_divs works on isl's representation of the set, which
            # follows the text read: the depth's constraints are written in it.
            text, variables = self._pair_text(src, dst, depth, common)
            return self.isl.Set(text), variables
        found = self._pairs.get((src, dst))
        if found is None:
            text, variables = self._pair_text(src, dst, 0, common)
            found = self._pairs[src, dst] = (self.isl.Set(text), variables)
        polyhedron, variables = found
        space = polyhedron.get_space()
        Constraint = self.isl.Constraint
        for i in range(min(common, depth)):
            if i == depth - 1:
                constraint = Constraint.ineq_from_names(space, {f"t{i}": 1, f"s{i}": -1, 1: -1})
            else:
                constraint = Constraint.eq_from_names(space, {f"t{i}": 1, f"s{i}": -1})
            polyhedron = polyhedron.add_constraint(constraint)
        return polyhedron, variables

    def _pair_text(self, src, dst, depth, common):
        """The pairs of instances of `src` and `dst` that touch one element,
        the source first at `depth` (no order asked at depth 0), in isl's
        input language; and its variables."""
        params: dict = {}
        scope_loops = {loop for loop, _ in src.chain} | {loop for loop, _ in dst.chain}
        s_names, s_cons, s_exists, s_subs = src.instance("s", params, scope_loops)
        t_names, t_cons, t_exists, t_subs = dst.instance("t", params, scope_loops)
        constraints = s_cons + t_cons
        constraints += [f"{a} = {b}" for a, b in zip(s_subs, t_subs)]
        for i in range(min(common, depth)):
            if i == depth - 1:
                constraints.append(f"t{i} >= s{i} + 1")
            else:
                constraints.append(f"t{i} = s{i}")
        # Distance variables d_j = t_j - s_j lead the tuple so that projecting
        # everything else out leaves exactly them.
        distances = [f"d{j}" for j in range(common)]
        constraints += [f"d{j} = t{j} - s{j}" for j in range(common)]
        variables = distances + s_names + t_names
        body = " and ".join(constraints) if constraints else "true"
        exists = s_exists + t_exists
        if exists:
            body = f"exists ({', '.join(exists)} : {body})"
        text = f"[{', '.join(params.values())}] -> {{ [{', '.join(variables)}] : {body} }}"
        return text, variables

    def _components(self, polyhedron, names, src, common):
        isl = self.isl
        projected = polyhedron.project_out(isl.dim_type.set, common, len(names) - common)
        projected = projected.project_out(isl.dim_type.param, 0, projected.dim(isl.dim_type.param))
        space = isl.LocalSpace.from_space(projected.get_space())
        loops = [iv.owner.parent.parent for iv in src.ivs[:common]]
        components = []
        for j in range(common):
            distance = isl.Aff.var_on_domain(space, isl.dim_type.set, j)
            low = projected.min_val(distance)
            high = projected.max_val(distance)
            components.append(DependenceComponent(
                loops[j], None if low.is_neginfty() else int(low.to_python()),
                None if high.is_infty() else int(high.to_python())))
        return components


def memory_accesses(root) -> list:
    """The affine.load/store (and vector forms) under `root`, in walk order."""
    from .affine_access import is_memory_access
    return [MemRefAccess(op) for op in root.walk() if is_memory_access(op)]


def get_dependence_components(root_loop, max_depth: int, analysis=None) -> list:
    """`getDependenceComponents`: every dependence between accesses in the nest
    rooted at `root_loop`, at depths 1..max_depth counted from the outermost
    loop around the accesses (as upstream does), as (components, src, dst,
    depth).  Like upstream, accesses the analysis cannot handle are skipped;
    the interchange pass does its own, conservative, collection."""
    analysis = analysis or DependenceAnalysis()
    accesses = memory_accesses(root_loop)
    vectors = []
    for depth in range(1, max_depth + 1):
        for src in accesses:
            for dst in accesses:
                result = analysis.check(src, dst, depth)
                if result.has_dependence:
                    vectors.append((result.components, src, dst, depth))
    return vectors
