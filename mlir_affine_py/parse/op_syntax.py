"""The grammar of the registered ops, assembled from their classes.

grammar/mlir.lark holds the syntax every op shares (top level, the generic
op form, types, attributes, affine constructs, locations).  The custom
assembly form of an op is declared on its class (dialects/*.py), beside its
`print` and `verify`, as MLIR's ODS keeps an op's `assemblyFormat` or
`hasCustomAssemblyFormat` parser with the op:

- `syntax`: Lark text.  Its first rule is the op's rule, an alternative of
  `op_body`; the other rules and terminals are the op's own pieces.  A rule
  may use the rules and terminals of the core grammar and those of the
  other ops' texts.
- `parse(cls, t, children)`: the op rule's callback (a classmethod), with
  the transformer `t` and the rule's children; it returns a `ParsedOp`.
  The op's name token (a terminal `OP_...`) is not among the children: its
  position becomes the op's (parse/parser.py `_bind`).
- `@parses("rule")`: marks a static method of the class as the callback of
  another rule (or `-> alias`) of its text.

What the text leaves out is derived:

- the op-name terminal: a terminal `OP_<NAME>` that the text uses and no
  text defines is the op's name as a string (`OP_AFFINE_LOAD: "affine.load"`);
- the words in quotes (`"step"`, `"to"`) are keywords of a context-free
  lexer, so every place that takes a name also takes them (`keyword_name`),
  and so are terminals of such words (`MIN_MAX.2: /(min|max)(?![\\w$.])/`,
  `name_id`).

`syntax` is read from a class's own namespace: a subclass that shares its
base's form (affine.min and affine.max) declares none, and a base class
that is no op may hold the form of its family (`BinaryOp`).  Such a base
may leave the terminal of its ops' names to the assembly: it names it in
`syntax_family_terminal`, and the terminal matches the names of its
subclasses (`SimpleTypedOp`: an op of that form is a subclass with a name).

Two declarations tie an op to the parse speed machinery (parse/engine/):
`syntax_head_lines` names the terminals that stand for the op's head on a
line of its own, with the rule of that head (`{"AFFINE_FOR_LINE":
"affine_for_head"}`), and `syntax_remembers_name` asks the lexer to keep
the op's name token, for errors its parser reports at the name before the
op is reduced (its name terminal must then be a regular expression, as
`OP_AFFINE_FOR.2: /affine\\.for(?![\\w$.])/`: a string is a keyword of
BARE_ID, which the lexer's callbacks do not see).

Syntax errors worded after the op's parser are declared beside them
(`syntax_terminal_texts`, `syntax_unclosed_subscripts`,
`syntax_dim_and_symbol_list`, `syntax_list_contexts`; parse/parser.py
reads them).

A minimal op, in its dialect's file:

    @register_op
    class AffineYieldOp(RegisteredOp):
        name = "affine.yield"

        syntax = r'''
            affine_yield: OP_AFFINE_YIELD (value_use_list ":" type_list)? attr_dict?
        '''

        @classmethod
        def parse(cls, t, children):
            return new_op(cls.name, None, uses(children), type_list(children),
                          attributes=dict(attrs_of(children)))

        def print(self, p): ...

The grammar is assembled when the prepared grammar is made, and kept with
it (parse/engine/tables.py): a run only joins the classes' texts to find
its cache entry (`syntax_source`) and takes the callbacks from them
(`OpGrammar.bind`).
"""

from __future__ import annotations

import re

# Patterns of the assembly, which runs only when the grammar is prepared
# (compiled there, not at start-up).  A rule's or a terminal's definition
# at the start of a line:
_RULE = r"^[ \t]*[?!]?([a-z_][a-z0-9_]*)[ \t]*:"
_TERMINAL = r"^[ \t]*([A-Z_][A-Z0-9_]*)(?:\.-?[0-9]+)?[ \t]*:"
_OP_TERMINAL = r"\bOP_[A-Z0-9_]+\b"
_WORD = r'"([a-z_]+)"'
# A terminal of keywords: bare identifiers (`module`, `builtin\.module`), not
# followed by a name character; where a name goes, they are names too.
_KEYWORD_TERMINAL = (r"^[ \t]*([A-Z_][A-Z0-9_]*)(?:\.-?[0-9]+)?[ \t]*:"
                     r"[ \t]*/\(((?:[a-z_|]|\\\.)+)\)\(\?!\[\\w\$\.\]\)/[ \t]*$")
