#!/usr/bin/env python3
"""How pyaffine-opt rejects upstream's invalid inputs, measured against mlir-opt 22.

    python tools/upstream_invalid.py PATH... [--details] [--mlir-opt PATH]

Each PATH is an upstream `-verify-diagnostics` test file (such as
mlir/test/Dialect/GPU/invalid.mlir of an llvm-project checkout) or a folder,
in which every *.mlir file holding an `expected-error` is taken.  The files
are read where they are; nothing of them is kept.

Every file is cut into its `// -----` chunks as mlir-opt cuts it
(parse/parser.py's split_input) and run whole, with -split-input-file and
the --allow-unregistered-dialect of its RUN line, through mlir-opt 22 and
through `python -m mlir_affine_py.opt_main` of this checkout.  A chunk's
verdict is the first error each tool reports inside its lines (line and
message), or none: accepted.  A run that ends otherwise than with exit 0 or
1 and diagnostics (a crash, an internal error, a time-out) is repeated chunk
by chunk, each chunk alone but on its own lines, so that the crash is
charged to its chunk only.

mlir-opt's verdict is the reference, not the file's annotations (upstream's
files are often newer or older than mlir-opt 22).  Counted apart:
- the chunks mlir-opt 22 accepts (and how many of them pyaffine-opt accepts);
- the chunks mlir-opt crashes on;
- the chunks that name an op, type or attribute of a dialect pyaffine-opt
  does not have (nvvm, xevm, ...) or an op its registry lacks, unless
  mlir-opt's first error is that this op is unknown.
Every other chunk mlir-opt rejects is compared: rejected on mlir-opt's line
with its message, on its line with another message, on another line,
accepted, or crashed.  --details lists the chunks of the last four kinds,
and those mlir-opt accepts and pyaffine-opt rejects, with both tools' first
errors, the most frequent messages first.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
# This checkout's package, before any installed copy: the code measured is
# the code beside this script.
sys.path[:0] = [str(REPO_ROOT), str(REPO_ROOT / "tests" / "unit")]

from mlir_affine_py.dialects import load_all_dialects  # noqa: E402
from mlir_affine_py.dialects.base import OPEN_DIALECTS, REGISTERED_DIALECTS  # noqa: E402
from mlir_affine_py.ir.core import OP_CLASSES  # noqa: E402
from mlir_affine_py.parse.parser import split_input  # noqa: E402
from support import find_mlir_tool  # noqa: E402

TIMEOUT = 600
CHUNK_TIMEOUT = 60
ERROR = re.compile(r"^(?P<file>[^\n]*?):(?P<line>\d+):(?P<column>\d+): error: (?P<message>.*)$",
                   re.M)
# An op name where an op starts: at the start of a line, after its results,
# in the generic form's quotes.
OP_NAME = re.compile(r'^\s*(?:%[\w$.#:, %-]*=\s*)?"?([A-Za-z_][\w$]*\.[\w$.]+)"?', re.M)
DIALECT_SYMBOL = re.compile(r"[!#]([A-Za-z_][\w$]*)[.<]")
COMMENT = re.compile(r"//.*$", re.M)
# What the annotations' verifier adds (mlir-opt 22 builds it whenever a
# text holds `expected-`): not the tool's verdict on the chunk.
ANNOTATION_CHECK = re.compile(r'^expected (error|note|remark|warning) ".*" was not produced$')
KINDS = ("same line and message", "same line, other message", "other line", "accepted",
         "crashed")


def test_files(paths: list[Path]) -> list[Path]:
    files = []
    for path in paths:
        if path.is_dir():
            files += sorted(p for p in path.rglob("*.mlir")
                            if "expected-error" in p.read_text(errors="replace"))
        else:
            files.append(path)
    return files


def run_flags(text: str) -> list[str]:
    run_lines = [line for line in text.split("\n") if line.lstrip("/ ").startswith("RUN:")]
    unregistered = any("allow-unregistered-dialect" in line for line in run_lines)
    return ["-split-input-file"] + (["--allow-unregistered-dialect"] if unregistered else [])


class Chunk:
    def __init__(self, text: str, first_line: int):
        self.text = text
        self.first_line = first_line          # lines before it in the file
        self.last_line = first_line + text.count("\n") + 1


def chunks_of(text: str) -> list[Chunk]:
    return [Chunk(piece, line_offset) for piece, line_offset, _ in split_input(text)[0]]


def first_errors(stderr: str, name: str, chunks: list[Chunk]) -> list:
    """Each chunk's first error, (line, message), or None."""
    found: list = [None] * len(chunks)
    for match in ERROR.finditer(stderr):
        if os.path.basename(match["file"]) != name or ANNOTATION_CHECK.match(match["message"]):
            continue
        line = int(match["line"])
        for index, chunk in enumerate(chunks):
            if chunk.first_line < line <= chunk.last_line and found[index] is None:
                found[index] = (line, match["message"].strip())
                break
    return found


