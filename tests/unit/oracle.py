"""mlir-opt 22's answers, recorded: the tests' oracle without its processes.

mlir-opt 22.1 is pinned (Debian's `mlir-22-tools`), so what it answers to a
command on an input never changes.  Tests ask it through `run`, which takes
subprocess.run's arguments and returns a `subprocess.CompletedProcess`; the
answer comes from the files under tests/oracle/, one JSON file per test
module that asked, written by `tools/record_oracle.py`.  A question is the
tool's name (mlir-opt, mlir-runner), its arguments, and the contents of its
standard input and of every argument that names a file; an answer is the
exit code, standard output and error, and the file an `-o` argument names.

Paths are not part of a question: each argument naming a file becomes
`@@inputN@@` in the recorded arguments and in the recorded output, and is put
back on replay, so a question asked about a temporary file is the same
question in every run.  Inputs under the shared corpus are recorded by their
path in it (the corpus is read at test time, never copied), others whole.

Modes, from $PYAFFINE_ORACLE:
- `replay` (the default): recorded answers only.  A question never recorded
  fails its test, naming the command that records it: the recorded files
  hold every question the suite asks.
- `record`: the live tool answers and the answer is kept; at the end of the
  session each test module's file is rewritten with exactly the questions it
  asked (tools/record_oracle.py runs the suite so).
- `live`: the live tool answers, nothing is kept (tests whose questions
  change from run to run, such as fuzzing with a fresh seed, are marked
  `oracle` and run so).

The recorded answers are checked against the live tool by
tests/unit/test_oracle_answers.py (marked `oracle`): every stored question is
asked again, and an answer that differs fails, so a hand-edited or stale
file cannot pass CI's full run.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from support import CORPUS, find_mlir_tool, oracle_mode

STORE = Path(__file__).resolve().parents[1] / "oracle"
MODES = ("replay", "record", "live")
RECORD_COMMAND = "python tools/record_oracle.py"
FORMAT = 1

_mode = oracle_mode()
_answers: dict = {}                   # key -> answer, from the files of STORE read
_read: set = set()                    # the files of STORE read
_asked: dict = {}                     # module -> {key: question and answer} (record mode)


class NotRecorded(AssertionError):
    """A question the recorded files do not hold."""


def mode() -> str:
    return _mode


if _mode not in MODES:
    raise ValueError(f"$PYAFFINE_ORACLE must be one of {', '.join(MODES)}, not {_mode!r}")


def available(tool: str = "mlir-opt") -> bool:
    """Whether `tool`'s answers can be had: always on replay (a missing one
    fails the test that asks it), else where the tool is installed."""
    return _mode == "replay" or find_mlir_tool(tool) is not None


# ------------------------------------------------------------------ questions
def _tool_name(executable: str) -> str:
    name = os.path.basename(str(executable))
    if name not in ("mlir-opt", "mlir-runner"):
        raise ValueError(f"the oracle answers for mlir-opt and mlir-runner, not {executable!r}")
    return name


def _text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def _corpus_path(path: Path) -> str | None:
    if CORPUS is None:
        return None
    try:
        return path.resolve().relative_to(CORPUS.parent.resolve()).as_posix()
    except ValueError:
        return None


def _question(args, input_data: bytes | None, cwd, merged: bool) -> tuple[dict, list, str | None]:
    """(the question as recorded, the argument strings that name inputs,
    the `-o` argument or None)."""
    tool = _tool_name(args[0])
    words, inputs, files, output = [], [], [], None
    base = Path(cwd) if cwd is not None else Path.cwd()
    rest = [str(a) for a in args[1:]]
    for index, word in enumerate(rest):
        if index > 0 and rest[index - 1] == "-o":
            output = word
            words.append("@@output@@")
            continue
        path = base / word
        if word != "-" and not word.startswith("-") and path.is_file():
            label = f"@@input{len(inputs)}@@"
            inputs.append(word)
            shared = _corpus_path(path)
            content = path.read_bytes()
            files.append({"shared": shared, "sha256": hashlib.sha256(content).hexdigest()}
                         if shared else {"text": _text(content)})
            words.append(label)
        else:
            words.append(_normalized_word(word))
    question = {"tool": tool, "args": words, "files": files,
                "stdin": None if input_data is None else _text(input_data)}
    if merged:
        question["merged"] = True      # 2>&1: the two streams in the order written
    return question, inputs, output


# The LLVM folder the runner libraries are named in (found once).
_LLVM = os.path.dirname(os.path.dirname(find_mlir_tool("mlir-opt") or "/usr/lib/llvm-22/bin/x"))


def _normalized_word(word: str) -> str:
    """An argument with the LLVM folder (runner libraries) made neutral."""
    return word.replace(_LLVM, "@@llvm@@")


def key_of(question: dict) -> str:
    return hashlib.sha256(json.dumps(question, sort_keys=True).encode()).hexdigest()


def _with_labels(text: str, inputs: list) -> str:
    # Longest first, so that a path is not cut by a shorter one it holds.
    for index, word in sorted(enumerate(inputs), key=lambda item: -len(item[1])):
        text = text.replace(word, f"@@input{index}@@")
    return text


def _without_labels(text: str, inputs: list) -> str:
    for index, word in enumerate(inputs):
        text = text.replace(f"@@input{index}@@", word)
    return text


# ------------------------------------------------------------------ answers
def _recorded(key: str, module: str) -> dict | None:
    """The recorded answer of `key`: looked for in the asking module's file
    first (where it nearly always is), then in all of them."""
    for path in [STORE / f"{module}.json", *sorted(STORE.glob("*.json"))]:
        if key in _answers:
            break
        if path not in _read and path.is_file():
            _read.add(path)
            _answers.update(json.loads(path.read_text(encoding="ascii"))["answers"])
    return _answers.get(key)


def ask_live(question: dict, timeout: float | None = None, folder: str | None = None) -> dict:
    """Run a recorded question on the installed tool: its answer."""
    tool = find_mlir_tool(question["tool"])
    if tool is None:
        raise FileNotFoundError(f"{question['tool']} not found ($MLIR_OPT, PATH, /usr/lib/llvm-22/bin)")
    llvm = os.path.dirname(os.path.dirname(tool))
    with tempfile.TemporaryDirectory() as scratch:
        folder = folder or scratch
        args, inputs = [], []
        for word in question["args"]:
            if word.startswith("@@input") and word.endswith("@@"):
                spec = question["files"][int(word[7:-2])]
                if spec.get("shared"):
                    path = str(CORPUS.parent / spec["shared"])
                else:
                    path = os.path.join(folder, f"input{len(inputs)}.mlir")
                    with open(path, "wb") as handle:
                        handle.write(spec["text"].encode("utf-8", "surrogateescape"))
                inputs.append(path)
                args.append(path)
            elif word == "@@output@@":
                args.append(os.path.join(folder, "output.mlir"))
            else:
                args.append(word.replace("@@llvm@@", llvm))
        stdin = question["stdin"]
        environment = {**os.environ, **question["env"]} if question.get("env") else None
        try:
            done = subprocess.run([tool, *args], stdout=subprocess.PIPE, timeout=timeout, cwd=folder,
                                  env=environment,
                                  stderr=subprocess.STDOUT if question.get("merged") else subprocess.PIPE,
                                  input=None if stdin is None else stdin.encode("utf-8", "surrogateescape"))
        except subprocess.TimeoutExpired:
            # Part of the answer: mlir-opt's Fourier-Motzkin can run for minutes.
            return {"returncode": None, "stdout": "", "stderr": "", "output": None,
                    "timed_out": timeout}
        output_path = os.path.join(folder, "output.mlir")
        output = None
        if "@@output@@" in question["args"] and os.path.isfile(output_path):
            output = _with_labels(_text(Path(output_path).read_bytes()), inputs)
        return {"returncode": done.returncode, "stdout": _with_labels(_text(done.stdout), inputs),
                "stderr": _with_labels(_text(done.stderr or b""), inputs), "output": output}


def run(args, *, input=None, cwd=None, text=False, timeout=None, capture_output=True,
        check=False, encoding=None, errors=None, env=None, stdout=None, stderr=None,
        recorded=True):
    """subprocess.run for mlir-opt and mlir-runner, answered as the mode
    says.  Output is always captured (a question's answer is its output);
    `stderr=subprocess.STDOUT` merges the two as the process writes them.
    A question whose answer is too large to keep (every bit pattern of a
    float type) is asked with `recorded=False`: the live tool answers in
    every mode, and its test is marked `oracle`."""
    del capture_output, stdout               # answers do not depend on them
    as_text = text or encoding is not None or errors is not None
    data = input.encode("utf-8", "surrogateescape") if isinstance(input, str) else input
    question, inputs, output_word = _question(args, data, cwd, stderr == subprocess.STDOUT)
    if env:
        # Variables set for the tool (OMP_NUM_THREADS) are part of the
        # question; a whole environment (os.environ and more) would not be.
        question["env"] = dict(sorted(env.items()))
    key = key_of(question)
    if _mode == "replay" and recorded:
        answer = _recorded(key, _asking_module())
        if answer is None:
            raise NotRecorded(f"mlir-opt's answer to {' '.join(map(str, args))!r} is not recorded "
                              f"in tests/oracle/: run `{RECORD_COMMAND}` (needs mlir-opt 22)")
        answer = answer["answer"]
    else:
        folder = tempfile.mkdtemp()
        try:
            answer = ask_live(question, timeout, folder)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        if _mode == "record" and recorded:
            module = _asking_module()
            _asked.setdefault(module, {})[key] = {"question": question, "answer": answer}
    if answer.get("timed_out") is not None:
        raise subprocess.TimeoutExpired([str(a) for a in args], answer["timed_out"])
    if output_word is not None and answer["output"] is not None and output_word != "/dev/null":
        target = Path(cwd or ".") / output_word
        target.write_bytes(_without_labels(answer["output"], inputs).encode("utf-8", "surrogateescape"))
    out = _without_labels(answer["stdout"], inputs).encode("utf-8", "surrogateescape")
    err = _without_labels(answer["stderr"], inputs).encode("utf-8", "surrogateescape")
    if as_text:
        out, err = out.decode("utf-8", errors or "replace"), err.decode("utf-8", errors or "replace")
    done = subprocess.CompletedProcess([str(a) for a in args], answer["returncode"], out, err)
    if check:
        done.check_returncode()
    return done


def _asking_module() -> str:
    current = os.environ.get("PYTEST_CURRENT_TEST", "")
    return Path(current.split("::", 1)[0]).stem if current else "unattributed"


def write_recorded() -> list[Path]:
    """Rewrite the file of every module that asked in this (record) session:
    its questions and answers, sorted by key.  Returns the files written."""
    STORE.mkdir(exist_ok=True)
    written = []
    for module, entries in sorted(_asked.items()):
        path = STORE / f"{module}.json"
        body = {"format": FORMAT, "answers": dict(sorted(entries.items()))}
        # ASCII with escapes: an input that is not UTF-8 stays one exactly.
        path.write_text(json.dumps(body, indent=1, sort_keys=True) + "\n", encoding="ascii")
        written.append(path)
    return written


# Answers that change from run to run in what no test reads exactly:
# `--mlir-timing`'s wall times (the tests normalize them as the lit tests
# do, with sed), and the order of `-mlir-print-ir-*` dumps of passes that
# mlir-opt runs on several functions at once, in threads.  The check of the
# recorded answers compares them with the times made neutral and the dumps
# sorted.
_TIMES = re.compile(r"[0-9]+\.[0-9]+|\( *[0-9.]+%\)")
_DUMP = re.compile(r"(?=^// -----// IR Dump)", re.M)


def comparable(question: dict, answer: dict) -> dict:
    """The answer as the check of recorded answers compares it."""
    flags = {word.lstrip("-").partition("=")[0] for word in question["args"]}
    if "mlir-timing" in flags:
        answer = {name: _TIMES.sub("N", value) if isinstance(value, str) else value
                  for name, value in answer.items()}
    if any(flag.startswith("mlir-print-ir-") for flag in flags):
        answer = {name: "".join(sorted(_DUMP.split(value))) if isinstance(value, str) else value
                  for name, value in answer.items()}
    if "remark-policy=final" in {word.lstrip("-") for word in question["args"]}:
        # The final policy writes its remarks in the order of a hash table,
        # which changes from run to run: their lines are compared sorted.
        answer = {name: sorted(value.splitlines()) if isinstance(value, str) else value
                  for name, value in answer.items()}
    return answer


def recorded_questions() -> list[tuple[str, str, dict]]:
    """(file stem, key, entry) of every recorded answer."""
    found = []
    for path in sorted(STORE.glob("*.json")):
        for key, entry in json.loads(path.read_text(encoding="utf-8"))["answers"].items():
            found.append((path.stem, key, entry))
    return found
