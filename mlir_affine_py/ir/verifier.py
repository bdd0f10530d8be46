"""IR verification, as mlir-opt does after parsing and between passes: each
op's own `verify()` and SSA dominance (an operand must be defined earlier in
its block or in a block around it, never across an isolated-from-above op).

Regions with several blocks are checked permissively (a value of any block
of the region is accepted): the affine passes never build control-flow
graphs, and their loops are single-block regions.  The walk keeps an
explicit stack, so deep nests do not reach Python's recursion limit."""

from __future__ import annotations

import contextlib
import functools
import re
from typing import Any

from ..diagnostics import MLIRError, offset_to_pos, pos_to_offset, print_op_on_diagnostic
from . import attributes as A
from .core import VERIFIER, Operation
from .traits import HasOnlyGraphRegion, NoTerminator, SingleBlock, SymbolTable

# Context managers that dialects add (the affine dialect's memo of valid
# dimensions and symbols): each holds while one verification runs, when
# the IR does not change.
VERIFICATION_SCOPES: list = []


def _symbol_lookups_cached(verify):
    """`verify`, with each symbol table read once however many symbol uses
    (calls, memref.get_global) it checks, and each value's validity as an
    affine dimension or symbol decided once per scope."""
    @functools.wraps(verify)
    def run(*args, **options):
        with contextlib.ExitStack() as scopes:
            scopes.enter_context(symbol_lookups_cached())
            for scope in VERIFICATION_SCOPES:
                scopes.enter_context(scope())
            return verify(*args, **options)
    return run


@_symbol_lookups_cached
def verify_parsed(module, text: str | None = None, check_dominance: bool = True,
                  unspared_ops=None) -> None:
    """MLIR's verifier after parsing: each op in pre-order (the dialects'
    checks of its attributes, its place as a terminator, its own checks),
    each block's terminator once the block's ops are verified, then (if
    `check_dominance`) the dominance of operands.  `text`, the source,
    places one diagnostic.  Given `unspared_ops` (from the builder), the
    ops of the classes whose custom form guarantees their ODS invariants
    (`invariants_met_by_parser`) are spared those checks, but for the ops
    of `unspared_ops`, which were not read from that form; without it,
    every op is checked.

    The module's isolated-from-above ops (its functions) are verified after
    its other ops, each on its own, as OperationVerifier::verifyOnExit
    verifies them in parallel: a failing function does not keep the others
    from being verified, and every function's first error is reported (the
    first error raised, carrying the others)."""
    isolated = [op for region in module.regions for block in region.blocks
                for op in block.ops if op.regions and op.isolated_from_above]
    _verify_ops(module, text, unspared_ops, skip=set(isolated), root_table=False)
    errors = []
    for op in isolated:
        try:
            _verify_ops(op, text, unspared_ops)
            if check_dominance:
                verify_dominance(op)
        except MLIRError as error:
            errors.append(error)
    if errors:
        first = errors[0]
        for other in errors[1:]:
            first.notes.append((other.severity, str(other.message), other.pos))
            first.notes.extend(other.notes)
        raise first
    if hasattr(module, "symbol_table_error"):
        found = module.symbol_table_error()
        if found:
            raise found
    if check_dominance:
        verify_dominance(module, skip=set(isolated))