_COMMENT = r"//[^\n]*"
# The callback attribute of a piece rule of an assembly format, with its number.
_PIECE = "#piece:"
# The callback attribute of the rule of an op's name with or without its
# dialect (`syntax_short_name`), with the name's terminal.
_NAME = "#name:"
# The callback attribute of a form that several ops share (`_shared_forms`),
# with the indices of their classes; and that of the rule of their names.
_SHARED = "#shared:"
_TOKEN = "#token"


def parses(rule: str):
    """Mark a function in an op class as the callback of `rule` (a rule or
    an alias of the class's `syntax`): `callback(t, children)`."""
    def mark(function):
        function.parses_rule = rule
        return staticmethod(function)
    return mark


def names_terminal(terminal: str, names) -> str:
    """The Lark text of a terminal of the op names `names` (a family of ops
    with one form): each name as a whole word, as the lexer's keywords.
    The names are grouped by dialect (`arith\\.(addf|subf)`): the scanner
    then reads a dialect's prefix once."""
    dialects: dict = {}
    for name in names:
        dialect, _, op = name.partition(".")
        dialects.setdefault(dialect, []).append(re.escape(op))
    groups = [f"{re.escape(dialect)}\\.({'|'.join(ops)})" if len(ops) > 1
              else f"{re.escape(dialect)}\\.{ops[0]}" for dialect, ops in dialects.items()]
    pattern = groups[0] if len(groups) == 1 else f"({'|'.join(groups)})"
    return f"{terminal}.2: /{pattern}(?![\\w$.])/"


class Piece:
    """The children of a piece rule of assembly-format element `number`
    (ir/assembly_format.py); here, as the callbacks are bound on every run
    and the format engine is imported only when a format op is parsed."""

    __slots__ = ("number", "children")

    def __init__(self, number: int, children):
        self.number, self.children = number, children


def piece_callback(number: int, reduced=None):
    """The callback of piece `number`; `reduced(t, children)`, a custom
    directive's check of what it has just read (parse/engine: the rest of
    the op is not read yet)."""
    def callback(t, children):
        return Piece(number, children)

    def checked(t, children):
        reduced(t, children)
        return Piece(number, children)
    return callback if reduced is None else checked


def name_callback(terminal: str):
    """The callback of an op's name written with or without its dialect:
    the token, as one of the op's name terminal (parse/parser.py `_bind`
    then takes a name without a dot as short for the default dialect's)."""
    def callback(t, children):
        token = children[0]
        return type(token)(terminal, token.value, token.start_pos, token.line, token.column,
                           token.end_line, token.end_column, token.end_pos)
    # The name written with its dialect is an `OP_...` token: passed on.
    callback.keeps_name = True  # type: ignore[attr-defined]
    return callback


def shared_callback(op_classes):
    """The callback of a form several ops share: the parse of the class
    that the name token names (its value is the full name: an op that may
    go by its short name has a form of its own)."""
    by_name = {cls.name: cls.parse for cls in op_classes}

    def callback(t, children):
        return by_name[children[0].value](t, children[1:])
    # The name token is passed on (parse/parser.py `_bind`): it chooses.
    callback.keeps_name = True
    return callback


def token_callback(t, children):
    """The rule of the names of a shared form: the name token itself."""
    return children[0]


token_callback.keeps_name = True  # type: ignore[attr-defined]


class OpGrammar:
    """The assembled grammar: `text` (core and op syntax), `callbacks`
    (rule -> (index of the class among `syntax_classes`, attribute)) and
    what the speed machinery needs: `head_lines` (terminal -> head rule)
    and `remembered_names` (terminals whose tokens the lexer keeps)."""

    def __init__(self, text: str):
        self.text = text
        self.callbacks: dict = {}
        self.head_lines: dict = {}
        self.remembered_names: tuple = ()

    def bind(self, classes) -> dict:
        """Rule -> callback(t, children), from the `syntax_classes` the
        grammar was assembled from."""
        bound = {}
        for rule, (index, attribute) in self.callbacks.items():
            if attribute.startswith(_PIECE):
                number, _, directive = attribute[len(_PIECE):].partition(":")
                bound[rule] = piece_callback(int(number), getattr(
                    classes[index], "custom_" + directive).reduced if directive else None)
            elif attribute.startswith(_NAME):
                bound[rule] = name_callback(attribute[len(_NAME):])
            elif attribute.startswith(_SHARED):
                bound[rule] = shared_callback(
                    [classes[int(i)] for i in attribute[len(_SHARED):].split(",")])
            elif attribute == _TOKEN:
                bound[rule] = token_callback
            else:
                bound[rule] = getattr(classes[index], attribute)
        return bound