def crashed(code, stderr: str) -> bool:
    return (code not in (0, 1) or "Traceback" in stderr or "internal error" in stderr
            or "PLEASE submit a bug report" in stderr)


def verdicts(command: list[str], path: Path, flags: list[str], chunks: list[Chunk],
             environment=None) -> list:
    """Each chunk's first error (line, message), None where the tool
    accepts it, or ('crash', what) where the tool crashed on it."""
    def run(target: Path, timeout: float):
        try:
            done = subprocess.run([*command, *flags, target.name], cwd=target.parent,
                                  capture_output=True, text=True, errors="replace",
                                  timeout=timeout, env=environment)
        except subprocess.TimeoutExpired:
            return None, f"no answer within {timeout:.0f} s"
        return done.returncode, done.stderr

    code, stderr = run(path, TIMEOUT)
    if code is not None and not crashed(code, stderr):
        return first_errors(stderr, path.name, chunks)
    found: list = []
    with tempfile.TemporaryDirectory(prefix="upstream-invalid-") as folder:
        alone = Path(folder) / path.name
        for chunk in chunks:
            # The chunk alone, on the lines it has in the file.
            alone.write_text("\n" * chunk.first_line + chunk.text)
            code, stderr = run(alone, CHUNK_TIMEOUT)
            if code is None or crashed(code, stderr):
                lines = [line for line in stderr.strip().split("\n") if line.strip()]
                found.append(("crash", lines[-1] if lines else f"exit {code}"))
            else:
                found.append(first_errors(stderr, path.name, [chunk])[0])
    return found


def our_dialects() -> set:
    load_all_dialects()
    return {name.partition(".")[0] for name in dict.keys(OP_CLASSES)} | {"builtin", "dlti"}


def missing_names(text: str, dialects: set) -> set:
    """The ops and dialects `text` names that pyaffine-opt lacks."""
    text = COMMENT.sub("", text)
    missing = set()
    for name in OP_NAME.findall(text):
        dialect = name.partition(".")[0]
        if dialect in OPEN_DIALECTS:
            continue
        if dialect in REGISTERED_DIALECTS and dialect not in dialects:
            missing.add(f"dialect {dialect}")
        elif dialect in dialects and name not in OP_CLASSES:
            missing.add(name)
    for dialect in DIALECT_SYMBOL.findall(text):
        if dialect in REGISTERED_DIALECTS and dialect not in dialects:
            missing.add(f"dialect {dialect}")
    return missing


