"""-verify-diagnostics as mlir-opt 22 has it: annotations on the line
(`@+N`, `@-N`, `@above`, `@below`, `@unknown`), text and `-re` matches,
near misses, unexpected and unproduced diagnostics worded and placed as
mlir-opt words them, one verifier over all `-split-input-file` chunks, and
the dependence-check remarks caught; without the flag, annotations
reported as mlir-opt 22 reports them.  Every case is compared with mlir-opt
(stdout, stderr and exit status) where it is installed; a few also state
the expected report here."""

from __future__ import annotations

import pytest

import oracle
from mlir_affine_py import opt_main
from mlir_affine_py.verify_diagnostics import DiagnosticVerifier, regex_of
from support import MLIR_OPT, find_corpus

CASES = {
    "matched": """func.func @f() {
  %1 = arith.addi %x, %x : i32 // expected-error {{undeclared SSA value}}
  return
}
""",
    "designators": """func.func @f() {
  // expected-error @+2 {{use of undeclared SSA value name}}

  %1 = arith.addi %0, %x : i32
  // expected-error@-1 {{use of undeclared SSA value name}}
  return
}
// -----
// expected-error@below {{operation being parsed with an unregistered dialect}}
// expected-note @below {{this one is not produced}}
%0 = "foo"() : () -> ()
// -----
func.func @g() {
  %0 = arith.constant 1 : i32 // expected-note {{previously defined here}}
  %0 = arith.constant 2 : i32
  // expected-error@above {{redefinition of SSA value '%0'}}
  return
}
""",
    "unexpected-and-missing": """// expected-error @below {{zzz}}
func.func @g() {
  return
}
// -----
func.func @h() {
  %x = arith.addi %0, %y : i32
}
// -----
func.func @k() {
  %0 = arith.constant 1 : i32
  %0 = arith.constant 2 : i32 // expected-error {{redefinition of SSA value '%0'}}
  return
}
// expected-warning @below {{dangling}}
""",
    "near-miss": """func.func @f() {
  %1 = arith.addi %0, %y : i32 // expected-remark {{use of undeclared}}
  return
}
""",
    "regex": """func.func @f() {
  // expected-error-re @+1 {{use of {{[a-z]+}} SSA value{{$}}}}
  %1 = arith.addi %x, %x : i32
  return
}
// -----
// expected-error-re @+1 {{bad {{[}}}}
func.func @g() {
  return
}
// -----
// expected-error-re @+1 {{no {{end
func.func @h() {
  return
}
""",
    "unknown-and-octal": """// expected-error @unknown {{nothing}}
// expected-error @+010 {{use of undeclared}}
func.func @f() {
  return
}



func.func @g() {
  %1 = arith.addi %x, %x : i32
  return
}
""",
    "split-markers": """func.func @f() {
  return
}
// ----
func.func @g() {
  %0 = arith.constant 1 : i32 // -----0
  return
}
// ------
func.func @h() {
  return
}
"// -----
"  // expected-error {{expected}}
""",
    "tabs": """func.func @f() {
\t%1 = arith.addi %x, %x : i32\t// expected-error {{nope}}
  return
}
""",
    "verifier": """func.func @f() -> i32 {
  %0 = arith.constant 1 : i64
  return %0 : i64 // expected-error {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f}}
}
""",
    "dependence-remarks": """func.func @f() {
  %m = memref.alloc() : memref<10xf32>
  %c = arith.constant 0.0 : f32
  affine.for %i = 0 to 10 {
    // expected-remark@below {{dependence from 0 to 0 at depth 1 = false}}
    affine.store %c, %m[%i] : memref<10xf32>
    // expected-remark@above {{dependence from 0 to 0 at depth 2 = false}}
  }
  return
}
""",
}
FLAGS = {"dependence-remarks": ["-test-memref-dependence-check"]}


def _run(argv, capsys):
    code = opt_main.main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("verify", [True, False], ids=["verify", "no-verify"])
def test_same_report_as_mlir_opt(name, verify, tmp_path, capsys):
    """Without -verify-diagnostics mlir-opt 22 reports every annotation as
    not produced after its own diagnostics, and exits as it would."""
    mlir_opt = MLIR_OPT
    if mlir_opt is None:
        pytest.skip("mlir-opt is not installed")
    path = tmp_path / f"{name}.mlir"
    path.write_text(CASES[name])
    argv = (FLAGS.get(name, []) + ["-split-input-file"] + (["-verify-diagnostics"] if verify
                                                           else []) + [path.name])
    expected = oracle.run([mlir_opt, *argv], capture_output=True, text=True,
                              cwd=tmp_path, timeout=60)
    import os
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        found = _run(argv, capsys)
    finally:
        os.chdir(here)
    assert found == (expected.returncode, expected.stdout, expected.stderr)


