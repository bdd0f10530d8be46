"""The IR: operations, blocks, regions, values, types and attributes.

Importing it installs the printer (`mlir_affine_py/printer/printer.py`)
that `str()` of every IR object goes through (ir/printing.py)."""

from ..printer import printer as _printer  # noqa: F401  (installs the entry points)
