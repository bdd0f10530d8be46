"""Op definitions by dialect.  Importing this package registers the op
classes (`mlir_affine_py.ir.core.OP_CLASSES`), with their custom syntax
(parse/op_syntax.py).

The modules of `DEFERRED` hold the dialects an affine text seldom names
(linalg, vector, tensor, scf, cf, math, index, bufferization, gpu, llvm,
and MLIR's test dialect): a plain
affine file starts without importing them.  They are imported by
`load_all_dialects`, the one door to the whole registry, which
`OP_CLASSES` opens itself when asked for a name it lacks or for all its ops,
and which the parser opens for a text holding one of their prefixes
(`load_dialects_named_in`).  Loaded late, their ops still take the places
that importing every module in `MODULES`' order gives them, so the grammar
assembled from the registry does not depend on when they were loaded."""

import importlib

from ..ir.core import OP_CLASSES

MODULES = ("affine", "affine_dma", "affine_index", "affine_parallel", "arith", "bufferization",
           "builtin", "cf", "dlti", "func", "gpu", "gpu_ops", "gpu_sparse", "index", "linalg", "linalg_dst", "linalg_generic",
           "linalg_named", "llvm", "llvm_intrinsics", "llvm_ops", "llvm_structure", "math", "memref", "scf", "tensor", "test_dialect", "ub",
           "vector", "vector_custom")

# Deferred module -> the dialect prefix of its ops.
DEFERRED = {"bufferization": "bufferization.", "cf": "cf.", "gpu": "gpu.", "gpu_ops": "gpu.", "gpu_sparse": "gpu.", "index": "index.",
            "linalg": "linalg.", "linalg_dst": "linalg.", "linalg_generic": "linalg.",
            "linalg_named": "linalg.", "llvm": "llvm.", "llvm_intrinsics": "llvm.", "llvm_ops": "llvm.", "llvm_structure": "llvm.", "math": "math.", "scf": "scf.", "tensor": "tensor.",
            "test_dialect": "test.", "vector": "vector.", "vector_custom": "vector."}

# Deferred module -> how many ops were registered before it would have been
# imported (its place in the registry).
_PLACES: dict = {}
def _load_eager() -> None:
    for name in MODULES:
        if name in DEFERRED:
            _PLACES[name] = dict.__len__(OP_CLASSES)
        else:
            importlib.import_module(f"{__name__}.{name}")


def load_all_dialects() -> None:
    """Import the deferred dialect modules, each op put in its place."""
    OP_CLASSES.complete = None
    if not _PLACES:
        return
    places, added = dict(_PLACES), {}
    _PLACES.clear()
    for name in places:
        before = set(dict.keys(OP_CLASSES))
        importlib.import_module(f"{__name__}.{name}")
        added[name] = [key for key in dict.keys(OP_CLASSES) if key not in before]
    items = list(dict.items(OP_CLASSES))
    late = {key for names in added.values() for key in names}
    ordered, eager = [], [item for item in items if item[0] not in late]
    taken = 0
    for name, place in places.items():
        ordered += eager[taken:place]
        taken = place
        ordered += [(key, dict.__getitem__(OP_CLASSES, key)) for key in added[name]]
    ordered += eager[taken:]
    dict.clear(OP_CLASSES)
    dict.update(OP_CLASSES, ordered)


def load_dialects_named_in(text: str) -> frozenset:
    """Import the deferred modules if `text` holds the prefix of their
    dialect (anywhere: `xcf.br` loads them for nothing, but no op name is
    missed); the deferred prefixes it does not hold (none, once loaded)."""
    if not _PLACES:
        return frozenset()
    absent = frozenset(prefix for prefix in set(DEFERRED.values()) if prefix not in text)
    if len(absent) < len(set(DEFERRED.values())):
        load_all_dialects()
    return absent


_load_eager()
OP_CLASSES.complete = load_all_dialects
