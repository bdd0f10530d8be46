"""Locations (`loc(...)`) against mlir-opt 22: inputs carrying every kind of
location (file and file range, name, call site, fused with and without
metadata, unknown, `#loc` aliases defined before or after their uses) on
ops, block arguments, function arguments and induction variables, run
with and without --mlir-print-debuginfo (and --mlir-pretty-debuginfo,
--mlir-print-local-scope, --mlir-print-op-generic), through verifier
errors and pass remarks reported at those locations and through the loop
passes that move and clone ops: exit code, output and diagnostics byte for
byte.

A further test, marked `oracle` and `corpus`, prints every file of the
shared corpus with --mlir-print-debuginfo and compares it with what the
live mlir-opt prints (as tools/corpus_roundtrip.py does without the flag).
"""

from __future__ import annotations

import io
import os
import subprocess

import pytest

import oracle
from mlir_affine_py import opt_main
from support import CORPUS, MLIR_OPT, find_mlir_tool, needs_split

KINDS = """\
#loc1 = loc("a.c":3:4)
func.func @kinds(%arg0: index loc("n"("arg.c":1:2)), %m: memref<10xf32>, %u: index loc(unknown)) {
  %c0 = arith.constant 0 : index loc(#loc1)
  affine.for %i loc("iv.c":4:4) = 0 to 10 {
    %v = affine.load %m[%i] : memref<10xf32> loc("kernel.c":12:9)
    affine.store %v, %m[%i] : memref<10xf32> loc("n"("x.c":1:1))
    %w = arith.addf %v, %v : f32 loc("r.c":1:2 to :9)
    %x = arith.mulf %w, %w : f32 loc("r.c":1:2 to 3:4)
  } loc(callsite("foo" at "bar.c":3:3))
  %c1 = arith.constant 1 : index loc(fused<affine_map<(d0) -> (d0)>>["a":1:1, "b":2:2])
  %c2 = arith.constant 2 : index loc(fused<"x">["a":1:1])
  %c3 = arith.constant 3 : index loc(fused["a":1:1, unknown, "a":1:1])
  %c4 = arith.constant 4 : index loc(callsite("c" at callsite("d" at "e.c":1:1)))
  %c5 = arith.constant 5 : index loc(callsite("a.c":1:1 at "b.c":2:2))
  cf.br ^bb1(%c0 : index)
^bb1(%b: index loc("block.c":7:7)):
  %0 = "foo.op"() ({
  ^bb0(%a: i32, %q: i32 loc("q":1:1)):
    "foo.yield"() : () -> () loc(unknown)
  }) {attr = loc("zz":1:1)} : () -> i32
  return loc(fused["a":1:1, "b":2:2])
}
"""

# What mlir-opt prints with --mlir-print-debuginfo: the aliases of op
# locations come after the module, and may be used before they are defined.
FORWARD = """\
module {
  func.func @forward(%arg0: index loc("arg.c":1:2)) {
    %c0 = arith.constant 0 : index loc(#loc2)
    return loc(#loc3)
  } loc(#loc1)
} loc(#loc)
#loc = loc("f.mlir":0:0)
#loc1 = loc("f.mlir":1:1)
#loc2 = loc("a.c":3:4)
#loc3 = loc(callsite(#loc2 at #loc1))
"""

SPLIT = """\
func.func @first() {
  return
}
// -----
module {
  func.func @explicit_module() {
    %c0 = arith.constant 0 : index loc("c.c":1:1)
    return
  }
}
// -----

  func.func @implicit_module(%a: i32) {
    scf.execute_region {
      scf.yield
    }
    return
  }
"""

