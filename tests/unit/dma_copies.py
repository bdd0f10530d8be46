"""Affine DMA transfers as plain copies, so that mlir-runner can run them.

mlir-opt 22 lowers `affine.dma_start`/`affine.dma_wait` to
`memref.dma_start`/`memref.dma_wait`, which no conversion to the LLVM
dialect handles: a program with transfers does not run under mlir-runner
as written.  `dma_as_copies` gives the transfers the meaning of one
legitimate execution of asynchronous DMA, the one where every transfer
completes at its start (the reference interpreter's dma="at-start"):

- each `affine.dma_start` becomes an `affine.apply` per result of its
  source and destination maps and a `func.call` of a copy function, which
  copies `num_elements` elements from the source's position on, in
  row-major order (the memref's logical layout), to the destination's
  position on; the tag is left alone;
- each `affine.dma_wait` is erased: its transfer is already done.

The copy functions (`@dma_copy0`, ... one per pair of memref types,
added to the module) linearize both positions with the sizes `memref.dim`
reads, and run an `scf.for` over the elements with `memref.load` and
`memref.store` (the element positions are divisions of the linear index,
not affine in the loop's iv).  A strided transfer (stride and elements
per stride given) takes, on the side in the lower memory space (upstream's
"slower memory space"), chunks of that many elements every stride
elements; one within a single memory space is refused, as the
interpreter refuses it.

The memory spaces go too (`memref<4xf32, 1>` becomes `memref<4xf32>`):
the host has one memory, and MLIR 22 lowers a `memref.dealloc` in
another address space to a call of `free` with a `!llvm.ptr<1>`, which
the LLVM dialect's verifier rejects.

The other execution, where a transfer happens at its wait, needs the
transfer's operands carried from the start to the wait across loop
iterations; the interpreter's dma="at-wait" models it, not this rewrite.
"""

from __future__ import annotations

import re

from mlir_affine_py import api
from mlir_affine_py.dialects.affine import AffineApplyOp
from mlir_affine_py.dialects.affine_dma import AffineDmaStartOp, AffineDmaWaitOp, memory_space_of
from mlir_affine_py.dialects.func import CallOp
from mlir_affine_py.ir import attributes as A
from mlir_affine_py.ir.affine_map import AffineMap


def dma_as_copies(text: str) -> str:
    """`text` with every DMA transfer made a copy done at its start (see
    the module's docstring), printed."""
    module = api.parse(text)
    copies: dict = {}
    for op in list(module.walk()):
        if isinstance(op, AffineDmaWaitOp):
            op.erase()
        elif isinstance(op, AffineDmaStartOp):
            _replace_start(op, copies)
    body = module.regions[0].blocks[0]
    for name, src_type, dst_type, strided in copies.values():
        text = copy_function(name, src_type, dst_type, strided)
        (function,) = api.parse(text).regions[0].blocks[0].ops
        function.parent.ops.remove(function)
        body.append(function)
    return one_memory_space(api.to_string(module) + "\n")


# A memref type without layout, nesting or dynamic memory space, and its
# integer memory space.
_MEMORY_SPACE = re.compile(r"(memref<[^<>]*), \d+>")


def one_memory_space(text: str) -> str:
    """`text` with every memref type in the default memory space."""
    return _MEMORY_SPACE.sub(r"\1>", text)


def _replace_start(op: AffineDmaStartOp, copies: dict) -> None:
    parts, count, stride = op.parts()
    strided = None
    if stride:
        # The stride applies to the slower memory (the lower memory space).
        spaces = [memory_space_of(memref) for memref, _, _ in parts[:2]]
        if spaces[0] == spaces[1]:
            raise ValueError("a strided transfer within one memory space")
        strided = "src" if spaces[0] < spaces[1] else "dst"
    block = op.parent
    operands = []
    for memref, key, indices in parts[:2]:
        operands.append(memref)
        access = op.attributes[key].value
        for expr in access.results:
            apply = AffineApplyOp.build(AffineMap(access.num_dims, access.num_symbols, (expr,)),
                                        list(indices))
            apply.pos = op.pos
            block.insert(block.ops.index(op), apply)
            operands.append(apply.results[0])
    src_type, dst_type = parts[0][0].type, parts[1][0].type
    name, _, _, _ = copies.setdefault((str(src_type), str(dst_type), strided),
                                      (f"dma_copy{len(copies)}", src_type, dst_type, strided))
    call = CallOp.build_generic((operands + [count, *stride],), [],
                                {"callee": A.SymbolRefAttr([name])})
    call.pos = op.pos
    block.insert(block.ops.index(op), call)
    op.erase()


def copy_function(name: str, src_type, dst_type, strided: str | None = None) -> str:
    """@name(%src, its position's indices, %dst, its position's indices,
    %count): `count` elements from `src` to `dst` in row-major order; with
    `strided` ("src" or "dst"), two more arguments, %stride and %chunk:
    on that side, chunks of %chunk elements every %stride elements."""
    ranks = {"src": len(src_type.shape), "dst": len(dst_type.shape)}
    types = {"src": src_type, "dst": dst_type}
    firsts = {}
    params = []
    for side in ("src", "dst"):
        params += [f"%{side}: {types[side]}"] + [f"%{side}_at{d}: index"
                                                  for d in range(ranks[side])]
    params.append("%count: index")
    if strided:
        params += ["%stride: index", "%chunk: index"]
    lines = [f"func.func private @{name}({', '.join(params)}) {{",
             "  %c0 = arith.constant 0 : index",
             "  %c1 = arith.constant 1 : index"]
    for d in range(1, max(ranks.values())):
        lines.append(f"  %d{d} = arith.constant {d} : index")
    for side in ("src", "dst"):
        # The linear position of the first element: ((at0 * size1 + at1) * size2 + ...).
        first = f"%{side}_at0" if ranks[side] else "%c0"
        for d in range(1, ranks[side]):
            lines += [f"  %{side}_size{d} = memref.dim %{side}, %d{d} : {types[side]}",
                      f"  %{side}_scaled{d} = arith.muli {first}, %{side}_size{d} : index",
                      f"  %{side}_first{d} = arith.addi %{side}_scaled{d}, %{side}_at{d} : index"]
            first = f"%{side}_first{d}"
        firsts[side] = first
    lines.append("  scf.for %e = %c0 to %count step %c1 {")
    subscripts = {}
    for side in ("src", "dst"):
        # Back from the linear position of element e to subscripts.
        rest, offset = f"%{side}_linear", "%e"
        if side == strided:
            lines += ["    %chunk_index = arith.divui %e, %chunk : index",
                      "    %chunk_start = arith.muli %chunk_index, %stride : index",
                      "    %in_chunk = arith.remui %e, %chunk : index",
                      "    %strided = arith.addi %chunk_start, %in_chunk : index"]
            offset = "%strided"
        lines.append(f"    {rest} = arith.addi {firsts[side]}, {offset} : index")
        at = []
        for d in reversed(range(1, ranks[side])):
            lines += [f"    %{side}_e{d} = arith.remui {rest}, %{side}_size{d} : index",
                      f"    %{side}_rest{d} = arith.divui {rest}, %{side}_size{d} : index"]
            at.insert(0, f"%{side}_e{d}")
            rest = f"%{side}_rest{d}"
        if ranks[side]:
            at.insert(0, rest)
        subscripts[side] = ", ".join(at)
    lines += [f"    %value = memref.load %src[{subscripts['src']}] : {src_type}",
              f"    memref.store %value, %dst[{subscripts['dst']}] : {dst_type}",
              "  }", "  return", "}"]
    return "\n".join(lines) + "\n"
