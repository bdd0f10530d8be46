"""ODS's declarative assembly format (mlir/docs/DefiningDialects/Operations.md,
"Declarative Assembly Format"; mlir/tools/mlir-tblgen/OpFormatGen.cpp): an op
class states its custom form as ODS does,

    assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)"

and this module reads that text once into format elements, from which one
engine derives both halves of the syntax: the Lark rules the prepared
grammar is assembled from (`format_syntax`, called by parse/op_syntax.py
when the grammar is prepared, never at start-up) and, through
ir/assembly_format_run.py, the op's parse callback and its printer.

Design notes
------------
* The language: literals (`` `,` ``, `` `to` ``, `` `` `` and `` ` ` `` for
  spacing, `` `\\n` ``), variables (`$name`: an operand, result, attribute
  (a declared property), region or successor), the directives `attr-dict`,
  `attr-dict-with-keyword`, `prop-dict`, `type(...)`, `qualified(...)`,
  `functional-type(..., ...)`, `operands`, `results`, `regions`,
  `successors`, `custom<Name>(...)` with `ref(...)` arguments, `oilist(...)`,
  and optional groups `( ... )?` (with an `^` anchor and an optional else
  group `( ... ) : ( ... )?`).
* Grammar: an element with a fixed shape is written in line in the op's
  rule (a literal, one operand `VALUE_ID`, one type `type`); an element
  that may be absent or of any length (a variadic operand, an attribute,
  an optional group, a custom directive) is a rule of its own, a *piece*,
  whose callback tags its children with the element's number (`Piece`)
  (a custom directive's with their tokens, if it `keeps_tokens`; its
  `reduced(t, children)`, if it has one, checks them as soon as they are
  read, before the rest of the op, as its parser does).
  The op's callback then walks the elements over its children without
  guessing which of them are present.  `functional-type` reads any type
  (core rule `functional_type`, whose callback reports another kind than a
  function type at once, as parseType<FunctionType> does).
* Attributes are parsed and printed by their declared syntax
  (ir/attr_syntax.py): the `kind` of the op's `Property`.
* Printing follows OpFormatGen's spacing rules: whether a space goes before
  an element is decided from the element before it in the format, not from
  what was printed, so it is computed once per format.
"""

from __future__ import annotations

import re

from .attr_syntax import AnyAttr, AttrSyntax

_TOKEN = re.compile(r"\s*(?:(`(?:[^`\\]|\\.)*`)|(\$[A-Za-z_][A-Za-z0-9_]*)"
                    r"|([a-z][a-z-]*[a-z])|([A-Za-z_][A-Za-z0-9_]*)|([()?^:,<>|]))")


class Element:
    """One element of a format.  `kind` names it; `piece` is the number of
    its rule when it has one (see the module notes)."""

    __slots__ = ("kind", "name", "decl", "args", "then", "other", "anchor", "piece",
                 "space_before", "text", "custom")

    def __init__(self, kind, name=None, decl=None, args=(), text=None):
        self.kind, self.name, self.decl, self.args, self.text = kind, name, decl, args, text
        self.then, self.other, self.anchor, self.piece = (), (), None, None
        self.space_before = False
        self.custom = None

    def __repr__(self) -> str:
        return f"{self.kind}({self.name or self.text or ''})"


class FormatError(ValueError):
    pass


