"""Loading the cached LALR tables quickly.

Lark rebuilds its parse table from the cache entry by entry, resolving the
rule of every reduce action through its generic `deserialize` (the grammar
has ~1,600 states and ~30,000 actions): a third of the start-up of a short
run.  Every rule in a cached table is a reference into the memo Lark has
already loaded, so the table can be rebuilt with one dictionary lookup per
action.  `parser_plugins` hands Lark (through its `_plugins` hook) an LALR
parser class that does this, for lark-cython's parser or Lark's own.
"""

from __future__ import annotations

from lark.grammar import Rule
from lark.parsers.lalr_analysis import IntParseTable, Reduce, Shift


def parse_table_from_cache(data: dict, memo: dict) -> IntParseTable:
    """`IntParseTable.deserialize`, with memo references resolved directly."""
    tokens = data["tokens"]

    def rule(reference):
        return memo[reference["@"]] if "@" in reference else Rule.deserialize(reference, memo)

    states = {state: {tokens[token]: (Reduce, rule(argument)) if kind == 1 else (Shift, argument)
                      for token, (kind, argument) in actions.items()}
              for state, actions in data["states"].items()}
    return IntParseTable(states, data["start_states"], data["end_states"])


def parser_plugins(base_parser, driver) -> dict:
    """A `_plugins` entry: `base_parser` (an LALR_Parser class) whose tables
    load through `parse_table_from_cache`; `driver` is the `_Parser` class
    that runs them."""

    class CachedTablesParser(base_parser):
        @classmethod
        def deserialize(cls, data, memo, callbacks, debug=False):
            parser = cls.__new__(cls)
            parser._parse_table = parse_table_from_cache(data, memo)
            parser.parser = driver(parser._parse_table, callbacks, debug)
            return parser

    return {"LALR_Parser": CachedTablesParser}
