"""The gpu dialect's compilation attributes as mlir-opt prints them
(mlir/include/mlir/Dialect/GPU/IR/CompilationAttrs.td, GPUDialect.cpp;
the targets of NVVMOps.td and ROCDLOps.td): `#gpu.object`, its kernel
table and metadata, `#gpu.select_object`, and the `#nvvm.target` and
`#rocdl.target` they name.

They are kept as text, normalized the way their printers write them back:
blanks as the printer puts them, an integer without a type is an i64, the
default object format (`fatbin`) and a target's default chip are left out,
a kernel table is sorted by kernel name and printed without its name
inside an object.  Only what such attributes hold in practice is read:
anything else stays as written."""

from __future__ import annotations

import re

_INTEGER = re.compile(r"-?\d+")
# A target's parameters that its printer leaves out when they are the default.
_DEFAULT_CHIPS = {"#rocdl.target": '"gfx900"', "#nvvm.target": '"sm_50"'}


def normalized(text: str) -> str:
    """`#gpu.object<...>`, `#gpu.select_object<...>`, ... as printed."""
    text = _blanks(text)
    head, angle, rest = text.partition("<")
    if not angle:
        return text
    body = rest[:-1]
    if head == "#gpu.select_object":
        return f"{head}<{_typed_integer(body)}>"
    if head in _DEFAULT_CHIPS:
        parts = _split(body)
        if parts == [f"chip = {_DEFAULT_CHIPS[head]}"]:
            return head
        return text
    if head == "#gpu.object":
        return f"{head}<{_object_body(body)}>"
    if head == "#gpu.kernel_table":
        return f"{head}<{_table_body(body)}>"
    if head == "#gpu.kernel_metadata":
        return f"{head}<{_metadata_body(body)}>"
    return text


def _object_body(body: str) -> str:
    parts = _split(body)
    out = [normalized(parts[0])]
    for part in parts[1:]:
        key, eq, value = part.partition(" = ")
        if not eq:
            out.append(part)
        elif key == "properties":
            out.append(f"properties = {_dictionary(value)}")
        elif key == "kernels":
            table = value[len("#gpu.kernel_table"):] if value.startswith("#gpu.kernel_table") \
                else value
            out.append(f"kernels = <{_table_body(table[1:-1])}>")
        elif key == "fatbin":
            out.append(value)           # the default format goes unnamed
        else:
            out.append(part)
    return ", ".join(out)


def _table_body(body: str) -> str:
    entries = _split(body[1:-1]) if body.startswith("[") else []
    entries = [normalized(entry) for entry in entries]
    entries.sort(key=lambda entry: entry.partition('"')[2].partition('"')[0])
    return "[" + ", ".join(entries) + "]" if entries else ""     # an empty table: `<>`


def _metadata_body(body: str) -> str:
    out = []
    for part in _split(body):
        key, eq, value = part.partition(" = ")
        if eq and key == "metadata":
            out.append(f"metadata = {_dictionary(value)}")
        else:
            out.append(part)
    return ", ".join(out)


def _dictionary(text: str) -> str:
    """`{ a = 3 }` -> `{a = 3 : i64}`: entries in order, integers typed."""
    if not (text.startswith("{") and text.endswith("}")):
        return text
    entries = []
    for entry in _split(text[1:-1]):
        key, eq, value = entry.partition(" = ")
        entries.append(f"{key} = {_typed_integer(value)}" if eq else entry)
    return "{" + ", ".join(entries) + "}"


def _typed_integer(value: str) -> str:
    return f"{value} : i64" if _INTEGER.fullmatch(value) else value


def _split(text: str) -> list:
    """The comma-separated parts of `text` at bracket depth zero."""
    commas = _commas(text)
    starts = [0] + [comma + 1 for comma in commas]
    ends = commas + [len(text)]
    parts = [text[start:end].strip() for start, end in zip(starts, ends)]
    return parts if parts[-1] else parts[:-1]


def _commas(text: str) -> list:
    """The offsets of the commas of `text` at bracket depth zero."""
    commas, depth, index = [], 0, 0
    while index < len(text):
        char = text[index]
        if char == '"':
            index = _string_end(text, index)
            continue
        if char == "-" and text.startswith("->", index):
            index += 2
            continue
        if char in "<[({":
            depth += 1
        elif char in ">])}":
            depth -= 1
        elif char == "," and depth == 0:
            commas.append(index)
        index += 1
    return commas


# The attributes whose parameters are checked as their generated parsers
# check them: the first parameter's name and kind, and how many there are
# at least and at most.
_PARAMETERS = {"#gpu.object": ("GPU_ObjectAttr", "target", "Attribute", 2, None),
               "#gpu.select_object": ("GPU_SelectObjectAttr", "target", "Attribute", 1, 1),
               "#gpu.kernel_metadata": ("GPU_KernelMetadataAttr", "name", "StringAttr", 2, None)}


def check(text: str):
    """None, or (message, offset in `text`, the second error's message and
    offset) where mlir-opt rejects the parameters of `text`."""
    head, angle, rest = text.partition("<")
    found = _PARAMETERS.get(head)
    if found is None or not angle or not rest.endswith(">"):
        return None
    attr, first, kind, least, most = found
    body, close = rest[:-1], len(text) - 1
    commas = _commas(body)
    start = len(head) + 1
    if not body.strip():
        return ("expected attribute value", start,
                f"failed to parse {attr} parameter '{first}' which is to be a `{kind}`", close)
    if len(commas) + 1 < least:
        return "expected ','", close, None, None
    if most is not None and len(commas) + 1 > most:
        return "expected '>'", start + commas[most - 1], None, None
    if head == "#gpu.object" and not body[commas[-1] + 1:].strip():
        return ("expected attribute value", start + commas[-1] + 1,
                f"failed to parse {attr} parameter 'object' which is to be a `StringAttr`",
                close)
    return None


def _string_end(text: str, index: int) -> int:
    index += 1
    while index < len(text) and text[index] != '"':
        index += 2 if text[index] == "\\" else 1
    return index + 1


def _blanks(text: str) -> str:
    """Blanks outside strings: none inside brackets' edges, one after a
    comma, one around `=`."""
    out, index = [], 0
    while index < len(text):
        char = text[index]
        if char == '"':
            end = _string_end(text, index)
            out.append(text[index:end])
            index = end
            continue
        if char.isspace():
            index += 1
            while index < len(text) and text[index].isspace():
                index += 1
            if out and out[-1] not in "<[({ " and index < len(text) \
                    and text[index] not in ">])},":
                out.append(" ")
            continue
        if char in ">])}," and out and out[-1] == " ":
            out.pop()
        out.append(char)
        index += 1
    return "".join(out)