# Verifier errors at locations of every kind; the files named do not exist
# (no source line is shown), but the input itself may be named: it is
# `input0.mlir` in the folder the tools run in.
ERRORS = """\
func.func @file() -> i32 {
  return loc("nowhere/kernel.c":12:9)
}
// -----
func.func @name() -> i32 {
  return loc("name"("nowhere/x.c":1:2))
}
// -----
func.func @name_only() -> i32 {
  return loc("name")
}
// -----
func.func @callsite() -> i32 {
  return loc(callsite("nowhere/a.c":1:1 at callsite("nowhere/b.c":5:5 at "input0.mlir":1:1)))
}
// -----
func.func @callsite_names() -> i32 {
  return loc(callsite("a" at "b"))
}
// -----
func.func @fused() -> i32 {
  return loc(fused["name", "nowhere/b.c":3:3, "input0.mlir":2:3])
}
// -----
func.func @fused_metadata() -> i32 {
  return loc(fused<"meta">["name"])
}
// -----
func.func @unknown() -> i32 {
  return loc(unknown)
}
// -----
func.func @readable() -> i32 {
  return loc("input0.mlir":5:3)
}
// -----
func.func @column_zero() -> i32 {
  return loc("input0.mlir":1)
}
// -----
func.func @past_the_line() -> i32 {
  return loc("input0.mlir":1:80)
}
// -----
#loc7 = loc("nowhere/alias.c":7:7)
func.func @alias() -> i32 {
  return loc(#loc7)
}
// -----
func.func @block_argument(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2 loc("nowhere/branch.c":2:2)
^bb1(%x: i32 loc("nowhere/arg.c":1:1)):
  return
^bb2:
  return
}
"""

# -verify-diagnostics matches a diagnostic by its file location: in
# another file it is unexpected; an unknown location is `@unknown`; a
# location with no file location in it fails the run, unmatched.
VERIFY = """\
func.func @elsewhere() -> i32 {
  return loc("nowhere/kernel.c":2:3)
}
// -----
func.func @unknown() -> i32 {
  // expected-error@unknown {{'func.return' op has 0 operands}}
  return loc(unknown)
}
// -----
func.func @name() -> i32 {
  // expected-error@unknown {{'func.return' op has 0 operands}}
  return loc("name")
}
"""

NEST = """\
func.func @nest(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %C: memref<16x16xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xf32> loc("mm.c":5:12)
        %b = affine.load %B[%k, %j] : memref<16x16xf32> loc("mm.c":5:20)
        %c = affine.load %C[%i, %j] : memref<16x16xf32> loc("mm.c":5:5)
        %p = arith.mulf %a, %b : f32 loc("mm.c":5:18)
        %s = arith.addf %c, %p : f32 loc(callsite("add"("mm.c":5:10) at "main.c":9:1))
        affine.store %s, %C[%i, %j] : memref<16x16xf32> loc("mm.c":5:7)
      } loc("mm.c":4:7)
    } loc("mm.c":3:5)
  } loc(fused["mm.c":2:3, "loop"])
  return
}
"""

# Copies of regions read through subscripts that are not the identity: the
# copy nests at the access their region was computed for, the applies that
# remap the old subscripts at each access.
COPY = """\
func.func @copy(%A: memref<64xf32>, %B: memref<64xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 7 {
      %a = affine.load %A[%i * 8 + %j] : memref<64xf32> loc("c.c":3:9)
      %b = affine.load %B[%j + 1] : memref<64xf32> loc("c.c":3:17)
      %s = arith.addf %a, %b : f32 loc("c.c":3:13)
      affine.store %s, %B[%i + %j] : memref<64xf32> loc("c.c":3:5)
    } loc("c.c":2:5)
  } loc("c.c":1:3)
  return
}
"""

DEBUG = ["--mlir-print-debuginfo"]
PRINT_FLAGS = [[], DEBUG, DEBUG + ["--mlir-pretty-debuginfo"], DEBUG + ["--mlir-print-local-scope"],
               DEBUG + ["--mlir-print-op-generic"]]

