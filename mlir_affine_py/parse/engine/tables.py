"""What Lark computes from mlir_affine_py/grammar/mlir.lark, kept ready to use.

Lark turns the grammar into terminals, rules and an LALR table (~1,600
states, ~30,000 actions): seconds of work, so the result is cached on disk.
Lark's own cache holds its serialized form, which it turns back into
objects through a generic deserializer on every run, then compiles one
alternation of all terminals and builds the lexer's keyword callbacks: most
of the start-up of a short run.  `PreparedGrammar` holds those objects
themselves, pickled: a run loads them in a few milliseconds, and the lexer
(parse/engine/lexer.py) needs no compiled alternation up front.

The rules in the table are `TableRule`s, which hash and compare by identity
in C.  The driver looks each reduction's callback up in a dictionary keyed
by rules, and Lark's `Rule` hashes and compares in Python: about a
microsecond per reduction, and a line of MLIR takes ten.  A `?rule` whose
one symbol is kept as it is only passes its child on; `itemgetter(0)` does
that in C, where Lark's `ExpandSingleChild` is a Python call (a third of
all reductions: every affine expression climbs four such levels).
"""

from __future__ import annotations

import copy
import copyreg
import io
import marshal
import os
import sys
import zlib
from functools import cached_property, partial
from operator import itemgetter

from lark.grammar import NonTerminal, Rule, Terminal
from lark.lexer import PatternStr, _create_unless, _regexp_has_newline
from lark.parse_tree_builder import (ChildFilterLALR_NoPlaceholders, ExpandSingleChild,
                                     ParseTreeBuilder, apply_visit_wrapper)
from lark.parsers.lalr_analysis import Action, IntParseTable, Reduce, Shift
from lark.tree import Tree
from lark.visitors import Transformer_InPlace

from .lexer import DispatchScanner, KeptPattern, blanks_pattern, lexer_scanner
from .lexer import advances as advances  # (the parser takes it from here)

try:
    # The C unpickler alone: the `pickle` module's Python half (its
    # pure-Python pickler, its disassembler) is 1.5% of a short run.
    from _pickle import load as _unpickled
except ImportError:             # another Python than CPython
    from pickle import load as _unpickled


class TableRule(Rule):
    """A rule of the prepared table: Lark's fields, identity semantics."""

    __slots__ = ()
    __hash__ = object.__hash__
    __eq__ = object.__eq__


# The start symbol of the text of each terminal that stands for a run of
# other tokens, parsed when its shape is new: AFFINE_SUBSCRIPTS (`[`,
# expressions, `]`) and OP_LINES (whole ops, a line each); the ops add the
# heads that open a region at the end of their line (AFFINE_FOR_LINE).
SHORTHANDS = {"AFFINE_SUBSCRIPTS": "subscripts", "OP_LINES": "operation"}
# Terminals that, like the shorthands, are tokens only where the parser
# accepts them, and stand for themselves: the `0x` of a shape (`tensor<0xf32>`)
# is a dimension and an `x` only inside a dimension list, as MLIR's type
# parser splits such a hexadecimal literal there; elsewhere `0xf32` is an
# integer.
CONTEXTUAL = frozenset({"DIMS"})