def is_extended(op_class) -> bool:
    """Whether the op's syntax belongs to the extended grammar: the ops
    declared by an assembly format and those that say so
    (`syntax_extended`).  See `extended_markers`."""
    return bool(getattr(op_class, "assembly_format", "")
                or getattr(op_class, "syntax_extended", False))


def extended_markers(op_classes) -> dict:
    """What a text that uses an op of the extended grammar contains: dialect
    prefix -> the op names to look for ((): the prefix says it, every op of
    that dialect being extended), and under "" the names an op may go by
    without its dialect, as words.

    Each op of the extended grammar adds actions for its name to every state
    where an op may end, and states of its own: the LALR table grows with
    the square of the number of ops.  A text that names none of them is
    parsed with the grammar without them (parse/parser.py), whose table, and
    so start-up, is the one the affine code needs."""
    dialects: dict = {}
    for op_class in op_classes:
        name = getattr(op_class, "name", "")
        if "." not in name:
            continue
        dialect = name.partition(".")[0] + "."
        entry = dialects.setdefault(dialect, ([], []))
        entry[0 if is_extended(op_class) else 1].append(name)
        if is_extended(op_class) and getattr(op_class, "syntax_short_name", False):
            dialects.setdefault("", ([], []))[0].append(f" {name.partition('.')[2]} ")
    return {dialect: (() if not others and dialect else tuple(extended))
            for dialect, (extended, others) in dialects.items() if extended}


def syntax_classes(op_classes, extended: bool = True) -> list:
    """The classes that declare a syntax, each once, in registration order
    (a family's base before the first of its ops); without `extended`, the
    classes of the extended grammar (`is_extended`) are left out."""
    seen, found = set(), []
    for op_class in op_classes:
        if not extended and is_extended(op_class):
            continue
        if getattr(op_class, "assembly_format", "") and op_class not in seen:
            seen.add(op_class)
            found.append(op_class)
            continue
        for cls in reversed(op_class.__mro__):
            if "syntax" in cls.__dict__ and cls.__dict__["syntax"] and cls not in seen:
                seen.add(cls)
                found.append(cls)
    return found


def family_names(cls) -> list:
    """The names of the ops of the family `cls` (its subclasses, in the
    order they were defined), for its `syntax_family_terminal`; a subclass
    that declares a form of its own is not of the family's form."""
    names, pending = [], list(cls.__subclasses__())
    while pending:
        sub = pending.pop(0)
        if sub.__dict__.get("syntax"):
            continue
        if sub.__dict__.get("name"):
            names.append(sub.__dict__["name"])
        pending[:0] = sub.__subclasses__()
    return names


def syntax_source(core: str, classes) -> str:
    """What the assembled grammar depends on: the core grammar and the
    declarations of the `syntax_classes`."""
    parts = [core]
    for cls in classes:
        own = cls.__dict__
        if "syntax" not in own:
            parts += (cls.__module__, cls.__qualname__, cls.name, cls.assembly_format,
                      repr((cls.ods_operands, cls.ods_results, cls.ods_regions,
                            cls.ods_successors, [p.kind for p in cls.ods_properties],
                            # The grammar of an attribute's syntax, which its
                            # repr leaves out (an enum's words).
                            [getattr(p.kind, "grammar", None) for p in cls.ods_properties],
                            [p.name for p in cls.ods_properties], cls.syntax_short_name)),
                      " ".join(f"{key}={getattr(cls, key).grammar}" for key in dir(cls)
                               if key.startswith("custom_")))
            continue
        parts += (cls.__module__, cls.__qualname__, getattr(cls, "name", ""), own["syntax"],
                  repr(own.get("syntax_head_lines")), repr(own.get("syntax_remembers_name")),
                  " ".join(family_names(cls)) if own.get("syntax_family_terminal") else "",
                  " ".join(key for key, member in own.items()
                           if type(member) is staticmethod
                           and hasattr(member.__func__, "parses_rule")))
    return "\0".join(parts)


