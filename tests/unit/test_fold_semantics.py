"""The folds and canonicalization patterns keep the meaning of programs:
random straight-line arith programs (integer ops, comparisons, selects and
casts over random constants, at widths 1, 8, 32 and index, and
element-wise over vectors), and random scf.if / scf.for shapes, are run by
the reference interpreter before and after `-canonicalize`, on the same
seeded arguments; the results are identical.  A program whose original
run is undefined (a division by zero) is skipped, as its folds may be
anything."""

from __future__ import annotations

import random

import pytest

import lit_shell
from mlir_affine_py.interpreter import Interpreter, InterpreterError, run_function
from mlir_affine_py.parse.parser import parse_source
from support import REPO_ROOT

PROGRAMS = 80            # a count, not a time budget
SCF_PROGRAMS = 20        # per case, two cases

_BINARY = ["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi", "maxui", "minui"]
# Undefined on some operands (a zero divisor, a shift past the width): rarer,
# so that most programs have a defined run to compare.
_PARTIAL = ["divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi",
            "shli", "shrsi", "shrui"]
_PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
_WIDTHS = {"i8": 8, "i32": 32, "index": 64}


def _interesting(rng, width: int) -> int:
    edges = [0, 1, -1, 2, (1 << (width - 1)) - 1, -(1 << (width - 1)), 3, 7]
    if rng.random() < 0.6:
        return rng.choice(edges)
    return rng.randrange(-(1 << (width - 1)), 1 << (width - 1))


def arith_program(seed: int) -> str:
    """A function of two arguments of one integer type: constants, then
    ops each taking earlier values (often constants), every value returned
    through a sum so that nothing is dead."""
    rng = random.Random(seed)
    type = rng.choice(list(_WIDTHS))
    width = _WIDTHS[type]
    vector = type != "index" and rng.random() < 0.3
    vtype = f"vector<4x{type}>" if vector else type
    lines, values, bools = [], ["%a", "%b"], []
    for k in range(rng.randint(2, 5)):
        if vector and rng.random() < 0.5:
            elements = ", ".join(str(_interesting(rng, width)) for _ in range(4))
            lines.append(f"%c{k} = arith.constant dense<[{elements}]> : {vtype}")
        elif vector:
            lines.append(f"%c{k} = arith.constant dense<{_interesting(rng, width)}> : {vtype}")
        else:
            lines.append(f"%c{k} = arith.constant {_interesting(rng, width)} : {vtype}")
        values.append(f"%c{k}")
    for k in range(rng.randint(3, 9)):
        kind = rng.random()
        x, y = rng.choice(values), rng.choice(values)
        if kind < 0.6:
            op = rng.choice(_PARTIAL if rng.random() < 0.15 else _BINARY)
            lines.append(f"%v{k} = arith.{op} {x}, {y} : {vtype}")
            values.append(f"%v{k}")
        elif kind < 0.8:
            lines.append(f"%p{k} = arith.cmpi {rng.choice(_PREDICATES)}, {x}, {y} : {vtype}")
            bools.append(f"%p{k}")
            if not vector:
                z = rng.choice(values)
                lines.append(f"%v{k} = arith.select %p{k}, {y}, {z} : {vtype}")
                values.append(f"%v{k}")
        elif not vector and type != "index":
            wider = {"i8": "i32", "i32": "i64"}[type]
            ext = rng.choice(["extsi", "extui"])
            lines.append(f"%w{k} = arith.{ext} {x} : {type} to {wider}")
            lines.append(f"%v{k} = arith.trunci %w{k} : {wider} to {type}")
            values.append(f"%v{k}")
    total = values[2]
    for k, value in enumerate(values[3:]):
        lines.append(f"%s{k} = arith.xori {total}, {value} : {vtype}")
        total = f"%s{k}"
    result_types = [vtype] + [f"vector<4xi1>" if vector else "i1"] * len(bools)
    body = "\n    ".join(lines)
    results = ", ".join([total] + bools)
    return (f"func.func @f(%a: {vtype}, %b: {vtype}) -> ({', '.join(result_types)}) {{\n"
            f"    {body}\n    return {results} : {', '.join(result_types)}\n}}\n")


def _arguments(text: str, seed: int):
    rng = random.Random(seed + 1)
    head = text.split("(", 1)[1]
    type = head.split(":", 1)[1].split(",", 1)[0].strip()
    if type.startswith("vector"):
        import numpy as np
        dtype = {"i8": np.int8, "i32": np.int32}[type[9:-1]]
        return [np.array([rng.randrange(-50, 50) for _ in range(4)], dtype=dtype)
                for _ in range(2)]
    return [rng.randrange(-50, 50), rng.randrange(-50, 50)]


