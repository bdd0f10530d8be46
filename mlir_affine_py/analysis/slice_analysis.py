"""Static slices of the use-def graph, as MLIR computes them
(mlir/lib/Analysis/SliceAnalysis.cpp, mlir/lib/Analysis/TopologicalSortUtils.cpp).

The forward slice of an op is every op that transitively uses its results
(an op nested in a slice op's regions counts as a user); the backward slice
every op that transitively defines its operands, a block argument leading
to the op that owns the block.  The orders are MLIR's, since its test pass
prints them: users in use-list order (MLIR prepends a new use, so the
latest first), the DFS's post-order reversed for the forward slice, the
post-order itself for the backward one, and `get_slice` sorted by a
pre-order walk of the closest region holding them all.
"""

from __future__ import annotations


def _users_in_use_list_order(value) -> list:
    return [user for user, _ in reversed(value.uses)]


def forward_slice(op) -> list:
    """`getForwardSlice(op)`: without `op`, in topological order."""
    found: dict = {}            # id -> op, in DFS post-order
    visited = {id(op)}

    def visit(current) -> None:
        for region in current.regions:
            for block in region.blocks:
                for nested in block.ops:
                    if id(nested) not in found:
                        visited.add(id(nested))
                        visit(nested)
                        visited.discard(id(nested))
        for result in current.results:
            for user in _users_in_use_list_order(result):
                if id(user) not in found and id(user) not in visited:
                    visited.add(id(user))
                    visit(user)
                visited.discard(id(user))
        found[id(current)] = current

    visit(op)
    found.pop(id(op), None)
    return list(reversed(found.values()))


def backward_slice(op) -> list:
    """`getBackwardSlice(op)` with its default options (block arguments
    followed, values used in nested regions from above not): without `op`,
    definitions before uses."""
    found: dict = {}
    visited = {id(op)}

    def process(value) -> None:
        source = value.defining_op
        if source is not None:
            if id(source) not in found and id(source) not in visited:
                visited.add(id(source))
                visit(source)
            visited.discard(id(source))
            return
        owner = value.owner.parent_op
        if owner is not None and id(owner) not in found:
            visit(owner)

    def visit(current) -> None:
        if current.isolated_from_above:
            return
        for value in current.operands:
            process(value)
        found[id(current)] = current

    visit(op)
    found.pop(id(op), None)
    return list(found.values())


def topological_sort(ops: list) -> list:
    """`topologicalSort`: `ops` in the order of a pre-order walk of the
    closest region that holds them all, where an op's regions are walked
    last first (MLIR pushes them on its stack in order)."""
    if len(ops) <= 1:
        return list(ops)
    wanted = {id(op) for op in ops}
    root = _common_region(ops)
    result = []
    stack = [op for block in reversed(root.blocks) for op in reversed(block.ops)]
    while stack:
        op = stack.pop()
        if id(op) in wanted:
            result.append(op)
        for region in op.regions:
            for block in reversed(region.blocks):
                stack.extend(reversed(block.ops))
    return result


def _common_region(ops: list):
    def regions_of(op) -> list:
        chain = []
        block = op.parent
        while block is not None and block.parent is not None:
            chain.append(block.parent)
            owner = block.parent.parent
            block = owner.parent if owner is not None else None
        return chain

    common = regions_of(ops[0])
    for op in ops[1:]:
        ids = {id(region) for region in regions_of(op)}
        common = [region for region in common if id(region) in ids]
    return common[0]


def static_slice(op) -> list:
    """`getSlice(op)`: the closure of `op` under backward and forward
    slices, topologically sorted."""
    members = {id(op): op}
    order = [op]
    index = 0
    while index < len(order):
        current = order[index]
        for other in backward_slice(current) + forward_slice(current):
            if id(other) not in members:
                members[id(other)] = other
                order.append(other)
        index += 1
    return topological_sort(order)