def _verify_ops(root, text: str | None, unspared, skip=frozenset(),
                root_table: bool = True) -> None:
    """The structural checks of verify_parsed for `root` and the ops nested
    in it, but for those in `skip` (verified on their own) and, unless
    `root_table`, the symbol table of `root` itself; `unspared` as
    verify_parsed's `unspared_ops`."""
    # Work items: an op; ("block", block) once the block's ops are verified,
    # for its terminator (MLIR checks it on leaving the block); ("table", op)
    # once a symbol table's ops are, for its symbols; ("terminator", op) once
    # an op's regions are, for the terminator its custom form implies.
    sparing = unspared is not None
    work = [root]
    while work:
        op = work.pop()
        if op.__class__ is tuple:
            kind, item = op
            if kind == "regions":
                message = item.verify_regions()
                if message:
                    raise op_error(message, item)
                continue
            found = (missing_terminator_error(item) if kind == "block"
                     else implicit_terminator_error(item) if kind == "terminator"
                     else item.symbol_table_error())
            if found:
                raise found
            continue
        if skip and op in skip:
            continue
        if op.parent_trait is not None or op.regions and op.has_trait(SingleBlock):
            message = structural_error(op)
            if message:
                # The counts are the traits checked before these.
                raise op_error(op.declared_count_error() or message, op)
        # The first two checks are rarely needed: test for that inline.
        message = ((op.attributes and dialect_attributes_error(op))
                   or (op.checks_invariants and not (sparing and op.invariants_met_by_parser
                                                     and op not in unspared)
                       and op.verify_invariants())
                   or (op.is_terminator and terminator_error(op)) or op.verify_own())
        if message:
            if message.endswith("must be the last operation in the parent block"):
                _check_terminator_operands(op, text)
            raise op_error(message, op)
        if not op.regions:
            continue
        for region in op.regions:
            blocks = region.blocks
            if len(blocks) == 1 and not (blocks[0].ops and blocks[0].ops[-1].successors):
                continue        # the common region: one block, no branch
            if _has_successors(region) and _predecessors(region)[region.blocks[0]]:
                # OperationVerifier::verifyOnEntrance, after the op's own checks.
                raise MLIRError("entry block of region may not have predecessors", op.pos)
        if op.__class__.verify_regions is not Operation.verify_regions:
            # After the region traits' checks (the symbol table's, the
            # implicit terminator's), as verifyRegionInvariants runs them.
            work.append(("regions", op))
        if hasattr(op, "symbol_table_error") and (root_table or op is not root):
            work.append(("table", op))
        # The checks made on leaving a block or the op are queued only where
        # they will fail (rarely): they report in their turn, after the ops
        # inside, and cost nothing where they pass.
        implicit = op.implicit_terminator
        if implicit is not None and implicit.region_error(op) is not None:
            work.append(("terminator", op))
        needs_terminators = op.needs_terminators
        for region in reversed(op.regions):
            # A block of a region with several blocks needs a terminator
            # whatever the op (MLIR `mayBeValidWithoutTerminator`).
            check_blocks = needs_terminators or len(region.blocks) > 1
            for block in reversed(region.blocks):
                ops = block.ops
                if check_blocks and not (ops and ops[-1].is_terminator):
                    work.append(("block", block))
                work.extend(reversed(ops))


def implicit_terminator_error(op) -> MLIRError | None:
    """SingleBlockImplicitTerminator's region trait: each region of `op`
    ends with the terminator its custom form leaves out."""
    message = op.implicit_terminator.region_error(op)
    if message is None:
        return None
    note = ("in custom textual format, the absence of terminator implies "
            f"'{op.implicit_terminator.terminator}'")
    return op_error(NotedMessage(message, [(note, op)]), op)


def structural_error(op) -> str | None:
    """ODS's structural traits, checked after the op's counts and before its
    other invariants: SingleBlock (at most one block a region, and not an
    empty one unless the op has NoTerminator) and HasParent/ParentOneOf."""
    if op.regions and op.has_trait(SingleBlock):
        for index, region in enumerate(op.regions):
            if len(region.blocks) > 1:
                return f"'{op.op_name}' op expects region #{index} to have 0 or 1 blocks"
            if region.blocks and not region.blocks[0].ops and not op.has_trait(NoTerminator):
                return f"'{op.op_name}' op expects a non-empty block"
    if op.parent_trait is not None:
        return op.parent_trait.parent_error(op)
    return None


class LocationMessage(str):
    """A verifier message that MLIR reports at the op's location but not on
    the op (mlir::emitError rather than Operation::emitError): no note
    shows the op."""


class NotedMessage(str):
    """A verifier message with notes at other ops (`emitOpError() ...
    .attachNote(other->getLoc())`): `notes`, (text, op) pairs, follow the
    note that shows the op."""

    notes: tuple = ()

    def __new__(cls, message: str, notes):
        self = super().__new__(cls, message)
        self.notes = tuple(notes)
        return self