class _Reader:
    """Recursive descent over the tokens of a format (OpFormatGen's parser)."""

    def __init__(self, cls, text: str):
        self.cls, self.text = cls, text
        self.tokens = []
        pos = 0
        text = text.rstrip()
        while pos < len(text):
            match = _TOKEN.match(text, pos)
            if match is None or match.end() == pos:
                raise FormatError(f"{cls.__name__}: cannot read format at {text[pos:]!r}")
            assert match.lastindex is not None     # each alternative is a group
            self.tokens.append(match.group(match.lastindex))
            pos = match.end()
        self.at = 0

    def peek(self):
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self, expected=None):
        token = self.peek()
        if expected is not None and token != expected:
            raise FormatError(f"{self.cls.__name__}: expected {expected!r} in format, got {token!r}")
        self.at += 1
        return token

    def elements(self, stop=(None,)) -> list:
        found = []
        while self.peek() not in stop:
            found.append(self.element())
        return found

    def element(self) -> Element:
        token = self.take()
        if token.startswith("`"):
            text = token[1:-1].replace("\\n", "\n").replace("\\`", "`")
            if text in ("", " ", "\n"):
                return Element("space", text=text)
            return Element("literal", text=text)
        if token.startswith("$"):
            return self.variable(token[1:])
        if token == "(":
            return self.optional_group()
        if token in ("attr-dict", "attr-dict-with-keyword", "prop-dict", "operands",
                     "results", "regions", "successors"):
            return Element(token)
        if token in ("type", "qualified"):
            self.take("(")
            inner = self.element()
            self.take(")")
            if token == "qualified":
                return inner
            return Element("type", args=(inner,))
        if token == "functional-type":
            self.take("(")
            inputs = self.element()
            self.take(",")
            results = self.element()
            self.take(")")
            return Element("functional-type", args=(inputs, results))
        if token == "ref":
            self.take("(")
            inner = self.element()
            self.take(")")
            return Element("ref", args=(inner,))
        if token == "custom":
            self.take("<")
            name = self.take()
            self.take(">")
            self.take("(")
            args = []
            while self.peek() != ")":
                args.append(self.element())
                if self.peek() == ",":
                    self.take()
            self.take(")")
            return Element("custom", name=name, args=tuple(args))
        if token == "oilist":
            self.take("(")
            clauses = []
            while True:
                clause = self.elements(stop=("|", ")"))
                if not clause or clause[0].kind != "literal":
                    raise FormatError(f"{self.cls.__name__}: an oilist clause starts with a literal")
                group = Element("group")
                group.then = tuple(clause)
                group.anchor = next((e for e in clause[1:] if e.kind in _VARIABLES), None)
                clauses.append(group)
                if self.take() == ")":
                    break
            return Element("oilist", args=tuple(clauses))
        raise FormatError(f"{self.cls.__name__}: unexpected {token!r} in format")

    def optional_group(self) -> Element:
        group = Element("group")
        then = []
        while self.peek() != ")":
            element = self.element()
            if self.peek() == "^":
                self.take()
                group.anchor = element
            then.append(element)
        self.take(")")
        group.then = tuple(then)
        if self.peek() == ":":
            self.take()
            self.take("(")
            group.other = tuple(self.elements(stop=(")",)))
            self.take(")")
        self.take("?")
        if group.anchor is None:
            raise FormatError(f"{self.cls.__name__}: optional group without an anchor")
        return group

    def variable(self, name: str) -> Element:
        cls = self.cls
        for kind, decls in (("operand", cls.ods_operands), ("result", cls.ods_results),
                            ("attribute", cls.ods_properties), ("region", cls.ods_regions),
                            ("successor", getattr(cls, "ods_successors", ()))):
            for decl in decls:
                if decl.name == name:
                    return Element(kind, name=name, decl=decl)
        raise FormatError(f"{cls.__name__}: format variable ${name} is not declared")


_VARIABLES = ("operand", "result", "attribute", "region", "successor")


def read_format(cls) -> list:
    """The elements of `cls.assembly_format`, numbered and spaced."""
    elements = _Reader(cls, cls.assembly_format).elements()
    _number_pieces(elements, [0])
    _space(elements, [True, False])
    return elements


# --------------------------------------------------------------- pieces
def is_variable_length(element) -> bool:
    """Whether the element is absent or of any length in the text."""
    kind = element.kind
    if kind == "attribute":
        return not attribute_syntax(element).is_unit      # a unit attribute is its group
    if kind in ("group", "custom", "operands", "results", "regions",
                "successors"):
        return True
    if kind in ("operand", "result", "region", "successor"):
        return _is_group_decl(element.decl)
    if kind == "type":
        # Only an Optional's type may be absent (parseOptionalType): the
        # types of `operands`, `results` or a Variadic are read by
        # parseTypeList, which wants one type at least.
        return bool(getattr(element.args[0].decl, "optional", False))
    return False


def _is_group_decl(decl) -> bool:
    return bool(getattr(decl, "variadic", False) or getattr(decl, "optional", False))


