"""The printer: mlir-opt's default output, byte for byte.

One pass writes the text into a list of chunks.  Aliasable attributes (affine
maps as `#map`, integer sets as `#set`) are written as `_Alias` placeholders
the first time they are printed, which is exactly the set and order that
MLIR's alias initializer discovers by dry-running the printer; their final
names (`#map`, `#map1`, ...) are known only when the whole op is printed, so
the placeholders are resolved when the chunks are joined.
"""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import printing
from ..ir import types as T
from ..ir.core import Operation
from .names import UNKNOWN_SSA_VALUE, SSANameState

INDENT = "  "


class _Alias:
    __slots__ = ("attr", "prefix", "name", "order", "depth", "deferred", "nested")

    def __init__(self, attr, prefix, order, deferred=False):
        self.attr = attr
        self.prefix = prefix
        self.order = order
        self.name = None
        self.depth = 1
        # Whether every use of it is an op's trailing location: mlir-opt
        # then defines it after the op instead of before (AsmPrinter's
        # `canBeDeferred`).
        self.deferred = deferred
        self.nested: list = []      # the aliases its definition uses

    def undefer(self) -> None:
        """A use that cannot be deferred: this alias and those it uses are
        defined before the op."""
        pending = [self]
        while pending:
            alias = pending.pop()
            if alias.deferred:
                alias.deferred = False
                pending.extend(alias.nested)

    def sort_key(self):
        # AsmPrinter `InProgressAliasInfo::operator<`: an alias whose value
        # contains aliases comes after them, then by name, then first visit.
        return (self.depth, self.prefix, self.order)

    def __str__(self) -> str:
        return self.name


class _UnvisitedAttribute:
    """An attribute MLIR's alias walk never visits (the attributes of a
    region argument: `DummyAliasOperationPrinter::printRegionArgument` skips
    them).  It prints as its alias when something else gave it one, else
    inline; so it is resolved with the other aliases, at the end."""

    __slots__ = ("attr", "aliases", "inline")

    def __init__(self, attr, aliases, inline):
        self.attr = attr
        self.aliases = aliases
        self.inline = inline

    @property
    def name(self) -> str:
        alias = self.aliases.get(self.attr)
        return self.inline if alias is None else "#" + alias.name

    def __str__(self) -> str:
        return self.name


class _BlockArgs:
    """A block's argument list as an item of the generic alias walk."""

    __slots__ = ("block",)

    def __init__(self, block):
        self.block = block


class SourceLocations:
    """The locations of ops and block arguments as mlir-opt has them: the
    one written with `loc(...)` (kept in `pos`), else the file location
    of where the op or argument was read (`pos`, a (line, column) of the
    chunk, made a position of the file `filename`), else, for an op
    made by a pass, `loc(unknown)` and, for a block argument, its op's
    location (as the ops' builders give the arguments they add)."""

    def __init__(self, filename: str, text: str = "", line_offset: int = 0,
                 column_offset: int = 0):
        self.filename = filename.encode("utf-8", "surrogateescape")
        self.text = text
        self.line_offset = line_offset
        self.column_offset = column_offset
        self._lines: list | None = None

    def of_op(self, op):
        pos = op.pos
        if pos is None:
            if op.parent is None and op.op_name == "builtin.module":
                # The module the parser makes around the ops of a chunk:
                # at 0:0 in a file read whole, at the chunk's start in the
                # later chunks of a split file.
                if self.line_offset == 0 and self.column_offset == 0:
                    return A.FileLineColRange(self.filename, 0, 0)
                return self.file_location((1, 1))
            return A.UNKNOWN_LOC
        if pos.__class__ is tuple:
            return self.file_location(pos)
        return pos

    def of_value(self, value):
        pos = getattr(value, "pos", None)
        if pos is None:
            op = value.owner.parent_op if hasattr(value.owner, "args") else value.owner
            return self.of_op(op) if op is not None else A.UNKNOWN_LOC
        if pos.__class__ is tuple:
            return self.file_location(pos)
        return pos

    def file_location(self, pos):
        """FileLineColLoc of a (line, column) of the chunk; the column counts
        bytes, as MLIR's do."""
        line, column = pos
        if self._lines is None:
            self._lines = self.text.split("\n")
        if 0 < line <= len(self._lines):
            prefix = self._lines[line - 1][:column - 1]
            if not prefix.isascii():
                column += len(prefix.encode("utf-8", "surrogateescape")) - len(prefix)
        if line == 1:
            column += self.column_offset
        return A.FileLineColRange(self.filename, line + self.line_offset, column)


