"""The API reference (tools/build_api_docs.py) builds without a warning,
and its pages hold the public names with their docstrings."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from support import REPO_ROOT


@pytest.mark.slow
def test_api_reference_builds_without_warnings(tmp_path):
    spec = importlib.util.spec_from_file_location("build_api_docs",
                                                  REPO_ROOT / "tools" / "build_api_docs.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    sys.modules["build_api_docs"] = tool
    spec.loader.exec_module(tool)
    assert tool.build(tmp_path) == []
    package = (tmp_path / "mlir_affine_py.html").read_text()
    import mlir_affine_py
    for name in mlir_affine_py.__all__:
        assert f'id="{name}"' in package, name
    # `parse` is the API function, with its docstring, not the subpackage.
    assert "an implicit module is made as" in package
    for module in ("api", "passes", "pass_manager", "rewrite", "remarks", "pictures", "graphs"):
        assert (tmp_path / "mlir_affine_py" / f"{module}.html").is_file()
    assert "remark::detail::RemarkEngine" in (tmp_path / "mlir_affine_py" /
                                              "remarks.html").read_text()
