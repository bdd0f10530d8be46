"""`pyaffine-opt`: an mlir-opt-like driver.

    pyaffine-opt [options] [-pass-name[="opt=val ..."] ...] [file|-]

Options follow LLVM's command-line style: one or two leading dashes, and
`=value` or a separate argument for options that take one.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import threading

from . import __version__
from .diagnostics import UNKNOWN_LOCATION, MLIRError, format_diagnostic, offset_to_pos
from .parse.engine.lark_modules import import_lark

OVERVIEW = ("pyaffine-opt: MLIR affine-dialect optimizer driver (mlir-opt 22 compatible "
            "output)\n")
DEFAULT_SPLIT_MARKER = "// -----"


class UsageError(Exception):
    pass


class Options:
    def __init__(self):
        self.input = None
        self.output = None
        self.split = False         # the input split marker (True: the default one)
        self.output_split_marker = DEFAULT_SPLIT_MARKER
        self.verify_diagnostics = None   # None, "all" or "only-expected"
        self.allow_unregistered = False
        self.generic = False
        self.local_scope = False
        self.debuginfo = False
        self.pretty_debuginfo = False
        self.debug = False
        self.disable_threading = False
        self.passes: list = []     # (pass name, option text)
        self.pass_pipeline = None  # --pass-pipeline text
        self.plugins: list = []    # --load-pass-plugin files
        self.print_ir_before_all = False
        self.print_ir_after_all = False
        self.print_ir_after_change = False
        self.print_ir_after_failure = False
        self.print_ir_before: list = []    # pass arguments
        self.print_ir_after: list = []
        self.print_ir_module_scope = False
        self.timing = False
        self.dump_pass_pipeline = False
        self.list_passes = False
        # Optimization remarks (remarks.py): the streamer, the policy, the
        # category patterns (`remarks_filter` for every kind) and the file.
        self.remark_format = "emitRemark"
        self.remark_policy = "all"
        self.remarks_filter = ""
        self.remarks_filter_passed = ""
        self.remarks_filter_missed = ""
        self.remarks_filter_failed = ""
        self.remarks_filter_analyse = ""
        self.remarks_output_file = ""
        self.remarks_to_stdout = None     # remarks.ChunkedRemarks of a run with `-` as that file
        self.pass_manager = None   # built from `passes` or `pass_pipeline`

    @property
    def split_marker(self) -> str:
        """The marker the input is split at ("" for no splitting)."""
        if self.split is True:
            return DEFAULT_SPLIT_MARKER
        return self.split or ""


def _options():
    from .command_line import NO_VALUE, OPTIONAL, PASS_NAMES, VALUE, CLOption
    every = "Check all diagnostics (expected, unexpected, near-misses)"
    return [
        CLOption("allow-unregistered-dialect", "Allow operation with no registered dialects",
                 field="allow_unregistered"),
        CLOption("debug", "Show Python tracebacks of internal errors"),
        CLOption("dump-pass-pipeline", "Print the pipeline that will be run"),
        CLOption("list-passes", "Print the list of registered passes and exit"),
        CLOption("load-pass-plugin", "Load passes from a Python file that registers them",
                 VALUE, "plugins", "string"),
        CLOption("mlir-disable-threading", "Disable multi-threading within MLIR (pyaffine-opt "
                 "runs on one thread: accepted, with no effect on the output)"),
        CLOption("mlir-print-ir-after", "Print IR after specified passes", PASS_NAMES),
        CLOption("mlir-print-ir-after-all", "Print IR after each pass"),
        CLOption("mlir-print-ir-after-change",
                 "When printing the IR after a pass, only print if the IR changed"),
        CLOption("mlir-print-ir-after-failure",
                 "When printing the IR after a pass, only print if the pass failed"),
        CLOption("mlir-print-ir-before", "Print IR before specified passes", PASS_NAMES),
        CLOption("mlir-print-ir-before-all", "Print IR before each pass"),
        CLOption("mlir-print-ir-module-scope", "When printing IR for print-ir-[before|after]"
                 "{-all} always print the top-level operation"),
        CLOption("mlir-pretty-debuginfo", "Print pretty debug info in MLIR output",
                 field="pretty_debuginfo"),
        CLOption("mlir-print-debuginfo", "Print debug info in MLIR output", field="debuginfo"),
        CLOption("mlir-print-local-scope", "Print with local scope and inline information "
                 "(eliding aliases for attributes, types, and locations)", field="local_scope"),
        CLOption("mlir-print-op-generic", "Print the generic op form", field="generic"),
        CLOption("mlir-timing", "Display execution times"),
        CLOption("o", "Output filename", VALUE, "output", "filename"),
        CLOption("output-split-marker", "Split marker to use for merging the ouput", VALUE,
                 value_name="string"),
        CLOption("pass-pipeline", "Textual description of the pass pipeline to run", VALUE,
                 value_name="string"),
        CLOption("p", "Alias for --pass-pipeline", VALUE, "pass_pipeline", "string",
                 hidden=True),
        CLOption("split-input-file", "Split the input file into chunks using the given or "
                 "default marker and process each chunk independently", OPTIONAL, "split",
                 "string"),
        CLOption("verify-diagnostics", "Check that emitted diagnostics match expected-* lines "
                 "on the corresponding line", OPTIONAL,
                 values=[("all", every), ("", every),
                         ("only-expected", "Check only expected diagnostics")]),
        *_remark_options(),
        CLOption("help", "Display available options", NO_VALUE, category="Generic Options"),
        CLOption("h", "Alias for --help", NO_VALUE, category="Generic Options", hidden=True),
        CLOption("version", "Display the version of this program", NO_VALUE,
                 category="Generic Options"),
    ]


REMARK_OPTIONS = "Remark Options"


def _remark_options():
    """MlirOptMain's remark options (remarks.py): the filters are regular
    expressions matched against a remark's whole category."""
    from .command_line import VALUE, CLOption

    def remark(name: str, help: str, **more) -> CLOption:
        return CLOption(name, help, VALUE, category=REMARK_OPTIONS, **more)
    return [
        remark("remark-format", "Specify the format for remark output.",
               values=[("emitRemark", "Print as emitRemark to command-line"),
                       ("yaml", "Print yaml file"), ("bitstream", "Print bitstream file")]),
        remark("remark-policy", "Specify the policy for remark output.",
               values=[("all", "Print all remarks"), ("final", "Print final remarks")]),
        remark("remarks-filter", "Show all remarks: passed, missed, failed, analysis",
               value_name="string"),
        remark("remarks-filter-analyse", "Show analysis remarks", value_name="string"),
        remark("remarks-filter-failed", "Show failed remarks", value_name="string"),
        remark("remarks-filter-missed", "Show missed remarks", value_name="string"),
        remark("remarks-filter-passed", "Show passed remarks", value_name="string"),
        remark("remarks-output-file", "Output file for yaml and bitstream remark formats. "
               "Default is mlir-remarks.yaml or mlir-remarks.bitstream", value_name="string"),
    ]