class VerificationError(MLIRError):
    """`Operation.verify()` failed: `str()` is mlir-opt's report (the
    diagnostic with its source line, then its notes, the op in generic
    form among them); `message`, `pos` and `notes` as MLIRError's."""

    def __init__(self, error: MLIRError, op):
        super().__init__(error.message, error.pos, error.severity)
        self.op = op

    def __str__(self) -> str:
        from ..diagnostics import format_diagnostic
        root = self.op
        while root.parent_op is not None:
            root = root.parent_op
        filename, source = getattr(root, "source_file", None) or ("<unknown>", "")
        return format_diagnostic(filename, source, self.message, self.pos,
                                 self.severity).rstrip("\n")


def _is_generic(op) -> bool:
    """Whether `op` is of no registered class: an `Operation` itself, whose
    only base is object (asked so, this module imports nothing of core.py,
    which imports it to verify)."""
    return len(op.__class__.__mro__) == 2


def op_error(message: str, op) -> MLIRError:
    """An error about `op`.  mlir-opt follows it with the op in generic form
    (Operation::emitError with -mlir-print-op-on-diagnostic, its default),
    on a line of its own when the op takes several."""
    if isinstance(message, LocationMessage):
        return MLIRError(str(message), op.pos)
    error = MLIRError(str(message), op.pos)
    if print_op_on_diagnostic():
        error.attach_note("see current operation: " + appended_op(op), op.pos)
    for text, other in getattr(message, "notes", ()):
        error.attach_note(text, other.pos)
    return error


def appended_op(op, generic: bool = True) -> str:
    """`op` as a diagnostic's text shows it (Diagnostic::appendOp): in
    generic form for an error, on a line of its own when it takes several."""
    from ..printer.printer import op_to_string
    text = op_to_string(op, generic=generic)
    return "\n" + text if "\n" in text else text


# A custom-form terminator without operands, then results defined (a
# pattern compiled where used, on an error path, not at start-up).
_TERMINATOR_THEN_RESULTS = (
    r"(?:return|func\.return|affine\.yield|scf\.yield)((?:\s*%[\w$.\-]+\s*,)*\s*%[\w$.\-]+)\s*=")


def _check_terminator_operands(op, text: str | None) -> None:
    """`return` (or a yield) followed by `%a = ...` on the next line: MLIR
    reads `%a` as the terminator's operand and then wants the `:` of its
    type where the `=` stands."""
    if text is None or op.pos is None or op.operands or op.pos.__class__ is not tuple:
        return
    parent = op.parent_op
    if parent is not None and op.pos is parent.pos:
        return      # an implicit terminator: at its op, not in the text
    match = re.compile(_TERMINATOR_THEN_RESULTS).match(text, pos_to_offset(text, op.pos))
    if match is not None:
        raise MLIRError("expected ':'", offset_to_pos(text, match.end(1)))


@_symbol_lookups_cached
def verify_operation(root) -> None:
    """Raise MLIRError at the first op that fails verification."""
    for op in root.walk():
        message = op.verify_own()
        if message:
            raise op_error(message, op)
    verify_dominance(root)


def _has_successors(region) -> bool:
    """Whether a block of `region` ends in a branch (the common region, one
    block ending in a yield or return, has no control flow to check)."""
    return any(block.ops and block.ops[-1].successors for block in region.blocks)


def _predecessors(region) -> dict:
    """Block -> the blocks of `region` whose terminator branches to it."""
    preds: dict = {block: [] for block in region.blocks}
    for block in region.blocks:
        if block.ops:
            for successor in block.ops[-1].successors:
                if successor in preds:
                    preds[successor].append(block)
    return preds


def dominators(region) -> dict:
    """Block -> the set of blocks that dominate it (itself included), for
    the blocks reachable from the entry; an unreachable block is left out
    (LLVM's dominator tree takes it as dominated by every block)."""
    preds = _predecessors(region)
    entry = region.blocks[0]
    reachable, stack = {entry}, [entry]
    while stack:
        block = stack.pop()
        for successor in (block.ops[-1].successors if block.ops else ()):
            if successor in preds and successor not in reachable:
                reachable.add(successor)
                stack.append(successor)
    order = [b for b in region.blocks if b in reachable]
    dom = {b: set(order) for b in order}
    dom[entry] = {entry}
    changed = True
    while changed:
        changed = False
        for block in order[1:]:
            incoming = [dom[p] for p in preds[block] if p in reachable]
            new = set.intersection(*incoming) | {block} if incoming else {block}
            if new != dom[block]:
                dom[block], changed = new, True
    return dom