class Printer:
    def __init__(self, generic: bool = False):
        self.out: list = []
        # write(text) appends a chunk: `out` is never replaced, so its bound
        # append serves, the cheapest call for the most frequent one.
        self.write = self.out.append
        self.generic = generic
        self.indent = 0
        # Set by print_module before any op is printed.
        self.names: SSANameState = None  # type: ignore[assignment]
        self.aliases: dict = {}
        self.use_aliases = True
        self.default_dialects = ["builtin"]
        # Deepest alias printed so far, for the depth of an enclosing alias.
        self.alias_depth = 0
        # AffineMap -> its `_subscript_template`.
        self.subscript_templates: dict = {}
        # The keys of the `dense_resource<key>` attributes printed, in order.
        self.resources_used: dict = {}
        # --mlir-print-debuginfo (and --mlir-pretty-debuginfo): locations of
        # ops and block arguments are printed; `locations` turns source
        # positions into file locations (SourceLocations).
        self.debuginfo = False
        self.pretty_debuginfo = False
        self.locations: SourceLocations | None = None
        # While an op's trailing location is visited: the aliases it makes
        # may be defined after the op.
        self.deferring = False
        # The aliases printed, when a sub-printer visits an alias's definition.
        self.alias_uses: list | None = None

    def _sub_printer(self) -> "Printer":
        """A printer for the text of an alias definition, sharing the aliases."""
        sub = Printer()
        sub.aliases = self.aliases
        sub.pretty_debuginfo = self.pretty_debuginfo
        sub.deferring = self.deferring
        return sub

    # ------------------------------------------------------------ primitives
    def newline(self) -> None:
        self.out.append("\n")

    def getvalue(self) -> str:
        # The chunks are strings but for the alias placeholders, which
        # str() resolves to their final text.
        return "".join(map(str, self.out))

    # ------------------------------------------------------------- top level
    def print_module(self, module) -> str:
        """The whole output for one top-level op: alias definitions, then the op."""
        self.names = SSANameState(module, self.generic)
        if self.generic:
            self._visit_generic_aliases(module)
        self.print_operation(module)
        self.newline()
        self._assign_alias_names()
        header: list[str] = []
        trailer: list[str] = []
        for alias in sorted(self.aliases.values(), key=_Alias.sort_key):
            lines = trailer if alias.deferred else header
            lines.append(f"#{alias.name} = ")
            # The definition itself may use other aliases (`loc(callsite(#loc at #loc1))`).
            sub = self._sub_printer()
            alias.attr.print(sub, "never")
            lines.append(sub.getvalue())
            lines.append("\n")
        self.out[:0] = header
        self.out.extend(trailer)
        metadata = getattr(module, "file_metadata", None)
        if metadata is not None:
            self.write(metadata_text(self.resources_used, metadata))
        return self.getvalue()

    def _visit_generic_aliases(self, root) -> None:
        """Register the aliases in the order of MLIR's `DummyAliasOperationPrinter`
        over generic ops: an op's regions (block argument types, then the ops),
        then its operand and result types, then its inherent and discardable
        attributes merged and sorted by name."""
        # The text printed is dropped: only the aliases it registers count.
        out = self.out
        mark = len(out)
        stack = [(root, False)]
        while stack:
            item, done = stack.pop()
            del out[mark:]
            if item.__class__ is _BlockArgs:
                for arg in item.block.args:
                    self.print_type(arg.type)
                    if self.debuginfo:
                        self._visit_location(self._source.of_value(arg), False)
                continue
            if not done:
                if self.debuginfo:
                    self._visit_location(self._source.of_op(item), True)
                stack.append((item, True))
                pending = []
                for region in item.regions:
                    for block in region.blocks:
                        pending.append((_BlockArgs(block), False))
                        pending.extend((op, False) for op in block.ops)
                stack.extend(reversed(pending))
                continue
            for value in item.operands:
                self.print_type(value.type)
            for result in item.results:
                self.print_type(result.type)
            merged = dict(self._generic_properties(item))
            merged.update(item.attributes)
            for name in sorted(merged, key=_name_key):
                self.print_attribute(merged[name], "never")
        del out[mark:]

    @staticmethod
    def _generic_properties(op) -> dict:
        """The properties the generic form shows: defaults included."""
        hook = getattr(op, "generic_properties", None)
        return hook() if hook is not None else op.properties

    def _assign_alias_names(self) -> None:
        counts: dict = {}
        for alias in sorted(self.aliases.values(), key=_Alias.sort_key):
            index = counts.get(alias.prefix, 0)
            counts[alias.prefix] = index + 1
            if index == 0:
                alias.name = alias.prefix
            elif alias.prefix[-1].isdigit():
                alias.name = f"{alias.prefix}_{index}"
            else:
                alias.name = f"{alias.prefix}{index}"

    # ------------------------------------------------------------ operations
    def print_operation(self, op) -> None:
        if self.debuginfo:
            self._print_located_operation(op)
            return
        self._print_operation(op)

    def _print_operation(self, op) -> None:
        # The indent, the results and the op name go out as one chunk.
        start = INDENT * self.indent
        if op.results:
            start = f"{start}{self.names.definition(op)} = "
        # An op with no custom assembly form prints in the generic one.
        if self.generic or not op.name or op.__class__.print is Operation.print:
            self.out.append(start)
            self.print_generic_op(op)
            return
        name = op.name
        default = self.default_dialects[-1]
        if default and name.startswith(default) and name[len(default)] == "." \
                and name.count(".") == 1:
            name = name[len(default) + 1:]
        self.out.append(start + name)
        op.print(self)

    # ------------------------------------------------------------- locations
    @property
    def _source(self) -> SourceLocations:
        """`locations`, which printing with debuginfo always sets."""
        assert self.locations is not None, "debuginfo printed without the source's locations"
        return self.locations

    def _print_located_operation(self, op) -> None:
        """An op and its trailing location.  The location is visited for
        aliases before the op's body, as MLIR's alias initializer does."""
        loc = self._source.of_op(op)
        if not self.generic:
            self._visit_location(loc, True)
        self._print_operation(op)
        self.out.append(" ")
        # What the location nests was visited as deferrable above.
        self.deferring = True
        self.print_location(loc, allow_alias=True)
        self.deferring = False

    def _visit_location(self, loc, deferred: bool) -> None:
        """Register the aliases `loc` makes, printing nothing."""
        if not self.use_aliases:
            return
        out = self.out
        mark = len(out)
        self.deferring = deferred
        self.print_attribute(loc)
        self.deferring = False
        del out[mark:]

    def print_location(self, loc, allow_alias: bool = False) -> None:
        """AsmPrinter `printLocation`: `loc(...)`, or the bare body with
        --mlir-pretty-debuginfo; an alias only where `allow_alias`."""
        if self.pretty_debuginfo:
            loc.print_body(self)
            return
        self.out.append("loc(")
        alias = self.aliases.get(loc) if allow_alias and self.use_aliases else None
        if alias is not None:
            self.out.append("#")
            self.out.append(alias)
        else:
            loc.print_body(self)
        self.out.append(")")

    def print_optional_location_specifier(self, value) -> None:
        """A block argument's location after it (`printOptionalLocationSpecifier`),
        with --mlir-print-debuginfo; its aliases are defined before the op."""
        if not self.debuginfo:
            return
        loc = self._source.of_value(value)
        self._visit_location(loc, False)
        self.out.append(" ")
        self.print_location(loc)

    def print_generic_op(self, op) -> None:
        from .numbers import escape_string
        self.out.append(f'"{escape_string(op.op_name)}"(')
        self.print_operands(op.operands)
        self.out.append(")")
        if op.successors:
            self.out.append("[")
            self.out.append(", ".join(self.names.block_names[b] for b in op.successors))
            self.out.append("]")
        properties = self._generic_properties(op)
        if properties:
            self.out.append(" <")
            self.print_attribute(A.DictionaryAttr(properties), "never")
            self.out.append(">")
        if op.regions:
            self.out.append(" (")
            for i, region in enumerate(op.regions):
                if i:
                    self.out.append(", ")
                self.print_region(region, True, True, True)
            self.out.append(")")
        self.print_attr_entries_braced(op.attributes)
        self.out.append(" : (")
        self.print_type_list([v.type for v in op.operands])
        self.out.append(") -> ")
        self.print_result_types([r.type for r in op.results])

    def print_operand(self, value) -> None:
        self.out.append(self.names.value_names.get(value) or UNKNOWN_SSA_VALUE)

    def print_operands(self, values) -> None:
        self.out.append(", ".join(self.names.use_names(values)))

    def print_successor(self, block) -> None:
        self.out.append(self.names.block_names[block])

    # --------------------------------------------------------------- regions
    def print_region(self, region, print_entry_args=False, print_terminators=True,
                     print_empty_block=False, default_dialect="") -> None:
        self.out.append("{\n")
        if region.blocks:
            self.default_dialects.append(default_dialect)
            entry = region.blocks[0]
            header = (print_empty_block and not entry.ops) or (print_entry_args and entry.args)
            self.print_block(entry, header, print_terminators)
            for block in region.blocks[1:]:
                self.print_block(block, True, True)
            self.default_dialects.pop()
        self.out.append(INDENT * self.indent + "}")

    def print_block(self, block, print_header: bool, print_terminator: bool) -> None:
        out = self.out
        if print_header:
            out.append(INDENT * self.indent + self.names.block_names[block])
            if block.args:
                out.append("(")
                for i, arg in enumerate(block.args):
                    if i:
                        out.append(", ")
                    out.append(self.names.value_names[arg])
                    out.append(": ")
                    self.print_type(arg.type)
                    if self.debuginfo:
                        self.print_optional_location_specifier(arg)
                out.append(")")
            out.append(":")
            out.append(self._predecessor_comment(block))
            out.append("\n")
        self.indent += 1
        ops = block.ops
        if not print_terminator and ops and (ops[-1].is_terminator or not ops[-1].name):
            ops = ops[:-1]
        for op in ops:
            self.print_operation(op)
            out.append("\n")
        self.indent -= 1

    def _predecessor_comment(self, block) -> str:
        region = block.parent
        preds: list = []
        for candidate in region.blocks:
            term = candidate.ops[-1] if candidate.ops else None
            if term is not None and block in term.successors:
                preds.extend(candidate for s in term.successors if s is block)
        if not preds:
            return "" if block.is_entry() else "  // no predecessors"
        if len(preds) == 1:
            return "  // pred: " + self.names.block_names[preds[0]]
        # An edge each: a branch with two edges to the block is two preds.
        names = [self.names.block_names[b] for b in sorted(preds, key=region.blocks.index)]
        return f"  // {len(preds)} preds: " + ", ".join(names)

    # ------------------------------------------------------------ attributes
    def print_attribute(self, attr, elide: str = "may") -> None:
        prefix = attr.alias_name
        if prefix is not None and self.use_aliases:
            alias = self.aliases.get(attr)
            if alias is None:
                alias = _Alias(attr, prefix, len(self.aliases), self.deferring)
                self.aliases[attr] = alias
                alias.depth = self._visit_nested_aliases(attr, alias)
            elif alias.deferred and not self.deferring:
                alias.undefer()
            if self.alias_uses is not None:
                self.alias_uses.append(alias)
            self.alias_depth = max(self.alias_depth, alias.depth)
            self.out.append("#")
            self.out.append(alias)
            return
        attr.print(self, elide)

    def _visit_nested_aliases(self, attr, alias) -> int:
        """MLIR's alias initializer visits the elements of an aliased
        attribute right after it, in print order, so nested aliases are
        numbered after their parent's first visit; returns the new alias's
        depth, one more than its deepest nested alias."""
        sub = self._sub_printer()
        sub.alias_uses = alias.nested
        attr.print(sub, "never")
        return sub.alias_depth + 1

    def _print_unvisited_attribute(self, attr) -> None:
        inline = Printer()
        inline.use_aliases = False
        attr.print(inline, "never")
        self.out.append(_UnvisitedAttribute(attr, self.aliases, inline.getvalue()))

    def print_attribute_entries(self, entries: dict, visited: bool = True) -> None:
        first = True
        for name, value in entries.items():
            if not first:
                self.out.append(", ")
            first = False
            self.out.append(name if A.is_bare_identifier(name) else _quoted(name))
            if value is not A.UNIT and value != A.UNIT:
                self.out.append(" = ")
                if visited:
                    self.print_attribute(value, "never")
                else:
                    self._print_unvisited_attribute(value)

    def print_function_results(self, results, res_attrs) -> None:
        """A function signature's result types, each with its attributes
        (`res_attrs`, an ArrayAttr of dictionaries, or None), in parentheses
        where there are several, one is a function type or has attributes
        (function_interface_impl's printFunctionResultList)."""
        parens = len(results) > 1 or isinstance(results[0], T.FunctionType) or (
            res_attrs is not None and res_attrs.value[0].value)
        if parens:
            self.out.append("(")
        for i, type in enumerate(results):
            if i:
                self.out.append(", ")
            self.print_type(type)
            if res_attrs is not None:
                self.print_attr_entries_braced(res_attrs.value[i].value)
        if parens:
            self.out.append(")")

    def print_attr_entries_braced(self, entries: dict, elided=(), visited: bool = True) -> None:
        """`{name = value, ...}` sorted by name; `visited=False` for the
        attributes of a region argument (see `_UnvisitedAttribute`)."""
        if elided:
            entries = {k: v for k, v in entries.items() if k not in elided}
        if not entries:
            return
        self.out.append(" {")
        self.print_attribute_entries(
            dict(sorted(entries.items(), key=lambda kv: kv[0].encode("utf-8", "surrogateescape"))),
            visited)
        self.out.append("}")

    def print_optional_attr_dict(self, op, elided=()) -> None:
        """The op's inherent and discardable attributes less `elided`, as `{...}`."""
        if not op.attributes:
            # Most ops have only inherent attributes, all elided.
            for name in op.properties:
                if name not in elided:
                    break
            else:
                return
        if op.properties:
            merged = dict(op.properties)
            merged.update(op.attributes)
        else:
            merged = op.attributes
        self.print_attr_entries_braced(merged, elided)

    def print_optional_attr_dict_with_keyword(self, op, elided=()) -> None:
        entries = {k: v for k, v in {**op.properties, **op.attributes}.items() if k not in elided}
        if entries:
            self.out.append(" attributes")
            self.print_attr_entries_braced(entries)

    # ----------------------------------------------------------------- types
    def print_type(self, type) -> None:
        if type.__class__ is T.SimpleType or isinstance(type, T.SimpleType):
            self.out.append(type.text)
        else:
            type.print(self)

    def print_type_list(self, types) -> None:
        for i, type in enumerate(types):
            if i:
                self.out.append(", ")
            self.print_type(type)

    def print_result_types(self, types) -> None:
        """`T` for one non-function type, `(T1, T2)` otherwise (MLIR's
        `printFunctionalType` result rule)."""
        if len(types) == 1 and not isinstance(types[0], T.FunctionType):
            self.print_type(types[0])
        else:
            self.out.append("(")
            self.print_type_list(types)
            self.out.append(")")

    # ------------------------------------------------------- affine helpers
    def print_affine_map_of_ssa_ids(self, map, operands) -> None:
        """Subscripts of affine.load/store: the map's results with dims and
        symbols replaced by operand names (never aliased)."""
        template = self.subscript_templates.get(map)
        if template is None:
            template = self.subscript_templates[map] = _subscript_template(map)
        names = self.names.value_names
        # Odd entries of the template are operand positions.
        parts = template.copy()
        for i in range(1, len(parts), 2):
            parts[i] = names.get(operands[parts[i]]) or UNKNOWN_SSA_VALUE
        self.out.append("".join(parts))

    def print_dim_and_symbol_list(self, operands, num_dims: int) -> None:
        self.out.append("(")
        self.print_operands(operands[:num_dims])
        self.out.append(")")
        if len(operands) > num_dims:
            self.out.append("[")
            self.print_operands(operands[num_dims:])
            self.out.append("]")


