"""`pyaffine-opt`: an mlir-opt-like driver.

    pyaffine-opt [options] [-pass-name[="opt=val ..."] ...] [file|-]

Options follow LLVM's command-line style: one or two leading dashes, and
`=value` or a separate argument for options that take one.
"""

from __future__ import annotations

import gc
import os
import sys
import tempfile

from . import __version__
from .diagnostics import MLIRError, format_diagnostic

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


def process_chunk(text: str, options: Options, filename: str = "<stdin>",
                  line_offset: int = 0) -> str:
    from .parse.parser import parse_source
    from .passes import run_pass
    from .printer.printer import Printer
    from .ir.verifier import verify_operation
    module = parse_source(text, options.allow_unregistered, filename, line_offset)
    for name, option_text in options.passes:
        run_pass(name, option_text, module, options)
        # As mlir-opt, verify between passes: a transformation that breaks
        # dominance is reported, not printed.
        verify_operation(module)
    return Printer(generic=options.generic).print_module(module)


def run(options: Options, stdout, stderr) -> int:
    filename = "<stdin>" if options.input == "-" else options.input
    try:
        if options.input == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(options.input, "rb") as handle:
                data = handle.read()
    except OSError as error:
        stderr.write(f"Could not open input file '{options.input}': {error.strerror}\n")
        return 1
    text = data.decode("utf-8", errors="surrogateescape")
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
        for remark in drain_remarks():
            stderr.write(format_diagnostic(filename, chunk, remark.message, remark.pos,
                                           remark.severity, line_offset))
            for note, pos in remark.notes:
                line, column = pos if pos else (1, 1)
                stderr.write(f"{filename}:{line + line_offset}:{column}: note: {note}\n")
    result = "// -----\n".join(outputs)
    if failed:
        if options.output in (None, "-"):
            stdout.write(result)
        return 1
    write_output(result, options.output, stdout)
    return 0


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
    folder = os.path.dirname(os.path.abspath(path))
    fd, temporary = tempfile.mkstemp(prefix=".pyaffine-opt-", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape") as handle:
            handle.write(text)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    # The IR is one graph of reference cycles that lives until the process
    # ends; letting the cyclic collector rescan it while it grows costs a
    # third of the parse time and frees nothing.
    gc.disable()
    debug = any(a.lstrip("-") == "debug" for a in argv)
    try:
        try:
            options = parse_args(argv)
        except UsageError as error:
            sys.stderr.write(f"pyaffine-opt: {error}\n")
            return 1
        return run(options, sys.stdout, sys.stderr)
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
    except RecursionError as error:
        return _internal_error(error, debug)
    except Exception as error:  # noqa: BLE001 - the last line of defence
        return _internal_error(error, debug)


def _internal_error(error: BaseException, debug: bool) -> int:
    if debug:
        import traceback
        traceback.print_exc()
    sys.stderr.write(f"error: internal error: {type(error).__name__}: {error}\n"
                     "note: this is a bug in pyaffine-opt; please report it with the input "
                     "that triggers it (rerun with -debug for a traceback)\n")
    return 2


if __name__ == "__main__":
    sys.exit(main())