def _dominance_error(op, index: int) -> MLIRError:
    """MLIR's diagnoseInvalidOperandDominance: the op, then where the operand
    comes from relative to it."""
    error = op_error(f"operand #{index} does not dominate this use", op)
    defining = op.operands[index].defining_op
    if defining is None:
        return _block_argument_note(error, op, op.operands[index])
    if defining.parent is None or op.parent is None:
        return error
    where = ("in the same block" if defining.parent is op.parent
             else _region_relation(op.parent.parent, defining.parent.parent, "is "))
    return error.attach_note(f"operand defined here (op {where})", defining.pos)


def _block_argument_note(error: MLIRError, op, value) -> MLIRError:
    """The note of diagnoseInvalidOperandDominance for a block argument,
    placed at the op that holds its block."""
    block: Any = getattr(value, "owner", None)
    if not hasattr(block, "args") or block.parent is None or op.parent is None:
        return error
    def_region = block.parent
    index = def_region.blocks.index(block)
    where = _region_relation(op.parent.parent, def_region)
    holder = def_region.parent
    return error.attach_note(f"operand defined as a block argument (block #{index} {where})",
                             holder.pos if holder is not None else None)


def _region_relation(use_region, def_region, neither: str = "") -> str:
    """Where the definition's region stands to the use's, in the words of
    diagnoseInvalidOperandDominance (which says "op is neither ..." for an
    op and "neither ..." for a block argument)."""
    if def_region is use_region:
        return "in the same region"
    if _encloses(def_region, use_region):
        return "in a parent region"
    if _encloses(use_region, def_region):
        return "in a child region"
    return f"{neither}neither in a parent nor in a child region"


def _encloses(outer, region) -> bool:
    """Whether `region` is nested, at any depth, in `outer` (and not it)."""
    while region is not None and region.parent is not None:
        block = region.parent.parent
        region = block.parent if block is not None else None
        if region is outer:
            return True
    return False


def verify_dominance(root, skip=frozenset()) -> None:
    """Raise MLIRError at the first op using a value that does not dominate
    it (the ops in `skip` are not looked into)."""
    # Each work item: (op, scopes), or (results, scope) to define the results
    # of an op once its regions are checked.  `scopes` is the tuple of value
    # sets visible at the op, innermost first (where most operands are).
    work: list[tuple[Any, Any]] = [(root, ())]
    while work:
        op, scopes = work.pop()
        if op.__class__ is list:
            scopes.update(op)
            continue
        if op in skip:
            if op.results and scopes:
                scopes[0].update(op.results)
            continue
        for value in op.operands:
            for scope in scopes:
                if value in scope:
                    break
            else:
                index = op.operands.index(value)
                raise _dominance_error(op, index)
        if not op.regions:
            if op.results and scopes:
                scopes[0].update(op.results)
            continue
        if op.results and scopes:
            work.append((op.results, scopes[0]))
        outer = () if op.isolated_from_above else scopes
        # A graph region's value may be used anywhere in its block.  An
        # unregistered op's regions may be graph regions (mayBeGraphRegion):
        # MLIR checks no order within their blocks either.
        graph = op.has_trait(HasOnlyGraphRegion) or _is_generic(op)
        for region in reversed(op.regions):
            visible = _visible_from_other_blocks(region, graph)
            for block in reversed(region.blocks):
                inner_scopes = (set(block.args) | visible.get(block, set()),) + outer
                work.extend([(inner, inner_scopes) for inner in reversed(block.ops)])


def _visible_from_other_blocks(region, graph: bool) -> dict:
    """Block -> the values defined elsewhere than before an op that its ops
    may use: those of the blocks that dominate it (in a block not reachable
    from the entry, every value of the region) and, in a graph region,
    those of its own block, which may come in any order."""
    if len(region.blocks) < 2 and not graph:
        return {}
    values = {block: set(block.args).union(*(op.results for op in block.ops))
              for block in region.blocks}
    if len(region.blocks) < 2:
        return values
    everything = set().union(*values.values())
    dom = dominators(region)
    return {block: set().union(*(values[d] for d in dom[block] if graph or d is not block))
            if block in dom else everything for block in region.blocks}


