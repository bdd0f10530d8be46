"""The dialect modules imported only when needed (dialects/__init__.py
`DEFERRED`): a plain affine run goes without them, every way of asking the
registry for them loads them, their ops take the places an import of every
module gives them, and a text that names them is read, verified and printed
as with every module loaded from the start."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from mlir_affine_py import dialects
from mlir_affine_py.ir.core import OP_CLASSES
from support import REPO_ROOT, find_corpus

AFFINE = """func.func @f(%A: memref<8xf32>, %n: index) {
  affine.for %i = 0 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %A[%i] : memref<8xf32>
  }
  return
}
"""

LOADED = ("import json, sys\n"
          "from mlir_affine_py.dialects import DEFERRED\n"
          "print(json.dumps(sorted(name for name in DEFERRED"
          " if f'mlir_affine_py.dialects.{name}' in sys.modules)))\n")


def _python(code: str, stdin: str = "") -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          input=stdin, cwd=REPO_ROOT, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(REPO_ROOT)})
    assert "Traceback" not in done.stderr, done.stderr
    return done


def _loaded_after(code: str) -> list:
    return json.loads(_python(code + LOADED).stdout.splitlines()[-1])


def test_a_plain_affine_run_imports_no_deferred_dialect():
    """Nor the remark engine, which only a run asking for remarks needs."""
    done = _python("import sys\n"
                   "from mlir_affine_py.opt_main import main\n"
                   "code = main(['-'])\n"
                   "print('mlir_affine_py.remarks' in sys.modules)\n" + LOADED, AFFINE)
    printed, remarks, loaded = done.stdout.rsplit("\n", 3)[:3]
    assert printed.startswith("module {\n  func.func @f(%arg0: memref<8xf32>, %arg1: index) {")
    assert (remarks, json.loads(loaded)) == ("False", [])


@pytest.mark.parametrize("ask", [
    "OP_CLASSES.get('cf.br')", "'linalg.matmul' in OP_CLASSES", "OP_CLASSES['vector.print']",
    "len(OP_CLASSES)", "list(OP_CLASSES)", "list(OP_CLASSES.values())",
    "list(OP_CLASSES.items())", "list(OP_CLASSES.keys())",
    "OP_CLASSES.get('no.such_op', True)", "'no.such_op' not in OP_CLASSES",
    "mlir_affine_py.dialects.load_all_dialects() is None"])
def test_every_question_to_the_whole_registry_loads_them(ask):
    loaded = _loaded_after(f"from mlir_affine_py.ir.core import OP_CLASSES\n"
                           f"import mlir_affine_py.dialects\n"
                           f"assert {ask}\n")
    assert loaded == sorted(dialects.DEFERRED)


def test_a_name_the_registry_holds_loads_nothing():
    assert _loaded_after("from mlir_affine_py.ir.core import OP_CLASSES\n"
                         "import mlir_affine_py.dialects\n"
                         "assert OP_CLASSES.get('affine.for') is not None\n"
                         "assert 'arith.addf' in OP_CLASSES\n") == []


REGISTRY = ("import json, sys\n"
            "from mlir_affine_py import dialects\n"
            "from mlir_affine_py.ir.core import OP_CLASSES\n"
            "for names in json.loads(sys.argv[1]):\n"
            "    dialects.load_dialects(names)\n"
            "print(json.dumps([[k, v.__module__, v.__qualname__] for k, v in dict.items(OP_CLASSES)]))\n")


def _registry_after(*loads) -> list:
    """The registry in a fresh interpreter after loading the deferred
    modules named in each of `loads`, in turn."""
    done = subprocess.run([sys.executable, "-c", REGISTRY, json.dumps(loads)],
                          capture_output=True, text=True, cwd=REPO_ROOT, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(REPO_ROOT)})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_registry_s_order_does_not_depend_on_when_modules_were_loaded():
    """Loaded at once or a few at a time, in any order (gpu imports scf,
    vector imports math and tensor), every op takes the same place; the
    eager ops keep the order of importing their modules, each module's ops
    are together, modules at one place in `MODULES`' order."""
    every = sorted(dialects.DEFERRED)
    gpu = ["gpu", "gpu_ops", "gpu_sparse"]
    at_once = _registry_after(every)
    assert _registry_after(["scf"], gpu, ["vector", "vector_custom"], every) == at_once
    assert _registry_after(["tensor"], ["llvm", "llvm_ops"], gpu, every) == at_once
    assert _registry_after(gpu, ["scf"]) == _registry_after(["scf"], gpu)
    eager = [op for op in _registry_after() if op[1].rpartition(".")[2] not in dialects.DEFERRED]
    assert [op for op in at_once if op[1].rpartition(".")[2] not in dialects.DEFERRED] == eager
    modules = [op[1] for op in at_once]
    runs = [module for i, module in enumerate(modules) if i == 0 or modules[i - 1] != module]
    assert len(runs) == len(set(runs)), "a module's ops are apart"
    late = [module.rpartition(".")[2] for module in runs
            if module.rpartition(".")[2] in dialects.DEFERRED]
    assert late == sorted(late, key=dialects.MODULES.index)


