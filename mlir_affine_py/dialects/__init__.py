"""Op definitions by dialect.  Importing this package registers every op class
(`mlir_affine_py.ir.core.OP_CLASSES`) and every custom-form grammar callback
(`base.CUSTOM_FORMS`)."""

from . import affine, affine_extra, arith, dlti, func, llvm, memref, misc, scf  # noqa: F401
