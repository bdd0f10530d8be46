"""The grammar is the core text plus what the op classes declare
(parse/op_syntax.py): their rules join `op_body`, their name terminals and
keywords are derived, and their callbacks reach the transformer."""

from __future__ import annotations

import pytest
from lark import Lark, Transformer

from mlir_affine_py.ir.core import OP_CLASSES
from mlir_affine_py.parse import op_syntax
from mlir_affine_py.parse.op_syntax import parses
from mlir_affine_py.parse.parser import _parser

CORE = r'''
start: operation*
?operation: op_body
?op_body: "generic"
?name_id: BARE_ID | keyword_name
!keyword_name: "loc"
BARE_ID: /[a-z_][\w.]*/
INT: /[0-9]+/
%ignore " "
'''


class _Op:
    name = ""

    @classmethod
    def parse(cls, t, children):
        return (cls.name, [str(c) for c in children])


class PingOp(_Op):
    name = "test.ping"
    syntax = r'''
        ping: OP_TEST_PING INT ("times" | pong)
        pong: "pong" MODE
        MODE.2: /(loud|quiet)(?![\w$.])/
    '''

    @parses("pong")
    def parse_pong(t, children):
        return "pong-" + children[0]


class EchoOp(_Op):
    name = "test.echo"
    syntax = '''
        echo: OP_TEST_ECHO name_id
    '''


class EchoTwiceOp(EchoOp):
    name = "test.echo_twice"       # shares its base's form


def _parse(assembled, classes, text):
    callbacks = assembled.bind(classes)

    class Callbacks(Transformer):
        def keyword_name(self, children):
            return children[0]
    def bound(callback):
        # As the parser binds them: an op's name token is not passed on.
        def call(self, children):
            named = children and getattr(children[0], "type", "").startswith("OP_")
            return callback(None, children[1:] if named else children)
        return call
    for rule, callback in callbacks.items():
        setattr(Callbacks, rule, bound(callback))
    return Lark(assembled.text, parser="lalr", transformer=Callbacks()).parse(text)


def test_rules_join_op_body_with_derived_terminals_and_keywords():
    classes = op_syntax.syntax_classes([PingOp, EchoOp, EchoTwiceOp])
    assert classes == [PingOp, EchoOp]
    assembled = op_syntax.assemble(CORE, classes)
    assert "%extend op_body: ping | echo" in assembled.text
    assert 'OP_TEST_PING: "test.ping"' in assembled.text
    assert '%extend keyword_name: "pong" | "times"' in assembled.text
    assert "%extend name_id: MODE" in assembled.text
    tree = _parse(assembled, classes, "test.ping 3 pong loud test.echo times test.echo quiet")
    assert tree.children == [("test.ping", ["3", "pong-loud"]), ("test.echo", ["times"]),
                             ("test.echo", ["quiet"])]


def test_a_callback_of_a_rule_the_syntax_lacks_is_refused():
    class Bad(_Op):
        name = "test.bad"
        syntax = "bad: OP_TEST_BAD"

        @parses("missing")
        def parse_missing(t, children):
            return None
    with pytest.raises(ValueError, match="missing"):
        op_syntax.assemble(CORE, [Bad])


def test_an_op_terminal_of_another_name_is_refused():
    class Bad(_Op):
        name = "test.bad"
        syntax = "bad: OP_TEST_OTHER"
    with pytest.raises(ValueError, match="OP_TEST_OTHER"):
        op_syntax.assemble(CORE, [Bad])


def test_every_registered_custom_form_has_its_callback():
    # Every op, the deferred dialects' too (asking the registry for all its
    # ops loads them), then the grammar of exactly those.
    classes = op_syntax.syntax_classes(OP_CLASSES.values())
    engine, transformer = _parser(extended=True)
    callbacks = engine.prepared.op_grammar.bind(classes)
    rules = {rule.origin.name for rule in engine.prepared.rules}
    aliases = {rule.alias for rule in engine.prepared.rules if rule.alias}
    for rule in callbacks:
        assert rule in rules | aliases
        assert callable(getattr(transformer, rule))
    for cls in classes:
        assert "parse" in vars(cls) or any("parse" in vars(base) for base in cls.__mro__[1:-1])


def test_a_names_terminal_matches_whole_names_grouped_by_dialect():
    text = op_syntax.names_terminal("NAMES", ["arith.addf", "arith.addi", "math.powf"])
    assert text == r"NAMES.2: /(arith\.(addf|addi)|math\.powf)(?![\w$.])/"
    pattern = text.split("/")[1]
    import re
    assert [bool(re.match(pattern, word)) for word in
            ("arith.addf", "arith.addfx", "math.powf", "math.pow", "arith.addi.x")] == \
        [True, False, True, False, False]


def test_a_family_s_name_terminal_is_made_from_its_subclasses():
    class Family(_Op):
        syntax = "family: FAMILY_NAME INT"
        syntax_family_terminal = "FAMILY_NAME"

    class One(Family):
        name = "test.one"

    class Two(One):
        name = "test.two"
    classes = op_syntax.syntax_classes([One, Two])
    assert classes == [Family]
    assembled = op_syntax.assemble(CORE, classes)
    assert r"FAMILY_NAME.2: /test\.(one|two)(?![\w$.])/" in assembled.text
    source = op_syntax.syntax_source(CORE, classes)

    class Three(Family):
        name = "test.three"
    assert op_syntax.syntax_source(CORE, classes) != source
    tree = _parse(op_syntax.assemble(CORE, classes), classes, "test.two 1 test.three 2")
    assert tree.children == [("", ["test.two", "1"]), ("", ["test.three", "2"])]
