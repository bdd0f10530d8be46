"""The ops of tests/lit/roundtrip/ops-*.mlir (one file per dialect) against
mlir-opt 22: printed in the custom form and in the generic form
(`--mlir-print-op-generic`), pyaffine-opt's text must be byte-identical to
mlir-opt's (needs mlir-opt).  Without it, the generic output must read back
to the custom output and the custom output must print unchanged; the lit
tests themselves check the custom text line by line."""

from __future__ import annotations

from pathlib import Path

import pytest

from support import (MLIR_OPT, fail_unless_ok, mlir_opt_output, needs_split, read_source,
                     run_in_process, text_diff)

ROUNDTRIP = Path(__file__).resolve().parents[1] / "lit" / "roundtrip"
CASES = sorted(path.name for path in ROUNDTRIP.glob("ops-*.mlir"))


def _print(path: Path, generic: bool = False) -> str:
    split = needs_split(read_source(path))
    code, out, err = run_in_process(path, split, generic)
    fail_unless_ok(f"pyaffine-opt {path.name}", code, err)
    return out


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
def test_identical_to_mlir_opt(name, generic):
    if MLIR_OPT is None:
        pytest.skip("mlir-opt not found")
    path = ROUNDTRIP / name
    expected = mlir_opt_output(path, needs_split(read_source(path)), generic)
    actual = _print(path, generic)
    assert actual == expected, text_diff(expected, actual, "mlir-opt", "pyaffine-opt")


@pytest.mark.parametrize("name", CASES)
def test_generic_form_reads_back(name, tmp_path):
    path = ROUNDTRIP / name
    custom = _print(path)
    generic = tmp_path / "generic.mlir"
    generic.write_text(_print(path, generic=True), encoding="utf-8")
    again = tmp_path / "custom.mlir"
    again.write_text(custom, encoding="utf-8")
    assert _print(generic) == custom
    assert _print(again) == custom