class PreparedGrammar:
    """Terminals, rules and LALR table of the grammar, as the lexer and the
    driver use them.

    - `grammar`: the grammar text they come from;
    - `terminals`: the scanner's terminals in Lark's priority order, without
      the keywords that a more general terminal also matches, and
      `lexer_scanner`, the lexer's scanner over them (lexer.py);
    - `keywords`: for such a general terminal (`BARE_ID`), its keywords by
      text (Lark retypes them in an `UnlessCallback`);
    - `ignore`, `newline_types`: terminal names, as in Lark's lexer, and
      `blanks`, the pattern of a run of ignored tokens;
    - `op_line_run`: an OP_LINES token (group 1) and the blanks after it,
      in one match: how a run of op lines goes on (parse/engine/op_lines.py);
    - `literals`: terminal name -> text, for every string terminal;
    - `shorthands`: terminal -> start symbol of its text, for `SHORTHANDS`
      and the ops' `head_lines`; the lexer emits such a terminal only where
      the parser accepts it, as Lark's contextual lexer would;
    - `contextual_terminals` (the shorthands and `CONTEXTUAL`) and `contextual_scanner`, the
      scanner to use instead where the parser does not accept such a
      terminal's token;
    - `rules`, `states`, `start_states`, `end_states`: the LALR table (by
      start symbol: `start` and the shorthands'), whose reduce actions refer
      to the `TableRule`s of `rules`;
    - `tree_builder`: Lark's builder of the rules' callbacks;
    - `source`: what the grammar was made from, the key of its cache entry,
      and `op_grammar`, what its maker keeps with it (the ops' callbacks).
    """

    def __init__(self, grammar: str, head_lines: dict | None = None, op_grammar=None):
        from lark.lark import Lark
        self.shorthands = {**SHORTHANDS, **(head_lines or {})}
        lark = Lark(grammar, parser="lalr", lexer="basic", maybe_placeholders=False,
                    start=["start", *dict.fromkeys(self.shorthands.values())])
        self.grammar = self.source = grammar
        self.op_grammar = op_grammar
        contextual = frozenset(self.shorthands) | CONTEXTUAL
        terminals = sorted(lark.lexer_conf.terminals,
                           key=lambda t: (-t.priority, -t.pattern.max_width,
                                          -len(t.pattern.value), t.name))
        conf = lark.lexer_conf
        self.terminals, unless = _create_unless(terminals, conf.g_regex_flags,
                                                conf.re_module, conf.use_bytes)
        self.lexer_scanner = lexer_scanner(DispatchScanner(self.terminals, conf.g_regex_flags),
                                           conf.ignore)
        self.contextual_terminals = contextual
        self.contextual_scanner = self.lexer_scanner.without(contextual)
        self.lexer_scanner.keep_programs()
        self.contextual_scanner.keep_programs()
        self.keywords = {name: _keywords(callback) for name, callback in unless.items()}
        self.ignore = frozenset(conf.ignore)
        self.blanks = blanks_pattern(self.terminals, self.ignore, conf.g_regex_flags)
        op_lines = next(t for t in self.terminals if t.name == "OP_LINES")
        self.op_line_run = KeptPattern(f"({op_lines.pattern.to_regexp()}){self.blanks.pattern}",
                                       conf.g_regex_flags)
        self.newline_types = frozenset(t.name for t in terminals
                                       if _regexp_has_newline(t.pattern.to_regexp()))
        self.literals = {t.name: t.pattern.value for t in terminals
                         if isinstance(t.pattern, PatternStr)}
        table = lark.parser.parser.parser.parse_table
        # Each symbol and each set of rule options once (364 symbols stand
        # in 4,100 places): fewer objects to load.
        shared_parts: dict = {}
        as_table_rule = {id(rule): _table_rule(rule, shared_parts) for rule in lark.rules}
        self.rules = list(as_table_rule.values())
        # 41,000 actions, 2,300 of them distinct: shared, they load faster.
        shared: dict = {}
        self.states = {state: {_plain(token): shared.setdefault(
                                   (action, id(arg) if action is Reduce else arg),
                                   (action, as_table_rule[id(arg)] if action is Reduce else arg))
                               for token, (action, arg) in actions.items()}
                       for state, actions in table.states.items()}
        self.start_states = dict(table.start_states)
        self.end_states = dict(table.end_states)

    @cached_property
    def tree_builder(self) -> ParseTreeBuilder:
        """Lark's builder of the rules' callbacks: what each rule's callback
        does with its children (filter, splice, pass on).  A run works it out
        for each rule it reduces (`callbacks`); this is the whole of it, for
        Lark's `create_callback`."""
        return _tree_builder(self.rules)
    def parse_table(self) -> IntParseTable:
        return IntParseTable(self.states, self.start_states, self.end_states)

    def callbacks(self, transformer, by_lark: bool = False) -> dict:
        """Rule -> reduction callback: Lark's tree builder for `transformer`,
        with `itemgetter(0)` for the rules that pass their child on.  Its
        callbacks are made as Lark's `create_callback` makes them
        (`_created_callback`), each when its rule is first reduced (a short
        run reduces a tenth of the rules), or, with `by_lark`, all at once by
        that function (the reference: tests/unit/test_grammar_cache.py
        checks that the two agree)."""
        if by_lark or not _plain_transformer(transformer):
            callbacks = self.tree_builder.create_callback(transformer)
            return {rule: _finished(rule, callbacks[rule]) for rule in self.rules}
        callbacks: dict = {}
        make = partial(_made_callback, _tree_builder(()), transformer)
        for rule in self.rules:
            callbacks[rule] = partial(_first_reduction, callbacks, make, rule)
        return callbacks

    # ------------------------------------------------------------ caching
    def __getstate__(self) -> dict:
        # The table as integers (`pack_states`): it loads in a sixth of the
        # time its objects take to unpickle, the most of a short run's
        # loading of the grammar.
        # So are the rules (`pack_rules`).
        state = dict(self.__dict__)
        state["states"] = pack_states(self.states, self.rules)
        state["rules"] = pack_rules(self.rules)
        state.pop("tree_builder", None)     # (made again when asked for)
        return state

    def __setstate__(self, state: dict) -> None:
        state["rules"] = rules = unpack_rules(*state["rules"])
        state["states"] = unpack_states(state["states"], rules)
        self.__dict__.update(state)

    def dump(self, path: str) -> None:
        """Write the cache file whole or not at all (a concurrent run may be
        reading it)."""
        buffer = io.BytesIO()
        import pickle
        pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
        # Lark's Shift and Reduce are compared by identity: pickle them as
        # the module's globals, not as new objects.
        pickler.dispatch_table = {**copyreg.dispatch_table, Action: _action_by_name}
        pickler.dump(self)
        temporary = f"{path}.{os.getpid()}.tmp"
        try:
            with open(temporary, "wb") as handle:
                handle.write(buffer.getvalue())
            os.replace(temporary, path)
        except OSError:
            try:
                os.unlink(temporary)
            except OSError:
                pass

    @classmethod
    def cached(cls, source: str, folder: str | None, prepare=None,
               depends_on=()) -> PreparedGrammar:
        """The grammar made from `source`, from the cache in `folder` when
        it holds it (and saved there when it did not).  `prepare()` makes it
        (by default `source` is the grammar's text), with the code of the
        files `depends_on`; what it makes keeps `source`, which the cache
        entry must match."""
        def made():
            prepared = prepare() if prepare is not None else cls(source)
            prepared.source = source
            return prepared
        if folder is None:
            return made()
        path = os.path.join(folder, f"grammar-{_cache_key(source, depends_on)}.pickle")
        try:
            with open(path, "rb") as handle:
                prepared = _unpickled(handle)
            if isinstance(prepared, cls) and prepared.source == source:
                _used(path)
                return prepared
        except Exception:        # missing, unreadable, truncated or from other code
            pass
        prepared = made()
        prepared.dump(path)
        _prune(folder, path)
        return prepared


