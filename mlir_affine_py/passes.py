"""The pass registry.  A pass is named as on mlir-opt's command line
(`-affine-loop-interchange`) and imported only when it runs, so start-up
stays cheap and islpy/numpy load only for the passes that need them."""

from __future__ import annotations

import importlib
import shlex
from dataclasses import dataclass

from .diagnostics import MLIRError


@dataclass(frozen=True)
class PassInfo:
    module: str          # module path relative to this package
    function: str        # run(module_op, options: dict, context)
    summary: str


PASSES: dict[str, PassInfo] = {}


def register_pass(name: str, module: str, function: str, summary: str) -> None:
    PASSES[name] = PassInfo(module, function, summary)


class Remark:
    __slots__ = ("message", "pos", "notes", "severity")

    def __init__(self, message, pos, notes=(), severity="remark"):
        self.message = message
        self.pos = pos
        self.notes = list(notes)      # (message, pos) pairs printed without source
        self.severity = severity


_REMARKS: list = []


def emit_remark(message: str, pos, notes=(), severity: str = "remark") -> None:
    """Queue a `file:line:col: remark: ...` diagnostic for the current chunk,
    in emission order (as mlir-opt reports them)."""
    _REMARKS.append(Remark(message, pos, notes, severity))


def drain_remarks() -> list:
    remarks = list(_REMARKS)
    _REMARKS.clear()
    return remarks


def parse_pass_options(name: str, text: str) -> dict:
    """`"opt=val opt2=a,b"` -> {"opt": "val", "opt2": "a,b"}."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1]
    options = {}
    for item in shlex.split(text):
        key, sep, value = item.partition("=")
        options[key] = value if sep else "true"
    return options


def run_pass(name: str, option_text: str, module, driver_options) -> None:
    info = PASSES[name]
    run = getattr(importlib.import_module(f".{info.module}", __package__), info.function)
    try:
        options = parse_pass_options(name, option_text)
    except ValueError as error:   # shlex: an unclosed quote
        raise MLIRError(f"invalid option for pass '{name}': {error}") from None
    # Anything else a pass raises is a bug, reported as an internal error.
    run(module, options)


register_pass("test-memref-dependence-check", "transforms.test_passes",
              "run_memref_dependence_check",
              "Checks dependences between all pairs of affine memref accesses (remarks)")
register_pass("test-loop-permutation", "transforms.test_passes", "run_loop_permutation",
              "Permutes perfect affine.for nests: permutation-map=i,j,k check-validity=bool")
register_pass("affine-loop-interchange", "transforms.loop_interchange", "run_affine_loop_interchange",
              "Interchange affine loop nests for locality and parallelism: cache-line-size=64 "
              "parallelism-weight=100 default-trip-count=128 remarks=false")
