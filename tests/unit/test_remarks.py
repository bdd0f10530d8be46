"""Optimization remarks (remarks.py) and the driver's remark options,
compared with mlir-opt 22 (recorded answers, oracle.py) on the remarks both
tools emit: mlir-opt's `-test-remark` pass, which pyaffine-opt has too.
Then the records of pyaffine-opt's own passes: one per decision, with the
costs the passes' text remarks give, at the op's location (the C line of
a `loc("kernel.c":line:col)`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import lit_shell
import oracle
from mlir_affine_py import remarks
from mlir_affine_py.opt_main import main
from support import MLIR_OPT, REPO_ROOT

pytestmark = pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")

# Ops at the input's positions, at a file location of C, at a fused and at
# a named location, and inside a function (the pass walks in post-order).
OPS = """module @foo {
  "test.op"() : () -> ()
  "test.op2"() : () -> () loc("kernel.c":12:9)
  "test.region"() ({
    "test.inner"() : () -> () loc(fused["a.c":1:2, "b.c":3:4])
  }) : () -> () loc("name"("kernel.c":20:1))
  func.func @f() {
    return
  }
  "test.far"() : () -> () loc("a/rather/long/folder/name/of/the/kernel/sources/kernel.c":7:1)
}
"""
SPLIT = '"test.a"() : () -> ()\n// -----\n"test.b"() : () -> ()\n'
# File ranges: a remark's DebugLoc is where they start.
RANGES = ('"test.r"() : () -> () loc("r.c":1:2 to 3:4)\n'
          '"test.s"() : () -> () loc("s.c":5:6 to :9)\n"test.t"() : () -> () loc("t.c":7)\n')
TO_STDOUT = ["--remark-format=yaml", "--remarks-output-file=-"]

CASES = {
    # --remarks-filter and its variants, printed as remarks (emitRemark)
    "every kind": (OPS, ["--remarks-filter=category.*"]),
    "passed": (OPS, ["--remarks-filter-passed=category-1-passed"]),
    "missed": (OPS, ["--remarks-filter-missed=a-category-1-missed"]),
    "failed": (OPS, ["--remarks-filter-failed=category-2-failed"]),
    "analysis": (OPS, ["--remarks-filter-analyse=category-2-analysis"]),
    "every kind joined with one": (OPS, ["--remarks-filter=category-1.*",
                                         "--remarks-filter-failed=category-2-failed"]),
    "the whole category matches": (OPS, ["--remarks-filter=category"]),
    "an anchored pattern": (OPS, ["--remarks-filter=^category-2.*$"]),
    "an invalid pattern": (OPS, ["--remarks-filter=category-(1"]),
    "no filter": (OPS, []),
    "the emitRemark format named": (OPS, ["--remark-format=emitRemark",
                                          "--remarks-filter=category-2.*"]),
    "a filter given apart": (OPS, ["--remarks-filter", "category-1.*"]),
    # --remark-format=yaml with --remarks-output-file (`-`: standard output)
    "yaml": (OPS, [*TO_STDOUT, "--remarks-filter=category.*"]),
    "yaml of one kind": (OPS, [*TO_STDOUT, "--remarks-filter-missed=a-category.*"]),
    "yaml at file ranges": (RANGES, [*TO_STDOUT, "--remarks-filter-analyse=category-2.*"]),
    "yaml without a filter": (OPS, TO_STDOUT),
    "yaml of each chunk": (SPLIT, [*TO_STDOUT, "--split-input-file",
                                   "--remarks-filter=category-1-passed"]),
    "yaml into a missing folder": (OPS, ["--remark-format=yaml", "--remarks-filter=category.*",
                                         "--remarks-output-file=/nonexistent-folder/r.yaml"]),
    # the options' errors
    "an unknown format": (OPS, ["--remark-format=json"]),
    "an unknown policy": (OPS, ["--remark-policy=some"]),
    "a format given apart": (OPS, ["--remark-format", "xml"]),
    # remarks are diagnostics: -verify-diagnostics expects them
    "expected remarks": ('"test.op"() : () -> () // expected-remark {{[Analysis] test-remark}}\n',
                         ["-verify-diagnostics", "--remarks-filter-analyse=category-2.*"]),
    "an unexpected remark": ('"test.op"() : () -> ()\n',
                             ["-verify-diagnostics", "--remarks-filter-failed=category-2.*"]),
}


def _unwrapped(text: str) -> str:
    """YAML records with their DebugLoc on one line: yaml::Output breaks it
    past column 70, and the input's path, which the recorded answers hold
    as the path mlir-opt was run on, is not the test's (the op at a long
    file location checks the breaking)."""
    return re.sub(r", \n {19}(?=Line|Column)", ", ", text)


def _run_both(source: str, flags: list, tmp_path, capsys):
    path = tmp_path / "remarks.mlir"
    path.write_text(source)
    arguments = ["--allow-unregistered-dialect", "--test-remark", *flags, str(path)]
    code = main(arguments)
    ours = capsys.readouterr()
    theirs = oracle.run([MLIR_OPT, *arguments], capture_output=True, timeout=60)
    if str(path) in ours.out:
        ours = type(ours)(_unwrapped(ours.out), ours.err)
    return ((code, ours.out, ours.err),
            (theirs.returncode, _unwrapped(theirs.stdout.decode()).replace(
                "mlir-opt:", "pyaffine-opt:"),
             theirs.stderr.decode().replace("mlir-opt:", "pyaffine-opt:")))


@pytest.mark.parametrize("name", sorted(CASES))
def test_remark_flag_as_mlir_opt(name, tmp_path, capsys):
    source, flags = CASES[name]
    ours, theirs = _run_both(source, flags, tmp_path, capsys)
    assert ours == theirs


def _blocks(text: str, start: str) -> list:
    """The remarks of `text` (a diagnostic with its source lines, or a YAML
    document), sorted: the `final` policy reports them in the order of
    MLIR's hash set, which is not kept."""
    parts = re.split(rf"(?m)^(?={re.escape(start)})", text)
    return sorted(part for part in parts if part)


