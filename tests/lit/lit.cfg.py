"""lit configuration: runs the .mlir tests under tests/lit with PyPI's `lit`
and `filecheck`.  `pyaffine-opt` and `FileCheck` are substituted; the feature
`mlir-opt` is defined when mlir-opt is found ($MLIR_OPT, PATH, or
/usr/lib/llvm-22/bin) so comparison tests can say `REQUIRES: mlir-opt`."""

import os
import sys

import lit.formats

config.name = "pyaffine-opt"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.environment["PYTHONUNBUFFERED"] = "1"
for name in ("HOME", "XDG_CACHE_HOME", "PATH"):
    if name in os.environ:
        config.environment[name] = os.environ[name]
# The package of this checkout comes first, so that the tests run the code
# beside them and not an installed copy (which may be another checkout).
_repo_root = os.path.dirname(os.path.dirname(config.test_source_root))
config.environment["PYTHONPATH"] = os.pathsep.join(
    filter(None, [_repo_root, os.environ.get("PYTHONPATH")]))

# The lookups the unit tests use (tests/unit/support.py).
sys.path.insert(0, os.path.join(_repo_root, "tests", "unit"))
from support import console_script, find_mlir_tool  # noqa: E402

tool = console_script("pyaffine-opt") or f"{sys.executable} -m mlir_affine_py.opt_main"
filecheck = console_script("filecheck") or f"{sys.executable} -m filecheck"
# Substitutions are regular expressions; the look-arounds keep file paths that
# happen to contain a tool's name (a checkout called pyaffine-opt) intact.
config.substitutions.append((r"(?<![\w/.-])pyaffine-opt(?![\w.-])", tool))
config.substitutions.append((r"(?<![\w/.-])FileCheck(?![\w.-])", f"{filecheck} --enable-var-scope"))

mlir_opt = find_mlir_tool("mlir-opt")
if mlir_opt:
    config.available_features.add("mlir-opt")
    config.substitutions.append((r"(?<![\w/.-])mlir-opt(?![\w.-])", mlir_opt))
    config.substitutions.append((r"(?<![\w/.-])mlir-runner(?![\w.-])",
                                 os.path.join(os.path.dirname(mlir_opt), "mlir-runner")))

# The shared corpus, read where it lies (never copied into the tests): the
# feature `shared` and the substitution %shared, its folder.
from support import find_corpus  # noqa: E402

_corpus = find_corpus()
config.pyaffine_shared = str(_corpus.parent) if _corpus else None
if _corpus:
    config.available_features.add("shared")
    config.substitutions.append(("%shared", config.pyaffine_shared))

# The OpenMP runtime and mlir-runner's libraries beside mlir-opt: the
# feature `openmp` and %omp_libs, the -shared-libs a parallel program needs.
from support import openmp_libraries  # noqa: E402

_omp_libs = openmp_libraries()
if _omp_libs:
    config.available_features.add("openmp")
    config.substitutions.append(("%omp_libs", _omp_libs))
