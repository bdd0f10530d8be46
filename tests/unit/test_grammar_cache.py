"""The prepared grammar (parse/engine/tables.py) is built once and then loaded from
its cache file; a cache file that is damaged, from another grammar or
missing never changes what is parsed, and the regular expression programs
kept in it make the same patterns as `re.compile`."""

from __future__ import annotations

import re
import sys

import pytest

from mlir_affine_py import dialects
from mlir_affine_py.ir.core import OP_CLASSES
from mlir_affine_py.parse import op_syntax
from mlir_affine_py.parse.engine import lexer, tables
from mlir_affine_py.parse.engine.tables import PreparedGrammar
from mlir_affine_py.parse.parser import _grammar_text, _parser, prepared_grammar


def _plain_classes() -> list:
    """The syntax classes of a plain affine run: the ops of the dialects
    loaded at start (not `dialects.DEFERRED`), without the extended
    grammar's.  What the cache does is the same for every grammar, and
    Lark analyses this one in a second or two where the grammar of every
    dialect takes it half a minute."""
    eager = [cls for cls in dict.values(OP_CLASSES)
             if cls.__module__.rpartition(".")[2] not in dialects.DEFERRED]
    return op_syntax.syntax_classes(eager, extended=False)


@pytest.fixture(scope="module")
def grammar() -> str:
    """The core grammar with the syntax of a plain affine run's ops."""
    return op_syntax.assemble(_grammar_text(), _plain_classes()).text


@pytest.fixture(scope="module")
def built(grammar, tmp_path_factory):
    """The grammar prepared once in a cache folder of its own: (what was
    made, the cache file).  The tests below copy that file where they need
    it."""
    folder = tmp_path_factory.mktemp("grammar-cache")
    prepared = PreparedGrammar.cached(grammar, str(folder))
    (path,) = folder.iterdir()
    return prepared, path


def _summary(prepared: PreparedGrammar) -> tuple:
    # Lark numbers the LALR states differently from one build to the next.
    actions = sorted(len(actions) for actions in prepared.states.values())
    return (prepared.grammar, [t.name for t in prepared.terminals], len(prepared.rules),
            actions, prepared.keywords, sorted(prepared.lexer_scanner._programs))


def _no_building(monkeypatch) -> None:
    def refuse(self, grammar, *args):
        raise AssertionError("the grammar was prepared again instead of loaded")
    monkeypatch.setattr(PreparedGrammar, "__init__", refuse)


def _building_counted(monkeypatch, built) -> list:
    """Preparing a grammar makes a copy of `built`'s, for the grammar asked:
    what the cache does around a build is tested without building again.
    The grammars asked for, in order."""
    asked: list = []
    prepared, _ = built

    def copy(self, grammar, *args):
        asked.append(grammar)
        self.__dict__.update(prepared.__dict__)
        self.grammar = self.source = grammar
    monkeypatch.setattr(PreparedGrammar, "__init__", copy)
    return asked


def test_prepared_once_then_loaded(grammar, built, tmp_path, monkeypatch):
    prepared, path = built
    assert path.name.startswith("grammar-") and prepared.grammar == grammar
    (tmp_path / path.name).write_bytes(path.read_bytes())
    _no_building(monkeypatch)
    loaded = PreparedGrammar.cached(grammar, str(tmp_path))
    assert _summary(loaded) == _summary(prepared)


