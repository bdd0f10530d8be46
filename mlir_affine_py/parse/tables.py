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
    """A rule of the loaded table: the same fields, identity semantics."""

    __slots__ = ()
    __hash__ = object.__hash__
    __eq__ = object.__eq__


def parse_table_from_cache(data: dict, memo: dict) -> tuple[IntParseTable, dict]:
    """`IntParseTable.deserialize` with memo references resolved directly and
    each rule a `TableRule`; also the original rule of each `TableRule`."""
    tokens = data["tokens"]
    copies: dict = {}           # id(original rule) -> TableRule
    originals: dict = {}        # TableRule -> original rule

    def table_rule(reference) -> TableRule:
        original = memo[reference["@"]] if "@" in reference else Rule.deserialize(reference, memo)
        copy = copies.get(id(original))
        if copy is None:
            copy = copies[id(original)] = TableRule.__new__(TableRule)
            for field in Rule.__slots__:
                setattr(copy, field, getattr(original, field))
            originals[copy] = original
        return copy

    states = {state: {tokens[token]: (Reduce, table_rule(argument)) if kind == 1
                      else (Shift, argument)
                      for token, (kind, argument) in actions.items()}
              for state, actions in data["states"].items()}
    return IntParseTable(states, data["start_states"], data["end_states"]), originals


def parser_plugins(base_parser, driver) -> dict:
    """A `_plugins` entry: `base_parser` (an LALR_Parser class) whose tables
    load through `parse_table_from_cache`; `driver` is the `_Parser` class
    that runs them."""

    class CachedTablesParser(base_parser):
        @classmethod
        def deserialize(cls, data, memo, callbacks, debug=False):
            parser = cls.__new__(cls)
            parser._parse_table, originals = parse_table_from_cache(data, memo)
            rekeyed = {key: callback for key, callback in callbacks.items()
                       if not isinstance(key, Rule)}
            for copy, original in originals.items():
                callback = callbacks[original]
                rekeyed[copy] = _FIRST_CHILD if _passes_child_on(original, callback) else callback
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
