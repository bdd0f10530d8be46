"""Pictures of iteration spaces: the integer points of a loop nest in the
plane of two of its loops, the polygon that bounds them, the order they run
in, and the dependences between them as arrows; after a transformation
(skewed, permuted, tiled) the same for the new nest, its tiles coloured.

    python -m mlir_affine_py.pictures kernel.mlir -o space.svg
    python -m mlir_affine_py.pictures kernel.mlir -o skewed.svg --pass=-affine-loop-skew=transform=-1,1,0,1
    python -m mlir_affine_py.pictures tiled.mlir -o tiles.svg --axes 2,3 --tiles

Definitions
-----------
- The nest is the `--nest`-th loop at the top of the first function, read
  as a SCoP (`polyhedral/scop.py`); its statements inside both loops of
  the plane are drawn.
- The *plane* is that of the loops at positions `--axes` (default: the two
  innermost).  The loops outside it and between its two loops are
  *sliced*: fixed to their least value (the first iteration of the loops
  outside the plane), so a 3-d stencil shows one time step; with `--tiles`
  the loops outside the plane are not fixed but give each point its colour
  (a tiled nest: the tile loops).  The loops inside the plane's second
  loop are *projected*: a point stands for their whole run (lu's point
  (i, j) for its loop over k), as when the plane's loops are permuted.
- The *bounds* are the convex hull of the points drawn (the polygon whose
  edges are the tight constraints of the slice).
- The *order* joins the points in the order the nest runs them (the
  statements' schedule).
- A *dependence arrow* joins two points of the slice whose instances
  depend (flow, anti or output, exact with isl: `polyhedral/dependences.py`),
  from source to destination (instances of one point make no arrow); of
  the sources of one kind and statement for a destination, only the last
  (the others reach it through it, or are overwritten first), so the
  picture shows the direct dependences.

The drawing is computed first (`space_drawing`, plain data, what tests
check against isl) and rendered with matplotlib (`render`), each artist
tagged (`gid`) with what it shows, so an SVG names its parts.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field

import islpy as isl

from .transforms.graph_dot import KIND_COLOURS

MAX_POINTS = 4000


@dataclass
class SpaceDrawing:
    """What a picture shows, in the plane's coordinates."""

    axes: tuple                                    # names of the two loops
    points: list = field(default_factory=list)     # (statement, x, y, group)
    order: list = field(default_factory=list)      # (x, y), in execution order
    bounds: list = field(default_factory=list)     # hull corners, counterclockwise
    arrows: list = field(default_factory=list)     # (kind, (x0, y0), (x1, y1))


class PictureError(ValueError):
    pass


def space_drawing(root, axes=None, tiles: bool = False) -> SpaceDrawing:
    """The drawing of the nest at `root` (an affine.for) in the plane of the
    loops at positions `axes` (default: the two innermost)."""
    from .polyhedral.dependences import compute_dependences
    from .polyhedral.scop import extract
    from .transforms.loop_utils import loop_name
    scop = extract(root)
    if scop.params:
        raise PictureError("the nest's bounds have symbols: give them values first")
    depth = scop.depth
    if depth < 2:
        raise PictureError("the nest has fewer than two loops")
    a, b = axes if axes is not None else (depth - 2, depth - 1)
    if not (0 <= a < b < depth):
        raise PictureError(f"axes {a},{b} are not two loops of the {depth} of the nest")
    statements = [s for s in scop.statements if len(s.ivs) > b]
    loops = max(statements, key=lambda s: len(s.ivs)).loops
    drawing = SpaceDrawing((loop_name(loops[a]), loop_name(loops[b])))
    slices = {s.name: _slice(s.domain, a, b, tiles) for s in statements}
    instances = []
    for s in statements:
        for point in _points(_to_plane(slices[s.name], b)):
            group = tuple(point[:a]) if tiles else ()
            drawing.points.append((s.name, point[a], point[b], group))
            instances.append((_time(s, point, b), point[a], point[b]))
    if len(instances) > MAX_POINTS:
        raise PictureError(f"{len(instances)} points: more than {MAX_POINTS} to draw")
    for _, x, y in sorted(instances):
        # Statements of one point (a point stands for its inner loops) run
        # one after the other: the order visits the point once.
        if not drawing.order or drawing.order[-1] != (x, y):
            drawing.order.append((x, y))
    drawing.bounds = convex_hull({(x, y) for _, x, y, _ in drawing.points})
    dependences = compute_dependences(scop)
    for kind in ("flow", "anti", "output"):
        drawing.arrows += _arrows(getattr(dependences, kind), slices, kind, a, b)
    return drawing


