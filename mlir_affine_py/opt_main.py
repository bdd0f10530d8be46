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

USAGE = """OVERVIEW: pyaffine-opt: MLIR affine-dialect optimizer driver (mlir-opt 22 compatible output)

USAGE: pyaffine-opt [options] [passes] <input file|->

OPTIONS:
  -o <filename>                   Output filename (written only when the run succeeds)
  -split-input-file               Split the input at each '// -----' and process each chunk
  -verify-diagnostics[=only-expected]
                                  Check that emitted diagnostics match expected-* lines on the
                                  corresponding line (=only-expected: only that the expected
                                  ones are emitted)
  -allow-unregistered-dialect     Allow operations of unknown dialects (printed in generic form)
  -mlir-print-op-generic          Print every operation in the generic form
  -mlir-print-local-scope         Print attributes and types inline, without aliases
  -pass-pipeline=<string>         Textual description of the pass pipeline to run,
                                  e.g. 'builtin.module(func.func(pass{opt=value}), pass2)'
  -load-pass-plugin=<file.py>     Load passes from a Python file that registers them
  -mlir-print-ir-before-all       Print IR before each pass (on stderr)
  -mlir-print-ir-after-all        Print IR after each pass (on stderr)
  -mlir-print-ir-after-change     With -mlir-print-ir-after-all: only when the pass changed the IR
  -mlir-timing                    Display execution times (on stderr)
  -dump-pass-pipeline             Print the pipeline that will be run (on stderr)
  -debug                          Show Python tracebacks of internal errors
  -help                           Show this help
  -version                        Show the version

PASSES (-pass-name="option=value ..." or in -pass-pipeline as pass-name{option=value ...};
installed packages add passes through the entry-point group 'pyaffine_opt.passes'):
"""


class UsageError(Exception):
    pass


class Options:
    def __init__(self):
        self.input = None
        self.output = None
        self.split = False
        self.verify_diagnostics = None   # None, "all" or "only-expected"
        self.allow_unregistered = False
        self.generic = False
        self.local_scope = False
        self.debug = False
        self.passes: list = []     # (pass name, option text)
        self.pass_pipeline = None  # --pass-pipeline text
        self.plugins: list = []    # --load-pass-plugin files
        self.print_ir_before_all = False
        self.print_ir_after_all = False
        self.print_ir_after_change = False
        self.timing = False
        self.dump_pass_pipeline = False
        self.pass_manager = None   # built from `passes` or `pass_pipeline`


_FLAGS = {"split-input-file": "split", "allow-unregistered-dialect": "allow_unregistered",
          "mlir-print-op-generic": "generic", "mlir-print-local-scope": "local_scope",
          "debug": "debug",
          "mlir-print-ir-before-all": "print_ir_before_all",
          "mlir-print-ir-after-all": "print_ir_after_all",
          "mlir-print-ir-after-change": "print_ir_after_change",
          "mlir-timing": "timing", "dump-pass-pipeline": "dump_pass_pipeline"}
# Options that take a value, `-name=value` or `-name value`.
_VALUED = {"o": "output", "pass-pipeline": "pass_pipeline", "load-pass-plugin": "plugins"}


