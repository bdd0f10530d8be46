"""Build the API reference from the docstrings, with pdoc (the `test`
extra installs it):

    python tools/build_api_docs.py [-o docs/api]

HTML pages of the package's public names (`import mlir_affine_py as m`:
what `m.__all__` lists) and of the modules a user imports or reads about:
`api`, `passes` (writing passes), `pass_manager`, `rewrite`, `remarks`
(the optimization remarks), `pictures`, `graphs`.  Every warning pdoc gives (a
docstring it cannot render, a name in `__all__` that does not resolve) is
an error: the build then exits 1.  CI builds it (tests/unit/test_api_docs.py).
"""

from __future__ import annotations

import argparse
import sys
import warnings
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
MODULES = ["mlir_affine_py", "mlir_affine_py.api", "mlir_affine_py.passes",
           "mlir_affine_py.pass_manager", "mlir_affine_py.rewrite", "mlir_affine_py.remarks",
           "mlir_affine_py.pictures", "mlir_affine_py.graphs"]


def build(output: Path) -> list:
    """Write the reference into `output`; returns pdoc's warnings."""
    sys.path.insert(0, str(REPO_ROOT))
    import pdoc

    import mlir_affine_py
    # The package exports its names lazily (`__getattr__`): resolved here,
    # they are the package's own, and `parse` is the function, not the
    # subpackage of the same name pdoc would otherwise take it for.
    for name in mlir_affine_py.__all__:
        getattr(mlir_affine_py, name)
    pdoc.render.configure(docformat="markdown", footer_text="pyaffine-opt",
                          show_source=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdoc.pdoc(*MODULES, output_directory=output)
    return [str(warning.message) for warning in caught]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-o", "--output", type=Path, default=REPO_ROOT / "docs" / "api",
                        help="the folder of the HTML pages (default: docs/api)")
    args = parser.parse_args(argv)
    found = build(args.output)
    for message in found:
        print(f"warning: {message}", file=sys.stderr)
    print(f"{args.output / 'index.html'}: the API reference"
          + (f", {len(found)} warnings" if found else ""))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
