"""The pass manager: pipelines of passes nested on op names, as MLIR's
(mlir/lib/Pass/Pass.cpp, PassRegistry.cpp).

`PassManager("builtin.module")` holds passes and nested `OpPassManager`s;
a nested one (`func.func(...)`) runs its whole pipeline on each op of its
name directly inside the op its parent runs on.  A pass anchored on an op
name (`Pass.op_name`) added to a manager of another name is nested
implicitly, as mlir-opt does for passes named on its command line.

The textual form is mlir-opt's `--pass-pipeline`:

    builtin.module(func.func(test-loop-permutation{permutation-map=1,0,2}), cse)

Instrumentations (pass_instrumentation.py) see every pass run: IR dumps
and the timing report.
"""

from __future__ import annotations

from .diagnostics import DiagnosticContext, MLIRError, current_context
from .passes import Pass, PassError, PassFailure, PassOptionError, lookup_pass


class PipelineError(MLIRError):
    """A `--pass-pipeline` text that does not parse, reported without a
    location in the input (`<unknown>:0: error: ...`)."""


def check_interface_anchor(pass_: Pass, op_name: str) -> None:
    """An interface pass (FunctionOpInterface's) is scheduled only on ops
    of that interface."""
    from .ir.core import OP_CLASSES
    cls = OP_CLASSES.get(op_name)
    if op_name != "any" and (cls is None or not cls.has_trait(pass_.op_interface)):
        raise PipelineError(f"unable to schedule pass '{pass_.pass_name}' on a PassManager "
                            f"intended to run on '{op_name}'!")


class OpPassManager:
    def __init__(self, op_name: str = "builtin.module"):
        self.op_name = op_name
        self.passes: list = []          # Pass or OpPassManager, in order

    def add(self, pass_: Pass) -> "OpPassManager":
        """Append a pass; one anchored on another op is nested implicitly
        (in the last nested manager of that op name when it ends the list)."""
        anchor = pass_.op_name
        if pass_.op_interface is not None:
            check_interface_anchor(pass_, self.op_name)
        elif anchor is not None and anchor != self.op_name and self.op_name != "any":
            last = self.passes[-1] if self.passes else None
            nested = last if isinstance(last, OpPassManager) and last.op_name == anchor \
                else self.nest(anchor)
            nested.passes.append(pass_)
            return self
        self.passes.append(pass_)
        return self

    def nest(self, op_name: str) -> "OpPassManager":
        nested = OpPassManager(op_name)
        self.passes.append(nested)
        return nested

    def describe(self, indent: int = 0) -> str:
        """The pipeline as `--dump-pass-pipeline` writes it, one element a
        line, every option spelt out."""
        pad = "  " * indent
        inner = ",\n".join(element.describe(indent + 1) if isinstance(element, OpPassManager)
                           else f"{pad}  {element.describe()}" for element in self.passes)
        return f"{pad}{self.op_name}(\n{inner}\n{pad})"

    def dump(self) -> str:
        """mlir-opt's `--dump-pass-pipeline` report."""
        return f"Pass Manager with {len(self.passes)} passes:\n{self.describe()}\n\n"

    def __iter__(self):
        return iter(self.passes)

    # ------------------------------------------------------------- running
    def run_on(self, op, run: "_Run", top: bool = False) -> None:
        for element in self.passes:
            if isinstance(element, OpPassManager):
                run.instrument("before_pipeline", element)
                for child in _direct_children(op, element.op_name):
                    element.run_on(child, run)
                run.instrument("after_pipeline", element)
            else:
                run.run_pass(element, op)
            if top and run.verify:
                # As mlir-opt, verify between passes: a transformation that
                # breaks dominance is reported, not printed.
                from .ir.verifier import verify_operation
                verify_operation(op)


def _direct_children(op, op_name: str) -> list:
    """The ops named `op_name` (any op for "any") directly in the regions of
    `op`, taken before the pipeline runs on them."""
    return [child for region in op.regions for block in region.blocks for child in block.ops
            if op_name == "any" or child.op_name == op_name]


class PassManager(OpPassManager):
    """The top-level manager; `run(module)` runs the pipeline, with its
    instrumentations, its diagnostics going to `context`."""

    def __init__(self, op_name: str = "builtin.module", context: DiagnosticContext | None = None,
                 verify: bool = True):
        super().__init__(op_name)
        self.context = context
        self.verify = verify
        self.instrumentations: list = []

    @classmethod
    def parse(cls, text: str, **kwargs) -> "PassManager":
        """A manager for a `--pass-pipeline` text, `anchor(pipeline)`."""
        anchor, inner = split_anchor(text)
        manager = cls(anchor, **kwargs)
        parse_pipeline_into(manager, inner)
        return manager

    def add_instrumentation(self, instrumentation) -> None:
        self.instrumentations.append(instrumentation)

    def run(self, op) -> None:
        """Run the pipeline on `op` (a failure raises MLIRError)."""
        if self.op_name not in ("any", op.op_name):
            raise MLIRError(f"can't run '{self.op_name}' pass manager on '{op.op_name}' op",
                            (0, 0))
        context = self.context or current_context()
        run = _Run(self, context)
        with context:
            self.run_on(op, run, top=True)


