"""-affine-permute-and-fuse: the fusion conflict graph, its colouring and
the cost model's choice on programs whose answer is known, and the meaning
of random multi-nest programs kept (reference interpreter before and
after, mlir-opt accepting every output, mlir-runner on a sample).
"""

from __future__ import annotations

import pytest

import fuzzing
import oracle
from affine_programs import assert_compiled_programs_agree, mlir_opt_reprints, run_random_programs
from mlir_affine_py.dialects.affine import AffineForOp
from mlir_affine_py.parse.parser import parse_source
from mlir_affine_py.polyhedral.dependences import compute_dependences
from mlir_affine_py.polyhedral.fusion import plan_permute_and_fuse, split_dependences
from mlir_affine_py.polyhedral.fusion_conflict_graph import (
    Schedule,
    build_fcg,
    color_level,
    sccs_in_order,
    shift_bound,
)
from mlir_affine_py.polyhedral.scop import extract
from support import MLIR_OPT, REPO_ROOT, marked

PASS = ["-affine-permute-and-fuse"]

MVT = """
func.func @mvt(%A: memref<512x512xf64>, %x1: memref<512xf64>, %x2: memref<512xf64>,
               %y1: memref<512xf64>, %y2: memref<512xf64>) {
  affine.for %i = 0 to 512 {
    affine.for %j = 0 to 512 {
      %x = affine.load %x1[%i] : memref<512xf64>
      %a = affine.load %A[%i, %j] : memref<512x512xf64>
      %y = affine.load %y1[%j] : memref<512xf64>
      %p = arith.mulf %a, %y : f64
      %s = arith.addf %x, %p : f64
      affine.store %s, %x1[%i] : memref<512xf64>
    }
  }
  affine.for %i = 0 to 512 {
    affine.for %j = 0 to 512 {
      %x = affine.load %x2[%i] : memref<512xf64>
      %a = affine.load %A[%j, %i] : memref<512x512xf64>
      %y = affine.load %y2[%j] : memref<512xf64>
      %p = arith.mulf %a, %y : f64
      %s = arith.addf %x, %p : f64
      affine.store %s, %x2[%i] : memref<512xf64>
    }
  }
  return
}
"""

# The paper's Figure 1: S1 writes B transposed, S2 reads it, S3 reads C
# transposed; with S2's loops interchanged all three fuse.
FIGURE1 = """
func.func @figure1(%A: memref<64x64xf64>, %B: memref<64x64xf64>, %C: memref<64x64xf64>,
                   %D: memref<64x64xf64>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<64x64xf64>
      affine.store %a, %B[%j, %i] : memref<64x64xf64>
    }
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %b = affine.load %B[%i, %j] : memref<64x64xf64>
      affine.store %b, %C[%i, %j] : memref<64x64xf64>
    }
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %c = affine.load %C[%j, %i] : memref<64x64xf64>
      affine.store %c, %D[%i, %j] : memref<64x64xf64>
    }
  }
  return
}
"""

# S1 reads B in the reverse order S0 writes it: no shift fuses the loops.
REVERSED = """
func.func @reversed(%A: memref<64xf64>, %B: memref<64xf64>, %C: memref<64xf64>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf64>
    affine.store %a, %B[%i] : memref<64xf64>
  }
  affine.for %i = 0 to 64 {
    %b = affine.load %B[63 - %i] : memref<64xf64>
    affine.store %b, %C[%i] : memref<64xf64>
  }
  return
}
"""

# S0 and S1 feed each other across iterations: one SCC, one loop.
CYCLE = """
func.func @cycle(%A: memref<64xf64>, %B: memref<64xf64>, %C: memref<64xf64>) {
  affine.for %i = 1 to 64 {
    %b = affine.load %B[%i - 1] : memref<64xf64>
    affine.store %b, %A[%i] : memref<64xf64>
    %a = affine.load %A[%i] : memref<64xf64>
    %s = arith.addf %a, %a : f64
    affine.store %s, %B[%i] : memref<64xf64>
  }
  affine.for %i = 0 to 64 {
    %b = affine.load %B[%i] : memref<64xf64>
    affine.store %b, %C[%i] : memref<64xf64>
  }
  return
}
"""


