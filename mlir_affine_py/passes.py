"""Passes: the `Pass` base, typed pass options, and the pass registry.

A pass is a class (mlir/include/mlir/Pass/Pass.h): its `argument` is the
name used on the command line (`-test-loop-permutation`) and in pipelines,
its options are typed class fields declared with `Option`/`ListOption`, and
`run_on_operation(op)` does the work.  The option text `"a=1 b=true l=1,2"`
is read as mlir-opt reads pass options (PassOptions::parseFromString and
LLVM's `cl::opt` parsers): booleans `true/false/1/0` (and `TRUE`, `True`, a
bare name meaning true), integers in LLVM's radix notation, lists separated
by commas (optionally in braces).  An unknown option or a bad value raises
`PassOptionError`, which names the pass and the option.

Remarks and diagnostics go through the pass's `context`
(diagnostics.DiagnosticContext), never through module globals.

The registry knows three kinds of passes: the built-in ones, named here by
module path so that a run imports only the passes it uses (and islpy/numpy
only when one needs them); third-party ones found through the entry-point
group `pyaffine_opt.passes` (entry point name = pass argument, object = the
Pass class); and classes given to `register_pass`, e.g. by a file loaded
with `--load-pass-plugin`.
"""

from __future__ import annotations

import builtins
import importlib
from typing import Any, ClassVar, Iterator

from .diagnostics import DiagnosticContext, MLIRError, current_context

ENTRY_POINT_GROUP = "pyaffine_opt.passes"


class PassOptionError(MLIRError):
    """A pass option that does not parse: reported as mlir-opt does, with no
    location in the input.  `detail` is the `cl::opt` parser's own line
    (`for the --x option: ...`), printed before the error when present."""

    def __init__(self, message: str, pass_argument: str = "", option_text: str = "",
                 detail: str = ""):
        super().__init__(message)
        self.pass_argument = pass_argument
        self.option_text = option_text
        self.detail = detail
        self.pipelines: list[str] = []     # the nested pipelines around the pass, innermost first

    def __str__(self) -> str:
        what = self.detail or self.message
        return f"{self.pass_argument}: {what}" if self.pass_argument else what

    def report(self, program: str = "pyaffine-opt") -> str:
        """The text mlir-opt writes for it in a `--pass-pipeline`: the
        parser's line, the error, then the pass (and the pipelines) that
        could not be added.  A pass named by a flag is reported the same
        way, so that the pass is always named."""
        text = f"{program}: {self.detail}\n" if self.detail else ""
        body = f"{self.message}\n" if self.message else ""
        if self.pass_argument:
            body += f"\nfailed to add `{self.pass_argument}` with options `{self.option_text}`\n"
            body += "".join(f"failed to add `{name}` with options `` to inner pipeline\n"
                            for name in self.pipelines)
        return text + f"<unknown>:0: error: {body}\n"


class PassFailure(MLIRError):
    """A pass that signalled its failure (`Pass.signal_pass_failure`): the
    error at `op` when there is a message, else nothing more to report."""

    def __init__(self, message: str = "", op=None):
        if message and op is not None:
            from .ir.verifier import op_error
            error = op_error(message, op)
            super().__init__(error.message, error.pos)     # its notes come with the message
        else:
            super().__init__(message, getattr(op, "pos", None))
        self.op = op


class PassError(MLIRError):
    """A pass from outside pyaffine-opt (a plugin or an installed package)
    that raised: reported as that pass's failure, at the op it ran on."""


