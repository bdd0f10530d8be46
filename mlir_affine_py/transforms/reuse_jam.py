"""Register tiles for stencils: the step of `-affine-optimize` after the
reductions' register tiles that unrolls and jams the loop around an
innermost loop whose jammed copies would load the same elements, and has
each such element loaded once per jammed iteration (Carr and Kennedy's
unroll-and-jam for register reuse).

Why: a sweep of jacobi-2d, `B[i][j] = 0.2 * (A[i][j] + A[i][j-1] +
A[i][j+1] + A[i+1][j] + A[i-1][j])` over `(i, j)`, runs at the speed of
its loads, not of the cache that holds its grids: at every size from 120
x 120 (in L2) to 600 x 600 (past L2) PolyBench's original takes 0.36 ns a
point on the 2-core Zen 2 it was measured on (1.2 cycles at 3.35 GHz) for five
loads, four adds and a multiply.  Rows `i` and `i + 1` both load
`A[i][j]` and `A[i+1][j]`: jammed by 4, the copies load rows `i - 1` to
`i + 4` once, 3.5 loads a point instead of 5.  LLVM does not merge the
copies' loads itself: a copy's loads follow the store of the copy before,
to another memref it cannot prove distinct, so the loads are merged here,
in the affine dialect's model, where distinct memref values that are not
views of one allocation are distinct (`analysis/dependence.py`; every
transformation of the optimizer rests on it).  Measured on jacobi-2d
(600 x 600, 400 time steps, 5 samples, the sweeps' rows already parallel):
one thread 1.01 of the original's time -> 0.78 jammed by 4 (by 6: 0.81,
by 8: 0.80); two threads 0.54 -> 0.46.  The same kernel in C with
`restrict`, compiled by clang -O3, jammed by hand: 0.361 ns a point, by 2
0.308, by 4 0.279, by 8 0.275.

Which loop: a loop around an innermost loop (the innermost loop has no
loops inside it; its parent, or a loop around that with nothing else in
its body, the outermost first) where two loads of the innermost body, of
one memref that nothing in the body writes, have the same subscripts but
for a constant shift along that loop of fewer iterations than the factor
(the elements a later copy loads again).  Not where the copies would
share fewer than a fifth of their loads (`MIN_SHARED`): a jam costs
streams, registers and a remainder loop, and pays only in loads.
fdtd-2d's sweeps (600 x 400, their rows in the last-level cache) jammed
by 4 share 12% (`ey` and `ex` jammed together: `ex[i][j]` loads only its
own row) and 15% (`hz`) and ran 1.05 of the unjammed time; jacobi-2d's
share 30%, heat-3d's on `i` 21%.  Nor where a copy's accesses
would run over fewer contiguous bytes than a page before they jump (to
the copy's next row): the hardware prefetchers follow a stream within a
4 KiB page, and every jump starts one again.  heat-3d's sweep `(i, j, k)`
jammed on `j` walks rows of 704 bytes (90 x 90 x 90) or 1120 (140 x 140
x 140) and ran 1.3-1.6 times slower, in C with `restrict` as well; jammed
on `i`, its copies walk whole planes: past the last-level cache (140 x
140 x 140, 3 samples) 0.79 of the original's time instead of 1.01, two
threads 0.53 instead of 0.59.  Nor where a copy would load an element
after another copy's store to an array of the same type at a distance
within a vector of a multiple of 4 KiB (`_aliased_4k`; the fusion model's
rule, `polyhedral/fusion_cost.py`): arrays of one shape allocated alike
lie at the same offset modulo 4 KiB and the load waits for the store
(heat-3d's `A[i+1][j+1][k]` after `B[i][j][k]` at 90 x 90 x 90).  Legal as
`reduction_jam.py`'s jam: every dependence the loop carries keeps its
order in the jammed nest (`jam_refusal`).  A load takes the value of an
earlier load of the innermost body that accesses the same element, where
no op between them may write to that memref or another view of its
allocation.
"""