def region(text: str) -> list:
    module = parse_source(text)
    func = next(op for op in module.walk() if op.op_name == "func.func")
    return [op for op in func.regions[0].blocks[0].ops if isinstance(op, AffineForOp)]


def graph_of(text: str):
    scop = extract(region(text))
    deps = split_dependences(scop, compute_dependences(scop).all)
    schedule = Schedule(list(scop.statements), deps)
    return scop, schedule, build_fcg(schedule, scop.statements)


def rows(plan) -> dict:
    return {s.name: [(r.dim, r.shift) for r in plan.schedule.rows[s]] for s in plan.scop.statements}


def betas(plan, level: int) -> list:
    return [plan.schedule.rows[s][level].beta for s in plan.scop.statements]


def test_fcg_of_figure1_forbids_fusing_without_the_interchange():
    scop, _, graph = graph_of(FIGURE1)
    s0, s1, s2 = scop.statements
    assert graph.conflict((s0, 0), (s1, 0)) and graph.conflict((s0, 1), (s1, 1))
    assert not graph.conflict((s0, 0), (s1, 1)) and not graph.conflict((s0, 1), (s1, 0))
    assert graph.conflict((s1, 0), (s2, 0)) and not graph.conflict((s1, 1), (s2, 0))
    assert graph.conflict((s0, 0), (s0, 1))          # one loop per statement and level
    assert not graph.self_edges


def test_figure1_colours_into_one_fully_fused_nest():
    """The paper's colouring, which fuses whenever the graph allows: S0 and
    S2 keep their order, S1 is interchanged, all three share both loops."""
    scop, schedule, _ = graph_of(FIGURE1)

    def fuse_when_possible(current, scc, options, fusable):
        if fusable:
            return True, fusable[0][0], fusable[0][1]
        return False, options[0], None

    groups = [list(scop.statements)]
    for _ in range(2):
        clusters = color_level(schedule, groups, fuse_when_possible, lambda graph, group: None)
        groups = [c.members for c in clusters]
    assert len(groups) == 1
    dims = {s.name: [r.dim for r in schedule.rows[s]] for s in scop.statements}
    assert dims == {"S0": [0, 1], "S1": [1, 0], "S2": [0, 1]}
    # What is left are the dependences within one iteration of both loops,
    # which order the statements in the body.
    assert sccs_in_order(groups[0], schedule.remaining) == [[s] for s in scop.statements]


def test_figure1_cost_choice_is_legal_and_fuses():
    plan = plan_permute_and_fuse(region(FIGURE1))
    assert plan.changed and plan.legal and plan.fused >= 1


def test_mvt_fuses_after_permuting_the_second_nest():
    plan = plan_permute_and_fuse(region(MVT))
    assert rows(plan)["S0"] == [(0, 0), (1, 0)] and rows(plan)["S1"] == [(1, 0), (0, 0)]
    assert len(set(betas(plan, 0))) == 1      # one outer loop over the rows of A
    assert plan.legal


# syrk: C's row is scaled, then updated by a product in the same i loop.
# Fusing S1 with S0 at the outer level saves less than MIN_SAVING: a tie,
# and the loop the two share as written is kept rather than distributed.
SYRK = """
func.func @syrk(%A: memref<64x48xf64>, %C: memref<64x64xf64>, %alpha: f64, %beta: f64) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %c = affine.load %C[%i, %j] : memref<64x64xf64>
      %s = arith.mulf %c, %beta : f64
      affine.store %s, %C[%i, %j] : memref<64x64xf64>
    }
    affine.for %k = 0 to 48 {
      affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
        %a = affine.load %A[%i, %k] : memref<64x48xf64>
        %p = arith.mulf %alpha, %a : f64
        %b = affine.load %A[%j, %k] : memref<64x48xf64>
        %q = arith.mulf %p, %b : f64
        %c = affine.load %C[%i, %j] : memref<64x64xf64>
        %r = arith.addf %c, %q : f64
        affine.store %r, %C[%i, %j] : memref<64x64xf64>
      }
    }
  }
  return
}
"""


