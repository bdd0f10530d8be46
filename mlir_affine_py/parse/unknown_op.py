"""An op name in custom form that no dialect knows: the diagnostic
mlir-opt gives, and the default dialect in force at its place, which the
message names (mlir/lib/AsmParser/Parser.cpp,
OperationParser::parseCustomOperation: `custom op 'foo' is unknown (tried
'func.foo' as well)`).

MLIR keeps a stack of default dialects while it parses: the top level
starts with "builtin", and every op in custom form pushes its
`OpAsmOpInterface::getDefaultDialect()` ("builtin" for `module`, "func" for
`func.func`, "" for the ops without one, such as `affine.for`) for the
parse of its regions; an op in generic form pushes nothing.  An unknown
name is reported from the grammar's error paths, where the ops around it
are not built yet, so the regions open at the place are found in the text:
a `{` opens a region of the nearest op name before it in its statement (a
bare dotted word, `module`, or a quoted name followed by `(`), and an
attribute dictionary, the only other `{`, is always closed before an op
can start.
"""

from __future__ import annotations

import re

from ..diagnostics import MLIRError
from ..ir.core import OP_CLASSES

# The dialects mlir-opt 22 registers: a custom op of another dialect gets
# "Dialect `x' not found", one of these "custom op 'x.y' is unknown".
MLIR_OPT_DIALECTS = (
    "acc", "affine", "amdgpu", "amx", "arith", "arm_neon", "arm_sme", "arm_sve", "async",
    "bufferization", "builtin", "cf", "complex", "dlti", "emitc", "func", "gpu", "index",
    "irdl", "linalg", "llvm", "math", "memref", "ml_program", "mpi", "nvgpu", "nvvm", "omp",
    "pdl", "pdl_interp", "ptr", "quant", "rocdl", "scf", "shape", "shard", "smt",
    "sparse_tensor", "spirv", "tensor", "test", "test_dyn", "test_irdl_to_cpp", "tosa",
    "transform", "ub", "vector", "wasmssa", "x86vector", "xegpu", "xevm")

_DIALECT_FAQ = ("https://mlir.llvm.org/getting_started/Faq/"
                "#registered-loaded-dependent-whats-up-with-dialects-management")

# Strings, comments, prefixed names (`%a.b`, `#gpu.x`, `@f`, `!t.x`, `^bb`)
# and bare words, whole, so that nothing inside them counts; then brackets.
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"?|//[^\n]*|[%#@!^][\w$.\-]*|[A-Za-z_][\w$.]*'
                    r'|[{}()\[\]]')
_OPENERS = {"}": "{", ")": "(", "]": "["}
_TOP_LEVEL = "builtin"


def default_dialect_at(text: str, offset: int) -> str:
    """The default dialect MLIR's parser has in force at `offset`."""
    # Frames of the open brackets: [bracket, last op name seen directly in
    # it, for a `{` the op whose region it opens].
    frames: list[list] = [["", None, None]]
    for match in _TOKEN.finditer(text, 0, offset):
        token = match.group()
        first = token[0]
        if first == '"':
            following = text[match.end():match.end() + 80].lstrip()
            if following.startswith("("):
                frames[-1][1] = token
        elif first.isalpha() or first == "_":
            if "." in token or token == "module":
                frames[-1][1] = token
        elif first in "{([":
            owner = None
            if first == "{":
                owner = next((frame[1] for frame in reversed(frames) if frame[1]), None)
            frames.append([first, None, owner])
        elif first in _OPENERS:
            if len(frames) > 1 and frames[-1][0] == _OPENERS[first]:
                frames.pop()
    for bracket, _, owner in reversed(frames):
        if bracket != "{" or owner is None or owner.startswith('"'):
            continue   # not a region, or a generic op's: it keeps the outer one
        name = "builtin.module" if owner == "module" else owner
        op_class = OP_CLASSES.get(name)
        return op_class.default_dialect if op_class is not None else ""
    return _TOP_LEVEL


def unknown_custom_op_error(name: str, pos, default_dialect: str) -> MLIRError:
    """mlir's OperationParser::parseCustomOperation for a name no dialect
    knows; a name without a dialect was also tried in `default_dialect`,
    that of the op whose region holds it (default_dialect.py)."""
    if "." not in name:
        if default_dialect:
            return MLIRError(f"custom op '{name}' is unknown (tried "
                             f"'{default_dialect}.{name}' as well)", pos)
        error = MLIRError(f"Dialect `' not found for custom op '{name}'  (tried '.{name}' as "
                          "well)", pos)
        return _available_dialects_note(error, pos)
    dialect = name.split(".", 1)[0]
    if dialect in MLIR_OPT_DIALECTS:
        return MLIRError(f"custom op '{name}' is unknown", pos)
    error = MLIRError(f"Dialect `{dialect}' not found for custom op '{name}' ", pos)
    return _available_dialects_note(error, pos)


def _available_dialects_note(error: MLIRError, pos) -> MLIRError:
    return error.attach_note(f"Available dialects: {', '.join(MLIR_OPT_DIALECTS)} ; for more "
                             f"info on dialect registration see {_DIALECT_FAQ}", pos)
