"""The Python API, re-exported at the package's top level
(`import mlir_affine_py as m`):

    module = m.parse(text, "kernel.mlir")       # or m.parse_file(path)
    for nest in m.find_loop_nests(module):
        print(nest.names, nest.is_valid_permutation([0, 2, 1]))
        for dep in nest.dependences():
            print(dep)                           # distances named by loop
    m.run_pass(module, "affine-loop-interchange", remarks=True)
    print(module)                                # MLIR text, as the command line prints it

Parsing, printing and passes are those of the command line; a pass can be
a registered one (by argument) or any `Pass` subclass, and
`m.run_pipeline(module, "builtin.module(func.func(...))")` runs
mlir-opt's textual pipelines.  Building and rewriting ops is in
`mlir_affine_py.rewrite`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from .diagnostics import (Diagnostic, DiagnosticContext, MLIRError, current_context,
                          format_diagnostic)
from .ir.core import Operation
from .passes import Pass, lookup_pass


class ParseError(ValueError):
    """Input that does not parse or verify; `str()` is mlir-opt's
    diagnostic (`file:line:col: error: ...` with the source line)."""

    def __init__(self, text: str, error: MLIRError):
        super().__init__(text.rstrip("\n"))
        self.error = error


# ------------------------------------------------------------ parse, print
def parse(text: str, filename: str = "<string>", *,
          allow_unregistered_dialect: bool = False) -> Operation:
    """The `builtin.module` of MLIR text (an implicit module is made as
    mlir-opt makes it).  `filename` is the name diagnostics give."""
    from .parse.parser import parse_source
    try:
        module = parse_source(text, allow_unregistered_dialect, filename, 0)
    except MLIRError as error:
        raise ParseError(format_diagnostic(filename, text, error.message, error.pos,
                                           error.severity), error) from None
    _remember_source(module, filename, text)
    return module


def parse_file(path: str | os.PathLike, *, allow_unregistered_dialect: bool = False) -> Operation:
    """`parse` of a file's contents, diagnostics naming the file."""
    with open(path, "rb") as handle:
        text = handle.read().decode("utf-8", errors="surrogateescape")
    return parse(text, os.fspath(path), allow_unregistered_dialect=allow_unregistered_dialect)


def to_string(op: Operation, *, generic: bool = False) -> str:
    """MLIR text of `op` (`str(op)`; `generic=True` for the generic form)."""
    from .printer.printer import op_text
    return op_text(op, generic)


def _remember_source(module: Operation, filename: str, text: str) -> None:
    try:
        module.source_file = (filename, text)  # type: ignore[attr-defined]
    except AttributeError:      # an op class with __slots__ only
        pass


def context_for(op: Operation) -> DiagnosticContext:
    """A diagnostic context over the source `op` was parsed from (remarks
    then show the source line and name loops as written)."""
    root = op
    while root.parent_op is not None:
        root = root.parent_op
    source = getattr(root, "source_file", None)
    if source is None:          # not parsed here: the run in progress knows its source
        return current_context()
    return DiagnosticContext(*source)


# ----------------------------------------------------------------- loops
@dataclass
class Dependence:
    """A dependence between two memory accesses of a nest: `distances`
    maps each loop's name to the (lower, upper) range of its distance
    (None for unbounded), outermost loop first."""

    source: Operation
    target: Operation
    depth: int
    distances: dict

    def __str__(self) -> str:
        def bound(value, infinite):
            return infinite if value is None else str(value)
        parts = ", ".join(f"{name}: [{bound(lb, '-inf')}, {bound(ub, '+inf')}]"
                          for name, (lb, ub) in self.distances.items())
        return (f"{self.source.op_name} (line {_line(self.source)}) -> {self.target.op_name} "
                f"(line {_line(self.target)}) at depth {self.depth}: {parts}")


def _line(op: Operation):
    return op.pos[0] if op.pos else "?"


