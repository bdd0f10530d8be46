"""Loading the cached LALR tables quickly, and reducing quickly with them.

Lark rebuilds its parse table from the cache entry by entry, resolving the
rule of every reduce action through its generic `deserialize` (the grammar
has ~1,600 states and ~30,000 actions): a third of the start-up of a short
run.  Every rule in a cached table is a reference into the memo Lark has
already loaded, so the table can be rebuilt with one dictionary lookup per
action.

The driver then looks up each reduction's callback in a dictionary keyed by
rules, and `Rule` hashes and compares in Python, by value (the table's rules
are not the very objects the callbacks are keyed by): about a microsecond
per reduction, and a line of MLIR takes ten.  The table therefore holds
`TableRule` copies, which hash and compare by identity in C, and the
callbacks are re-keyed by them.  A `?rule` whose one symbol is kept as it
is just passes its child on; `itemgetter(0)` does that in C, where Lark's
`ExpandSingleChild` is a Python call (a third of all reductions: every
affine expression climbs four such levels).

`parser_plugins` hands Lark (through its `_plugins` hook) an LALR parser
class that does both, for lark-cython's parser or Lark's own.
"""

from __future__ import annotations

from operator import itemgetter

from lark.grammar import Rule
from lark.parse_tree_builder import ExpandSingleChild
from lark.parsers.lalr_analysis import IntParseTable, Reduce, Shift


class TableRule(Rule):
    """A rule of the loaded table: the same fields, identity semantics, and
    the `original` rule Lark keys its callbacks by."""

    __slots__ = ("original",)
    __hash__ = object.__hash__
    __eq__ = object.__eq__


def parse_table_from_cache(data: dict, memo: dict) -> tuple[IntParseTable, list]:
    """`IntParseTable.deserialize` with memo references resolved directly and
    each rule a `TableRule`; also the list of those rules."""
    tokens = data["tokens"]
    by_reference = {index: _table_rule(entry) for index, entry in memo.items()
                    if isinstance(entry, Rule)}
    states = {state: {tokens[token]: (Reduce, by_reference[argument["@"]]) if kind == 1
                      else (Shift, argument)
                      for token, (kind, argument) in actions.items()}
              for state, actions in data["states"].items()}
    table = IntParseTable(states, data["start_states"], data["end_states"])
    return table, list(by_reference.values())


def _table_rule(rule: Rule) -> TableRule:
    copy = TableRule.__new__(TableRule)
    for field in Rule.__slots__:
        setattr(copy, field, getattr(rule, field))
    copy.original = rule
    return copy


def parser_plugins(base_parser, driver) -> dict:
    """A `_plugins` entry: `base_parser` (an LALR_Parser class) whose tables
    load through `parse_table_from_cache`; `driver` is the `_Parser` class
    that runs them."""

    class CachedTablesParser(base_parser):
        @classmethod
        def deserialize(cls, data, memo, callbacks, debug=False):
            try:
                table, rules = parse_table_from_cache(data, memo)
            except KeyError:    # a cache whose rules are not all memo references
                return super().deserialize(data, memo, callbacks, debug)
            parser = cls.__new__(cls)
            parser._parse_table = table
            rekeyed = {key: callback for key, callback in callbacks.items()
                       if not isinstance(key, Rule)}
            for rule in rules:
                callback = callbacks[rule.original]
                rekeyed[rule] = _FIRST_CHILD if _passes_child_on(rule, callback) else callback
            parser.parser = driver(parser._parse_table, rekeyed, debug)
            return parser

    return {"LALR_Parser": CachedTablesParser}


_FIRST_CHILD = itemgetter(0)


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