def compare(theirs, ours) -> str:
    if ours is None:
        return "accepted"
    if ours[0] == "crash":
        return "crashed"
    if ours[0] != theirs[0]:
        return "other line"
    return "same line and message" if ours[1] == theirs[1] else "same line, other message"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path,
                        help="upstream test files, or folders of them")
    parser.add_argument("--details", action="store_true",
                        help="list the chunks not rejected on mlir-opt's line with its message")
    parser.add_argument("--mlir-opt", default=None, help="mlir-opt 22 (default: found as the "
                        "tests find it: $MLIR_OPT, PATH, /usr/lib/llvm-22/bin)")
    args = parser.parse_args(argv)
    mlir_opt = args.mlir_opt or find_mlir_tool("mlir-opt")
    if mlir_opt is None:
        print("mlir-opt not found", file=sys.stderr)
        return 2
    files = test_files(args.paths)
    if not files:
        print("no test files found", file=sys.stderr)
        return 2
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(REPO_ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    ours_command = [sys.executable, "-m", "mlir_affine_py.opt_main"]
    dialects = our_dialects()

    totals: collections.Counter = collections.Counter()
    outside: collections.Counter = collections.Counter()
    differences = []
    for path in files:
        text = path.read_text(errors="surrogateescape")
        flags = run_flags(text)
        chunks = chunks_of(text)
        theirs = verdicts([mlir_opt], path, flags, chunks)
        ours = verdicts(ours_command, path, flags, chunks, environment)
        counts: collections.Counter = collections.Counter()
        for chunk, their, our in zip(chunks, theirs, ours):
            if their is None:
                counts["mlir-opt accepts"] += 1
                counts["mlir-opt accepts, pyaffine-opt too"] += our is None
                if our is not None:
                    differences.append(("rejected, mlir-opt accepts", path, (our[0], "(accepted)"),
                                        our))
                continue
            if their[0] == "crash":
                counts["mlir-opt crashes"] += 1
                continue
            missing = {name for name in missing_names(chunk.text, dialects)
                       if f"'{name}' is unknown" not in their[1]
                       and f"operation '{name}'" not in their[1]}
            if missing:
                counts["names what pyaffine-opt lacks"] += 1
                outside.update(missing)
                continue
            kind = compare(their, our)
            counts[kind] += 1
            if kind != KINDS[0]:
                differences.append((kind, path, their, our))
        totals.update(counts)
        compared = sum(counts[kind] for kind in KINDS)
        print(f"{path}: {len(chunks)} chunks; compared {compared}: "
              + ", ".join(f"{kind} {counts[kind]}" for kind in KINDS if counts[kind])
              + f"; mlir-opt accepts {counts['mlir-opt accepts']}"
              f" (pyaffine-opt too: {counts['mlir-opt accepts, pyaffine-opt too']})"
              + (f", crashes on {counts['mlir-opt crashes']}" if counts["mlir-opt crashes"] else "")
              + f"; naming what pyaffine-opt lacks {counts['names what pyaffine-opt lacks']}")

    compared = sum(totals[kind] for kind in KINDS)
    print(f"\nall {len(files)} files: {compared} chunks compared")
    for kind in KINDS:
        print(f"  {kind:<28} {totals[kind]:>4}")
    print(f"  mlir-opt accepts: {totals['mlir-opt accepts']} (pyaffine-opt accepts "
          f"{totals['mlir-opt accepts, pyaffine-opt too']} of them); mlir-opt crashes: "
          f"{totals['mlir-opt crashes']}")
    print(f"  naming what pyaffine-opt lacks: {totals['names what pyaffine-opt lacks']} ("
          + ", ".join(f"{name} {count}" for name, count in outside.most_common()) + ")")
    if args.details and differences:
        print("\nchunks not rejected on mlir-opt's line with its message:")
        frequency = collections.Counter(their[1] for _, _, their, _ in differences)
        differences.sort(key=lambda d: (-frequency[d[2][1]], d[2][1], str(d[1]), d[2][0]))
        for kind, path, their, our in differences:
            print(f"  [{kind}] {path.name}:{their[0]}\n    mlir-opt:     {their[1]}"
                  f"\n    pyaffine-opt: {our if our is None or our[0] == 'crash' else our[1]}"
                  + ("" if our is None or our[0] in ("crash", their[0]) else f" (line {our[0]})"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
