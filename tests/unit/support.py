"""Where the tests find their outside inputs: the shared corpus (the
`shared` folder beside the repository, or $PYAFFINE_SHARED) and mlir-opt 22
($MLIR_OPT, PATH, or /usr/lib/llvm-22/bin).  Tests needing either skip
without it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]


def find_corpus() -> Path | None:
    candidates = []
    if os.environ.get("PYAFFINE_SHARED"):
        candidates.append(Path(os.environ["PYAFFINE_SHARED"]))
    candidates.append(REPO_ROOT.parent / "shared")
    for shared in candidates:
        corpus = shared / "corpus"
        if (corpus / "expected").is_dir():
            return corpus
    return None


def find_mlir_tool(name: str) -> str | None:
    env = os.environ.get(name.upper().replace("-", "_"))
    for candidate in (env, shutil.which(name), f"/usr/lib/llvm-22/bin/{name}"):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


MLIR_OPT = find_mlir_tool("mlir-opt")
MLIR_RUNNER = find_mlir_tool("mlir-runner")
CORPUS = find_corpus()
