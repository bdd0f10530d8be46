"""Pictures of iteration spaces (mlir_affine_py/pictures.py): the points,
bounds, order and dependence arrows drawn are those of the nest, checked
against a direct enumeration of its loops (not isl's sets the module
reads), and the SVG written holds one marker per point and one arrow per
dependence, each group named by its `gid`."""

from __future__ import annotations

import re
import subprocess
import sys

import islpy as isl
import pytest

from support import REPO_ROOT

pytest.importorskip("matplotlib")

from mlir_affine_py import pictures  # noqa: E402
from mlir_affine_py.parse.parser import parse_source  # noqa: E402

SEED = (REPO_ROOT / "examples" / "seed.mlir").read_text()
SKEW2D = (REPO_ROOT / "examples" / "skew2d.mlir").read_text()


def _nest(text: str):
    return next(op for op in parse_source(text).walk() if op.op_name == "affine.for")


def _seed_points() -> set:
    return {(i, j) for i in range(10) for j in range(i, min(7, i + 4))}


def test_the_seed_example_is_its_points_and_their_hull():
    drawing = pictures.space_drawing(_nest(SEED))
    assert {(x, y) for _, x, y, _ in drawing.points} == _seed_points()
    assert len(drawing.points) == 22
    # Bounds: j >= i, j <= 6, j <= i + 3, i >= 0 (i <= 9 never binds).
    assert drawing.bounds == [(0, 0), (6, 6), (3, 6), (0, 3)]
    # Row by row: the order in which the loops run.
    assert drawing.order == sorted(_seed_points())
    assert drawing.arrows == []


def test_new_axes_visit_the_same_points():
    from mlir_affine_py import api
    module = api.parse(SEED)
    api.run_pipeline(module, "builtin.module(func.func(affine-loop-skew{transform=-1,1,0,1}))")
    nest = next(op for op in module.walk() if op.op_name == "affine.for")
    drawing = pictures.space_drawing(nest)
    assert {(x, y) for _, x, y, _ in drawing.points} == {(j - i, j) for i, j in _seed_points()}
    assert drawing.bounds == [(0, 0), (3, 3), (3, 6), (0, 6)]


def _direct_dependences() -> set:
    """The sweep of examples/skew2d.mlir run by hand: for each access, the
    last earlier access of the other kind (flow: write then read; anti:
    read then write) to the same element."""
    last_write, reads = {}, {}
    arrows = set()
    for i in range(1, 17):
        for j in range(1, 17):
            for element in ((i - 1, j + 1), (i + 1, j - 1)):
                if element in last_write:
                    arrows.add(("flow", last_write[element], (i, j)))
                reads.setdefault(element, []).append((i, j))
            element = (i, j)
            if reads.get(element):
                arrows.add(("anti", max(reads[element]), (i, j)))
            last_write[element] = (i, j)
    return arrows


def test_the_arrows_are_the_direct_dependences():
    drawing = pictures.space_drawing(_nest(SKEW2D))
    assert len(drawing.points) == 256
    assert set(drawing.arrows) == _direct_dependences()
    # The dependence (1, -1) that forbids tiling the sweep as written.
    assert ("flow", (1, 2), (2, 1)) in drawing.arrows


def test_the_svg_names_its_parts(tmp_path):
    path = tmp_path / "sweep.svg"
    drawing = pictures.space_drawing(_nest(SKEW2D))
    pictures.render(drawing, str(path))
    svg = path.read_text()
    for gid in ("bounds", "order", "points-0", "dependences-flow", "dependences-anti"):
        assert f'id="{gid}"' in svg, gid
    flow = svg.split('id="dependences-flow"')[1].split("</g>")[0]
    assert len(re.findall(r"<path ", flow)) == sum(k == "flow" for k, _, _ in drawing.arrows)


def test_tiles_are_coloured(tmp_path):
    out = tmp_path / "tiles.svg"
    done = subprocess.run([sys.executable, "-m", "mlir_affine_py.pictures",
                           str(REPO_ROOT / "examples" / "skew2d.mlir"), "-o", str(out),
                           "--pass=-affine-loop-skew",
                           "--pass=-affine-loop-tile=tile-sizes=4,4 polyhedral",
                           "--axes", "2,3", "--tiles"], capture_output=True, text=True,
                          cwd=REPO_ROOT)
    assert done.returncode == 0, done.stderr
    assert "256 points" in done.stdout
    groups = set(re.findall(r'id="(points-\d+)"', out.read_text()))
    assert len(groups) > 10


def test_a_nest_it_cannot_draw_is_refused():
    text = SEED.replace("affine.for %i = 0 to 10", "affine.for %i = 0 to %n").replace(
        "func.func @seed(%A: memref<10x10xf32>)", "func.func @seed(%A: memref<10x10xf32>, %n: index)")
    with pytest.raises(pictures.PictureError, match="symbols"):
        pictures.space_drawing(_nest(text))


# The gallery's PolyBench kernels (tools/make_pictures.py), each drawing
# checked against the nest's isl sets and the project's dependences
# (polyhedral/dependences.py) enumerated point by point and sliced,
# projected and reduced here in plain Python.

def _gallery(folder):
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_pictures",
                                                  REPO_ROOT / "tools" / "make_pictures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _enumerate(relation) -> list:
    found: list = []
    if not relation.is_empty():
        relation.foreach_point(lambda p: found.append(tuple(
            int(p.get_coordinate_val(isl.dim_type.set, k).to_python())
            for k in range(relation.dim(isl.dim_type.set)))))
    return found


