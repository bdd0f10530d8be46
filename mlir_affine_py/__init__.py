"""pyaffine-opt: parse MLIR affine-dialect text, transform loop nests, and print
the result exactly as mlir-opt 22 does."""

__version__ = "0.1.0"
