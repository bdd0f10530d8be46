"""-test-loop-permutation against mlir-opt 22 on real nests.

For every PolyBench file of the shared corpus that parses, and for every
depth of perfect nest it contains, every permutation map of that size is
applied with check-validity=true by both tools; the outputs must be
identical (same verdict on legality, same text).  mlir-opt's answers are
recorded (oracle.py).  Skipped without the corpus.

Nests up to depth 4 are tried with all their permutations.  Deeper nests
(cnn_forward has one of depth 7: 5040 maps) get the identity, the reversal
and a fixed pseudo-random sample in the normal suite, and every permutation
with PYAFFINE_EXHAUSTIVE=1."""

from __future__ import annotations

import io
import itertools
import os
import random

import pytest

import oracle
from mlir_affine_py.opt_main import Options, run
from support import CORPUS, MLIR_OPT

pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found"),
    pytest.mark.skipif(CORPUS is None, reason="../shared/corpus not found"),
]


def _files():
    if CORPUS is None:
        return []
    sources = []
    for folder in ("polybench", "polybench-patched"):
        for expected in sorted((CORPUS / "expected" / folder).glob("*.mlir")):
            sources.append(CORPUS / folder / expected.name)
    return sources


def _nest_depths(path) -> set:
    from mlir_affine_py.dialects.affine import AffineForOp
    from mlir_affine_py.parse.parser import parse_source
    from mlir_affine_py.transforms.loop_utils import get_perfectly_nested_loops
    module = parse_source(path.read_text(), allow_unregistered=True)
    depths = set()
    for op in module.walk():
        if isinstance(op, AffineForOp):
            depth = len(get_perfectly_nested_loops(op))
            if depth >= 2:
                depths.add(depth)
    return depths


SAMPLE = 24


def _permutations(depth: int, seed: str):
    every = itertools.permutations(range(depth))
    if depth <= 4 or os.environ.get("PYAFFINE_EXHAUSTIVE"):
        return list(every)
    rng = random.Random(seed)
    chosen = {tuple(range(depth)), tuple(reversed(range(depth)))}
    while len(chosen) < SAMPLE:
        perm = list(range(depth))
        rng.shuffle(perm)
        chosen.add(tuple(perm))
    return sorted(chosen)


def _ours(path, option: str):
    options = Options()
    options.input = str(path)
    options.allow_unregistered = True
    options.passes = [("test-loop-permutation", option)]
    out, err = io.StringIO(), io.StringIO()
    code = run(options, out, err)
    return code, out.getvalue(), err.getvalue()


# cnn_forward's nest of depth 7 (its sampled permutations) takes tens of
# seconds: the full run.
@pytest.mark.parametrize("path", [
    pytest.param(p, marks=pytest.mark.slow) if p.name.startswith("cnn_forward") else p
    for p in _files()], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_permutation_matches_mlir_opt(path):
    depths = _nest_depths(path)
    if not depths:
        pytest.skip("no perfect nest of depth >= 2")
    for depth in sorted(depths):
        for perm in _permutations(depth, path.name):
            option = f"permutation-map={','.join(map(str, perm))} check-validity=true"
            theirs = oracle.run([MLIR_OPT, "--allow-unregistered-dialect", str(path),
                                 f"-test-loop-permutation={option}"], text=True, timeout=120)
            code, out, err = _ours(path, option)
            if theirs.returncode:
                # Upstream permutes non-rectangular nests and then rejects the
                # IR in the verifier; so must we, with the same first error.
                assert code == 1, f"{path.name}: {option}: mlir-opt failed but we did not"
                assert err.splitlines()[0] == theirs.stderr.splitlines()[0], f"{path.name}: {option}"
            else:
                assert code == 0, err
                assert out == theirs.stdout, f"{path.name}: {option}"
