"""The Python API: the README's example and custom pass run as written (and
print what the README shows), printing, walks that tolerate mutation, and
third-party passes (an installed entry point, a --load-pass-plugin file)
from the command line and from --pass-pipeline."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys

import pytest

from support import REPO_ROOT, console_script

README = (REPO_ROOT / "README.md").read_text()
TOOL = console_script("pyaffine-opt")


def _env(**extra) -> dict:
    path = os.pathsep.join(filter(None, [str(REPO_ROOT), extra.pop("PYTHONPATH", None)]))
    return {**os.environ, "PYTHONPATH": path, **extra}


def _python_section() -> str:
    start = README.index("## Using pyaffine-opt from Python")
    return README[start:README.index("\n## ", start + 1)]


def _blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, re.S)


def _opt(*args, env=None, check=True) -> subprocess.CompletedProcess:
    command = [TOOL] if TOOL else [sys.executable, "-m", "mlir_affine_py.opt_main"]
    done = subprocess.run(command + [str(a) for a in args], capture_output=True, text=True,
                          cwd=REPO_ROOT, env=env or _env(), timeout=300)
    if check:
        assert done.returncode == 0, done.stderr
    return done


EXAMPLES = REPO_ROOT / "examples"


def test_readme_shows_the_example_files():
    """The README's Python blocks are examples/permute.py and
    examples/unit_stride.py, whose docstrings it leaves out."""
    example, custom_pass = _blocks(_python_section(), "python")
    assert example in (EXAMPLES / "permute.py").read_text()
    assert custom_pass in (EXAMPLES / "unit_stride.py").read_text()


def test_readme_example_prints_what_the_readme_shows():
    section = _python_section()
    example = _blocks(section, "python")[0]
    shown = section.split(example, 1)[1].split("prints\n\n```\n", 1)[1].split("```", 1)[0]
    done = subprocess.run([sys.executable, "examples/permute.py"], capture_output=True,
                          text=True, cwd=REPO_ROOT, env=_env(), timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout == shown


def test_printing_a_parsed_module_is_the_command_line_output():
    code = ("import mlir_affine_py as m; "
            "print(m.parse(open('examples/matmul.mlir').read()))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=REPO_ROOT, env=_env(), timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout == _opt("examples/matmul.mlir").stdout


def test_values_and_nested_ops_print_as_mlir_text():
    import mlir_affine_py as m
    module = m.parse_file(REPO_ROOT / "examples" / "matmul.mlir")
    nest, = m.find_loop_nests(module)
    assert [str(loop.induction_var) for loop in nest.loops] == ["%arg3", "%arg4", "%arg5"]
    load = next(op for op in module.walk() if op.op_name == "affine.load")
    assert str(load) == "%0 = affine.load %arg0[%arg3, %arg5] : memref<64x64xf64>"
    assert str(load.result) == "%0"
    assert repr(load) == "<affine.load at 6:14>"
    func = next(op for op in module.walk() if op.op_name == "func.func")
    assert str(func).startswith("func.func @matmul(%arg0: memref<64x64xf64>")


def test_parse_errors_name_the_file():
    import mlir_affine_py as m
    with pytest.raises(m.ParseError) as caught:
        m.parse("func.func @f() {\n  %x = arith.addi %y, %y : i32\n  return\n}\n", "bad.mlir")
    assert str(caught.value).startswith("bad.mlir:2:19: error: use of undeclared SSA value name")


def _custom_pass() -> str:
    return (EXAMPLES / "unit_stride.py").read_text()


def test_readme_custom_pass_from_python():
    import mlir_affine_py as m
    namespace: dict = {}
    exec(compile(_custom_pass(), "unit_stride.py", "exec"), namespace)
    module = m.parse_file(REPO_ROOT / "examples" / "matmul.mlir")
    remarks = m.run_pass(module, namespace["UnitStrideInnermost"])
    nest, = m.find_loop_nests(module)
    assert nest.names == ["%i", "%k", "%j"]
    assert [r.message for r in remarks] == ["moved %j innermost"]
    assert m.format_diagnostics(module, remarks) == (
        f"{REPO_ROOT / 'examples' / 'matmul.mlir'}:3:3: remark: moved %j innermost\n"
        "  affine.for %i = 0 to 64 {\n  ^\n")
    # The same order as -test-loop-permutation with the same map.
    expected = _opt("examples/matmul.mlir", "-test-loop-permutation=permutation-map=0,2,1")
    assert str(module) + "\n" == expected.stdout
    with pytest.raises(m.PassOptionError):
        namespace["UnitStrideInnermost"].from_option_text("min-depth=two")


def test_readme_custom_pass_as_a_plugin_file():
    plugin = "examples/unit_stride.py"
    expected = _opt("examples/matmul.mlir", "-test-loop-permutation=permutation-map=0,2,1").stdout
    help_text = _opt(f"--load-pass-plugin={plugin}", "--help").stdout
    assert re.search(r"--unit-stride-innermost +-   Make the loop that walks", help_text)
    assert "--min-depth=<uint>" in help_text
    flag = _opt(f"--load-pass-plugin={plugin}", "-unit-stride-innermost", "examples/matmul.mlir")
    assert flag.stdout == expected
    assert "remark: moved %j innermost" in flag.stderr
    pipeline = _opt("--load-pass-plugin", plugin, "examples/matmul.mlir", "--pass-pipeline="
                    "builtin.module(func.func(unit-stride-innermost{min-depth=3}))")
    assert pipeline.stdout == expected
    skipped = _opt(f"--load-pass-plugin={plugin}", "-unit-stride-innermost=min-depth=4",
                   "examples/matmul.mlir")
    assert skipped.stdout == _opt("examples/matmul.mlir").stdout
    bad = _opt(f"--load-pass-plugin={plugin}", "-unit-stride-innermost=depth=4",
               "examples/matmul.mlir", check=False)
    assert bad.returncode == 1
    assert "no such option depth" in bad.stderr and "unit-stride-innermost" in bad.stderr


ENTRY_POINT_PLUGIN = '''
import mlir_affine_py as m


class ReverseNest(m.Pass):
    """Reverses the order of the loops of every perfect nest that allows it."""

    argument = "reverse-nest"
    summary = "Reverse loop nests where legal"
    pass_name = "reverse_nest::ReverseNest"
    op_name = "func.func"

    def run_on_operation(self, op):
        for nest in m.find_loop_nests(op):
            perm_map = list(reversed(range(nest.depth)))
            if nest.depth > 1 and nest.is_valid_permutation(perm_map):
                nest.permute(perm_map)
'''


def test_an_installed_entry_point_pass(tmp_path):
    """A distribution on the path with a `pyaffine_opt.passes` entry point:
    its pass is listed, and runs from a flag (nested on func.func as its
    anchor asks) and in a pipeline."""
    (tmp_path / "reverse_nest.py").write_text(ENTRY_POINT_PLUGIN)
    info = tmp_path / "reverse_nest-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: reverse-nest\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[pyaffine_opt.passes]\nreverse-nest = reverse_nest:ReverseNest\n")
    env = _env(PYTHONPATH=str(tmp_path))
    assert re.search(r"--reverse-nest +-   Reverse loop nests where legal",
                     _opt("--help", env=env).stdout)
    expected = _opt("examples/matmul.mlir", "-test-loop-permutation=permutation-map=2,1,0").stdout
    assert _opt("-reverse-nest", "examples/matmul.mlir", env=env).stdout == expected
    pipeline = _opt("examples/matmul.mlir", "--pass-pipeline=builtin.module(func.func(reverse-nest))",
                    "-mlir-print-ir-after-all", env=env)
    assert pipeline.stdout == expected
    assert "// -----// IR Dump After reverse_nest::ReverseNest (reverse-nest) //----- //\n" \
           "func.func @matmul" in pipeline.stderr
    wrong = _opt("examples/matmul.mlir", "--pass-pipeline=builtin.module(reverse-nest)",
                 env=env, check=False)
    assert wrong.returncode == 1 and "did you intend to nest?" in wrong.stderr


def test_a_plugin_that_fails_to_load(tmp_path):
    plugin = tmp_path / "broken.py"
    plugin.write_text("raise RuntimeError('no luck')\n")
    done = _opt(f"--load-pass-plugin={plugin}", "examples/matmul.mlir", check=False)
    assert done.returncode == 1
    assert done.stderr == (f"pyaffine-opt: Failed to load passes from '{plugin}': "
                           f"RuntimeError: no luck\n")


NEST = """func.func @f(%A: memref<8x8xf32>, %B: memref<8x8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%i, %j] : memref<8x8xf32>
      affine.store %v, %B[%i, %j] : memref<8x8xf32>
    }
  }
  return
}
"""


def test_walk_visits_each_op_once_while_loops_move():
    """Swapping every 2-deep nest met in a walk: in post-order each nest is
    swapped once; in pre-order the walk meets the swapped nest again (from
    its new outer loop) and swaps it back, which is why passes that reorder
    loops walk in post-order."""
    import mlir_affine_py as m
    from mlir_affine_py.dialects.affine import AffineForOp
    from mlir_affine_py.rewrite import permute_loops
    from mlir_affine_py.transforms.loop_utils import get_perfectly_nested_loops

    def swap_all(order):
        module = m.parse(NEST)
        visited = []
        for op in module.walk(order=order):
            visited.append(op)
            if isinstance(op, AffineForOp):
                nest = get_perfectly_nested_loops(op)
                if len(nest) == 2:
                    permute_loops(nest, [1, 0])
        assert len(visited) == len(set(map(id, visited))) == 9
        return m.find_loop_nests(module)[0].names

    assert swap_all("post") == ["%j", "%i"]
    assert swap_all("pre") == ["%i", "%j"]


def test_walk_tolerates_erasing_the_current_op():
    import mlir_affine_py as m
    from mlir_affine_py.rewrite import erase
    module = m.parse(NEST)
    names = []
    for op in module.walk(order="post"):
        names.append(op.op_name)
        if op.op_name in ("affine.store", "affine.for"):
            erase(op)       # the loops after what they held: the inner one first
    assert names.count("affine.for") == 2 and names[-1] == "builtin.module"
    assert "affine" not in str(module)
    with pytest.raises(ValueError):
        list(module.walk(order="sideways"))


def test_readme_remarks_and_interchange_outputs_are_real():
    """The README's `$ pyaffine-opt ...` blocks show what the command prints."""
    blocks = re.findall(r"```\n\$ (pyaffine-opt [^\n]*)\n(.*?)```", README, re.S)
    assert len(blocks) >= 3
    for command, shown in blocks:
        args = shlex.split(command)[1:]
        done = _opt(*args, check=False)
        assert done.stdout + done.stderr == shown, command


