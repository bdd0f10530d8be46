"""Tests for the reference interpreter (mlir_affine_py.interpreter).

Expected values follow the MLIR dialect documentation (arith: two's
complement wrap-around, divsi/remsi truncate, floordivsi/ceildivsi round
toward -inf/+inf, unsigned ops read the bits as unsigned; f32 rounds after
every op).  When mlir-opt and mlir-runner 22 are installed, whole programs
are also lowered to LLVM, run, and their printed checksums compared with
the interpreter's.
"""

from __future__ import annotations

import glob
import math
import os

import numpy as np
import pytest

import oracle
from mlir_affine_py.interpreter import (Interpreter, InterpreterError, find_function,
                                        random_arguments, run_function)
from mlir_affine_py.parse.parser import parse_source

LLVM_BIN = "/usr/lib/llvm-22/bin"
LLVM_LIB = "/usr/lib/llvm-22/lib"


def run(text: str, name: str, args=(), **kwargs):
    return run_function(parse_source(text), name, list(args), **kwargs)


def scalar_function(body: str, args: str, results: str) -> str:
    return f"func.func @f({args}) -> ({results}) {{\n{body}\n}}\n"


def binary(op: str, type: str, a, b):
    text = scalar_function(f"  %r = {op} %a, %b : {type}\n  return %r : {type}",
                           f"%a: {type}, %b: {type}", type)
    return run(text, "f", [a, b])[0]


# ------------------------------------------------------------------ matmul
MATMUL = """
func.func @ijk(%A: memref<12x9xf64>, %B: memref<9x7xf64>, %C: memref<12x7xf64>) {
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 7 {
      affine.for %k = 0 to 9 {
        %a = affine.load %A[%i, %k] : memref<12x9xf64>
        %b = affine.load %B[%k, %j] : memref<9x7xf64>
        %c = affine.load %C[%i, %j] : memref<12x7xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<12x7xf64>
      }
    }
  }
  return
}
func.func @jki(%A: memref<12x9xf64>, %B: memref<9x7xf64>, %C: memref<12x7xf64>) {
  affine.for %j = 0 to 7 {
    affine.for %k = 0 to 9 {
      affine.for %i = 0 to 12 {
        %a = affine.load %A[%i, %k] : memref<12x9xf64>
        %b = affine.load %B[%k, %j] : memref<9x7xf64>
        %c = affine.load %C[%i, %j] : memref<12x7xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<12x7xf64>
      }
    }
  }
  return
}
"""


def test_matmul_matches_reference():
    module = parse_source(MATMUL)
    A, B, C = random_arguments(find_function(module, "ijk"), seed=3)
    expected = C.copy()
    for i in range(12):
        for j in range(7):
            for k in range(9):
                expected[i, j] = expected[i, j] + A[i, k] * B[k, j]
    assert run_function(module, "ijk", [A, B, C]) == []
    assert np.array_equal(C, expected)


def test_interchanged_matmul_gives_identical_results():
    module = parse_source(MATMUL)
    args = random_arguments(find_function(module, "ijk"), seed=11)
    first = [a.copy() for a in args]
    second = [a.copy() for a in args]
    run_function(module, "ijk", first)
    run_function(module, "jki", second)
    assert np.array_equal(first[2], second[2])
    assert not np.array_equal(first[2], args[2])


# ----------------------------------------------------------------- stencil
STENCIL = """
func.func @stencil(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %n: index) {
  %w = arith.constant 0.2 : f32
  affine.for %i = 1 to #m1()[%n] {
    affine.for %j = 1 to #m1()[%n] {
      %c = affine.load %A[%i, %j] : memref<?x?xf32>
      %u = affine.load %A[%i - 1, %j] : memref<?x?xf32>
      %d = affine.load %A[%i + 1, %j] : memref<?x?xf32>
      %l = affine.load %A[%i, %j - 1] : memref<?x?xf32>
      %r = affine.load %A[%i, %j + 1] : memref<?x?xf32>
      %t0 = arith.addf %c, %u : f32
      %t1 = arith.addf %t0, %d : f32
      %t2 = arith.addf %t1, %l : f32
      %t3 = arith.addf %t2, %r : f32
      %v = arith.mulf %t3, %w : f32
      affine.store %v, %B[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
"""
STENCIL = "#m1 = affine_map<()[s0] -> (s0 - 1)>\n" + STENCIL


def test_stencil_rounds_like_float32():
    module = parse_source(STENCIL)
    A, B, n = random_arguments(find_function(module, "stencil"), seed=5, dynamic_size=10)
    assert A.shape == (10, 10) and A.dtype == np.float32 and n == 10
    expected = B.copy()
    run_function(module, "stencil", [A, B, n])
    w = np.float32(0.2)
    inner = ((((A[1:-1, 1:-1] + A[:-2, 1:-1]) + A[2:, 1:-1]) + A[1:-1, :-2]) + A[1:-1, 2:]) * w
    expected[1:-1, 1:-1] = inner
    assert B.dtype == np.float32
    assert np.array_equal(B, expected)


def test_float32_rounds_after_every_op():
    body = """  %s = arith.addf %a, %b : f32
  %d = arith.subf %s, %a : f32
  return %d : f32"""
    assert run(scalar_function(body, "%a: f32, %b: f32", "f32"), "f", [1e8, 1.0]) == [0.0]
    body64 = body.replace("f32", "f64")
    assert run(scalar_function(body64, "%a: f64, %b: f64", "f64"), "f", [1e8, 1.0]) == [1.0]
    result = run(scalar_function(body, "%a: f32, %b: f32", "f32"), "f", [0.1, 0.2])[0]
    assert isinstance(result, np.float32)
    assert result == (np.float32(0.1) + np.float32(0.2)) - np.float32(0.1)


# --------------------------------------------------------------- iter_args
REDUCTION = """
func.func @sum(%A: memref<?xf32>, %n: index) -> (f32, index) {
  %z = arith.constant 0.5 : f32
  %c0 = arith.constant 0 : index
  %r:2 = affine.for %i = 0 to %n step 3 iter_args(%acc = %z, %cnt = %c0) -> (f32, index) {
    %v = affine.load %A[%i] : memref<?xf32>
    %sq = arith.mulf %v, %v : f32
    %s = arith.addf %acc, %sq : f32
    %c1 = arith.constant 1 : index
    %c = arith.addi %cnt, %c1 : index
    affine.yield %s, %c : f32, index
  }
  return %r#0, %r#1 : f32, index
}
"""


def test_iter_args_reduction():
    module = parse_source(REDUCTION)
    A = np.random.default_rng(0).uniform(-1, 1, 20).astype(np.float32)
    total, count = run_function(module, "sum", [A, 20])
    expected = np.float32(0.5)
    for i in range(0, 20, 3):
        expected = expected + A[i] * A[i]
    assert total == expected and isinstance(total, np.float32)
    assert count == 7
    # A loop without iterations yields its initial values.
    assert run_function(module, "sum", [A, 0]) == [np.float32(0.5), 0]


# ---------------------------------------------------------------- affine.if
AFFINE_IF = """
#upper = affine_set<(d0, d1) : (d0 - d1 >= 0)>
#diag = affine_set<(d0, d1)[s0] : (d0 - d1 == 0, s0 - 4 >= 0)>
func.func @tri(%A: memref<6x6xi32>, %s: index) {
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      %v = affine.if #upper(%i, %j) -> i32 {
        %a = arith.index_cast %i : index to i32
        affine.yield %a : i32
      } else {
        %b = arith.constant -1 : i32
        affine.yield %b : i32
      }
      affine.store %v, %A[%i, %j] : memref<6x6xi32>
      affine.if #diag(%i, %j)[%s] {
        %c = arith.constant 100 : i32
        affine.store %c, %A[%i, %j] : memref<6x6xi32>
      }
    }
  }
  return
}
"""


@pytest.mark.parametrize("s", [3, 4])
def test_affine_if_with_results_and_else(s):
    A = np.zeros((6, 6), dtype=np.int32)
    run(AFFINE_IF, "tri", [A, s])
    expected = np.array([[i if i >= j else -1 for j in range(6)] for i in range(6)], np.int32)
    if s >= 4:
        np.fill_diagonal(expected, 100)
    assert np.array_equal(A, expected)


