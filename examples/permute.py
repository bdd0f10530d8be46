"""The README's first example: parse examples/matmul.mlir, find its nest, check
that the i-k-j order is legal, apply it and print the result.  Run it from
the checkout: `python examples/permute.py`."""

import mlir_affine_py as m

module = m.parse_file("examples/matmul.mlir")
nest, = m.find_loop_nests(module)
print(nest.names)
for dependence in nest.dependences():
    print(dependence)
if nest.is_valid_permutation([0, 2, 1]):    # %i stays, %j moves innermost
    nest.permute([0, 2, 1])
print(nest.names)
print(module)