# ------------------------------------------------------------------ options
class Option:
    """A typed pass option: `Option(64, help="...")`, or with an explicit
    `type` (bool, int, float, str) when the default does not tell it.
    `unsigned` rejects negative integers as LLVM's `cl::opt<unsigned>` does;
    `minimum` is a further bound checked after parsing.  The command-line
    name is the field name with `_` as `-`, unless `name` is given."""

    list_option = False

    def __init__(self, default: Any = None, help: str = "", *, type: type | None = None,
                 name: str | None = None, unsigned: bool = False, minimum: int | None = None):
        self.default = default
        self.help = help
        self.type = type or (builtins.type(default) if default is not None else str)
        self.name = name
        self.unsigned = unsigned
        self.minimum = minimum
        self.attribute = ""

    def __set_name__(self, owner, attribute: str) -> None:
        self.attribute = attribute
        if self.name is None:
            self.name = attribute.replace("_", "-")

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        return instance.__dict__.get(self.attribute, self.initial())

    def __set__(self, instance, value) -> None:
        instance.__dict__[self.attribute] = value

    def initial(self):
        return self.default

    # -- parsing, as llvm::cl::parser<T>::parse
    def type_name(self) -> str:
        if self.type is bool:
            return ""
        if self.type is int:
            return "uint" if self.unsigned else "int"
        return {float: "number", str: "string"}.get(self.type, self.type.__name__)

    def parse(self, text: str):
        return self.parse_scalar(text)

    def parse_scalar(self, text: str):
        if self.type is bool:
            if text in ("", "true", "TRUE", "True", "1"):
                return True
            if text in ("false", "FALSE", "False", "0"):
                return False
            raise self.error(f"'{text}' is invalid value for boolean argument! Try 0 or 1")
        if self.type is int:
            value = parse_llvm_integer(text)
            if value is None or (self.unsigned and value < 0):
                raise self.error(f"'{text}' value invalid for {self.type_name()} argument!")
            if self.minimum is not None and value < self.minimum:
                raise self.error(f"'{text}' is below the minimum of {self.minimum}")
            return value
        if self.type is float:
            try:
                return float(text)
            except ValueError:
                raise self.error(f"'{text}' value invalid for floating point argument!") from None
        return self.type(text)

    def error(self, what: str) -> PassOptionError:
        return PassOptionError("", detail=f"for the --{self.name} option: {what}")

    def format(self, value) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    def help_line(self) -> str:
        kind = self.type_name()
        return f"--{self.name}" + (f"=<{kind}>" if kind else "")


class ListOption(Option):
    """A list-valued option, `a=1,2,3` or `a={1,2,3}`; `type` is the type
    of the elements."""

    list_option = True

    def __init__(self, type: type = int, help: str = "", *, default=(), name: str | None = None,
                 unsigned: bool = False, minimum: int | None = None):
        super().__init__(tuple(default), help, type=type, name=name, unsigned=unsigned,
                         minimum=minimum)

    def initial(self):
        return list(self.default)

    def parse(self, text: str):
        if text.startswith("{") and text.endswith("}"):
            text = text[1:-1]
        if not text:
            return []
        return [self.parse_scalar(item.strip()) for item in split_top_level(text, ",")]

    def format(self, value) -> str:
        return ",".join(Option.format(self, item) for item in value)


def option_value_text(option: Option, value) -> str:
    """A Python value of `option` as the text the command line would give
    (a str is that text already)."""
    if isinstance(value, str):
        return value
    if option.list_option and isinstance(value, (list, tuple)):
        return ",".join(v if isinstance(v, str) else Option.format(option, v) for v in value)
    if (option.type is int and isinstance(value, bool)) or (
            option.type is bool and not isinstance(value, bool)):
        return repr(value)        # refused by the parser, named as the value given
    return option.format(value)


def parse_llvm_integer(text: str) -> int | None:
    """`StringRef::getAsInteger(0, ...)`: an optional sign, then decimal,
    `0x` hex, `0b` binary, `0o` or leading-`0` octal."""
    body = text[1:] if text[:1] in "+-" else text
    sign = -1 if text[:1] == "-" else 1
    if text[:1] == "+":
        return None
    lower = body.lower()
    value: int | None
    try:
        if lower.startswith("0x"):
            value = int(body[2:], 16)
        elif lower.startswith("0b"):
            value = int(body[2:], 2)
        elif lower.startswith("0o"):
            value = int(body[2:], 8)
        elif len(body) > 1 and body.startswith("0"):
            value = int(body[1:], 8)
        else:
            value = int(body, 10) if body.isdigit() else None
    except ValueError:
        return None
    return None if value is None else sign * value


def split_top_level(text: str, separator: str) -> list[str]:
    """`text` split at `separator` outside braces, brackets and quotes."""
    parts, depth, quote, start = [], 0, "", 0
    for index, char in enumerate(text):
        if quote:
            if char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char in "{[(<":
            depth += 1
        elif char in "}])>":
            depth -= 1
        elif char == separator and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts


