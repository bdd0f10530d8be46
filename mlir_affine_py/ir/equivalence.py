"""When two ops compute the same thing: MLIR's OperationEquivalence
(mlir/lib/IR/OperationSupport.cpp), with locations ignored.

Two ops are equivalent when they have the same name, attributes (inherent
and discardable, in any order), result types, operands and successors, and
regions equivalent block by block: the values an op's regions define are
matched by their place (block arguments, then each nested op's results in
order), values from outside must be the same value.

`equivalence_key(op)` is that relation as a hashable key: two ops have
equal keys exactly when they are equivalent, so a dict of keys is CSE's
hash table (MLIR hashes name, attributes, result types and operands and
compares regions separately; one key does both).
"""

from __future__ import annotations


def _attributes_key(attributes: dict) -> tuple:
    # A DictionaryAttr is sorted by name: the order written does not matter.
    return tuple(sorted(attributes.items(), key=lambda item: item[0]))


def equivalence_key(op) -> tuple:
    """A hashable key equal for equivalent ops, different otherwise."""
    if not op.regions:
        return (op.op_name, _attributes_key(op.properties), _attributes_key(op.attributes),
                tuple(result.type for result in op.results), tuple(op.operands),
                tuple(op.successors))
    return _key(op, {})


def _key(op, local: dict) -> tuple:
    """The key of `op`, the values defined inside the op being compared
    replaced by their number in `local` (filled as the walk goes)."""
    regions = tuple(_region_key(region, local) for region in op.regions)
    operands = tuple(local.get(value, value) for value in op.operands)
    successors = tuple(local.get(block, block) for block in op.successors)
    return (op.op_name, _attributes_key(op.properties), _attributes_key(op.attributes),
            tuple(result.type for result in op.results), operands, successors, regions)


def _region_key(region, local: dict) -> tuple:
    for block in region.blocks:
        local[block] = ("block", len(local))
    blocks = []
    for block in region.blocks:
        for arg in block.args:
            local[arg] = ("value", len(local))
        ops = []
        for nested in block.ops:
            ops.append(_key(nested, local))
            for result in nested.results:
                local[result] = ("value", len(local))
        blocks.append((tuple(arg.type for arg in block.args), tuple(ops)))
    return tuple(blocks)