# dialect namespace -> verify(op, name, value) -> message or None: the
# dialect's `verifyOperationAttribute` for discardable attributes whose name
# starts with `<namespace>.`.
ATTRIBUTE_VERIFIERS: dict = {}


def register_attribute_verifier(dialect: str):
    def register(fn):
        ATTRIBUTE_VERIFIERS[dialect] = fn
        return fn
    return register


def dialect_attributes_error(op) -> str | None:
    """The first complaint of a dialect about the op's discardable
    attributes, which MLIR checks (in name order) before the op itself."""
    for name in sorted(op.attributes):
        verify = ATTRIBUTE_VERIFIERS.get(name.partition(".")[0])
        if verify is not None and "." in name:
            message = verify(op, name, op.attributes[name])
            if message:
                return message
    return None


def terminator_error(op) -> str | None:
    """The IsTerminator trait: nothing may follow a terminator in its block."""
    if op.is_terminator and op.parent is not None and op.parent.ops[-1] is not op:
        return f"'{op.op_name}' op must be the last operation in the parent block"
    return None


def is_registered(op) -> bool:
    """Whether a class is registered for the op's name: an unregistered op
    may be anything (a terminator, a symbol table).  Registered ops are
    instances of their op's class; an unregistered one is an `Operation`
    itself (`_is_generic`)."""
    return not _is_generic(op)


def missing_terminator_error(block):
    """The MLIRError when `block`, of an op whose blocks need a terminator
    (a registered op without the NoTerminator trait), does not end with one;
    else None.  An unregistered op may be a terminator."""
    if not block.ops:
        return MLIRError("empty block: expect at least a terminator", block.parent_op.pos)
    last = block.ops[-1]
    if last.is_terminator or not is_registered(last):
        return None
    return op_error(f"block with no terminator, has {appended_op(last)}", last)


def symbol_parent_error(op) -> str | None:
    """SymbolOpInterface: a symbol (func.func, memref.global) must sit
    directly in a symbol table; an unregistered parent may be one."""
    parent = op.parent_op
    if parent is not None and is_registered(parent) and not parent.has_trait(SymbolTable):
        return f"'{op.op_name}' op symbol's parent must have the SymbolTable trait"
    return None


def symbols_of(table):
    """(name, op) for each symbol defined directly in the symbol table op."""
    for region in table.regions:
        for block in region.blocks:
            for op in block.ops:
                # A property, or a discardable attribute where the op's
                # arguments leave it out (gpu.func).
                name = op.properties.get("sym_name") or op.attributes.get("sym_name")
                if isinstance(name, A.StringAttr):
                    yield name.text, op


def lookup_symbol(op, name: str):
    """SymbolTable::lookupNearestSymbolFrom: the op defining `name` in the
    nearest symbol table around `op` (the module it is in), or None."""
    table = op.parent_op
    while table is not None and not table.has_trait(SymbolTable):
        table = table.parent_op
    if table is None:
        return None
    if _SYMBOL_MAPS is None:
        return next((found for symbol, found in symbols_of(table) if symbol == name), None)
    symbols = _SYMBOL_MAPS.get(table)
    if symbols is None:
        symbols = _SYMBOL_MAPS[table] = {}
        for symbol, found in symbols_of(table):
            symbols.setdefault(symbol, found)       # the first definition, as above
    return symbols.get(name)


# Symbol table op -> {name: op}, while `symbol_lookups_cached` holds.
_SYMBOL_MAPS: dict | None = None


@contextlib.contextmanager
def symbol_lookups_cached():
    """Within it, `lookup_symbol` reads each symbol table once instead of
    once per call (a module of N calls would cost N^2).  For verification
    only: the IR does not change meanwhile."""
    global _SYMBOL_MAPS
    outer = _SYMBOL_MAPS
    if outer is None:
        _SYMBOL_MAPS = {}
    try:
        yield
    finally:
        _SYMBOL_MAPS = outer


def _verify_and_raise(op) -> bool:
    """`Operation.verify()`: True, or VerificationError with mlir-opt's
    diagnostics."""
    try:
        verify_operation(op)
    except MLIRError as error:
        raise VerificationError(error, op) from None
    return True


VERIFIER[:] = [_verify_and_raise]
