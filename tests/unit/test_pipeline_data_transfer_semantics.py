"""-affine-pipeline-data-transfer keeps the meaning of programs.

Seeded random programs move tiles of an array into a buffer of a faster
memory space with `affine.dma_start`/`affine.dma_wait` in each iteration of
a loop and compute on the tile (lower bound 0, 1 or a symbol, steps 1 to
3, trip counts 1 to 5; buffers of one or two dimensions, static or
dynamic, allocated outside the loop or in its body; a second transfer on
its own tag or on the first one's; results stored directly or sent back
by an outgoing DMA; the loop alone or inside another).  The pass must
pipeline every one of them (double buffers, prologue and epilogue), the
output must print back the same, and the reference interpreter must
compute bit-identical arrays before and after on seeded random inputs,
under both executions of a transfer it offers: done when it starts
(which exposes a buffer overwritten while still read) and done at its
wait (which exposes a buffer read before its wait); hand-made wrong
pipelinings show each model catching its race.  mlir-runner runs a few
of the programs before and after, their transfers made copies done at
the start (tests/unit/dma_copies.py: mlir-opt cannot lower DMA to LLVM),
on the same inputs: the arrays are bit-identical, and the interpreter's.
The outputs are mlir-opt 22's, byte for byte (but where two transfers
share a tag: mlir-opt crashes there).  The body skew itself is run with
random shifts on loops of independent statements.
"""

from __future__ import annotations

import random
import re

import pytest

import oracle
from affine_programs import (assert_mlir_opt_reprints, interpreter_outcome, load_bench_kernels,
                             runner_arrays)
from dma_copies import dma_as_copies
from mlir_affine_py import api
from mlir_affine_py.dialects.affine import AffineForOp
from mlir_affine_py.transforms.loop_utils import affine_for_op_body_skew, is_opwise_shift_valid
from support import MLIR_OPT

PASS = "affine-pipeline-data-transfer"
# A count, not a time budget.
PROGRAMS = 20
# The programs mlir-runner runs: every fourth one.
UNDER_RUNNER = slice(0, PROGRAMS, 4)
# When a transfer happens (interpreter.Interpreter's `dma`).
DMA_MODELS = ("at-start", "at-wait")


def _program(rng: random.Random) -> str:
    """@f(%A, %C: the slow arrays read, %B: the array written, %s: an
    index) with one loop pipelining transfers into fast buffers."""
    step, trips, k = rng.choice((1, 2, 3)), rng.randint(1, 5), rng.choice((2, 3, 4))
    lower = rng.choice(("0", "1", "%s"))
    if lower == "%s":
        bounds = f"%s to affine_map<()[s0] -> (s0 + {trips * step})>()[%s]"
    else:
        bounds = f"{lower} to {int(lower) + trips * step}"
    rows = rng.choice((1, 2))
    dynamic = rng.random() < 0.3
    inside = rng.random() < 0.3
    second = rng.choice((None, "own", "shared"))
    outgoing = rng.random() < 0.3
    nested = rng.random() < 0.3
    shape = ("?" if dynamic else str(k)) if rows == 1 else f"2x{'?' if dynamic else k}"
    buf_type = f"memref<{shape}xf32, 1>"
    alloc = f"memref.alloc({'%k' if dynamic else ''}) : {buf_type}"
    zeros = ", ".join(["%c0"] * rows)
    src = rng.choice(("%i", "%i + 1", "%i * 2"))
    lines = ["func.func @f(%A: memref<96xf32>, %C: memref<96xf32>, %B: memref<64xf32>, "
             "%s: index) {",
             "  %c0 = arith.constant 0 : index",
             "  %c1 = arith.constant 1 : index",
             f"  %n = arith.constant {k * rows} : index",
             f"  %k = arith.constant {k} : index",
             "  %tag = memref.alloc() : memref<1xi32>",
             "  %tag2 = memref.alloc() : memref<2xi32>"]
    fast = ["%buf"] + (["%buf2"] if second else [])
    if outgoing:
        lines.append(f"  %out = memref.alloc() : memref<{k}xf32, 1>")
    if not inside:
        lines += [f"  {name} = {alloc}" for name in fast]
    indent = "  "
    if nested:
        lines.append("  affine.for %t = 0 to 2 {")
        indent = "    "
    body = [f"affine.for %i = {bounds} step {step} {{"]
    if inside:
        body += [f"  {name} = {alloc}" for name in fast]
    body.append(f"  affine.dma_start %A[{src}], %buf[{zeros}], %tag[%c0], %n "
                f": memref<96xf32>, {buf_type}, memref<1xi32>")
    if second:
        tag, tag_type = ("%tag[%c0]", "memref<1xi32>") if second == "shared" \
            else ("%tag2[%c0]", "memref<2xi32>")
        body.append(f"  affine.dma_start %C[%i], %buf2[{zeros}], {tag}, %n "
                    f": memref<96xf32>, {buf_type}, {tag_type}")
        if second == "own":
            body.append(f"  affine.dma_wait {tag}, %n : {tag_type}")
    body.append("  affine.dma_wait %tag[%c0], %n : memref<1xi32>")
    body.append(f"  affine.for %j = 0 to {k} {{")
    for r in range(rows):
        at = f"{r}, %j" if rows == 2 else "%j"
        body.append(f"    %v{r} = affine.load %buf[{at}] : {buf_type}")
        if second:
            body += [f"    %w{r} = affine.load %buf2[{at}] : {buf_type}",
                     f"    %x{r} = arith.mulf %v{r}, %w{r} : f32"]
        else:
            body.append(f"    %x{r} = arith.mulf %v{r}, %v{r} : f32")
    total = "%x0" if rows == 1 else "%y"
    if rows == 2:
        body.append("    %y = arith.subf %x0, %x1 : f32")
    if outgoing:
        body.append(f"    affine.store {total}, %out[%j] : memref<{k}xf32, 1>")
    else:
        body += ["    %old = affine.load %B[%i + %j] : memref<64xf32>",
                 f"    %new = arith.addf %old, {total} : f32",
                 "    affine.store %new, %B[%i + %j] : memref<64xf32>"]
    body.append("  }")
    if outgoing:
        body += [f"  affine.dma_start %out[%c0], %B[%i], %tag2[%c1], %k "
                 f": memref<{k}xf32, 1>, memref<64xf32>, memref<2xi32>",
                 "  affine.dma_wait %tag2[%c1], %k : memref<2xi32>"]
    if inside:
        body += [f"  memref.dealloc {name} : {buf_type}" for name in fast]
    body.append("}")
    lines += [indent + line for line in body]
    if nested:
        lines.append("  }")
    if not inside:
        lines += [f"  memref.dealloc {name} : {buf_type}" for name in fast]
    lines += ["  return", "}"]
    return "\n".join(lines) + "\n"


