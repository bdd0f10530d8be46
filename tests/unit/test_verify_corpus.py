"""Upstream's invalid-input tests (the shared corpus's `verify/` folder): every
`// -----` chunk with an `expected-error`, run alone without
-verify-diagnostics, must be rejected (exit 1: an MLIR diagnostic, never an
accepted input nor an internal error).  Where mlir-opt is installed, a chunk
that mlir-opt rejects in its verifier (a `'op.name' op ...` message) must
get mlir-opt's first error line from pyaffine-opt, word for word and on the
same line and column, unless it is one of KNOWN_DIFFERENCES.

The chunks are parsed in this process (fast); mlir-opt runs once per file
with -split-input-file, its diagnostics assigned to chunks by line."""

from __future__ import annotations

import json
import re

import pytest

import oracle
from mlir_affine_py import opt_main
from mlir_affine_py.diagnostics import MLIRError, format_diagnostic
from mlir_affine_py.parse.parser import split_input
from support import CORPUS, MLIR_OPT

pytestmark = pytest.mark.corpus

VERIFY = CORPUS / "verify" if CORPUS is not None else None
FILES = sorted(p.name for p in VERIFY.glob("*.mlir")) if VERIFY and VERIFY.is_dir() else []
# What running a file takes beyond its RUN line's pass flags.
DRIVER_FLAGS = {"-split-input-file", "-verify-diagnostics"}

# Verifier messages pyaffine-opt does not yet give as mlir-opt does, by file
# and chunk number (from 0, counting all chunks): ops it does not know, and
# rules not yet written.  A chunk listed here must still be rejected.
KNOWN_DIFFERENCES: dict = {}

# Chunks pyaffine-opt still accepts, each rejected by mlir-opt's parser
# (not by an op's verifier): the message mlir-opt gives.
NOT_YET_REJECTED: dict = {}

_VERIFIER_MESSAGE = re.compile(r"'[\w.$-]+' op ")


def _flags(name: str) -> list:
    flags = json.loads((VERIFY / "flags.json").read_text())[name]
    return [f for f in flags if f not in DRIVER_FLAGS]


def _chunks(name: str):
    """(index, text, line offset) of the file's chunks with an expected error."""
    text = (VERIFY / name).read_text(encoding="utf-8", errors="surrogateescape")
    chunks, _near_misses = split_input(text)
    for index, chunk in enumerate(chunks):
        if "expected-error" in chunk.text:
            yield index, chunk.text, chunk.line_offset


def _first_error(stderr: str, filename: str, first: int, last: int) -> str | None:
    """The first `file:L:C: error: ...` line with L in [first, last]."""
    pattern = re.compile(rf"^{re.escape(filename)}:(\d+):\d+: error: .*$", re.M)
    for match in pattern.finditer(stderr):
        if first <= int(match.group(1)) <= last:
            return match.group(0)
    return None


def _pyaffine_first_error(name: str, chunk: str, offset: int) -> tuple[str, str | None]:
    """('rejected', first error line), ('accepted', None) or ('crashed', why)."""
    options = opt_main.parse_args(_flags(name) + [name])
    try:
        opt_main.process_chunk(chunk, options, name, offset)
    except MLIRError as error:
        text = format_diagnostic(name, chunk, error.message, error.pos, error.severity, offset)
        return "rejected", text.split("\n", 1)[0]
    except Exception as error:  # noqa: BLE001 - an internal error is what is tested
        return "crashed", f"{type(error).__name__}: {error}"
    return "accepted", None


def _mlir_opt_stderr(name: str) -> str:
    done = oracle.run([MLIR_OPT, *_flags(name), "-split-input-file", name], cwd=VERIFY,
                          capture_output=True, timeout=300)
    return done.stderr.decode("utf-8", errors="replace")


@pytest.mark.skipif(not FILES, reason="the shared corpus's verify/ folder is absent")
@pytest.mark.parametrize("name", FILES)
def test_expected_error_chunks_are_rejected_with_mlir_opt_words(name):
    reference = _mlir_opt_stderr(name) if MLIR_OPT else None
    problems = []
    checked = 0
    for index, chunk, offset in _chunks(name):
        outcome, line = _pyaffine_first_error(name, chunk, offset)
        where = f"chunk {index} (line {offset + 1})"
        if (name, index) in NOT_YET_REJECTED:
            if outcome == "rejected":     # the list stays true: a fixed chunk leaves it
                problems.append(f"{where}: rejected now; take it out of NOT_YET_REJECTED")
            if outcome == "accepted":
                continue
        if outcome != "rejected":
            problems.append(f"{where}: {outcome}{': ' + line if line else ''}")
            continue
        if reference is None or (name, index) in KNOWN_DIFFERENCES:
            continue
        expected = _first_error(reference, name, offset + 1, offset + chunk.count("\n") + 1)
        message = expected.split(": error: ", 1)[1] if expected else ""
        if not _VERIFIER_MESSAGE.match(message):
            continue        # a parser's message: not the verifier's to give
        checked += 1
        if line != expected:
            problems.append(f"{where}:\n  mlir-opt:     {expected}\n  pyaffine-opt: {line}")
    assert not problems, f"{name}:\n" + "\n".join(problems)
    if reference is not None and name == "Arith-invalid.mlir":
        assert checked > 50     # the comparison is not vacuous
