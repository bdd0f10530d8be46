#!/usr/bin/env python3
"""Time -affine-loop-interchange per nest for nest depths 2 to 8.

For each depth d a perfect nest is generated with several accesses that use
the loops in different orders (a row walk, a column walk, a reversed
d-dimensional read, a loop-carried update with a small distance) so that the
dependence analysis, the legality pruning and the cost model all have work.
The pass runs in-process on the parsed module (parsing is not timed); the
median of --repeat runs is reported, as a Markdown table.

    python tools/bench_interchange.py [--depths 2 3 4 5 6 7 8] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import time


def generate_nest(depth: int, trip: int = 16) -> str:
    ivs = [f"%i{k}" for k in range(depth)]
    shape = "x".join([str(trip + 2)] * depth)
    memref = f"memref<{shape}xf64>"
    forward = ", ".join(ivs)
    backward = ", ".join(reversed(ivs))
    shifted = ", ".join(ivs[:-1] + [f"{ivs[-1]} + 1"])
    # Distance (1, -1, 0, ...): every order that puts i1 before i0 is illegal.
    carried = ", ".join([f"{ivs[0]} + 1", f"{ivs[1]} - 1"] + ivs[2:])
    lines = [f"func.func @nest{depth}(%A: {memref}, %B: {memref}, %C: {memref}) {{"]
    for k, iv in enumerate(ivs):
        lower = 1 if k == 1 else 0
        lines.append("  " * (k + 1) + f"affine.for {iv} = {lower} to {trip} {{")
    pad = "  " * (depth + 1)
    lines += [
        f"{pad}%a = affine.load %A[{forward}] : {memref}",
        f"{pad}%b = affine.load %B[{backward}] : {memref}",
        f"{pad}%a1 = affine.load %A[{shifted}] : {memref}",
        f"{pad}%c = affine.load %C[{forward}] : {memref}",
        f"{pad}%s = arith.addf %a, %b : f64",
        f"{pad}%t = arith.addf %s, %a1 : f64",
        f"{pad}%u = arith.addf %t, %c : f64",
        f"{pad}affine.store %u, %C[{carried}] : {memref}",
        f"{pad}affine.store %s, %B[{backward}] : {memref}",
    ]
    for k in reversed(range(depth)):
        lines.append("  " * (k + 1) + "}")
    lines += ["  return", "}"]
    return "\n".join(lines) + "\n"


def time_depth(depth: int, repeat: int) -> tuple[float, str]:
    from mlir_affine_py.parse.parser import parse_source
    from mlir_affine_py.passes import drain_remarks
    from mlir_affine_py.transforms.loop_interchange import run_affine_loop_interchange
    text = generate_nest(depth)
    times = []
    decision = ""
    for _ in range(repeat):
        module = parse_source(text)
        start = time.perf_counter()
        run_affine_loop_interchange(module, {"remarks": "true"})
        times.append(time.perf_counter() - start)
        remarks = drain_remarks()
        decision = next((r.message.split(": ", 1)[1] for r in remarks
                         if "chose" in r.message or "kept" in r.message or "left" in r.message), "")
        legal = next((r.message.split("; ")[-1] for r in remarks if "orders legal" in r.message), "")
    return statistics.median(times), f"{legal}; {decision}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", type=int, nargs="+", default=list(range(2, 9)))
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print("| depth | accesses | median time per nest (s) | legal orders; decision |")
    print("|---:|---:|---:|---|")
    for depth in args.depths:
        seconds, decision = time_depth(depth, args.repeat)
        print(f"| {depth} | 6 | {seconds:.3f} | {decision} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