@pytest.mark.parametrize("flags, start", [
    (["--remark-policy=final", "--remarks-filter=category.*"], ""),
    (["--remark-policy=final", "--remarks-filter=category.*", *TO_STDOUT], "--- !"),
])
def test_final_policy_as_mlir_opt(flags, start, tmp_path, capsys):
    """The last remark of each location, name, category and kind; the
    first passed remark of each op, replaced by the second, is dropped."""
    (code, out, err), (their_code, their_out, their_err) = _run_both(OPS, flags, tmp_path,
                                                                     capsys)
    assert code == their_code == 0
    assert "should be dropped" not in out + err
    if start:
        # Written when the chunk's engine ends, after its output.  mlir-opt
        # 22 writes each of these records twice (the policy's finalize runs
        # twice on YAML streams); pyaffine-opt writes each once.
        module = out.index("module @foo")
        assert out.startswith("module @foo")
        end = out.index("\n\n") + 2
        their_end = their_out.index("\n\n") + 2
        assert out[:end] == their_out[:their_end]
        ours = _blocks(_unwrapped(out[end:]), start)
        theirs = _blocks(_unwrapped(their_out[their_end:]), start)
        assert theirs == sorted(ours + ours)
        assert len(ours) == 3 * 7 and module == 0
    else:
        assert out == their_out
        starts = r"^\S+:\d+:\d+: remark: |<unknown>:0: remark: "
        ours = sorted(re.split(rf"(?m)(?={starts})", err))
        assert ours == sorted(re.split(rf"(?m)(?={starts})", their_err))


def test_yaml_goes_to_its_file(tmp_path, capsys, monkeypatch):
    """`--remarks-output-file`, and mlir-remarks.yaml in the working folder
    by default: the records mlir-opt writes to its standard output with
    `-`; the file of a run whose input does not parse is not written."""
    path = tmp_path / "remarks.mlir"
    path.write_text(OPS)
    common = ["--allow-unregistered-dialect", "--test-remark", "--remarks-filter=category.*",
              "--remark-format=yaml", "-o", str(tmp_path / "out.mlir")]
    theirs = oracle.run([MLIR_OPT, *common, "--remarks-output-file=-", str(path)],
                        capture_output=True, timeout=60).stdout.decode()
    theirs = _unwrapped(theirs)
    assert main([*common, f"--remarks-output-file={tmp_path / 'named.yaml'}", str(path)]) == 0
    monkeypatch.chdir(tmp_path)
    assert main([*common, str(path)]) == 0
    assert _unwrapped((tmp_path / "named.yaml").read_text()) == theirs
    assert _unwrapped((tmp_path / "mlir-remarks.yaml").read_text()) == theirs
    assert theirs.count("--- !") == 7 * 4
    (tmp_path / "mlir-remarks.yaml").unlink()
    (tmp_path / "bad.mlir").write_text("foo\n")
    assert main([*common, str(tmp_path / "bad.mlir")]) == 1
    assert not (tmp_path / "mlir-remarks.yaml").exists()
    capsys.readouterr()


