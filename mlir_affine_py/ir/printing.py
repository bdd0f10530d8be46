"""How the IR's classes print themselves: `str(op)`, `str(value)`,
`str(type)`, `str(attr)`.

Upstream declares `Operation::print` in Operation.h and defines it in
AsmPrinter.cpp; the printer reads every IR class, so the classes cannot
import it without the two importing each other.  Here the split is this
module: the classes call the entry points below, and the printer
(`mlir_affine_py/printer/printer.py`) installs them when it is imported,
which `mlir_affine_py/ir/__init__.py` does for anyone who imports the IR."""

from __future__ import annotations

from typing import Any, Callable

# Name -> the printer's function; filled by printer/printer.py.
ENTRY_POINTS: dict[str, Callable[..., str]] = {}


def _entry(name: str) -> Callable[..., str]:
    try:
        return ENTRY_POINTS[name]
    except KeyError:
        raise RuntimeError("the printer is not installed: import mlir_affine_py.ir") from None


def op_text(op: Any) -> str:
    """The op as MLIR text (printer.op_text)."""
    return _entry("op_text")(op)


def type_to_string(type: Any) -> str:
    return _entry("type_to_string")(type)


def attribute_to_string(attr: Any) -> str:
    return _entry("attribute_to_string")(attr)


def value_name(value: Any) -> str:
    return _entry("value_name")(value)
