"""What mlir-opt shows of a pipeline as it runs (mlir/lib/Pass/IRPrinting.cpp,
PassTiming.cpp):

- `IRPrinter`: `-mlir-print-ir-before-all`, `-mlir-print-ir-after-all`,
  `-mlir-print-ir-before=<passes>`, `-mlir-print-ir-after=<passes>`,
  `-mlir-print-ir-after-change` and `-mlir-print-ir-after-failure`, the op a
  pass runs on under a `// -----// IR Dump After Pass (argument) //----- //`
  header; with `--mlir-print-ir-module-scope` the whole top-level op, the
  header naming the op the pass ran on;
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
    """The dumps around passes.  `before` and `after` are True for every
    pass, or the set of the pass arguments to dump around (mlir-opt's
    `shouldPrintBeforePass`/`shouldPrintAfterPass` filters)."""

    def __init__(self, stream, before_all: bool = False, after_all: bool = False,
                 after_change: bool = False, generic: bool = False, *, before=(), after=(),
                 after_failure: bool = False, module_scope: bool = False):
        self.stream = stream
        self.before = True if before_all else set(before)
        self.after = True if after_all or after_failure else set(after)
        self.after_change = after_change
        self.after_failure = after_failure
        self.module_scope = module_scope
        self.generic = generic
        self._before: dict = {}     # id(op) -> its text before the pass

    @staticmethod
    def _wanted(which, pass_) -> bool:
        return which is True or pass_.argument in which

    def _text(self, op) -> str:
        if self.module_scope:
            while op.parent_op is not None:
                op = op.parent_op
        return print_ir(op, self.generic)

    def _dump(self, when: str, pass_, op, failed: bool = False) -> None:
        scope = ""
        if self.module_scope:
            symbol = op.properties.get("sym_name") or op.attributes.get("sym_name")
            name = getattr(symbol, "text", None)
            scope = f" ('{op.op_name}' operation{f': @{name}' if name is not None else ''})"
        self.stream.write(f"// -----// IR Dump {when} {pass_.pass_name}"
                          f"{' Failed' if failed else ''} ({pass_.argument}){scope} //----- //\n"
                          f"{self._text(op)}")

    def before_pass(self, pass_, op) -> None:
        text = None
        if self._wanted(self.before, pass_):
            text = print_ir(op, self.generic)
            self._dump("Before", pass_, op)
        if self.after_change:
            # MLIR compares fingerprints of the op; its printed text is as exact.
            self._before[id(op)] = text if text is not None else print_ir(op, self.generic)

    def after_pass(self, pass_, op) -> None:
        if self.after_failure:
            return
        if self.after_change and self._before.pop(id(op), None) == print_ir(op, self.generic):
            return
        if self._wanted(self.after, pass_):
            self._dump("After", pass_, op)

    def after_pass_failed(self, pass_, op) -> None:
        self._before.pop(id(op), None)
        if self._wanted(self.after, pass_):
            self._dump("After", pass_, op, failed=True)


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