from __future__ import annotations

from ..analysis.affine_access import is_memory_access, memref_root
from ..analysis.cost_model import access_info
from ..analysis.dependence import DependenceAnalysis
from ..analysis.memref_effects import accesses_equal
from ..dialects.affine import AffineForOp
from ..ir.traits import is_memory_effect_free
from .loop_unroll_jam import loop_unroll_jam_by_factor
from .loop_utils import constant_trip_count, loop_name
from .privatization import buffer_name
from .reduction_jam import jam_refusal

# Rows of the register tile: the measurements of the module docstring.
REUSE_FACTOR = 4
# The bytes of a vector of the x86 cores it was measured on (AVX2): a load
# this close to a store modulo 4 KiB waits for it.
VECTOR_BYTES = 32
# A hardware prefetcher follows a stream within a 4 KiB page, and a cache
# line is 64 bytes: a jump within a line's reach continues the stream.
PAGE_BYTES = 4096
LINE_BYTES = 64
# The share of the copies' loads a jam must save (the module docstring):
# jacobi-2d's jam saves 30% of them, heat-3d's 21% (both ran faster),
# fdtd-2d's 12% and 15% (both ran slower).
MIN_SHARED = 0.2


def jam_reuse(root, factor: int, remark, skip=(), inside=()) -> list:
    """Unroll and jam by `factor` each loop around an innermost loop under
    `root` whose copies would load the same elements, where it is legal,
    and merge the copies' loads of one element (the module docstring);
    the top-level nests in `skip` and the loops in or under `inside` are
    left alone.  `remark(op, text)` says what was done and why not.
    Returns the loops jammed."""
    if factor < 2:
        return []
    analysis = DependenceAnalysis(alias_conservative=True)
    nests = [child for region in root.regions for block in region.blocks
             for child in block.ops if child not in skip]
    jammed: list = []
    done: list = []             # the innermost loops whose copies share their loads
    for loop, inner, shared in [found for nest in nests for found in _candidates(nest, factor)]:
        if any(outer is loop or outer.is_ancestor_of(loop) for outer in [*inside, *jammed]) \
                or any(op is inner for op in done):
            continue
        why = (_few_shared(loop, factor) or _short_rows(loop, inner)
               or jam_refusal(loop, factor, analysis) or _aliased_4k(loop, inner, factor))
        if why:
            remark(loop, f"affine-loop-unroll-jam: {loop_name(loop)} not unrolled and jammed "
                         f"for reuse: {why}")
            continue
        if not loop_unroll_jam_by_factor(loop, factor):
            continue
        jammed.append(loop)
        done.append(inner)
        merged = share_loads(inner)
        remark(loop, f"affine-loop-unroll-jam: {loop_name(loop)} unrolled and jammed by {factor}: "
                     f"the copies of the innermost loop load the same elements of {shared}; "
                     f"{merged} loads merged (register tile)")
    return jammed


def share_loads(loop: AffineForOp) -> int:
    """Replace each load of `loop`'s body by an earlier load of the body
    that accesses the same element, where no op between them may write
    to its memref's allocation; the number of loads replaced."""
    seen: list = []         # the loads kept so far
    merged = 0
    for op in list(loop.body.ops):
        if is_memory_access(op) and not getattr(op, "stores", False):
            earlier = next((load for load in seen if accesses_equal(load, op)), None)
            if earlier is not None and earlier.results[0].type == op.results[0].type:
                op.results[0].replace_all_uses_with(earlier.results[0])
                op.erase()
                merged += 1
            else:
                seen.append(op)
        elif is_memory_access(op):
            root = memref_root(op.memref)
            seen = [load for load in seen if memref_root(load.memref) is not root]
        elif op.regions or not is_memory_effect_free(op):
            seen = []
    return merged