def test_reports_are_worded_and_placed_as_mlir_opt(tmp_path, capsys):
    path = tmp_path / "t.mlir"
    path.write_text(CASES["unexpected-and-missing"])
    code, _, err = _run(["-split-input-file", "-verify-diagnostics", path], capsys)
    assert code == 1
    assert err == (
        f"{path}:7:19: error: unexpected error: use of undeclared SSA value name\n"
        "  %x = arith.addi %0, %y : i32\n"
        "                  ^\n"
        f"{path}:7:23: error: unexpected error: use of undeclared SSA value name\n"
        "  %x = arith.addi %0, %y : i32\n"
        "                      ^\n"
        f"{path}:11:3: error: unexpected note: previously defined here\n"
        "  %0 = arith.constant 1 : i32\n"
        "  ^\n"
        f"{path}:1:4: error: expected error \"zzz\" was not produced\n"
        "// expected-error @below {{zzz}}\n"
        "   ^~~\n"
        f"{path}:15:4: error: expected warning \"dangling\" was not produced\n"
        "// expected-warning @below {{dangling}}\n"
        "   ^~~~~~~~\n")


def test_near_miss_and_only_expected(tmp_path, capsys):
    path = tmp_path / "t.mlir"
    path.write_text(CASES["near-miss"])
    code, _, err = _run(["-verify-diagnostics", path], capsys)
    assert code == 1
    assert err.startswith(f"{path}:2:35: error: 'error' diagnostic emitted when expecting "
                          "a 'remark'\n")
    # The unexpected second error is not reported with only-expected; the
    # remark that never came still is.
    code, _, err = _run(["-verify-diagnostics=only-expected", path], capsys)
    assert code == 1 and err.count("error:") == 1 and "was not produced" in err


def test_matched_run_passes_and_prints_the_chunks(tmp_path, capsys):
    path = tmp_path / "t.mlir"
    path.write_text(CASES["matched"] + "// -----\nfunc.func @g() {\n  return\n}\n")
    code, out, err = _run(["-split-input-file", "-verify-diagnostics", path], capsys)
    assert (code, err) == (0, "")
    assert out == "// -----\nmodule {\n  func.func @g() {\n    return\n  }\n}\n\n"


def test_annotations():
    lines = ["x // expected-error@+1 {{a}} // expected-error {{b}}",
             "y", "// expected-note @above {{c}}", "// expected-remark@below {{d}}"]
    verifier = DiagnosticVerifier("f", "\n".join(lines), None)
    # One annotation a line: its text runs to the last '}}'.
    assert [(e.severity, e.line, e.text) for e in verifier.expected] == [
        ("error", 2, "a}} // expected-error {{b"), ("note", 2, "c"), ("remark", 4, "d")]
    assert regex_of("a.{{[0-9]+}}").fullmatch("a.12")
    assert not regex_of("a.{{[0-9]+}}").fullmatch("ab12")
    assert regex_of("x {{(}}") == "invalid regex: parentheses not balanced"


def test_dependence_check_corpus_file_verifies(tmp_path, capsys):
    corpus = find_corpus()
    if corpus is None:
        pytest.skip("the shared corpus is not present")
    path = corpus / "upstream" / "memref-dependence-check.mlir"
    code, _, err = _run(["-test-memref-dependence-check", "-split-input-file",
                         "-verify-diagnostics", path], capsys)
    assert (code, err) == (0, "")
    # A remark text that no remark has is caught.
    mutated = path.read_text().replace("dependence from 0 to 0 at depth 1 = false",
                                       "dependence from 0 to 0 at depth 1 = true", 1)
    assert mutated != path.read_text()
    copy = tmp_path / path.name
    copy.write_text(mutated)
    code, _, err = _run(["-test-memref-dependence-check", "-split-input-file",
                         "-verify-diagnostics", copy], capsys)
    assert code == 1
    assert "error: unexpected remark: dependence from 0 to 0 at depth 1 = false" in err
    assert 'error: expected remark "dependence from 0 to 0 at depth 1 = true" was not' in err