def split_option_text(text: str) -> Iterator[tuple[str, str]]:
    """(key, value) pairs of a pass option string, as `parseNextArg` reads
    them: whitespace separates them except inside braces and quotes; a
    value's surrounding quotes (or, for a scalar, braces) are removed by the
    option's parser."""
    index, length = 0, len(text)
    while True:
        while index < length and text[index].isspace():
            index += 1
        if index >= length:
            return
        start, depth, quote = index, 0, ""
        while index < length:
            char = text[index]
            if quote:
                if char == quote:
                    quote = ""
            elif char in "\"'":
                quote = char
            elif char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
            elif char.isspace() and depth <= 0:
                break
            index += 1
        key, _, value = text[start:index].partition("=")
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        yield key, value


# --------------------------------------------------------------------- pass
class Pass:
    """Base class of passes.  Subclasses set `argument` (the command-line
    name), `summary`, optionally `pass_name` (the name IR dumps and timing
    reports show, MLIR's `getName()`) and `op_name` (the op the pass runs
    on, e.g. "func.func"; None for any op), declare options as `Option`
    fields, and implement `run_on_operation`."""

    argument: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    pass_name: ClassVar[str] = ""
    op_name: ClassVar[str | None] = None
    op_interface: ClassVar[type | None] = None   # a trait: an InterfacePass's interface
    options: ClassVar[dict[str, Option]] = {}

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        found: dict[str, Option] = {}
        for klass in reversed(cls.__mro__):
            for value in vars(klass).values():
                if isinstance(value, Option) and value.name is not None:
                    found[value.name] = value
        cls.options = found
        if not cls.pass_name:
            cls.pass_name = cls.__qualname__

    def __init__(self, **values) -> None:
        """Options by field or option name.  A value is checked as the
        command line checks its text (a str is that text): a bad one raises
        the PassOptionError that names the pass and the option."""
        self.context: DiagnosticContext = current_context()
        self.option_text = ""
        self.failure: str | None = None
        by_attribute = {option.attribute: option for option in self.options.values()}
        text = " ".join(f"{key.replace('_', '-')}={value}" for key, value in values.items())
        try:
            for key, value in values.items():
                option = by_attribute.get(key) or self.options.get(key.replace("_", "-"))
                if option is None:
                    raise PassOptionError(f"<Pass-Options-Parser>: no such option {key}")
                setattr(self, option.attribute, option.parse(option_value_text(option, value)))
            if values:
                self.validate_options()
        except PassOptionError as error:
            error.pass_argument, error.option_text = self.argument, text
            raise

    @classmethod
    def from_option_text(cls, text: str) -> "Pass":
        """An instance with the options of `"a=1 b=true"` (an error naming
        the pass and the option when one does not parse)."""
        instance = cls()
        instance.option_text = text
        for key, value in split_option_text(text):
            option = cls.options.get(key)
            if option is None:
                raise PassOptionError(f"<Pass-Options-Parser>: no such option {key}",
                                      cls.argument, text)
            try:
                setattr(instance, option.attribute, option.parse(value))
            except PassOptionError as error:
                error.pass_argument, error.option_text = cls.argument, text
                raise
        try:
            instance.validate_options()
        except PassOptionError as error:
            error.pass_argument, error.option_text = cls.argument, text
            raise
        return instance

    def validate_options(self) -> None:
        """Checks across options, after parsing (raise `Option.error(...)`)."""

    def run_on_operation(self, op) -> None:
        raise NotImplementedError(f"{type(self).__name__}.run_on_operation")

    # -- diagnostics through the context
    def emit_remark(self, op, message: str, notes=()) -> None:
        self.context.emit("remark", message, getattr(op, "pos", op), notes)

    def emit_warning(self, op, message: str, notes=()) -> None:
        self.context.emit("warning", message, getattr(op, "pos", op), notes)

    def emit_error(self, op, message: str, notes=()) -> None:
        self.context.emit("error", message, getattr(op, "pos", op), notes)

    def signal_pass_failure(self, op=None, message: str | None = None):
        """End the pass as failed (MLIR's `signalPassFailure`): the run
        stops and exits with status 1, the output unwritten.  With a
        `message`, the error is reported at `op` as mlir-opt reports an
        op's error (`file:line:col: error: ...`, then the op; without `op`,
        at the op the pass runs on); without a message,
        the pass is expected to have emitted its errors already.  Raises
        PassFailure: `return self.signal_pass_failure(...)` or let it end
        the pass."""
        raise PassFailure(message or "", op)

    def describe(self) -> str:
        """The pass as mlir-opt's `--dump-pass-pipeline` writes it: every
        option, sorted by name, lists in braces (an empty list prints
        nothing, as there)."""
        if not self.options:
            return self.argument
        values = []
        for name in sorted(self.options):
            option = self.options[name]
            value = getattr(self, option.attribute)
            if option.list_option:
                values.append(f"{name}={{{option.format(value)}}}" if value else "")
            else:
                values.append(f"{name}={option.format(value)}")
        return f"{self.argument}{{{' '.join(values)}}}"

    def __repr__(self) -> str:
        return f"<pass {self.describe()}>"


