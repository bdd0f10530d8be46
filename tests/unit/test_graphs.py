"""The dependence graph and the fusion conflict graph as Graphviz DOT
(mlir_affine_py/graphs.py, transforms/graph_dot.py): the DOT text read
back here holds an edge per kind and pair of statements the project's
dependences join, labelled with the distances the dependence pairs
enumerated one by one give, and per level exactly the FCG's vertices,
conflict and self edges, with the colouring the pass chose."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import islpy as isl
import pytest

from mlir_affine_py import graphs
from mlir_affine_py.parse.parser import parse_source
from mlir_affine_py.polyhedral.dependences import compute_dependences
from mlir_affine_py.polyhedral.fusion import plan_permute_and_fuse
from mlir_affine_py.polyhedral.scop import extract
from mlir_affine_py.transforms.graph_dot import LOOP_COLOURS
from support import REPO_ROOT
from test_permute_and_fuse import CYCLE, FIGURE1, REVERSED, region

# A transpose into B, then a stencil reading B and A, writing A: flow and
# anti dependences between the nests, and a flow one of S1 on itself
# along j; S2 and S3 share the i loop: their dependences have a distance
# over it.
STENCIL = """
func.func @stencil(%A: memref<6x6xf32>, %B: memref<6x6xf32>, %C: memref<6xf32>) {
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      %a = affine.load %A[%j, %i] : memref<6x6xf32>
      %n = arith.negf %a : f32
      affine.store %n, %B[%i, %j] : memref<6x6xf32>
    }
  }
  affine.for %i = 1 to 6 {
    affine.for %j = 1 to 6 {
      %b = affine.load %B[%i - 1, %j] : memref<6x6xf32>
      %c = affine.load %A[%i, %j - 1] : memref<6x6xf32>
      %s = arith.addf %b, %c : f32
      affine.store %s, %A[%i, %j] : memref<6x6xf32>
    }
  }
  affine.for %i = 1 to 6 {
    %c = affine.load %C[%i - 1] : memref<6xf32>
    affine.store %c, %C[%i] : memref<6xf32>
    affine.for %j = 0 to 6 {
      %d = affine.load %C[%i] : memref<6xf32>
      affine.store %d, %B[%i, %j] : memref<6x6xf32>
    }
  }
  return
}
"""

NODE = re.compile(r'^\s*"([^"]+)" \[(.*)\];$')
EDGE = re.compile(r'^\s*"([^"]+)" (->|--) "([^"]+)" \[(.*)\];$')


def _attributes(text: str) -> dict:
    return dict(re.findall(r'(\w+)=("(?:[^"\\]|\\.)*"|[\w#.]+)', text))


def _value(attribute: str) -> str:
    return attribute.strip('"').replace('\\"', '"').replace("\\n", "\n")


def _read_dot(text: str):
    """(nodes: id -> attributes, edges: [(u, op, v, attributes)])."""
    nodes, edges = {}, []
    for line in text.splitlines():
        edge = EDGE.match(line)
        if edge:
            edges.append((edge[1], edge[2], edge[3], _attributes(edge[4])))
            continue
        node = NODE.match(line)
        if node and not line.strip().startswith(("node ", "label=")):
            nodes[node[1]] = _attributes(node[2])
    return nodes, edges


def _dependence_graph(text: str) -> str:
    module = parse_source(text)
    dot, left_out = graphs.write_graph(module, "dependences")
    assert not left_out
    return dot


def _pairs(relation: isl.Map) -> list:
    found: list = []
    relation.wrap().foreach_point(lambda p: found.append(tuple(
        int(p.get_coordinate_val(isl.dim_type.set, k).to_python())
        for k in range(relation.dim(isl.dim_type.in_) + relation.dim(isl.dim_type.out)))))
    return found


def _expected_edges(text: str) -> set:
    """(source, target, label) of every dependence, its distances the
    least and greatest over the pairs of instances, per shared loop."""
    scop = extract(region(text))
    by_name = {s.name: s for s in scop.statements}
    expected = set()
    dependences = compute_dependences(scop)
    for kind in ("flow", "anti", "output"):
        maps: list = []
        getattr(dependences, kind).foreach_map(maps.append)
        distances: dict = {}
        for dep in maps:
            source = by_name[dep.get_tuple_name(isl.dim_type.in_)]
            target = by_name[dep.get_tuple_name(isl.dim_type.out)]
            shared = 0
            while (shared < min(len(source.loops), len(target.loops))
                   and source.loops[shared] is target.loops[shared]):
                shared += 1
            half = dep.dim(isl.dim_type.in_)
            for pair in _pairs(dep):
                vector = tuple(pair[half + k] - pair[k] for k in range(shared))
                distances.setdefault((source.name, target.name), []).append(vector)
        for (source, target), vectors in distances.items():
            components = "".join(f"[{min(v[k] for v in vectors)}, {max(v[k] for v in vectors)}]"
                                 for k in range(len(vectors[0])))
            expected.add((f"r0.{source}", f"r0.{target}", f"{kind} {components}".rstrip()))
    return expected


@pytest.mark.parametrize("text", [STENCIL, FIGURE1.replace("64x64", "6x6").replace("to 64", "to 6")], ids=["stencil", "figure1"])
def test_every_dependence_is_an_edge_with_its_distances(text):
    nodes, edges = _read_dot(_dependence_graph(text))
    drawn = {(u, v, _value(a["label"])) for u, op, v, a in edges}
    assert all(op == "->" for _, op, _, _ in edges)
    assert len(drawn) == len(edges)
    assert drawn == _expected_edges(text)
    scop = extract(region(text))
    assert set(nodes) == {f"r0.{s.name}" for s in scop.statements}


def test_the_stencil_graph_names_what_it_shows():
    nodes, edges = _read_dot(_dependence_graph(STENCIL))
    labels = {(u, v): [] for u, _, v, _ in edges}
    for u, _, v, a in edges:
        labels[(u, v)].append(_value(a["label"]))
    # S1 reads A[i][j - 1], which it wrote one j before: distance (0, 1).
    assert "flow [0, 0][1, 1]" in labels[("r0.S1", "r0.S1")]
    # S2 reads C[i - 1], written by itself one i before.
    assert "flow [1, 1]" in labels[("r0.S2", "r0.S2")]
    # Across the nests there is no shared loop: the kind alone.
    assert "flow" in labels[("r0.S0", "r0.S1")] and "anti" in labels[("r0.S0", "r0.S1")]
    assert _value(nodes["r0.S1"]["label"]).startswith("S1\naffine.store at 15:7 (i0 = ")


@pytest.mark.parametrize("text", [FIGURE1, REVERSED, CYCLE], ids=["figure1", "reversed", "cycle"])
def test_every_conflict_is_an_edge_and_the_colours_are_the_choice(text):
    ops = region(text)
    plan = plan_permute_and_fuse(ops)
    dot, left_out = graphs.write_graph(ops[0].parent_op.parent_op, "fusion")
    assert not left_out
    nodes, edges = _read_dot(dot)
    assert dot.startswith('graph "fusion"') and all(op == "--" for _, op, _, _ in edges)
    expected_nodes, expected_edges = {}, set()
    for level, _, graph in plan.graphs:
        def name(vertex, level=level):
            return f"r0.l{level}.{vertex[0].name}.i{vertex[1]}"
        for statement, dim in graph.vertices:
            row = plan.schedule.rows[statement][level]
            expected_nodes[name((statement, dim))] = row.beta if row.dim == dim else None
        expected_edges |= {(name(v), name(v)) for v in graph.self_edges}
        expected_edges |= {tuple(sorted(name(v) for v in edge)) for edge in graph.edges}
    assert {u: (int(_value(a["xlabel"]).split()[1]) if "xlabel" in a else None)
            for u, a in nodes.items()} == expected_nodes
    drawn = {tuple(sorted((u, v))) for u, _, v, _ in edges}
    assert drawn == expected_edges and len(edges) == len(expected_edges)
    # One fill colour per loop of a level, white where no loop was chosen.
    for node, attributes in nodes.items():
        beta = expected_nodes[node]
        assert ("fillcolor" in attributes) == (beta is not None)
        if beta is not None:
            assert _value(attributes["fillcolor"]) == LOOP_COLOURS[beta % len(LOOP_COLOURS)]


def test_figure1_conflicts_are_red_and_the_chosen_fusion_shares_a_colour():
    dot, _ = graphs.write_graph(region(FIGURE1)[0].parent_op.parent_op, "fusion")
    nodes, edges = _read_dot(dot)
    # The paper's Figure 1: S1's i conflicts with S2's i (C is read
    # transposed), not with S2's j; the cost model fuses S1 and S2 on them.
    conflicts = {(u, v) for u, _, v, a in edges if _value(a["color"]) == "#c0392b"}
    assert ("r0.l0.S1.i0", "r0.l0.S2.i0") in conflicts
    assert ("r0.l0.S1.i0", "r0.l0.S2.i1") not in conflicts
    assert _value(nodes["r0.l0.S1.i0"]["xlabel"]) == _value(nodes["r0.l0.S2.i1"]["xlabel"])
    assert _value(nodes["r0.l0.S1.i0"]["fillcolor"]) == _value(nodes["r0.l0.S2.i1"]["fillcolor"])


def test_the_command_writes_both_graphs(tmp_path):
    for graph in ("dependences", "fusion"):
        out = tmp_path / f"{graph}.dot"
        done = subprocess.run([sys.executable, "-m", "mlir_affine_py.graphs",
                               str(REPO_ROOT / "examples" / "mvt.mlir"), "-o", str(out),
                               "--graph", graph], capture_output=True, text=True, cwd=REPO_ROOT)
        assert done.returncode == 0, done.stderr
        text = out.read_text()
        assert text.startswith(("digraph" if graph == "dependences" else "graph") + f' "{graph}"')
        # The loops are named as the source writes them.
        assert "%i" in text or graph == "fusion"
        if shutil.which("dot"):
            checked = subprocess.run(["dot", "-Tsvg", str(out)], capture_output=True, text=True)
            assert checked.returncode == 0, checked.stderr


def test_bad_input_is_a_diagnostic_not_a_traceback(tmp_path):
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f( {\n")
    done = subprocess.run([sys.executable, "-m", "mlir_affine_py.graphs", str(bad)],
                          capture_output=True, text=True, cwd=REPO_ROOT)
    assert done.returncode == 1 and "Traceback" not in done.stderr


def test_the_pass_writes_the_graphs_it_coloured(tmp_path):
    """-affine-permute-and-fuse=fcg-dot=FILE: the same nodes, colours and
    edges as the command's, from the pass's own run."""
    from mlir_affine_py import api
    expected = _read_dot(graphs.write_graph(parse_source(FIGURE1), "fusion")[0])
    module = api.parse(FIGURE1)
    out = tmp_path / "fcg.dot"
    api.run_pipeline(module, f"builtin.module(affine-permute-and-fuse{{fcg-dot={out}}})")
    text = out.read_text()
    assert text.startswith('graph "fusion conflict graphs of builtin.module" {')
    assert _read_dot(text) == expected and expected[1]
    assert "@figure1: nests from" in text


def test_an_unwritable_graph_file_fails_the_pass(tmp_path, capsys):
    from mlir_affine_py.opt_main import main
    source = tmp_path / "f.mlir"
    source.write_text(REVERSED)
    code = main([str(source), f"-affine-permute-and-fuse=fcg-dot={tmp_path}/no/such/x.dot"])
    assert code == 1
    assert "error: cannot write the fusion conflict graphs to" in capsys.readouterr().err