# The README's pass is tried on the interchange lit inputs and the examples.
CUSTOM_PASS_INPUTS = sorted((REPO_ROOT / "tests" / "lit" / "interchange").glob("*.mlir")) + \
    sorted((REPO_ROOT / "examples").glob("*.mlir"))


def _custom_pass_run(path):
    """(the module as parsed, the module the README's pass left, its remarks)."""
    import mlir_affine_py as m
    namespace: dict = {}
    exec(compile(_custom_pass(), "unit_stride.py", "exec"), namespace)
    before = m.parse_file(path, allow_unregistered_dialect=True)
    after = m.parse_file(path, allow_unregistered_dialect=True)
    return before, after, m.run_pass(after, namespace["UnitStrideInnermost"])


@pytest.mark.slow
def test_readme_custom_pass_moves_nests():
    moved = sum("moved" in r.message for path in CUSTOM_PASS_INPUTS
                for r in _custom_pass_run(path)[2])
    assert moved >= 5


# One test per input: the interpreter's runs of the largest nests take
# seconds each, and both workers share them.
@pytest.mark.slow
@pytest.mark.parametrize("path", CUSTOM_PASS_INPUTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_readme_custom_pass_keeps_the_meaning_of_programs(path):
    """The README's pass: every function computes the same memrefs before
    and after (reference interpreter, same random inputs)."""
    import numpy as np

    from mlir_affine_py.interpreter import random_arguments, run_function
    before, after, _ = _custom_pass_run(path)
    # A function the pass left as it was computes what it computed: only
    # the changed ones are run (test_readme_custom_pass_moves_nests asks
    # that there are some).
    left = {func.sym_name: str(func) for func in after.walk() if func.op_name == "func.func"}
    for func in before.walk():
        if func.op_name != "func.func" or not func.regions[0].blocks:
            continue
        if left[func.sym_name] == str(func):
            continue
        args = random_arguments(func, 0, dynamic_size=_loop_extent(func))
        copies = [[a.copy() if isinstance(a, np.ndarray) else a for a in args]
                  for _ in range(2)]
        run_function(before, func.sym_name, copies[0])
        run_function(after, func.sym_name, copies[1])
        for b, a in zip(*copies):
            if isinstance(b, np.ndarray):
                assert b.tobytes() == a.tobytes(), f"{path.name} @{func.sym_name}"


def _loop_extent(func) -> int:
    """The size to give the dynamic dimensions of `func`'s memrefs: at least
    the largest constant trip count of its loops, so that a memref whose
    size the signature leaves open (`memref<?x256xf64>`, a C array as
    Polygeist passes it) is as long as the loops that walk it."""
    from mlir_affine_py.transforms.loop_utils import constant_trip_count
    bounds = [16]
    for op in func.walk():
        if op.op_name == "affine.for":
            bounds.append(constant_trip_count(op) or 0)
    return max(bounds)


def test_readme_op_and_pass_examples_are_the_project_s_own_code():
    """The README's op class is `dialects/tensor.py`'s, line for line, and its
    registration line is `passes.py`'s; the pass it names loads."""
    start = README.index("## Adding an op or a pass")
    section = README[start:README.index("\n## ", start + 1)]
    op_class, registration = _blocks(section, "python")
    package = REPO_ROOT / "mlir_affine_py"
    assert op_class in (package / "dialects" / "tensor.py").read_text()
    assert registration.strip() in (package / "passes.py").read_text().splitlines()
    from mlir_affine_py.passes import lookup_pass
    assert lookup_pass("affine-loop-normalize").argument == "affine-loop-normalize"
