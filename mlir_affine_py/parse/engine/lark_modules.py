"""Lark, imported as cheaply as a short run needs (see `import_lark`)."""

from __future__ import annotations

import sys


# The modules of Lark the driver uses: tokens, errors, the LALR driver, the
# tree builder and what the grammar cache holds.
_LARK_MODULES = ("lark.exceptions", "lark.lexer", "lark.grammar", "lark.tree",
                 "lark.parse_tree_builder", "lark.parsers.lalr_parser",
                 "lark.parsers.lalr_parser_state", "lark.parsers.lalr_analysis")


def import_lark() -> None:
    """Import what the driver uses of Lark, as cheaply as a short run
    needs.  The process is the tool's own, so:

    - Lark's package `__init__` imports its grammar compiler (`lark.lark`,
      `load_grammar`), which only a run that prepares the grammar cache
      uses (tables.py imports it then): the package is made without
      running its `__init__`, and the modules above are imported from it,
      a seventh of a short run's start-up less;
    - Lark imports the third-party `regex` module whenever it is installed,
      where the grammar needs only `re`: Lark is imported as if `regex`
      were not there (`None` in sys.modules makes its import fail).

    If the modules cannot be imported so (another Lark), Lark is imported
    as usual."""
    if "lark" in sys.modules:
        return
    saved = sys.modules.get("regex")
    sys.modules["regex"] = None
    try:
        try:
            import importlib.util
            spec = importlib.util.find_spec("lark")
            sys.modules["lark"] = importlib.util.module_from_spec(spec)
            for name in _LARK_MODULES:
                importlib.import_module(name)
        except Exception:       # noqa: BLE001 - fall back to the whole package
            for name in [name for name in sys.modules if name.split(".")[0] == "lark"]:
                del sys.modules[name]
            import lark  # noqa: F401
    finally:
        if saved is None:
            del sys.modules["regex"]
        else:
            sys.modules["regex"] = saved
