"""Turn parsed operations into IR, resolving SSA names scope by scope.

Names resolve as in MLIR's OperationParser: a region sees the values of the
regions around it up to the nearest op that is isolated from above; a use
before its definition (another block, a graph region) is a forward reference
that must be defined before its isolated scope ends.  Ops are built
top-down with an explicit stack, so deep nests do not hit Python's
recursion limit.
"""

from __future__ import annotations

from ..diagnostics import MLIRError, offset_to_pos, pos_to_offset
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import OP_CLASSES, Block, Operation, Region, Value
from ..dialects.base import OPEN_DIALECTS, REGISTERED_DIALECTS
from ..ir.verifier import verify_parsed
from .syntax import ParsedOp, ParsedRegion, pos_of, skip_trivia
from .unknown_op import unknown_custom_op_error


class _Scope:
    """The names a region sees.  As in MLIR's parser, names are unique up to
    the nearest op isolated from above: the regions within it share one
    table of the names defined so far (`values`, `defined_at`), and each
    region's own definitions (`own`) leave it when the region ends."""

    __slots__ = ("isolated", "owner", "values", "defined_at", "own", "forward", "labels",
                 "default_dialect")

    def __init__(self, parent, isolated, default_dialect="builtin"):
        self.isolated = isolated or parent is None
        if self.isolated:
            self.owner = self
            self.values: dict = {}       # "%name" -> list of Values (a result group)
            self.defined_at: dict = {}   # "%name" -> position of its definition
            self.forward: dict = {}      # "%name" -> (placeholder values, first use pos)
        else:
            # Forward references are recorded at the owner only.
            self.owner = parent.owner
            self.values, self.defined_at = self.owner.values, self.owner.defined_at
        self.own: list = []              # names this region defined, while it is open
        self.labels: dict = {}           # "^label" -> Block
        # The dialect an op name without a prefix belongs to (`return` in a
        # func.func body is func.return).
        self.default_dialect = default_dialect


# Kinds of the builder's work items.
_BUILD, _FINISH, _REGION, _END_SCOPE = "build", "finish", "region", "end scope"
# The registry's plain lookup, at C speed, for the ops of every line; a name
# it lacks asks `OP_CLASSES` itself, which loads the deferred dialects.
_loaded_op_class = dict.get.__get__(OP_CLASSES)

_LEGACY_SEGMENT_NAMES = {"operand_segment_sizes": "operandSegmentSizes",
                         "result_segment_sizes": "resultSegmentSizes"}


