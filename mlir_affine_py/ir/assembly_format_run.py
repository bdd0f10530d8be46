"""The parse callback and the printer of an op declared by its assembly
format (ir/assembly_format.py): both walk the op's format elements, the
first over the children of its grammar rule, the second over the op.

Types the format does not spell are resolved as ODS resolves them: from
the op's `ods_types` (a variable's buildable type, or the name of the
variable whose type it shares: `AllTypesMatch`, `TypesMatchWith`), else
from the SameOperandsAndResultType trait."""

from __future__ import annotations

from typing import Any

from . import attributes as A
from .assembly_format import attribute_syntax, compiled_elements, used_attributes
from ..diagnostics import MLIRError
from ..parse.op_syntax import Piece
from ..parse.syntax import pos_of
from .traits import AttrSizedOperandSegments, SameOperandsAndResultType, \
    SingleBlockImplicitTerminator


class FormatState:
    """What a format's parse gathered, by variable name."""

    def __init__(self):
        self.operands: dict = {}
        self.types: dict = {}
        self.attributes: dict = {}
        self.regions: dict = {}
        self.successors: dict = {}
        self.attr_dict = None
        self.props = None
        self.all_operands = None
        self.op_name = ""
        # The parse's transformer (its `text`, to place what has no token).
        self.transformer = None


# ------------------------------------------------------------------ parsing
def parse_format_op(cls, t, children):
    from ..parse.syntax import AttrDict, Props, new_op
    state = FormatState()
    state.op_name = cls.name
    state.transformer = t
    _walk(cls, compiled_elements(cls), children, state, AttrDict, Props)
    if state.attr_dict:
        _check_inherent_attributes(cls, t, state.attr_dict)
    check_types = getattr(cls, "check_parsed_types", None)
    if check_types is not None:
        check_types(t, state)
    for decl in cls.ods_operands:
        state.operands.setdefault(decl.name, [])
    operands, sizes = [], []
    if state.all_operands is not None:
        operands = list(state.all_operands)
    else:
        for decl in cls.ods_operands:
            group = state.operands.get(decl.name, [])
            operands.extend(group)
            sizes.append(len(group))
    operand_types = []
    if "operands" in state.types:
        operand_types = list(state.types["operands"])
        if operands and len(operand_types) != len(operands):
            # OpAsmParser::resolveOperands, at the `operands` directive's
            # first operand, or at the op's name for operands read one by one.
            raise MLIRError(f"custom op '{cls.name}' number of operands and types do not "
                            f"match: got {len(operands)} operands and {len(operand_types)} "
                            "types", pos_of(state.all_operands[0])
                            if state.all_operands is not None else _name_position(cls, t, state))
    else:
        for decl in cls.ods_operands:
            group = state.operands.get(decl.name, ())
            if group:
                _check_type_count(cls, decl.name, group, state)
                operand_types.extend(_types_of(cls, decl.name, len(group), state))
    _check_type_sources(cls, t, state)
    result_types = list(state.types.get("results", ()))
    if "results" not in state.types:
        for decl in cls.ods_results:
            count = None if decl.is_group else 1
            result_types.extend(_types_of(cls, decl.name, count, state))
    attributes = dict(state.attr_dict or {})
    attributes.update(state.attributes)
    if cls.has_trait(AttrSizedOperandSegments) and state.all_operands is None:
        from .op_definition import segment_sizes
        attributes["operandSegmentSizes"] = segment_sizes(*sizes)
    regions = []
    for decl in cls.ods_regions:
        regions.extend(state.regions.get(decl.name, ()))
    successors = []
    for decl in getattr(cls, "ods_successors", ()):
        successors.extend(state.successors.get(decl.name, ()))
    op = new_op(cls.name, None, operands, operand_types, result_types, attributes,
                dict(state.props) if state.props else None, regions)
    op.successors = successors
    return op


def _check_inherent_attributes(cls, t, attr_dict) -> None:
    """verifyInherentAttrs after the attribute dictionary is read: the
    declared properties it gives satisfy their constraints; reported at the
    dictionary's `{`."""
    for decl in cls.ods_properties:
        satisfied = getattr(decl.kind, "satisfied", None)
        value = attr_dict.get(decl.name)
        if satisfied is not None and value is not None and not satisfied(value):
            anchor = attr_dict.first_name
            raise MLIRError(f"custom op '{cls.name}' '{cls.name}' op attribute '{decl.name}' "
                            f"failed to satisfy constraint: {decl.kind.description}",
                            _position_before(t, "{", anchor))


