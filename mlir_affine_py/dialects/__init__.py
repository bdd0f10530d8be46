"""Op definitions by dialect.  Importing this package registers the op
classes (`mlir_affine_py.ir.core.OP_CLASSES`), with their custom syntax
(parse/op_syntax.py).

The modules of `DEFERRED` hold the dialects an affine text seldom names
(linalg, vector, tensor, scf, cf, math, index, bufferization, gpu, llvm,
and MLIR's test dialect): a plain affine file starts without importing
them, a file that names gpu or llvm ops imports them all, and a file that
names only the others imports all but gpu and llvm
(`load_dialects_named_in`, which the parser calls): those two dialects make
most of the grammar's size.  `load_all_dialects` is the door to the whole
registry, which `OP_CLASSES` opens itself when asked for a name it lacks or
for all its ops.

The registry's order decides the assembled grammar's, so it does not depend
on when a module was loaded: the eager modules' ops in their order, with
the ops of each loaded deferred module at its place (where importing every
module in `MODULES`' order would have imported it), modules at one place in
`MODULES`' order, each module's ops in their order."""

import importlib
import sys

from ..ir.core import OP_CLASSES

MODULES = ("affine", "affine_dma", "affine_index", "affine_parallel", "arith", "bufferization",
           "builtin", "cf", "dlti", "func", "gpu", "gpu_ops", "gpu_sparse", "index", "linalg", "linalg_dst", "linalg_generic",
           "linalg_named", "llvm", "llvm_intrinsics", "llvm_ops", "llvm_structure", "llvm_calls", "llvm_memory",
           "math", "memref", "scf", "tensor", "test_dialect", "ub", "vector", "vector_custom")
# In alphabetical order, but for llvm_calls and llvm_memory, which follow
# llvm_structure, whose llvm.func they name: the registry (and so the
# assembled grammar) holds llvm.func and llvm.mlir.global, then the calls,
# then llvm.alloca and the address ops.

# Deferred module -> the dialect prefix of its ops.
DEFERRED = {"bufferization": "bufferization.", "cf": "cf.", "gpu": "gpu.", "gpu_ops": "gpu.", "gpu_sparse": "gpu.", "index": "index.",
            "linalg": "linalg.", "linalg_dst": "linalg.", "linalg_generic": "linalg.",
            "linalg_named": "linalg.", "llvm": "llvm.", "llvm_intrinsics": "llvm.", "llvm_ops": "llvm.", "llvm_structure": "llvm.",
            "llvm_calls": "llvm.", "llvm_memory": "llvm.", "math": "math.", "scf": "scf.", "tensor": "tensor.",
            "test_dialect": "test.", "vector": "vector.", "vector_custom": "vector."}

# Deferred module -> how many ops were registered before it would have been
# imported (its place in the registry).
_PLACES: dict = {}
_RANKS = {name: rank for rank, name in enumerate(MODULES)}


def _load_eager() -> None:
    for name in MODULES:
        if name in DEFERRED:
            _PLACES[name] = dict.__len__(OP_CLASSES)
        else:
            importlib.import_module(f"{__name__}.{name}")


def _module_of(op_class) -> str:
    return op_class.__module__.rpartition(".")[2]


def _unloaded() -> list:
    return [name for name in DEFERRED if f"{__name__}.{name}" not in sys.modules]


def load_dialects(names) -> None:
    """Import the deferred modules `names` (and the modules they import),
    each op put in its place."""
    unloaded = _unloaded()
    chosen = [name for name in unloaded if name in names]
    if not chosen:
        return
    for name in chosen:
        importlib.import_module(f"{__name__}.{name}")
    if not _unloaded():
        OP_CLASSES.complete = None
    eager, late = [], {}
    for item in dict.items(OP_CLASSES):
        module = _module_of(item[1])
        if module in _PLACES:
            late.setdefault(module, []).append(item)
        else:
            eager.append(item)
    ordered, taken = [], 0
    for module in sorted(late, key=lambda name: (_PLACES[name], _RANKS[name])):
        place = _PLACES[module]
        ordered += eager[taken:place]
        taken = max(taken, place)
        ordered += late[module]
    ordered += eager[taken:]
    dict.clear(OP_CLASSES)
    dict.update(OP_CLASSES, ordered)


def load_all_dialects() -> None:
    """Import the deferred dialect modules, each op put in its place."""
    OP_CLASSES.complete = None
    load_dialects(DEFERRED)


# The deferred dialects that make most of the grammar: a text naming one
# loads every deferred module; a text naming only others loads all but
# these.  (Two sets of modules, not one per dialect: every set of loaded
# ops is a grammar whose LALR tables are built once and cached, and a set
# per combination of dialects would be a build per combination.)
LARGE = frozenset({"gpu.", "llvm."})
# The deferred modules a text naming only the other dialects loads.
COMMON = tuple(name for name, prefix in DEFERRED.items() if prefix not in LARGE)


def load_dialects_named_in(text: str) -> frozenset:
    """Import the deferred modules if `text` holds the prefix of their
    dialect (anywhere: `xcf.br` loads them for nothing, but no op name is
    missed): every one if it names a dialect of `LARGE`, else those of the
    other dialects; the deferred prefixes it does not hold (none, once
    every module is loaded)."""
    if not _unloaded():
        return frozenset()
    absent = frozenset(prefix for prefix in set(DEFERRED.values()) if prefix not in text)
    named = set(DEFERRED.values()) - absent
    if named & LARGE:
        load_dialects(DEFERRED)
    elif named:
        load_dialects(COMMON)
    return absent


_load_eager()
OP_CLASSES.complete = load_all_dialects