def _candidates(root, factor: int) -> list:
    """[(loop, innermost loop, memref name)]: for each innermost loop, the
    loops around it (its parent, and the loops around that with nothing
    else in their bodies), outermost first, along which two of its loads,
    of a memref the innermost body does not write, differ by a shift of
    fewer than `factor` iterations."""
    found = []
    for inner in root.walk():
        parent = inner.parent_op if isinstance(inner, AffineForOp) else None
        if not isinstance(parent, AffineForOp) or inner.inits or any(
                c is not inner and isinstance(c, AffineForOp) for c in inner.walk()):
            continue
        accesses = [op for op in inner.body.ops if is_memory_access(op)]
        written = {memref_root(op.memref) for op in accesses if getattr(op, "stores", False)}
        loads = [access_info(op) for op in accesses if not getattr(op, "stores", False)
                 and memref_root(op.memref) not in written]
        around = [parent]
        while isinstance(around[-1].parent_op, AffineForOp) and len(around[-1].parent_op.body.ops) == 2:
            around.append(around[-1].parent_op)
        for loop in reversed(around):
            shared = next((a for n, a in enumerate(loads) for b in loads[n + 1:]
                           if _shift(a, b, loop.induction_var, factor)), None)
            if shared is not None:
                found.append((loop, inner, buffer_name(shared.op.memref)))
    return found


def _few_shared(loop, factor: int) -> str:
    """Why not, where the jammed copies of the innermost loops under `loop`
    would load fewer than MIN_SHARED fewer elements than the copies apart
    (the module docstring); or ''."""
    iv = loop.induction_var
    apart = jammed = 0
    for inner in loop.walk():
        if isinstance(inner, AffineForOp) and not any(
                isinstance(op, AffineForOp) for op in inner.body.ops):
            body = [access_info(op) for op in inner.body.ops if is_memory_access(op)]
            apart += factor * _loads_kept(body, iv, 1)
            jammed += _loads_kept(body, iv, factor)
    if apart and apart - jammed < MIN_SHARED * apart:
        return (f"the copies would share {apart - jammed} of their {apart} loads, fewer than "
                f"{MIN_SHARED:.0%}")
    return ""


def _loads_kept(body: list, iv, copies: int) -> int:
    """The loads of `copies` copies of the accesses `body` once
    `share_loads` has merged them (`_copy_accesses`)."""
    return sum(1 for access, _, kept in _copy_accesses(body, iv, copies)
               if kept and not getattr(access.op, "stores", False))


def _copy_accesses(body: list, iv, copies: int):
    """(AccessInfo, its subscripts' constants in the copy, kept) for each
    access of `copies` copies of `body` one after the other (the copy c at
    `iv + c`); a load is not kept where `share_loads` merges it with an
    earlier load of the element, not stored to since."""
    loaded: set = set()
    for copy in range(copies):
        for access in body:
            constants = tuple(row.constant + copy * row.coeffs.get(iv, 0) for row in access.rows)
            root = memref_root(access.memref)
            if getattr(access.op, "stores", False):
                loaded = {key for key in loaded if key[0] is not root}
                yield access, constants, True
                continue
            key = (root, _linear_key(access), constants)
            yield access, constants, key not in loaded
            loaded.add(key)


def _short_rows(loop, inner) -> str:
    """Why not, where an access of the innermost body walks fewer than
    PAGE_BYTES contiguous bytes in one run of the loops inside `loop`
    (the module docstring); or ''."""
    chain = [inner]
    while chain[-1].parent_op is not loop:
        chain.append(chain[-1].parent_op)
    for op in inner.body.ops:
        if is_memory_access(op):
            walked = _contiguous_bytes(access_info(op), chain)
            if walked is not None and walked < PAGE_BYTES:
                return (f"a copy's accesses to {buffer_name(op.memref)} would run over "
                        f"{walked} contiguous bytes and jump, fewer than a page of {PAGE_BYTES}: "
                        f"the prefetchers would start again at every jump")
    return ""


