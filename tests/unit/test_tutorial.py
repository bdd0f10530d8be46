"""docs/tutorial.md runs as written: each `$ command` of its blocks is run,
in order, in a copy of examples/ (where the page says to run them), and
the lines shown after it are in what it prints, in that order (`...`
stands for lines left out; a block without `...` shows all of it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

from support import REPO_ROOT

TUTORIAL = REPO_ROOT / "docs" / "tutorial.md"

# The page's commands, as a person types them: `pyaffine-opt` is the
# package's driver, `python` this interpreter, the package the checkout's.
PRELUDE = ('pyaffine-opt() { "$PYTHON" -m mlir_affine_py.opt_main "$@"; }\n'
           'python() { "$PYTHON" "$@"; }\n')


def commands(text: str) -> list:
    """(command, lines shown after it) of every `$ ` line of the page's
    fenced blocks without a language, in order."""
    found, block = [], None
    for line in text.splitlines():
        if line.startswith("```"):
            block = (line == "```") if block is None else None
            continue
        if not block:
            continue
        if line.startswith("$ "):
            found.append((line[2:], []))
        elif found:
            found[-1][1].append(line)
    return found


def shows(output: str, expected: list) -> bool:
    lines = output.splitlines()
    if "..." not in expected:
        return lines == expected
    position = 0
    for line in expected:
        if line == "...":
            continue
        try:
            position = lines.index(line, position) + 1
        except ValueError:
            return False
    return True


def test_every_command_of_the_tutorial_prints_what_it_shows(tmp_path):
    steps = commands(TUTORIAL.read_text())
    assert len(steps) >= 8
    shutil.copytree(REPO_ROOT / "examples", tmp_path / "examples")
    folder = tmp_path
    environment = {**os.environ, "PYTHON": sys.executable, "PYTHONPATH": str(REPO_ROOT)}
    for command, expected in steps:
        if command.startswith("cd "):
            folder = folder / command[3:]
            assert folder.is_dir(), command
            continue
        done = subprocess.run(["bash", "-c", PRELUDE + command], capture_output=True,
                              text=True, cwd=folder, env=environment, timeout=300)
        assert done.returncode == 0, (command, done.stderr)
        assert shows(done.stdout + done.stderr, expected), (command, done.stdout + done.stderr)
    # The pictures the page draws, and shows from docs/pictures/.
    for name in ("kernel-before.png", "kernel-after.png"):
        assert (folder / name).read_bytes().startswith(b"\x89PNG")
        assert f"(pictures/{name})" in TUTORIAL.read_text()
        assert (REPO_ROOT / "docs" / "pictures" / name).is_file()


def test_the_shown_lines_are_checked():
    """A line that is not in the output, or out of order, fails."""
    assert shows("a\nb\nc\n", ["...", "a", "...", "c"])
    assert not shows("a\nb\nc\n", ["...", "c", "...", "a"])
    assert not shows("a\nb\n", ["a"])
    assert shows("", [])
