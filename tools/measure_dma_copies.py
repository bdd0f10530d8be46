#!/usr/bin/env python3
"""How -affine-data-copy-generate with `generate-dma` compares with
mlir-opt 22 on the data-copy tests' random programs.

    python tools/measure_dma_copies.py [SEED [COUNT]]

COUNT (30) seeded programs of tests/unit/affine_programs.py (generator
seed SEED, 3 by default) go through the pass with
`generate-dma=true fast-mem-space=1`, with and without
`fast-mem-capacity=1`, in this tool and in mlir-opt 22.  For each output
with DMA it prints whether the two tools' outputs are byte-identical and
under which of the interpreter's executions of a transfer (at its start, at
its wait) each computes other arrays than the original; then the totals.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "unit")]

from affine_programs import ProgramGenerator, interpreter_outcome, profile_of  # noqa: E402
from mlir_affine_py import api  # noqa: E402
from support import find_mlir_tool  # noqa: E402

FLAGS = ("generate-dma=true fast-mem-space=1",
         "generate-dma=true fast-mem-space=1 fast-mem-capacity=1")
MODELS = ("at-start", "at-wait")


def ours(text: str, flags: str) -> str:
    module = api.parse(text)
    api.run_pipeline(module, f"builtin.module(func.func(affine-data-copy-generate{{{flags}}}))")
    return api.to_string(module) + "\n"


def outcome(text: str, model: str):
    try:
        return interpreter_outcome(text, 0, model)
    except Exception as error:  # noqa: BLE001 - a run that fails computes no arrays
        return f"error: {error}"


def main(argv: list) -> int:
    mlir_opt = find_mlir_tool("mlir-opt")
    if mlir_opt is None:
        print("mlir-opt not found", file=sys.stderr)
        return 1
    seed = int(argv[0]) if argv else 3
    count = int(argv[1]) if len(argv) > 1 else 30
    rng = random.Random(seed)
    texts = [ProgramGenerator(rng, profile_of(k)).program() for k in range(count)]
    totals = dict(dma=0, identical=0, ours_wrong=0, mlir_opt_wrong=0, both_wrong=0)
    for k, text in enumerate(texts):
        before = {model: outcome(text, model) for model in MODELS}
        for flags in FLAGS:
            mine = ours(text, flags)
            theirs = subprocess.run([mlir_opt, f"-affine-data-copy-generate={flags}", "-"],
                                    input=text, capture_output=True, text=True).stdout
            if "affine.dma_start" not in mine:
                continue
            mine_wrong = [m for m in MODELS if outcome(mine, m) != before[m]]
            theirs_wrong = [m for m in MODELS if outcome(theirs, m) != before[m]]
            totals["dma"] += 1
            totals["identical"] += mine == theirs
            totals["ours_wrong"] += bool(mine_wrong)
            totals["mlir_opt_wrong"] += bool(theirs_wrong)
            totals["both_wrong"] += bool(mine_wrong and theirs_wrong)
            print(f"program {k} [{flags}]: {'identical' if mine == theirs else 'differs'}; "
                  f"wrong here: {mine_wrong or 'no'}; wrong in mlir-opt: {theirs_wrong or 'no'}")
    print(", ".join(f"{key} {value}" for key, value in totals.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
