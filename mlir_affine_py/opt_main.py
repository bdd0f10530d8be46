"""`pyaffine-opt`: an mlir-opt-like driver.

    pyaffine-opt [options] [-pass-name[="opt=val ..."] ...] [file|-]

Options follow LLVM's command-line style: one or two leading dashes, and
`=value` or a separate argument for options that take one.
"""

from __future__ import annotations

import gc
import os
import sys
import threading

from . import __version__
from .diagnostics import MLIRError, format_diagnostic
from .parse.engine.lark_modules import import_lark

USAGE = """OVERVIEW: pyaffine-opt: MLIR affine-dialect optimizer driver (mlir-opt 22 compatible output)

USAGE: pyaffine-opt [options] [passes] <input file|->

OPTIONS:
  -o <filename>                   Output filename (written only when the run succeeds)
  -split-input-file               Split the input on '// -----' lines and process each chunk
  -allow-unregistered-dialect     Allow operations of unknown dialects (printed in generic form)
  -mlir-print-op-generic          Print every operation in the generic form
  -debug                          Show Python tracebacks of internal errors
  -help                           Show this help
  -version                        Show the version

PASSES:
"""


class UsageError(Exception):
    pass


class Options:
    def __init__(self):
        self.input = None
        self.output = None
        self.split = False
        self.allow_unregistered = False
        self.generic = False
        self.debug = False
        self.passes: list = []     # (pass name, option text)


_FLAGS = {"split-input-file": "split", "allow-unregistered-dialect": "allow_unregistered",
          "mlir-print-op-generic": "generic", "debug": "debug"}


def parse_args(argv) -> Options:
    from .passes import PASSES
    options = Options()
    args = list(argv)
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
            raise SystemExit(_help(PASSES))
        if name == "version":
            print(f"pyaffine-opt {__version__}\n  mirrors the textual output of MLIR (LLVM) 22")
            raise SystemExit(0)
        if name == "o":
            if not has_value:
                if i >= len(args):
                    raise UsageError("Not enough positional command line arguments specified! (-o needs a file name)")
                value = args[i]
                i += 1
            options.output = value
        elif name in _FLAGS:
            setattr(options, _FLAGS[name], value.lower() not in ("false", "0") if has_value else True)
        elif name in PASSES:
            options.passes.append((name, value if has_value else ""))
        else:
            raise UsageError(f"Unknown command line argument '{arg}'.  Try: 'pyaffine-opt --help'")
    if options.input is None:
        options.input = "-"
    return options


def _help(passes) -> int:
    text = USAGE + "".join(f"  -{name:<30} {info.summary}\n" for name, info in sorted(passes.items()))
    sys.stdout.write(text)
    return 0


class _Activity:
    """What the driver is doing, for the report of an internal error."""

    def __init__(self):
        self.filename = None
        self.line_offset = 0
        self.stage = None


_ACTIVITY = _Activity()


def process_chunk(text: str, options: Options, filename: str = "<stdin>",
                  line_offset: int = 0) -> str:
    from .parse.parser import parse_source
    from .passes import run_pass
    from .printer.printer import Printer
    from .ir.verifier import verify_operation
    _ACTIVITY.filename, _ACTIVITY.line_offset = filename, line_offset
    _ACTIVITY.stage = "parsing"
    module = parse_source(text, options.allow_unregistered, filename, line_offset)
    for name, option_text in options.passes:
        _ACTIVITY.stage = f"running -{name}"
        run_pass(name, option_text, module, options)
        # As mlir-opt, verify between passes: a transformation that breaks
        # dominance is reported, not printed.
        _ACTIVITY.stage = f"verifying after -{name}"
        verify_operation(module)
    _ACTIVITY.stage = "printing"
    return Printer(generic=options.generic).print_module(module)


def run(options: Options, stdout, stderr) -> int:
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
    from .parse.parser import split_input
    chunks = split_input(text) if options.split else [(text, 0)]
    outputs = []
    failed = False
    from .passes import drain_remarks
    for chunk, line_offset in chunks:
        try:
            outputs.append(process_chunk(chunk, options, filename, line_offset) + "\n")
        except MLIRError as error:
            failed = True
            stderr.write(format_diagnostic(filename, chunk, error.message, error.pos,
                                           error.severity, line_offset))
            outputs.append("")
        except RecursionError as error:
            depth = nesting_depth(chunk)
            if depth < TOO_DEEP:
                raise   # not the input's nesting: a bug
            failed = True
            message = (f"nesting too deep: {depth} levels of brackets (regions, attributes or "
                       f"affine expressions) go beyond what pyaffine-opt can process")
            position = _deepest_position(error) or deepest_bracket(chunk)
            stderr.write(format_diagnostic(filename, chunk, message, position,
                                           "error", line_offset))
            outputs.append("")
        for remark in drain_remarks():
            stderr.write(format_diagnostic(filename, chunk, remark.message, remark.pos,
                                           remark.severity, line_offset))
            for note, pos in remark.notes:
                line, column = pos if pos else (1, 1)
                stderr.write(f"{filename}:{line + line_offset}:{column}: note: {note}\n")
    result = "// -----\n".join(outputs)
    if failed:
        if options.output in (None, "-"):
            try:
                stdout.write(result)
            except OSError as error:
                raise BrokenPipeError(*error.args) from error
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
    return 0


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
    debug = any(a.lstrip("-") == "debug" for a in argv)
    _ACTIVITY.stage = _ACTIVITY.filename = None
    try:
        try:
            options = parse_args(argv)
            import_lark()       # not needed for --help or --version
        except UsageError as error:
            sys.stderr.write(f"pyaffine-opt: {error}\n")
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
