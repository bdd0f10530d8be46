"""The README's custom pass, a plugin: `pyaffine-opt
--load-pass-plugin=examples/unit_stride.py -unit-stride-innermost FILE`, or
imported and run with `m.run_pass(module, UnitStrideInnermost)`."""

import mlir_affine_py as m


class UnitStrideInnermost(m.Pass):
    """Moves innermost the loop whose IV is the last subscript of the most
    affine loads and stores of a nest, when the dependences allow it."""

    argument = "unit-stride-innermost"
    summary = "Make the loop that walks the last dimension innermost"
    min_depth = m.Option(2, "Only nests at least this deep", unsigned=True)

    def run_on_operation(self, op):
        for nest in m.find_loop_nests(op):      # collected before any loop moves
            if nest.depth < self.min_depth:
                continue
            votes = [0] * nest.depth
            for access in nest.loops[-1].walk():
                if access.op_name in ("affine.load", "affine.store"):
                    for position, loop in enumerate(nest.loops):
                        votes[position] += access.operands[-1] is loop.induction_var
            best = max(range(nest.depth), key=votes.__getitem__)
            order = [p for p in range(nest.depth) if p != best] + [best]
            perm_map = [order.index(p) for p in range(nest.depth)]
            if votes[best] == 0 or order == sorted(order):
                continue
            name = nest.names[best]
            if nest.is_valid_permutation(perm_map):
                nest.permute(perm_map)
                self.emit_remark(nest.loops[0], f"moved {name} innermost")
            else:
                self.emit_remark(nest.loops[0], f"{name} cannot move innermost")


m.register_pass(UnitStrideInnermost)
