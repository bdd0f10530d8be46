"""pyaffine-opt: parse MLIR affine-dialect text, transform loop nests, and print
the result exactly as mlir-opt 22 does.

The public API (README, "Using pyaffine-opt from Python"):

- `parse(text, filename)`, `parse_file(path)`: a `builtin.module` op;
  `str(op)` / `to_string(op)` print it as the command line does, and a
  value prints as its `%name`;
- `find_loop_nests(root)` -> `LoopNest`s: `names`, `dependences()`,
  `is_valid_permutation(map)`, `permute(map)`;
- `run_pass(module, "pass-name" | PassClass, **options)`,
  `run_pipeline(module, "builtin.module(...)")`, `PassManager`;
- writing passes: `Pass`, `Option`, `ListOption`, `register_pass`; a pass
  fails with `self.signal_pass_failure(op, message)` (`PassFailure`);
- `op.verify()`: True, or `VerificationError` with mlir-opt's diagnostics;
- rewriting ops: the `mlir_affine_py.rewrite` module.

Names are imported when first used, so the command line starts as fast as
before."""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING

__version__ = "0.1.0"

_EXPORTS = {
    "parse": "api", "parse_file": "api", "to_string": "api", "ParseError": "api",
    "find_loop_nests": "api", "LoopNest": "api", "Dependence": "api",
    "run_pass": "api", "run_pipeline": "api", "format_diagnostics": "api",
    "Pass": "passes", "Option": "passes", "ListOption": "passes",
    "register_pass": "passes", "PassOptionError": "passes",
    "PassManager": "pass_manager", "MLIRError": "diagnostics", "Diagnostic": "diagnostics",
    "Operation": "ir.core", "Value": "ir.core", "Block": "ir.core", "Region": "ir.core",
    "VerificationError": "ir.verifier", "PassFailure": "passes", "StringAttr": "ir.attributes",
    "OpBuilder": "ir.rewriter", "IRRewriter": "ir.rewriter", "IRMapping": "ir.rewriter",
}
__all__ = sorted(_EXPORTS)

if TYPE_CHECKING:
    from .api import (Dependence, LoopNest, ParseError, find_loop_nests, format_diagnostics,
                      parse, parse_file, run_pass, run_pipeline, to_string)
    from .diagnostics import Diagnostic, MLIRError
    from .ir.core import Block, Operation, Region, Value
    from .ir.attributes import StringAttr
    from .ir.rewriter import IRMapping, IRRewriter, OpBuilder
    from .ir.verifier import VerificationError
    from .pass_manager import PassManager
    from .passes import ListOption, Option, Pass, PassFailure, PassOptionError, register_pass


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        if name in ("rewrite", "api", "passes", "pass_manager"):
            import importlib
            return importlib.import_module(f".{name}", __name__)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    """The public names only (not the modules and helpers this file uses)."""
    return sorted(set(__all__) | {"__version__", "rewrite", "api", "passes", "pass_manager"})


class _Package(types.ModuleType):
    """The package module: `parse` stays the API function although the
    subpackage `mlir_affine_py.parse` (imported through sys.modules, as
    every import of it is) has the same name, which the import system
    would otherwise set on the package when the subpackage is imported."""

    def __setattr__(self, name: str, value) -> None:
        if name == "parse" and isinstance(value, type(sys)):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