class LoopNest:
    """A perfect nest of affine.for loops, outermost first."""

    def __init__(self, loops: list):
        self.loops = list(loops)

    @property
    def depth(self) -> int:
        return len(self.loops)

    @property
    def names(self) -> list[str]:
        """The loops' IVs as the source wrote them (`%i`), or as printed."""
        from .transforms.loop_utils import loop_name
        with context_for(self.loops[0]):
            return [loop_name(loop) for loop in self.loops]

    def dependences(self) -> list[Dependence]:
        """Every dependence between the accesses inside the nest, at each
        depth of the nest (as `getDependenceComponents`), loops named."""
        from .analysis.dependence import get_dependence_components
        names = self.names
        outer = _enclosing_loops(self.loops[0])
        found = []
        for components, src, dst, depth in get_dependence_components(self.loops[0],
                                                                     self.depth):
            own = components[outer:outer + self.depth]
            found.append(Dependence(src.op, dst.op, depth,
                                    {name: (c.lb, c.ub) for name, c in zip(names, own)}))
        return found

    def is_valid_permutation(self, perm_map) -> bool:
        """Whether moving loop i to position perm_map[i] keeps the program's
        meaning: every dependence stays lexicographically non-negative
        (MLIR's `isValidLoopInterchangePermutation`), and, beyond what that
        check assumes, the nest is one `permute` can reorder (see
        `unsupported_reason`).  The identity is always valid."""
        from .transforms.loop_utils import is_valid_loop_interchange_permutation
        perm_map = self._permutation(perm_map)
        if perm_map == list(range(self.depth)):
            return True
        if self.unsupported_reason() is not None:
            return False
        return is_valid_loop_interchange_permutation(self.loops, perm_map)

    def _permutation(self, perm_map) -> list:
        """`perm_map` as a list, checked: each position 0..depth-1 once."""
        try:
            positions = list(perm_map)
        except TypeError:
            raise TypeError(f"perm_map must be a sequence of loop positions, not "
                            f"{type(perm_map).__name__}") from None
        if sorted(positions) != list(range(self.depth)) or not all(
                isinstance(p, int) and not isinstance(p, bool) for p in positions):
            raise ValueError(f"perm_map {positions} is not a permutation of the nest's "
                             f"{self.depth} loops (each of 0..{self.depth - 1} once)")
        return positions

    def unsupported_reason(self) -> str | None:
        """Why the nest cannot be reordered, or None: a loop with iter_args,
        bounds that use an IV of the nest (`permute` keeps bounds as
        written), or ops whose memory effects the dependence analysis does
        not see (calls, unknown ops, affine.if) -- the reasons for which
        `-affine-loop-interchange` leaves a nest alone."""
        from .analysis.affine_access import depends_on
        from .transforms.loop_interchange import unsupported_op_reason
        if any(loop.inits for loop in self.loops):
            return "a loop has iter_args"
        ivs = {loop.induction_var for loop in self.loops}
        for loop in self.loops:
            operands = list(loop.lower_bound_operands) + list(loop.upper_bound_operands)
            if any(depends_on(value, ivs) for value in operands):
                return "non-rectangular loop bounds"
        return unsupported_op_reason(self.loops[-1])

    def permute(self, perm_map) -> None:
        """Move loop i to position perm_map[i] (MLIR's `permuteLoops`; no
        legality check: ask `is_valid_permutation` first)."""
        from .transforms.loop_utils import permute_loops
        perm_map = self._permutation(perm_map)
        permute_loops(self.loops, perm_map)
        self.loops = [self.loops[i] for i in _inverse(perm_map)]

    def __repr__(self) -> str:
        return f"<LoopNest ({', '.join(self.names)})>"


def _inverse(perm_map) -> list:
    order = [0] * len(perm_map)
    for loop, position in enumerate(perm_map):
        order[position] = loop
    return order


def _enclosing_loops(op: Operation) -> int:
    from .dialects.affine import AffineForOp
    count, parent = 0, op.parent_op
    while parent is not None:
        count += isinstance(parent, AffineForOp)
        parent = parent.parent_op
    return count


def find_loop_nests(root: Operation) -> list[LoopNest]:
    """The maximal perfect nests whose outermost loop is not directly in
    another affine.for, in program order."""
    from .dialects.affine import AffineForOp
    from .transforms.loop_utils import get_perfectly_nested_loops
    return [LoopNest(get_perfectly_nested_loops(op)) for op in root.walk()
            if isinstance(op, AffineForOp) and not isinstance(op.parent_op, AffineForOp)]


# ----------------------------------------------------------------- passes
def run_pass(module: Operation, pass_: str | Pass | type[Pass], **options) -> list[Diagnostic]:
    """Run one pass on `module` (a registered argument, a Pass class or
    instance; `options` by field name or option name) and verify the
    result.  Returns the remarks and other diagnostics it emitted."""
    if isinstance(pass_, str):
        cls = lookup_pass(pass_)
        if cls is None:
            raise ValueError(f"no pass named '{pass_}'")
        pass_ = cls
    if isinstance(pass_, type):
        pass_ = pass_(**{key.replace("-", "_"): value for key, value in options.items()})
    from .pass_manager import PassManager
    manager = PassManager(module.op_name)
    manager.add(pass_)
    return _run(manager, module)


def run_pipeline(module: Operation, pipeline: str) -> list[Diagnostic]:
    """Run a `--pass-pipeline` text, e.g.
    `"builtin.module(func.func(test-loop-permutation{permutation-map=1,0}))"`."""
    from .pass_manager import PassManager
    return _run(PassManager.parse(pipeline), module)


def _run(manager, module: Operation) -> list[Diagnostic]:
    context = context_for(module)
    manager.context = context
    manager.run(module)
    return context.drain()


def format_diagnostics(module: Operation, diagnostics: list[Diagnostic]) -> str:
    """Diagnostics as the command line prints them."""
    context = context_for(module)
    return "".join(context.format(d) for d in diagnostics)