# Many ops at locations of their own: string indices past one VBR chunk,
# lines past 16 bits, a range, a name, a fused and an unknown location.
MANY = ("func.func @many(%a: index) {\n"
        + "".join(f'  %x{i} = arith.addi %a, %a : index loc("f{i}.c":{70000 * i + 7}:{i + 3})\n'
                  for i in range(40))
        + '  "test.r"() : () -> () loc("r.c":1:2 to 3:4)\n'
        + '  "test.n"() : () -> () loc("na\u00efve"("x.c":1:1))\n'
        + '  "test.f"() : () -> () loc(fused["a.c":1:1, "b.c":2:2])\n'
        + '  "test.u"() : () -> () loc(unknown)\n'
        + "  return\n} loc(\"f.c\":1:1)\n")


@pytest.mark.parametrize("source, flags", [
    (OPS, ["--remarks-filter=category.*"]),
    (OPS, ["--remarks-filter-missed=a-category.*", "--remarks-filter-analyse=.*"]),
    (MANY, ["--remarks-filter=.*"]),
], ids=["every kind", "two kinds", "many locations"])
def test_bitstream_as_mlir_opt(source, flags, tmp_path):
    """LLVM's bitstream container, byte for byte: mlir-opt's, written to its
    standard output with the module sent elsewhere (the input read from
    standard input, so that no path of the test's is in the records)."""
    common = ["--allow-unregistered-dialect", "--test-remark", "--remark-format=bitstream",
              *flags]
    theirs = oracle.run([MLIR_OPT, *common, "-o", str(tmp_path / "theirs.mlir"),
                         "--remarks-output-file=-", "-"], input=source.encode(), timeout=60)
    ours = lit_shell.run_pyaffine_opt([*common, "-o", str(tmp_path / "ours.mlir"),
                                       f"--remarks-output-file={tmp_path / 'ours.bs'}", "-"],
                                      source.encode(), tmp_path)
    assert ours.code == theirs.returncode == 0, ours.stderr
    assert theirs.stdout.startswith(b"RMRK")
    assert (tmp_path / "ours.bs").read_bytes() == theirs.stdout
    assert (tmp_path / "ours.mlir").read_text() == (tmp_path / "theirs.mlir").read_text()


def test_bitstream_goes_to_its_file(tmp_path, capsys, monkeypatch):
    """mlir-remarks.bitstream in the working folder by default, nothing in
    it when no remark passes the filters, and only the last chunk's
    remarks (each chunk's engine writes the file anew)."""
    path = tmp_path / "remarks.mlir"
    path.write_text(SPLIT)
    monkeypatch.chdir(tmp_path)
    common = ["--allow-unregistered-dialect", "--test-remark", "--remark-format=bitstream"]
    assert main([*common, "--remarks-filter=category.*", str(path)]) == 0
    whole = (tmp_path / "mlir-remarks.bitstream").read_bytes()
    assert main([*common, "--remarks-filter=category.*", "--split-input-file", str(path)]) == 0
    last = (tmp_path / "mlir-remarks.bitstream").read_bytes()
    assert whole.startswith(b"RMRK") and last.startswith(b"RMRK") and len(last) < len(whole)
    assert main([*common, "--remarks-filter=nothing", str(path)]) == 0
    assert (tmp_path / "mlir-remarks.bitstream").read_bytes() == b""
    capsys.readouterr()