def _check_type_sources(cls, t, state) -> None:
    """The constraints of the variables whose types others are built from
    (`ods_type_sources`, the sources of TypesMatchWith): OpFormatGen's
    parser checks them before it builds, at the op's name."""
    for name in getattr(cls, "ods_type_sources", ()):
        decl = next(d for d in cls.ods_operands + cls.ods_results if d.name == name)
        for type in state.types.get(name, ()):
            if decl.constraint is not None and not decl.constraint(type):
                raise MLIRError(f"custom op '{cls.name}' '{name}' must be "
                                f"{decl.constraint.description}, but got '{type}'",
                                _name_position(cls, t, state))


def _name_position(cls, t, state):
    """Where the op's name stands: the last one written before its first
    operand (the grammar keeps no token of it)."""
    anchor = next(token for group in state.operands.values() for token in group)
    return _position_before(t, cls.name, anchor)


def _position_before(t, text: str, anchor) -> tuple:
    """The (line, column) of the last `text` written before token `anchor`."""
    source = t.text
    index = source.rfind(text, 0, anchor.start_pos)
    return (anchor.line - source.count("\n", index, anchor.start_pos),
            index - source.rfind("\n", 0, index))


def _check_type_count(cls, name, group, state) -> None:
    """OpAsmParser::resolveOperands: the types the format read for `$name`
    (`type($name)`, which a truncated text may leave empty) are as many as
    its operands, or the error is at its first operand."""
    given = state.types.get(name)
    if given is None and (name in cls.ods_types or cls.has_trait(SameOperandsAndResultType)):
        return              # the types come from another variable or a rule
    given = given or ()
    if len(given) != len(group):
        raise MLIRError(f"custom op '{cls.name}' number of operands and types do not match: "
                        f"got {len(group)} operands and {len(given)} types", pos_of(group[0]))


def _types_of(cls, name, count, state) -> list:
    """The types of variable `name` (`count` values; None: as many as its
    types say)."""
    found = state.types.get(name)
    if found is not None:
        return list(found)
    rule = cls.ods_types.get(name)
    if rule is None and cls.has_trait(SameOperandsAndResultType):
        rule = next((n for n in state.types if n not in ("operands", "results")), None)
    if isinstance(rule, str):
        return _types_of(cls, rule, count, state)[:1] * (1 if count is None else count)
    if callable(rule):
        return list(rule(state))
    if rule is None and count is None:
        # A variadic or optional result whose type directive stands in an
        # optional group that was left out, or that the format leaves out:
        # it has no values.
        return []
    if rule is None:
        raise ValueError(f"{cls.__name__}: the format gives no type of ${name}")
    return [rule] * (1 if count is None else count)


def _walk(cls, elements, children, state, AttrDict, Props) -> None:
    index, count = 0, len(children)
    for element in elements:
        kind = element.kind
        if kind == "literal":
            # A word another op lexes as a terminal of its own is kept.
            if index < count and getattr(children[index], "value", None) == element.text:
                index += 1
            continue
        if kind == "space":
            continue
        if element.piece is None and kind != "oilist":
            if kind == "attribute":          # a unit attribute: its group says it
                continue
            if kind == "attr-dict" or kind == "attr-dict-with-keyword":
                if index < count and type(children[index]) is AttrDict:
                    state.attr_dict = children[index]
                    index += 1
            elif kind == "prop-dict":
                if index < count and type(children[index]) is Props:
                    state.props = children[index]
                    index += 1
            else:
                _take(cls, element, [children[index]], state)
                index += 1
            continue
        if kind == "oilist":
            clauses = {clause.piece: clause for clause in element.args}
            while index < count and type(children[index]) is Piece \
                    and children[index].number in clauses:
                clause = clauses[children[index].number]
                _take_group(cls, clause, children[index].children, state, AttrDict, Props)
                index += 1
            continue
        piece = children[index] if index < count else None
        if type(piece) is Piece and piece.number == element.piece:
            index += 1
            if kind == "group":
                _take_group(cls, element, piece.children, state, AttrDict, Props)
            else:
                _take(cls, element, piece.children, state)
        elif kind == "group" and element.other and type(piece) is Piece \
                and piece.number == element.other.piece:
            index += 1
            _walk(cls, element.other.then, piece.children, state, AttrDict, Props)
        elif kind == "custom":
            # An optional directive left out: None, which no text gives.
            _take(cls, element, None, state)


