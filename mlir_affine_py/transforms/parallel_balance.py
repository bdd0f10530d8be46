"""Load balance of the parallel loops of `-affine-optimize` under OpenMP's
static schedule.

mlir-opt's `-convert-scf-to-openmp` gives each thread one contiguous chunk
of a parallel loop's iterations.  Where the work of an iteration grows with
the loop's induction variable (the row tiles of a triangle: syrk's
`j <= i`, covariance's `j >= i`), the thread with the last chunk does most
of it: on two threads the last half of a triangle's rows holds three
quarters of its points, and syrk, syr2k, covariance and correlation ran
only 1.3-1.45 times faster on two threads than on one.

Folding the loop balances it for any number of threads: iteration `t` of
the new loop runs the original iterations `t` and `T - 1 - t` (T of them),
so each new iteration does `w(t) + w(T - 1 - t)`, the same for every `t`
where the work `w` is linear, and the chunks are alike:

    affine.parallel (%t) = (0) to ((ub - lb) ceildiv (2 * step)) {
      %i = affine.apply (t * step + lb)
      <body at %i>
      affine.if (T - 2 - 2 * t >= 0) {        // T - 1 - t > t
        %j = affine.apply ((T - 1 - t) * step + lb)
        <body at %j>
      }
    }

The iterations of a parallel loop are independent, so any order is legal.
A loop is folded where the model says it pays: the work of each iteration
(the iterations of its innermost loops, `analysis/loop_work.py`)
split into THREADS contiguous chunks, the largest chunk is at least
IMBALANCE times the largest after folding.  Loops with reductions, several
dimensions, bounds of several results or a work that is not a constant
function of the enclosing loops are left as they are.
"""

from __future__ import annotations

from ..analysis.loop_work import iteration_works
from ..dialects.affine import AffineApplyOp, AffineIfOp
from ..dialects.affine_parallel import AffineParallelOp
from ..ir import attributes as A
from ..ir.affine_expr import dim
from ..ir.affine_map import AffineMap, IntegerSet
from ..ir.rewriter import IRMapping, OpBuilder

# The threads the chunks are counted for: the machine the model was
# measured on has two cores.  Folding balances a linear work for any count.
THREADS = 2

# Fold where the busiest thread's share shrinks by at least this factor:
# a body twice as long is not worth less.
IMBALANCE = 1.1


def balance(parallel: AffineParallelOp) -> str:
    """Fold `parallel` where its iterations' work is unbalanced across the
    threads' chunks; a remark saying so, or "" (left as it is)."""
    shape = _fold_shape(parallel)
    if shape is None:
        return ""
    works = iteration_works(parallel, shape)
    if not works:
        return ""
    count = len(works)
    folded = [works[t] + (works[count - 1 - t] if count - 1 - t > t else 0)
              for t in range(-(-count // 2))]
    before, after = _busiest_chunk(works), _busiest_chunk(folded)
    if after * IMBALANCE > before:
        return ""
    _fold(parallel)
    return (f"folded for balance (iterations t and {count - 1} - t together: the busiest of "
            f"{THREADS} threads does {after / sum(works):.0%} of the work instead of "
            f"{before / sum(works):.0%})")


def _fold_shape(parallel: AffineParallelOp) -> list | None:
    """The values of the induction variable of a one-dimensional loop with
    single bounds and no reductions, each bound a constant; else None."""
    if parallel.results or len(parallel.steps) != 1:
        return None
    lower, upper = parallel.lower_bounds_map, parallel.upper_bounds_map
    if len(lower.results) != 1 or len(upper.results) != 1:
        return None
    if not (lower.is_single_constant() and upper.is_single_constant()):
        return None
    step = parallel.steps[0]
    return list(range(lower.get_single_constant_result(), upper.get_single_constant_result(),
                      step))


def _busiest_chunk(works: list) -> int:
    """The largest sum of the THREADS contiguous chunks a static schedule
    makes (the first ones one iteration longer where it does not divide)."""
    size, extra = divmod(len(works), THREADS)
    busiest, start = 0, 0
    for thread in range(THREADS):
        end = start + size + (1 if thread < extra else 0)
        busiest = max(busiest, sum(works[start:end]))
        start = end
    return busiest


def _fold(parallel: AffineParallelOp) -> None:
    """Rewrite `parallel` in place into the module docstring's form (the
    first copy uses the induction variable itself where the loop runs from
    0 by 1)."""
    lower = parallel.lower_bounds_map.get_single_constant_result()
    upper = parallel.upper_bounds_map.get_single_constant_result()
    step = parallel.steps[0]
    count = -(-(upper - lower) // step)
    t = dim(0)
    parallel.properties["lowerBoundsMap"] = A.AffineMapAttr(AffineMap.get_constant_map(0))
    parallel.properties["upperBoundsMap"] = A.AffineMapAttr(
        AffineMap.get_constant_map(-(-count // 2)))
    old_step = parallel.properties["steps"].value[0]
    parallel.properties["steps"] = A.ArrayAttr([A.IntegerAttr(1, old_step.type)])
    body = parallel.body
    iv = body.args[0]
    ops = list(body.ops[:-1])
    first = iv
    if (lower, step) != (0, 1):
        uses = list(iv.uses)
        builder = OpBuilder.before_op(body.ops[0])
        first = builder.create(AffineApplyOp, AffineMap.get(1, 0, [t * step + lower]),
                               [iv]).results[0]
        for user, index in uses:
            user.set_operand(index, first)
    guard = IntegerSet.get(1, 0, [count - 2 - 2 * t], [False])
    branch = OpBuilder.before_op(body.ops[-1]).create(AffineIfOp, guard, [iv])
    inner = OpBuilder.before_op(branch.then_block.ops[-1])
    second = inner.create(AffineApplyOp, AffineMap.get(1, 0, [(count - 1 - t) * step + lower]),
                          [iv])
    mapping = IRMapping({first: second.results[0]})
    for op in ops:
        inner.clone(op, mapping)