def _pipelined(text: str) -> str:
    module = api.parse(text)
    api.run_pass(module, PASS)
    return api.to_string(module) + "\n"


# The two tests on the random programs share their outputs: one worker.
PROGRAM_TESTS = pytest.mark.xdist_group("pipeline_programs")


@pytest.fixture(scope="module")
def pipelined() -> list:
    rng = random.Random(57)
    return [(text, _pipelined(text)) for text in (_program(rng) for _ in range(PROGRAMS))]


@PROGRAM_TESTS
def test_pipelining_keeps_the_meaning_of_dma_programs(pipelined):
    for text, out in pipelined:
        # The first transfer's tag doubled, a prologue's transfer added.
        assert "memref<2x1xi32>" in out and out.count("affine.dma_start") > text.count(
            "affine.dma_start"), f"not pipelined:\n{text}\n{out}"
        assert api.to_string(api.parse(out)) + "\n" == out, out
        for dma in DMA_MODELS:
            assert interpreter_outcome(out, 0, dma) == interpreter_outcome(text, 0, dma), \
                f"transfers {dma}\ninput:\n{text}\noutput:\n{out}"


@PROGRAM_TESTS
@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
def test_mlir_opt_prints_every_output_back_identically(pipelined):
    """Those of programs whose transfers share a tag too (which mlir-opt
    cannot pipeline)."""
    assert_mlir_opt_reprints(MLIR_OPT, [out for _, out in pipelined], run=oracle.run)


@PROGRAM_TESTS
@pytest.mark.oracle
def test_pipelined_programs_run_alike_under_mlir_runner(pipelined, tmp_path):
    """mlir-runner runs a few programs (and a strided transfer) as written
    and pipelined, their transfers made copies at the start, in one
    process per side: the arrays are bit-identical, and the
    interpreter's.  The same runs show the check can fail: the pipelining
    that overwrites the buffer still read computes other arrays; the one
    that computes before its wait does not (that race is the at-wait
    interpreter's to catch)."""
    tools, why = load_bench_kernels().find_tools()
    if tools is None:
        pytest.skip(why)
    sample = pipelined[UNDER_RUNNER] + [(STRIDED, _pipelined(STRIDED))]
    wrong = [_one_buffer(_pipelined(ONE_LOOP)), _compute_before_wait(_pipelined(ONE_LOOP))]
    before = runner_arrays(tools, [dma_as_copies(text) for text, _ in sample] +
                           [dma_as_copies(ONE_LOOP)] * 2, 0, tmp_path, "before")
    after = runner_arrays(tools, [dma_as_copies(out) for _, out in sample] +
                          [dma_as_copies(text) for text in wrong], 0, tmp_path, "after")
    for (text, out), mine, theirs in zip(sample, before, after):
        assert mine == theirs, f"input:\n{text}\noutput:\n{out}"
        assert mine == interpreter_outcome(text, 0), text
    assert after[-2] != before[-2]
    assert after[-1] == before[-1] == interpreter_outcome(ONE_LOOP, 0)