def _type_arg_is_list(arg) -> bool:
    return arg.kind in ("operands", "results") or _is_group_decl(arg.decl)


def _number_pieces(elements, counter) -> None:
    for element in elements:
        if element.kind == "oilist":
            for clause in element.args:
                clause.piece = counter[0]
                counter[0] += 1
                _number_pieces(clause.then, counter)
            continue
        if is_variable_length(element):
            element.piece = counter[0]
            counter[0] += 1
        if element.kind == "group":
            _number_pieces(element.then, counter)
            if element.other:
                other = Element("group")
                other.then, other.anchor = element.other, None
                other.piece = counter[0]
                counter[0] += 1
                _number_pieces(other.then, counter)
                element.other = other


# --------------------------------------------------------------- spacing
def _literal_wants_space(value: str, last_was_punctuation: bool) -> bool:
    """OpFormatGen's shouldEmitSpaceBefore."""
    if len(value) != 1 and value != "->":
        return True
    if last_was_punctuation:
        return value[0] not in ">)}],"
    return value[0] not in "<>(){}[],"


def _space(elements, state) -> None:
    """Decide `space_before` of each element as OpFormatGen's printer
    generator does: `state` is [shouldEmitSpace, lastWasPunctuation], a
    property of the format's text, carried through groups as written."""
    for element in elements:
        kind = element.kind
        if kind == "literal":
            value = element.text
            element.space_before = state[0] and _literal_wants_space(value, state[1])
            state[0] = len(value) != 1 or value[0] not in "<({["
            state[1] = value[0] != "_" and not value[0].isalpha()
        elif kind == "space":
            if element.text == " ":
                state[1] = False
                state[0] = False
            elif element.text == "":
                state[1] = True
                state[0] = False
        elif kind == "group":
            _space(element.then, state)
            if element.other:
                _space(element.other.then, state)
        elif kind == "oilist":
            for clause in element.args:
                _space(clause.then, state)
        elif kind in ("attr-dict", "attr-dict-with-keyword", "prop-dict"):
            state[1] = False
        else:
            element.space_before = state[0] or not state[1]
            state[1] = False
            state[0] = True


# --------------------------------------------------------------- grammar
def attribute_syntax(element) -> AttrSyntax:
    kind = element.decl.kind
    return kind if isinstance(kind, AttrSyntax) else AnyAttr.default


def custom_directive(cls, element):
    directive = getattr(cls, "custom_" + element.name, None)
    if directive is None:
        raise FormatError(f"{cls.__name__}: no custom_{element.name} for custom<{element.name}>")
    return directive


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class _Grammar:
    def __init__(self, cls, rule: str):
        self.cls, self.rule = cls, rule
        self.pieces: list = []       # (piece number, Lark text)
        self.kept: set = set()       # the pieces whose children keep their tokens
        self.checked: dict = {}      # piece -> its custom directive's name, if it has `reduced`

    def piece_rule(self, number: int) -> str:
        return f"{self.rule}__{number}"

    def sequence(self, elements) -> str:
        return " ".join(filter(None, (self.element(e) for e in elements)))

    def element(self, element) -> str:
        body = self.inline(element)
        if element.piece is None:
            return body
        if element.kind == "group":
            name = self.piece_rule(element.piece)
            self.pieces.append((element.piece, body))
            if element.other:
                other = element.other
                self.pieces.append((other.piece, self.sequence(other.then) or ""))
                return f"({name} | {self.piece_rule(other.piece)})"
            return f"{name}?"
        self.pieces.append((element.piece, body))
        if element.kind == "custom" and getattr(element.custom, "keeps_tokens", False):
            self.kept.add(element.piece)
        if element.kind == "custom" and hasattr(element.custom, "reduced"):
            self.checked[element.piece] = element.name
        name = self.piece_rule(element.piece)
        return name if element.kind == "custom" and not element.custom.optional else f"{name}?"

    def inline(self, element) -> str:
        kind = element.kind
        if kind == "literal":
            return _quoted(element.text)
        if kind == "space":
            return ""
        if kind == "group":
            return self.sequence(element.then)
        if kind == "oilist":
            names = []
            for clause in element.args:
                self.pieces.append((clause.piece, self.sequence(clause.then)))
                names.append(self.piece_rule(clause.piece))
            return f"({' | '.join(names)})*"
        if kind == "operand":
            return "value_use_list" if element.decl.variadic else "VALUE_ID"
        if kind == "operands":
            return "value_use_list"
        if kind == "attribute":
            return attribute_syntax(element).grammar
        if kind == "region":
            return 'region ("," region)*' if element.decl.variadic else "region"
        if kind == "regions":
            return 'region ("," region)*'
        if kind == "successor":
            return 'CARET_ID ("," CARET_ID)*' if element.decl.variadic else "CARET_ID"
        if kind == "successors":
            return 'CARET_ID ("," CARET_ID)*'
        if kind == "type":
            return "type_list" if _type_arg_is_list(element.args[0]) else "type"
        if kind == "functional-type":
            # Any type, as parseType<FunctionType> reads one and then checks
            # its kind (parse/transformer.py `functional_type`).
            return "functional_type"
        if kind == "attr-dict":
            return "attr_dict?"
        if kind == "attr-dict-with-keyword":
            return "attributes_kw?"
        if kind == "prop-dict":
            return "properties?"
        if kind == "custom":
            return custom_directive(self.cls, element).grammar
        raise FormatError(f"{self.cls.__name__}: {kind} cannot stand here")


