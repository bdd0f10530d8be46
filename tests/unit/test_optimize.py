"""-affine-optimize keeps the meaning of programs.

Random affine programs (tests/unit/affine_programs.py) and every PolyBench
file of the shared corpus go through the optimizer; the reference
interpreter computes identical arrays before and after on seeded random
inputs, each affine.parallel run last iteration first (the fixture of
test_tile_parallel_semantics.py), and mlir-opt prints every output back
identically.  The inputs are small (PolyBench MINI): at the default cache
size every band fits and none is tiled, so a cache of 1 KiB makes the
model tile them.  PolyBench files the verifier rejects (data layouts
written for another LLVM) are left out.
"""

from __future__ import annotations

import sys

import numpy as np
import pytest
from test_api import NEST
from test_tile_parallel_semantics import parallel_loops_reversed  # noqa: F401

import lit_shell
import oracle
from affine_programs import mlir_opt_reprints, run_random_programs
from support import CORPUS, MLIR_OPT, REPO_ROOT, marked

PROGRAMS = 30              # random programs, a count, not a time budget
# The tests' nests are small: every loop that may run in parallel does.
SMALL_CACHE = "cache-size=1 min-parallel-work=0"
OPTIMIZE = [f"-affine-optimize={SMALL_CACHE}"]
POLYBENCH = sorted((CORPUS / "polybench").glob("*.mlir")) if CORPUS is not None else []

# A 64 x 64 transposition of f64 (64 KiB): the columns of B it writes
# share cache lines from one i to the next, a reuse one iteration of i
# (4 KiB of lines) carries beyond a cache of 1 KiB: tiled for it.  A plain
# copy reuses nothing and is never tiled.
COPY = NEST.replace("8x8xf32", "64x64xf64").replace("0 to 8 ", "0 to 64 ")
TRANSPOSE = COPY.replace("%B[%i, %j]", "%B[%j, %i]")
FUZZED = marked(pytest.mark.slow, pytest.mark.xdist_group("optimize_programs"))
POLY = marked(pytest.mark.slow, pytest.mark.corpus, pytest.mark.xdist_group("optimize_polybench"))


GEMM_IMPERFECT = """func.func @gemm(%A: memref<128x128xf64>, %B: memref<128x128xf64>, %C: memref<128x128xf64>) {
  %beta = arith.constant 2.0 : f64
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      %c = affine.load %C[%i, %j] : memref<128x128xf64>
      %s = arith.mulf %c, %beta : f64
      affine.store %s, %C[%i, %j] : memref<128x128xf64>
    }
    affine.for %k = 0 to 128 {
      affine.for %j = 0 to 128 {
        %a = affine.load %A[%i, %k] : memref<128x128xf64>
        %b = affine.load %B[%k, %j] : memref<128x128xf64>
        %c = affine.load %C[%i, %j] : memref<128x128xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<128x128xf64>
      }
    }
  }
  return
}
"""