def assemble(core: str, classes) -> OpGrammar:
    """The grammar of `core` with the syntax of `classes` (`syntax_classes`
    of the registered ops)."""
    import textwrap
    rule_pattern, terminal_pattern = re.compile(_RULE, re.M), re.compile(_TERMINAL, re.M)
    texts, pieces = [], {}
    for cls in classes:
        if "syntax" in cls.__dict__:
            texts.append(re.sub(_COMMENT, "", textwrap.dedent(cls.__dict__["syntax"])))
        else:
            from ..ir.assembly_format import format_syntax
            text, pieces[cls] = format_syntax(cls)
            texts.append(text)
    _use_keyword_terminals(texts, [cls for cls in classes if "syntax" not in cls.__dict__])
    defined = set(terminal_pattern.findall(core))
    for text in texts:
        defined.update(terminal_pattern.findall(text))
    shared = _shared_forms(classes, texts, pieces)
    grammar = OpGrammar("")
    parts, op_rules, names = [core.rstrip("\n"), ""], [], []
    for index, (cls, text) in enumerate(zip(classes, texts)):
        members = shared.get(index)
        if members == ():
            continue            # its form is another class's (`_shared_forms`)
        if members:
            text = _share_form(text, [classes[i] for i in (index, *members)])
            defined.update(terminal_pattern.findall(text))
        rules = rule_pattern.findall(text)
        if not rules:
            raise ValueError(f"{cls.__name__}.syntax defines no rule")
        op_rules.append(rules[0])
        grammar.callbacks[rules[0]] = (index, "parse")
        if members:
            grammar.callbacks[rules[0]] = (index, _SHARED + ",".join(map(str, (index, *members))))
            grammar.callbacks[rules[0] + _NAMES] = (index, _TOKEN)
        for rule, number in pieces.get(cls, {}).items():
            if isinstance(number, tuple):       # (piece number, custom directive)
                grammar.callbacks[rule] = (index, f"{_PIECE}{number[0]}:{number[1]}")
            else:
                grammar.callbacks[rule] = ((index, f"{_PIECE}{number}") if isinstance(number, int)
                                           else (index, f"{_NAME}{number}"))
        for key, member in cls.__dict__.items():
            rule = getattr(getattr(member, "__func__", None), "parses_rule", None)
            if rule is not None:
                if not re.search(rf"\b{rule}\b", text):
                    raise ValueError(f"{cls.__name__} parses {rule!r}, which its syntax lacks")
                grammar.callbacks[rule] = (index, key)
        parts.append(f"// {cls.__module__.rpartition('.')[2]}: {cls.__name__}")
        parts.append(text.strip("\n"))
        for terminal in sorted(set(re.findall(_OP_TERMINAL, text)) - defined):
            name = getattr(cls, "name", "")
            if terminal != "OP_" + name.upper().replace(".", "_"):
                raise ValueError(f"{cls.__name__}.syntax uses {terminal}, defined nowhere")
            parts.append(f'{terminal}: "{name}"')
            defined.add(terminal)
        family = cls.__dict__.get("syntax_family_terminal")
        if family:
            parts.append(names_terminal(family, family_names(cls)))
            defined.add(family)
        grammar.head_lines.update(cls.__dict__.get("syntax_head_lines", {}))
        if cls.__dict__.get("syntax_remembers_name"):
            names.append("OP_" + cls.name.upper().replace(".", "_"))
        parts.append("")
    if any(re.search(r"\bany_op_name\b", text) for text in texts):
        parts.append(_any_op_name(parts[2:]))
    core_words = set(re.findall(_WORD, _keyword_names(core)))
    words = sorted({word for text in texts for word in re.findall(_WORD, text)} - core_words)
    keywords = [name for text in texts for name, _ in re.findall(_KEYWORD_TERMINAL, text, re.M)]
    parts.append("// derived from the op syntax above")
    parts.append("%extend op_body: " + " | ".join(op_rules))
    if words:
        parts.append("%extend keyword_name: " + " | ".join(f'"{w}"' for w in words))
    if keywords:
        parts.append("%extend name_id: " + " | ".join(keywords))
    grammar.text = "\n".join(parts) + "\n"
    grammar.remembered_names = tuple(names)
    return grammar


