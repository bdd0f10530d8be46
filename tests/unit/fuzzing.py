"""Input mutation and a crash-proof driver runner, shared by
tests/unit/test_fuzz.py (short, seeded, part of the suite) and tools/fuzz.py
(the long mode).

Inputs are the shared corpus and the lit inputs, mutated at the level of
MLIR tokens (deletion, duplication, swap), of bytes (truncation, random and
invalid UTF-8 bytes) and of literals (huge integers, NaN/inf floats, deeply
nested or unbalanced brackets).  Each mutant runs through the driver in a
worker process (forked, so the parser tables are loaded once) that is killed
and replaced when a run overstays its time limit.  A run's outcome is judged
by `judge`: exit 0, or exit 1 with a `file:line:col: error:` diagnostic,
never a traceback, never another exit code; `check_output` then asks
mlir-opt whether an exit 0 was right.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import re
import subprocess
import tempfile
import time
from pathlib import Path

from support import CORPUS, REPO_ROOT

TIME_LIMIT = 5.0                 # seconds per run: tools/fuzz.py reports slower inputs
# The tests' guard against a hung run, not a time assertion: on a loaded
# two-core machine a random program has taken 10 s through a pass, and a
# test must not fail for the machine's load.
HANG_LIMIT = 120.0
MARKER = "// -----"

# MLIR-ish tokens: strings, SSA names, attribute/type/symbol/block names,
# words, numbers, arrows, and single punctuation characters.
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[%#!@^]?[\w$.\-]+(?::\d+)?|->|\S')
_INTEGER = re.compile(r"(?<![\w.#%$])(?:0x[0-9a-fA-F]+|\d+)(?![\w.])")
_FLOAT = re.compile(r"(?<![\w.])\d+\.\d*(?:[eE][+-]?\d+)?")
_AFFINE_RESULTS = re.compile(r"(affine_map<\([^()>]*\)(?:\[[^\]>]*\])? -> \()([^<>]*?)\)>")

HUGE_INTEGERS = ("18446744073709551616", "9223372036854775808", "-9223372036854775809",
                 "340282366920938463463374607431768211457", "0x" + "f" * 40, "1" + "0" * 400,
                 "4294967296", "2147483648", "65536", "256", "-0", "0x0", "00000000000000000007")
FLOAT_SPECIALS = ("nan", "inf", "-inf", "NaN", "1.0e999", "-1.0e999", "1.0e-400",
                  "0x7FC00000", "0x7F800000", "0xFF800000", "0x7FF8000000000000",
                  "0x7FF0000000000000", "0xFFFF", "0x1" + "0" * 40, "1.", "0.0e+", "1e5",
                  "340282366920938463463374607431768211456.0")
BRACKETS = "{}()[]<>"


def seed_files(invalid: bool = True) -> list[Path]:
    """The corpus files (inputs and mlir-opt's outputs) and the lit inputs.
    `invalid=False` leaves out the `verify/` corpus, whose chunks are invalid
    on purpose (upstream's -verify-diagnostics tests): whether each one is
    rejected with mlir-opt's words is what the corpus's own verify_check.py
    measures, not what mutating them tests."""
    files = []
    if CORPUS is not None:
        files += sorted(p for p in CORPUS.rglob("*.mlir")
                        if p.is_file() and (invalid or p.relative_to(CORPUS).parts[0] != "verify"))
    lit = REPO_ROOT / "tests" / "lit"
    files += sorted(p for p in lit.rglob("*.mlir") if p.is_file() and "Output" not in p.parts)
    return files


def flags_for(text: str) -> list[str]:
    """The driver flags the corpus uses for a file: split where it has
    `// -----` lines, and unregistered dialects allowed."""
    flags = ["--allow-unregistered-dialect"]
    if any(line.startswith(MARKER) for line in text.split("\n")):
        flags.insert(0, "-split-input-file")
    return flags


# ------------------------------------------------------------------ mutators
def _tokens(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in _TOKEN.finditer(text)]


def delete_token(rng, text):
    spans = _tokens(text)
    if not spans:
        return text
    start, end = rng.choice(spans)
    return text[:start] + text[end:]


def duplicate_token(rng, text):
    spans = _tokens(text)
    if not spans:
        return text
    start, end = rng.choice(spans)
    return text[:end] + rng.choice(("", " ")) + text[start:end] + text[end:]


def swap_tokens(rng, text):
    spans = _tokens(text)
    if len(spans) < 2:
        return text
    if rng.random() < 0.5:   # neighbours: the likeliest slip
        index = rng.randrange(len(spans) - 1)
        a, b = spans[index], spans[index + 1]
    else:
        a, b = sorted(rng.sample(spans, 2))
    return text[:a[0]] + text[b[0]:b[1]] + text[a[1]:b[0]] + text[a[0]:a[1]] + text[b[1]:]


def truncate(rng, text):
    return text[:rng.randrange(len(text) + 1)]


def random_bytes(rng, text):
    """Random bytes, often not UTF-8 (kept as surrogate escapes in `text`)."""
    data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 6)))
    if rng.random() < 0.3:
        data = rng.choice((b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\x00", b"\t",
                           b"\r", b"\x0b", b"\\", b'"', "\u00e9".encode(), "\u2028".encode()))
    position = rng.randrange(len(text) + 1)
    return text[:position] + data.decode("utf-8", "surrogateescape") + text[position:]


def unbalance(rng, text):
    """Insert or delete a bracket (a few of them, sometimes)."""
    count = rng.choice((1, 1, 1, 2, 5))
    for _ in range(count):
        places = [i for i, c in enumerate(text) if c in BRACKETS]
        if places and rng.random() < 0.5:
            i = rng.choice(places)
            text = text[:i] + text[i + 1:]
        else:
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice(BRACKETS) + text[i:]
    return text


def huge_integer(rng, text):
    matches = list(_INTEGER.finditer(text))
    if not matches:
        return text
    m = rng.choice(matches)
    value = rng.choice(HUGE_INTEGERS + (str(rng.getrandbits(rng.choice((63, 64, 65, 128)))),))
    return text[:m.start()] + value + text[m.end():]


def float_special(rng, text):
    matches = list(_FLOAT.finditer(text)) or list(_INTEGER.finditer(text))
    if not matches:
        return text
    m = rng.choice(matches)
    return text[:m.start()] + rng.choice(FLOAT_SPECIALS) + text[m.end():]


def deep_parens(rng, text):
    """Nest an affine map's results in many parentheses (balanced or not),
    or negate them many times."""
    matches = list(_AFFINE_RESULTS.finditer(text))
    depth = rng.choice((10, 100, 500, 2000, 5000))
    if not matches:
        i = rng.randrange(len(text) + 1)
        return text[:i] + "(" * depth + text[i:]
    m = rng.choice(matches)
    body = m.group(2)
    first = body.split(",")[0].strip() or "0"
    style = rng.randrange(4)
    if style == 0:
        nested = "(" * depth + first + ")" * depth
    elif style == 1:
        nested = "(" * depth + first + " + 1)" * depth
    elif style == 2:
        nested = "-" * depth + first
    else:
        nested = "(" * depth + first + ")" * rng.randrange(depth)
    return text[:m.start(2)] + nested + body[len(body.split(",")[0]):] + text[m.end(2):]


def splice_lines(rng, text, other: str):
    """A line of another input, inserted at a line boundary."""
    lines = other.split("\n")
    line = rng.choice(lines) if lines else ""
    targets = text.split("\n")
    i = rng.randrange(len(targets) + 1)
    return "\n".join(targets[:i] + [line] + targets[i:])


MUTATORS = {
    "delete": delete_token, "duplicate": duplicate_token, "swap": swap_tokens,
    "truncate": truncate, "bytes": random_bytes, "unbalance": unbalance,
    "huge-int": huge_integer, "float": float_special, "deep-parens": deep_parens,
}


def mutate(rng: random.Random, text: str, others: list[str]) -> tuple[str, list[str]]:
    """1-3 mutations of `text`; returns the mutant and the mutators used."""
    used = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        if others and rng.random() < 0.08:
            text, name = splice_lines(rng, text, rng.choice(others)), "splice"
        else:
            name = rng.choice(list(MUTATORS))
            text = MUTATORS[name](rng, text)
        used.append(name)
    return text, used


def small_chunk(text: str, rng: random.Random, limit: int = 1200) -> str:
    """A manageable piece of a big input: one `// -----` chunk, or its
    first lines, so mutants stay fast to run."""
    chunks = [c for c in text.split(MARKER) if c.strip()]
    if len(chunks) > 1:
        text = rng.choice(chunks).lstrip("\n")
    if len(text) > limit * 4:
        text = text[:limit * 4]
    return text


# -------------------------------------------------------------------- runner
def _child(connection) -> None:
    import gc
    import io
    import sys

    from mlir_affine_py import opt_main
    runs = 0
    while True:
        job = connection.recv()
        if job is None:
            return
        argv, data, path = job
        with open(path, "wb") as handle:
            handle.write(data)
        out, err = io.StringIO(), io.StringIO()
        saved = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = out, err
        start = time.perf_counter()
        try:
            code = opt_main.main(argv + [path])
        except BaseException as error:  # noqa: BLE001 - reported as a failure
            code = f"escaped {type(error).__name__}: {error}"
        finally:
            sys.stdout, sys.stderr = saved
        seconds = time.perf_counter() - start
        connection.send((code, out.getvalue(), err.getvalue(), seconds))
        runs += 1
        if runs % 16 == 0:
            gc.collect()


class Runner:
    """Runs the driver in a forked worker process; a run that takes longer
    than `limit` seconds kills the worker (a new one starts for the next)."""

    def __init__(self, limit: float = TIME_LIMIT):
        self.limit = limit
        self.context = multiprocessing.get_context("fork")
        self.folder = tempfile.mkdtemp(prefix="pyaffine-fuzz-")
        self.process = None
        self.connection = None
        # Load the parser tables once, before forking.
        from mlir_affine_py.parse.parser import load_parsers
        load_parsers()

    def _start(self) -> None:
        parent, child = self.context.Pipe()
        self.process = self.context.Process(target=_child, args=(child,), daemon=True)
        self.process.start()
        child.close()
        self.connection = parent

    def run(self, argv: list[str], data: bytes, name: str = "input.mlir"):
        """(exit code or "timeout"/"escaped ...", stdout, stderr, seconds, path)."""
        if self.process is None or not self.process.is_alive():
            self._start()
        path = os.path.join(self.folder, name)
        self.connection.send((list(argv), data, path))
        if not self.connection.poll(self.limit + 2.0):
            self.process.kill()
            self.process.join()
            self.process = None
            return "timeout", "", "", self.limit + 2.0, path
        try:
            code, out, err, seconds = self.connection.recv()
        except EOFError:
            code = f"worker died (exit {self.process.exitcode})"
            self.process.join()
            self.process = None
            return code, "", "", 0.0, path
        return code, out, err, seconds, path

    def close(self) -> None:
        if self.process is not None and self.process.is_alive():
            self.connection.send(None)
            self.process.join(5)
            if self.process.is_alive():
                self.process.kill()
        import shutil
        shutil.rmtree(self.folder, ignore_errors=True)


_DIAGNOSTIC = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): error: ", re.M)
# An error without a location (in the ops a named op's region builder
# makes), as mlir-opt prints it.
_UNKNOWN_LOCATION_ERROR = re.compile(r"^<unknown>:0: error: ", re.M)


def judge(code, out: str, err: str, seconds: float, path: str,
          limit: float = TIME_LIMIT, text: str = "") -> str | None:
    """None for an acceptable outcome, else what is wrong with it.  A
    diagnostic may name, instead of `path`, a file the input `text` gives
    its ops as a location (`loc("file":line:col)`), as mlir-opt's does."""
    if code == "timeout" or seconds > limit:
        return f"took {seconds:.1f} s (limit {limit:.0f} s)"
    if not isinstance(code, int):
        return str(code)
    if "Traceback (most recent call last)" in err:
        return "a Python traceback was printed"
    if code == 0:
        return None
    if code != 1:
        first = err.strip().splitlines()[0] if err.strip() else ""
        return f"exit {code}: {first[:300]}"
    match = _DIAGNOSTIC.search(err)
    named = match is not None and (match.group("file") == path
                                   or f'loc("{match.group("file")}"' in text)
    if not named and not _UNKNOWN_LOCATION_ERROR.search(err):
        return f"exit 1 without a '{path}:line:col: error:' diagnostic: {err.strip()[:300]!r}"
    return None


def mlir_opt_verdict(mlir_opt: str, data: bytes, flags: list[str],
                     printed: list | None = None, run=subprocess.run) -> tuple[str, str]:
    """("accepts" | "rejects" | "no verdict", mlir-opt's message): mlir-opt
    crashing or hanging on `data` gives no verdict.  What it prints of an
    accepted input is appended to `printed`, if given.  `run` starts it (the
    tests hand `oracle.run`, whose answers are recorded)."""
    try:
        done = run([mlir_opt, *flags, "-"], input=data, capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return "no verdict", "mlir-opt timed out"
    message = done.stderr.decode("utf-8", "replace").strip()[:500]
    if done.returncode == 0:
        if printed is not None:
            printed.append(done.stdout.decode("utf-8", "surrogateescape"))
        return "accepts", message
    if "PLEASE submit a bug report" in message or done.returncode < 0:
        return "no verdict", "mlir-opt crashed"
    return "rejects", message


def check_output(mlir_opt: str, data: bytes, output: str, flags: list[str], run=subprocess.run):
    """("ok" | "lenient" | "failure", detail) for an exit-0 run: mlir-opt
    must accept our output with the input's flags.  When it rejects the
    input itself, the run is "lenient": pyaffine-opt accepted input that
    mlir-opt rejects, and printed it back.  Both "lenient" and "failure"
    fail the run; they are told apart for the report (a missing
    diagnostic, or output that was lost or damaged).  Output that mlir-opt
    rejects but prints itself, byte for byte, is no failure: some of its
    printed forms do not read back (`#foo<bar<a>b<c>>` prints as
    `#foo.bar<a>b<c>`)."""
    verdict, complaint = mlir_opt_verdict(mlir_opt, output.encode("utf-8", "surrogateescape"), flags,
                                          run=run)
    if verdict != "rejects":
        return "ok", None
    theirs: list = []
    verdict, about_input = mlir_opt_verdict(mlir_opt, data, flags, theirs, run=run)
    if verdict != "accepts":
        return "lenient", about_input
    if theirs == [output]:
        return "ok", None
    return "failure", f"mlir-opt accepts the input but rejects the output: {complaint}"