def parse_args(argv) -> Options:
    """The options of a run; the passes' options are parsed too, so that an
    option error ends the run before the input is read (as with mlir-opt)."""
    from .passes import PluginError, is_registered, load_pass_plugin
    options = Options()
    args = list(argv)
    # Plugins first: their passes may be named before them, and in --help.
    for index, arg in enumerate(args):
        name, has_value, value = arg.lstrip("-").partition("=")
        if arg.startswith("-") and name == "load-pass-plugin":
            path = value if has_value else (args[index + 1] if index + 1 < len(args) else None)
            if path is None:
                raise UsageError("Not enough positional command line arguments specified! "
                                 "(-load-pass-plugin needs a file name)")
            try:
                load_pass_plugin(path)
            except PluginError as error:
                raise UsageError(str(error)) from None
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "-" or not arg.startswith("-"):
            if options.input is not None:
                raise UsageError(f"Too many positional arguments specified! (extra: '{arg}')")
            options.input = arg
            continue
        name, has_value, value = arg.lstrip("-").partition("=")
        if name in ("h", "help"):
            raise SystemExit(_help())
        if name == "version":
            print(f"pyaffine-opt {__version__}\n  mirrors the textual output of MLIR (LLVM) 22")
            raise SystemExit(0)
        if name in _VALUED:
            if not has_value:
                if i >= len(args):
                    raise UsageError(f"Not enough positional command line arguments specified! "
                                     f"(-{name} needs a value)")
                value = args[i]
                i += 1
            if name == "load-pass-plugin":
                options.plugins.append(value)     # loaded above
            elif name == "pass-pipeline" and options.pass_pipeline is not None:
                raise UsageError("for the --pass-pipeline option: may only occur zero or one times!")
            else:
                setattr(options, _VALUED[name], value)
        elif name == "verify-diagnostics":
            if value not in ("", "all", "only-expected"):
                raise UsageError(f"for the --verify-diagnostics option: Cannot find option "
                                 f"named '{value}'!")
            options.verify_diagnostics = value or "all"
        elif name in _FLAGS:
            setattr(options, _FLAGS[name], value.lower() not in ("false", "0") if has_value else True)
        elif is_registered(name):
            options.passes.append((name, value if has_value else ""))
        else:
            raise UsageError(f"Unknown command line argument '{arg}'.  Try: 'pyaffine-opt --help'")
    if options.input is None:
        options.input = "-"
    options.pass_manager = build_pass_manager(options)
    return options


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


def _help() -> int:
    from .passes import registered_passes
    lines = [USAGE]
    for name, cls in registered_passes().items():
        lines.append(f"  -{name:<30} {cls.summary}\n")
        for option in cls.options.values():
            default = option.format(option.initial())
            note = f" (default: {default})" if default != "" else ""
            lines.append(f"      {option.help_line():<27} {option.help}{note}\n")
    sys.stdout.write("".join(lines))
    return 0


class _Activity:
    """What the driver is doing, for the report of an internal error."""

    def __init__(self):
        self.filename = None
        self.line_offset = 0
        self.stage = None


_ACTIVITY = _Activity()


def process_chunk(text: str, options: Options, filename: str = "<stdin>",
                  line_offset: int = 0, context=None, timing=None) -> str:
    """Parse one chunk, run the pipeline on it and print it.  Diagnostics
    the passes emit go to `context` (collected when None)."""
    from .diagnostics import DiagnosticContext
    from .parse.parser import parse_source
    from .printer.printer import Printer
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
    if options.print_ir_before_all or options.print_ir_after_all:
        manager.add_instrumentation(IRPrinter(
            stderr, options.print_ir_before_all, options.print_ir_after_all,
            options.print_ir_after_change, options.generic))
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
    chunks, near_misses = split_input(text) if options.split else ([Chunk(text, 0)], [])
    for offset in near_misses:
        stderr.write(format_diagnostic(filename, text, "near miss with file split marker",
                                       offset_to_pos(text, offset), "warning"))
    outputs = []
    failed = False
    # Remarks are written as the passes emit them, before any error of the chunk.
    context: DiagnosticContext = DiagnosticContext(filename, handler=verifier.diagnostic if verifier else
                                lambda d: stderr.write(context.format(d)))
    for chunk, line_offset, column_offset in chunks:
        context.source, context.line_offset = chunk, line_offset
        if verifier:
            verifier.start_chunk(line_offset, column_offset)
        try:
            outputs.append(process_chunk(chunk, options, filename, line_offset, context,
                                         timing) + "\n")
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
    result = "// -----\n".join(outputs)
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
    """An error of a chunk, at the file's positions, with its notes."""
    if verifier:
        verifier.error(error)
        return

    def in_file(pos):
        if pos is None or pos == (0, 0) or pos == UNKNOWN_LOCATION:
            return pos
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
    import tempfile
    fd, temporary = tempfile.mkstemp(prefix=".pyaffine-opt-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
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