def test_a_tie_keeps_the_loop_statements_share_as_written():
    plan = plan_permute_and_fuse(region(SYRK))
    assert len(set(betas(plan, 0))) == 1      # still one i loop
    assert plan.legal
    assert any("as written (a tie)" in note for note in plan.notes)


def test_reversed_read_is_a_fusion_preventing_dependence():
    scop, schedule, graph = graph_of(REVERSED)
    s0, s1 = scop.statements
    assert shift_bound(schedule.remaining[(s0, s1)], 0, 0) == 63
    assert graph.conflict((s0, 0), (s1, 0))
    plan = plan_permute_and_fuse(region(REVERSED))
    assert len(set(betas(plan, 0))) == 2 and not plan.changed


def test_an_scc_stays_in_one_loop():
    scop, schedule, _ = graph_of(CYCLE)
    s0, s1, s2 = scop.statements
    assert sccs_in_order(scop.statements, schedule.remaining) == [[s0, s1], [s2]]
    plan = plan_permute_and_fuse(region(CYCLE))
    assert betas(plan, 0)[0] == betas(plan, 0)[1]
    assert plan.legal


def test_a_self_dependence_keeps_a_dimension_inside():
    # A[i][j] = A[i-1][j+1]: j cannot be outermost (a self edge on it).
    text = """
func.func @wave(%A: memref<64x64xf64>) {
  affine.for %i = 1 to 64 {
    affine.for %j = 0 to 63 {
      %a = affine.load %A[%i - 1, %j + 1] : memref<64x64xf64>
      affine.store %a, %A[%i, %j] : memref<64x64xf64>
    }
  }
  return
}
"""
    scop, _, graph = graph_of(text)
    (s0,) = scop.statements
    assert (s0, 1) in graph.self_edges and (s0, 0) not in graph.self_edges
    plan = plan_permute_and_fuse(region(text))
    assert rows(plan)["S0"] == [(0, 0), (1, 0)]


# Two sweeps of a time step (the lit test's program): fused on i, the
# second shifted by one, the i loop carries the dependence from the first;
# apart, each sweep's i loop carries nothing and runs 198 x 198 iterations.
STENCIL = (REPO_ROOT / "tests" / "lit" / "permute-and-fuse" / "keep-parallel.mlir").read_text()


def test_keep_parallel_leaves_the_sweeps_of_a_time_step_apart(tmp_path):
    import io

    from mlir_affine_py import opt_main
    fused = plan_permute_and_fuse(region(STENCIL))
    assert rows(fused)["S1"] == [(0, 0), (1, 1), (2, 0)] and fused.legal
    assert len(set(betas(fused, 1))) == 1     # one i loop: it carries S0 -> S1
    apart = plan_permute_and_fuse(region(STENCIL), min_parallel_work=1 << 14)
    assert len(set(betas(apart, 1))) == 2 and not apart.changed
    # Below the work that pays for a parallel region, no loop apart would run
    # in parallel either: the fusion is kept.
    small = plan_permute_and_fuse(region(STENCIL), min_parallel_work=198 * 198 + 1)
    assert rows(small) == rows(fused)
    path = tmp_path / "stencil.mlir"
    path.write_text(STENCIL)
    out, err = io.StringIO(), io.StringIO()
    assert opt_main.run(opt_main.parse_args(
        ["-affine-permute-and-fuse=remarks=true keep-parallel=true", str(path)]), out, err) == 0
    assert ("level 1: S1: fusion with S0 on S1:i1 not offered: the fused loop would carry a "
            "dependence from S0 to S1, while apart neither loop carries one, no enclosing loop "
            "runs in parallel and one run of a loop apart executes about 39204 iterations"
            in err.getvalue())
    assert "kept the original schedule" in err.getvalue()