def _take_group(cls, group, children, state, AttrDict, Props) -> None:
    _walk(cls, group.then, children, state, AttrDict, Props)
    anchor = group.anchor
    if anchor is not None and anchor.kind == "attribute" and attribute_syntax(anchor).is_unit:
        state.attributes[anchor.name] = A.UNIT


def _take(cls, element, children, state) -> None:
    kind = element.kind
    if kind == "operand":
        value: Any = children[0] if children else None
        state.operands[element.name] = (list(value) if element.decl.variadic
                                        else [] if value is None else [value])
    elif kind == "operands":
        state.all_operands = list(children[0]) if children else []
    elif kind == "attribute":
        syntax = attribute_syntax(element)
        if not syntax.is_unit:
            state.attributes[element.name] = syntax.parse(children, cls.name)
    elif kind in ("region", "regions"):
        state.regions[element.name or "regions"] = list(children)
    elif kind in ("successor", "successors"):
        state.successors[element.name or "successors"] = list(children)
    elif kind == "type":
        arg = element.args[0]
        name = arg.name or arg.kind
        if not children:
            state.types[name] = []
        elif _is_list(arg):
            state.types[name] = list(children[0])
        else:
            state.types[name] = [children[0]]
    elif kind == "functional-type":
        function = children[0]
        inputs, results = element.args
        state.types[inputs.name or inputs.kind] = list(function.inputs)
        state.types[results.name or results.kind] = list(function.results)
    elif kind == "custom":
        element.custom.parse(state, children, element.args)
    else:
        raise ValueError(f"{cls.__name__}: cannot read {element}")


def _is_list(arg) -> bool:
    return arg.kind in ("operands", "results") or bool(
        getattr(arg.decl, "variadic", False) or getattr(arg.decl, "optional", False))


# ----------------------------------------------------------------- printing
def groups(decls, values, sizes=None) -> dict:
    """Name -> values of declared groups over `values`: the sizes given
    (operandSegmentSizes), else one value each but for the one variadic
    group, which takes the rest."""
    if sizes is None:
        fixed = sum(1 for d in decls if not (getattr(d, "variadic", False)
                                              or getattr(d, "optional", False)))
        rest = len(values) - fixed
        sizes = [rest if (getattr(d, "variadic", False) or getattr(d, "optional", False))
                 else 1 for d in decls]
    found, at = {}, 0
    for decl, size in zip(decls, sizes):
        found[decl.name] = values[at:at + size]
        at += size
    return found


class OpView:
    """An op's values by the names of its declaration."""

    def __init__(self, op):
        cls = type(op)
        sizes = None
        if cls.has_trait(AttrSizedOperandSegments):
            segments = op.properties.get("operandSegmentSizes")
            sizes = list(segments.value) if segments is not None else None
        self.op = op
        self.operands = groups(cls.ods_operands, op.operands, sizes)
        self.results = groups(cls.ods_results, op.results)
        self.regions = groups(cls.ods_regions, op.regions)
        self.successors = groups(getattr(cls, "ods_successors", ()), op.successors)

    def values(self, element) -> list:
        kind = element.kind
        if kind == "operand":
            return self.operands[element.name]
        if kind == "result":
            return self.results[element.name]
        if kind == "operands":
            return self.op.operands
        if kind == "results":
            return self.op.results
        return []

    def present(self, element) -> bool:
        kind = element.kind
        if kind in ("operand", "result", "operands", "results"):
            return bool(self.values(element))
        if kind == "attribute":
            # A default-valued attribute anchors its group unless it is the default.
            name, op = element.name, self.op
            value = op.properties.get(name)
            if value is not None:
                return value != op.property_defaults.get(name)
            return name in op.attributes
        if kind == "region":
            return any(region.blocks for region in self.regions[element.name])
        if kind == "successor":
            return bool(self.successors[element.name])
        if kind == "type":
            return self.present(element.args[0])
        return True


def print_format_op(op, p) -> None:
    cls = type(op)
    elements = compiled_elements(cls)
    elided = cls.__dict__.get("_format_elided")
    if elided is None:
        elided = tuple(used_attributes(elements)) + ("operandSegmentSizes",
                                                     "resultSegmentSizes")
        cls._format_elided = elided
    _print(OpView(op), elements, p, elided)


