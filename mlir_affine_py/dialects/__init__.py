"""Op definitions by dialect.  Importing this package registers every op class
(`mlir_affine_py.ir.core.OP_CLASSES`), with its custom syntax
(parse/op_syntax.py)."""

from . import (affine, affine_dma, affine_index, affine_parallel, arith,  # noqa: F401
               bufferization, builtin, cf, dlti, func, index, linalg, linalg_dst, linalg_generic,
               linalg_named, llvm, math, memref, scf, tensor, test_dialect, ub, vector, vector_custom)