def _mark_custom(cls, elements) -> None:
    for element in elements:
        if element.kind == "custom":
            element.custom = custom_directive(cls, element)
        elif element.kind == "group":
            _mark_custom(cls, element.then)
            if element.other:
                _mark_custom(cls, element.other.then)
        elif element.kind == "oilist":
            for clause in element.args:
                _mark_custom(cls, clause.then)


def op_rule_name(cls) -> str:
    return "fmt_" + re.sub(r"[^a-z0-9_]", "_", cls.name.lower())


def op_terminal(cls) -> str:
    return "OP_" + cls.name.upper().replace(".", "_")


def format_syntax(cls) -> tuple[str, dict]:
    """The Lark text of the op's custom form (its rule first, then its
    pieces) and the callbacks of its pieces: rule -> piece number (with the
    directive's name, `(number, name)`, for a custom directive whose
    `reduced` checks what it read as soon as it is read; for the rule of a
    short name, the terminal of the op's name)."""
    elements = compiled_elements(cls)
    grammar = _Grammar(cls, op_rule_name(cls))
    body = grammar.sequence(elements)
    callbacks: dict = {}
    head = op_terminal(cls)
    if cls.syntax_short_name:
        # The name alone is a keyword that other ops' texts may use too
        # (`memref.global constant`): a rule of its own turns it into the
        # op's name token.
        head = f"{grammar.rule}__name"
        callbacks[head] = op_terminal(cls)
    lines = [f"{grammar.rule}: {head} {body}".rstrip()]
    if cls.syntax_short_name:
        short = cls.name.partition(".")[2]
        lines.append(f'!{head}: {op_terminal(cls)} | "{short}"')
    for number, text in sorted(grammar.pieces):
        name = grammar.piece_rule(number)
        lines.append(f"{'!' if number in grammar.kept else ''}{name}: {text}")
        callbacks[name] = (number, grammar.checked[number]) if number in grammar.checked \
            else number
    return "\n".join(lines) + "\n", callbacks


def compiled_elements(cls) -> list:
    """The format elements of `cls`, read once."""
    found = cls.__dict__.get("_format_elements")
    if found is None:
        found = read_format(cls)
        _mark_custom(cls, found)
        cls._format_elements = found
    return found


def _walk(elements):
    for element in elements:
        yield element
        if element.kind == "group":
            yield from _walk(element.then)
            if element.other:
                yield from _walk(element.other.then)
        elif element.kind == "oilist":
            for clause in element.args:
                yield from _walk(clause.then)


def used_attributes(elements) -> list:
    """The attribute names the format prints itself (left out of attr-dict)."""
    names = []
    for element in _walk(elements):
        if element.kind == "attribute":
            names.append(element.name)
        elif element.kind == "custom":
            names.extend(a.name for a in element.args if a.kind == "attribute")
            names.extend(getattr(element.custom, "elides", ()))
    return names
