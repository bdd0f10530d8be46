"""The dependence graph and the fusion conflict graphs of an MLIR file's
loop nests as Graphviz DOT (transforms/graph_dot.py says what they show):

    python -m mlir_affine_py.graphs kernel.mlir -o deps.dot                 # dependences
    python -m mlir_affine_py.graphs kernel.mlir -o fcg.dot --graph fusion   # FCG, coloured
    dot -Tsvg deps.dot -o deps.svg                                          # with Graphviz

Each region of the input (a run of consecutive top-level `affine.for` ops,
as -affine-permute-and-fuse takes them) is one cluster of the graph.
"""

from __future__ import annotations

import argparse
import sys

import islpy as isl

from .pictures import apply_passes
from .transforms.graph_dot import dependence_cluster, fusion_clusters, quote


def _regions(module) -> list:
    """(title, ops) of each region of the module's functions."""
    from .transforms.loop_utils import loop_name
    from .transforms.permute_and_fuse import affine_regions
    found = []
    for func in (op for op in module.walk() if op.op_name == "func.func"):
        for ops in affine_regions(func):
            nests = f"{len(ops)} loop nests" if len(ops) > 1 else "the loop nest"
            found.append((f"@{func.sym_name}: {nests} from {loop_name(ops[0])}", ops))
    return found


def write_graph(module, graph: str, line_offset: int = 0) -> tuple:
    """(DOT text, regions left out with why) of `graph` ("dependences" or
    "fusion") for the module's regions."""
    from .analysis.affine_access import NotAffine
    from .polyhedral.fusion import plan_permute_and_fuse
    from .polyhedral.scop import extract
    directed = graph == "dependences"
    lines = [f"{'digraph' if directed else 'graph'} {quote(graph)} {{",
             "  node [shape=box, fontname=\"monospace\"];"]
    left_out = []
    for number, (title, ops) in enumerate(_regions(module)):
        try:
            if directed:
                lines += dependence_cluster(number, extract(ops), title, line_offset)
            else:
                lines += fusion_clusters(number, plan_permute_and_fuse(ops), title)
        except (NotAffine, isl.Error) as error:
            left_out.append(f"{title}: {error}")
    lines.append("}")
    return "\n".join(lines) + "\n", left_out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m mlir_affine_py.graphs",
        description="Write the dependence graph or the fusion conflict graph of the "
                    "loop nests of an MLIR file as Graphviz DOT.")
    parser.add_argument("input", help="an MLIR file")
    parser.add_argument("-o", dest="output", default="-", help="the DOT file (default: stdout)")
    parser.add_argument("--graph", choices=("dependences", "fusion"), default="dependences",
                        help="the dependence graph of each region's statements (default), or "
                        "the fusion conflict graphs -affine-permute-and-fuse colours")
    parser.add_argument("--pass", dest="passes", action="append", default=[], metavar="=-PASS",
                        help="run this pass first (repeatable), written --pass=-name[=options]")
    args = parser.parse_args(argv)
    from . import api
    from .analysis.affine_access import NotAffine
    try:
        module = api.parse_file(args.input)
        apply_passes(module, args.passes)
        with api.context_for(module):     # loops named as the source writes them
            text, left_out = write_graph(module, args.graph)
    except (NotAffine, api.ParseError, ValueError) as error:
        print(f"graphs: {error}", file=sys.stderr)
        return 1
    for reason in left_out:
        print(f"graphs: region left out: {reason}", file=sys.stderr)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as out:
            out.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