def canonicalize(text: str) -> str:
    done = lit_shell.run_pyaffine_opt(["-canonicalize", "-"], text.encode(), REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    return done.stdout.decode()


def _run(text: str, args):
    return run_function(parse_source(text), "f", args)


def _same(before, after) -> bool:
    import numpy as np
    return all(np.array_equal(np.asarray(x), np.asarray(y)) for x, y in zip(before, after))


@pytest.mark.parametrize("chunk", range(4))
def test_arith_folds_keep_the_meaning_of_random_programs(chunk):
    checked = 0
    for seed in range(chunk * PROGRAMS // 4, (chunk + 1) * PROGRAMS // 4):
        text = arith_program(seed)
        args = _arguments(text, seed)
        try:
            before = _run(text, args)
        except InterpreterError:
            continue            # undefined behaviour: any result is right
        folded = canonicalize(text)
        after = _run(folded, args)
        assert _same(before, after), f"seed {seed}\n{text}\n{folded}\n{before} != {after}"
        checked += 1
    assert checked >= PROGRAMS // 8


def scf_program(seed: int) -> str:
    """A function of two i1 and two i32 arguments built of scf.if and
    scf.for shapes the scf patterns rewrite: ifs on a condition, its
    negation or a constant, nested ifs, consecutive ifs on one condition,
    yields of constants, arguments and branch-local values; loops of zero,
    one or several iterations with forwarded, invariant, repeated and
    unused iter_args."""
    rng = random.Random(seed)
    lines = ["%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index",
             "%c3 = arith.constant 3 : index", "%true = arith.constant true",
             "%k = arith.constant 7 : i32"]
    values, conditions = ["%x", "%y", "%k"], ["%p", "%q", "%true"]
    for n in range(rng.randint(2, 5)):
        kind = rng.choice(["if", "if", "nested", "for", "not"])
        cond = rng.choice(conditions)
        a, b = rng.choice(values), rng.choice(values)
        if kind == "not":
            lines.append(f"%n{n} = arith.xori {cond}, %true : i1")
            conditions.append(f"%n{n}")
        elif kind == "if":
            then = rng.choice([a, f"%t{n}"])
            other = rng.choice([b, a, f"%e{n}"])
            then_body = f"%t{n} = arith.addi {a}, %k : i32\n      " if then == f"%t{n}" else ""
            else_body = f"%e{n} = arith.muli {b}, {b} : i32\n      " if other == f"%e{n}" else ""
            flag_then, flag_else = rng.choice([("%true", "%false"), ("%false", "%true"),
                                                ("%true", "%true")])
            lines.append("%false = arith.constant false" if f"%false" not in "\n".join(lines)
                         else "")
            lines.append(f"%r{n}:2 = scf.if {cond} -> (i32, i1) {{\n      {then_body}"
                         f"scf.yield {then}, {flag_then} : i32, i1\n    }} else {{\n      "
                         f"{else_body}scf.yield {other}, {flag_else} : i32, i1\n    }}")
            values.append(f"%r{n}#0")
            conditions.append(f"%r{n}#1")
        elif kind == "nested":
            inner = rng.choice(conditions)
            lines.append(f"%r{n} = scf.if {cond} -> (i32) {{\n      %i{n} = scf.if {inner} -> (i32) "
                         f"{{\n        %s{n} = arith.subi {a}, {b} : i32\n        "
                         f"scf.yield %s{n} : i32\n      }} else {{\n        scf.yield {b} : i32\n"
                         f"      }}\n      scf.yield %i{n} : i32\n    }} else {{\n      "
                         f"scf.yield {b} : i32\n    }}")
            values.append(f"%r{n}")
        else:
            upper = rng.choice(["%c0", "%c1", "%c3"])
            lines.append(f"%r{n}:4 = scf.for %iv{n} = %c0 to {upper} step %c1 iter_args("
                         f"%u{n} = {a}, %v{n} = {b}, %w{n} = {b}, %z{n} = {a}) -> "
                         f"(i32, i32, i32, i32) {{\n      %m{n} = arith.addi %u{n}, %w{n} : i32\n"
                         f"      scf.yield %m{n}, {b}, %w{n}, %z{n} : i32, i32, i32, i32\n    }}")
            values.extend([f"%r{n}#0", f"%r{n}#1", f"%r{n}#2"])
    total = values[0]
    for k, value in enumerate(values[1:]):
        lines.append(f"%acc{k} = arith.xori {total}, {value} : i32")
        total = f"%acc{k}"
    flags = conditions[3:] or ["%p"]
    body = "\n    ".join(line for line in lines if line)
    types = ", ".join(["i32"] + ["i1"] * len(flags))
    return (f"func.func @f(%p: i1, %q: i1, %x: i32, %y: i32) -> ({types}) {{\n    {body}\n"
            f"    return {total}, {', '.join(flags)} : {types}\n}}\n")


@pytest.mark.parametrize("chunk", range(2))
def test_scf_patterns_keep_the_meaning_of_random_programs(chunk):
    changed = 0
    for seed in range(chunk * SCF_PROGRAMS, (chunk + 1) * SCF_PROGRAMS):
        text = scf_program(seed)
        folded = canonicalize(text)
        changed += folded != text
        original, rewritten = (Interpreter(parse_source(t)) for t in (text, folded))
        for p, q in ((0, 0), (0, 1), (1, 0), (1, 1)):
            args = [p, q, 5 + seed, -3 * seed]
            before, after = original.run("f", args), rewritten.run("f", args)
            assert _same(before, after), f"seed {seed} {args}\n{text}\n{folded}"
    assert changed >= SCF_PROGRAMS // 2