def test_transfers_made_copies_compute_what_the_transfers_compute(pipelined):
    """dma_as_copies, which mlir-runner runs, against the interpreter's
    transfers done at their start, strided ones too (but for a stride
    within one memory space: which side it strides is not defined)."""
    for text, out in pipelined[UNDER_RUNNER] + [(STRIDED, _pipelined(STRIDED))]:
        for program in (text, out):
            copied = dma_as_copies(program)
            assert "dma_" not in copied.replace("@dma_copy", "")
            assert interpreter_outcome(copied, 0) == interpreter_outcome(program, 0), program
    with pytest.raises(ValueError, match="within one memory space"):
        dma_as_copies(STRIDED.replace("memref<4xf32, 1>", "memref<4xf32>"))


# The start of the hand-written programs: @f, a buffer of 4 elements in
# the fast memory and its tag.
HEAD = """func.func @f(%A: memref<96xf32>, %C: memref<96xf32>, %B: memref<64xf32>, %s: index) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 4 : index
  %tag = memref.alloc() : memref<1xi32>
  %buf = memref.alloc() : memref<4xf32, 1>
"""


# One loop reading tiles of %A through %buf, and two wrong pipelinings of
# it: the pass's with one mistake each.
ONE_LOOP = HEAD + """  affine.for %i = 0 to 4 {
    affine.dma_start %A[%i * 4], %buf[%c0], %tag[%c0], %n : memref<96xf32>, memref<4xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %n : memref<1xi32>
    affine.for %j = 0 to 4 {
      %v = affine.load %buf[%j] : memref<4xf32, 1>
      %x = arith.mulf %v, %v : f32
      affine.store %x, %B[%i * 4 + %j] : memref<64xf32>
    }
  }
  memref.dealloc %buf : memref<4xf32, 1>
  return
}
"""


# ONE_LOOP with strided transfers: chunks of 2 elements 8 apart in %A.
STRIDED = ONE_LOOP.replace(", %n : memref<96xf32>", ", %n, %stride, %chunk : memref<96xf32>") \
    .replace("  affine.for %i", "  %stride = arith.constant 8 : index\n"
             "  %chunk = arith.constant 2 : index\n  affine.for %i", 1)


def _one_buffer(pipelined: str) -> str:
    """The pass's pipelining of ONE_LOOP with the buffer's doubling undone
    (the tag's kept): the next tile overwrites the one being read."""
    single = re.sub(r"%alloc\[[^],]+ mod 2, ", "%alloc[", pipelined)
    assert single != pipelined
    return single.replace("memref<2x4xf32, 1>", "memref<4xf32, 1>")


def _compute_before_wait(pipelined: str) -> str:
    """The pass's pipelining of ONE_LOOP with the steady state's dma_wait
    moved after the computation it guards."""
    lines = pipelined.splitlines()
    wait = next(k for k, line in enumerate(lines) if line.startswith("      affine.dma_wait"))
    end = lines.index("      }", wait)
    return "\n".join(lines[:wait] + lines[wait + 1:end + 1] + [lines[wait]] + lines[end + 1:]) + "\n"


def test_each_model_of_the_transfers_catches_its_own_race():
    """The pass's pipelining of ONE_LOOP computes its arrays under both
    models; overwriting the buffer still read shows only when transfers
    happen at their start, computing before the wait only when they
    happen at their wait."""
    outcome = {dma: interpreter_outcome(ONE_LOOP, 0, dma) for dma in DMA_MODELS}
    assert outcome["at-start"] == outcome["at-wait"]
    pipelined = _pipelined(ONE_LOOP)
    for dma in DMA_MODELS:
        assert interpreter_outcome(pipelined, 0, dma) == outcome[dma]
        assert interpreter_outcome(_pipelined(STRIDED), 0, dma) == \
            interpreter_outcome(STRIDED, 0, dma) != outcome[dma]
    one_buffer, early = _one_buffer(pipelined), _compute_before_wait(pipelined)
    assert interpreter_outcome(one_buffer, 0, "at-start") != outcome["at-start"]
    assert interpreter_outcome(one_buffer, 0, "at-wait") == outcome["at-wait"]
    assert interpreter_outcome(early, 0, "at-start") == outcome["at-start"]
    assert interpreter_outcome(early, 0, "at-wait") != outcome["at-wait"]