# Cache files kept in a folder, the last used first: each version of the
# package writes six (three sets of dialects, each with and without the
# extended grammar; 1 to 17 megabytes), plugins and tests that register ops
# a few more, and a new grammar never reads an old file again.
KEPT_CACHE_FILES = 12


def _used(path: str) -> None:
    """Mark a cache file as just used (its modification time), so that the
    files that runs read are the last that `_prune` removes."""
    try:
        os.utime(path)
    except OSError:
        pass


def _prune(folder: str, written: str) -> None:
    """Remove the cache files beyond `KEPT_CACHE_FILES` used longest ago,
    never the one just `written`; a file another run removes first is
    skipped."""
    try:
        names = [name for name in os.listdir(folder)
                 if name.startswith("grammar-") and name.endswith(".pickle")]
        dated = []
        for name in names:
            path = os.path.join(folder, name)
            try:
                dated.append((os.stat(path).st_mtime, path))
            except OSError:
                pass
        dated.sort(reverse=True)
        for _, path in dated[KEPT_CACHE_FILES:]:
            if path != written:
                os.unlink(path)
    except OSError:
        pass


def _cache_key(source: str, depends_on=()) -> str:
    """What a cache file depends on: the grammar's source, the code whose objects it
    pickles (this module, the lexer's scanner, Lark, whose `__init__` holds
    its version), Python and the format of its regular expression
    programs."""
    import _sre

    import lark

    from . import lexer
    digest = zlib.crc32(source.encode())
    for module in (__file__, lexer.__file__, lark.__file__, *depends_on):
        with open(module, "rb") as handle:
            digest = zlib.crc32(handle.read(), digest)
    python = f"py{sys.version_info[0]}{sys.version_info[1]}-{_sre.MAGIC}"
    return f"{python}-{digest:08x}"


