"""Pictures of iteration spaces (mlir_affine_py/pictures.py): the points,
bounds, order and dependence arrows drawn are those of the nest, checked
against a direct enumeration of its loops (not isl's sets the module
reads), and the SVG written holds one marker per point and one arrow per
dependence, each group named by its `gid`."""

from __future__ import annotations

import re
import subprocess
import sys

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