# ------------------------------------------------------- max/min loop bounds
TILED = """
#lb = affine_map<(d0) -> (d0)>
#ub = affine_map<(d0)[s0] -> (d0 + 4, s0)>
#lo = affine_map<(d0) -> (d0 - 2, 0)>
#hi = affine_map<(d0)[s0] -> (d0 + 3, s0)>
func.func @tiled(%A: memref<?x?xi32>, %n: index) {
  %one = arith.constant 1 : i32
  affine.for %ii = 0 to %n step 4 {
    affine.for %i = #lb(%ii) to min #ub(%ii)[%n] {
      affine.for %j = max #lo(%i) to min #hi(%i)[%n] {
        %v = affine.load %A[%i, %j] : memref<?x?xi32>
        %w = arith.addi %v, %one : i32
        affine.store %w, %A[%i, %j] : memref<?x?xi32>
      }
    }
  }
  return
}
"""


@pytest.mark.parametrize("n", [0, 1, 7, 10])
def test_min_max_bounds(n):
    A = np.zeros((n, n), dtype=np.int32)
    run(TILED, "tiled", [A, n])
    expected = np.array([[1 if max(i - 2, 0) <= j < min(i + 3, n) else 0 for j in range(n)]
                         for i in range(n)], np.int32).reshape(n, n)
    assert np.array_equal(A, expected)