def command_line():
    """The driver's options and the registered passes, read and shown as
    LLVM's command-line library does (command_line.py)."""
    from .command_line import CommandLine
    from .passes import is_registered, registered_pass_names, registered_passes
    return CommandLine("pyaffine-opt", OVERVIEW, "<input file>", _options(), is_registered,
                       registered_pass_names, registered_passes,
                       {REMARK_OPTIONS: "Filter remarks by regular expression (llvm::Regex "
                                        "syntax)."})


def parse_args(argv) -> Options:
    """The options of a run; the passes' options are parsed too, so that an
    option error ends the run before the input is read (as with mlir-opt).
    Every argument is read before an error ends the run, as LLVM reads
    them; `--help`, `--version` and `--list-passes` end it at once."""
    from .passes import PluginError, load_pass_plugin
    options = Options()
    args = list(argv)
    # Plugins first: their passes may be named before them, and in --help.
    for index, arg in enumerate(args):
        name, has_value, value = arg.lstrip("-").partition("=")
        if arg.startswith("-") and name == "load-pass-plugin":
            path = value if has_value else (args[index + 1] if index + 1 < len(args) else None)
            if path is None:
                continue        # reported with the other errors
            try:
                load_pass_plugin(path)
            except PluginError as error:
                raise UsageError(str(error)) from None
    line = command_line()
    errors: list = []
    positionals: list = []
    for event in line.parse(args):
        if event.error:
            errors.append(event.error)
        elif event.positional is not None:
            positionals.append(event.positional)
        elif event.pass_name:
            options.passes.append((event.pass_name, event.value))
        elif event.option.name in ("help", "h", "version"):
            _report(errors)
            text = line.help() if event.option.name != "version" else (
                f"pyaffine-opt {__version__}\n  mirrors the textual output of MLIR (LLVM) 22\n")
            sys.stdout.write(text)
            raise SystemExit(0)
        else:
            _set(options, event.option.field, event.value, errors)
    if len(positionals) > 1:
        errors.append("Too many positional arguments specified!\nCan specify at most 1 "
                      "positional arguments: See: pyaffine-opt --help")
    if errors:
        raise UsageError("\npyaffine-opt: ".join(errors))
    if options.list_passes:
        sys.stdout.write(line.list_passes())
        raise SystemExit(0)
    if options.split == "":
        options.split = DEFAULT_SPLIT_MARKER       # `--split-input-file` without a marker
    if options.split and len(options.split_marker) <= 2:
        # mlir-opt 22 cuts at the marker without its last two characters:
        # with nothing left to cut at, it never ends.
        raise UsageError(f"for the --split-input-file option: the marker "
                         f"'{options.split_marker}' must be longer than two characters")
    options.input = positionals[0] if positionals else "-"
    options.pass_manager = build_pass_manager(options)
    return options


