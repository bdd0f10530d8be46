#!/usr/bin/env python3
"""The pictures of iteration spaces the documentation shows, in one run:

    python tools/make_pictures.py [FOLDER]        # default: docs/pictures

The design notes' example (examples/seed.mlir) as written and in the new
axes (k, j) and (k, i); examples/skew2d.mlir as written (its dependence
(1, -1) forbids tiling it as it stands) and skewed and tiled, its tiles
coloured; and three PolyBench kernels of the shared corpus
($PYAFFINE_SHARED or ../shared, MINI size): seidel-2d in the plane (i, j)
of its first time step, as written and skewed (Pluto's (t, t + i,
2t + i + j)), jacobi-1d in the plane (t, i), and lu at N = 16 in the
plane (i, j), a point standing for its loop over k (at MINI size, 2301
points and 3706 arrows fill the picture); and the tutorial's (docs/tutorial.md) examples/kernel.mlir
at N = 8, as written and in the order the interchange chooses at N = 256.
Each is `python -m mlir_affine_py.pictures` with the arguments listed
below (mlir_affine_py/pictures.py says what is drawn)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from mlir_affine_py import pictures  # noqa: E402

SEED = str(REPO / "examples" / "seed.mlir")
SKEW2D = str(REPO / "examples" / "skew2d.mlir")


def small_kernel(folder: Path) -> str:
    """examples/kernel.mlir with N = 8 (the tutorial's `sed 's/256/8/g'`),
    written into `folder`: the picture tool draws at most 4000 points."""
    path = folder / "kernel8.mlir"
    path.write_text((REPO / "examples" / "kernel.mlir").read_text().replace("256", "8"))
    return str(path)


def corpus(name: str, folder: Path, size: int | None = None) -> str | None:
    """The PolyBench kernel of the shared corpus; with `size`, its MINI
    extent 40 made `size`, written into `folder`."""
    shared = Path(os.environ.get("PYAFFINE_SHARED", REPO.parent / "shared"))
    path = shared / "corpus" / "polybench" / f"{name}.peqc.mlir"
    if not path.is_file():
        return None
    if size is None:
        return str(path)
    resized = folder / f"{name}{size}.mlir"
    resized.write_text(path.read_text().replace("40", str(size)))
    return str(resized)


def gallery(scratch: Path) -> list:
    """(file name, input, arguments after the input and -o); inputs made
    for the pictures are written into `scratch`."""
    kernel = small_kernel(scratch)
    items = [("kernel-before.png", kernel, []),
             ("kernel-after.png", kernel, ["--pass=-test-loop-permutation=permutation-map=1,0"]),
             ("seed.svg", SEED, []),
             ("seed-kj.svg", SEED, ["--pass=-affine-loop-skew=transform=-1,1,0,1"]),
             ("seed-ki.svg", SEED, ["--pass=-affine-loop-skew=transform=-1,1,1,0"]),
             ("skew2d.svg", SKEW2D, []),
             ("skew2d-tiled.svg", SKEW2D, ["--pass=-affine-loop-skew",
                                           "--pass=-affine-loop-tile=tile-sizes=4,4 polyhedral",
                                           "--axes", "2,3", "--tiles"])]
    seidel, jacobi = corpus("seidel_2d", scratch), corpus("jacobi_1d", scratch)
    lu = corpus("lu", scratch, size=16)
    if seidel:
        items += [("seidel-2d.svg", seidel, []),
                  ("seidel-2d-skewed.svg", seidel, ["--pass=-affine-loop-skew"])]
    if jacobi:
        items.append(("jacobi-1d.svg", jacobi, ["--axes", "0,1"]))
    if lu:
        items.append(("lu.svg", lu, ["--axes", "0,1"]))
    return items


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    folder = Path(argv[0]) if argv else REPO / "docs" / "pictures"
    folder.mkdir(parents=True, exist_ok=True)
    status = 0
    with tempfile.TemporaryDirectory() as scratch:
        for name, source, arguments in gallery(Path(scratch)):
            status |= pictures.main([source, "-o", str(folder / name), *arguments])
    return status


if __name__ == "__main__":
    sys.exit(main())