def test_affine_apply_min_max_and_semi_affine():
    text = """
#m = affine_map<(d0, d1)[s0] -> ((d0 * 3 + d1) floordiv 2 + s0 mod 5, d1 ceildiv 4 - d0)>
#a = affine_map<(d0)[s0] -> (d0 mod s0)>
func.func @f(%x: index, %y: index, %s: index) -> (index, index, index, index) {
  %lo = affine.min #m(%x, %y)[%s]
  %hi = affine.max #m(%x, %y)[%s]
  %ap = affine.apply affine_map<(d0) -> (d0 floordiv 3)>(%x)
  %md = affine.apply #a(%x)[%s]
  return %lo, %hi, %ap, %md : index, index, index, index
}
"""
    for x, y, s in [(5, -7, 12), (-4, 9, 3), (0, 0, 1)]:
        first = (x * 3 + y) // 2 + s % 5
        second = -(-y // 4) - x
        assert run(text, "f", [x, y, s]) == [min(first, second), max(first, second), x // 3, x % s]
    with pytest.raises(InterpreterError, match="non-positive"):
        run(text, "f", [1, 1, 0])


# -------------------------------------------------------------- integer ops
@pytest.mark.parametrize("op,type,a,b,expected", [
    ("arith.addi", "i8", 127, 1, -128),
    ("arith.subi", "i8", -128, 1, 127),
    ("arith.muli", "i16", 300, 300, 24464),
    ("arith.muli", "i32", 65536, 65536, 0),
    ("arith.addi", "index", 2**63 - 1, 1, -2**63),
    ("arith.addi", "i64", -2**63, -1, 2**63 - 1),
    ("arith.addi", "i1", 1, 1, 0),
    ("arith.muli", "i1", 1, 1, 1),
    ("arith.divsi", "i32", -7, 2, -3),
    ("arith.divsi", "i32", 7, -2, -3),
    ("arith.divui", "i8", -1, 2, 127),
    ("arith.remsi", "i32", -7, 2, -1),
    ("arith.remsi", "i32", 7, -2, 1),
    ("arith.remui", "i8", -1, 10, 5),
    ("arith.floordivsi", "i32", -7, 2, -4),
    ("arith.floordivsi", "i32", 7, -2, -4),
    ("arith.floordivsi", "i32", 6, 3, 2),
    ("arith.ceildivsi", "i32", 7, 2, 4),
    ("arith.ceildivsi", "i32", -7, 2, -3),
    ("arith.ceildivsi", "i32", -7, -2, 4),
    ("arith.ceildivui", "i8", -1, 2, -128),
    ("arith.shli", "i8", 1, 7, -128),
    ("arith.shli", "i8", 3, 6, -64),
    ("arith.shrsi", "i8", -128, 1, -64),
    ("arith.shrui", "i8", -128, 1, 64),
    ("arith.maxsi", "i8", -1, 1, 1),
    ("arith.maxui", "i8", -1, 1, -1),
    ("arith.minsi", "i8", -1, 1, -1),
    ("arith.minui", "i8", -1, 1, 1),
    ("arith.maxsi", "i1", 1, 0, 0),
    ("arith.minsi", "i1", 1, 0, 1),
    ("arith.maxui", "i1", 1, 0, 1),
    ("arith.andi", "i8", -1, 5, 5),
    ("arith.ori", "i32", 8, 3, 11),
    ("arith.xori", "i16", -1, 1, -2),
    ("arith.xori", "i1", 1, 1, 0),
])
def test_integer_binary_ops(op, type, a, b, expected):
    result = binary(op, type, a, b)
    assert result == expected
    assert isinstance(result, int)


@pytest.mark.parametrize("predicate,type,a,b,expected", [
    ("eq", "i32", 3, 3, 1), ("ne", "i32", 3, 3, 0),
    ("slt", "i8", -1, 1, 1), ("ult", "i8", -1, 1, 0),
    ("sle", "i32", 3, 3, 1), ("sgt", "index", -1, 5, 0), ("ugt", "index", -1, 5, 1),
    ("sge", "i16", -5, -5, 1), ("uge", "i16", 1, -1, 0), ("ule", "i64", -1, -1, 1),
    ("sgt", "i1", 1, 0, 0), ("ugt", "i1", 1, 0, 1), ("slt", "i1", 1, 0, 1),
])
def test_cmpi(predicate, type, a, b, expected):
    body = f"  %r = arith.cmpi {predicate}, %a, %b : {type}\n  return %r : i1"
    assert run(scalar_function(body, f"%a: {type}, %b: {type}", "i1"), "f", [a, b]) == [expected]


def _cmpf_reference(predicate, a, b):
    unordered = math.isnan(a) or math.isnan(b)
    relation = {"eq": a == b, "gt": a > b, "ge": a >= b, "lt": a < b, "le": a <= b,
                "ne": a != b}
    if predicate in ("false", "true"):
        return int(predicate == "true")
    if predicate == "ord":
        return int(not unordered)
    if predicate == "uno":
        return int(unordered)
    rel = relation[predicate[1:]] if predicate[1:] != "ne" else (a < b or a > b)
    if predicate[0] == "o":
        return int(not unordered and rel)
    return int(unordered or rel)


@pytest.mark.parametrize("predicate", ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                       "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"])
def test_cmpf_all_predicates(predicate):
    body = f"  %r = arith.cmpf {predicate}, %a, %b : f32\n  return %r : i1"
    module = parse_source(scalar_function(body, "%a: f32, %b: f32", "i1"))
    for a, b in [(1.0, 2.0), (2.0, 2.0), (3.0, 2.0), (math.nan, 1.0), (1.0, math.nan),
                 (-0.0, 0.0)]:
        assert run_function(module, "f", [a, b]) == [_cmpf_reference(predicate, a, b)], (a, b)


@pytest.mark.parametrize("cast,source,target,value,expected", [
    ("arith.index_cast", "i32", "index", -1, -1),
    ("arith.index_cast", "index", "i8", 300, 44),
    ("arith.index_castui", "i8", "index", -1, 255),
    ("arith.extsi", "i8", "i32", -1, -1),
    ("arith.extui", "i8", "i32", -1, 255),
    ("arith.extsi", "i1", "i32", 1, -1),
    ("arith.extui", "i1", "i32", 1, 1),
    ("arith.trunci", "i32", "i16", 0x12345, 0x2345),
    ("arith.trunci", "i32", "i8", 255, -1),
    ("arith.sitofp", "i1", "f32", 1, -1.0),
    ("arith.sitofp", "i8", "f64", -128, -128.0),
    ("arith.uitofp", "i8", "f32", -1, 255.0),
    ("arith.sitofp", "i64", "f32", 2**53 + 2**29 + 1, 2.0**53 + 2.0**30),
    ("arith.uitofp", "i64", "f32", -1, 2.0**64),
    ("arith.fptosi", "f32", "i32", -2.7, -2),
    ("arith.fptoui", "f64", "i8", 200.9, -56),
    ("arith.extf", "f32", "f64", 0.1, float(np.float32(0.1))),
    ("arith.truncf", "f64", "f32", 0.1, np.float32(0.1)),
    ("arith.truncf", "f64", "f16", 0.1, np.float16(0.1)),
    ("arith.bitcast", "f32", "i32", 1.0, 0x3F800000),
    ("arith.bitcast", "i64", "f64", 0x4000000000000000, 2.0),
])
def test_casts(cast, source, target, value, expected):
    body = f"  %r = {cast} %a : {source} to {target}\n  return %r : {target}"
    result = run(scalar_function(body, f"%a: {source}", target), "f", [value])[0]
    assert result == expected
    if target == "f32":
        assert isinstance(result, np.float32)


def test_select_float_min_max_and_math():
    body = """  %c = arith.cmpf olt, %a, %b : f64
  %s = arith.select %c, %a, %b : f64
  %mx = arith.maximumf %a, %b : f64
  %mn = arith.minnumf %a, %b : f64
  %q = math.sqrt %b : f64
  %e = math.exp %a : f64
  %p = math.powf %b, %a : f64
  %n = arith.negf %a : f64
  %r = arith.remf %b, %a : f64
  return %s, %mx, %mn, %q, %e, %p, %n, %r : f64, f64, f64, f64, f64, f64, f64, f64"""
    text = scalar_function(body, "%a: f64, %b: f64", ", ".join(["f64"] * 8))
    s, mx, mn, q, e, p, n, r = run(text, "f", [1.5, 4.0])
    assert (s, mx, mn, q, e, p, n, r) == (1.5, 4.0, 1.5, 2.0, math.exp(1.5), 8.0, -1.5, 1.0)
    s, mx, mn, *_ = run(text, "f", [math.nan, 4.0])
    assert s == 4.0 and math.isnan(mx) and mn == 4.0
    assert run(text, "f", [-0.0, 0.0])[1] == 0.0 and not np.signbit(run(text, "f", [-0.0, 0.0])[1])


# ----------------------------------------------------- undefined behaviour
@pytest.mark.parametrize("op,type,a,b,message", [
    ("arith.divsi", "i32", 1, 0, "division by zero"),
    ("arith.divsi", "i32", -2**31, -1, "overflow"),
    ("arith.remui", "i8", 1, 0, "remainder by zero"),
    ("arith.floordivsi", "i8", -128, -1, "overflow"),
    ("arith.shli", "i8", 1, 8, "shift amount"),
    ("arith.shrsi", "i32", 1, -1, "shift amount"),
])
def test_undefined_behaviour_raises(op, type, a, b, message):
    with pytest.raises(InterpreterError, match=message) as info:
        binary(op, type, a, b)
    assert op in str(info.value)


def test_fptosi_out_of_range_raises():
    body = "  %r = arith.fptosi %a : f32 to i8\n  return %r : i8"
    text = scalar_function(body, "%a: f32", "i8")
    assert run(text, "f", [-128.5]) == [-128]
    for bad in (200.0, math.nan, math.inf):
        with pytest.raises(InterpreterError, match="arith.fptosi"):
            run(text, "f", [bad])


# ------------------------------------------------------------ memory errors
OOB = """
func.func @shifted(%A: memref<8xf32>, %lo: index, %hi: index) -> f32 {
  %z = arith.constant 0.0 : f32
  %s = affine.for %i = %lo to %hi iter_args(%a = %z) -> f32 {
    %v = affine.load %A[%i + 1] : memref<8xf32>
    %t = arith.addf %a, %v : f32
    affine.yield %t : f32
  }
  return %s : f32
}
func.func @store(%A: memref<?x4xi32>, %i: index, %j: index) {
  %c = arith.constant 1 : i32
  memref.store %c, %A[%i, %j] : memref<?x4xi32>
  return
}
func.func @constant_index(%A: memref<8xf32>) -> f32 {
  %v = affine.load %A[0] : memref<8xf32>
  return %v : f32
}
"""


def test_out_of_bounds_accesses_raise():
    module = parse_source(OOB)
    A = np.arange(8, dtype=np.float32)
    assert run_function(module, "shifted", [A, 0, 7]) == [np.float32(28.0)]
    with pytest.raises(InterpreterError, match=r"'affine.load'.*out-of-bounds access at \[8\]"):
        run_function(module, "shifted", [A, 0, 8])
    with pytest.raises(InterpreterError, match=r"out-of-bounds access at \[-1\]"):
        run_function(module, "shifted", [A, -2, 3])
    B = np.zeros((3, 4), dtype=np.int32)
    run_function(module, "store", [B, 2, 3])
    assert B[2, 3] == 1
    for i, j in [(3, 0), (-1, 0), (0, 4), (0, -1)]:
        with pytest.raises(InterpreterError, match="'memref.store'.*out-of-bounds"):
            run_function(module, "store", [B, i, j])
    assert B.sum() == 1
    assert run_function(module, "constant_index", [A]) == [0.0]


DMA = """
func.func @dma(%A: memref<3x4xf32>, %B: memref<2x5xf32, 1>, %i: index, %n: index) {
  %tag = memref.alloc() : memref<2xi32>
  %c1 = arith.constant 1 : index
  affine.dma_start %A[%i, 1], %B[0, %i + 2], %tag[%c1], %n : memref<3x4xf32>, memref<2x5xf32, 1>, memref<2xi32>
  affine.dma_wait %tag[%c1], %n : memref<2xi32>
  return
}
"""


def test_dma_start_copies_elements_in_row_major_order():
    """affine.dma_start copies its elements at once: from the source's
    position on, in row-major order, to the destination's; dma_wait does
    nothing.  A transfer leaving either memref raises."""
    module = parse_source(DMA)
    A = np.arange(12, dtype=np.float32).reshape(3, 4)
    B = np.zeros((2, 5), dtype=np.float32)
    run_function(module, "dma", [A, B, 1, 6])
    assert B.tolist() == [[0, 0, 0, 5, 6], [7, 8, 9, 10, 0]]
    with pytest.raises(InterpreterError, match="'affine.dma_start'.*12 elements from \\[0, 1\\]"):
        run_function(module, "dma", [A, B, 0, 12])
    with pytest.raises(InterpreterError, match="'affine.dma_start'.*out-of-bounds access at \\[3, 1\\]"):
        run_function(module, "dma", [A, B, 3, 1])


STRIDED_DMA = """
func.func @strided(%A: memref<3x4xf32>, %F: memref<6xf32, 1>, %back: memref<3x4xf32>) {
  %tag = memref.alloc() : memref<2xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 6 : index
  %stride = arith.constant 4 : index
  %chunk = arith.constant 2 : index
  affine.dma_start %A[0, 1], %F[%c0], %tag[%c0], %n, %stride, %chunk : memref<3x4xf32>, memref<6xf32, 1>, memref<2xi32>
  affine.dma_wait %tag[%c0], %n : memref<2xi32>
  affine.dma_start %F[%c0], %back[0, 2], %tag[%c1], %n, %stride, %chunk : memref<6xf32, 1>, memref<3x4xf32>, memref<2xi32>
  affine.dma_wait %tag[%c1], %n : memref<2xi32>
  return
}
"""


def test_strided_dma_takes_chunks_in_the_slower_memory():
    """With a stride and elements per stride, the side in the lower memory
    space (the source coming in, the destination going out) is read or
    written in chunks that far apart; the other side is contiguous.  A
    stride within one memory space is not supported."""
    module = parse_source(STRIDED_DMA)
    A = np.arange(12, dtype=np.float32).reshape(3, 4)
    F = np.zeros(6, dtype=np.float32)
    back = np.zeros((3, 4), dtype=np.float32)
    run_function(module, "strided", [A, F, back])
    assert F.tolist() == [1, 2, 5, 6, 9, 10]
    assert back.tolist() == [[0, 0, 1, 2], [0, 0, 5, 6], [0, 0, 9, 10]]
    with pytest.raises(InterpreterError, match="leaves the memref"):
        run_function(parse_source(STRIDED_DMA.replace("%back[0, 2]", "%back[0, 3]")), "strided",
                     [A, F, back])
    with pytest.raises(InterpreterError, match="within one memory space"):
        run_function(parse_source(STRIDED_DMA.replace("memref<6xf32, 1>", "memref<6xf32>")),
                     "strided", [A, F, back])


RACY_DMA = """
func.func @racy(%A: memref<4xf32>, %B: memref<4xf32, 1>, %seen: memref<2xf32>) {
  %tag = memref.alloc() : memref<2xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 4 : index
  %ten = arith.constant 10.0 : f32
  affine.dma_start %A[%c0], %B[%c0], %tag[%c1], %n : memref<4xf32>, memref<4xf32, 1>, memref<2xi32>
  affine.dma_wait %tag[%c0], %n : memref<2xi32>
  %early = affine.load %B[0] : memref<4xf32, 1>
  affine.store %early, %seen[0] : memref<2xf32>
  affine.store %ten, %A[1] : memref<4xf32>
  affine.dma_wait %tag[%c1], %n : memref<2xi32>
  %late = affine.load %B[1] : memref<4xf32, 1>
  affine.store %late, %seen[1] : memref<2xf32>
  return
}
"""


def test_dma_transfers_complete_at_their_start_or_at_their_wait():
    """The two executions of a transfer the interpreter offers: with "at-wait"
    it happens at the first dma_wait on its tag element (not at a wait on
    another element), reading the source as it is then; a run that returns
    before waiting for a transfer raises."""
    module = parse_source(RACY_DMA)
    outcomes = {}
    for dma in ("at-start", "at-wait"):
        A = np.arange(1, 5, dtype=np.float32)
        B = np.zeros(4, dtype=np.float32)
        seen = np.full(2, -1, dtype=np.float32)
        run_function(module, "racy", [A, B, seen], dma=dma)
        outcomes[dma] = (B.tolist(), seen.tolist())
    assert outcomes["at-start"] == ([1, 2, 3, 4], [1, 2])
    assert outcomes["at-wait"] == ([1, 10, 3, 4], [0, 10])
    module = parse_source(DMA.replace("  affine.dma_wait %tag[%c1], %n : memref<2xi32>\n", ""))
    A = np.arange(12, dtype=np.float32).reshape(3, 4)
    B = np.zeros((2, 5), dtype=np.float32)
    with pytest.raises(InterpreterError, match="returned before waiting for all its DMA"):
        run_function(module, "dma", [A, B, 1, 6], dma="at-wait")
    assert not B.any()
    run_function(module, "dma", [A, B, 1, 6])
    assert B.any()

def test_bad_arguments_and_unsupported_ops_raise():
    module = parse_source(OOB)
    with pytest.raises(InterpreterError, match="dtype"):
        run_function(module, "shifted", [np.zeros(8), 0, 1])
    with pytest.raises(InterpreterError, match="shape"):
        run_function(module, "shifted", [np.zeros(9, np.float32), 0, 1])
    with pytest.raises(InterpreterError, match="takes 3 arguments"):
        run_function(module, "shifted", [np.zeros(8, np.float32)])
    with pytest.raises(InterpreterError, match="no function @nope"):
        run_function(module, "nope", [])
    text = """func.func @f(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    "test.mystery"(%A) : (memref<4xf32>) -> ()
  }
  return
}"""
    with pytest.raises(InterpreterError, match="unsupported op 'test.mystery'"):
        run_function(parse_source(text, allow_unregistered=True), "f",
                     [np.zeros(4, np.float32)])


# ------------------------------------------------------------------ memref
MEMREF = """
memref.global "private" constant @table : memref<4xi32> = dense<[1, -2, 3, 40]>
func.func @scratch(%n: index) -> (index, i32, f32) {
  %A = memref.alloc(%n) : memref<?xindex>
  %F = memref.alloca() : memref<2xf32>
  affine.for %i = 0 to %n {
    %sq = affine.apply affine_map<(d0) -> (d0 * 3 - 1)>(%i)
    affine.store %sq, %A[%i] : memref<?xindex>
  }
  %c0 = arith.constant 0 : index
  %d = memref.dim %A, %c0 : memref<?xindex>
  %s = affine.for %i = 0 to %d iter_args(%a = %c0) -> index {
    %v = affine.load %A[%i] : memref<?xindex>
    %t = arith.addi %a, %v : index
    affine.yield %t : index
  }
  %g = memref.get_global @table : memref<4xi32>
  %gs = memref.cast %g : memref<4xi32> to memref<?xi32>
  %c3 = arith.constant 3 : index
  %x = memref.load %gs[%c3] : memref<?xi32>
  %f = affine.load %F[1] : memref<2xf32>
  memref.dealloc %A : memref<?xindex>
  return %s, %x, %f : index, i32, f32
}
func.func @vec(%A: memref<4x8xf32>, %B: memref<4x8xf32>) {
  %c = arith.constant dense<2.0> : vector<4xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 step 4 {
      %v = affine.vector_load %A[%i, %j] : memref<4x8xf32>, vector<4xf32>
      %w = arith.mulf %v, %c : vector<4xf32>
      affine.vector_store %w, %B[%i, %j] : memref<4x8xf32>, vector<4xf32>
    }
  }
  return
}
func.func @vec_oob(%A: memref<4x8xf32>, %j: index) -> vector<4xf32> {
  %v = affine.vector_load %A[0, %j] : memref<4x8xf32>, vector<4xf32>
  return %v : vector<4xf32>
}
"""


def test_memref_alloc_dim_global_cast():
    assert run(MEMREF, "scratch", [6]) == [sum(i * 3 - 1 for i in range(6)), 40, 0.0]
    assert run(MEMREF, "scratch", [6], alloc_fill=np.nan)[2] != run(MEMREF, "scratch", [6])[2]


def test_vector_load_store():
    A = np.arange(32, dtype=np.float32).reshape(4, 8)
    B = np.zeros_like(A)
    run(MEMREF, "vec", [A, B])
    assert np.array_equal(B, A * 2)
    (v,) = run(MEMREF, "vec_oob", [A, 4])
    assert np.array_equal(v, A[0, 4:8])
    with pytest.raises(InterpreterError, match="out-of-bounds"):
        run(MEMREF, "vec_oob", [A, 5])


# --------------------------------------------------------------------- scf
SCF = """
func.func @collatz(%n: i64) -> (i64, i64) {
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %zero = arith.constant 0 : i64
  %r:2 = scf.while (%x = %n, %steps = %zero) : (i64, i64) -> (i64, i64) {
    %more = arith.cmpi sgt, %x, %one : i64
    scf.condition(%more) %x, %steps : i64, i64
  } do {
  ^bb0(%x: i64, %steps: i64):
    %rem = arith.remsi %x, %two : i64
    %even = arith.cmpi eq, %rem, %zero : i64
    %next = scf.if %even -> (i64) {
      %h = arith.divsi %x, %two : i64
      scf.yield %h : i64
    } else {
      %t = arith.muli %x, %three : i64
      %u = arith.addi %t, %one : i64
      scf.yield %u : i64
    }
    %s = arith.addi %steps, %one : i64
    scf.yield %next, %s : i64, i64
  }
  return %r#0, %r#1 : i64, i64
}
func.func @triangle(%n: index, %step: index) -> i32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %step iter_args(%acc = %z) -> (i32) {
    %v = arith.index_cast %i : index to i32
    %s = arith.addi %acc, %v : i32
    scf.yield %s : i32
  }
  return %r : i32
}
func.func @unsigned_loop(%lb: i8, %ub: i8) -> i32 {
  %c1 = arith.constant 1 : i8
  %z = arith.constant 0 : i32
  %r = scf.for unsigned %i = %lb to %ub step %c1 iter_args(%acc = %z) -> (i32) : i8 {
    %v = arith.extsi %i : i8 to i32
    %s = arith.addi %acc, %v : i32
    scf.yield %s : i32
  }
  return %r : i32
}
"""


def test_scf_while_if_for():
    module = parse_source(SCF)
    assert run_function(module, "collatz", [27]) == [1, 111]
    assert run_function(module, "collatz", [1]) == [1, 0]
    assert run_function(module, "triangle", [10, 3]) == [0 + 3 + 6 + 9]
    with pytest.raises(InterpreterError, match="non-positive step"):
        run_function(module, "triangle", [10, 0])
    # Unsigned comparison: 120 .. 130 (i.e. -126) iterates over 120..127, -128..-127.
    assert run_function(module, "unsigned_loop", [120, -126]) == [
        sum(range(120, 128)) - 128 - 127]
    assert run_function(module, "unsigned_loop", [-126, 120]) == [0]


# --------------------------------------------------------- affine.parallel
PARALLEL = """
func.func @par(%A: memref<10x6xf32>, %B: memref<10x6xi32>, %n: index) -> (f32, f32, i32, i32) {
  %r:4 = affine.parallel (%i, %j) = (0, max(0, %n - 12)) to (min(10, %n), 6) step (2, 1)
      reduce ("addf", "maximumf", "addi", "muli") -> (f32, f32, i32, i32) {
    %a = affine.load %A[%i, %j] : memref<10x6xf32>
    %b = affine.load %B[%i, %j] : memref<10x6xi32>
    affine.yield %a, %a, %b, %b : f32, f32, i32, i32
  }
  affine.parallel (%i) = (0) to (10) {
    %z = arith.constant 0.0 : f32
    affine.store %z, %A[%i, 0] : memref<10x6xf32>
  }
  return %r#0, %r#1, %r#2, %r#3 : f32, f32, i32, i32
}
"""


@pytest.mark.parametrize("n", [0, 7, 10])
def test_affine_parallel_reductions(n):
    module = parse_source(PARALLEL)
    A, B, _ = random_arguments(find_function(module, "par"), seed=2, int_range=(-3, 3))
    A0 = A.copy()
    total, top, isum, prod = run_function(module, "par", [A, B, n])
    acc, mx, s, p = np.float32(0), np.float32(-np.inf), 0, 1
    for i in range(0, min(10, n), 2):
        for j in range(6):
            acc = acc + A0[i, j]
            mx = max(mx, A0[i, j])
            s += int(B[i, j])
            p = (p * int(B[i, j]) + 2**31) % 2**32 - 2**31
    assert (total, top, isum, prod) == (acc, mx, s, p)
    assert (A[:, 0] == 0).all()


# ------------------------------------------------------------ calls
CALLS = """
func.func private @observe(f64, i32) -> i32
func.func @square(%x: f64) -> f64 {
  %r = arith.mulf %x, %x : f64
  return %r : f64
}
func.func @fact(%n: i32) -> i32 {
  %one = arith.constant 1 : i32
  %small = arith.cmpi sle, %n, %one : i32
  %r = scf.if %small -> (i32) {
    scf.yield %one : i32
  } else {
    %m = arith.subi %n, %one : i32
    %f = func.call @fact(%m) : (i32) -> i32
    %p = arith.muli %n, %f : i32
    scf.yield %p : i32
  }
  return %r : i32
}
func.func @main(%x: f64) -> i32 {
  %s = call @square(%x) : (f64) -> f64
  %c = arith.constant 5 : i32
  %f = call @fact(%c) : (i32) -> i32
  %o = call @observe(%s, %f) : (f64, i32) -> i32
  return %o : i32
}
"""


def test_calls_recursion_and_externals():
    seen = []

    def observe(x, n):
        seen.append((x, n))
        return n + 1

    assert run(CALLS, "main", [3.0], externals={"observe": observe}) == [121]
    assert seen == [(9.0, 120)]
    assert run(CALLS, "fact", [13]) == [(math.factorial(13) + 2**31) % 2**32 - 2**31]
    with pytest.raises(InterpreterError, match="@observe"):
        run(CALLS, "main", [3.0])


def test_unranked_casts_alloca_scope_and_memref_externals():
    text = """func.func private @printMemrefF32(memref<*xf32>)
func.func @f(%A: memref<2x3xf32>, %n: index) -> f32 {
  %u = memref.cast %A : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %r = memref.cast %u : memref<*xf32> to memref<?x3xf32>
  %c1 = arith.constant 1 : index
  %v = memref.load %r[%c1, %c1] : memref<?x3xf32>
  %s = memref.alloca_scope -> (f32) {
    %B = memref.alloca(%n) : memref<?xf32>
    affine.store %v, %B[%n - 1] : memref<?xf32>
    %w = affine.load %B[%n - 1] : memref<?xf32>
    %t = arith.addf %w, %w : f32
    memref.alloca_scope.return %t : f32
  }
  return %s : f32
}
func.func @never(%A: memref<4xf32>, %n: index) {
  %z = arith.constant 1.0 : f32
  affine.for %i = 0 to %n {
    affine.store %z, %A[4] : memref<4xf32>
  }
  return
}"""
    module = parse_source(text)
    A = np.arange(6, dtype=np.float32).reshape(2, 3)
    seen = []
    assert run_function(module, "f", [A, 3], externals={"printMemrefF32": seen.append}) == [8.0]
    assert len(seen) == 1 and seen[0] is A
    # A constant out-of-bounds index only fails when it is reached.
    assert run_function(module, "never", [np.zeros(4, np.float32), 0]) == []
    with pytest.raises(InterpreterError, match="out-of-bounds access at \\[4\\]"):
        run_function(module, "never", [np.zeros(4, np.float32), 1])


def test_loop_nests_deeper_than_python_allows_raise():
    depth = 20
    text = "func.func @f(%A: memref<1xi32>) {\n"
    text += "".join(f"affine.for %i{d} = 0 to 1 {{\n" for d in range(depth))
    text += "%c = arith.constant 1 : i32\naffine.store %c, %A[0] : memref<1xi32>\n"
    text += "}\n" * depth + "return\n}\n"
    with pytest.raises(InterpreterError, match="nested loops"):
        run(text, "f", [np.zeros(1, np.int32)])


def test_iteration_budget():
    module = parse_source(MATMUL)
    args = random_arguments(find_function(module, "ijk"), seed=0)
    assert run_function(module, "ijk", args, max_iterations=12 + 12 * 7 + 12 * 7 * 9) == []
    with pytest.raises(InterpreterError, match="exceeds 500 loop iterations"):
        run_function(module, "ijk", args, max_iterations=500)
    with pytest.raises(InterpreterError, match="loop iterations"):
        run(SCF, "collatz", [27], max_iterations=50)
    assert run(SCF, "collatz", [27], max_iterations=112) == [1, 111]


# ----------------------------------------------------------- random inputs
def test_random_arguments_are_deterministic():
    text = """func.func @f(%A: memref<?x3xf32>, %B: memref<5xi8>, %C: memref<4xindex>,
                 %D: memref<2xi1>, %n: index, %m: i32, %x: f64) {
  return
}"""
    func = find_function(parse_source(text), "f")
    first = random_arguments(func, seed=7, dynamic_size=6)
    second = random_arguments(func, seed=7, dynamic_size=6)
    other = random_arguments(func, seed=8, dynamic_size=6)
    A, B, C, D, n, m, x = first
    assert A.shape == (6, 3) and A.dtype == np.float32 and ((A >= -1) & (A < 1)).all()
    assert B.dtype == np.int8 and C.dtype == np.int64 and ((C >= 0) & (C < 6)).all()
    assert D.dtype == np.bool_
    assert n == 6 and m == 6 and isinstance(x, np.float64)
    for a, b in zip(first, second):
        assert np.array_equal(a, b)
    assert not np.array_equal(first[0], other[0])
    assert random_arguments(func, seed=7, index_value=3)[4] == 3


# ------------------------------------------------------------------ speed
def test_speed_of_a_million_simple_ops():
    text = """func.func @f(%X: memref<1000xf32>, %Y: memref<1000xf32>, %a: f32) {
  affine.for %r = 0 to 200 {
    affine.for %i = 0 to 1000 {
      %x = affine.load %X[%i] : memref<1000xf32>
      %y = affine.load %Y[%i] : memref<1000xf32>
      %p = arith.mulf %a, %x : f32
      %s = arith.addf %p, %y : f32
      affine.store %s, %Y[%i] : memref<1000xf32>
    }
  }
  return
}"""
    module = parse_source(text)
    interpreter = Interpreter(module)
    X, Y, a = random_arguments(find_function(module, "f"), seed=1)
    expected = Y.copy()
    for _ in range(200):
        expected = a * X + expected
    interpreter.run("f", [X, Y, a])
    assert np.array_equal(Y, expected)
    # The loops run as compiled Python loops, not op by op (its speed is a
    # benchmark's question, not a test's).
    assert "for " in interpreter.source("f")


# ------------------------------------------------ against real execution
def _runner_libs():
    libs = []
    for stem in ("libmlir_c_runner_utils", "libmlir_runner_utils"):
        found = sorted(glob.glob(os.path.join(LLVM_LIB, stem + ".so*")))
        if not found:
            return None
        libs.append(found[0])
    return libs


def _execute(text: str, tmp_path) -> list[int]:
    """Lower `text` with mlir-opt, run @main with mlir-runner, return the
    printed integers (their answers recorded: oracle.py)."""
    source = tmp_path / "input.mlir"
    source.write_text(text)
    lowered = oracle.run(
        [os.path.join(LLVM_BIN, "mlir-opt"), "--lower-affine", "--convert-scf-to-cf",
         "--convert-to-llvm", "--reconcile-unrealized-casts", str(source)],
        capture_output=True, text=True, check=True).stdout
    out = oracle.run(
        [os.path.join(LLVM_BIN, "mlir-runner"), "-e", "main", "-entry-point-result=void",
         "-shared-libs=" + ",".join(_runner_libs())],
        input=lowered, capture_output=True, text=True, check=True, timeout=120).stdout
    return [int(word) for word in out.split()]


def _interpret_main(text: str) -> list[int]:
    printed = []
    run(text, "main", [], externals={"printI64": printed.append,
                                     "printNewline": lambda: None})
    return printed


needs_runner = pytest.mark.skipif(
    not (os.path.exists(os.path.join(LLVM_BIN, "mlir-runner"))
         and os.path.exists(os.path.join(LLVM_BIN, "mlir-opt")) and _runner_libs()),
    reason="mlir-opt/mlir-runner 22 not installed")


@needs_runner
def test_matches_real_execution(tmp_path):
    """Exact agreement (bit patterns of floats, wrapped integers) on a tiled
    matmul, a stencil, reductions, affine.if, integer ops and scf ops."""
    expected = _execute(REAL_PROGRAM, tmp_path)
    assert len(expected) == 11
    assert _interpret_main(REAL_PROGRAM) == expected


@needs_runner
def test_math_functions_match_real_execution(tmp_path):
    """libm-backed math ops agree with compiled code to within 2 ulps."""
    expected = _execute(MATH_PROGRAM, tmp_path)
    got = _interpret_main(MATH_PROGRAM)
    assert len(got) == len(expected) == 98
    differences = [abs(a - b) for a, b in zip(got, expected)]
    assert max(differences) <= 2
    assert sum(d != 0 for d in differences) <= 5


REAL_PROGRAM = """
#lb = affine_map<(d0) -> (d0)>
#ub8 = affine_map<(d0) -> (d0 + 8, 30)>
#ub6 = affine_map<(d0) -> (d0 + 6, 20)>
#lo = affine_map<(d0) -> (1, d0 - 5)>
#hi = affine_map<(d0) -> (17, d0 + 9)>
#set = affine_set<(d0, d1) : (d0 - d1 >= 0, d0 + d1 - 4 >= 0)>
#diag = affine_set<(d0, d1) : (d0 - d1 == 0)>
#init = affine_map<(d0, d1) -> ((d0 * 7 + d1 * 13) mod 17 - 8)>
func.func private @printI64(i64)
func.func private @printNewline()

func.func @emit_f64(%x: f64) {
  %b = arith.bitcast %x : f64 to i64
  call @printI64(%b) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @emit_i64(%x: i64) {
  call @printI64(%x) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @hash2d_f64(%A: memref<?x?xf64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?x?xf64>
  %m = memref.dim %A, %c1 : memref<?x?xf64>
  %h0 = arith.constant 17 : i64
  %k = arith.constant 1000003 : i64
  %h = affine.for %i = 0 to %n iter_args(%hi = %h0) -> (i64) {
    %hj = affine.for %j = 0 to %m iter_args(%h1 = %hi) -> (i64) {
      %v = affine.load %A[%i, %j] : memref<?x?xf64>
      %bits = arith.bitcast %v : f64 to i64
      %mul = arith.muli %h1, %k : i64
      %x = arith.xori %mul, %bits : i64
      affine.yield %x : i64
    }
    affine.yield %hj : i64
  }
  return %h : i64
}

func.func @hash2d_f32(%A: memref<?x?xf32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?x?xf32>
  %m = memref.dim %A, %c1 : memref<?x?xf32>
  %h0 = arith.constant 17 : i64
  %k = arith.constant 1000003 : i64
  %h = affine.for %i = 0 to %n iter_args(%hi = %h0) -> (i64) {
    %hj = affine.for %j = 0 to %m iter_args(%h1 = %hi) -> (i64) {
      %v = affine.load %A[%i, %j] : memref<?x?xf32>
      %bits32 = arith.bitcast %v : f32 to i32
      %bits = arith.extui %bits32 : i32 to i64
      %mul = arith.muli %h1, %k : i64
      %x = arith.addi %mul, %bits : i64
      affine.yield %x : i64
    }
    affine.yield %hj : i64
  }
  return %h : i64
}

// Tiled matmul with min bounds: C += A * B, sizes 30x20x25.
func.func @matmul_tiled(%A: memref<30x25xf64>, %B: memref<25x20xf64>, %C: memref<30x20xf64>) {
  affine.for %ii = 0 to 30 step 8 {
    affine.for %jj = 0 to 20 step 6 {
      affine.for %i = #lb(%ii) to min #ub8(%ii) {
        affine.for %j = #lb(%jj) to min #ub6(%jj) {
          affine.for %k = 0 to 25 {
            %a = affine.load %A[%i, %k] : memref<30x25xf64>
            %b = affine.load %B[%k, %j] : memref<25x20xf64>
            %c = affine.load %C[%i, %j] : memref<30x20xf64>
            %p = arith.mulf %a, %b : f64
            %s = arith.addf %c, %p : f64
            affine.store %s, %C[%i, %j] : memref<30x20xf64>
          }
        }
      }
    }
  }
  return
}

// 5-point stencil in f32 with max/min bounds around the border.
func.func @stencil(%A: memref<24x18xf32>, %B: memref<24x18xf32>) {
  %w = arith.constant 0.2 : f32
  affine.for %i = 1 to 23 {
    affine.for %j = max #lo(%i) to min #hi(%i) {
      %c = affine.load %A[%i, %j] : memref<24x18xf32>
      %n = affine.load %A[%i - 1, %j] : memref<24x18xf32>
      %s = affine.load %A[%i + 1, %j] : memref<24x18xf32>
      %e = affine.load %A[%i, %j + 1] : memref<24x18xf32>
      %o = affine.load %A[%i, %j - 1] : memref<24x18xf32>
      %t0 = arith.addf %c, %n : f32
      %t1 = arith.addf %t0, %s : f32
      %t2 = arith.addf %t1, %e : f32
      %t3 = arith.addf %t2, %o : f32
      %r = arith.mulf %t3, %w : f32
      %q = math.sqrt %r : f32
      %neg = arith.cmpf olt, %r, %w : f32
      %v = arith.select %neg, %r, %q : f32
      affine.store %v, %B[%i, %j] : memref<24x18xf32>
    }
  }
  return
}

// Reductions with iter_args (f32 sum of squares) and affine.parallel.
func.func @reduce(%A: memref<24x18xf32>) -> (f32, f32, f32) {
  %z = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 24 iter_args(%acc = %z) -> (f32) {
    %r = affine.for %j = 0 to 18 step 2 iter_args(%a2 = %acc) -> (f32) {
      %v = affine.load %A[%i, %j] : memref<24x18xf32>
      %sq = arith.mulf %v, %v : f32
      %n = arith.addf %a2, %sq : f32
      affine.yield %n : f32
    }
    affine.yield %r : f32
  }
  %p:2 = affine.parallel (%i, %j) = (0, 0) to (24, 18) reduce ("addf", "maximumf") -> (f32, f32) {
    %v = affine.load %A[%i, %j] : memref<24x18xf32>
    affine.yield %v, %v : f32, f32
  }
  return %s, %p#0, %p#1 : f32, f32, f32
}

// affine.if with results and an else branch.
func.func @conditional(%A: memref<24x18xf32>, %B: memref<24x18xf32>) {
  affine.for %i = 0 to 24 {
    affine.for %j = 0 to 18 {
      %v = affine.load %A[%i, %j] : memref<24x18xf32>
      %r = affine.if #set(%i, %j) -> f32 {
        %d = arith.divf %v, %v : f32
        affine.yield %d : f32
      } else {
        %n = arith.negf %v : f32
        affine.yield %n : f32
      }
      affine.if #diag(%i, %j) {
        affine.store %v, %B[%i, %j] : memref<24x18xf32>
      } else {
        affine.store %r, %B[%i, %j] : memref<24x18xf32>
      }
    }
  }
  return
}

// Integer semantics: wrap-around, signed/unsigned division, shifts, casts.
func.func @intops(%a: i32, %b: i32, %c: i8, %d: i8) -> i64 {
  %q0 = arith.divsi %a, %b : i32
  %q1 = arith.divui %a, %b : i32
  %q2 = arith.remsi %a, %b : i32
  %q3 = arith.remui %a, %b : i32
  %q4 = arith.floordivsi %a, %b : i32
  %q5 = arith.ceildivsi %a, %b : i32
  %q6 = arith.ceildivui %a, %b : i32
  %m0 = arith.muli %c, %d : i8
  %m1 = arith.addi %c, %d : i8
  %m2 = arith.subi %c, %d : i8
  %s3 = arith.constant 3 : i8
  %m3 = arith.shli %c, %s3 : i8
  %m4 = arith.shrsi %c, %s3 : i8
  %m5 = arith.shrui %c, %s3 : i8
  %m6 = arith.maxsi %c, %d : i8
  %m7 = arith.minui %c, %d : i8
  %m8 = arith.maxui %c, %d : i8
  %m9 = arith.minsi %c, %d : i8
  %t = arith.trunci %a : i32 to i8
  %cmp0 = arith.cmpi ult, %c, %d : i8
  %cmp1 = arith.cmpi sge, %c, %d : i8
  %sel = arith.select %cmp0, %m0, %m1 : i8
  %e0 = arith.extsi %sel : i8 to i32
  %e1 = arith.extui %m5 : i8 to i32
  %e2 = arith.extui %cmp1 : i1 to i32
  %e3 = arith.extsi %cmp0 : i1 to i32
  %f = arith.sitofp %q0 : i32 to f64
  %half = arith.constant 2.75 : f64
  %g = arith.mulf %f, %half : f64
  %gi = arith.fptosi %g : f64 to i32
  %uf = arith.uitofp %a : i32 to f32
  %ui = arith.fptoui %uf : f32 to i32
  %l0 = arith.addi %q0, %q1 : i32
  %l1 = arith.xori %l0, %q2 : i32
  %l2 = arith.muli %l1, %q3 : i32
  %l3 = arith.addi %l2, %q4 : i32
  %l4 = arith.subi %l3, %q5 : i32
  %l5 = arith.ori %l4, %q6 : i32
  %l6 = arith.addi %l5, %e0 : i32
  %l7 = arith.muli %l6, %e1 : i32
  %l8 = arith.addi %l7, %e2 : i32
  %l9 = arith.addi %l8, %e3 : i32
  %l10 = arith.xori %l9, %gi : i32
  %l11 = arith.addi %l10, %ui : i32
  %w0 = arith.extsi %l11 : i32 to i64
  %n2 = arith.extsi %m2 : i8 to i64
  %n3 = arith.extsi %m3 : i8 to i64
  %n4 = arith.extsi %m4 : i8 to i64
  %n6 = arith.extui %m6 : i8 to i64
  %n7 = arith.extsi %m7 : i8 to i64
  %n8 = arith.extsi %m8 : i8 to i64
  %n9 = arith.extsi %m9 : i8 to i64
  %nt = arith.extsi %t : i8 to i64
  %k = arith.constant 1000003 : i64
  %h1 = arith.muli %w0, %k : i64
  %h2 = arith.addi %h1, %n2 : i64
  %h3 = arith.muli %h2, %k : i64
  %h4 = arith.addi %h3, %n3 : i64
  %h5 = arith.muli %h4, %k : i64
  %h6 = arith.addi %h5, %n4 : i64
  %h7 = arith.muli %h6, %k : i64
  %h8 = arith.addi %h7, %n6 : i64
  %h9 = arith.muli %h8, %k : i64
  %h10 = arith.addi %h9, %n7 : i64
  %h11 = arith.muli %h10, %k : i64
  %h12 = arith.addi %h11, %n8 : i64
  %h13 = arith.muli %h12, %k : i64
  %h14 = arith.addi %h13, %n9 : i64
  %h15 = arith.muli %h14, %k : i64
  %h16 = arith.addi %h15, %nt : i64
  return %h16 : i64
}

// scf loops, while and if; float comparisons with NaN; max/min.
func.func @scf_ops(%n: index) -> (i64, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %n step %c3 iter_args(%acc = %z) -> (i64) {
    %ii = arith.index_cast %i : index to i64
    %odd = arith.remui %i, %c3 : index
    %isz = arith.cmpi eq, %odd, %c0 : index
    %r = scf.if %isz -> (i64) {
      %x = arith.muli %ii, %ii : i64
      scf.yield %x : i64
    } else {
      scf.yield %ii : i64
    }
    %n2 = arith.addi %acc, %r : i64
    scf.yield %n2 : i64
  }
  %one = arith.constant 1 : i64
  %w:2 = scf.while (%x = %s, %cnt = %z) : (i64, i64) -> (i64, i64) {
    %big = arith.cmpi sgt, %x, %one : i64
    scf.condition(%big) %x, %cnt : i64, i64
  } do {
  ^bb0(%x: i64, %cnt: i64):
    %two = arith.constant 2 : i64
    %h = arith.divsi %x, %two : i64
    %c = arith.addi %cnt, %one : i64
    scf.yield %h, %c : i64, i64
  }
  %zf = arith.constant 0.0 : f64
  %nan = arith.divf %zf, %zf : f64
  %onef = arith.constant 1.5 : f64
  %p0 = arith.cmpf ult, %nan, %onef : f64
  %p1 = arith.cmpf olt, %nan, %onef : f64
  %p2 = arith.cmpf uno, %nan, %onef : f64
  %p3 = arith.cmpf one, %zf, %onef : f64
  %p4 = arith.cmpf ueq, %nan, %nan : f64
  %mx = arith.maximumf %nan, %onef : f64
  %mn = arith.minnumf %nan, %onef : f64
  %e0 = arith.extui %p0 : i1 to i64
  %e1 = arith.extui %p1 : i1 to i64
  %e2 = arith.extui %p2 : i1 to i64
  %e3 = arith.extui %p3 : i1 to i64
  %e4 = arith.extui %p4 : i1 to i64
  %t1 = arith.addi %w#1, %e0 : i64
  %ten = arith.constant 10 : i64
  %t2 = arith.muli %t1, %ten : i64
  %t3 = arith.addi %t2, %e1 : i64
  %t4 = arith.muli %t3, %ten : i64
  %t5 = arith.addi %t4, %e2 : i64
  %t6 = arith.muli %t5, %ten : i64
  %t7 = arith.addi %t6, %e3 : i64
  %t8 = arith.muli %t7, %ten : i64
  %t9 = arith.addi %t8, %e4 : i64
  %k = arith.constant 1000003 : i64
  %t10 = arith.muli %t9, %k : i64
  %t11 = arith.addi %t10, %w#0 : i64
  %mxnan = arith.cmpf uno, %mx, %mx : f64
  %f = arith.select %mxnan, %mn, %mx : f64
  return %t11, %f : i64, f64
}

func.func @main() {
  %A = memref.alloc() : memref<30x25xf64>
  %B = memref.alloc() : memref<25x20xf64>
  %C = memref.alloc() : memref<30x20xf64>
  affine.for %i = 0 to 30 {
    affine.for %j = 0 to 25 {
      %v = affine.apply #init(%i, %j)
      %vi = arith.index_cast %v : index to i64
      %f = arith.sitofp %vi : i64 to f64
      %eight = arith.constant 8.0 : f64
      %d = arith.divf %f, %eight : f64
      affine.store %d, %A[%i, %j] : memref<30x25xf64>
    }
  }
  affine.for %i = 0 to 25 {
    affine.for %j = 0 to 20 {
      %v = affine.apply #init(%j, %i)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f64
      %three = arith.constant 3.0 : f64
      %d = arith.divf %f, %three : f64
      affine.store %d, %B[%i, %j] : memref<25x20xf64>
    }
  }
  affine.for %i = 0 to 30 {
    affine.for %j = 0 to 20 {
      %z = arith.constant 0.1 : f64
      affine.store %z, %C[%i, %j] : memref<30x20xf64>
    }
  }
  call @matmul_tiled(%A, %B, %C) : (memref<30x25xf64>, memref<25x20xf64>, memref<30x20xf64>) -> ()
  %Cd = memref.cast %C : memref<30x20xf64> to memref<?x?xf64>
  %h = call @hash2d_f64(%Cd) : (memref<?x?xf64>) -> i64
  call @emit_i64(%h) : (i64) -> ()

  %S = memref.alloca() : memref<24x18xf32>
  %T = memref.alloc() : memref<24x18xf32>
  affine.for %i = 0 to 24 {
    affine.for %j = 0 to 18 {
      %v = affine.apply #init(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      %seven = arith.constant 7.0 : f32
      %d = arith.divf %f, %seven : f32
      %off = arith.constant 1.1 : f32
      %e = arith.subf %d, %off : f32
      affine.store %e, %S[%i, %j] : memref<24x18xf32>
      %z = arith.constant 0.0 : f32
      affine.store %z, %T[%i, %j] : memref<24x18xf32>
    }
  }
  call @stencil(%S, %T) : (memref<24x18xf32>, memref<24x18xf32>) -> ()
  %Td = memref.cast %T : memref<24x18xf32> to memref<?x?xf32>
  %h2 = call @hash2d_f32(%Td) : (memref<?x?xf32>) -> i64
  call @emit_i64(%h2) : (i64) -> ()
  %r:3 = call @reduce(%S) : (memref<24x18xf32>) -> (f32, f32, f32)
  %r0 = arith.extf %r#0 : f32 to f64
  %r1 = arith.extf %r#1 : f32 to f64
  %r2 = arith.extf %r#2 : f32 to f64
  call @emit_f64(%r0) : (f64) -> ()
  call @emit_f64(%r1) : (f64) -> ()
  call @emit_f64(%r2) : (f64) -> ()
  call @conditional(%S, %T) : (memref<24x18xf32>, memref<24x18xf32>) -> ()
  %h3 = call @hash2d_f32(%Td) : (memref<?x?xf32>) -> i64
  call @emit_i64(%h3) : (i64) -> ()

  %a = arith.constant -1000007 : i32
  %b = arith.constant 13 : i32
  %c = arith.constant -100 : i8
  %d = arith.constant 77 : i8
  %i1 = call @intops(%a, %b, %c, %d) : (i32, i32, i8, i8) -> i64
  call @emit_i64(%i1) : (i64) -> ()
  %i2 = call @intops(%b, %a, %d, %c) : (i32, i32, i8, i8) -> i64
  call @emit_i64(%i2) : (i64) -> ()
  %a3 = arith.constant 2147483647 : i32
  %b3 = arith.constant -7 : i32
  %i3 = call @intops(%a3, %b3, %d, %d) : (i32, i32, i8, i8) -> i64
  call @emit_i64(%i3) : (i64) -> ()

  %n = arith.constant 100 : index
  %s:2 = call @scf_ops(%n) : (index) -> (i64, f64)
  call @emit_i64(%s#0) : (i64) -> ()
  call @emit_f64(%s#1) : (f64) -> ()
  memref.dealloc %A : memref<30x25xf64>
  memref.dealloc %B : memref<25x20xf64>
  memref.dealloc %C : memref<30x20xf64>
  memref.dealloc %T : memref<24x18xf32>
  return
}
"""

MATH_PROGRAM = """
func.func private @printI64(i64)
func.func private @printNewline()
func.func @emit32(%x: f32) {
  %b = arith.bitcast %x : f32 to i32
  %e = arith.extui %b : i32 to i64
  call @printI64(%e) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
func.func @emit64(%x: f64) {
  %b = arith.bitcast %x : f64 to i64
  call @printI64(%b) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
func.func @main() {
  affine.for %i = 0 to 7 {
    %ii = arith.index_cast %i : index to i32
    %f0 = arith.sitofp %ii : i32 to f32
    %k = arith.constant 0.37 : f32
    %x = arith.mulf %f0, %k : f32
    %half = arith.constant 0.5 : f32
    %xs = arith.subf %x, %half : f32
    %a = math.exp %x : f32
    func.call @emit32(%a) : (f32) -> ()
    %b = math.log %a : f32
    func.call @emit32(%b) : (f32) -> ()
    %c = math.sin %x : f32
    func.call @emit32(%c) : (f32) -> ()
    %d = math.cos %x : f32
    func.call @emit32(%d) : (f32) -> ()
    %e = math.powf %a, %x : f32
    func.call @emit32(%e) : (f32) -> ()
    %g = math.sqrt %x : f32
    func.call @emit32(%g) : (f32) -> ()
    %h = math.tanh %xs : f32
    func.call @emit32(%h) : (f32) -> ()
    %j = math.floor %xs : f32
    func.call @emit32(%j) : (f32) -> ()
    %l = math.absf %xs : f32
    func.call @emit32(%l) : (f32) -> ()
    %r = math.rsqrt %x : f32
    func.call @emit32(%r) : (f32) -> ()
    %m = math.round %xs : f32
    func.call @emit32(%m) : (f32) -> ()
    %x64 = arith.extf %x : f32 to f64
    %n = math.exp %x64 : f64
    func.call @emit64(%n) : (f64) -> ()
    %o = math.log %n : f64
    func.call @emit64(%o) : (f64) -> ()
    %t = arith.truncf %o : f64 to f32
    func.call @emit32(%t) : (f32) -> ()
  }
  return
}
"""


def _differential_program(seed: int, cases_per_op: int) -> str:
    """Random integer and float op applications with printed results; the
    operands avoid undefined behaviour (division by zero, overflowing signed
    division, over-wide shifts).  NaN results print as 1 (their sign and
    payload are not specified)."""
    import random
    rng = random.Random(seed)
    int_ops = ("addi subi muli divsi divui remsi remui floordivsi ceildivsi ceildivui shli "
               "shrsi shrui maxsi minsi maxui minui andi ori xori").split()
    float_ops = "addf subf mulf divf remf maximumf minimumf maxnumf minnumf".split()
    lines = ["func.func private @printI64(i64)", "func.func private @printNewline()",
             """func.func @print_f64(%x: f64) {
  %nan = arith.cmpf uno, %x, %x : f64
  %bits = arith.bitcast %x : f64 to i64
  %one = arith.constant 1 : i64
  %v = arith.select %nan, %one, %bits : i64
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}"""]
    main = ["func.func @main() {"]
    count = 0

    def call(fname, type, a, b):
        nonlocal count
        main.append(f"  %a{count} = arith.constant {a} : {type}\n"
                    f"  %b{count} = arith.constant {b} : {type}\n"
                    f"  call @{fname}(%a{count}, %b{count}) : ({type}, {type}) -> ()")
        count += 1

    for type in ("i8", "i16", "i32", "i64"):
        width = int(type[1:])
        special = [0, 1, -1, 2, -2, 3, 7, (1 << (width - 1)) - 1, -(1 << (width - 1))]
        for op in int_ops:
            fname = f"int_{op}_{type}"
            widen = f"  %w = arith.extsi %r : {type} to i64\n" if width < 64 else \
                "  %w = arith.addi %r, %r0 : i64\n"
            lines.append(f"func.func @{fname}(%a: {type}, %b: {type}) {{\n"
                         f"  %r = arith.{op} %a, %b : {type}\n"
                         + ("  %r0 = arith.constant 0 : i64\n" if width == 64 else "")
                         + widen + "  call @printI64(%w) : (i64) -> ()\n"
                         "  call @printNewline() : () -> ()\n  return\n}")
            done = 0
            while done < cases_per_op:
                a, b = (rng.choice(special) if rng.random() < 0.3 else
                        rng.randint(-(1 << (width - 1)), (1 << (width - 1)) - 1)
                        for _ in range(2))
                ub = b & ((1 << width) - 1)
                if op in ("divsi", "remsi", "floordivsi", "ceildivsi") and (
                        b == 0 or (a == -(1 << (width - 1)) and b == -1)):
                    continue
                if op in ("divui", "remui", "ceildivui") and ub == 0:
                    continue
                if op in ("shli", "shrsi", "shrui") and ub >= width:
                    continue
                call(fname, type, a, b)
                done += 1
    for type in ("f32", "f64"):
        special = ["0.0", "-0.0", "1.0", "-1.5", "0x7F800000" if type == "f32" else
                   "0x7FF0000000000000", "3.0e+38" if type == "f32" else "1.0e+308",
                   "1.0e-45" if type == "f32" else "5.0e-324", "0.1"]
        for op in float_ops:
            fname = f"float_{op}_{type}"
            widen = "  %w = arith.extf %r : f32 to f64\n" if type == "f32" else \
                "  %w = arith.addf %r, %r0 : f64\n"
            zero = "  %r0 = arith.constant -0.0 : f64\n" if type == "f64" else ""
            lines.append(f"func.func @{fname}(%a: {type}, %b: {type}) {{\n"
                         f"  %r = arith.{op} %a, %b : {type}\n{zero}{widen}"
                         "  call @print_f64(%w) : (f64) -> ()\n  return\n}")
            for _ in range(cases_per_op):
                a, b = (rng.choice(special) if rng.random() < 0.4 else
                        repr(rng.uniform(-100, 100)) for _ in range(2))
                call(fname, type, a, b)
    main.append("  return\n}")
    return "\n".join(lines + main) + "\n"


@needs_runner
def test_random_ops_match_real_execution(tmp_path):
    program = _differential_program(seed=2024, cases_per_op=6)
    expected = _execute(program, tmp_path)
    assert len(expected) == 4 * 20 * 6 + 2 * 9 * 6
    assert _interpret_main(program) == expected


def test_an_error_names_the_location_of_the_op():
    """An op carrying `loc("kernel.c":7:15)` is named by that place."""
    from mlir_affine_py.interpreter.runtime import describe
    module = parse_source('func.func @f(%A: memref<4xf32>) {\n'
                          '  %c = arith.constant 9 : index\n'
                          '  %v = memref.load %A[%c] : memref<4xf32> loc("kernel.c":7:15)\n'
                          '  return\n}\n')
    load = next(op for op in module.walk() if op.op_name == "memref.load")
    assert describe(load) == "'memref.load' (kernel.c:7:15)"
    with pytest.raises(InterpreterError, match=r"'memref.load' \(kernel.c:7:15\): out-of-bounds"):
        run_function(module, "f", [np.zeros(4, dtype=np.float32)])
