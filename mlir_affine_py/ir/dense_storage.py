"""The raw storage of dense elements (`dense<"0x...">`).

mlir-opt prints a dense literal of more than `HEX_THRESHOLD` elements that is
not a splat as its raw little-endian storage
(OpPrintingFlags::shouldPrintElementsAttrWithHex), except string elements and
the indices of a sparse literal.  The parser reads that storage back
(parse/transformer.py) with the same widths.
"""

from __future__ import annotations

from . import types as T

HEX_THRESHOLD = 100


def storage_width(element_type) -> int:
    """Bits one element takes in the raw buffer before rounding to bytes
    (DenseElementsAttr's storage width; complex: one of its two parts)."""
    if isinstance(element_type, T.ComplexType):
        return storage_width(element_type.element_type)
    if isinstance(element_type, T.IndexType):
        return 64
    return getattr(element_type, "width", 64)


def is_numeric(element_type) -> bool:
    """Whether the elements are stored as numbers (int, index, float or a
    complex of them); others are strings (DenseStringElementsAttr)."""
    if isinstance(element_type, T.ComplexType):
        element_type = element_type.element_type
    return isinstance(element_type, (T.IntegerType, T.IndexType, T.FloatType))


def raw_hex(values, element_type) -> str:
    """The raw buffer of `values` (one per element, pairs for complex), as
    mlir's printHexString writes it: "0x" and two upper-case digits per
    byte, little-endian; i1 elements are packed eight to a byte."""
    width = storage_width(element_type)
    parts = values
    if isinstance(element_type, T.ComplexType):
        parts = [part for pair in values for part in pair]
    mask = (1 << width) - 1
    data: bytes | bytearray
    if width == 1:
        data = bytearray((len(parts) + 7) // 8)
        for index, value in enumerate(parts):
            if value & 1:
                data[index // 8] |= 1 << (index % 8)
    else:
        size = (width + 7) // 8
        data = b"".join((value & mask).to_bytes(size, "little") for value in parts)
    return "0x" + bytes(data).hex().upper()


def should_print_hex(attr) -> bool:
    """Whether a DenseElementsAttr prints as its raw storage."""
    count = 1
    for dim in attr.type.shape:
        count *= dim
    return not attr.is_splat and count > HEX_THRESHOLD and is_numeric(attr.type.element_type)
