"""Lark, imported as cheaply as a short run needs (see `import_lark`)."""

from __future__ import annotations

import importlib
import sys
import types


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
      were not there (`None` in sys.modules makes its import fail);
    - Lark's modules import `logging` (for its logger, silent unless asked)
      and `inspect` (for `v_args`, and through `dataclasses`), which only
      its grammar compiler uses, a fifth of a short run's start-up: they
      see stand-ins (`_DEFERRED`) that import the real module when first
      used, with the same effect.

    If the modules cannot be imported so (another Lark), Lark is imported
    as usual."""
    if "lark" in sys.modules:
        return
    saved = {name: sys.modules.get(name) for name in ("regex", *_DEFERRED)}
    sys.modules["regex"] = None
    for name, stand_in in _DEFERRED.items():
        if saved[name] is None:
            sys.modules[name] = stand_in()
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
        for name, module in saved.items():
            if module is None:
                del sys.modules[name]
            else:
                sys.modules[name] = module


def _real(name: str):
    """The standard module `name`, imported (not its stand-in)."""
    module = sys.modules.get(name)
    if module is None or isinstance(module, _StandIn):
        sys.modules.pop(name, None)
        module = importlib.import_module(name)
    return module


class _StandIn(types.ModuleType):
    """A module that Lark's modules import in the place of a standard one,
    while `import_lark` runs: what they take from it at import time is
    `early`, names to objects that import the real module when used; any
    other name is the real module's (Lark's modules keep the stand-in
    as their global: `dataclasses.inspect`)."""

    early: dict = {}

    def __init__(self):
        super().__init__(self.real_name)
        self.__dict__.update(self.early)

    def __getattr__(self, name: str):
        if name.startswith("__"):       # the import system's questions (`__path__`)
            raise AttributeError(name)
        return getattr(_real(self.real_name), name)


def _forwarded(module: str, name: str):
    def call(*args, **kwargs):
        return getattr(_real(module), name)(*args, **kwargs)
    call.__name__ = call.__qualname__ = name
    return call


class _Inspect(_StandIn):
    """`inspect`: lark.visitors takes `getmembers` and `getmro` (for
    `v_args`, which the grammar compiler applies); `dataclasses` imports it
    for a signature it may need later."""

    real_name = "inspect"
    early = {name: _forwarded("inspect", name) for name in ("getmembers", "getmro")}


class _DeferredLogger:
    """Lark's logger (lark.utils: `logging.getLogger("lark")`, a
    `StreamHandler` added, level CRITICAL) made when first used: the calls
    that set it up are kept until then, and replayed on the real one."""

    def __init__(self, name: str):
        self._name, self._calls, self._logger = name, [], None

    def addHandler(self, handler):  # noqa: N802 - logging's name
        self._call("addHandler", handler)

    def setLevel(self, level):  # noqa: N802 - logging's name
        self._call("setLevel", level)

    def _call(self, method: str, argument) -> None:
        if self._logger is None:
            self._calls.append((method, argument))
        else:
            getattr(self._logger, method)(_made(argument))

    def __getattr__(self, name: str):
        if self._logger is None:
            self._logger = _real("logging").getLogger(self._name)
            for method, argument in self._calls:
                getattr(self._logger, method)(_made(argument))
        return getattr(self._logger, name)


class _DeferredHandler:
    """`logging.StreamHandler(...)`, made with the logger."""

    def __init__(self, *args):
        self.args = args


def _made(argument):
    if isinstance(argument, _DeferredHandler):
        return _real("logging").StreamHandler(*argument.args)
    return argument


class _Logging(_StandIn):
    """`logging`: lark.utils makes its logger (`logger: logging.Logger =
    logging.getLogger("lark")`, a `StreamHandler`, `CRITICAL`)."""

    real_name = "logging"
    early = {"getLogger": _DeferredLogger, "Logger": _DeferredLogger,
             "StreamHandler": _DeferredHandler, "CRITICAL": 50}


# Standard modules that Lark's run-time modules see as stand-ins.
_DEFERRED = {"logging": _Logging, "inspect": _Inspect}