def pack_states(states: dict, rules: list) -> bytes:
    """The LALR table `states` (state -> {symbol: (Shift, state) or
    (Reduce, rule of `rules`)}) as integers, in `marshal`'s format: the
    symbols by name once, each distinct action once as an integer (a
    shifted-to state times two, a rule's index times two plus one), and
    each state as the indices of its symbols and of its actions, in its
    order, as the bytes of an array of unsigned ints (read into integers
    only for the rows a run makes); equal rows of symbols or actions are
    kept once."""
    from array import array
    symbols: dict = {}
    codes: dict = {}
    rule_index = {id(rule): index for index, rule in enumerate(rules)}
    shared: dict = {}
    rows = []
    for state, actions in states.items():
        keys = tuple(symbols.setdefault(symbol, len(symbols)) for symbol in actions)
        done = tuple(codes.setdefault(2 * rule_index[id(arg)] + 1 if action is Reduce
                                      else 2 * arg, len(codes))
                     for action, arg in actions.values())
        keys, done = array("I", keys).tobytes(), array("I", done).tobytes()
        rows.append((state, shared.setdefault(keys, keys), shared.setdefault(done, done)))
    return marshal.dumps((tuple(symbols), tuple(codes), tuple(rows)))


def pack_rules(rules: list) -> tuple:
    """`rules` (`TableRule`s) as (marshal's bytes, their options): each
    symbol once, as (whether a terminal, name, filter_out), and each rule
    as (origin, expansion: symbol numbers, alias, number of its options,
    order, Lark's hash); the options (a few, shared) stay objects."""
    symbols: dict = {}
    options: dict = {}

    def number(symbol) -> int:
        key = (symbol.is_term, symbol.name, getattr(symbol, "filter_out", False))
        return symbols.setdefault(key, len(symbols))
    packed = tuple((number(rule.origin), tuple(map(number, rule.expansion)), rule.alias,
                    options.setdefault(id(rule.options), (len(options), rule.options))[0],
                    rule.order, rule._hash)
                   for rule in rules)
    return marshal.dumps((tuple(symbols), packed)), [kept for _, kept in options.values()]


def unpack_rules(packed: bytes, options: list) -> list:
    """The `TableRule`s `pack_rules` packed, built field by field (cheaper
    than unpickling them); equal symbols are one object."""
    symbols, rules = marshal.loads(packed)
    symbols = [Terminal(name, filter_out) if is_term else NonTerminal(name)
               for is_term, name, filter_out in symbols]
    made = []
    new = TableRule.__new__
    for origin, expansion, alias, option, order, lark_hash in rules:
        rule = new(TableRule)
        rule.origin, rule.alias, rule.options = symbols[origin], alias, options[option]
        rule.expansion = [*map(symbols.__getitem__, expansion)]
        rule.order, rule._hash = order, lark_hash
        made.append(rule)
    return made


def unpack_states(packed: bytes, rules: list) -> dict:
    """The table `pack_states` packed, its actions on `rules`: each
    distinct action one tuple, each symbol one interned string, as Lark's
    table has them.  A state's row of actions is made when first read
    (`_PackedRow`): a short run reads a few hundred of the states."""
    symbols, codes, rows = marshal.loads(packed)
    # Lists: their `__getitem__` is a plain C function, a tuple's a slot
    # wrapper that costs three times as much a call.
    symbols = list(map(sys.intern, symbols))
    actions = [(Reduce, rules[code >> 1]) if code & 1 else (Shift, code >> 1) for code in codes]
    table = symbols.__getitem__, actions.__getitem__
    states: dict = {}
    for state, keys, done in rows:
        row = states[state] = _PackedRow()
        row.packed = (table, states, state, keys, done)
    return states