def _subscript_template(map) -> list:
    """The subscripts `map` prints (see `print_affine_map_of_ssa_ids`) as
    text split around operands: [text, operand position, text, ...]."""
    from ..ir.affine_expr import print_affine_expr
    # NUL never occurs in a printed affine expression.
    num_dims = map.num_dims
    text = ", ".join(print_affine_expr(e, lambda pos: f"\0{pos}\0",
                                       lambda pos: f"symbol(\0{num_dims + pos}\0)")
                     for e in map.results)
    parts: list = text.split("\0")
    for i in range(1, len(parts), 2):
        parts[i] = int(parts[i])
    return parts


def _name_key(name: str) -> bytes:
    """Attribute names sort by their bytes, as MLIR's DictionaryAttr does."""
    return name.encode("utf-8", "surrogateescape")


def _quoted(name: str) -> str:
    from .numbers import escape_string
    return f'"{escape_string(name)}"'


def type_to_string(type) -> str:
    printer = Printer()
    printer.use_aliases = False
    type.print(printer)
    return printer.getvalue()


def attribute_to_string(attr, elide: str = "never") -> str:
    printer = Printer()
    printer.use_aliases = False
    attr.print(printer, elide)
    return printer.getvalue()


def op_to_string(op, generic: bool = False) -> str:
    """One op as diagnostics show it (`see current operation: ...`): custom
    (or generic) form, value names numbered within its closest
    isolated-from-above op."""
    root = op
    while root.parent_op is not None and not root.isolated_from_above:
        root = root.parent_op
    printer = Printer(generic=generic)
    printer.use_aliases = False
    locations = A.SOURCE_LOCATIONS.get()
    if locations is not None:
        printer.debuginfo, printer.locations = True, locations
    printer.names = SSANameState(root, generic)
    printer.print_operation(op)
    return printer.getvalue()


