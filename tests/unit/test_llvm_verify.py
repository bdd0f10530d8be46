"""The llvm dialect against mlir-opt 22: a text of its ops prints as
mlir-opt prints it (custom and generic form), and each chunk of
data/llvm-ops-invalid.mlir (invalid uses modelled on upstream's
mlir/test/Dialect/LLVMIR/invalid.mlir) is rejected where and as mlir-opt
rejects it: both pass -verify-diagnostics on it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import oracle
from mlir_affine_py import opt_main
from support import MLIR_OPT

DATA = Path(__file__).parent / "data"
INVALID = DATA / "llvm-ops-invalid.mlir"
ROUNDTRIP = DATA / "llvm-ops-roundtrip.mlir"
CHUNKS = INVALID.read_text().split("\n// -----\n")


def _ours(argv, cwd, capsys):
    here = os.getcwd()
    os.chdir(cwd)
    try:
        code = opt_main.main([str(a) for a in argv])
    finally:
        os.chdir(here)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _mlir_opt(argv, cwd):
    if MLIR_OPT is None:
        pytest.skip("mlir-opt is not installed")
    return oracle.run([MLIR_OPT, *argv], capture_output=True, text=True, cwd=cwd, timeout=60)


def assert_rejected_as_mlir_opt_rejects_it(chunk: str, tmp_path, capsys) -> None:
    """Both tools pass -verify-diagnostics on `chunk`, printing the same."""
    path = tmp_path / "chunk.mlir"
    path.write_text(chunk)
    argv = ["-verify-diagnostics", path.name]
    expected = _mlir_opt(argv, tmp_path)
    assert expected.returncode == 0, expected.stderr
    assert _ours(argv, tmp_path, capsys) == (0, expected.stdout, expected.stderr)


@pytest.mark.parametrize("index", range(len(CHUNKS)))
def test_invalid_chunk_rejected_as_mlir_opt_rejects_it(index, tmp_path, capsys):
    assert_rejected_as_mlir_opt_rejects_it(CHUNKS[index], tmp_path, capsys)


@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
def test_ops_print_as_mlir_opt_prints_them(generic, tmp_path, capsys):
    path = tmp_path / "ops.mlir"
    path.write_text(ROUNDTRIP.read_text())
    argv = (["--mlir-print-op-generic"] if generic else []) + [path.name]
    expected = _mlir_opt(argv, tmp_path)
    assert expected.returncode == 0, expected.stderr
    assert _ours(argv, tmp_path, capsys) == (0, expected.stdout, "")


def test_loads_and_stores_declare_their_effects():
    """LoadOp/StoreOp::getEffects: a read or write of the address; a
    volatile or an atomic (monotonic or stricter) access also reads and
    writes memory at large (an effect on no value)."""
    from mlir_affine_py.ir.traits import memory_effects
    from mlir_affine_py.parse.parser import parse_source
    module = parse_source("""
llvm.func @f(%p: !llvm.ptr, %x: f32) {
  %0 = llvm.load %p : !llvm.ptr -> f32
  %1 = llvm.load volatile %p : !llvm.ptr -> f32
  llvm.store %x, %p : f32, !llvm.ptr
  llvm.store %x, %p atomic monotonic {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}
""")
    ops = [op for op in module.walk() if op.op_name in ("llvm.load", "llvm.store")]
    described = [[(effect.kind, effect.value is None) for effect in memory_effects(op)]
                 for op in ops]
    assert described == [[("read", False)], [("read", False), ("write", True), ("read", True)],
                         [("write", False)], [("write", False), ("write", True), ("read", True)]]
