"""The lit tests of tests/lit, run in this process.

lit starts a process for every command of every RUN line: about 290
pyaffine-opt starts, 270 FileChecks and 120 mlir-opts, most of the suite's
time.  This runner reads the same RUN lines with lit's own pieces (its
substitutions with `%if`, its shell parser), and carries them out here:

- `pyaffine-opt`: the driver's `main`, with standard input, output and error
  as buffers (tests/unit/test_lit.py runs the console script itself, under
  the real lit, in the full run);
- `FileCheck`: the `filecheck` package's matcher, on the piped text;
- `mlir-opt`, `mlir-runner`: the recorded oracle (oracle.py);
- `not`, `diff`, `echo`, `cat`, and any other command as a process
  (`sed`).

Unquoted words with `*`, `?` or `[` are globs, expanded as lit's internal
shell expands them.  Pipelines pass bytes; `2>&1`, `2>FILE`, `>FILE`, `<FILE` and `/dev/null`
redirect as in lit's internal shell, and a pipeline fails if any command in
it fails (lit's pipefail).  `%t` names a file in the test's temporary folder,
which is also the working folder.
"""

from __future__ import annotations

import contextlib
import difflib
import functools
import gc
import io
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from lit.ShUtil import Command, Pipeline, Seq, ShParser
from lit.TestRunner import applySubstitutions, expand_glob, expand_glob_expressions

import oracle
from support import find_corpus, openmp_libraries

LIT_DIR = Path(__file__).resolve().parents[1] / "lit"
TOOL_PATTERN = r"(?<![\w/.-]){}(?![\w.-])"


class LitFailure(AssertionError):
    pass


def lit_files() -> list[str]:
    """The tests of tests/lit as lit finds them (lit.cfg.py: `.mlir`
    files, folders named Inputs left out), relative to it."""
    found = []
    for path in sorted(LIT_DIR.rglob("*.mlir")):
        relative = path.relative_to(LIT_DIR)
        if "Inputs" not in relative.parts and "Output" not in relative.parts:
            found.append(relative.as_posix())
    return found


# ------------------------------------------------------------------ reading
def script_of(path: Path) -> tuple[list[str], list[str]]:
    """(RUN commands with continuations joined, REQUIRES features)."""
    commands, requires, current = [], [], None
    for line in path.read_text(encoding="utf-8", errors="surrogateescape").splitlines():
        match = re.search(r"\b(RUN|REQUIRES):(.*)$", line)
        if not match:
            continue
        keyword, text = match.group(1), match.group(2).rstrip()
        if keyword == "REQUIRES":
            requires += [word.strip() for word in text.split(",") if word.strip()]
            continue
        text = text.strip()
        current = text if current is None else current + " " + text
        if current.endswith("\\"):
            current = current[:-1].rstrip()
            continue
        commands.append(current)
        current = None
    return commands, requires


@functools.cache
def features() -> dict:
    corpus = find_corpus()
    return {"mlir-opt": oracle.available("mlir-opt"), "shared": corpus is not None,
            "openmp": openmp_libraries() is not None}


def substituted(path: Path, temporary: Path, commands: list[str]) -> list[str]:
    corpus = find_corpus()
    base = str(temporary / path.name)
    pairs = [("%s", str(path)), ("%S", str(path.parent)), ("%p", str(path.parent)),
             ("%t", base + ".tmp"), ("%T", str(temporary))]
    if corpus is not None:
        pairs.append(("%shared", str(corpus.parent)))
    if features()["openmp"]:
        pairs.append(("%omp_libs", openmp_libraries()))
    subs = [(re.escape(key) if key.startswith("%") else key, value.replace("\\", "\\\\"))
            for key, value in pairs]
    # lit tries %s before %S only because it lists them so; longer ones first.
    subs.sort(key=lambda pair: -len(pair[0]))
    subs.append((TOOL_PATTERN.format("FileCheck"), "FileCheck --enable-var-scope"))
    return applySubstitutions(commands, subs, conditions=features())


# ------------------------------------------------------------------ running
@dataclass
class Outcome:
    code: int
    stdout: bytes = b""
    stderr: bytes = b""