class _Run:
    """One run of a pipeline: its context and instrumentations."""

    def __init__(self, manager: PassManager, context: DiagnosticContext):
        self.context = context
        self.instrumentations = manager.instrumentations
        self.verify = manager.verify

    def instrument(self, hook: str, *args) -> None:
        for instrumentation in self.instrumentations:
            method = getattr(instrumentation, hook, None)
            if method is not None:
                method(*args)

    def run_pass(self, pass_: Pass, op) -> None:
        pass_.context = self.context
        self.instrument("before_pass", pass_, op)
        try:
            pass_.run_on_operation(op)
        except MLIRError as error:
            if isinstance(error, PassFailure) and error.pos is None:
                from .diagnostics import UNKNOWN_LOCATION
                error.pos = op.pos or UNKNOWN_LOCATION      # at the op the pass ran on
            self.instrument("after_pass_failed", pass_, op)
            raise
        except Exception as error:  # noqa: BLE001 - reported as the plugin's failure
            if _is_builtin(pass_):
                raise       # a bug of pyaffine-opt: the driver's internal error
            self.instrument("after_pass_failed", pass_, op)
            raise _plugin_error(pass_, op, error) from error
        self.instrument("after_pass", pass_, op)


def _is_builtin(pass_: Pass) -> bool:
    return type(pass_).__module__.split(".")[0] == __name__.split(".")[0]


def _plugin_error(pass_: Pass, op, error: Exception) -> PassError:
    """A plugin pass's own exception as its failure, at the op it ran on."""
    from .diagnostics import UNKNOWN_LOCATION
    detail = str(error).replace("\n", " ")
    return PassError(f"pass '{pass_.argument}' failed: {type(error).__name__}: {detail}",
                     op.pos or UNKNOWN_LOCATION)


# ------------------------------------------------------ the textual pipeline
PARSER_NAME = "MLIR Textual PassPipeline Parser"


def split_anchor(text: str) -> tuple[str, str]:
    """`builtin.module(...)` -> ("builtin.module", "...", offset of "...")."""
    stripped = text.strip()
    open_at = stripped.find("(")
    name = stripped[:open_at].strip() if open_at > 0 else ""
    if not name or not stripped.endswith(")") or not _is_name(name):
        raise PipelineError("expected pass pipeline to be wrapped with the anchor operation "
                            "type, e.g. 'builtin.module(...)'")
    inner = stripped[open_at + 1:-1]
    return name, inner


def _is_name(text: str) -> bool:
    return all(c.isalnum() or c in "-_." for c in text)


def parse_pipeline_into(manager: OpPassManager, text: str) -> None:
    """Parse `pass{opts}, op.name(pipeline), ...` (mlir's TextualPipeline)
    and add its elements to `manager`."""
    elements = _PipelineParser(text).parse()
    _add_elements(manager, elements)


def _add_elements(manager: OpPassManager, elements) -> None:
    for name, options, nested in elements:
        if nested is not None:
            try:
                _add_elements(manager.nest(name), nested)
            except PassOptionError as error:
                error.pipelines.append(name)
                raise
            continue
        cls = lookup_pass(name)
        assert cls is not None, f"unknown pass {name}"     # the pipeline's names were checked
        pass_ = cls.from_option_text(options)
        if pass_.op_interface is not None:
            check_interface_anchor(pass_, manager.op_name)
        elif pass_.op_name not in (None, manager.op_name) and manager.op_name != "any":
            raise PipelineError(f"Can't add pass '{pass_.pass_name}' restricted to "
                                f"'{pass_.op_name}' on a PassManager intended to run on "
                                f"'{manager.op_name}', did you intend to nest?")
        manager.passes.append(pass_)


class _PipelineParser:
    def __init__(self, text: str):
        self.text = text
        self.index = 0

    def error(self, message: str, at: int) -> PipelineError:
        caret = " " * at + "^"
        return PipelineError(f"{PARSER_NAME}:1:{at + 1}: error: {message}\n{self.text}\n{caret}\n")

    def skip_space(self) -> None:
        while self.index < len(self.text) and self.text[self.index].isspace():
            self.index += 1

    def parse(self) -> list:
        if not self.text.strip():
            return []
        elements = self.parse_list()
        if self.index < len(self.text):
            raise self.error("encountered extra closing ')' creating unbalanced parentheses "
                             "while parsing pipeline", self.index)
        return elements

    def parse_list(self) -> list:
        elements = []
        while True:
            elements.append(self.parse_element())
            self.skip_space()
            if self.index >= len(self.text) or self.text[self.index] == ")":
                return elements
            if self.text[self.index] != ",":
                raise self.error("expected ',' after parsing pipeline", self.index)
            self.index += 1

    def parse_element(self):
        self.skip_space()
        start = self.index
        while self.index < len(self.text) and self.text[self.index] not in "{(),":
            self.index += 1
        name = self.text[start:self.index].rstrip()
        if not name:
            raise self.error("'' does not refer to a registered pass or pass pipeline", start)
        char = self.text[self.index] if self.index < len(self.text) else ""
        if char == "(":
            self.index += 1
            nested = self.parse_list()
            if self.index >= len(self.text) or self.text[self.index] != ")":
                raise self.error("encountered unbalanced parentheses while parsing pipeline",
                                 len(self.text))
            self.index += 1
            return name, "", nested
        options = ""
        if char == "{":
            depth, begin = 0, self.index
            while self.index < len(self.text):
                c = self.text[self.index]
                depth += c == "{"
                depth -= c == "}"
                self.index += 1
                if depth == 0:
                    break
            if depth:
                raise self.error("missing closing '}' while processing pass options", begin)
            options = self.text[begin + 1:self.index - 1]
        if lookup_pass(name) is None:
            raise self.error(f"'{name}' does not refer to a registered pass or pass pipeline",
                             start)
        return name, options, None