def _slice(domain: isl.Set, a: int, b: int, tiles: bool) -> isl.Set:
    """The statement's instances drawn: the loops outside the plane and
    between its two loops fixed to their least value (with `tiles`, those
    outside the plane's first loop kept, as groups); the loops inside the
    plane's second loop are kept whole, `_to_plane` projects them."""
    sliced = domain
    for k in range(min(b, domain.dim(isl.dim_type.set))):
        if k == a or (tiles and k < a):
            continue
        least = sliced.lexmin()
        value = isl.Set.sample_point(least).get_coordinate_val(isl.dim_type.set, k)
        sliced = sliced.fix_val(isl.dim_type.set, k, value)
    return sliced


def _to_plane(instances: isl.Set, b: int) -> isl.Set:
    """The instances' points of the plane: the loops inside the plane's
    second loop projected out, so that a point stands for the whole run of
    the inner loops (lu's (i, j) and its loop over k)."""
    n = instances.dim(isl.dim_type.set)
    return instances.project_out(isl.dim_type.set, b + 1, n - b - 1)


def _points(elements: isl.Set) -> list:
    found = []
    if elements.is_empty():
        return found
    n = elements.dim(isl.dim_type.set)
    elements.foreach_point(lambda p: found.append(tuple(
        int(p.get_coordinate_val(isl.dim_type.set, k).to_python()) for k in range(n))))
    return found


def _time(statement, point, b: int) -> tuple:
    """The 2d+1 schedule vector of the point's first instance, as far as
    the plane's loops decide it (the inner loops run inside the point)."""
    return tuple(point[e[1]] if isinstance(e, tuple) else e
                 for e in statement.schedule[:2 * b + 3])


def _arrows(relation: isl.UnionMap, slices: dict, kind: str, a: int, b: int) -> list:
    """The dependences between instances of the slices, as pairs of points
    of the plane (inner loops projected out, pairs within one point
    dropped); for each destination point, the last source point."""
    arrows = []
    maps: list = []
    relation.foreach_map(maps.append)
    for dep in maps:
        source, target = dep.get_tuple_name(isl.dim_type.in_), dep.get_tuple_name(isl.dim_type.out)
        if source not in slices or target not in slices:
            continue
        dep = dep.intersect_domain(slices[source]).intersect_range(slices[target])
        dep = dep.project_out(isl.dim_type.in_, b + 1, dep.dim(isl.dim_type.in_) - b - 1)
        dep = dep.project_out(isl.dim_type.out, b + 1, dep.dim(isl.dim_type.out) - b - 1)
        same = isl.Map.universe(dep.get_space())
        for k in range(b + 1):
            same = same.equate(isl.dim_type.in_, k, isl.dim_type.out, k)
        dep = dep.subtract(same)
        # For each destination, its last source (iterators in loop order).
        dep = dep.reverse().lexmax().reverse()
        for pair in _points(dep.wrap()):
            half = len(pair) // 2
            arrows.append((kind, (pair[a], pair[b]), (pair[half + a], pair[half + b])))
    return sorted(set(arrows))


def convex_hull(points) -> list:
    """Corners of the convex hull, counterclockwise from the lowest-left
    (Andrew's monotone chain)."""
    points = sorted(points)
    if len(points) <= 2:
        return points

    def cross(o, p, q):
        return (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0])

    def chain(sequence):
        out = []
        for point in sequence:
            while len(out) >= 2 and cross(out[-2], out[-1], point) <= 0:
                out.pop()
            out.append(point)
        return out
    lower, upper = chain(points), chain(reversed(points))
    return lower[:-1] + upper[:-1]