@pytest.mark.parametrize("source, flags", [
    (OPS, ["--remarks-filter=category.*"]),
    (SPLIT, ["--remarks-filter=category-1.*", "--split-input-file"]),
    (SPLIT + '// -----\n"test.c"(\n', ["--remarks-filter=category-2.*", "--split-input-file"]),
], ids=["one chunk", "chunks", "a chunk that does not parse"])
def test_bitstream_on_standard_output_as_mlir_opt(source, flags, tmp_path):
    """`--remarks-output-file=-`: each chunk's container after its output,
    as mlir-opt writes them."""
    args = ["--allow-unregistered-dialect", "--test-remark", "--remark-format=bitstream",
            *flags, "--remarks-output-file=-", "-"]
    theirs = oracle.run([MLIR_OPT, *args], input=source.encode(), timeout=60)
    ours = lit_shell.run_pyaffine_opt(args, source.encode(), tmp_path)
    assert theirs.stdout.count(b"RMRK") == source.count("// -----") + 1 - ("(\n" in source)
    assert (ours.code, ours.stdout) == (theirs.returncode, theirs.stdout)


def test_help_lists_the_remark_options_as_mlir_opt(capsys):
    """The category, its description, and each option's lines (spaces aside)."""
    assert main(["--help"]) == 0
    ours = capsys.readouterr().out.splitlines()
    theirs = oracle.run([MLIR_OPT, "--help"], capture_output=True,
                        timeout=60).stdout.decode().splitlines()

    def section(lines):
        start = lines.index("Remark Options:")
        rest = lines[start + 3:]     # past the category's description and blank line
        end = start + 3 + (rest.index("") if "" in rest else len(rest))
        return [" ".join(line.split()) for line in lines[start:end]]
    assert section(ours) == section(theirs)


# ------------------------------------------------- the records of the passes
def _records(path: Path, pass_flag: str, filters: list, capsys) -> list:
    """The YAML records of a run, each as (kind, {key: value}, [(arg key,
    arg value)]), read with the layout yaml_record writes."""
    assert main([pass_flag, *filters, *TO_STDOUT, "-o", "/dev/null", str(path)]) == 0
    out = capsys.readouterr().out
    found = []
    for document in re.findall(r"(?ms)^--- !(\w+)\n(.*?)^\.\.\.$", out):
        kind, body = document
        fields = dict(re.findall(r"(?m)^(\w+):\s+(.*)$", body))
        args = re.findall(r"(?m)^  - (\w+):\s+(.*)$", body)
        found.append((kind, fields, [(key, value.strip("'")) for key, value in args]))
    return found


def test_interchange_records_its_decision_with_the_costs(capsys):
    """One `legal-order` record per legal order, with the costs its text
    remark gives, and one `chose-order`: the cheapest order, its costs and
    the original order's total."""
    matmul = REPO_ROOT / "examples" / "matmul.mlir"
    records = _records(matmul, "-affine-loop-interchange", ["--remarks-filter=affine-.*"],
                       capsys)
    assert main(["-affine-loop-interchange=remarks=true", "-o", "/dev/null", str(matmul)]) == 0
    text = capsys.readouterr().err
    legal = [dict(args) for kind, fields, args in records if fields["Name"] == "legal-order"]
    assert [kind for kind, _, _ in records] == ["Analysis"] * 6 + ["Passed"]
    for costs in legal:
        line = (f"legal order {costs['Order']}: parallelism {costs['Parallelism']}, spatial "
                f"{costs['Spatial']}, temporal {costs['Temporal']}, total {costs['Total']}")
        assert line in text
    kind, fields, args = records[-1]
    chosen = dict(args)
    assert fields["Name"] == "chose-order" and fields["Pass"] == "affine-loop-interchange"
    assert fields["Function"] == "matmul"
    assert fields["DebugLoc"] == f"{{ File: '{matmul}', Line: 3, Column: 3 }}" or \
        fields["DebugLoc"].startswith(f"{{ File: '{matmul}', Line: 3,")
    assert int(chosen["Total"]) == min(int(costs["Total"]) for costs in legal)
    original = next(c for c in legal if c["Order"].startswith("(0, 1, 2)"))
    assert chosen["OriginalTotal"] == original["Total"]
    assert f"chose order {chosen['Order']} (permutation-map={chosen['PermutationMap']})" in text


KERNEL = """func.func @kernel(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  affine.for %j = 0 to 64 {
    affine.for %i = 0 to 64 {
      %v = affine.load %B[%i, %j] : memref<64x64xf32> loc("kernel.c":5:14)
      affine.store %v, %A[%i, %j] : memref<64x64xf32> loc("kernel.c":5:7)
    } loc("kernel.c":4:5)
  } loc("kernel.c":3:3)
  return
}
"""