@PROGRAM_TESTS
@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
def test_random_dma_programs_are_pipelined_as_mlir_opt_pipelines_them(pipelined):
    """Byte-identical to mlir-opt 22, but for the programs where two
    transfers share a tag (mlir-opt crashes on them)."""
    kept = [(text, out) for text, out in pipelined
            if not any(line.strip().startswith("affine.dma_start %C") and "%tag[" in line
                       for line in text.splitlines())]
    done = oracle.run([MLIR_OPT, "-split-input-file", f"-{PASS}", "-"],
                      input="\n// -----\n".join(text for text, _ in kept), text=True,
                      timeout=300)
    assert done.returncode == 0, done.stderr
    theirs = [chunk.strip("\n") for chunk in done.stdout.split("// -----\n")]
    assert len(theirs) == len(kept) >= PROGRAMS // 2
    for (text, out), expected in zip(kept, theirs):
        assert out.strip("\n") == expected, text


def test_the_outcome_depends_on_the_transfers():
    """The check above can fail: a program whose compute reads the buffer
    filled in the previous iteration (which pipelining breaks) computes
    other arrays after the pass."""
    text = HEAD + """  affine.for %i = 0 to 6 {
    %v = affine.load %buf[1] : memref<4xf32, 1>
    affine.store %v, %B[%i] : memref<64xf32>
    affine.dma_start %A[%i], %buf[%c0], %tag[%c0], %n : memref<96xf32>, memref<4xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %n : memref<1xi32>
  }
  memref.dealloc %buf : memref<4xf32, 1>
  return
}
"""
    out = _pipelined(text)
    assert "memref<2x4xf32, 1>" in out
    assert interpreter_outcome(out, 0) != interpreter_outcome(text, 0)


@pytest.mark.parametrize("loop", ["affine.for %i = 0 to 0", "affine.for %i = 0 to %s"])
def test_loops_without_a_positive_constant_trip_count_are_left_alone(loop):
    text = f"""func.func @f(%A: memref<96xf32>, %s: index) {{
  %c0 = arith.constant 0 : index
  %n = arith.constant 4 : index
  %tag = memref.alloc() : memref<1xi32>
  %buf = memref.alloc() : memref<4xf32, 1>
  {loop} {{
    affine.dma_start %A[%i], %buf[%c0], %tag[%c0], %n : memref<96xf32>, memref<4xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %n : memref<1xi32>
  }}
  return
}}
"""
    assert _pipelined(text) == api.to_string(api.parse(text)) + "\n"


def _skew_program(groups: int, lower: int, step: int, trips: int) -> str:
    """A loop whose statement k copies %A[%i + k] to %Dk[%i]: no statement
    depends on another, so any shifts keep its meaning."""
    arrays = ", ".join(f"%D{k}: memref<32xf32>" for k in range(groups))
    lines = [f"func.func @f(%A: memref<64xf32>, {arrays}) {{",
             f"  affine.for %i = {lower} to {lower + trips * step} step {step} {{"]
    for k in range(groups):
        lines += [f"    %v{k} = affine.load %A[%i + {k}] : memref<64xf32>",
                  f"    affine.store %v{k}, %D{k}[%i] : memref<32xf32>"]
    return "\n".join(lines + ["  }", "  return", "}"]) + "\n"


def test_body_skew_with_any_shifts_keeps_the_meaning():
    """affine_for_op_body_skew on its own, with shifts up to the number of
    ops minus one (gaps wider than the trip count included), keeps what
    the loop computes; shifts that large or larger are refused."""
    rng = random.Random(5)
    for _ in range(12):
        groups = rng.randint(1, 3)
        text = _skew_program(groups, rng.choice((0, 2)), rng.choice((1, 2)), rng.randint(1, 4))
        module = api.parse(text)
        loop = next(op for op in module.walk() if isinstance(op, AffineForOp))
        per_group = [rng.randint(0, 2 * groups - 1) for _ in range(groups)]
        shifts = [s for s in per_group for _ in range(2)] + [0]
        assert is_opwise_shift_valid(loop, shifts)
        affine_for_op_body_skew(loop, shifts)
        out = api.to_string(module) + "\n"
        assert interpreter_outcome(out, 0) == interpreter_outcome(text, 0), \
            f"shifts {shifts}\ninput:\n{text}\noutput:\n{out}"
    module = api.parse(_skew_program(1, 0, 1, 3))
    loop = next(op for op in module.walk() if isinstance(op, AffineForOp))
    assert not is_opwise_shift_valid(loop, [0, 1, 0])
    warnings = []
    affine_for_op_body_skew(loop, [3, 3, 0], lambda op, message: warnings.append(message))
    assert warnings == ["not shifting because shifts are unrealistically large"]
    assert loop.parent is not None
