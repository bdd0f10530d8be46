"""What mlir-opt shows of a pipeline as it runs (mlir/lib/Pass/IRPrinting.cpp,
PassTiming.cpp):

- `IRPrinter`: `-mlir-print-ir-before-all`, `-mlir-print-ir-after-all` and
  `-mlir-print-ir-after-change`, the op a pass runs on under a
  `// -----// IR Dump After Pass (argument) //----- //` header;
- `PassTiming`: `--mlir-timing`, the wall time of the parser, every pass
  and nested pipeline, the output and the rest, in mlir-opt's list layout.
"""

from __future__ import annotations

import time


def print_ir(op, generic: bool = False) -> str:
    """`op` as an IR dump shows it: a module whole (with its aliases), any
    other op in local scope, values numbered from its closest
    isolated-from-above op; ending with the blank line the dump leaves."""
    from .printer.printer import Printer, op_to_string
    if op.op_name == "builtin.module" and op.parent is None:
        return Printer(generic=generic).print_module(op) + "\n\n"
    return op_to_string(op, generic) + "\n\n"


class IRPrinter:
    def __init__(self, stream, before_all: bool = False, after_all: bool = False,
                 after_change: bool = False, generic: bool = False):
        self.stream = stream
        self.before_all = before_all
        self.after_all = after_all
        self.after_change = after_change
        self.generic = generic
        self._before: dict = {}     # id(op) -> its text before the pass

    def _dump(self, when: str, pass_, text: str) -> None:
        self.stream.write(f"// -----// IR Dump {when} {pass_.pass_name} ({pass_.argument}) "
                          f"//----- //\n{text}")

    def before_pass(self, pass_, op) -> None:
        text = None
        if self.before_all:
            text = print_ir(op, self.generic)
            self._dump("Before", pass_, text)
        if self.after_all and self.after_change:
            # MLIR compares fingerprints; the printed text is as exact.
            self._before[id(op)] = text if text is not None else print_ir(op, self.generic)

    def after_pass(self, pass_, op) -> None:
        if not self.after_all:
            return
        text = print_ir(op, self.generic)
        if self.after_change and self._before.pop(id(op), None) == text:
            return
        self._dump("After", pass_, text)

    def after_pass_failed(self, pass_, op) -> None:
        self._before.pop(id(op), None)
        if self.after_all:
            self.stream.write(f"// -----// IR Dump After {pass_.pass_name} Failed "
                              f"({pass_.argument}) //----- //\n{print_ir(op, self.generic)}")


class _Timer:
    __slots__ = ("name", "seconds", "children", "started")

    def __init__(self, name: str):
        self.name = name
        self.seconds = 0.0
        self.children: list = []
        self.started = 0.0

    def child(self, key, name: str) -> "_Timer":
        for existing_key, timer in self.children:
            if existing_key == key:
                return timer
        timer = _Timer(name)
        self.children.append((key, timer))
        return timer


class PassTiming:
    """Wall time per pass, nested pipelines as a tree, accumulated over
    every op a pass runs on and every `-split-input-file` chunk."""

    def __init__(self):
        self.start = time.perf_counter()
        self.root = _Timer("Total")
        self.stack = [self.root]

    # -- phases of the driver
    def begin(self, name: str) -> None:
        timer = self.stack[-1].child(name, name)
        timer.started = time.perf_counter()
        self.stack.append(timer)

    def end(self) -> None:
        timer = self.stack.pop()
        timer.seconds += time.perf_counter() - timer.started

    # -- instrumentation hooks
    def before_pipeline(self, manager) -> None:
        timer = self.stack[-1].child(manager, f"'{manager.op_name}' Pipeline")
        timer.started = time.perf_counter()
        self.stack.append(timer)

    def after_pipeline(self, manager) -> None:
        self.end()

    def before_pass(self, pass_, op) -> None:
        timer = self.stack[-1].child(pass_, pass_.pass_name)
        timer.started = time.perf_counter()
        self.stack.append(timer)

    def after_pass(self, pass_, op) -> None:
        self.end()

    after_pass_failed = after_pass

    def report(self) -> str:
        total = time.perf_counter() - self.start
        rule = "===" + "-" * 73 + "==="
        lines = [rule, " " * 25 + "... Execution time report ...", rule,
                 f"  Total Execution Time: {total:.4f} seconds", "",
                 "  ----Wall Time----  ----Name----"]

        def line(seconds: float, name: str, depth: int) -> str:
            share = 100.0 * seconds / total if total > 0 else 0.0
            return f"{seconds:10.4f} ({share:5.1f}%)  {'  ' * depth}{name}"

        def visit(timer: _Timer, depth: int) -> None:
            for _, child in timer.children:
                lines.append(line(child.seconds, child.name, depth))
                visit(child, depth + 1)

        visit(self.root, 0)
        measured = sum(child.seconds for _, child in self.root.children)
        lines.append(line(max(total - measured, 0.0), "Rest", 0))
        lines.append(line(total, "Total", 0))
        return "\n".join(lines) + "\n"
