"""The gpu dialect's verifiers against mlir-opt 22: each chunk of
data/gpu-ops-invalid.mlir (invalid uses modelled on upstream's
mlir/test/Dialect/GPU/invalid.mlir) is rejected where and as mlir-opt
rejects it: both pass -verify-diagnostics on it, and without it both
report it alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_llvm_verify import _mlir_opt, _ours, assert_rejected_as_mlir_opt_rejects_it

INVALID = Path(__file__).parent / "data" / "gpu-ops-invalid.mlir"
CHUNKS = INVALID.read_text().split("\n// -----\n")


@pytest.mark.parametrize("index", range(len(CHUNKS)))
def test_invalid_chunk_rejected_as_mlir_opt_rejects_it(index, tmp_path, capsys):
    assert_rejected_as_mlir_opt_rejects_it(CHUNKS[index], tmp_path, capsys)


# The note that shows an op whose operandSegmentSizes has another length
# than its groups: mlir-opt prints the property it could not convert as its
# zeros, pyaffine-opt the array written.
REPORTED = [index for index, chunk in enumerate(CHUNKS) if "operandSegmentSizes" not in chunk]


@pytest.mark.parametrize("index", REPORTED)
def test_invalid_chunk_reported_as_mlir_opt_reports_it(index, tmp_path, capsys):
    """Without -verify-diagnostics: the same exit status and the same
    report, columns and notes included."""
    path = tmp_path / "chunk.mlir"
    path.write_text(CHUNKS[index])
    expected = _mlir_opt([path.name], tmp_path)
    assert _ours([path.name], tmp_path, capsys) == (expected.returncode, expected.stdout,
                                                    expected.stderr)