def _remarks(text: str, options: str) -> str:
    flags = [f"-affine-optimize={options} remarks=true", "-", "-o", "/dev/null"]
    done = lit_shell.run_pyaffine_opt(flags, text.encode(), REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    return done.stderr.decode()


def _optimize(text: str, options: str = SMALL_CACHE) -> str:
    flags = [f"-affine-optimize={options}" if options else "-affine-optimize", "-"]
    done = lit_shell.run_pyaffine_opt(flags, text.encode(), REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    return done.stdout.decode()


def _dynamic_size(name: str) -> int:
    """The `?` dimensions and the integer arguments (loop bounds) of a
    PolyBench kernel: as the benchmark's own check runs it."""
    sys.path.insert(0, str(REPO_ROOT / "tools"))
    import bench_polybench
    sizes = bench_polybench.SIZES.get(name.split(".")[0])
    return 2 * max(sizes) + bench_polybench.MARGIN if sizes else 64


def _arrays(text: str, dynamic_size: int, seed: int = 0):
    from mlir_affine_py.interpreter import random_arguments, run_function
    from mlir_affine_py.parse.parser import parse_source
    module = parse_source(text)
    func = next(op for op in module.walk() if op.op_name == "func.func")
    args = random_arguments(func, seed, dynamic_size=dynamic_size)
    run_function(module, func.sym_name, args, max_iterations=5_000_000)
    return [a.tobytes() for a in args if isinstance(a, np.ndarray)]


def _loops(text: str) -> int:
    """Tiling adds loops; fusion only removes them."""
    return text.count("affine.for") + text.count("affine.parallel")


@pytest.fixture(scope="module")
def fuzzed(runner, parallel_loops_reversed):  # noqa: F811
    return [entry[1:] for entry in run_random_programs(runner, OPTIMIZE, 2027, PROGRAMS)]


@pytest.fixture(scope="module")
def polybench(parallel_loops_reversed):  # noqa: F811
    """(name, output, whether the interpreter ran it) per valid PolyBench file."""
    done = []
    for path in POLYBENCH:
        text = path.read_text()
        if lit_shell.run_pyaffine_opt(["-"], text.encode(), REPO_ROOT).code != 0:
            continue        # an input the verifier rejects (data layouts of another LLVM)
        out = _optimize(text)
        size = _dynamic_size(path.name)
        try:
            before = _arrays(text, size)
        except Exception:  # noqa: BLE001 - an input the interpreter cannot run at this size
            done.append((path.name, out, False))
            continue
        assert _arrays(out, size) == before, f"{path.name}: results differ\n{out}"
        done.append((path.name, out, True))
    return done


@FUZZED
def test_random_programs_keep_their_meaning(fuzzed):
    changed = sum(c for _, _, c in fuzzed)
    tiled = sum(_loops(out) > _loops(text) for text, out, _ in fuzzed)
    parallel = sum("affine.parallel" in out for _, out, _ in fuzzed)
    print(f"\n{len(fuzzed)} programs: {changed} changed, {tiled} tiled, {parallel} parallel")
    assert changed >= len(fuzzed) // 3 and tiled >= 3 and parallel >= 3


@FUZZED
@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
def test_mlir_opt_prints_random_outputs_back(fuzzed):
    outputs = [out for _, out, _ in fuzzed]
    problems = mlir_opt_reprints(MLIR_OPT, outputs, run=oracle.run)
    assert not problems, "\n\n".join(f"output {k}: {what}" for k, what in problems[:3])


@POLY
@pytest.mark.skipif(CORPUS is None, reason="../shared/corpus not found")
def test_polybench_keeps_its_results(polybench):
    ran = sum(r for _, _, r in polybench)
    tiled = sum("step" in out for _, out, _ in polybench)
    parallel = sum("affine.parallel" in out for _, out, _ in polybench)
    print(f"\n{len(polybench)} files, {ran} run; {tiled} tiled, {parallel} with a parallel loop")
    assert len(polybench) >= 20 and ran >= len(polybench) * 3 // 4
    assert tiled >= 6 and parallel >= 10


@POLY
@pytest.mark.skipif(CORPUS is None or MLIR_OPT is None, reason="no corpus or no mlir-opt")
def test_mlir_opt_prints_polybench_outputs_back(polybench):
    outputs = [out for _, out, _ in polybench]
    problems = mlir_opt_reprints(MLIR_OPT, outputs, run=oracle.run)
    assert not problems, "\n\n".join(f"{polybench[k][0] if k >= 0 else ''}: {what}"
                                     for k, what in problems[:3])


@pytest.mark.corpus
def test_a_band_that_fits_the_cache_is_not_tiled():
    text = (CORPUS / "polybench" / "gemm.peqc.mlir").read_text() if CORPUS else None
    if text is None:
        pytest.skip("no corpus")
    # (Without the register tiles of reductions, which step the i-j-k
    # order's j loop by 8 where nothing is tiled.)
    assert "step" not in _optimize(text, "jam-reductions=0")
    assert "step" in _optimize(text, SMALL_CACHE)


def test_each_step_can_be_turned_off():
    text = TRANSPOSE
    everything = _optimize(text)
    assert "affine.parallel" in everything and "step" in everything
    assert "step" not in _optimize(text, f"{SMALL_CACHE} tile=false")
    assert "affine.parallel" not in _optimize(text, f"{SMALL_CACHE} parallelize=false")
    nothing = _optimize(text, f"{SMALL_CACHE} fuse=false tile=false parallelize=false")
    assert "affine.parallel" not in nothing and "step" not in nothing


def test_the_innermost_tile_keeps_a_multiple_of_the_vector_width():
    from mlir_affine_py.parse.parser import parse_source
    from mlir_affine_py.transforms.loop_utils import get_perfectly_nested_loops
    from mlir_affine_py.transforms.cache_tiling import VECTOR_WIDTH, cache_tile_sizes
    band = get_perfectly_nested_loops(next(op for op in parse_source(TRANSPOSE).walk()
                                           if op.op_name == "affine.for"))
    for cache in (256, 1024, 2048):
        sizes, why = cache_tile_sizes(band, cache)
        assert sizes[-1] % VECTOR_WIDTH == 0, (cache, sizes)
        assert "tile footprint" in why
    assert cache_tile_sizes(band, 1 << 20)[0] is None


def test_tiling_only_where_reuse_leaves_the_cache():
    """A copy reuses nothing; gemm's (k, j) band inside i touches a row of
    B per k and reuses the row of C it keeps in cache: neither is tiled.
    The transposition reuses the lines of B's columns: tiled."""
    from mlir_affine_py.parse.parser import parse_source
    from mlir_affine_py.transforms.cache_tiling import reuse_beyond_cache
    from mlir_affine_py.transforms.loop_utils import get_perfectly_nested_loops

    def band(text):
        return get_perfectly_nested_loops(next(op for op in parse_source(text).walk()
                                               if op.op_name == "affine.for"))
    assert "no reuse" in reuse_beyond_cache(band(COPY), 512)
    assert reuse_beyond_cache(band(TRANSPOSE), 512) == ""
    remarks = _remarks(GEMM_IMPERFECT, "cache-size=64")
    assert "distributed into 2 nests" in remarks
    assert "band (%i, %k) not tiled: no reuse it carries leaves the cache" not in remarks
    assert "tiled by" in remarks


# syrk's product (PolyBench): one iteration of j reads two rows of A, i and j.
SYRK_PRODUCT = """func.func @syrk(%A: memref<900x600xf64>, %C: memref<900x900xf64>) {
  affine.for %i = 0 to 900 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.for %k = 0 to 600 {
        %a = affine.load %A[%i, %k] : memref<900x600xf64>
        %b = affine.load %A[%j, %k] : memref<900x600xf64>
        %c = affine.load %C[%i, %j] : memref<900x900xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<900x900xf64>
      }
    }
  }
  return
}
"""


def test_the_model_counts_each_group_of_references_apart():
    """Rows i and j of A under one iteration of j: upstream's box spans every
    row between them (the whole matrix); the model's reference groups count
    the two rows, and C's element, in cache lines; a stencil's neighbouring
    rows form one group."""
    from mlir_affine_py.analysis.footprint import memory_footprint_bytes
    from mlir_affine_py.parse.parser import parse_source
    from mlir_affine_py.transforms.cache_tiling import LINE_BYTES
    loops = [op for op in parse_source(SYRK_PRODUCT).walk() if op.op_name == "affine.for"]
    one_j = {loops[1].induction_var: 1}
    assert memory_footprint_bytes(loops[1], one_j, LINE_BYTES) == 900 * 600 * 8 + 64
    assert memory_footprint_bytes(loops[1], one_j, LINE_BYTES,
                                  reference_groups=True) == 2 * 600 * 8 + 64
    stencil = SYRK_PRODUCT.replace("%A[%j, %k]", "%A[%i + 2, %k]")
    loops = [op for op in parse_source(stencil).walk() if op.op_name == "affine.for"]
    # Rows i and i + 2: two boxes of one row (the row between is not touched).
    assert memory_footprint_bytes(loops[2], {}, reference_groups=True) == 2 * 600 * 8 + 8
    stencil = stencil.replace("%c = affine.load %C[%i, %j] : memref<900x900xf64>",
                              "%c = affine.load %A[%i + 1, %k] : memref<900x600xf64>")
    loops = [op for op in parse_source(stencil).walk() if op.op_name == "affine.for"]
    assert memory_footprint_bytes(loops[2], {}, reference_groups=True) == 3 * 600 * 8 + 8
    # PolyBench's syrk scales the row of C first: the band inside i is
    # (j, k), and j carries no reuse beyond the cache (upstream's box saw the
    # whole matrix and tiled it, 1.15 times slower than untiled); the reuse
    # of A's rows is carried by i: the product is distributed from the
    # scaling and its triangular band (i, j, k) tiled with isl.
    scaled = SYRK_PRODUCT.replace("""  affine.for %i = 0 to 900 {
""", """  affine.for %i = 0 to 900 {
    affine.for %j = 0 to 900 {
      %c = affine.load %C[%i, %j] : memref<900x900xf64>
      %s = arith.addf %c, %c : f64
      affine.store %s, %C[%i, %j] : memref<900x900xf64>
    }
""")
    remarks = _remarks(scaled, "parallelize=false")
    assert "affine-loop-tile: %i distributed into 2 nests" in remarks, remarks
    assert "band (%i, %j, %k), not a hyper-rectangle, tiled with isl by" in remarks, remarks
    assert "band (%i, %j) not tiled: no reuse it carries leaves the cache" in remarks, remarks


def test_register_tiles_share_the_loads_of_the_innermost_loop():
    """gemm tiled for a 64 KiB cache: its point loop of i (16 rows per tile)
    is unrolled and jammed by 4, so four rows of C share each load of
    B[k][j]; by 3 the rows do not divide and nothing is jammed; the results
    are the original's (the interpreter, random inputs)."""
    text = GEMM_IMPERFECT
    # (Without the micro-kernel, which takes such bands first: test_micro_kernel.py.)
    jammed = _optimize(text, "cache-size=64 micro-kernel=false")
    assert "step 4 {" in jammed and jammed.count("arith.mulf") == 1 + 4
    assert "step 4 {" not in _optimize(text, "cache-size=64 register-tile=0 micro-kernel=false")
    assert _optimize(text, "cache-size=64 register-tile=3 micro-kernel=false").count(
        "arith.mulf") == 1 + 1
    for seed in (0, 1):
        assert _arrays(jammed, 128, seed) == _arrays(text, 128, seed)


def test_a_point_band_does_not_end_in_a_reduction():
    """syrk's product as (i, j, k), k innermost: C[i][j] does not move
    along k, one chain of dependent adds; once the band is tiled, its point
    loop of j, along which the store walks with stride 1, goes innermost.
    The results are the original's, bit for bit (the interpreter)."""
    text = (SYRK_PRODUCT.replace("900", "96").replace("600", "64"))
    # (Without the micro-kernel, whose k loop carries the block in registers.)
    remarks = _remarks(text, "cache-size=8 parallelize=false micro-kernel=false")
    assert "tiled with isl" in remarks and "moved innermost" in remarks, remarks
    tiled = _optimize(text, "cache-size=8 parallelize=false micro-kernel=false")
    innermost = tiled[tiled.rindex("affine.for"):].split("{")[0]
    store = next(line for line in tiled.splitlines() if "affine.store" in line)
    assert innermost.split()[1] == store.split("[")[1].split("]")[0].split(", ")[1], tiled
    assert _arrays(tiled, 96) == _arrays(text, 96)
    # A band whose innermost loop moves the store is left in its order.
    untouched = _remarks(TRANSPOSE, "cache-size=1 parallelize=false")
    assert "tiled by" in untouched and "moved innermost" not in untouched


def test_work_too_small_for_a_parallel_region():
    from mlir_affine_py.parse.parser import parse_source
    from mlir_affine_py.analysis.loop_work import estimated_work
    text = """func.func @f(%A: memref<100x100xf64>) {
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to #map(%i) {
      %a = affine.load %A[%i, %j] : memref<100x100xf64>
      affine.store %a, %A[%j, %i] : memref<100x100xf64>
    }
  }
  return
}
""".replace("#map(%i)", "affine_map<(d0) -> (d0)>(%i)")
    loops = [op for op in parse_source(text).walk() if op.op_name == "affine.for"]
    # The outer loop: 100 iterations of an inner loop of 50 on average.
    assert estimated_work(loops[0]) == 100 * 50
    assert estimated_work(loops[1]) == 50
    assert "affine.parallel" not in _optimize(text, "")


def test_reductions_run_in_parallel_only_when_asked():
    text = """func.func @f(%A: memref<64xf64>, %out: memref<f64>) {
  %zero = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (f64) {
    %a = affine.load %A[%i] : memref<64xf64>
    %s = arith.addf %acc, %a : f64
    affine.yield %s : f64
  }
  affine.store %sum, %out[] : memref<f64>
  return
}
"""
    assert "affine.parallel" not in _optimize(text, "min-parallel-work=0")
    assert 'reduce ("addf")' in _optimize(text, "parallel-reductions=true min-parallel-work=0")


def test_remarks_come_from_each_step():
    done = lit_shell.run_pyaffine_opt([f"-affine-optimize={SMALL_CACHE} remarks=true", "-"],
                                      TRANSPOSE.encode(), REPO_ROOT)
    remarks = done.stderr.decode()
    for step in ("affine-permute-and-fuse: ", "affine-loop-tile: band (%i, %j) tiled by ",
                 "affine-parallelize: %i runs in parallel"):
        assert step in remarks, remarks


def _lit_chunk(name: str) -> str:
    """The function `name` of tests/lit/optimize/reduction-jam.mlir."""
    text = (REPO_ROOT / "tests" / "lit" / "optimize" / "reduction-jam.mlir").read_text()
    chunk = next(c for c in text.split("// -----") if f"func.func @{name}(" in c)
    return "\n".join(line for line in chunk.splitlines() if not line.startswith("//"))


@pytest.mark.parametrize("name, options, jammed", [
    ("dot_products", "", True), ("bicg", "fuse=false", True),
    ("recurrence", "", False), ("feedback", "", False)])
def test_reductions_are_jammed_only_where_the_order_is_kept(name, options, jammed):
    """The loop around an innermost reduction is unrolled and jammed by 8
    where every dependence it carries keeps its order (reduction_jam.py),
    not where the jammed body would read a value before an earlier
    iteration completes it; the results are the original's, bit for bit
    (the interpreter, random inputs)."""
    text = _lit_chunk(name)
    out = _optimize(text, options)
    assert ("step 8" in out) == jammed
    assert "step 8" not in _optimize(text, f"{options} jam-reductions=0")
    for seed in (0, 1):
        assert _arrays(out, 64, seed) == _arrays(text, 64, seed)