def test_a_text_without_gpu_or_llvm_ops_loads_neither_dialect():
    common = sorted(dialects.COMMON)
    assert "scf" in common and not any(name.startswith(("gpu", "llvm")) for name in common)
    assert _loaded_after("from mlir_affine_py.parse.parser import parse_source\n"
                         "parse_source('func.func @g(%c: i1) {\\n  cf.cond_br %c, ^a, ^a\\n"
                         "^a:\\n  return\\n}')\n") == common
    assert _loaded_after("from mlir_affine_py.dialects import load_dialects_named_in\n"
                         "load_dialects_named_in('%v = vector.broadcast %x')\n") == common
    for text in ("gpu.barrier", "%p = llvm.mlir.zero : !llvm.ptr"):
        assert _loaded_after("from mlir_affine_py.dialects import load_dialects_named_in\n"
                             f"load_dialects_named_in({text!r})\n") == sorted(dialects.DEFERRED)


def _run(text: str, preload: bool, flags=("-split-input-file", "--allow-unregistered-dialect")):
    code = ("import sys\n"
            + ("import mlir_affine_py.dialects as d; d.load_all_dialects()\n" if preload else "")
            + "from mlir_affine_py.opt_main import main\n"
            f"sys.stdout.flush(); code = main({['-', *flags]!r})\n"
            "sys.stdout.flush(); print('exit', code)\n")
    done = _python(code, text)
    return done.stdout, done.stderr


def _ops_by_module() -> dict:
    dialects.load_all_dialects()
    found: dict = {}
    for name, cls in OP_CLASSES.items():
        module = cls.__module__.rpartition(".")[2]
        if module in dialects.DEFERRED:
            found.setdefault(module, []).append(name)
    return found


@pytest.mark.slow     # a whole process per case
@pytest.mark.parametrize("module", sorted(dialects.DEFERRED))
def test_each_deferred_op_in_generic_form_as_with_every_module_loaded(module):
    """Every op of the module, in generic form, one chunk each: what is
    printed or reported (up to the first op that fails) is what a run with
    every module loaded gives."""
    names = _ops_by_module()[module]
    assert names
    text = "\n// -----\n".join(f'"{name}"() : () -> ()' for name in names)
    deferred, preloaded = _run(text, False), _run(text, True)
    assert deferred == preloaded
    assert "exit" in deferred[0]


@pytest.mark.slow     # a whole process per case
def test_every_deferred_prefix_is_seen_in_a_text():
    """A text naming a deferred dialect's prefix loads that dialect's
    modules (with the others of its set: `dialects.LARGE`)."""
    for prefix in sorted(set(dialects.DEFERRED.values())):
        loaded = _loaded_after("from mlir_affine_py.parse.parser import parse_source\n"
                               "from mlir_affine_py.diagnostics import MLIRError\n"
                               "try:\n"
                               f"    parse_source('%x = {prefix}no_such_op : i32')\n"
                               "except MLIRError:\n"
                               "    pass\n")
        named = {name for name, its in dialects.DEFERRED.items() if its == prefix}
        assert named <= set(loaded), prefix


def _corpus_inputs() -> list:
    corpus = find_corpus()
    if corpus is None:
        return []
    folder = corpus / "dialects" / "inputs"
    prefixes = set(dialects.DEFERRED.values())
    return [path for path in sorted(folder.glob("*.mlir"))
            if any(prefix in path.read_text() for prefix in prefixes)]


@pytest.mark.slow     # a whole process per case
@pytest.mark.parametrize("path", _corpus_inputs(), ids=lambda path: path.name)
def test_corpus_files_naming_deferred_dialects_as_with_every_module_loaded(path):
    text = path.read_text()
    for flags in (("-split-input-file", "--allow-unregistered-dialect"),
                  ("-split-input-file", "--allow-unregistered-dialect",
                   "--mlir-print-op-generic")):
        assert _run(text, False, flags) == _run(text, True, flags)



# For each text: uses_extended_ops through the one pass (every text taken
# as long) and through the scans (none), in a fresh interpreter, so that the
# deferred modules are first absent and then loaded by the texts naming them.
ONE_PASS_AGREES = """import json, sys
from pathlib import Path
from mlir_affine_py.parse import parser
texts = json.loads(sys.stdin.read())
found, quick = [], 0
for text in texts:
    quick += parser._dotted_markers(parser._markers()).search(text) is None
    answers = []
    for length in (0, 1 << 62):
        parser._ONE_PASS_LENGTH = length
        answers.append(parser.uses_extended_ops(text))
    if answers[0] != answers[1]:
        found.append([text[:200], answers])
print(json.dumps([found, quick]))
"""


def test_the_one_pass_search_for_markers_agrees_with_the_scans():
    near_misses = ["", ".", "cf", "xcf.br", "scf.for", "linalg.fill", "vector<4xf32>",
                   "tensor<4xf32> : index", "math.absf", "a.index.", "arith.addui_extended",
                   "arith.addui", "func.constant", " constant ", "memref.transpose",
                   "memref.alloc", "#a.b<1> : i32", "%a = func.call_indirect %f()"]
    texts = [AFFINE] + [AFFINE + line for line in near_misses] + near_misses
    lit = sorted((REPO_ROOT / "tests" / "lit").rglob("*.mlir"))
    texts += [path.read_text(encoding="utf-8", errors="replace") for path in lit]
    done = _python(ONE_PASS_AGREES, json.dumps(texts))
    assert done.returncode == 0, done.stderr
    disagreeing, quick = json.loads(done.stdout)
    assert disagreeing == [] and quick > 10, (disagreeing, quick)
