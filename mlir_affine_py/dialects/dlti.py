"""The DLTI dialect's checks of `#dlti.dl_spec` (mlir/lib/Dialect/DLTI/DLTI.cpp
and mlir/lib/Interfaces/DataLayoutInterfaces.cpp).

Keys must be unique when the spec is parsed; the entries are verified when
the op carrying `dlti.dl_spec` is: built-in integer and float types take a
dense i64 vector of one or two alignments, `index` an integer, LLVM
pointers a dense i64 vector of 3 or 4 numbers.  Entries are checked by type
kind (all integer types first when an integer comes first, ...), as MLIR
buckets them, so the first complaint is the same as mlir-opt's.
"""

from __future__ import annotations

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..ir.verifier import LocationMessage
from .base import register_attribute_verifier

# Identifier keys of the DLTI dialect itself (DLTIDialect::kDataLayout*Key).
_ENDIANNESS = "dlti.endianness"
_KNOWN_KEYS = {_ENDIANNESS, "dlti.alloca_memory_space", "dlti.program_memory_space",
               "dlti.global_memory_space", "dlti.stack_alignment",
               "dlti.function_pointer_alignment", "dlti.legal_int_widths",
               "dlti.mangling_mode", "dlti.default_memory_space"}
_UINT64 = (1 << 64) - 1


def check_unique_keys(entries, pos) -> None:
    """DataLayoutSpecAttr's parse-time check; `pos` is the `dl_spec` name."""
    seen = set()
    for key, _ in entries:
        if key in seen:
            # A type key as it prints, a string key quoted.
            raise MLIRError(f"repeated DLTI key: {key}", pos)
        seen.add(key)


# LLVM types without a data layout of their own (no DataLayoutTypeInterface).
_NO_LAYOUT = {"void", "token", "label", "metadata"}


def is_llvm_pointer(type) -> bool:
    return isinstance(type, T.OpaqueType) and (
        type.text == "!llvm.ptr" or type.text.startswith("!llvm.ptr<"))


def llvm_type_supports_layout(type) -> bool:
    keyword = type.text[len("!llvm."):].partition("<")[0]
    return keyword not in _NO_LAYOUT


def _entry_text(key, value) -> str:
    return f"#dlti.dl_entry<{key}, {value}>"


def _bucket(key):
    """The entries MLIR verifies together: one group per type class (all
    integer types share one, each float kind has its own)."""
    if isinstance(key, T.IntegerType):
        return "integer"
    if is_llvm_pointer(key):
        return "llvm.ptr"
    return key


def _dense_integers(value):
    """(element count, the first four elements as uint64) of a dense integer
    attribute, else None.  A splat is not expanded: its count may be huge."""
    if not isinstance(value, A.DenseElementsAttr):
        return None
    element = value.type.element_type
    if not isinstance(element, (T.IntegerType, T.IndexType)):
        return None
    count = value.type.num_elements
    first = value.values * min(count, 4) if value.is_splat else value.values[:4]
    return count, [v & _UINT64 for v in first]


def _check_scalar_entry(key, value) -> str | None:
    dense = _dense_integers(value)
    element = value.type.element_type if dense is not None else None
    if dense is None or not (isinstance(element, T.IntegerType) and element.is_signless
                             and element.width == 64):
        return ("expected a dense i64 elements attribute in the data layout entry "
                + _entry_text(key, value))
    count, numbers = dense
    if not 1 <= count <= 2:
        return "expected 1 or 2 elements in the data layout entry " + _entry_text(key, value)
    if numbers[-1] < numbers[0]:
        return ("preferred alignment is expected to be greater than or equal to the abi "
                "alignment in data layout entry " + _entry_text(key, value))
    return None


def _check_pointer_entry(key, value) -> str | None:
    dense = _dense_integers(value)
    if dense is None or dense[0] not in (3, 4):
        return (f"expected layout attribute for '{key}' to be a dense integer elements "
                "attribute with 3 or 4 elements")
    element = value.type.element_type
    if not (isinstance(element, T.IntegerType) and element.width == 64):
        return f"expected i64 parameters for '{key}'"
    if dense[1][1] > dense[1][2]:
        return "preferred alignment is expected to be at least as large as ABI alignment"
    return None


def _check_type_entries(key, entries) -> str | None:
    if isinstance(key, T.IndexType):
        if not isinstance(entries[0][1], A.IntegerAttr):
            return "expected integer attribute in the data layout entry for 'index'"
        return None
    if isinstance(key, (T.IntegerType, T.FloatType)) or is_llvm_pointer(key):
        check = _check_pointer_entry if is_llvm_pointer(key) else _check_scalar_entry
        return next((message for entry_key, value in entries
                     if (message := check(entry_key, value))), None)
    if isinstance(key, T.OpaqueType) and key.text.startswith("!llvm."):
        if not llvm_type_supports_layout(key):
            return "data layout specified for a type that does not support it"
        return None
    return "unexpected data layout for a built-in type"


def _check_identifier_entry(name: str, value) -> str | None:
    if not name.startswith("dlti."):
        return None   # other dialects' entries are theirs to check
    if name == _ENDIANNESS:
        if isinstance(value, A.StringAttr) and value.value in (b"big", b"little"):
            return None
        return f"'{name}' data layout entry is expected to be either 'big' or 'little'"
    if name not in _KNOWN_KEYS:
        return f"unknown data layout entry name: {name}"
    return None


def data_layout_spec_error(spec: A.DataLayoutSpecAttr) -> str | None:
    """mlir::detail::verifyDataLayoutSpec: the first complaint, or None."""
    buckets: dict = {}
    identifiers = []
    for key, value in spec.entries:
        if isinstance(key, T.Type):
            buckets.setdefault(_bucket(key), []).append((key, value))
        else:
            identifiers.append((key.text, value))
    for entries in buckets.values():
        message = _check_type_entries(entries[0][0], entries)
        if message:
            return message
    for name, value in identifiers:
        message = _check_identifier_entry(name, value)
        if message:
            return message
    return None


# Attribute names the DLTI dialect accepts on ops, with the attribute each
# must hold (a `#dlti.<mnemonic>` attribute).
_OP_ATTRIBUTES = {"dlti.dl_spec": "dl_spec", "dlti.map": "map",
                  "dlti.target_system_spec": "target_system_spec"}


@register_attribute_verifier("dlti")
def verify_dlti_attribute(op, name: str, value) -> str | None:
    """DLTIDialect::verifyOperationAttribute."""
    mnemonic = _OP_ATTRIBUTES.get(name)
    if mnemonic is None:
        return f"attribute '{name}' not supported by dialect"
    if name == "dlti.dl_spec":
        if not isinstance(value, A.DataLayoutSpecAttr):
            return f"'{name}' is expected to be a #dlti.dl_spec attribute"
        if op.op_name == "builtin.module":
            # verifyDataLayoutOp checks the spec at the op's location.
            message = data_layout_spec_error(value)
            return message and LocationMessage(message)
        return None
    if not (isinstance(value, A.OpaqueAttr) and value.text.startswith(f"#dlti.{mnemonic}<")):
        return f"'{name}' is expected to be a #dlti.{mnemonic} attribute"
    return None
