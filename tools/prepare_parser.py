#!/usr/bin/env python3
"""Prepare the parser's tables for every set of dialects a run may load.

    python tools/prepare_parser.py

The first run that needs a grammar (the ops of a plain affine text, of the
deferred dialects but gpu and llvm, of every dialect; with and without the
extended grammar's ops) waits while Lark builds its LALR tables, a second
to half a minute, and keeps them in the user's cache folder
(`~/.cache/pyaffine-opt`, or `$XDG_CACHE_HOME/pyaffine-opt`).  This makes
them all at once: after an install, or in CI on an otherwise idle core
while the wheel is built (.ci/run).
"""

from __future__ import annotations

import sys


def main() -> int:
    from mlir_affine_py.parse.parser import prepare_grammars
    prepare_grammars()
    return 0


if __name__ == "__main__":
    sys.exit(main())