def render(drawing: SpaceDrawing, path: str, title: str = "") -> None:
    """Write the drawing to `path` (SVG, PNG or PDF by its extension)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    figure, axes = plt.subplots(figsize=(6, 6))
    if drawing.bounds:
        corners = drawing.bounds + drawing.bounds[:1]
        axes.plot([p[0] for p in corners], [p[1] for p in corners], color="#555555",
                  linewidth=1, gid="bounds")
    if drawing.order:
        axes.plot([p[0] for p in drawing.order], [p[1] for p in drawing.order], color="#bbbbbb",
                  linewidth=0.6, zorder=1, gid="order")
    groups = sorted({group for _, _, _, group in drawing.points})
    palette = plt.get_cmap("tab20")
    for number, group in enumerate(groups):
        members = [(x, y) for _, x, y, g in drawing.points if g == group]
        axes.scatter([p[0] for p in members], [p[1] for p in members], zorder=3,
                     s=max(1.0, min(14.0, 3000 / max(1, len(drawing.points)))),
                     color=palette(number % 20) if len(groups) > 1 else "#222222",
                     gid=f"points-{number}")
    for kind, colour in KIND_COLOURS.items():
        arrows = [(start, end) for k, start, end in drawing.arrows if k == kind]
        if arrows:
            # One artist per kind: quiver draws thousands of arrows at once.
            axes.quiver([s[0] for s, _ in arrows], [s[1] for s, _ in arrows],
                        [e[0] - s[0] for s, e in arrows], [e[1] - s[1] for s, e in arrows],
                        angles="xy", scale_units="xy", scale=1, color=colour, width=0.003,
                        zorder=4, gid=f"dependences-{kind}", label=f"{kind} ({len(arrows)})")
    if drawing.arrows:
        axes.legend(loc="upper left", fontsize="small")
    axes.set_xlabel(drawing.axes[0])
    axes.set_ylabel(drawing.axes[1])
    axes.set_aspect("equal")
    axes.grid(True, linewidth=0.3)
    if title:
        axes.set_title(title)
    figure.savefig(path, bbox_inches="tight")
    plt.close(figure)


def argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m mlir_affine_py.pictures",
                                     description="Draw the iteration space of a loop nest.")
    parser.add_argument("input", help="an MLIR file")
    parser.add_argument("-o", dest="output", required=True, help="the picture (.svg, .png, .pdf)")
    parser.add_argument("--nest", type=int, default=0, help="which loop at the top of the first "
                        "function (default: 0)")
    parser.add_argument("--axes", help="the positions of the two loops of the plane, as I,J "
                        "(default: the two innermost)")
    parser.add_argument("--tiles", action="store_true",
                        help="colour the points by the loops outside the plane instead of "
                        "fixing them (a tiled nest's tiles)")
    parser.add_argument("--pass", dest="passes", action="append", default=[], metavar="=-PASS",
                        help="run this pass first (repeatable), written --pass=-name[=options]")
    return parser


def apply_passes(module, flags) -> None:
    """Run on each function the passes of `--pass=-name[=options]` flags."""
    from . import api
    for flag in flags:
        name, _, options = flag.lstrip("-").partition("=")
        api.run_pipeline(module, f"builtin.module(func.func({name}{{{options}}}))"
                         if options else f"builtin.module(func.func({name}))")


def drawing_of(args: argparse.Namespace) -> SpaceDrawing:
    """The drawing the command's arguments ask for (`main` renders it)."""
    from . import api
    from .dialects.affine import AffineForOp
    module = api.parse_file(args.input)
    apply_passes(module, args.passes)
    func = next(op for op in module.walk() if op.op_name == "func.func")
    nests = [op for op in func.regions[0].blocks[0].ops if isinstance(op, AffineForOp)]
    if args.nest >= len(nests):
        raise PictureError(f"the function has {len(nests)} loop nests at its top")
    axes = tuple(int(k) for k in args.axes.split(",")) if args.axes else None
    with api.context_for(module):       # the axes named as the source writes them
        return space_drawing(nests[args.nest], axes, args.tiles)


def main(argv=None) -> int:
    args = argument_parser().parse_args(argv)
    from . import api
    from .analysis.affine_access import NotAffine
    try:
        drawing = drawing_of(args)
        render(drawing, args.output, title=" ".join([args.input, *args.passes]))
    except (PictureError, NotAffine, api.ParseError, ValueError) as error:
        print(f"pictures: {error}", file=sys.stderr)
        return 1
    print(f"{args.output}: {len(drawing.points)} points, {len(drawing.arrows)} dependences, "
          f"plane ({', '.join(drawing.axes)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
