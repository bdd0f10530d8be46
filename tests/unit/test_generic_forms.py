"""Every registered op written in the generic form with the wrong shape: no
operands, results, regions or attributes where it needs them, too many of
them, operands of the wrong types, empty regions and empty blocks.  The
generic form can spell any of these, so each op's verifier (its counts,
structural traits, required attributes, type and region constraints) must
refuse them before anything that assumes its shape runs: never an internal
error, never an accepted input that mlir-opt rejects.

Where mlir-opt is installed, each form's chunks run through it once with
-split-input-file, and pyaffine-opt's verdict and first error line must be
mlir-opt's, but for KNOWN_DIFFERENCES (a listed chunk that comes to agree
fails the test, so the list stays true).  Chunks that crash mlir-opt 22 are
left out of its run (MLIR_OPT_CRASHES); pyaffine-opt must still reject them."""

from __future__ import annotations

import re

import pytest

import oracle
from mlir_affine_py import opt_main
from mlir_affine_py.diagnostics import MLIRError, format_diagnostic
from mlir_affine_py.dialects import load_all_dialects
from mlir_affine_py.ir.core import OP_CLASSES
from support import MLIR_OPT

HEAD = ("func.func @f(%a: i32, %x: index, %m: memref<4xf32>, %t: tensor<4xf32>, "
        "%v: vector<4xf32>) {\n")
TAIL = "  return\n}\n"
# form -> the op line, `{name}` standing for the op's name.
FORMS = {
    "bare": '  "{name}"() : () -> ()\n',
    "one-result": '  %r = "{name}"() : () -> i32\n',
    "operands": '  "{name}"(%a, %x) : (i32, index) -> ()\n',
    "empty-region": '  "{name}"() ({{\n  }}) : () -> ()\n',
    "empty-blocks": '  "{name}"(%x) ({{\n  ^bb0:\n  }}, {{\n  }}) : (index) -> index\n',
    "memref": '  %r = "{name}"(%m, %x) : (memref<4xf32>, index) -> f32\n',
    "three": '  %r:3 = "{name}"(%x, %x, %x) : (index, index, index) -> (index, index, index)\n',
    "vectors": '  %r = "{name}"(%v, %v) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>\n',
    "tensor": '  %r = "{name}"(%t, %x) : (tensor<4xf32>, index) -> tensor<4xf32>\n',
    "properties": ('  "{name}"(%x) <{{value = 1 : i32, map = 3, kind = "x", callee = 2, '
                   'static_position = [1]}}> : (index) -> ()\n'),
}

# (form, op) -> why: chunks on which mlir-opt 22 itself crashes (an op
# whose verifier reads an attribute or operand the generic form left out).
MLIR_OPT_CRASHES = {
    ("bare", "affine.dma_start"): "reads its source map unchecked",
    ("bare", "affine.dma_wait"): "reads its tag map unchecked",
    ("empty-region", "affine.dma_start"): "reads its source map unchecked",
    ("empty-region", "affine.dma_wait"): "reads its tag map unchecked",
    **{("empty-region", f"linalg.{name}"): "verifies the maps of operands it does not have"
       for name in ("abs add ceil copy div div_unsigned erf exp floor log max min mul negf "
                    "powf reciprocal round rsqrt select sqrt square sub tanh").split()},
}

# (form, op) -> why pyaffine-opt rejects the chunk in other words than
# mlir-opt's first error.
KNOWN_DIFFERENCES = {
    ("properties", "ub.poison"): "its value's kind (a PoisonAttrInterface) is not checked",
    **{("properties", f"vector.{name}"): "the optional `alignment` property is not declared"
       for name in ("compressstore", "expandload", "gather", "maskedload", "maskedstore",
                    "scatter")},
    ("properties", "llvm.inttoptr"): "the optional `dereferenceable` property (and its "
                                     "`dereferenceable<...>` syntax) is not declared",
}


def _op_names() -> list:
    load_all_dialects()
    return sorted(dict.keys(OP_CLASSES))


def _chunks(form: str) -> list:
    """(op name, chunk text) for every op."""
    return [(name, HEAD + FORMS[form].format(name=name) + TAIL) for name in _op_names()]


def _ours(chunk: str, offset: int) -> tuple[str, str | None]:
    """('rejected', first error line), ('accepted', None) or ('crashed', why)."""
    options = opt_main.parse_args(["forms.mlir"])
    try:
        opt_main.process_chunk(chunk, options, "forms.mlir", offset)
    except MLIRError as error:
        text = format_diagnostic("forms.mlir", chunk, error.message, error.pos, error.severity,
                                 offset)
        return "rejected", text.split("\n", 1)[0]
    except Exception as error:  # noqa: BLE001 - an internal error is what is tested
        return "crashed", f"{type(error).__name__}: {error}"
    return "accepted", None


def _theirs(form: str, chunks: list, folder) -> dict:
    """op name -> (the line its chunk starts after in mlir-opt's file,
    mlir-opt's first error line for it or None when it accepts it), for the
    chunks that do not crash mlir-opt."""
    kept = [(name, text) for name, text in chunks if (form, name) not in MLIR_OPT_CRASHES]
    (folder / "forms.mlir").write_text("// -----\n".join(text for _, text in kept))
    done = oracle.run([MLIR_OPT, "-split-input-file", "forms.mlir"], cwd=folder,
                          capture_output=True, timeout=300)
    stderr = done.stderr.decode("utf-8", errors="replace")
    assert "PLEASE submit a bug report" not in stderr, stderr[-2000:]
    errors = [(int(m.group(1)), m.group(0)) for m in
              re.finditer(r"^forms\.mlir:(\d+):\d+: error: .*$", stderr, re.M)]
    found, offset = {}, 0
    for name, text in kept:
        lines = text.count("\n")
        found[name] = (offset, next((line for number, line in errors
                                     if offset < number <= offset + lines), None))
        offset += lines + 1            # the `// -----` line
    return found


@pytest.mark.parametrize("form", sorted(FORMS))
def test_malformed_generic_forms_are_refused_as_mlir_opt_refuses_them(form, tmp_path):
    chunks = _chunks(form)
    reference = _theirs(form, chunks, tmp_path) if MLIR_OPT else {}
    problems, compared = [], 0
    for name, text in chunks:
        offset, expected = reference.get(name, (0, None))
        outcome, line = _ours(text, offset)
        if outcome == "crashed":
            problems.append(f"{name}: internal error: {line}")
            continue
        if not MLIR_OPT or (form, name) in MLIR_OPT_CRASHES:
            if outcome != "rejected" and (form, name) in MLIR_OPT_CRASHES:
                problems.append(f"{name}: accepted")
            continue
        if expected is None:
            if outcome != "accepted":
                problems.append(f"{name}: mlir-opt accepts it, pyaffine-opt says {line}")
            continue
        if outcome == "accepted":
            problems.append(f"{name}: accepted, mlir-opt says {expected}")
            continue
        compared += 1
        known = KNOWN_DIFFERENCES.get((form, name))
        if line != expected and known is None:
            problems.append(f"{name}:\n  mlir-opt:     {expected}\n  pyaffine-opt: {line}")
        elif line == expected and known is not None:
            problems.append(f"{name}: agrees now; take it out of KNOWN_DIFFERENCES")
    assert not problems, f"form {form!r}:\n" + "\n".join(problems)
    if MLIR_OPT:
        assert compared > 100       # the comparison is not vacuous