# ----------------------------------------------------------------- registry
# argument -> Pass class, "module:Class" (relative to this package, imported
# when first used) or an importlib.metadata EntryPoint.
_REGISTRY: dict[str, Any] = {}
_entry_points_loaded = False


def register_pass(pass_class: type[Pass] | str, target: str | None = None) -> type[Pass] | None:
    """Make a pass available to the command line, pipelines and `run_pass`:
    `register_pass(MyPass)` (usable as a class decorator), or
    `register_pass("argument", "module:Class")` for a class imported only
    when the pass is used."""
    if isinstance(pass_class, str):
        _REGISTRY[pass_class] = target
        return None
    if not (isinstance(pass_class, type) and issubclass(pass_class, Pass)):
        raise TypeError(f"register_pass expects a Pass subclass, got {pass_class!r}")
    if not pass_class.argument:
        raise ValueError(f"pass class {pass_class.__name__} has no `argument`")
    _REGISTRY[pass_class.argument] = pass_class
    return pass_class


def lookup_pass(argument: str) -> type[Pass] | None:
    """The class registered under `argument`, or None."""
    if argument not in _REGISTRY:
        load_entry_points()
    entry = _REGISTRY.get(argument)
    if entry is None or isinstance(entry, type):
        return entry
    cls = _resolve(argument, entry)
    _REGISTRY[argument] = cls
    return cls


def is_registered(argument: str) -> bool:
    if argument not in _REGISTRY:
        load_entry_points()
    return argument in _REGISTRY


def registered_pass_names() -> list[str]:
    """Every registered pass argument, sorted (imports no pass)."""
    load_entry_points()
    return sorted(_REGISTRY)


def registered_passes() -> dict[str, type[Pass]]:
    """Every registered pass, sorted by argument (imports them all)."""
    load_entry_points()
    found = {}
    for argument in sorted(_REGISTRY):
        cls = lookup_pass(argument)
        if cls is not None:
            found[argument] = cls
    return found


class PluginError(Exception):
    """A plugin that cannot be loaded (reported without a traceback)."""


def _resolve(argument: str, entry) -> type[Pass]:
    try:
        if isinstance(entry, str):
            module, _, name = entry.partition(":")
            cls = getattr(importlib.import_module(module, __package__), name)
        else:
            cls = entry.load()
    except Exception as error:  # noqa: BLE001 - a third party's import error
        raise PluginError(f"cannot load pass '{argument}' ({getattr(entry, 'value', entry)}): "
                          f"{type(error).__name__}: {error}") from error
    if not (isinstance(cls, type) and issubclass(cls, Pass)):
        raise PluginError(f"entry point '{argument}' ({getattr(entry, 'value', entry)}) "
                          f"is not a Pass subclass")
    if cls.argument != argument:
        raise PluginError(f"entry point '{argument}' names a pass whose argument is "
                          f"'{cls.argument}'")
    return cls


def load_entry_points() -> None:
    """Register the passes of installed distributions (entry-point group
    `pyaffine_opt.passes`).  Built-in and explicitly registered passes keep
    their names."""
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True
    from importlib.metadata import entry_points
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        _REGISTRY.setdefault(entry.name, entry)


