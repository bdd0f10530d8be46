"""The Python API checks its arguments where they enter and says what went
wrong: a misuse raises at the call, naming the argument (not later, at
print time or deep inside a pass); `op.verify()` raises VerificationError
with mlir-opt's diagnostics; a pass fails with `signal_pass_failure` as an
MLIR pass does, and a plugin's own exception is reported as its failure."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

import mlir_affine_py as m
import oracle
from mlir_affine_py.ir.attributes import StringAttr
from support import MLIR_OPT, REPO_ROOT

NEST = """func.func @f(%A: memref<8x8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%i, %j] : memref<8x8xf32>
      affine.store %v, %A[%j, %i] : memref<8x8xf32>
    }
  }
  return
}
"""


@pytest.mark.parametrize("perm_map", [[0, 0], [1, 1], [0], [0, 1, 2], [0, 2], [0.0, 1],
                                      [True, False]])
def test_a_permutation_must_be_one_of_the_nest(perm_map):
    (nest,) = m.find_loop_nests(m.parse(NEST))
    with pytest.raises(ValueError, match=r"perm_map .* is not a permutation of the nest's 2"):
        nest.is_valid_permutation(perm_map)
    with pytest.raises(ValueError, match="perm_map"):
        nest.permute(perm_map)


def test_a_permutation_that_is_not_a_sequence():
    (nest,) = m.find_loop_nests(m.parse(NEST))
    with pytest.raises(TypeError, match="perm_map must be a sequence"):
        nest.is_valid_permutation(3)
    assert nest.is_valid_permutation((0, 1)) is True
    assert nest.is_valid_permutation([1, 0]) is False     # the transpose's dependence


def test_string_attributes_take_str_as_the_bindings_do():
    assert m.StringAttr("naïve").value == "naïve".encode() and StringAttr(b"x").text == "x"
    assert StringAttr("x") == StringAttr(b"x")
    with pytest.raises(TypeError, match="StringAttr: 'value' must be str or bytes, not int"):
        StringAttr(5)


def test_renaming_a_function():
    module = m.parse(NEST)
    func = next(op for op in module.walk() if op.op_name == "func.func")
    func.sym_name = "transpose"
    assert func.sym_name == "transpose" and "func.func @transpose(" in str(module)
    func.sym_name = StringAttr("again")
    assert "@again(" in str(module)
    for bad in ("", b"bytes", None):
        with pytest.raises(TypeError, match="sym_name must be a non-empty str"):
            func.sym_name = bad


def _outer_loop(module):
    return next(op for op in module.walk() if op.op_name == "affine.for")


def test_setting_a_loop_step():
    module = m.parse(NEST)
    loop = _outer_loop(module)
    loop.step = 2
    assert loop.step == 2 and "affine.for %arg1 = 0 to 8 step 2 {" in str(module)
    m.run_pipeline(module, "builtin.module(func.func(cse))")     # verifies
    for bad, kind, message in ((0, ValueError, "step must be positive, not 0"),
                               (-3, ValueError, "step must be positive, not -3"),
                               (1.5, TypeError, "step must be a positive int, not 1.5"),
                               (True, TypeError, "step must be a positive int, not True"),
                               ("2", TypeError, "step must be a positive int, not '2'")):
        with pytest.raises(kind, match=re.escape(message)):
            loop.step = bad
    assert loop.step == 2


def test_setting_a_loop_bound_map():
    from mlir_affine_py.ir.affine_expr import constant, dim
    from mlir_affine_py.ir.affine_map import AffineMap
    module = m.parse(NEST)
    outer = _outer_loop(module)
    inner = next(op for op in outer.walk() if op.op_name == "affine.for" and op is not outer)
    outer.lower_bound_map = AffineMap.get_constant_map(2)
    outer.upper_bound_map = AffineMap.get(0, 0, [constant(6)])
    assert "affine.for %arg1 = 2 to 6 {" in str(module)
    # The inner loop's bounds use the outer IV: a map and its operand.
    inner.set_upper_bound(AffineMap.get(1, 0, [dim(0) + 1]), [outer.induction_var])
    inner.set_lower_bound(AffineMap.get(1, 0, [dim(0)]), [outer.induction_var])
    assert "affine.for %arg2 = #map(%arg1) to #map1(%arg1) {" in str(module)
    assert inner.upper_bound_operands == [outer.induction_var]
    m.run_pipeline(module, "builtin.module(func.func(cse))")     # verifies


@pytest.mark.parametrize("bad, kind, message", [
    ("0", TypeError, "lower_bound_map must be an AffineMap, not str"),
    ("empty", ValueError, "lower_bound_map () -> () must have at least one result"),
    ("one dim", ValueError, "lower_bound_map (d0) -> (d0) takes 1 operands (dimensions and "
                            "symbols), the loop gives 0"),
])
def test_a_bound_map_is_checked_where_it_is_set(bad, kind, message):
    from mlir_affine_py.ir.affine_expr import dim
    from mlir_affine_py.ir.affine_map import AffineMap
    value = {"0": "0", "empty": AffineMap.get_empty(),
             "one dim": AffineMap.get(1, 0, [dim(0)])}[bad]
    module = m.parse(NEST)
    loop = _outer_loop(module)
    with pytest.raises(kind, match=re.escape(message)):
        loop.lower_bound_map = value
    assert "affine.for %arg1 = 0 to 8 {" in str(module)


def test_bound_operands_are_index_values():
    from mlir_affine_py.ir.affine_expr import dim
    from mlir_affine_py.ir.affine_map import AffineMap
    module = m.parse(NEST)
    loop = _outer_loop(module)
    memref = next(op for op in module.walk() if op.op_name == "func.func").regions[0].blocks[0].args[0]
    with pytest.raises(TypeError, match="the operands of upper_bound_map must be Values of type index"):
        loop.set_upper_bound(AffineMap.get(1, 0, [dim(0)]), [memref])
    with pytest.raises(TypeError, match="the operands of upper_bound_map must be Values"):
        loop.set_upper_bound(AffineMap.get(1, 0, [dim(0)]), [3])


@pytest.mark.parametrize("options, detail", [
    ({"tile_size": "x"}, "for the --tile-size option: 'x' value invalid for uint argument!"),
    ({"tile_size": -4}, "for the --tile-size option: '-4' value invalid for uint argument!"),
    ({"tile_size": 2.5}, "for the --tile-size option: '2.5' value invalid for uint argument!"),
    ({"separate": "maybe"}, "for the --separate option: 'maybe' is invalid value for boolean "
                            "argument! Try 0 or 1"),
    ({"tile_sizes": [4, "four"]}, "for the --tile-sizes option: 'four' value invalid for uint "
                                  "argument!"),
])
def test_a_bad_option_value_names_the_option(options, detail):
    module = m.parse(NEST)
    with pytest.raises(m.PassOptionError) as caught:
        m.run_pass(module, "affine-loop-tile", **options)
    assert caught.value.detail == detail and caught.value.pass_argument == "affine-loop-tile"
    assert str(caught.value) == f"affine-loop-tile: {detail}"


def test_option_values_of_the_right_type_and_their_text():
    module = m.parse(NEST)
    m.run_pass(module, "affine-loop-tile", tile_sizes=[2, 4], separate=False)
    assert "affine.for" in str(module)
    with pytest.raises(m.PassOptionError, match="no such option colour"):
        m.run_pass(module, "affine-loop-tile", colour=3)
    assert m.run_pass(m.parse(NEST), "affine-loop-tile", tile_size="0x4") == []


def test_the_public_names():
    names = dir(m)
    assert "sys" not in names and "TYPE_CHECKING" not in names and "annotations" not in names
    assert {"parse", "VerificationError", "Pass", "PassFailure", "StringAttr"} <= set(names)
    assert set(m.__all__) <= set(names)


BROKEN = """func.func @f(%A: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    affine.store {S}, %A[%i] : memref<8xf32>
    %w = arith.addf %v, %v : f32
  }
  return
}
"""


def test_verify_raises_mlir_opts_diagnostics(tmp_path):
    """A module broken through the API: `verify()` reports what mlir-opt
    reports for the same text."""
    module = m.parse(BROKEN.replace("{S}", "%v"), "broken.mlir")
    assert module.verify() is True
    store = next(op for op in module.walk() if op.op_name == "affine.store")
    add = next(op for op in module.walk() if op.op_name == "arith.addf")
    store.set_operand(0, add.results[0])
    with pytest.raises(m.VerificationError) as caught:
        module.verify()
    assert isinstance(caught.value, m.MLIRError) and caught.value.pos == (4, 5)
    path = tmp_path / "broken.mlir"
    path.write_text(BROKEN.replace("{S}", "%w"))
    theirs = oracle.run([MLIR_OPT, str(path)], capture_output=True, timeout=60).stderr.decode()
    # The source line shown is the text the module was parsed from.
    theirs = theirs.replace(str(path), "broken.mlir").replace("store %w,", "store %v,")
    assert str(caught.value) + "\n" == theirs


PLUGIN = '''
import mlir_affine_py as m


@m.register_pass
class Refuse(m.Pass):
    """Fails on the first loop, as an MLIR pass signals its failure."""

    argument = "refuse-loops"
    summary = "Fail on loops"
    op_name = "func.func"

    def run_on_operation(self, op):
        for inner in op.walk():
            if inner.op_name == "affine.for":
                self.signal_pass_failure(inner, "this pass takes no loops")


@m.register_pass
class Quiet(m.Pass):
    argument = "fail-quietly"
    summary = "Fail after its own errors"

    def run_on_operation(self, op):
        self.emit_error(op, "said before failing")
        self.signal_pass_failure()


class Buggy(m.Pass):
    argument = "buggy"
    op_name = "func.func"

    def run_on_operation(self, op):
        raise KeyError("the plugin's own bug")


m.register_pass(Buggy)
'''


def _opt(*args):
    return subprocess.run([sys.executable, "-m", "mlir_affine_py.opt_main", *map(str, args)],
                          capture_output=True, text=True, cwd=REPO_ROOT, timeout=120)


def test_a_pass_signals_its_failure(tmp_path):
    plugin, source = tmp_path / "plugin.py", tmp_path / "nest.mlir"
    plugin.write_text(PLUGIN)
    source.write_text(NEST)
    failed = _opt(f"--load-pass-plugin={plugin}", "-refuse-loops", source)
    assert failed.returncode == 1 and failed.stdout == ""
    assert failed.stderr.startswith(f"{source}:2:3: error: this pass takes no loops\n"
                                    "  affine.for %i = 0 to 8 {\n  ^\n")
    assert f"{source}:2:3: note: see current operation: \n\"affine.for\"()" in failed.stderr
    quiet = _opt(f"--load-pass-plugin={plugin}", "-fail-quietly", source)
    assert quiet.returncode == 1 and quiet.stdout == ""
    assert quiet.stderr.startswith(f"{source}:1:1: error: said before failing\n")


def test_a_plugins_exception_is_its_failure(tmp_path):
    plugin, source = tmp_path / "plugin.py", tmp_path / "nest.mlir"
    plugin.write_text(PLUGIN)
    source.write_text(NEST)
    buggy = _opt(f"--load-pass-plugin={plugin}", "-buggy", source)
    assert buggy.returncode == 1 and "internal error" not in buggy.stderr
    assert buggy.stderr.startswith(f"{source}:1:1: error: pass 'buggy' failed: KeyError: "
                                   "\"the plugin's own bug\"\n")


def test_failures_through_the_api():
    class Refuse(m.Pass):
        argument = "refuse-everything"

        def run_on_operation(self, op):
            self.signal_pass_failure(op, "no")

    class Buggy(m.Pass):
        argument = "buggy"

        def run_on_operation(self, op):
            raise KeyError("its own bug")

    class Anywhere(m.Pass):
        argument = "refuse-anywhere"
        op_name = "func.func"

        def run_on_operation(self, op):
            self.signal_pass_failure(message="not here")

    with pytest.raises(m.PassFailure, match="no"):
        m.run_pass(m.parse(NEST), Refuse)
    with pytest.raises(m.PassFailure, match="not here") as caught:
        m.run_pass(m.parse(NEST), Anywhere)
    assert caught.value.pos == (1, 1)       # the function the pass ran on
    with pytest.raises(m.MLIRError, match="pass 'buggy' failed: KeyError: 'its own bug'"):
        m.run_pass(m.parse(NEST), Buggy)