def _print(view, elements, p, elided) -> None:
    op = view.op
    for element in elements:
        kind = element.kind
        if kind == "group":
            anchor = element.anchor
            if view.present(anchor):
                skip = anchor if (anchor.kind == "attribute" and anchor is not element.then[0]
                                  and attribute_syntax(anchor).is_unit) else None
                _print(view, [e for e in element.then if e is not skip], p, elided)
            elif element.other:
                _print(view, element.other.then, p, elided)
            continue
        if kind == "oilist":
            for clause in element.args:
                variables = [e for e in clause.then[1:] if e.kind in
                             ("operand", "attribute", "region", "successor")]
                if any(view.present(v) for v in variables):
                    if variables and len(clause.then) == 2 and clause.then[1].kind == "attribute" \
                            and attribute_syntax(clause.then[1]).is_unit:
                        _print(view, clause.then[:1], p, elided)
                    else:
                        _print(view, clause.then, p, elided)
            continue
        if kind == "space":
            if element.text == " ":
                p.write(" ")
            elif element.text == "\n":
                p.write("\n" + "  " * p.indent)
            continue
        if kind == "attr-dict" or kind == "attr-dict-with-keyword":
            if _has_prop_dict(type(op)):
                # The properties are the prop-dict's: only the discardable attributes.
                p.print_attr_entries_braced(op.attributes) if kind == "attr-dict" else \
                    _print_with_keyword(p, op.attributes)
            elif kind == "attr-dict":
                p.print_optional_attr_dict(op, _elided(op, elided))
            else:
                p.print_optional_attr_dict_with_keyword(op, _elided(op, elided))
            continue
        if kind == "prop-dict":
            p.write(" ")
            props = {k: v for k, v in op.properties.items() if k not in elided}
            if props:
                p.write("<")
                p.print_attribute(A.DictionaryAttr(props), "never")
                p.write(">")
            continue
        if element.space_before:
            p.write(" ")
        if kind == "literal":
            p.write(element.text)
        elif kind in ("operand", "operands"):
            p.print_operands(view.values(element))
        elif kind == "attribute":
            attr = op.properties.get(element.name)
            if attr is None:
                attr = op.attributes.get(element.name)
            if attr is not None:
                attribute_syntax(element).print(p, attr)
        elif kind == "type":
            arg = element.args[0]
            p.print_type_list([v.type for v in view.values(arg)])
        elif kind == "functional-type":
            inputs, results = element.args
            p.write("(")
            p.print_type_list([v.type for v in view.values(inputs)])
            p.write(") -> ")
            p.print_result_types([v.type for v in view.values(results)])
        elif kind == "region":
            for index, region in enumerate(view.regions[element.name]):
                if index:
                    p.write(", ")
                _print_region(op, region, p)
        elif kind == "regions":
            for index, region in enumerate(op.regions):
                if index:
                    p.write(", ")
                _print_region(op, region, p)
        elif kind in ("successor", "successors"):
            blocks = view.successors[element.name] if kind == "successor" else op.successors
            for index, block in enumerate(blocks):
                if index:
                    p.write(", ")
                p.print_successor(block)
        elif kind == "custom":
            element.custom.print(p, view, element.args)


def _has_prop_dict(cls) -> bool:
    found = cls.__dict__.get("_format_has_prop_dict")
    if found is None:
        found = cls._format_has_prop_dict = any(
            e.kind == "prop-dict" for e in compiled_elements(cls))
    return found


def _print_with_keyword(p, attributes) -> None:
    if attributes:
        p.write(" attributes")
        p.print_attr_entries_braced(attributes)


def _elided(op, elided) -> tuple:
    defaults = op.property_defaults
    if not defaults:
        return elided
    return elided + tuple(name for name, default in defaults.items()
                          if op.properties.get(name) == default)


def _print_region(op, region, p) -> None:
    """OpFormatGen's region printer: with an implicit terminator, the
    terminator shows only when it carries something."""
    print_terminator = True
    if op.has_trait(SingleBlockImplicitTerminator) and region.blocks:
        ops = region.blocks[0].ops
        term = ops[-1] if ops and ops[-1].is_terminator else None
        if term is not None:
            print_terminator = bool(term.attributes or term.properties or term.operands
                                    or term.results)
    p.print_region(region, True, print_terminator)
