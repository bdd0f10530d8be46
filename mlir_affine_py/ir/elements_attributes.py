"""The elements attributes beside `dense<...>` (DenseElementsAttr, in
attributes.py): `sparse<indices, values>` and `dense_resource<handle>`
(mlir/include/mlir/IR/BuiltinAttributes.td).  The raw storage of dense
elements, which the printer writes as a hex string, is in dense_storage.py.
"""

from __future__ import annotations

from . import types as T
from .attributes import Attribute, DenseElementsAttr, _print_trailing_type

class SparseElementsAttr(Attribute):
    """`sparse<indices, values> : type`: `indices` a dense i64 literal of
    shape [N, rank] (or [N] for rank 1), `values` one of shape [N]."""

    __slots__ = ("type", "indices", "values")
    type: T.ShapedType

    def __init__(self, type, indices: DenseElementsAttr, values: DenseElementsAttr):
        self.type = type
        self.indices = indices
        self.values = values
        self._init_key()

    def key(self):
        return (self.type, self.indices, self.values)

    def print(self, p, elide: str) -> None:
        count = 1
        for dim in self.indices.type.shape:
            count *= dim
        if count == 0:
            p.write("sparse<>")
        else:
            p.write("sparse<")
            self.indices.print_body(p, allow_hex=False)
            p.write(", ")
            self.values.print_body(p, allow_hex=True)
            p.write(">")
        _print_trailing_type(p, self.type, elide)


def sparse_verify_error(type, indices: DenseElementsAttr, values: DenseElementsAttr):
    """SparseElementsAttr::verify: the message of the first rule broken, or
    None."""
    if len(values.type.shape) != 1:
        return "expected 1-d tensor for sparse element values"
    shape = list(type.shape)
    indices_shape = list(indices.type.shape)

    def dims(values):
        return ", ".join(map(str, values))
    shape_error = (f"expected shape ([{dims(shape)}]); inferred shape of indices literal "
                   f"([{dims(indices_shape)}]); inferred shape of values literal "
                   f"([{dims(values.type.shape)}])")
    rank = len(shape)
    if len(indices_shape) == 2:
        if indices_shape[1] != rank:
            return shape_error
    elif len(indices_shape) != 1 or rank != 1:
        return shape_error
    count = indices_shape[0]
    if count != values.type.shape[0]:
        return shape_error
    numbers = [value & (2 ** 64 - 1) for value in indices.values]
    if indices.is_splat:
        points = [[numbers[0]] * rank]
    else:
        points = [numbers[i * rank:(i + 1) * rank] for i in range(count)]
    for number, index in enumerate(points):
        if len(index) != rank or any(i >= d for i, d in zip(index, shape)):
            return (f"sparse index #{number} is not contained within the value shape, with "
                    f"index=[{dims(index)}], and type='{type}'")
    return None


class DenseResourceElementsAttr(Attribute):
    """`dense_resource<handle> : type`: elements kept in a resource blob
    named by `handle`, printed back by that name."""

    __slots__ = ("type", "handle")

    def __init__(self, type, handle: str):
        self.type = type
        self.handle = handle
        self._init_key()

    def key(self):
        return (self.type, self.handle)

    def print(self, p, elide: str) -> None:
        used = getattr(p, "resources_used", None)
        if used is not None:
            used.setdefault(self.handle)
        p.write(f"dense_resource<{resource_key_text(self.handle)}>")
        _print_trailing_type(p, self.type, elide)


def resource_key_text(key: str) -> str:
    """A resource key as printed: bare when it is an identifier, else quoted."""
    if key and (key[0].isalpha() or key[0] == "_") and key.isascii() \
            and all(c.isalnum() or c in "_$." for c in key):
        return key
    from ..printer.numbers import escape_string
    return '"' + escape_string(key) + '"'
