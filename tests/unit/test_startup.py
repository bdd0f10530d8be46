"""What a short run imports of Lark (parse/engine/lark_modules.py
`import_lark`): the modules the driver uses, not Lark's grammar compiler,
which only a run that prepares the grammar cache needs, nor the standard
modules only that compiler uses (`logging`, `inspect`), which Lark's
modules see as stand-ins that act as the real ones once used; and Lark as
usual where that cannot be done."""

from __future__ import annotations

import os
import subprocess
import sys

from support import REPO_ROOT

GOOD = """func.func @f(%A: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    affine.store %v, %A[%i] : memref<8xf32>
  }
  return
}
"""


def _python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=REPO_ROOT, env=_environment(), timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _environment() -> dict:
    return {**os.environ, "PYTHONPATH": str(REPO_ROOT)}


def test_a_run_imports_lark_without_its_grammar_compiler():
    out = _python(
        "import sys\n"
        "from mlir_affine_py.parse.engine import lark_modules\n"
        "lark_modules.import_lark()\n"
        "from mlir_affine_py.parse.parser import parse_source\n"
        "from mlir_affine_py.printer.printer import Printer\n"
        f"print(Printer().print_module(parse_source({GOOD!r})), end='')\n"
        "print('lark.lark' in sys.modules, 'lark.load_grammar' in sys.modules,"
        " sys.modules.get('regex'), 'logging' in sys.modules, 'inspect' in sys.modules)\n")
    printed, imported = out.rstrip("\n").rsplit("\n", 1)
    assert printed.startswith("module {\n  func.func @f(%arg0: memref<8xf32>) {")
    assert imported == "False False None False False"


# Lark's logger, its `v_args` (which asks `inspect`) and a dataclass made
# after Lark (which may ask `inspect` for a signature), as plain Lark has them.
_STAND_INS_USED = (
    "import sys, logging\n"
    "import lark.utils, dataclasses\n"
    "from lark.tree import Tree\n"
    "from lark.visitors import Transformer, v_args\n"
    "logger = lark.utils.logger\n"
    "@v_args(inline=True)\n"
    "class Sum(Transformer):\n"
    "    def pair(self, a, b):\n"
    "        return a + b\n"
    "@dataclasses.dataclass\n"
    "class Point:\n"
    "    x: int\n"
    "print(logger.name, logger.level, logger.isEnabledFor(logging.CRITICAL),"
    " [type(h).__name__ + ':' + h.stream.name for h in logger.handlers],"
    " logging.getLogger('lark').handlers == logger.handlers,"
    " Sum().transform(Tree('pair', [1, 2])), Point.__doc__,"
    " type(sys.modules['inspect']).__name__, type(sys.modules['logging']).__name__)\n")


def test_the_stand_ins_act_as_the_modules_they_stand_for():
    plain = _python("import lark\n" + _STAND_INS_USED)
    deferred = _python("from mlir_affine_py.parse.engine import lark_modules\n"
                       "lark_modules.import_lark()\n"
                       "import lark.lark\n" + _STAND_INS_USED)
    assert plain == deferred == "lark 50 True ['StreamHandler:<stderr>'] True 3 Point(x: int) module module\n"


def test_the_grammar_cache_is_prepared_without_lark_s_package_init(tmp_path):
    """An empty cache folder: the grammar compiler is imported when needed."""
    source = tmp_path / "in.mlir"
    source.write_text(GOOD)
    done = subprocess.run([sys.executable, "-m", "mlir_affine_py.opt_main", str(source)],
                          capture_output=True, text=True, cwd=REPO_ROOT, timeout=120,
                          env={**_environment(), "XDG_CACHE_HOME": str(tmp_path / "cache")})
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("module {\n  func.func @f(%arg0: memref<8xf32>) {")
    assert list((tmp_path / "cache" / "pyaffine-opt").glob("grammar-*.pickle"))


def test_lark_is_imported_as_usual_where_its_modules_cannot_be_taken_alone():
    out = _python(
        "import sys\n"
        "from mlir_affine_py.parse.engine import lark_modules\n"
        "lark_modules._LARK_MODULES = ('lark.no_such_module',)\n"
        "lark_modules.import_lark()\n"
        "print(hasattr(sys.modules['lark'], 'Lark'), sys.modules.get('regex'))\n")
    assert out == "True None\n"