class _MadeRow(dict):
    """A row of the LALR table, symbol -> action: a dict with nothing of
    its own (the drivers look actions up through the dict's own methods).
    `packed`: what a `_PackedRow` is made from, until it is made."""

    __slots__ = ("packed",)


class _PackedRow(_MadeRow):
    """A row not yet read: it is filled, and becomes a `_MadeRow`, on the
    first question asked of it, whichever way it is asked (a subclass of
    `_MadeRow`, so that a comparison with one asks this row first); the
    table then holds a plain dict of the same items in its place."""

    __slots__ = ()

    def _made(self) -> dict:
        (symbol, action), states, state, keys, done = self.packed
        self.packed = None
        made = dict(zip(map(symbol, memoryview(keys).cast("I")),
                        map(action, memoryview(done).cast("I"))))
        # The table holds the row as a plain dict from now on, which
        # Python's lookups of a dict's items take their fastest way.
        states[state] = made
        dict.update(self, made)
        self.__class__ = _MadeRow
        return self

    def __missing__(self, key):
        return dict.__getitem__(self._made(), key)

    def __reduce__(self):
        return dict, (dict(self._made()),)


def _forwarded_to_made(name: str):
    method = getattr(dict, name)

    def forwarded(self, *args):
        return method(self._made(), *args)
    forwarded.__name__ = name
    return forwarded


# Every other question a dict answers (those that read its entries in C
# without calling a method, as `dict.update(other, row)`, call `keys()`
# for a subclass that has its own `__iter__`).
for _name in ("__contains__", "__iter__", "__reversed__", "__len__", "__eq__", "__ne__",
              "__repr__", "__or__", "__ror__", "__ior__", "__setitem__", "__delitem__", "get",
              "keys", "values", "items", "copy", "setdefault", "pop", "popitem", "update",
              "clear"):
    setattr(_PackedRow, _name, _forwarded_to_made(_name))
_PackedRow.__hash__ = None    # type: ignore[assignment]


def _action_by_name(action: Action) -> str:
    return action.name


def _keywords(callback) -> dict:
    """Text -> terminal name, from Lark's `UnlessCallback`.  The grammar's
    keywords are plain strings; one with flags (`"to"i`) would need Lark's
    regex match, which `_keywords` refuses rather than gets wrong."""
    keywords = {}
    for terminal in callback.scanner.terminals:
        if not isinstance(terminal.pattern, PatternStr) or terminal.pattern.flags:
            raise ValueError(f"keyword terminal {terminal.name} is not a plain string")
        keywords.setdefault(terminal.pattern.value, terminal.name)
    return keywords


def _table_rule(rule: Rule, shared: dict) -> TableRule:
    """`rule` as a `TableRule`, its symbols and options taken from `shared`
    (made there when new): equal ones are one object."""
    table_rule = TableRule.__new__(TableRule)
    for field in Rule.__slots__:
        setattr(table_rule, field, getattr(rule, field))
    table_rule.origin = _plain_symbol(rule.origin, shared)
    table_rule.expansion = [_plain_symbol(symbol, shared) for symbol in rule.expansion]
    options = rule.options
    table_rule.options = shared.setdefault(
        (options.keep_all_tokens, options.expand1, options.priority, options.template_source,
         tuple(options.empty_indices)), options)
    return table_rule


def _plain(name: str) -> str:
    """`name` as a plain string.  Lark's grammar compiler names symbols with
    its `Token`s, a `str` subclass that compares in Python: the driver's
    table lookups by such keys would each call `Token.__eq__`."""
    return sys.intern(str.__str__(name))


def _plain_symbol(symbol, shared: dict):
    key = (type(symbol), str.__str__(symbol.name), getattr(symbol, "filter_out", None))
    plain = shared.get(key)
    if plain is None:
        plain = shared[key] = copy.copy(symbol)
        plain.name = _plain(symbol.name)
    return plain