def _contiguous_bytes(access, chain: list):
    """The bytes `access` walks without a jump in one run of the loops
    `chain` (innermost first), or None where a trip count or a stride is
    not known."""
    shape = list(getattr(access.memref.type, "shape", ()))
    if getattr(access.memref.type, "layout", None) is not None or any(
            size is None for size in shape[1:]) or any(row.nonlinear for row in access.rows):
        return None
    strides = [1] * len(shape)
    for d in reversed(range(len(shape) - 1)):
        strides[d] = strides[d + 1] * shape[d + 1]
    walked = 0
    for loop in chain:
        trip = constant_trip_count(loop)
        if trip is None:
            return None
        stride = abs(sum(row.coeffs.get(loop.induction_var, 0) * strides[d]
                         for d, row in enumerate(access.rows))) * access.element_size
        if loop is chain[0]:
            walked = trip * access.element_size if stride == access.element_size \
                else access.element_size
        elif stride and stride <= walked + LINE_BYTES:
            walked += (trip - 1) * stride
        else:
            break
    return walked


def _aliased_4k(loop, inner, factor: int) -> str:
    """Why not, where a copy of the jammed body would load, after an
    earlier copy's store to another memref of the same type, an element at
    a distance from it that is a multiple of 4 KiB give or take a vector
    (the module docstring); or ''.  The copies' loads are taken as
    `share_loads` leaves them: an element loaded before is not loaded
    again."""
    body = [access_info(op) for op in inner.body.ops if is_memory_access(op)]
    stores: list = []           # (AccessInfo, its constants in this copy)
    for access, constants, kept in _copy_accesses(body, loop.induction_var, factor):
        if getattr(access.op, "stores", False):
            stores.append((access, constants))
            continue
        for store, at in stores if kept else ():
            distance = _byte_distance(store, at, access, constants)
            if store.memref is not access.memref and distance is not None and (
                    abs((distance + 2048) % 4096 - 2048) < VECTOR_BYTES):
                return (f"a copy would load {buffer_name(access.memref)} {distance} bytes "
                        f"from an earlier copy's store to {buffer_name(store.memref)}, an "
                        f"array of the same type: within a vector of a multiple of 4 KiB if "
                        f"they are allocated alike (4K aliasing)")
    return ""


def _linear_key(access) -> tuple:
    return tuple(tuple(sorted(row.coeffs.items(), key=lambda item: id(item[0])))
                 for row in access.rows)


def _byte_distance(store, store_constants, load, load_constants):
    """The distance in bytes from the element `store` writes to the one
    `load` reads, at the same iteration, where both are of one memref type
    with static strides and the same linear subscripts; else None."""
    shaped = load.memref.type
    if store.memref.type != shaped or _linear_key(store) != _linear_key(load) or any(
            row.nonlinear for row in store.rows + load.rows):
        return None
    shape = list(getattr(shaped, "shape", ()))
    if getattr(shaped, "layout", None) is not None or any(size is None for size in shape[1:]):
        return None
    distance, stride = 0, 1
    for d in reversed(range(len(shape))):
        distance += stride * (load_constants[d] - store_constants[d])
        stride *= shape[d] if d else 1
    return distance * load.element_size


def _shift(a, b, iv, factor: int) -> bool:
    """Whether the accesses `a` and `b` (AccessInfo) of one memref are one
    element `delta` iterations of `iv` apart, 0 < |delta| < factor."""
    if a.memref is not b.memref or any(row.nonlinear for row in a.rows + b.rows):
        return False
    delta = None
    for ra, rb in zip(a.rows, b.rows):
        if ra.coeffs != rb.coeffs:
            return False
        step, difference = ra.coeffs.get(iv, 0), rb.constant - ra.constant
        if step == 0:
            if difference:
                return False
            continue
        if difference % step or (delta is not None and delta != difference // step):
            return False
        delta = difference // step
    return delta is not None and 0 < abs(delta) < factor

