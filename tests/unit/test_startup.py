"""What a short run imports of Lark (parse/engine/lark_modules.py
`import_lark`): the modules the driver uses, not Lark's grammar compiler,
which only a run that prepares the grammar cache needs; and Lark as usual
where that cannot be done."""

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
        " sys.modules.get('regex'))\n")
    printed, imported = out.rstrip("\n").rsplit("\n", 1)
    assert printed.startswith("module {\n  func.func @f(%arg0: memref<8xf32>) {")
    assert imported == "False False None"


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
