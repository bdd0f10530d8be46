"""The suite's runs, markers and oracle mode.

- `python -m pytest`: the quick run, every test but those marked `slow`
  (whole tool processes by the hundred, benchmarks' quick modes, the real
  lit) or `oracle` (asking a live mlir-opt);
- `python -m pytest --all`: the whole suite, as CI runs it;
- `-m EXPRESSION` (`-m oracle`, `-m "corpus and not slow"`): what the
  expression chooses, as pytest reads it.

mlir-opt's answers come from tests/oracle/ (oracle.py); with
$PYAFFINE_ORACLE=record the live tool answers and those files are rewritten
(tools/record_oracle.py), with `live` it answers and nothing is kept.
"""

from __future__ import annotations

import json
import os

import pytest

import fuzzing
import oracle

MARKERS = {
    "slow": "many whole processes or a benchmark's quick mode; in the full run (--all)",
    "oracle": "asks a live mlir-opt 22; in the full run (--all)",
    "corpus": "reads the shared corpus (../shared or $PYAFFINE_SHARED)",
}
PARTIAL = ".partial-"


def pytest_addoption(parser):
    group = parser.getgroup("pyaffine-opt")
    group.addoption("--all", action="store_true", dest="run_all",
                    help="run the whole suite: the slow tests and the live oracle ones too")


def pytest_configure(config):
    for name, text in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {text}")


def pytest_collection_modifyitems(config, items):
    # A marker expression chooses for itself (`-m slow`, `-m "not oracle"`).
    if config.getoption("run_all") or config.getoption("markexpr"):
        return
    kept, left = [], []
    for item in items:
        (left if any(item.get_closest_marker(m) for m in ("slow", "oracle")) else kept).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


def pytest_sessionfinish(session):
    """In record mode: each worker leaves the answers its tests asked for as
    partial files; the process that ran the session (xdist's controller, or
    the only one) joins them into one file per test module."""
    if oracle.mode() != "record":
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is not None:
        oracle.STORE.mkdir(exist_ok=True)
        path = oracle.STORE / f"{PARTIAL}{worker}.json"
        path.write_text(json.dumps(oracle._asked, sort_keys=True), encoding="ascii")
        return
    asked: dict = {}
    for path in sorted(oracle.STORE.glob(f"{PARTIAL}*.json")):
        for module, entries in json.loads(path.read_text(encoding="ascii")).items():
            asked.setdefault(module, {}).update(entries)
        path.unlink()
    for module, entries in oracle._asked.items():
        asked.setdefault(module, {}).update(entries)
    oracle._asked.clear()
    oracle._asked.update(asked)
    for path in oracle.write_recorded():
        print(f"\nrecorded {path.relative_to(oracle.STORE.parent.parent)}")


@pytest.fixture(scope="module")
def runner():
    """The driver in a forked worker (fuzzing.Runner), one per test module,
    judged by the hang guard only."""
    made = fuzzing.Runner(limit=fuzzing.HANG_LIMIT)
    yield made
    made.close()