def op_text(op, generic: bool = False) -> str:
    """`str(op)`: a top-level module as the command line prints it (alias
    definitions first, ending with a newline); any other op as `op_to_string`
    (local scope, as MLIR's `Operation::print` of a nested op)."""
    if op.parent is None and op.op_name == "builtin.module":
        return Printer(generic=generic).print_module(op)
    return op_to_string(op, generic)


def value_name(value) -> str:
    """`%name` of a value as the printer numbers it: within the closest
    isolated-from-above op around its definition."""
    owner = getattr(value, "owner", None)
    root = owner.parent_op if owner is not None and not hasattr(owner, "op_name") else owner
    if root is None:
        return UNKNOWN_SSA_VALUE
    while root.parent_op is not None and not root.isolated_from_above:
        root = root.parent_op
    return SSANameState(root).use_name(value)


def blob_text(data: bytes) -> str:
    """A blob as printed: a blob without data keeps no alignment."""
    return f'"0x{(data if len(data) > 4 else bytes(4)).hex().upper()}"'


def metadata_text(used, metadata) -> str:
    """The `{-# ... #-}` mlir-opt prints after the IR: the builtin blobs
    that the printed attributes name, in the order first named, then the
    external resources as read (`metadata`, the
    parser's FileMetadata)."""
    from ..ir.elements_attributes import resource_key_text
    sections = []
    keys = [key for key in used if key in metadata.blobs]
    if keys:
        entries = ",\n".join(f"      {resource_key_text(key)}: {blob_text(metadata.blobs[key])}"
                             for key in keys)
        sections.append("  dialect_resources: {\n    builtin: {\n" + entries + "\n    }\n  }")
    groups = [(name, entries) for name, entries in metadata.external.items() if entries]
    if groups:
        sections.append("  external_resources: {\n" + ",\n".join(
            f"    {name}: {{\n" + ",\n".join(f"      {resource_key_text(key)}: {value}"
                                             for key, value in entries) + "\n    }"
            for name, entries in groups) + "\n  }")
    if not sections:
        return ""
    return "\n{-#\n" + ",\n".join(sections) + "\n#-}\n"


# The IR's classes print themselves through these (ir/printing.py).
printing.ENTRY_POINTS.update(op_text=op_text, type_to_string=type_to_string,
                             attribute_to_string=attribute_to_string, value_name=value_name)
