"""Custom directives that the assembly formats of several dialects share
(`custom<Name>(...)` in ODS; mlir/lib/Interfaces/ViewLikeInterface.cpp for
DynamicIndexList).  A directive is an object on the op class, named
`custom_<Name>`: `grammar` (Lark text with the core rules), `optional`
(whether the text may be absent, the grammar then being non-empty),
`parse(state, children, args)` filling the format's state from the
children of its text, and `print(p, view, args)`; `args` are the format
elements the directive names, `view` the op's values by name
(ir/assembly_format_run.py `OpView`)."""

from __future__ import annotations

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..parse.syntax import TOKEN
from .memref import DYNAMIC, print_dynamic_index_list


class DynamicIndexList:
    """`[%a, 4, %b]`: the dynamic operands (its first argument) and the
    static array with ShapedType::kDynamic in their places (its second)."""

    grammar = "mixed_list"
    optional = False

    def parse(self, state, children, args):
        static, dynamic = [], []
        for entry in children[0][1]:
            if isinstance(entry, TOKEN):
                static.append(DYNAMIC)
                dynamic.append(entry)
            elif not -(1 << 63) <= entry < 1 << 63:
                # parseDynamicIndexList: parseInteger<int64_t> fails at the
                # literal, then the list's own error is given at the op.
                raise MLIRError(f"custom op '{state.op_name}' integer value too large",
                                entry.start).attach_note(
                    f"custom op '{state.op_name}' expected SSA value or integer", None, "error")
            else:
                static.append(int(entry))
        state.operands[args[0].name] = dynamic
        state.attributes[args[1].name] = A.DenseArrayAttr(T.I64, static)

    def print(self, p, view, args):
        static = view.op.properties.get(args[1].name)
        print_dynamic_index_list(p, static.value if static is not None else (),
                                 view.operands[args[0].name])


DYNAMIC_INDEX_LIST = DynamicIndexList()