# The rule of the names of a shared form: the form's rule and this.
_NAMES = "__op"


def _shared_forms(classes, texts: list, pieces: dict) -> dict:
    """Ops declared by assembly formats whose rules are the same but for
    their names (the 24 `llvm.intr` unary float functions, the casts, most
    binary ops) share one rule whose name is any of theirs: each op of its
    own would add its rule's states, every one with an action for every op
    name that may follow an op, to the largest grammar's LALR table.  The
    result: index of the first class of a form -> the indices of the others
    (in registration order); index of each of those -> ().  An op that may
    go by its short name keeps its form (its name has a rule of its own)."""
    from ..ir.assembly_format import op_rule_name, op_terminal
    forms: dict = {}
    for index, (cls, text) in enumerate(zip(classes, texts)):
        if "syntax" in cls.__dict__ or cls.syntax_short_name:
            continue
        rule, terminal = op_rule_name(cls), op_terminal(cls)
        if not text.startswith(f"{rule}: {terminal}"):
            continue
        key = (re.sub(rf"\b{rule}(?=\b|__)", "R", text).replace(terminal, "T"),
               tuple(sorted((name.replace(rule, "R"), number)
                            for name, number in pieces.get(cls, {}).items())))
        forms.setdefault(key, []).append(index)
    shared: dict = {}
    for first, *others in forms.values():
        if others:
            shared[first] = tuple(others)
            shared.update(dict.fromkeys(others, ()))
    return shared


def _share_form(text: str, op_classes) -> str:
    """The form of the first of `op_classes`, whose name may be any of
    theirs: a rule of the names, of their terminals (defined here)."""
    from ..ir.assembly_format import op_rule_name, op_terminal
    rule, terminals = op_rule_name(op_classes[0]), [op_terminal(cls) for cls in op_classes]
    head, _, rest = text.partition("\n")
    head = head.replace(f"{rule}: {terminals[0]}", f"{rule}: {rule}{_NAMES}", 1)
    lines = [head, rest.rstrip("\n"), f"{rule}{_NAMES}: " + " | ".join(terminals)]
    lines += [f'{terminal}: "{cls.name}"' for terminal, cls in zip(terminals, op_classes)]
    return "\n".join(line for line in lines if line) + "\n"


def _any_op_name(texts: list) -> str:
    """The rule `any_op_name`: an op's name in custom form whatever lexes it
    (its own terminal, its family's, a literal of its rule, or a word no op
    claims), for the forms that name another op (linalg.map's payload)."""
    terminals, literals = [], set()
    for text in texts:
        for line in text.splitlines():
            match = re.match(_TERMINAL, line)
            if match and ("\\." in line or re.search(r':\s*"[\w$]+\.[\w$.]+"\s*$', line)):
                terminals.append(match.group(1))
            else:
                literals.update(re.findall(r'"([a-z_][\w$]*\.[\w$.]+)"', line))
    names = dict.fromkeys(terminals + [f'"{literal}"' for literal in sorted(literals)])
    return "any_op_name: BARE_ID | " + " | ".join(names)


def _use_keyword_terminals(texts: list, format_classes) -> None:
    """A word that another op's text makes a terminal of keywords
    (`FLAG_KEYWORD.2: /(fastmath|overflow)(?![\\w$.])/`) lexes as that
    terminal everywhere: the formats' literals of that word name it."""
    terminals: dict = {}
    for text in texts:
        for name, words in re.findall(_KEYWORD_TERMINAL, text, re.M):
            for word in words.split("|"):
                terminals.setdefault(word, name)
    if not terminals or not format_classes:
        return
    from ..ir.assembly_format import op_rule_name
    rules = {op_rule_name(cls) for cls in format_classes}
    for index, text in enumerate(texts):
        rule = re.match(_RULE, text, re.M)
        if rule and rule.group(1) in rules:
            texts[index] = re.sub(_WORD, lambda m: terminals.get(m.group(1), m.group(0)), text)


def _keyword_names(core: str) -> str:
    """The text of the core grammar's `keyword_name` rule."""
    match = re.search(r"^!keyword_name:(.*?)(?=^\S)", core, re.M | re.S)
    return match.group(1) if match else ""