def _report(errors: list) -> None:
    for error in errors:
        sys.stderr.write(f"pyaffine-opt: {error}\n")
    errors.clear()


def _set(options: Options, name: str, value, errors: list) -> None:
    """One option's value on `options` (lists grow; otherwise the last wins,
    as in mlir-opt 22, `--pass-pipeline` too)."""
    current = getattr(options, name)
    if isinstance(current, list):
        current.append(value)
    elif name == "verify_diagnostics":
        options.verify_diagnostics = value or "all"
    else:
        setattr(options, name, value)


def build_pass_manager(options: Options):
    """The pipeline of a run: `--pass-pipeline`, or the passes named on the
    command line in order (each nested on the op it is anchored on)."""
    from .pass_manager import PassManager
    from .passes import lookup_pass
    if options.pass_pipeline is not None:
        if options.passes:
            from .pass_manager import PipelineError
            raise PipelineError("'-pass-pipeline' option can't be used with individual "
                                "pass options")
        return PassManager.parse(options.pass_pipeline)
    manager = PassManager()
    for name, text in options.passes:
        cls = lookup_pass(name)
        assert cls is not None, f"unknown pass {name}"     # the command line's names were checked
        manager.add(cls.from_option_text(_unquoted(text)))
    return manager


def _unquoted(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


class _Activity:
    """What the driver is doing, for the report of an internal error."""

    def __init__(self):
        self.filename = None
        self.line_offset = 0
        self.stage = None


_ACTIVITY = _Activity()


def process_chunk(text: str, options: Options, filename: str = "<stdin>",
                  line_offset: int = 0, context=None, timing=None, column_offset: int = 0) -> str:
    """Parse one chunk, run the pipeline on it and print it.  Diagnostics
    the passes emit go to `context` (collected when None).  The chunk
    starts on line `line_offset` + 1 of the file, `column_offset`
    characters into it (the file locations --mlir-print-debuginfo prints)."""
    if not options.debuginfo:
        return _process_chunk(text, options, filename, line_offset, context, timing)
    from .ir.attributes import SOURCE_LOCATIONS
    from .printer.printer import SourceLocations
    locations = SourceLocations(filename, text, line_offset, column_offset)
    token = SOURCE_LOCATIONS.set(locations)
    try:
        return _process_chunk(text, options, filename, line_offset, context, timing, locations)
    finally:
        SOURCE_LOCATIONS.reset(token)


def _process_chunk(text: str, options: Options, filename: str, line_offset: int, context,
                   timing, locations=None) -> str:
    from .diagnostics import DiagnosticContext
    from .parse.parser import parse_source
    _ACTIVITY.filename, _ACTIVITY.line_offset = filename, line_offset
    _ACTIVITY.stage = "parsing"
    if timing:
        timing.begin("Parser")
    # What the parser's builders emit (the region builders' warnings) goes
    # to the run's diagnostics, before any error of the chunk.
    with context or contextlib.nullcontext():
        module = parse_source(text, options.allow_unregistered, filename, line_offset)
    if timing:
        timing.end()
    if context is None and (options.remark_format != "emitRemark" or _remark_filters(options)):
        context = DiagnosticContext(filename, text, line_offset)
    with _remarks(options, context):
        return _run_and_print(module, options, filename, text, line_offset, context, timing,
                              locations)


def _remark_filters(options: Options) -> dict:
    """The remark categories of the run by kind (`all` for every kind),
    the empty ones left out.  (remarks.py is imported only for a run that
    asks for remarks: every lit test starts the tool.)"""
    if not (options.remarks_filter or options.remarks_filter_passed
            or options.remarks_filter_missed or options.remarks_filter_failed
            or options.remarks_filter_analyse):
        return {}
    from .remarks import ANALYSIS, FAILURE, MISSED, PASSED
    filters = {"all": options.remarks_filter, PASSED: options.remarks_filter_passed,
               MISSED: options.remarks_filter_missed, FAILURE: options.remarks_filter_failed,
               ANALYSIS: options.remarks_filter_analyse}
    return {kind: pattern for kind, pattern in filters.items() if pattern}


@contextlib.contextmanager
def _remarks(options: Options, context):
    """The remark engine of one chunk, set up after it parsed (as mlir-opt
    sets it up on each chunk's context): its YAML file is created (emptied)
    then, even when no filter lets a remark through, and the `final`
    policy's remarks are reported when the engine ends, after the chunk's
    output is printed, whether or not the chunk failed."""
    filters = _remark_filters(options)
    if options.remark_format == "emitRemark" and not filters:
        yield       # no remark can pass: no engine
        return
    from .remarks import RemarkEngine, open_streamer
    try:
        stream, handle = open_streamer(options.remark_format, options.remarks_output_file,
                                       options.remarks_to_stdout or sys.stdout)
    except OSError:
        raise MLIRError("", UNKNOWN_LOCATION) from None    # as mlir-opt 22: no message
    context.remark_engine = RemarkEngine(filters, options.remark_policy, stream)
    try:
        yield
    finally:
        if options.remarks_to_stdout is not None:
            options.remarks_to_stdout.ending = True
        with context:
            context.remark_engine.finalize()
        context.remark_engine = None
        if handle is not None:
            handle.close()


def _run_and_print(module, options: Options, filename: str, text: str, line_offset: int,
                   context, timing, locations) -> str:
    """Run the pipeline on a parsed chunk, then print it."""
    from .diagnostics import DiagnosticContext
    from .printer.printer import Printer
    if options.print_ir_module_scope and not options.disable_threading:
        # As mlir-opt, for every chunk that parses (printing the whole module
        # while other threads change functions of it is not safe there).
        raise MLIRError("IR print for module scope can't be setup on a pass-manager without "
                        "disabling multi-threading first.\n", UNKNOWN_LOCATION)
    manager = options.pass_manager
    if manager is None:
        manager = options.pass_manager = build_pass_manager(options)
    if manager.passes:
        if not any(isinstance(i, _ActivityTracker) for i in manager.instrumentations):
            manager.add_instrumentation(_ActivityTracker())
        if context is None:
            context = DiagnosticContext(filename, text, line_offset)
        else:
            context.source, context.line_offset = text, line_offset
        manager.context = context
        manager.run(module)
    _ACTIVITY.stage = "printing"
    if timing:
        timing.begin("Output")
    printer = Printer(generic=options.generic)
    printer.use_aliases = not options.local_scope
    if locations is not None:
        printer.debuginfo = True
        printer.pretty_debuginfo = options.pretty_debuginfo
        printer.locations = locations
    result = printer.print_module(module)
    if options.local_scope and result.endswith("\n"):
        # With local scope mlir-opt's printer ends the op without the
        # newline that otherwise closes the alias and resource sections.
        result = result[:-1]
    if timing:
        timing.end()
    return result


class _ActivityTracker:
    """Keeps `_ACTIVITY.stage` up to date for internal-error reports."""

    def before_pass(self, pass_, op) -> None:
        _ACTIVITY.stage = f"running -{pass_.argument}"

    def after_pass(self, pass_, op) -> None:
        _ACTIVITY.stage = f"verifying after -{pass_.argument}"


def _instrument(options: Options, stderr):
    """Add the IR printer and the timer that the options ask for; returns
    the timer (or None)."""
    from .pass_instrumentation import IRPrinter, PassTiming
    manager = options.pass_manager
    if (options.print_ir_before_all or options.print_ir_after_all or options.print_ir_before
            or options.print_ir_after or options.print_ir_after_failure):
        manager.add_instrumentation(IRPrinter(
            stderr, options.print_ir_before_all, options.print_ir_after_all,
            options.print_ir_after_change, options.generic, before=options.print_ir_before,
            after=options.print_ir_after, after_failure=options.print_ir_after_failure,
            module_scope=options.print_ir_module_scope))
    if not options.timing:
        return None
    timing = PassTiming()
    manager.add_instrumentation(timing)
    return timing


def run(options: Options, stdout, stderr) -> int:
    if not options.verify_diagnostics:
        return _run(options, stdout, stderr)
    from .diagnostics import printing_op_on_diagnostic
    with printing_op_on_diagnostic(False):
        return _run(options, stdout, stderr)


def _run(options: Options, stdout, stderr) -> int:
    from .diagnostics import DiagnosticContext
    if options.pass_manager is None:
        options.pass_manager = build_pass_manager(options)
    timing = _instrument(options, stderr)
    if options.dump_pass_pipeline:
        stderr.write(options.pass_manager.dump())
    filename = "<stdin>" if options.input == "-" else options.input
    try:
        if options.input == "-":
            if sys.stdin is None:     # started with standard input closed
                raise OSError(9, "Bad file descriptor")
            data = sys.stdin.buffer.read()
        else:
            with open(options.input, "rb") as handle:
                data = handle.read()
    except OSError as error:
        stderr.write(f"cannot open input file '{options.input}': {error.strerror}\n")
        return 1
    text = data.decode("utf-8", errors="surrogateescape")
    del data
    from .parse.parser import Chunk, split_input
    # mlir-opt 22 builds its verifier of `expected-*` annotations whether
    # or not -verify-diagnostics is given (verify_diagnostics.py).
    verifier = passive = None
    if options.verify_diagnostics or "expected-" in text:
        from .verify_diagnostics import DiagnosticVerifier
        checker = DiagnosticVerifier(filename, text, stderr,
                                     options.verify_diagnostics == "only-expected",
                                     passive=not options.verify_diagnostics)
        verifier, passive = (checker, None) if options.verify_diagnostics else (None, checker)
    chunks, near_misses = (split_input(text, options.split_marker) if options.split_marker
                           else ([Chunk(text, 0)], []))
    for offset in near_misses:
        stderr.write(format_diagnostic(filename, text, "near miss with file split marker",
                                       offset_to_pos(text, offset), "warning"))
    outputs = []
    # YAML remarks and bitstream containers on standard output
    # (`--remarks-output-file=-`) go around each chunk's output as mlir-opt
    # writes them.
    remarks_out = None
    if options.remark_format != "emitRemark" and options.remarks_output_file == "-":
        from .remarks import ChunkedRemarks
        remarks_out = options.remarks_to_stdout = ChunkedRemarks(
            binary=options.remark_format == "bitstream")
    failed = False
    # Remarks are written as the passes emit them, before any error of the chunk.
    context: DiagnosticContext = DiagnosticContext(filename, handler=verifier.diagnostic if verifier else
                                lambda d: stderr.write(context.format(d)))
    for chunk, line_offset, column_offset in chunks:
        context.source, context.line_offset = chunk, line_offset
        if verifier:
            verifier.start_chunk(line_offset, column_offset)
        if remarks_out is not None:
            remarks_out.start_chunk()
        try:
            outputs.append(process_chunk(chunk, options, filename, line_offset, context,
                                         timing, column_offset) + "\n")
        except MLIRError as error:
            failed = True
            _write_error(stderr, filename, text, error, line_offset, column_offset, verifier)
            outputs.append("")
        except RecursionError as error:
            depth = nesting_depth(chunk)
            if depth < TOO_DEEP:
                raise   # not the input's nesting: a bug
            failed = True
            message = (f"nesting too deep: {depth} levels of brackets (regions, attributes or "
                       f"affine expressions) go beyond what pyaffine-opt can process")
            position = _deepest_position(error) or deepest_bracket(chunk)
            _write_error(stderr, filename, text, MLIRError(message, position), line_offset,
                         column_offset, verifier)
            outputs.append("")
    if verifier:
        failed = not verifier.finish()
    if passive:
        passive.finish()
    if remarks_out is not None:
        outputs = remarks_out.around(outputs, options.output in (None, "-"), stdout)
    result = f"{options.output_split_marker}\n".join(outputs)
    if remarks_out is not None and remarks_out.binary and options.output in (None, "-"):
        from .remarks import write_with_bytes
        try:
            write_with_bytes(stdout, result)
        except OSError as error:
            raise BrokenPipeError(*error.args) from error
        _report_timing(timing, stderr)
        return 1 if failed else 0
    if failed:
        if options.output in (None, "-"):
            try:
                stdout.write(result)
            except OSError as error:
                raise BrokenPipeError(*error.args) from error
        _report_timing(timing, stderr)
        return 1
    _ACTIVITY.stage = "writing the output"
    try:
        write_output(result, options.output, stdout)
    except OSError as error:
        if options.output in (None, "-"):
            raise BrokenPipeError(*error.args) from error   # stdout is gone: end quietly
        # As mlir-opt: the output file cannot be created (no such folder, no
        # permission, disk full); an existing file is left as it was.
        stderr.write(f"cannot open output file '{options.output}': "
                     f"{error.strerror or error}\n")
        return 1
    _report_timing(timing, stderr)
    return 0


def _write_error(stderr, filename: str, text: str, error: MLIRError, line_offset: int,
                 column_offset: int, verifier=None) -> None:
    """An error of a chunk, at the file's positions, with its notes (none
    for a pass that signalled its failure after emitting its errors)."""
    if not error.message:
        return
    if verifier:
        verifier.error(error)
        return

    def in_file(pos):
        if pos is None or pos.__class__ is not tuple or pos == (0, 0) or pos == UNKNOWN_LOCATION:
            return pos      # no place, the file as a whole, or a location of the IR
        return (pos[0] + line_offset, pos[1] + (column_offset if pos[0] == 1 else 0))
    notes = [(severity, message, in_file(pos)) for severity, message, pos in error.notes]
    stderr.write(format_diagnostic(filename, text, error.message, in_file(error.pos),
                                   error.severity, notes=notes))


def _report_timing(timing, stderr) -> None:
    if timing is not None:
        stderr.write(timing.report())


# A RecursionError (with RECURSION_LIMIT frames) on input nested at least this
# deep is reported as the input's nesting; on shallower input it is a bug.
TOO_DEEP = 1000


def nesting_depth(text: str) -> int:
    """The deepest nesting of brackets in `text`, outside strings and comments."""
    import re
    stripped = re.sub(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*', "", text)
    depth = deepest = 0
    for char in re.sub(r"[^(){}\[\]<>]|->|>=|<=", "", stripped):
        if char in "({[<":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth = max(depth - 1, 0)
    return deepest


def deepest_bracket(text: str):
    """(line, column) of the first bracket at the deepest nesting of `text`."""
    from .diagnostics import offset_to_pos
    depth, deepest, where = 0, 0, 0
    for index, char in enumerate(text):
        if char in "({[<":
            depth += 1
            if depth > deepest:
                deepest, where = depth, index
        elif char in ")}]>":
            depth = max(depth - 1, 0)
    return offset_to_pos(text, where)


def _deepest_position(error: BaseException):
    """The position of the innermost op or token the failing code was at."""
    from .ir.core import Operation
    from .parse.syntax import TOKEN, ParsedOp
    tb, found = error.__traceback__, None
    while tb is not None:
        for value in tb.tb_frame.f_locals.values():
            if isinstance(value, (Operation, ParsedOp)) and value.pos:
                found = value.pos
            elif isinstance(value, TOKEN) and getattr(value, "line", None):
                found = (value.line, value.column)
        tb = tb.tb_next
    return found


def _create_beside(folder: str) -> tuple[int, str]:
    """A new file of this process in `folder`, opened for writing: what
    `tempfile.mkstemp` does, without importing `tempfile` (and `random`
    through it), 3% of a short run's instructions."""
    for attempt in range(1000):
        temporary = os.path.join(folder, f".pyaffine-opt-{os.getpid()}-{attempt}.tmp")
        try:
            return os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), temporary
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name in {folder}")


def write_output(text: str, path, stdout) -> None:
    """Write atomically: a temporary file beside the target, renamed on success."""
    if path in (None, "-"):
        stdout.write(text)
        stdout.flush()
        return
    if os.path.exists(path) and not os.path.isfile(path):
        # A device or pipe (/dev/null, /dev/stdout): no rename onto it.
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as handle:
            handle.write(text)
        return
    if os.path.islink(path):
        path = os.path.realpath(path)   # write through the link, keep the link
    folder = os.path.dirname(os.path.abspath(path))
    try:
        mode = os.stat(path).st_mode & 0o7777     # keep an existing file's permissions
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, temporary = _create_beside(folder)
    try:
        # No fsync: the rename keeps readers from ever seeing a partial file,
        # which is the promise; durability across a power cut is the file
        # system's, as for mlir-opt's own output (a flush costs milliseconds).
        with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape") as handle:
            handle.write(text)
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


# Parsing and building are iterative, but printing, verifying and the passes
# recurse along the nesting of regions (and of affine expressions).  They run
# on a thread with a large stack and a recursion limit to match, so that
# inputs nested thousands deep (far beyond what real code does) still work.
STACK_SIZE = 1 << 30            # address space, touched only as deep as it is used
RECURSION_LIMIT = 100_000


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    result: list = []
    previous_limit = sys.getrecursionlimit()
    previous_stack = threading.stack_size()
    sys.setrecursionlimit(max(previous_limit, RECURSION_LIMIT))
    try:
        threading.stack_size(STACK_SIZE)
        worker = threading.Thread(target=lambda: result.append(_main(argv)),
                                  name="pyaffine-opt", daemon=True)
    except (ValueError, RuntimeError):   # a platform without settable thread stacks
        worker = None
    finally:
        threading.stack_size(previous_stack)
    try:
        if worker is None:
            return _main(argv)
        worker.start()
        worker.join()
        return result[0] if result else 2
    except KeyboardInterrupt:
        return 130
    finally:
        sys.setrecursionlimit(previous_limit)


def _main(argv) -> int:
    # The IR is one graph of reference cycles that lives until the process
    # ends; letting the cyclic collector rescan it while it grows costs a
    # third of the parse time and frees nothing.
    gc.disable()
    from .passes import PluginError
    debug = any(a.lstrip("-") == "debug" for a in argv)
    _ACTIVITY.stage = _ACTIVITY.filename = None
    try:
        try:
            options = parse_args(argv)
            import_lark()       # not needed for --help or --version
        except (UsageError, PluginError) as error:
            sys.stderr.write(f"pyaffine-opt: {error}\n")
            return 1
        except MLIRError as error:
            # A pass option or a pipeline that does not parse: no location
            # in the input, as mlir-opt reports it.
            report = getattr(error, "report", None)
            sys.stderr.write(report() if report else f"<unknown>:0: error: {error.message}\n")
            return 1
        # A stream closed when the process started (`>&-`) is None: what
        # would go there is dropped, as with a reader that left.
        return run(options, sys.stdout or _Discard(), _Diagnostics(sys.stderr))
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else 0
    except BrokenPipeError:
        # `pyaffine-opt ... | head`: the reader left; end quietly.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except OSError:
            pass
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # noqa: BLE001 - the last line of defence
        return _internal_error(error, debug)


class _Discard:
    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


class _Diagnostics:
    """Standard error for diagnostics: when it is closed or its reader has
    left, they are dropped (the exit status still tells the failure)."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            if self.stream is not None:
                self.stream.write(text)
        except (OSError, ValueError):
            self.stream = None
        return len(text)

    def flush(self) -> None:
        try:
            if self.stream is not None:
                self.stream.flush()
        except (OSError, ValueError):
            self.stream = None


def _internal_error(error: BaseException, debug: bool) -> int:
    """One line: what failed, where in the input when known, and a hint."""
    if debug:
        import traceback
        traceback.print_exc()
    detail = str(error).replace("\n", " ")
    if len(detail) > 300:
        detail = detail[:300] + "..."
    where = _error_location(error)
    context = f" while {_ACTIVITY.stage}" if _ACTIVITY.stage else ""
    if where:
        context += f" at {where}"
    stream = _Diagnostics(sys.stderr)
    stream.write(f"error: internal error{context}: {type(error).__name__}: {detail}; "
                 "this is a bug in pyaffine-opt, please report it with the input that "
                 "triggers it (rerun with --debug for a traceback)\n")
    stream.flush()
    return 2


def _error_location(error: BaseException):
    """`file:line:col ('op.name')` of the innermost operation (or parsed op,
    or token) that the failing code was working on, if any."""
    if _ACTIVITY.filename is None:
        return None
    from .ir.core import Operation
    from .parse.syntax import TOKEN, ParsedOp
    tb = error.__traceback__
    frames = []
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    for frame in reversed(frames):
        names = ("op", "self", "operation", "parsed", "p", "token")
        for name in names + tuple(n for n in frame.f_locals if n not in names):
            value = frame.f_locals.get(name)
            pos, label = None, None
            if isinstance(value, Operation):
                pos, label = value.pos, value.op_name
            elif isinstance(value, ParsedOp):
                pos, label = value.pos, value.name
            elif isinstance(value, TOKEN) and getattr(value, "line", None):
                pos, label = (value.line, value.column), None
            if pos:
                text = f"{_ACTIVITY.filename}:{pos[0] + _ACTIVITY.line_offset}:{pos[1]}"
                return f"{text} ('{label}')" if label else text
    return None


def console_main() -> None:
    """The `pyaffine-opt` command: `main`, then the process ends at once.
    Python's orderly shutdown would free the IR object by object, a sixth of
    the time of a 100,000-line run, for memory the system takes back anyway.
    Everything the run writes is flushed first."""
    code = main()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass            # the reader left, or the stream was closed: as in `main`
    os._exit(code)


if __name__ == "__main__":
    console_main()