_FIRST_CHILD = itemgetter(0)


def _plain_transformer(transformer) -> bool:
    """Whether `transformer` is a plain object (no `__default__`, not in
    place), whose callbacks `_created_callback` makes."""
    return getattr(transformer, "__default__", None) is None \
        and not isinstance(transformer, Transformer_InPlace)


def _created_callback(tree_builder: ParseTreeBuilder, rule, wrapper_chain, transformer):
    """What `tree_builder.create_callback(transformer)` gives for `rule`
    (whose wrappers are `wrapper_chain`), for a `_plain_transformer`.
    Lark asks the transformer for each rule's callback and catches the
    AttributeError of a rule without one (most rules): asked with a
    default, the question costs a third as much."""
    name = rule.alias or rule.options.template_source or rule.origin.name
    callback = getattr(transformer, name, _ABSENT)
    if callback is _ABSENT:
        callback = partial(tree_builder.tree_class, name)
    else:
        wrapper = getattr(callback, "visit_wrapper", None)
        if wrapper is not None:
            callback = apply_visit_wrapper(callback, name, wrapper)
    for wrapper in wrapper_chain:
        callback = wrapper(callback)
    return callback


def _tree_builder(rules) -> ParseTreeBuilder:
    """Lark's tree builder for `rules` as the driver uses it (no positions
    propagated, no ambiguity, no placeholders)."""
    return ParseTreeBuilder(rules, Tree, False, False, False)


def _made_callback(rule_less: ParseTreeBuilder, transformer, rule):
    """`rule`'s callback, its wrappers worked out as the tree builder of all
    rules works them out (`rule_less`: one of no rules)."""
    ((_, wrapper_chain),) = rule_less._init_builders([rule])
    return _finished(rule, _created_callback(rule_less, rule, wrapper_chain, transformer))


def _first_reduction(callbacks: dict, make, rule, children):
    """The first reduction of `rule`: its callback made (`make(rule)`),
    put in `callbacks`, where the drivers look it up at each reduction,
    and called."""
    callback = callbacks[rule] = make(rule)
    return callback(children)


def _created_callbacks(tree_builder: ParseTreeBuilder, transformer) -> dict | None:
    """What `tree_builder.create_callback(transformer)` gives, for a
    `_plain_transformer`; None for another one."""
    if not _plain_transformer(transformer):
        return None
    return {rule: _created_callback(tree_builder, rule, chain, transformer)
            for rule, chain in tree_builder.rule_builders}


def _finished(rule, callback):
    """Lark's `callback` for `rule`, or what does the same in C:
    `itemgetter(0)` for a rule that passes its child on, an `itemgetter`
    of the kept children for a child filter that splices nothing."""
    if _passes_child_on(rule, callback):
        return _FIRST_CHILD
    if isinstance(callback, ChildFilterLALR_NoPlaceholders):
        return _picking(callback)
    return callback


_ABSENT = object()


def _picking(child_filter):
    """Lark's child filter (it drops anonymous tokens and splices `_rule`s
    before calling the rule's callback) as a closure that picks the kept
    children with an `itemgetter`, in C, when it splices nothing."""
    if any(splice for _, splice in child_filter.to_include):
        return child_filter
    build, kept = child_filter.node_builder, [index for index, _ in child_filter.to_include]
    if not kept:
        return lambda children: build([])
    pick = itemgetter(*kept)
    if len(kept) == 1:
        return lambda children: build([pick(children)])
    return lambda children: build(list(pick(children)))


def _passes_child_on(rule: Rule, callback) -> bool:
    """Whether `callback` (Lark's, for `rule`) returns its only child as is:
    an inlined `?rule` of one symbol that Lark's child filter neither drops
    (an anonymous token) nor splices (an `_rule`)."""
    if not isinstance(callback, ExpandSingleChild) or len(rule.expansion) != 1:
        return False
    symbol = rule.expansion[0]
    if symbol.is_term:
        return rule.options.keep_all_tokens or not symbol.filter_out
    return not symbol.name.startswith("_")