@dataclass
class Shell:
    cwd: Path
    log: list = field(default_factory=list)

    def path(self, name: str) -> Path:
        return Path(name) if os.path.isabs(name) else self.cwd / name

    def run(self, node) -> int:
        if isinstance(node, Seq):
            left = self.run(node.lhs)
            if node.op == "&&":
                return left if left != 0 else self.run(node.rhs)
            if node.op == "||":
                return left if left == 0 else self.run(node.rhs)
            return self.run(node.rhs)
        assert isinstance(node, Pipeline), node
        data, codes = b"", []
        for index, command in enumerate(node.commands):
            piped = index + 1 < len(node.commands)
            outcome = self.command(command, data if index else None, piped)
            codes.append(outcome.code)
            data = outcome.stdout
            if outcome.stderr:
                self.log.append(outcome.stderr.decode("utf-8", "replace"))
        code = next((c for c in reversed(codes) if c != 0), 0)
        return int(code == 0) if node.negate else code

    def command(self, command: Command, stdin: bytes | None, piped: bool) -> Outcome:
        # An unquoted word with *, ? or [ is a glob: the files it matches,
        # sorted, or the word itself when none does (lit's internal shell).
        args = expand_glob_expressions(list(command.args), str(self.cwd))
        targets = {}                # 1 or 2 -> (file name, ">" or ">>")
        merge = False
        for (op, *fd), target in command.redirects:
            fd = fd[0] if fd else (0 if op == "<" else 1)
            names = expand_glob(target, str(self.cwd))
            if len(names) != 1:
                raise LitFailure(f"{op} {target}: the redirect names {len(names)} files")
            target = names[0]
            if op == "<":
                stdin = self.path(target).read_bytes()
            elif op == ">&" and fd == 2 and target == "1":
                merge = True
            elif op in (">", ">>"):
                targets[fd] = (target, op)
            else:
                raise LitFailure(f"redirect {op}{fd} {target} is not supported")
        outcome = self.execute(args, stdin or b"", merge)
        for fd, (name, op) in targets.items():
            what = "stdout" if fd == 1 else "stderr"
            if name != "/dev/null":
                with open(self.path(name), "ab" if op == ">>" else "wb") as handle:
                    handle.write(getattr(outcome, what))
            setattr(outcome, what, b"")
        if not piped and outcome.stdout:
            self.log.append(outcome.stdout.decode("utf-8", "replace"))
            outcome.stdout = b""
        return outcome

    def execute(self, args: list[str], stdin: bytes, merge: bool = False,
                environment: dict | None = None) -> Outcome:
        """Run one command; with `merge` (2>&1) its standard error goes
        into its output, in the order written.  `environment`: the
        variables `env` sets for it."""
        name = args[0]
        if name == "not":
            inner = self.execute(args[1:], stdin, merge, environment)
            return Outcome(int(inner.code == 0), inner.stdout, inner.stderr)
        if name == "env":
            words = args[1:]
            variables = dict(environment or {})
            while words and "=" in words[0] and not words[0].startswith("-"):
                key, _, value = words.pop(0).partition("=")
                variables[key] = value
            return self.execute(words, stdin, merge, variables)
        if name == "pyaffine-opt":
            return run_pyaffine_opt(args[1:], stdin, self.cwd, merge)
        if name == "FileCheck":
            outcome = run_filecheck(args[1:], stdin, self.cwd)
        elif name in ("mlir-opt", "mlir-runner"):
            done = oracle.run([name, *args[1:]], input=stdin or None, cwd=self.cwd, timeout=300,
                              stderr=subprocess.STDOUT if merge else None, env=environment)
            outcome = Outcome(done.returncode, done.stdout, done.stderr)
        else:
            outcome = self.other(args, stdin, environment)
        if merge:
            outcome = Outcome(outcome.code, outcome.stdout + outcome.stderr)
        return outcome

    def other(self, args: list[str], stdin: bytes, environment: dict | None) -> Outcome:
        name = args[0]
        if name == "diff":
            return self.diff(args[1:])
        if name == "echo":
            words, newline = args[1:], True
            if words and words[0] == "-n":
                words, newline = words[1:], False
            return Outcome(0, (" ".join(words) + ("\n" if newline else "")).encode())
        done = subprocess.run(args, input=stdin, capture_output=True, cwd=self.cwd, timeout=300,
                              env={**os.environ, **(environment or {})})
        return Outcome(done.returncode, done.stdout, done.stderr)

    def diff(self, args: list[str]) -> Outcome:
        names = [a for a in args if not a.startswith("-")]
        first, second = (self.path(n).read_bytes() for n in names)
        if first == second:
            return Outcome(0)
        lines = difflib.unified_diff(first.decode("utf-8", "replace").splitlines(True),
                                     second.decode("utf-8", "replace").splitlines(True),
                                     names[0], names[1])
        return Outcome(1, "".join(lines).encode())