def _expected(drawing_args):
    """(points, order, arrows) of the drawing the arguments ask for, from
    the SCoP's domains and dependences."""
    from mlir_affine_py.polyhedral.dependences import compute_dependences
    from mlir_affine_py.polyhedral.scop import extract
    from mlir_affine_py import api
    func = next(op for op in api.parse_file(drawing_args.input).walk() if op.op_name == "func.func")
    nest = [op for op in func.regions[0].blocks[0].ops if op.op_name == "affine.for"][0]
    scop = extract(nest)
    a, b = (int(k) for k in drawing_args.axes.split(",")) if drawing_args.axes else (
        scop.depth - 2, scop.depth - 1)
    statements = {s.name: s for s in scop.statements if len(s.ivs) > b}
    fixed, kept = {}, {}
    for name, s in statements.items():
        instances = _enumerate(s.domain)
        values = {}
        for k in range(b):
            if k != a:   # loops outside the plane, or between its two: their first value
                values[k] = min(p for p in instances
                                if all(p[j] == v for j, v in values.items()))[k]
        fixed[name] = values
        kept[name] = [p for p in instances if all(p[k] == v for k, v in values.items())]
    points = {(name, p[a], p[b], ()) for name, ps in kept.items() for p in ps}
    timed = sorted((tuple(p[e[1]] if isinstance(e, tuple) else e for e in statements[n].schedule),
                    (p[a], p[b])) for n, ps in kept.items() for p in ps)
    order = [xy for k, (_, xy) in enumerate(timed) if k == 0 or timed[k - 1][1] != xy]
    arrows = set()
    dependences = compute_dependences(scop)
    for kind in ("flow", "anti", "output"):
        maps: list = []
        getattr(dependences, kind).foreach_map(maps.append)
        for dep in maps:
            source = dep.get_tuple_name(isl.dim_type.in_)
            target = dep.get_tuple_name(isl.dim_type.out)
            if source not in statements or target not in statements:
                continue
            for k, v in fixed[source].items():   # only to enumerate fewer pairs
                dep = dep.fix_val(isl.dim_type.in_, k, v)
            for k, v in fixed[target].items():
                dep = dep.fix_val(isl.dim_type.out, k, v)
            half = dep.dim(isl.dim_type.in_)
            last: dict = {}
            for pair in _enumerate(dep.wrap()):
                start, end = pair[:b + 1], pair[half:half + b + 1]
                if start != end:
                    last[end] = max(last.get(end, start), start)
            arrows |= {(kind, (s[a], s[b]), (e[a], e[b])) for e, s in last.items()}
    return points, order, arrows


KERNELS = ["seidel-2d.svg", "jacobi-1d.svg", "lu.svg"]


@pytest.fixture(scope="module")
def gallery(tmp_path_factory):
    folder = tmp_path_factory.mktemp("gallery")
    items = {name: (source, arguments)
             for name, source, arguments in _gallery(folder).gallery(folder)}
    if not all(name in items for name in KERNELS):
        pytest.skip("the shared corpus's PolyBench kernels are not here")
    return folder, items


@pytest.mark.parametrize("name", KERNELS)
def test_a_kernel_drawing_is_its_instances_and_dependences(gallery, name):
    folder, items = gallery
    source, arguments = items[name]
    args = pictures.argument_parser().parse_args([source, "-o", str(folder / name), *arguments])
    drawing = pictures.drawing_of(args)
    points, order, arrows = _expected(args)
    assert set(drawing.points) == points and len(drawing.points) == len(points)
    assert drawing.order == order
    assert set(drawing.arrows) == arrows and len(drawing.arrows) == len(arrows)
    assert arrows, "a kernel with dependences is drawn with some"
    corners = set(drawing.bounds)
    plane = {(x, y) for _, x, y, _ in points}
    assert corners <= plane and corners == set(pictures.convex_hull(plane))


def test_lu_shows_its_dependences_across_k():
    """lu's (i, j) point stands for its loop over k: the updates of row i
    read row k < i, written by the outer loop's earlier iteration k, so
    flow arrows go from (k, j) to (i, j)."""
    from support import find_corpus
    corpus = find_corpus()
    if corpus is None:
        pytest.skip("the shared corpus is not here")
    lu = (corpus / "polybench" / "lu.peqc.mlir").read_text().replace("40", "6")
    drawing = pictures.space_drawing(_nest(lu), (0, 1))
    # A[k][j] (k < j) is last written by the second part (S2) of iteration
    # k, and read at (i, j), k < j < i, by the first part (S0).
    assert ("flow", (2, 3), (4, 3)) in drawing.arrows
    assert all(start[0] < end[0] or start[0] == end[0] and start[1] < end[1]
               for _, start, end in drawing.arrows)


@pytest.mark.slow
def test_the_gallery_command_writes_what_is_drawn(gallery, tmp_path):
    """tools/make_pictures.py writes the pictures; each kernel's file holds
    one marker per point and one arrow per dependence of its drawing."""
    folder, items = gallery
    done = subprocess.run([sys.executable, str(REPO_ROOT / "tools" / "make_pictures.py"),
                           str(tmp_path)], capture_output=True, text=True, cwd=REPO_ROOT)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "seed.svg").is_file()
    for name in KERNELS:
        source, arguments = items[name]
        args = pictures.argument_parser().parse_args([source, "-o", "x.svg", *arguments])
        drawing = pictures.drawing_of(args)
        svg = (tmp_path / name).read_text()
        for kind in ("flow", "anti", "output"):
            count = sum(k == kind for k, _, _ in drawing.arrows)
            group = svg.split(f'id="dependences-{kind}"')[1].split("</g>")[0] if count else ""
            assert len(re.findall(r"<path ", group)) == count, (name, kind)
        markers = svg.split('id="points-0"')[1].split("</g>")[0]
        assert len(re.findall(r"<use ", markers)) == len(drawing.points), name
