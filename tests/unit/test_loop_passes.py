"""-lower-affine, -affine-loop-unroll, -affine-loop-unroll-jam,
-affine-loop-normalize, -affine-loop-coalescing (of affine.for and of
scf.for nests) and -test-affine-loop-unswitch keep the meaning of
programs and print what mlir-opt 22 prints.

Random affine programs (tests/unit/affine_programs.py) go through each
pass: the output parses and prints back the same, the reference
interpreter computes bit-identical arrays before and after, and mlir-opt
running the same pass on the same programs prints the same text (so it
also accepts every output).  A few programs each pass changed (lowered
ones for -lower-affine) are compiled and run by mlir-runner before and
after, with equal checksums.  PolyBench's kernels
(the shared corpus) lower to exactly what mlir-opt's -lower-affine prints.
"""

from __future__ import annotations

import pytest

import fuzzing
import lit_shell
import oracle
from affine_programs import (SEPARATOR, assert_compiled_programs_agree, profile_of,
                             run_random_programs)
from support import CORPUS, MLIR_OPT, REPO_ROOT, marked

# A count, not a time budget: the outputs decide the questions asked of
# mlir-opt, whose answers are recorded (oracle.py).
PROGRAMS = 24
FUZZED = marked(pytest.mark.slow, pytest.mark.xdist_group("loop_passes_programs"))
needs_mlir_opt = pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")

# name -> (the pass's flags, the seed of its random programs)
PASSES = {
    "lower": (["-lower-affine"], 41),
    "unroll": (["-pass-pipeline=builtin.module(func.func(affine-loop-unroll{unroll-factor=3}))"],
               42),
    "unroll-full": (["-pass-pipeline=builtin.module(func.func(affine-loop-unroll{"
                     "unroll-factor=-1 unroll-full-threshold=4}))"], 43),
    "unroll-cleanup": (["-pass-pipeline=builtin.module(func.func(affine-loop-unroll{"
                        "unroll-factor=4 cleanup-unroll=true unroll-num-reps=2}))"], 44),
    "unroll-jam": (["-pass-pipeline=builtin.module(func.func(affine-loop-unroll-jam{"
                    "unroll-jam-factor=3}))"], 45),
    "normalize": (["-affine-loop-normalize"], 46),
    "normalize-promote": (["-affine-loop-normalize=promote-single-iter"], 47),
    "normalize-coalesce": (["-affine-loop-normalize", "-affine-loop-coalescing"], 49),
    # scf.for nests: the programs lowered and canonicalized first (rewrite).
    "scf-coalesce": (["-affine-loop-coalescing"], 50),
    "unswitch": (["-pass-pipeline=builtin.module(func.func(test-affine-loop-unswitch))"], 51),
}
# Passes that work on the function's first op only: its constants become
# arguments, so that its first nest comes first (unroll-jam: where jamming
# it is legal, see jammable).
LOOP_FIRST = {"unroll-jam"}
# Coalescing (of normalized loops: few random nests start at 0 by 1) a band
# whose bounds use an IV of a loop around it gives
# invalid IR, in mlir-opt as here (tests/lit/coalesce/outer-iv-bounds.mlir):
# its programs are the rectangular ones.
PROFILES = {"normalize-coalesce": lambda index: "rectangular",
            "scf-coalesce": lambda index: "rectangular"}
POLYBENCH = ["gemm", "2mm", "lu", "seidel_2d", "fdtd_2d", "nussinov", "trmm", "cholesky"]


@pytest.fixture(scope="module")
def programs():
    """flag -> [(profile, input, output, changed)]: random programs through
    each pass, checked by the interpreter before and after."""
    runner = fuzzing.Runner(limit=fuzzing.HANG_LIMIT)
    try:
        # The unrolled copies of a body can leave a map whose dims share an
        # operand, which mlir-opt prints (and this tool with it) in a form
        # that reads back as another map: lit/unroll/shared-operands.mlir.
        return {name: run_random_programs(runner, flags, seed, count_of(name), reprint=False,
                                          rewrite=REWRITES.get(name),
                                          profile=PROFILES.get(name, profile_of))
                for name, (flags, seed) in PASSES.items()}
    finally:
        runner.close()


def count_of(name: str) -> int:
    """How many programs a pass gets: the pass that unroll-jams a function's
    first nest, legal in few of them, more."""
    return 3 * PROGRAMS if name in LOOP_FIRST else PROGRAMS


def loop_first(text: str) -> str:
    """The program with its float constants as arguments."""
    lines = text.splitlines(keepends=True)
    constants = [line for line in lines if "= arith.constant" in line]
    names = [line.split("=")[0].strip() for line in constants]
    header = lines[0].replace(") {", "".join(f", {name}: f64" for name in names) + ") {")
    return header + "".join(line for line in lines[1:] if line not in constants)


def jam_breaks_dependence(text: str) -> bool:
    """Whether unroll-and-jam of the function's first loop may run an inner
    iteration of a later outer iteration before one it depends on: a
    dependence carried by that loop whose distance in an inner loop may be
    negative.  Upstream's pass does not ask (tests/lit/unroll/jam-illegal.mlir)."""
    from mlir_affine_py.analysis.dependence import get_dependence_components
    from mlir_affine_py.parse.parser import parse_source
    module = parse_source(text)
    func = next(op for op in module.walk() if op.op_name == "func.func")
    first = func.regions[0].blocks[0].ops[0]
    if first.op_name != "affine.for":
        return False
    depth = max(sum(1 for p in _parents(op) if p.op_name == "affine.for")
                for op in first.walk())
    for components, _, _, at in get_dependence_components(first, depth):
        carried = components[0].ub is None or components[0].ub > 0
        if at == 1 and carried and any(c.lb is None or c.lb < 0 for c in components[1:]):
            return True
    return False


