"""The package's layers (docs/architecture.md, "Layers"): every import of
every module of `mlir_affine_py`, at module level, inside functions and under
`if TYPE_CHECKING:` alike, read with `ast` (not by running anything), points
down the layers or stays in its own layer, and no modules import each other
in a circle.  A module's layer is the longest prefix in `LAYERS` that names
it; imports made by name at run time (`importlib.import_module`, the pass
registry's strings) are not imports of the text and are not checked."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from mlir_affine_py.transforms.loop_distribution import strongly_connected_components
from support import REPO_ROOT

PACKAGE = "mlir_affine_py"

# Bottom to top, as docs/architecture.md draws them: a module may import
# modules of its own layer and of the layers listed before it.
LAYERS = (
    ("support", ("diagnostics", "printer.numbers", "parse.engine.shapes")),
    ("ir", ("ir", "printer", "remarks", "remark_bitstream")),
    ("op definition", ("ir.op_definition", "ir.assembly_format", "ir.assembly_format_run",
                       "ir.attr_syntax", "ir.verifier", "parse.syntax", "parse.op_syntax",
                       "dialects.base")),
    ("dialects", ("dialects",)),
    ("parse", ("parse",)),
    ("interpreter", ("interpreter",)),
    ("analysis", ("analysis",)),
    ("polyhedral", ("polyhedral",)),
    ("pass infrastructure", ("passes", "rewrite_driver")),
    ("transforms", ("transforms",)),
    ("tool", ("pass_manager", "pass_instrumentation", "api", "verify_diagnostics",
              "opt_main", "pictures", "graphs", "rewrite", "")),
)


def modules(root: Path = REPO_ROOT) -> dict:
    """Module name -> (path, whether it is a package's __init__)."""
    found = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        found[".".join(parts)] = (path, is_package)
    return found


def _targets(module: str, is_package: bool, node, known) -> list:
    """The package's modules that one import statement names."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        if node.level:
            base = module.split(".")
            if not is_package:
                base.pop()
            base = base[:len(base) - node.level + 1]
            target = ".".join(base + ([node.module] if node.module else []))
        else:
            target = node.module or ""
        # `from package import submodule` imports the submodule.
        names = [f"{target}.{alias.name}" if f"{target}.{alias.name}" in known else target
                 for alias in node.names]
    found = []
    for name in names:
        if name != PACKAGE and not name.startswith(PACKAGE + "."):
            continue
        while name not in known and "." in name:
            name = name.rsplit(".", 1)[0]
        found.append(name)
    return found


@functools.cache
def import_graph(root: Path = REPO_ROOT) -> dict:
    """Module -> {imported module: line of the first such import}."""
    known = modules(root)
    graph = {}
    for module, (path, is_package) in known.items():
        edges = graph.setdefault(module, {})
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in _targets(module, is_package, node, known):
                    if target != module:
                        edges.setdefault(target, node.lineno)
    return graph


def layer_of(module: str) -> int:
    """The index in LAYERS of the layer holding `module`."""
    name = module[len(PACKAGE) + 1:] if module != PACKAGE else ""
    best, best_length = None, -1
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            matches = name == prefix or name.startswith(prefix + ".") or prefix == ""
            if matches and len(prefix) > best_length:
                best, best_length = index, len(prefix)
    return best


def upward_imports(graph: dict) -> list:
    return sorted(f"{module}:{line} ({LAYERS[layer_of(module)][0]}) imports {target} "
                  f"({LAYERS[layer_of(target)][0]})"
                  for module, edges in graph.items() for target, line in edges.items()
                  if layer_of(target) > layer_of(module))


def cycles(graph: dict) -> list:
    """The strongly connected components of more than one module, each
    sorted."""
    names = sorted(graph)
    number = {name: index for index, name in enumerate(names)}
    edges = {number[name]: {number[target] for target in graph[name]} for name in names}
    return sorted([names[index] for index in component]
                  for component in strongly_connected_components(len(names), edges)
                  if len(component) > 1)


def test_every_module_has_a_layer():
    graph = import_graph()
    assert len(graph) > 100
    assert all(layer_of(module) is not None for module in graph)


def test_no_module_imports_from_a_higher_layer():
    assert upward_imports(import_graph()) == []


def test_no_import_cycles_between_modules():
    found = cycles(import_graph())
    assert found == [], "\n".join(" <-> ".join(component) for component in found)


def test_the_checks_find_what_they_look_for(tmp_path):
    """An upward import inside a function and a circle of two modules are
    both found."""
    package = tmp_path / PACKAGE
    (package / "ir").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "ir" / "__init__.py").write_text("")
    (package / "ir" / "a.py").write_text("def f():\n    from ..transforms import t\n")
    (package / "transforms").mkdir()
    (package / "transforms" / "__init__.py").write_text("")
    (package / "transforms" / "t.py").write_text("from . import u\n")
    (package / "transforms" / "u.py").write_text("import mlir_affine_py.transforms.t\n")
    graph = import_graph(tmp_path)
    assert upward_imports(graph) == [
        "mlir_affine_py.ir.a:2 (ir) imports mlir_affine_py.transforms.t (transforms)"]
    assert cycles(graph) == [["mlir_affine_py.transforms.t", "mlir_affine_py.transforms.u"]]
