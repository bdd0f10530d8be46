"""SSA value and block names, as mlir/lib/IR/AsmPrinter.cpp `SSANameState`.

Every op of a region is numbered before any region nested in it, and each
nested region starts from the counters its parent region ended with (so two
sibling loops both call their induction variable `%arg1`).  Entry block
arguments are `%argN`, other values `%N`; ops may suggest a name (`%c0`,
`%cst`), and clashing suggestions get a suffix from one shared counter.
"""

from __future__ import annotations

import re

# The characters `sanitizeIdentifier` keeps as they are.
_VALID_NAME = re.compile(r"[A-Za-z0-9$._\-]*")


def sanitize_identifier(name: str) -> str:
    """mlir's `sanitizeIdentifier` for SSA name hints."""
    if not name[0].isdigit() and _VALID_NAME.fullmatch(name):
        return name     # the usual case

    def valid(ch):
        return ch.isascii() and (ch.isalnum() or ch in "$._-")

    def copy():
        out = []
        for ch in name:
            if valid(ch):
                out.append(ch)
            elif ch == " ":
                out.append("_")
            else:
                out.extend(f"{b:X}" for b in ch.encode("utf-8", "surrogateescape"))
        return "".join(out)

    if name[0].isdigit():
        return "_" + copy()
    return copy()


# What a use of a value the printer has not numbered prints (MLIR's text).
UNKNOWN_SSA_VALUE = "<<UNKNOWN SSA VALUE>>"


class _NameScope:
    """Names used in a region and the regions around it (MLIR's ScopedHashTable)."""

    __slots__ = ("names", "parent")

    def __init__(self, parent=None):
        self.names: set = set()
        self.parent = parent

    def __contains__(self, name) -> bool:
        scope = self
        while scope is not None:
            if name in scope.names:
                return True
            scope = scope.parent
        return False

    def add(self, name) -> None:
        self.names.add(name)


class SSANameState:
    """Names for every value and block under `root`, computed eagerly."""

    def __init__(self, root, generic: bool = False):
        # The generic form (`shouldPrintUniqueSSAIDs`) takes no name hints and
        # never rewinds the counters, so every name is unique in the op.
        self.generic = generic
        self.value_names: dict = {}       # Value -> "%name" (without result number)
        self.block_names: dict = {}       # Block -> "^bbN"
        self.result_groups: dict = {}     # multi-result op -> [(leader name, count)]
        self.next_value_id = 0
        self.next_argument_id = 0
        self.next_conflict_id = 0
        self._number_tree(root)

    # The traversal keeps explicit (region, counters, used-name scope) contexts
    # instead of recursion, so a 500-deep nest does not exhaust Python's stack.
    def _number_tree(self, root) -> None:
        used = _NameScope()
        if self.generic:
            self._number_tree_unique(root, used)
            return
        contexts = [(region, 0, 0, 0, used) for region in reversed(root.regions)]
        self._number_op(root, used)
        while contexts:
            region, value_id, argument_id, conflict_id, parent_used = contexts.pop()
            self.next_value_id = value_id
            self.next_argument_id = argument_id
            self.next_conflict_id = conflict_id
            scope = _NameScope(parent_used)
            self._number_region(region, scope)
            pending = []
            for block in region.blocks:
                for op in block.ops:
                    for nested in op.regions:
                        pending.append((nested, self.next_value_id, self.next_argument_id,
                                        self.next_conflict_id, scope))
            contexts.extend(reversed(pending))

    def _number_tree_unique(self, root, used) -> None:
        """MLIR's traversal with unique ids: a stack of regions, the last
        region pushed numbered first, counters carried from one to the next."""
        stack = [(region, used) for region in root.regions]
        self._number_op(root, used)
        while stack:
            region, parent_used = stack.pop()
            scope = _NameScope(parent_used)
            self._number_region(region, scope)
            for block in region.blocks:
                for op in block.ops:
                    for nested in op.regions:
                        stack.append((nested, scope))

    def _number_region(self, region, used) -> None:
        # getAsmBlockArgumentNames: the op names its entry block's arguments
        # before the blocks are numbered (the custom form only).
        parent = region.parent
        if not self.generic and region.blocks and hasattr(parent, "block_argument_name_hints"):
            for arg, hint in zip(region.blocks[0].args, parent.block_argument_name_hints(region)):
                if hint:
                    self._set_name(arg, hint, used)
        for block_id, block in enumerate(region.blocks):
            self.block_names[block] = f"^bb{block_id}"
            entry = block_id == 0
            for arg in block.args:
                if arg in self.value_names:
                    continue
                if entry:
                    self._set_name(arg, f"arg{self.next_argument_id}", used)
                    self.next_argument_id += 1
                else:
                    self._set_name(arg, "", used)
            for op in block.ops:
                self._number_op(op, used)

    def _number_op(self, op, used) -> None:
        results = op.results
        if not results:
            return
        hints = None
        if not self.generic and hasattr(op, "result_name_hints"):
            hints = op.result_name_hints()
        if not hints:
            if len(results) == 1:       # most ops: `_set_name`'s first case, inline
                self.value_names[results[0]] = f"%{self.next_value_id}"
                self.next_value_id += 1
                return
            self._set_name(results[0], "", used)
            starts = [0]
        else:
            starts = []
            for index, result in enumerate(results):
                hint = hints[index] if index < len(hints) else None
                if hint or index == 0:
                    self._set_name(result, hint or "", used)
                    starts.append(index)
        if len(results) == 1:
            return
        # Results of a multi-result group print as `%0#1` at their uses; the
        # group's definition prints `%0:2` from the leader's name.
        bounds = starts + [len(results)]
        groups = []
        for start, end in zip(starts, bounds[1:]):
            leader = self.value_names[results[start]]
            groups.append((leader, end - start))
            if end - start > 1:
                for index in range(start, end):
                    self.value_names[results[index]] = f"{leader}#{index - start}"
        self.result_groups[op] = groups

    def _set_name(self, value, hint: str, used) -> None:
        if not hint:
            self.value_names[value] = f"%{self.next_value_id}"
            self.next_value_id += 1
            return
        name = sanitize_identifier(hint)
        if name in used:
            base = name + "_"
            while True:
                probe = base + str(self.next_conflict_id)
                self.next_conflict_id += 1
                if probe not in used:
                    name = probe
                    break
        used.add(name)
        self.value_names[value] = "%" + name

    def use_name(self, value) -> str:
        """The text of a use: `%5`, `%c0` or `%3#1` for a member of a group."""
        return self.value_names.get(value) or UNKNOWN_SSA_VALUE

    def use_names(self, values) -> list:
        """use_name of each of `values`."""
        found = list(map(self.value_names.get, values))     # no Python call per value
        if None in found:
            found = [name or UNKNOWN_SSA_VALUE for name in found]
        return found

    def definition(self, op) -> str:
        """The result list of `op` as defined: `%0`, `%0:2` or `%a, %b:2`."""
        groups = self.result_groups.get(op)
        if groups is None:
            return self.value_names[op.results[0]]
        return ", ".join(leader if count == 1 else f"{leader}:{count}" for leader, count in groups)
