"""Op definitions by dialect.  Importing this package registers every op class
(`mlir_affine_py.ir.core.OP_CLASSES`), with its custom syntax
(parse/op_syntax.py)."""

from . import affine, affine_extra, arith, dlti, func, linalg, llvm, memref, misc, scf, vector  # noqa: F401
