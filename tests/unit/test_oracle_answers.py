"""The recorded answers of mlir-opt (tests/oracle/, oracle.py) are what the
installed mlir-opt 22 answers: every recorded question is asked again and
its answer compared whole.  A file edited by hand, or recorded by another
mlir-opt, fails here.  Questions are asked in groups (one test per group),
so that the full run spreads them over its workers."""

from __future__ import annotations

import pytest

import oracle
from support import find_mlir_tool, text_diff

GROUPS = 16
RECORDED = oracle.recorded_questions()


def _group(index: int) -> list:
    return [entry for position, entry in enumerate(RECORDED) if position % GROUPS == index]


@pytest.mark.oracle
@pytest.mark.skipif(find_mlir_tool("mlir-opt") is None, reason="mlir-opt 22 not installed")
@pytest.mark.parametrize("index", range(GROUPS))
def test_recorded_answers_are_mlir_opts(index):
    differing = []
    for module, key, entry in _group(index):
        question = entry["question"]
        assert oracle.key_of(question) == key, f"{module}: the key of a question was edited"
        live = oracle.comparable(question, oracle.ask_live(
            question, timeout=entry["answer"].get("timed_out") or 300))
        recorded = oracle.comparable(question, entry["answer"])
        if live != recorded:
            what = next(name for name in ("returncode", "stdout", "stderr", "output")
                        if live.get(name) != recorded.get(name))
            differing.append(f"{module} {key[:12]} ({' '.join(question['args'])}): {what} differs\n"
                             + text_diff(str(recorded.get(what)), str(live.get(what)),
                                         "recorded", "mlir-opt"))
    assert not differing, "\n".join(differing[:5]) + f"\n({len(differing)} in all)"


def test_the_recorded_files_hold_answers():
    assert RECORDED, "tests/oracle/ holds no recorded answer"