def test_keep_parallel_leaves_an_outermost_fusion_to_the_model():
    # The sweeps of one time step alone: fused, the outer loop carries the
    # dependence, but the loops inside it keep all but one trip count of the
    # work for the parallel step (and tiling may distribute the nest).
    lines = STENCIL.splitlines()
    start = next(k for k, line in enumerate(lines) if "affine.for %t" in line)
    end = len(lines) - 1 - next(k for k, line in enumerate(reversed(lines)) if line == "  }")
    single = "\n".join(lines[:start] + lines[start + 1:end] + lines[end + 1:])
    fused = plan_permute_and_fuse(region(single))
    assert len(set(betas(fused, 0))) == 1 and rows(fused)["S1"][0] == (0, 1)
    kept = plan_permute_and_fuse(region(single), min_parallel_work=1 << 14)
    assert rows(kept) == rows(fused)


def test_remarks_explain_the_graph_and_the_choice(tmp_path):
    import io

    from mlir_affine_py import opt_main
    path = tmp_path / "mvt.mlir"
    path.write_text(MVT)
    out, err = io.StringIO(), io.StringIO()
    assert opt_main.run(opt_main.parse_args(["-affine-permute-and-fuse=remarks=true", str(path)]),
                        out, err) == 0
    remarks = err.getvalue()
    assert "level 0: FCG of S0, S1: 4 vertices, 0 self edges, 0 fusion conflict edges" in remarks
    assert "fused with S0 (best S1:i1" in remarks
    assert "chose schedule S0(i0, i1); S1(i1, i0): 2 nests became 1" in remarks


def test_a_region_that_is_not_a_scop_is_left_with_a_remark(tmp_path):
    import io

    from mlir_affine_py import opt_main
    text = """
func.func @f(%A: memref<64xf64>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf64>
    func.call @g(%a) : (f64) -> ()
  }
  return
}
func.func private @g(f64)
"""
    path = tmp_path / "call.mlir"
    path.write_text(text)
    out, err = io.StringIO(), io.StringIO()
    assert opt_main.run(opt_main.parse_args(["-affine-permute-and-fuse=remarks=true", str(path)]),
                        out, err) == 0
    assert "region left as it is: op 'func.call' has unknown side effects" in err.getvalue()
    assert "func.call @g" in out.getvalue()


# ------------------------------------------------------------- semantics
# A count, not a time budget: the programs decide the question asked of
# mlir-opt, whose answer is recorded (oracle.py).
PROGRAMS = 40


# The tests that share the fixture run on one worker, in the full run.
FUZZED = marked(pytest.mark.slow, pytest.mark.xdist_group("permute_and_fuse_programs"))


@pytest.fixture(scope="module")
def fuzzed():
    runner = fuzzing.Runner(limit=fuzzing.HANG_LIMIT)
    try:
        return run_random_programs(runner, PASS, 16, PROGRAMS)
    finally:
        runner.close()


@FUZZED
def test_random_programs_keep_their_meaning(fuzzed):
    changed = sum(1 for *_, was_changed in fuzzed if was_changed)
    print(f"\n{len(fuzzed)} programs, {changed} changed by {' '.join(PASS)}")
    assert len(fuzzed) >= 15 and changed >= len(fuzzed) // 4


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
@FUZZED
def test_mlir_opt_accepts_every_output(fuzzed):
    outputs = [out for _, _, out, _ in fuzzed]
    problems = mlir_opt_reprints(MLIR_OPT, outputs, run=oracle.run)
    assert not problems, "\n\n".join(f"output {k}: {what}\n{outputs[k] if k >= 0 else ''}"
                                     for k, what in problems[:3])


@FUZZED
@pytest.mark.oracle
def test_compiled_programs_agree(fuzzed, tmp_path):
    assert_compiled_programs_agree([entry for entry in fuzzed if entry[3]][:3], tmp_path)
