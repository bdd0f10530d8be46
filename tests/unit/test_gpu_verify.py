"""The gpu dialect's verifiers against mlir-opt 22: each chunk of
data/gpu-ops-invalid.mlir (invalid uses modelled on upstream's
mlir/test/Dialect/GPU/invalid.mlir) is rejected where and as mlir-opt
rejects it: both pass -verify-diagnostics on it."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_llvm_verify import _mlir_opt, _ours

INVALID = Path(__file__).parent / "data" / "gpu-ops-invalid.mlir"
CHUNKS = INVALID.read_text().split("\n// -----\n")


@pytest.mark.parametrize("index", range(len(CHUNKS)))
def test_invalid_chunk_rejected_as_mlir_opt_rejects_it(index, tmp_path, capsys):
    path = tmp_path / "chunk.mlir"
    path.write_text(CHUNKS[index])
    argv = ["-verify-diagnostics", path.name]
    expected = _mlir_opt(argv, tmp_path)
    assert expected.returncode == 0, expected.stderr
    assert _ours(argv, tmp_path, capsys) == (0, expected.stdout, expected.stderr)