CASES = (
    [(f"kinds{i}", KINDS, ["--allow-unregistered-dialect", *f]) for i, f in enumerate(PRINT_FLAGS)]
    + [(f"forward{i}", FORWARD, f) for i, f in enumerate(PRINT_FLAGS[:3])]
    + [(f"split{i}", SPLIT, ["-split-input-file", *f]) for i, f in enumerate(PRINT_FLAGS)]
    + [("errors", ERRORS, ["-split-input-file"]), ("errors_debug", ERRORS, ["-split-input-file", *DEBUG]),
       ("verify", VERIFY, ["-split-input-file", "-verify-diagnostics"]),
       ("remarks", NEST, ["-test-memref-dependence-check"]),
       ("remarks_debug", NEST, ["-test-memref-dependence-check", *DEBUG])]
    + [(f"pass{i}", NEST, [flag, *DEBUG]) for i, flag in enumerate([
        "-test-loop-permutation=permutation-map=2,0,1", "-affine-loop-tile=tile-size=4",
        "--pass-pipeline=builtin.module(func.func(affine-loop-unroll{unroll-factor=2}))",
        "--pass-pipeline=builtin.module(func.func(affine-loop-unroll-jam{unroll-jam-factor=2}))",
        "-affine-loop-normalize", "-affine-parallelize", "-affine-scalrep",
        "-affine-loop-invariant-code-motion", "-lower-affine", "-canonicalize", "-cse"])]
    + [(f"copy{i}", COPY, [*flags, *DEBUG]) for i, flags in enumerate([
        ["-affine-data-copy-generate=fast-mem-space=0"],
        ["-affine-data-copy-generate=generate-dma fast-mem-space=2"],
        ["-affine-data-copy-generate=fast-mem-space=0 skip-non-unit-stride-loops"],
        ["-test-affine-data-copy=for-memref-region"], ["-test-affine-data-copy=memref-filter"]])]
    # The generic form shows the implicit terminators of the loops a pass
    # builds, at those loops' locations.
    + [("tile_generic", NEST, ["-affine-loop-tile=tile-size=4", *DEBUG, "--mlir-print-op-generic"]),
       ("tile_separate_generic", NEST, ["-affine-loop-tile=tile-size=5 separate", *DEBUG,
                                        "--mlir-print-op-generic"]),
       ("copy_generic", COPY, ["-affine-data-copy-generate=fast-mem-space=0", *DEBUG,
                               "--mlir-print-op-generic"])])


def _ours(args: list, folder) -> tuple[int, str, str]:
    """pyaffine-opt in this process, run in `folder` as the tools are."""
    previous = os.getcwd()
    os.chdir(folder)
    try:
        options = opt_main.parse_args(args)
        out, err = io.StringIO(), io.StringIO()
        code = opt_main.run(options, out, err)
    finally:
        os.chdir(previous)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("name, text, flags", CASES, ids=[case[0] for case in CASES])
def test_like_mlir_opt(name, text, flags, tmp_path):
    source = tmp_path / "input0.mlir"
    source.write_text(text)
    args = [*flags, str(source)]
    theirs = oracle.run([MLIR_OPT, *args], capture_output=True, text=True, cwd=tmp_path,
                        timeout=300)
    code, out, err = _ours(args, tmp_path)
    assert (code, err) == (theirs.returncode, theirs.stderr)
    assert out == theirs.stdout


def test_located_ops_keep_their_text_without_debuginfo(tmp_path):
    """Without the flag the locations print nowhere, and the output is what
    the same input without them gives."""
    source = tmp_path / "input0.mlir"
    source.write_text(NEST)
    bare = tmp_path / "bare.mlir"
    import re
    bare.write_text(re.sub(r" loc\(.*\)$", "", NEST, flags=re.M))
    assert "loc(" not in bare.read_text()
    assert _ours([str(source)], tmp_path)[1] == _ours([str(bare)], tmp_path)[1]


# ---------------------------------------------------------------- the corpus
def _corpus_files() -> list:
    if CORPUS is None:
        return []
    return sorted(str(path.relative_to(CORPUS / "expected"))
                  for folder in ("upstream", "polybench", "polybench-patched")
                  for path in (CORPUS / "expected" / folder).glob("*.mlir"))


CORPUS_FILES = _corpus_files()


@pytest.mark.oracle
@pytest.mark.corpus
@pytest.mark.skipif(not CORPUS_FILES or find_mlir_tool("mlir-opt") is None,
                    reason="needs the shared corpus and mlir-opt")
def test_corpus_with_debuginfo_as_live_mlir_opt():
    """Every corpus file that tools/corpus_roundtrip.py prints, printed with
    --mlir-print-debuginfo (its flags besides): mlir-opt's bytes, its
    diagnostics and exit code.  The tools run in the corpus folder, with the
    file's relative name, which the locations print."""
    mlir_opt = find_mlir_tool("mlir-opt")
    differing = []
    for relpath in CORPUS_FILES:
        flags = ["--allow-unregistered-dialect", "--mlir-print-debuginfo"]
        if needs_split((CORPUS / relpath).read_text(errors="replace")):
            flags.insert(0, "-split-input-file")
        args = [*flags, relpath]
        theirs = subprocess.run([mlir_opt, *args], capture_output=True, text=True, cwd=CORPUS,
                                timeout=300)
        if _ours(args, CORPUS) != (theirs.returncode, theirs.stdout, theirs.stderr):
            differing.append(relpath)
    assert not differing, f"{len(differing)}/{len(CORPUS_FILES)} differ: {differing}"