def load_pass_plugin(path: str) -> None:
    """`--load-pass-plugin=FILE.py`: run the file as a module; it registers
    its passes with `register_pass`."""
    import importlib.util
    import os
    import sys
    name = "pyaffine_opt_plugin_" + "".join(c if c.isalnum() else "_"
                                           for c in os.path.abspath(path))
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise PluginError(f"Failed to load passes from '{path}': not a Python file")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    except PluginError:
        raise
    except FileNotFoundError:
        raise PluginError(f"Failed to load passes from '{path}': no such file") from None
    except Exception as error:  # noqa: BLE001 - the plugin's own error
        raise PluginError(f"Failed to load passes from '{path}': "
                          f"{type(error).__name__}: {error}") from error


# ------------------------------------------------------ remarks (compatible)
def emit_remark(message: str, pos, notes=(), severity: str = "remark") -> None:
    """A diagnostic through the context of the pass that is running (or
    the default one outside the pass manager)."""
    current_context().emit(severity, message, pos, notes)


def drain_remarks() -> list:
    """The diagnostics the default context collected, which are then
    forgotten (for code that runs a pass function without a pass manager)."""
    return current_context().drain()


register_pass("test-memref-dependence-check", ".transforms.test_passes:TestMemRefDependenceCheck")
register_pass("affine-scalrep", ".transforms.scalar_replacement:AffineScalarReplacement")
register_pass("affine-loop-invariant-code-motion", ".transforms.affine_loop_invariant_code_motion:AffineLoopInvariantCodeMotion")
register_pass("affine-expand-index-ops", ".transforms.expand_index_ops:AffineExpandIndexOps")
register_pass("affine-simplify-structures", ".transforms.simplify_affine_structures:SimplifyAffineStructures")
register_pass("test-loop-permutation", ".transforms.test_passes:TestLoopPermutation")
register_pass("affine-loop-interchange", ".transforms.loop_interchange:AffineLoopInterchange")
register_pass("affine-permute-and-fuse", ".transforms.permute_and_fuse:AffinePermuteAndFuse")
register_pass("affine-loop-tile", ".transforms.loop_tiling:AffineLoopTiling")
register_pass("affine-parallelize", ".transforms.affine_parallelize:AffineParallelize")
register_pass("affine-optimize", ".transforms.optimize:AffineOptimize")
register_pass("affine-loop-skew", ".transforms.loop_skew:AffineLoopSkew")
register_pass("test-affine-parametric-tile", ".transforms.test_passes:TestAffineLoopParametricTiling")
register_pass("test-loop-fusion", ".transforms.test_loop_fusion:TestLoopFusion")
register_pass("affine-super-vectorizer-test", ".transforms.test_slicing:VectorizerTestSlicing")
register_pass("test-affine-loop-unswitch", ".transforms.affine_loop_unswitch:TestAffineLoopUnswitch")
register_pass("affine-raise-from-memref", ".transforms.raise_memref:AffineRaiseFromMemref")
register_pass("lower-affine", ".transforms.lower_affine:LowerAffine")
register_pass("affine-loop-unroll", ".transforms.loop_unroll:AffineLoopUnroll")
register_pass("affine-loop-unroll-jam", ".transforms.loop_unroll_jam:AffineLoopUnrollAndJam")
register_pass("affine-loop-normalize", ".transforms.loop_normalize:AffineLoopNormalize")
register_pass("affine-loop-coalescing", ".transforms.loop_coalescing:AffineLoopCoalescing")
register_pass("cse", ".transforms.cse:CSE")
register_pass("loop-invariant-code-motion", ".transforms.loop_invariant_code_motion:LoopInvariantCodeMotion")
register_pass("canonicalize", ".transforms.canonicalize:Canonicalizer")
register_pass("affine-data-copy-generate", ".transforms.affine_data_copy_generate:AffineDataCopyGeneration")
register_pass("test-affine-data-copy", ".transforms.test_affine_data_copy:TestAffineDataCopy")
register_pass("test-remark", ".transforms.test_remark:TestRemark")
register_pass("affine-pipeline-data-transfer", ".transforms.pipeline_data_transfer:AffinePipelineDataTransfer")
