#!/usr/bin/env python3
"""Prepare the parser's tables for every set of dialects a run may load.

    python tools/prepare_parser.py [--jobs 2]

The first run that needs a grammar (the ops of a plain affine text, of the
deferred dialects but gpu and llvm, of every dialect; with and without the
extended grammar's ops) waits while Lark builds its LALR tables, a second
to half a minute, and keeps them in the user's cache folder
(`~/.cache/pyaffine-opt`, or `$XDG_CACHE_HOME/pyaffine-opt`).  This makes
them all at once: after an install, or in CI beside the wheel's build
(.ci/run).  With `--jobs 2` the largest grammar is prepared in a process of
its own, beside the five others.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor


def _prepare(sets) -> None:
    from mlir_affine_py.parse.parser import prepare_grammars
    prepare_grammars(sets)


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    options.add_argument("--jobs", type=int, choices=(1, 2), default=1,
                         help="processes: 2 prepares the largest grammar beside the others")
    jobs = options.parse_args().jobs
    if jobs == 1:
        _prepare(None)
        return 0
    from mlir_affine_py.parse.parser import grammar_sets
    sets = grammar_sets()
    with ProcessPoolExecutor(2) as pool:
        for done in [pool.submit(_prepare, sets[-1:]), pool.submit(_prepare, sets[:-1])]:
            done.result()
    return 0


if __name__ == "__main__":
    sys.exit(main())
