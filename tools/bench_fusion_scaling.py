#!/usr/bin/env python3
"""Decision time of -affine-permute-and-fuse against isl's own scheduler.

    python tools/bench_fusion_scaling.py                 # 10, 50, 200 statements
    python tools/bench_fusion_scaling.py --sizes 10 50 --timeout 120

The programs
------------
Generated chains of 2-d nests over N x N arrays (N = 256), one statement per
nest, each reading the array the nest before it wrote, in place or
transposed, and writing the next one; every fourth nest also reads the
array three nests back, so dependences reach past the neighbour, and every
third nest updates its array in place along its inner loop (a self
dependence that keeps that loop inside).  Half the transposed reads need
the nest permuted before it can fuse with its producer: the question the
fusion conflict graph answers.

What is timed
-------------
On the same SCoP and the same exact dependences (computed once, not timed):

- the pass's decision: `polyhedral.fusion.decide_schedule` (BUILDFCG, the
  colouring level by level, the cost model's choice);
- isl's scheduler, a Pluto-style ILP (`isl.ScheduleConstraints.on_domain`
  with the dependences as validity and proximity constraints,
  `compute_schedule`).

Each measurement runs in a child process with a time limit (`--timeout`,
seconds), reported as "> limit" when exceeded.  Both curves are printed
as a table, seconds per program, best of `--repeat`.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

N = 256


def chain_program(statements: int) -> str:
    lines = [f"func.func @chain({', '.join(f'%A{k}: memref<{N}x{N}xf64>' for k in range(statements + 1))}) {{"]
    for k in range(statements):
        src, dst = f"%A{k}", f"%A{k + 1}"
        read = "%j, %i" if k % 2 else "%i, %j"
        body = [f"      %a = affine.load {src}[{read}] : memref<{N}x{N}xf64>"]
        value = "%a"
        if k % 4 == 3:
            body.append(f"      %b = affine.load %A{k - 2}[%i, %j] : memref<{N}x{N}xf64>")
            body.append("      %c = arith.addf %a, %b : f64")
            value = "%c"
        if k % 3 == 2:
            body.append(f"      %d = affine.load {dst}[%i, %j - 1] : memref<{N}x{N}xf64>")
            body.append(f"      %e = arith.addf {value}, %d : f64")
            value = "%e"
        lines += [f"  affine.for %i = 0 to {N} {{", f"    affine.for %j = 1 to {N} {{", *body,
                  f"      affine.store {value}, {dst}[%i, %j] : memref<{N}x{N}xf64>", "    }", "  }"]
    lines += ["  return", "}"]
    return "\n".join(lines) + "\n"


def _setup(statements: int):
    from mlir_affine_py.dialects.affine import AffineForOp
    from mlir_affine_py.parse.parser import parse_source
    from mlir_affine_py.polyhedral.dependences import compute_dependences
    from mlir_affine_py.polyhedral.scop import extract
    module = parse_source(chain_program(statements))
    func = next(op for op in module.walk() if op.op_name == "func.func")
    scop = extract([op for op in func.regions[0].blocks[0].ops if isinstance(op, AffineForOp)])
    return scop, compute_dependences(scop).all


def _time_pass(statements: int, queue) -> None:
    from mlir_affine_py.polyhedral.fusion import decide_schedule
    scop, deps = _setup(statements)
    started = time.perf_counter()
    plan = decide_schedule(scop, deps)
    seconds = time.perf_counter() - started
    loops = len({row.beta for rows in plan.schedule.rows.values() for row in rows[:1]})
    queue.put((seconds, f"{loops} outer loops"))


def _time_isl(statements: int, queue) -> None:
    import islpy as isl
    scop, deps = _setup(statements)
    started = time.perf_counter()
    constraints = isl.ScheduleConstraints.on_domain(scop.domain)
    constraints = constraints.set_validity(deps).set_proximity(deps)
    schedule = constraints.compute_schedule()
    seconds = time.perf_counter() - started
    root = schedule.get_root().child(0)
    queue.put((seconds, f"root {root.get_type()}"))


def measure(target, statements: int, timeout: float):
    queue = multiprocessing.Queue()
    child = multiprocessing.Process(target=target, args=(statements, queue))
    child.start()
    child.join(timeout)
    if child.is_alive():
        child.terminate()
        child.join()
        return None, "timed out"
    if child.exitcode != 0:
        return None, f"failed (exit {child.exitcode})"
    return queue.get()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 50, 200])
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args(argv)
    rows = []
    for size in args.sizes:
        row = [size]
        for target in (_time_pass, _time_isl):
            best, note = None, ""
            for _ in range(args.repeat):
                seconds, note = measure(target, size, args.timeout)
                if seconds is not None and (best is None or seconds < best):
                    best = seconds
            row.append((best, note))
        rows.append(row)
        print(f"{size} statements: pass {row[1]}, isl {row[2]}", file=sys.stderr, flush=True)
    print("| statements | -affine-permute-and-fuse decision (s) | isl compute_schedule (s) | isl / pass |")
    print("|---:|---:|---:|---:|")
    for size, (mine, _), (theirs, why) in rows:
        def text(value):
            return f"{value:.3f}" if value is not None else f"> {args.timeout:g}"
        ratio = f"{theirs / mine:.1f}" if mine and theirs else "-"
        print(f"| {size} | {text(mine)} | {text(theirs)} | {ratio} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