def test_records_are_at_the_c_lines(tmp_path, capsys):
    """A record's DebugLoc is the op's `loc("kernel.c":line:col)`; the
    emitRemark form is reported there too."""
    path = tmp_path / "kernel.mlir"
    path.write_text(KERNEL)
    records = _records(path, "-affine-loop-interchange",
                       ["--remarks-filter-passed=affine-loop-interchange"], capsys)
    ((kind, fields, args),) = records
    assert (kind, fields["DebugLoc"]) == ("Passed", "{ File: kernel.c, Line: 3, Column: 3 }")
    assert main(["-affine-loop-interchange", "--remarks-filter-passed=affine-.*", "-o",
                 "/dev/null", str(path)]) == 0
    err = capsys.readouterr().err
    assert err.startswith("kernel.c:3:3: remark: [Passed] chose-order | "
                          "Category:affine-loop-interchange | Function=kernel | Order=")


def test_fusion_records_say_why_a_cheaper_fusion_is_not_taken():
    """A fusion that saves less than MIN_SAVING of the joining statement's
    cost is a tie: `not-fused`, with both costs and the reason."""
    from mlir_affine_py.polyhedral import fusion

    class Statement:
        def __init__(self, name):
            self.name = name

    s0, s1 = Statement("S0"), Statement("S1")

    class Cluster:
        members = [s0]
        dims = {s0: 0}
        shifts: dict = {}

    class Cost:
        """S1 alone costs 100; S0 alone 50, and the two fused 148.5: fusing
        adds 98.5, a saving of 1.5% of S1's cost alone."""
        def cost(self, dims, schedule, shifts=None):
            return 50.0 if dims == {s0: 0} else (148.5 if len(dims) > 1 else 100.0)

        def spoils_vectorization(self, *args):
            return None

    plan = fusion.FusionPlan(None, None)
    choice = fusion._choose(Cost(), None, Cluster, [s1], [{s1: 0}], [({s1: 1}, {})], 1, plan)
    assert choice[0] is False
    ((kind, name, args),) = plan.records
    values = dict(arg for arg in args if not isinstance(arg, str))
    assert (kind, name) == (remarks.MISSED, "not-fused")
    assert (values["CostAlone"], values["AddedCostFused"]) == (100, 98.5)
    assert values["Reason"] == "fusing saves less than 2% of its cost alone, a tie"


@pytest.mark.parametrize("text, expected", [
    ("plain text, with commas", "plain text, with commas"),
    ("(0, 2, 1)", "'(0, 2, 1)'"),
    ("42", "'42'"), ("1.5e3", "'1.5e3'"), ("true", "'true'"), ("", "''"),
    ("it's", "'it''s'"), ("-x", "'-x'"), ("a/b", "'a/b'"), ("caf\u00e9", '"caf\u00e9"'),
    ("tab\tinside", "tab\tinside"), ("line\nbreak", "'line\nbreak'"), ("bell\x07", '"bell\\x07"'),
])
def test_yaml_scalars_are_quoted_as_llvm_quotes_them(text, expected):
    assert remarks._scalar(text) == expected


def test_fusion_records_name_the_statements_by_their_places(capsys):
    """The schedule's `S0`, `S1` and `i0`, `i1` are tied to the stores'
    lines and the loops they were."""
    mvt = REPO_ROOT / "examples" / "mvt.mlir"
    records = _records(mvt, "-affine-permute-and-fuse",
                       ["--remarks-filter-passed=affine-permute-and-fuse"], capsys)
    chosen = [dict(args) for _, fields, args in records if fields["Name"] == "chose-schedule"]
    lines = mvt.read_text().splitlines()
    stores = [f"{number}:{line.index('affine.store') + 1}"
              for number, line in enumerate(lines, 1) if "affine.store" in line]
    assert chosen == [{**chosen[0], "Statements": (
        f"S0 = the affine.store at {stores[0]} (i0 = %i, i1 = %j); "
        f"S1 = the affine.store at {stores[1]} (i0 = %i, i1 = %j)")}]
    assert chosen[0]["Schedule"] == "S0(i0, i1); S1(i1, i0)"