@contextlib.contextmanager
def _standard_streams(stdin: bytes, merge: bool):
    """sys.stdin/stdout/stderr as buffers; yields [stdout bytes, stderr
    bytes], filled when the block ends."""
    saved = sys.stdin, sys.stdout, sys.stderr
    out = io.BytesIO()
    err = out if merge else io.BytesIO()
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8", errors="surrogateescape")
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8", errors="surrogateescape",
                                  write_through=True)
    sys.stderr = io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace",
                                  write_through=True)
    captured: list = []
    try:
        yield captured
    finally:
        for stream in (sys.stdin, sys.stdout, sys.stderr):
            stream.flush()
            stream.detach()       # a wrapper closes its buffer when collected
        sys.stdin, sys.stdout, sys.stderr = saved
        captured += [out.getvalue(), b"" if merge else err.getvalue()]


def run_pyaffine_opt(args: list[str], stdin: bytes, cwd: Path, merge: bool = False) -> Outcome:
    """The driver's `main` as the console script runs it."""
    from mlir_affine_py.opt_main import main
    collecting = gc.isenabled()
    previous = os.getcwd()
    os.chdir(cwd)
    try:
        with _standard_streams(stdin, merge) as captured:
            code = main(list(args))
    finally:
        os.chdir(previous)
        if collecting:
            gc.enable()       # main() turns the collector off for the process
    return Outcome(code, *captured)


def run_filecheck(args: list[str], stdin: bytes, cwd: Path) -> Outcome:
    """The `filecheck` package's matcher; the text to check is the piped
    one unless `--input-file` names a file."""
    from filecheck.matcher import Matcher
    from filecheck.options import parse_argv_options
    source = None
    if not any(a == "--input-file" or a.startswith("--input-file=") for a in args):
        source = cwd / f".filecheck-input-{os.getpid()}"
        source.write_bytes(stdin)
        args = [*args, "--input-file", str(source)]
    err = io.StringIO()
    try:
        options = parse_argv_options(["filecheck", *args])
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(err):
            code = Matcher.from_opts(options).run()
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 1
    finally:
        if source is not None:
            source.unlink()
    return Outcome(code, b"", err.getvalue().encode())


def run_file(relative: str, temporary: Path, path: Path | None = None, respell=None) -> None:
    """Run one lit test (`path`, or tests/lit/`relative`); LitFailure with
    lit's kind of report on failure.  `respell`, if given, rewrites each
    RUN command before substitution (upstream files: lit_upstream.py)."""
    path = path or LIT_DIR / relative
    commands, requires = script_of(path)
    if respell is not None:
        commands = [respell(command) for command in commands]
    flags = features()
    missing = [name for name in requires if not flags.get(name)]
    if missing:
        import pytest
        pytest.skip(f"UNSUPPORTED: requires {', '.join(missing)}")
    if not commands:
        raise LitFailure(f"{relative}: no RUN line")
    shell = Shell(temporary)
    for line in substituted(path, temporary, commands):
        node = ShParser(line, win32Escapes=False, pipefail=True).parse()
        code = shell.run(node)
        if code != 0:
            output = "".join(shell.log)[-12000:]
            raise LitFailure(f"{relative}: RUN line failed with exit status {code}:\n  {line}\n"
                             f"--- output ---\n{output}")


def failure_of(relative: str, temporary: Path, **options) -> str | None:
    """run_file's report of a failure, or None when the test passes."""
    try:
        run_file(relative, temporary, **options)
    except LitFailure as failure:
        return str(failure)
    return None