def _parents(op):
    while op is not None:
        yield op
        op = op.parent_op


def jammable(text: str) -> str:
    """The program with its first nest first where jamming it is legal, as
    it is otherwise (the pass then leaves it)."""
    first = loop_first(text)
    return text if jam_breaks_dependence(first) else first


def lowered(text: str) -> str:
    """The program as scf.for nests whose constants sit at the top of the
    function (so that the nests are perfect): -lower-affine, -canonicalize."""
    return tool_output(["-lower-affine", "-canonicalize"], text)


REWRITES = {"unroll-jam": jammable, "scf-coalesce": lowered}


def mlir_opt_outputs(flags: list, texts: list) -> list:
    """mlir-opt's output for each text (one -split-input-file run)."""
    joined = f"\n{SEPARATOR}\n".join(texts)
    done = oracle.run([MLIR_OPT, "-split-input-file", *flags, "-"], input=joined,
                      capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[:2000]
    return [chunk.lstrip("\n") for chunk in done.stdout.split(f"{SEPARATOR}\n")]


def tool_output(flags: list, text: str) -> str:
    done = lit_shell.run_pyaffine_opt([*flags, "-"], text.encode(), REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    return done.stdout.decode()


@FUZZED
@pytest.mark.parametrize("name", list(PASSES))
def test_random_programs_keep_their_meaning(programs, name):
    done = programs[name]
    changed = sum(was_changed for *_, was_changed in done)
    print(f"\n{len(done)} programs, changed by {name}: {changed}")
    assert len(done) == count_of(name) and changed >= PROGRAMS // 4


@FUZZED
@needs_mlir_opt
@pytest.mark.parametrize("name", list(PASSES))
def test_random_programs_print_as_mlir_opt_prints_them(programs, name):
    done = programs[name]
    theirs = mlir_opt_outputs(PASSES[name][0], [text for _, text, _, _ in done])
    assert len(theirs) == len(done)
    for (_, text, ours, _), expected in zip(done, theirs):
        assert ours.rstrip("\n") == expected.rstrip("\n"), f"input:\n{text}"


@FUZZED
@pytest.mark.oracle
def test_lowered_programs_run_alike(programs, tmp_path):
    """mlir-runner runs a few programs as written and as lowered."""
    assert_compiled_programs_agree(programs["lower"][:3], tmp_path)


@FUZZED
@pytest.mark.oracle
@pytest.mark.parametrize("name", [name for name in PASSES if name != "lower"])
def test_transformed_programs_run_alike(programs, name, tmp_path):
    """mlir-runner runs two programs each pass changed, as written and as
    the pass left them (both lowered by mlir-opt)."""
    changed = [program for program in programs[name] if program[3]][:2]
    assert len(changed) == 2
    assert_compiled_programs_agree(changed, tmp_path)


@needs_mlir_opt
@pytest.mark.skipif(CORPUS is None, reason="no shared corpus")
def test_polybench_kernels_lower_as_mlir_opt_lowers_them():
    """The lowered kernels are mlir-opt's, byte for byte: they compute what
    mlir-opt's lowering computes."""
    texts = [(CORPUS / "polybench" / f"{name}.peqc.mlir").read_text() for name in POLYBENCH]
    theirs = mlir_opt_outputs(["-lower-affine"], texts)
    for name, text, expected in zip(POLYBENCH, texts, theirs):
        assert tool_output(["-lower-affine"], text).rstrip("\n") == expected.rstrip("\n"), name


@needs_mlir_opt
def test_upstream_unroll_jam_ignores_dependences():
    """tests/lit/unroll/jam-illegal.mlir: mlir-opt's unroll-and-jam (and
    this tool's, which prints the same) reads a value before it is written;
    the arrays differ.  The random programs' check leaves such nests out."""
    from affine_programs import interpreter_outcome
    path = REPO_ROOT / "tests" / "lit" / "unroll" / "jam-illegal.mlir"
    text = "\n".join(line for line in path.read_text().splitlines()
                     if not line.startswith("//")) + "\n"
    flags = [
        "-pass-pipeline=builtin.module(func.func(affine-loop-unroll-jam{unroll-jam-factor=2}))"]
    ours = tool_output(flags, text)
    assert ours.rstrip("\n") == mlir_opt_outputs(flags, [text])[0].rstrip("\n")
    assert jam_breaks_dependence(text)
    assert interpreter_outcome(text, 0) != interpreter_outcome(ours, 0)


@needs_mlir_opt
@pytest.mark.skipif(CORPUS is None, reason="no shared corpus")
def test_coalescing_of_upstream_affine_nests_is_mlir_opts():
    """Upstream's coalescing test runs -cse after the pass (not in this
    tool yet): the pass alone on its affine.for chunks prints what
    mlir-opt's pass alone prints.  (Its scf.for chunks: passes_check.py.)"""
    text = (CORPUS / "passes" / "inputs" / "Affine-loop-coalescing.mlir").read_text()
    chunks = [c for c in text.split(SEPARATOR) if "affine.for" in c and "scf." not in c]
    assert len(chunks) == 6
    flags = ["-allow-unregistered-dialect", "-affine-loop-coalescing"]
    for chunk, expected in zip(chunks, mlir_opt_outputs(flags, chunks)):
        assert tool_output(flags, chunk).rstrip("\n") == expected.rstrip("\n"), chunk