class Builder:
    def __init__(self, allow_unregistered: bool, text: str | None = None,
                 argument_locations: dict | None = None):
        self.allow_unregistered = allow_unregistered
        self.text = text                 # the source, to place some diagnostics
        # The block arguments' locations written with `loc(...)`, by the
        # position of the arguments' names.
        self.argument_locations = argument_locations or {}
        # Whether a use came before its definition.  Without one, each use
        # resolved to a value already defined in a scope it sees, which
        # dominates it: the dominance check has nothing to find.
        self.forward_referenced = False
        # The ops of the classes whose custom form guarantees their ODS
        # invariants (`invariants_met_by_parser`) that were not read from
        # that form (the generic form, or a block label giving arguments):
        # the verifier checks those, and spares the others of the classes
        # (their implicit terminators included).
        self.unspared_ops: set = set()

    # ------------------------------------------------------------ entry point
    def build_module(self, parsed_ops: list):
        from ..dialects.builtin import ModuleOp
        top = _Scope(None, True)
        # Each parsed op is dropped once it is built, so that a large input
        # does not hold its parse and its IR in memory at once.
        parsed_ops.reverse()
        ops = []
        while parsed_ops:
            ops.append(self.build_op(parsed_ops.pop(), top))
        self._check_forward(top)
        if len(ops) == 1 and isinstance(ops[0], ModuleOp):
            module = ops[0]
        else:
            block = Block()
            for op in ops:
                block.append(op)
            module = ModuleOp(regions=[Region([block])])
        verify_parsed(module, self.text, check_dominance=self.forward_referenced,
                      unspared_ops=self.unspared_ops)
        return module

    # ----------------------------------------------------------- operations
    def build_op(self, parsed: ParsedOp, scope: _Scope) -> Operation:
        """Build `parsed` with its nested regions, iteratively."""
        root_holder: list = []
        # Work items: (_BUILD, parsed op, scope, block to append to or None
        # for the root), (_FINISH, op, scope, parsed op), (_REGION,
        # region, parsed region, (op, scope, default dialect)) or
        # (_END_SCOPE, scope, None, None).
        stack = [(_BUILD, parsed, scope, None)]
        del parsed
        while stack:
            kind, p, sc, target = stack.pop()
            if kind is not _BUILD:
                if kind is _FINISH:
                    self._finish_op(p, target.results, sc, target.generic, target.pos)
                elif kind is _REGION:
                    self._push_region(p, sc, *target, stack)
                else:
                    self._end_scope(p)
                continue
            op = self._create(p, sc)
            if target is None:
                root_holder.append(op)
            else:
                target.append(op)
            if not p.regions:
                self._finish_op(op, p.results, sc, p.generic, p.pos)
                continue
            # Results become visible after the op's regions are parsed, as in
            # MLIR; schedule that for after the region work below.
            stack.append((_FINISH, op, sc, p))
            # A custom-form op sets the default dialect of its regions; the
            # generic form keeps the enclosing one.
            dialect = sc.default_dialect if p.generic else op.default_dialect
            # A region's names are defined when its turn comes: the regions
            # of an op share the table of names, each in turn.
            for region, parsed_region in zip(reversed(op.regions), reversed(p.regions)):
                stack.append((_REGION, region, parsed_region, (op, sc, dialect)))
        return root_holder[0]

    def _push_region(self, region: Region, parsed: ParsedRegion, op, parent_scope,
                     default_dialect: str, stack):
        scope = _Scope(parent_scope, op.isolated_from_above, default_dialect)
        parsed_blocks = parsed.blocks
        if len(parsed_blocks) == 1:     # most regions: no comprehension's call
            blocks = [region.append(Block())]
        else:
            blocks = [region.append(Block()) for _ in parsed_blocks]
        if len(blocks) > 1:
            # Every block's arguments are defined before any op is read, and
            # a block does not see all blocks before it: uses that resolve
            # need not dominate, so the dominance check runs.
            self.forward_referenced = True
        labels = scope.labels
        for parsed_block, block in zip(parsed_blocks, blocks):
            if parsed_block.label is not None:
                if parsed_block.args and block is blocks[0]:
                    # A label gives the entry block arguments the op's own
                    # form may not declare (NoRegionArguments): the op's
                    # invariants are checked after all.
                    self.unspared_ops.add(op)
                if parsed_block.label.value in labels:
                    raise MLIRError(f"redefinition of block '{parsed_block.label.value}'",
                                    pos_of(parsed_block.label))
                labels[parsed_block.label.value] = block
            for token, type in parsed_block.args:
                arg = block.add_arg(type)
                if token is not None:
                    if parsed_block.label is None:
                        self._check_entry_argument(scope, token)
                    pos = pos_of(token)
                    arg.pos = self.argument_locations.get(pos, pos)
                    self._define(scope, token.value, [arg], pos)
        stack.append((_END_SCOPE, scope, None, None))
        for parsed_block, block in zip(reversed(parsed_blocks), reversed(blocks)):
            for parsed_op in reversed(parsed_block.ops):
                stack.append((_BUILD, parsed_op, scope, block))
            parsed_block.ops = []     # the stack holds them until they are built

    def _create(self, p: ParsedOp, scope: _Scope) -> Operation:
        if "." not in p.name and not p.generic:
            p.name = _prefixed_name(p, scope.default_dialect)
        operands = self._operands(p, scope) if p.operands else []
        cls = _loaded_op_class(p.name) or OP_CLASSES.get(p.name) or self._unregistered_op_class(p)
        attributes, properties = self._split_attributes(cls, p)
        if p.generic and cls is not Operation:
            if p.properties:
                message = cls.property_conversion_error(p.properties)
                if message:
                    raise MLIRError(message, p.pos)
            if "operandSegmentSizes" in cls.inherent and "operandSegmentSizes" not in properties:
                # MLIR's property storage holds zeros where the text gives none.
                properties["operandSegmentSizes"] = A.DenseArrayAttr(
                    T.I32, [0] * len(cls.ods_operands))
        successors = [self._block_for(scope, t) for t in p.successors] if p.successors else ()
        if not p.regions:
            regions = ()
        elif len(p.regions) == 1:       # no comprehension's call
            regions = [Region()]
        else:
            regions = [Region() for _ in p.regions]
        # The op's location: the one written after it, else where it stands.
        pos = p.pos if p.loc is None else getattr(p.loc, "target", None) or p.loc
        if cls is Operation:
            return Operation(operands, p.result_types, attributes, properties, regions,
                             successors, name=p.name, pos=pos)
        op = cls(operands, p.result_types, attributes, properties, regions, successors,
                 pos=pos)
        if p.generic and cls.invariants_met_by_parser:
            self.unspared_ops.add(op)
        return op

    def _finish_op(self, op: Operation, results: list, scope: _Scope, generic: bool,
                   source_pos=None) -> None:
        """`results`: the (name, count, position) groups the op's results bind.
        An op read from the generic form gets no implicit structure, and one
        that does not have the shape its class declares is left as written:
        its fix-ups would assume that shape, and the verifier reports what
        is wrong, as MLIR's generic parser leaves that to the verifier too."""
        if not generic:
            if op.implies_structure:
                if op.pos is not source_pos:
                    # The op's custom parser adds it before the op's `loc(...)`
                    # is read: what it adds is where the op stands.
                    op.pos, location = source_pos, op.pos
                    op.ensure_implicit_structure()
                    op.pos = location
                else:
                    op.ensure_implicit_structure()
            op.finish_parse()
        elif not op.signature_error():
            op.finish_parse()
        if not results:
            return
        if len(results) == 1 and op.results and results[0][1] == len(op.results):
            # One name for all the results (nearly every op): defined here,
            # without a call, unless `_define` has an error or a forward
            # reference to see to.
            name, _, pos = results[0]
            values = scope.values
            if name in values or scope.owner.forward:
                self._define(scope, name, op.results, pos)
            else:
                values[name] = op.results
                scope.defined_at[name] = pos
                scope.own.append(name)
            return
        expected = 0
        for _, count, _ in results:
            expected += count
        if not op.results:
            raise MLIRError("cannot name an operation with no results", results[0][2])
        if expected != len(op.results):
            raise MLIRError(f"operation defines {len(op.results)} results but was provided "
                            f"{expected} to bind", results[0][2])
        index = 0
        for name, count, pos in results:
            self._define(scope, name, op.results[index:index + count], pos)
            index += count

    def _unregistered_op_class(self, p: ParsedOp):
        """The class of an op whose name is not registered, if it may be built."""
        dialect = p.name.split(".", 1)[0] if "." in p.name else ""
        if dialect in OPEN_DIALECTS:
            return Operation
        if dialect in REGISTERED_DIALECTS:
            raise MLIRError(f"unregistered operation '{p.name}' found in dialect ('{dialect}') "
                            "that does not allow unknown operations", p.pos)
        if not self.allow_unregistered:
            # mlir-opt reports this at the token after the quoted name.
            raise MLIRError("operation being parsed with an unregistered dialect. If this is "
                            "intended, please use -allow-unregistered-dialect with the MLIR "
                            "tool used", self._after_string(p.pos))
        return Operation

    @staticmethod
    def _split_attributes(cls, p: ParsedOp):
        """Inherent attributes of a registered op become properties, whether
        written in `<{...}>` or (older generic form) in the attribute dict."""
        if cls is Operation:
            return dict(p.attributes), dict(p.properties)
        properties = dict(p.properties)
        if not p.attributes:
            return {}, properties
        inherent = cls.inherent
        attributes = {}
        for name, value in p.attributes.items():
            # The segment sizes' former names are read as the properties'
            # (ODS's setPropertiesFromAttr accepts them still).
            if name in _LEGACY_SEGMENT_NAMES and _LEGACY_SEGMENT_NAMES[name] in inherent:
                name = _LEGACY_SEGMENT_NAMES[name]
            if name in inherent:
                properties.setdefault(name, value)
            else:
                attributes[name] = value
        return attributes, properties

    # ------------------------------------------------------------ SSA names
    def _define(self, scope: _Scope, name: str, values: list, pos) -> None:
        if name in scope.values:
            error = MLIRError(f"redefinition of SSA value '{name}'", pos)
            previous = scope.defined_at.get(name)
            if previous is not None:
                error.attach_note("previously defined here", previous)
            raise error
        if scope.owner.forward:
            self._bind_forward(scope.owner, name, values, pos)
        scope.values[name] = values
        scope.defined_at[name] = pos
        scope.own.append(name)

    def _end_scope(self, scope: _Scope) -> None:
        if scope.isolated:
            self._check_forward(scope)
            return
        values, defined_at = scope.values, scope.defined_at
        for name in scope.own:
            del values[name]
            del defined_at[name]

    @staticmethod
    def _bind_forward(owner: _Scope, name: str, values: list, pos) -> None:
        """Replace the forward references to `name` recorded at `owner`
        with its definition `values`."""
        pending = owner.forward.pop(name, None)
        if pending is None:
            return
        placeholders, first_use = pending
        missing = {i: p for i, p in placeholders.items() if i >= len(values)}
        if missing:
            # `%x#3` of a value with fewer results stays undeclared,
            # reported when the scope ends, as in mlir.
            owner.forward[name] = (missing, first_use)
        for i, placeholder in placeholders.items():
            if i >= len(values):
                continue
            if placeholder.type != values[i].type:
                raise MLIRError(f"definition of SSA value '{name}#{i}' has type "
                                f"'{values[i].type}'", pos).attach_note(
                    f"previously used here with type '{placeholder.type}'", first_use)
            placeholder.replace_all_uses_with(values[i])

    def _operands(self, p: ParsedOp, scope: _Scope) -> list:
        """The values `p`'s operands name, each of the type given with it.
        Most name a value defined before, of that type: that case is decided
        here, without a call; `_resolve` takes the others (a result number,
        a forward reference, an error)."""
        values = scope.values
        operands = []
        for token, expected in zip(p.operands, p.operand_types):
            group = values.get(token if token.__class__ is str else token.value)
            # `%x#1` is not found: the table holds `%x`.
            if group and group[0].type is expected:
                operands.append(group[0])
            else:
                operands.append(self._resolve(scope, token, expected))
        return operands

    def _resolve(self, scope: _Scope, token, expected) -> Value:
        """The value a use names: a VALUE_ID token, or a name alone (made
        from an op line, without a place)."""
        if token.__class__ is str:
            name, token = token, None
        else:
            name = token.value
        index = 0
        if "#" in name:
            name, _, number = name.partition("#")
            index = int(number) if number else 0
        group = scope.values.get(name)
        if group is not None:
            if index >= len(group):
                raise MLIRError("reference to invalid result number", _place(token))
            value = group[index]
            # Types are shared objects far more often than not: `is`
            # first spares a Python-level comparison.
            if expected is not None and value.type is not expected and value.type != expected:
                error = MLIRError(f"use of value '{name}' expects different type than "
                                  f"prior uses: '{expected}' vs '{value.type}'", _place(token))
                previous = scope.defined_at.get(name)
                if previous is not None:
                    error.attach_note("prior use here", previous)
                raise error
            return value
        # A forward reference, recorded at the nearest isolated scope.
        owner = scope.owner
        if expected is None:
            raise MLIRError("use of undeclared SSA value name", _place(token))
        self.forward_referenced = True
        placeholders, first = owner.forward.setdefault(name, ({}, _place(token)))
        placeholder = placeholders.get(index)
        if placeholder is None:
            placeholder = placeholders[index] = Value(expected)
        elif placeholder.type != expected:
            raise MLIRError(f"use of value '{name}' expects different type than prior uses: "
                            f"'{expected}' vs '{placeholder.type}'", _place(token)).attach_note(
                "prior use here", first)
        return placeholder

    def _check_entry_argument(self, scope: _Scope, token) -> None:
        """A region's named entry arguments (a loop's induction variable)
        must not reuse a name defined or already used around the region."""
        if token is None:
            return
        if scope.isolated:
            return   # a new name scope
        name = token.value
        if name in scope.values:
            previous = scope.defined_at.get(name)
        else:
            pending = scope.owner.forward.get(name)
            if pending is None:
                return
            previous = pending[1]
        raise MLIRError(f"region entry argument '{name}' is already in use",
                        pos_of(token)).attach_note("previously referenced here", previous)

    def _check_forward(self, scope: _Scope) -> None:
        """Values used but never defined in an isolated scope: mlir reports
        every one of them, in source order."""
        if scope.isolated and scope.forward:
            # A use made from an op line has no place: its text is then
            # read again token by token, and this error is not reported.
            positions = sorted((pos for _, pos in scope.forward.values()),
                               key=lambda pos: pos or (0, 0))
            error = MLIRError("use of undeclared SSA value name", positions[0])
            for pos in positions[1:]:
                error.attach_note("use of undeclared SSA value name", pos, severity="error")
            raise error

    def _block_for(self, scope: _Scope, token) -> Block:
        block = scope.labels.get(token.value)
        if block is None:
            raise MLIRError("reference to an undefined block", pos_of(token))
        return block

    def _after_string(self, pos):
        """The position of the token after the string literal at `pos` (an
        op name in generic form), or `pos` itself without the source."""
        text = self.text
        if text is None or pos is None:
            return pos
        offset = pos_to_offset(text, pos)
        if not text.startswith('"', offset):
            return pos
        end = offset + 1
        while end < len(text) and text[end] not in '"\n':
            end += 2 if text[end] == "\\" else 1
        return offset_to_pos(text, min(skip_trivia(text, end + 1), len(text)))


def _place(token):
    """Where a use stands, None for a name alone."""
    return pos_of(token) if token is not None else None


def _prefixed_name(p: ParsedOp, dialect: str) -> str:
    """The full name of an op written without its dialect (`return`,
    `module`): the default dialect's op of that name, as MLIR resolves it."""
    if dialect and f"{dialect}.{p.name}" in OP_CLASSES:
        return f"{dialect}.{p.name}"
    raise unknown_custom_op_error(p.name, p.pos, dialect)