@pytest.mark.parametrize("damage", [b"", b"not a pickle", "truncated"])
def test_a_damaged_cache_file_is_prepared_again(grammar, built, tmp_path, monkeypatch, damage):
    prepared, path = built
    good = path.read_bytes()
    (tmp_path / path.name).write_bytes(good[:len(good) // 2] if damage == "truncated" else damage)
    asked = _building_counted(monkeypatch, built)
    assert _summary(PreparedGrammar.cached(grammar, str(tmp_path))) == _summary(prepared)
    assert asked == [grammar]
    _no_building(monkeypatch)           # and written again, whole
    assert _summary(PreparedGrammar.cached(grammar, str(tmp_path))) == _summary(prepared)


def test_a_cache_file_of_another_grammar_is_not_used(grammar, built, tmp_path, monkeypatch):
    # Same file name for both grammars: only the text kept inside tells them apart.
    monkeypatch.setattr(tables, "_cache_key", lambda text, depends_on=(): "same")
    (tmp_path / "grammar-same.pickle").write_bytes(built[1].read_bytes())
    asked = _building_counted(monkeypatch, built)
    other = grammar + "\n// a comment changes nothing but the text\n"
    assert PreparedGrammar.cached(other, str(tmp_path)).grammar == other
    assert asked == [other]


def test_only_the_newest_cache_files_are_kept(grammar, built, tmp_path, monkeypatch):
    """Writing a cache file removes the oldest beyond `KEPT_CACHE_FILES`
    (files of other grammars, which nothing reads again)."""
    import os
    for age in range(tables.KEPT_CACHE_FILES + 3):
        old = tmp_path / f"grammar-old{age}.pickle"
        old.write_bytes(b"")
        os.utime(old, (1000 - age, 1000 - age))
    (tmp_path / "notes.txt").write_text("not a cache file")
    _building_counted(monkeypatch, built)
    PreparedGrammar.cached(grammar, str(tmp_path))
    kept = sorted(path.name for path in tmp_path.iterdir())
    assert kept == sorted([built[1].name, "notes.txt"] +
                          [f"grammar-old{age}.pickle" for age in range(tables.KEPT_CACHE_FILES - 1)])


def test_a_cache_file_read_is_kept_before_files_written_later(grammar, built, tmp_path,
                                                              monkeypatch):
    """Reading a cache file marks it as used: the grammar a run reads
    outlives newer files that nothing reads again."""
    import os
    ours = tmp_path / built[1].name
    ours.write_bytes(built[1].read_bytes())
    os.utime(ours, (1, 1))
    for age in range(tables.KEPT_CACHE_FILES):
        newer = tmp_path / f"grammar-newer{age}.pickle"
        newer.write_bytes(b"")
        os.utime(newer, (1000 - age, 1000 - age))
    _no_building(monkeypatch)
    PreparedGrammar.cached(grammar, str(tmp_path))          # read, not built
    other = grammar + "\n// another grammar\n"
    _building_counted(monkeypatch, built)
    PreparedGrammar.cached(other, str(tmp_path))            # written: the oldest goes
    kept = {path.name for path in tmp_path.iterdir()}
    assert ours.name in kept and f"grammar-newer{tables.KEPT_CACHE_FILES - 1}.pickle" not in kept
    assert len(kept) == tables.KEPT_CACHE_FILES


def test_without_a_cache_folder(grammar, built, monkeypatch):
    asked = _building_counted(monkeypatch, built)
    assert PreparedGrammar.cached(grammar, None).grammar == grammar
    assert asked == [grammar]


def test_kept_programs_make_the_patterns_re_compiles(grammar, built, monkeypatch):
    _no_building(monkeypatch)           # the programs as loaded from the cache file
    scanner = PreparedGrammar.cached(grammar, str(built[1].parent)).lexer_scanner
    assert scanner._programs
    samples = ["%a = affine.load %A[%i, %j + 1] : memref<4x4xf32>", "affine.for %i = 0 to 10 {",
               "#map = affine_map<(d0) -> (d0 floordiv 2)>", "arith.constant 1.5e-3 : f64",
               "  // comment", '"str\\"ing" ', "0x1F", "^bb0(%x: i32):", "@name", "}"]
    for pattern, program in scanner._programs.items():
        kept, fresh = lexer._from_program(pattern, program, 0), re.compile(pattern)
        assert (kept.pattern, kept.flags, kept.groupindex) == (fresh.pattern, fresh.flags,
                                                               fresh.groupindex)
        for text in samples:
            for pos in range(len(text)):
                found, expected = kept.match(text, pos), fresh.match(text, pos)
                assert (found and (found.span(), found.lastgroup)) == \
                    (expected and (expected.span(), expected.lastgroup))


def test_a_program_re_refuses_is_compiled_anew():
    pattern = r"(?P<A>a+)|(?P<B>b)"
    made = lexer._from_program(pattern, (0, ["not", "a", "program"], 2, {}, ()), 0)
    assert made.match("aab").lastgroup == "A"


@pytest.mark.slow
def test_the_assembled_grammar_is_prepared_once_then_loaded(tmp_path, monkeypatch):
    classes = _plain_classes()
    built = prepared_grammar(str(tmp_path), classes=classes, extended=False)
    assert "affine_for_head" in built.grammar and "OP_AFFINE_LOAD" in built.grammar
    assert built.shorthands["AFFINE_FOR_LINE"] == "affine_for_head"
    _no_building(monkeypatch)
    monkeypatch.setattr(op_syntax, "assemble", lambda *args: pytest.fail("assembled again"))
    loaded = prepared_grammar(str(tmp_path), classes=classes, extended=False)
    assert _summary(loaded) == _summary(built)
    assert loaded.op_grammar.callbacks == built.op_grammar.callbacks


def test_the_cache_key_covers_the_ops_syntax(monkeypatch):
    core = _grammar_text()
    classes = op_syntax.syntax_classes(OP_CLASSES.values())
    before = op_syntax.syntax_source(core, classes)
    load = OP_CLASSES["affine.load"]
    monkeypatch.setattr(load, "syntax", load.syntax.replace("attr_dict?", "attr_dict"))
    assert op_syntax.syntax_source(core, classes) != before


def _described(callback):
    """A reduction callback as plain values: its wrappers and what they
    wrap, down to the transformer's function or Lark's tree class."""
    from functools import partial

    from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders, ExpandSingleChild
    if isinstance(callback, partial):
        return ("partial", _described(callback.func), callback.args, callback.keywords)
    if isinstance(callback, ChildFilterLALR_NoPlaceholders):
        return ("filter", callback.to_include, _described(callback.node_builder))
    if isinstance(callback, ExpandSingleChild):
        return ("expand", _described(callback.node_builder))
    return ("function", getattr(callback, "__func__", callback),
            getattr(callback, "__self__", None))


@pytest.mark.parametrize("extended", [False, True])
def test_the_callbacks_are_lark_s(extended):
    """`_created_callbacks`, Lark's `create_callback` without its
    AttributeErrors, against that function, for each grammar's transformer;
    a transformer of another kind is left to Lark."""
    from lark.visitors import Transformer_InPlace
    engine, transformer = _parser(extended)
    builder = engine.prepared.tree_builder
    ours = tables._created_callbacks(builder, transformer)
    lark = builder.create_callback(transformer)
    assert list(ours) == list(lark)
    assert {rule: _described(f) for rule, f in ours.items()} == \
        {rule: _described(f) for rule, f in lark.items()}
    assert tables._created_callbacks(builder, Transformer_InPlace()) is None

    class WithDefault:
        def __default__(self, data, children, meta):
            return data
    assert tables._created_callbacks(builder, WithDefault()) is None


def _table_by_rule_index(prepared: PreparedGrammar) -> dict:
    """The LALR table with each reduction's rule as its index in `rules`
    (a table loaded from the cache has rules of its own), each row in its
    order."""
    from lark.parsers.lalr_analysis import Reduce
    index = {id(rule): number for number, rule in enumerate(prepared.rules)}
    return {state: [(symbol, action.name, index[id(arg)] if action is Reduce else arg)
                    for symbol, (action, arg) in row.items()]
            for state, row in prepared.states.items()}


def test_the_loaded_table_is_lark_s(grammar, built, tmp_path, monkeypatch):
    """The table loaded from its packed form (`pack_states`) against the
    one Lark built: every state, every action, in Lark's order."""
    prepared, path = built
    (tmp_path / path.name).write_bytes(path.read_bytes())
    _no_building(monkeypatch)
    loaded = PreparedGrammar.cached(grammar, str(tmp_path))
    assert list(loaded.states) == list(prepared.states)
    assert _table_by_rule_index(loaded) == _table_by_rule_index(prepared)
    # Symbols are the interned strings the driver's tokens carry.
    assert all(symbol is sys.intern(symbol) for row in loaded.states.values() for symbol in row)


def test_a_packed_row_answers_every_question_as_its_dict():
    """A row is made on its first question, whichever way it is asked."""
    prepared = _parser()[0].prepared
    state, row = max(prepared.states.items(), key=lambda item: len(item[1]))
    reference = dict(row)
    symbol, absent = next(iter(reference)), "NOT_A_SYMBOL"
    questions = [lambda r: r[symbol], lambda r: r.get(symbol), lambda r: r.get(absent, 7),
                 lambda r: symbol in r, lambda r: absent in r, lambda r: len(r),
                 lambda r: list(r), lambda r: list(r.keys()), lambda r: list(r.values()),
                 lambda r: list(r.items()), lambda r: r == reference, lambda r: reference == r,
                 lambda r: r != reference, lambda r: dict(r), lambda r: {**r}, lambda r: repr(r),
                 lambda r: r.copy(), lambda r: list(reversed(r)), lambda r: set(r),
                 lambda r: sorted(filter(str.isupper, r.keys()))]
    packed = tables.pack_states({state: reference}, prepared.rules)
    for question in questions:
        table = tables.unpack_states(packed, prepared.rules)
        fresh = table[state]
        assert type(fresh).__name__ == "_PackedRow"
        assert question(fresh) == question(reference)
        assert type(fresh).__name__ == "_MadeRow" and dict(fresh) == reference
        assert type(table[state]) is dict and table[state] == reference
    with pytest.raises(KeyError):
        tables.unpack_states(packed, prepared.rules)[state][absent]


def test_the_callbacks_made_on_first_reduction_are_lark_s():
    """The callbacks made one by one (those a parse made, and those it left
    unmade, made now) against Lark's `create_callback`'s, reworked as
    `callbacks` reworks them."""
    from functools import partial

    from mlir_affine_py.parse.parser import parse_source
    parse_source("func.func @f(%m: memref<4xf32>) {\n  affine.for %i = 0 to 4 {\n"
                 "    %v = affine.load %m[%i] : memref<4xf32>\n  }\n  return\n}\n")
    engine, transformer = _parser(False)
    reference = engine.prepared.callbacks(transformer, by_lark=True)
    assert list(engine.callbacks) == list(reference)
    made = 0
    for rule, callback in engine.callbacks.items():
        if isinstance(callback, partial) and callback.func is tables._first_reduction:
            callback = callback.args[1](rule)
        else:
            made += 1
        expected = reference[rule]
        if callback is tables._FIRST_CHILD or expected is tables._FIRST_CHILD:
            assert callback is expected
        elif getattr(expected, "__name__", "") == "<lambda>":     # `_picking`'s
            assert callback.__code__ is expected.__code__
            assert [_cell(cell.cell_contents) for cell in callback.__closure__] == \
                [_cell(cell.cell_contents) for cell in expected.__closure__]
        else:
            assert _described(callback) == _described(expected)
    assert 0 < made < len(reference)


def _cell(value):
    from operator import itemgetter
    return repr(value) if isinstance(value, (itemgetter, list)) else _described(value)
