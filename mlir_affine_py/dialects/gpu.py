"""The gpu dialect's structure ops (mlir/include/mlir/Dialect/GPU/IR/GPUOps.td,
GPUDialect.cpp): gpu.module, gpu.func and gpu.return, gpu.launch with its
gpu.terminator, and the index ops gpu.thread_id/block_id/block_dim/grid_dim,
as far as affine code around GPU kernels uses them, and the async ops
gpu.wait, gpu.alloc, gpu.memcpy and gpu.dealloc (no
clusters, attributions or offloading targets)."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import register_op
from ..ir.type_constraints import AnyMemRef, Index, TypeConstraint
from ..ir.op_definition import OptionalResult, Operand, Property, RegionDef, Result, Variadic
from ..ir.traits import (AffineScope, AttrSizedOperandSegments, AutomaticAllocationScope,
                         FunctionOpInterface, HasParent, IsolatedFromAbove, NoRegionArguments,
                         NoTerminator, Pure, RecursiveMemoryEffects, ReturnLike, SingleBlock,
                         Symbol, SymbolTable, Terminator)
from ..parse.op_syntax import parses
from ..parse.syntax import TOKEN, SymbolUses, Uses, parse_error
from .base import RegisteredOp, attrs_of, new_op, regions_of, symbol_name_attr, types_of
from .func import FuncOp
from .scf import _print_init_list as print_init_list


@register_op
class GPUModuleOp(RegisteredOp):
    """`gpu.module @name attributes {...} {...}`: a symbol table of kernels."""

    name = "gpu.module"
    traits = (IsolatedFromAbove, NoRegionArguments, SymbolTable, Symbol, SingleBlock,
              NoTerminator)
    ods_properties = (Property("sym_name", A.StringAttr),)
    ods_regions = (RegionDef("bodyRegion", blocks=1),)
    required_properties = ("sym_name",)

    syntax = r"""
        gpu_module: OP_GPU_MODULE SYMBOL attributes_kw? region
    """

    @classmethod
    def parse(cls, t, children):
        symbol = next(c for c in children if isinstance(c, TOKEN) and c.type == "SYMBOL")
        attrs = dict(attrs_of(children))
        attrs["sym_name"] = symbol_name_attr(symbol)
        return new_op(cls.name, symbol, attributes=attrs, regions=regions_of(children))

    def ensure_implicit_structure(self) -> None:
        from ..ir.core import Block
        if not self.regions[0].blocks:
            self.regions[0].append(Block())

    def print(self, p) -> None:
        p.write(" " + A.symbol_text(self.properties["sym_name"].text))
        p.print_optional_attr_dict_with_keyword(self, self.inherent)
        p.write(" ")
        p.print_region(self.regions[0], False, True)


_KERNEL = object()         # the `kernel` keyword of a gpu.func, as parsed


@register_op
class GPUFuncOp(FuncOp):
    """`gpu.func @name(%a: T) [-> R] [kernel] {...}`: func.func's form, a
    kernel marked by the `gpu.kernel` unit attribute."""

    name = "gpu.func"
    traits = (HasParent("gpu.module"), AffineScope, AutomaticAllocationScope,
              FunctionOpInterface, IsolatedFromAbove, Symbol)
    default_dialect = ""

    syntax = r"""
        gpu_func: OP_GPU_FUNC SYMBOL "(" func_args? ")" func_results? gpu_kernel? attributes_kw? region
        gpu_kernel: "kernel"
    """

    @classmethod
    def parse(cls, t, children):
        kernel = any(c is _KERNEL for c in children)
        op = super().parse(t, [c for c in children if c is not _KERNEL])
        op.name = cls.name
        if kernel:
            op.attributes["gpu.kernel"] = A.UNIT
        return op

    @parses("gpu_kernel")
    def parse_kernel(t, children):
        return _KERNEL

    def verify(self):
        return None

    def print(self, p) -> None:
        p.write(" " + A.symbol_text(self.sym_name) + "(")
        ftype, body = self.function_type, self.regions[0].blocks[0]
        for i, arg_type in enumerate(ftype.inputs):
            if i:
                p.write(", ")
            p.print_operand(body.args[i])
            p.write(": ")
            p.print_type(arg_type)
        p.write(")")
        if ftype.results:
            p.write(" -> ")
            p.print_type_list(ftype.results) if len(ftype.results) == 1 else (
                p.write("("), p.print_type_list(ftype.results), p.write(")"))
        if "gpu.kernel" in self.attributes:
            p.write(" kernel")
        p.print_optional_attr_dict_with_keyword(
            self, ("sym_name", "function_type", "gpu.kernel", "workgroup_attributions"))
        p.write(" ")
        p.print_region(self.regions[0], False, True)


@register_op
class GPUReturnOp(RegisteredOp):
    name = "gpu.return"
    traits = (HasParent("gpu.func"), Pure, ReturnLike, Terminator)
    ods_operands = (Variadic("operands"),)
    assembly_format = "attr-dict ($operands^ `:` type($operands))?"


@register_op
class GPUTerminatorOp(RegisteredOp):
    name = "gpu.terminator"
    traits = (HasParent("gpu.launch"), Pure, Terminator)
    ods_operands = ()
    assembly_format = "attr-dict"


@register_op
class GPULaunchOp(RegisteredOp):
    """`gpu.launch blocks(%bx, %by, %bz) in (%gx = %a, ...) threads(%tx,
    %ty, %tz) in (%sx = %d, ...) {...}`: the body's arguments are the block
    ids, thread ids, grid sizes and block sizes, in that order."""

    name = "gpu.launch"
    traits = (AffineScope, AutomaticAllocationScope, AttrSizedOperandSegments,
              RecursiveMemoryEffects)
    ods_operands = (Variadic("asyncDependencies"), Operand("gridSizeX"), Operand("gridSizeY"),
                    Operand("gridSizeZ"), Operand("blockSizeX"), Operand("blockSizeY"),
                    Operand("blockSizeZ"), Variadic("clusterSizeX"), Variadic("clusterSizeY"),
                    Variadic("clusterSizeZ"), Variadic("dynamicSharedMemorySize"))
    ods_regions = (RegionDef("body"),)
    inherent = ("operandSegmentSizes", "kernelFunc", "kernelModule", "module")

    syntax = r"""
        gpu_launch: OP_GPU_LAUNCH "blocks" gpu_launch_ids "in" gpu_launch_sizes "threads" gpu_launch_ids "in" gpu_launch_sizes attributes_kw? region
        gpu_launch_ids: "(" VALUE_ID "," VALUE_ID "," VALUE_ID ")"
        gpu_launch_sizes: "(" iter_arg "," iter_arg "," iter_arg ")"
    """

    @classmethod
    def parse(cls, t, children):
        lists = [c for c in children if isinstance(c, tuple)]
        block_ids, grid, thread_ids, block = lists
        names = block_ids[1] + thread_ids[1] + [n for n, _ in grid[1]] + [n for n, _ in block[1]]
        operands = [v for _, v in grid[1]] + [v for _, v in block[1]]
        region = regions_of(children)[0]
        region.set_entry_args([(name, T.INDEX) for name in names])
        attrs = dict(attrs_of(children))
        from ..ir.op_definition import segment_sizes
        attrs["operandSegmentSizes"] = segment_sizes(0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0)
        return new_op(cls.name, None, operands, [T.INDEX] * 6, attributes=attrs,
                      regions=[region])

    @parses("gpu_launch_ids")
    def parse_ids(t, children):
        return ("ids", [c for c in children if isinstance(c, TOKEN)])

    @parses("gpu_launch_sizes")
    def parse_sizes(t, children):
        return ("sizes", [c for c in children if isinstance(c, tuple)])

    def ensure_implicit_structure(self) -> None:
        from .base import ensure_terminator
        ensure_terminator(self, 0, GPUTerminatorOp)

    def print(self, p) -> None:
        args = self.regions[0].blocks[0].args
        for keyword, ids, sizes, operands in (("blocks", args[0:3], args[6:9], self.operands[0:3]),
                                              ("threads", args[3:6], args[9:12],
                                               self.operands[3:6])):
            p.write(f" {keyword}(")
            p.print_operands(ids)
            p.write(")")
            print_init_list(p, sizes, operands, " in ")
        p.print_optional_attr_dict_with_keyword(self, ("operandSegmentSizes",))
        p.write(" ")
        p.print_region(self.regions[0], False, True)


class _DimensionOp(RegisteredOp):
    """`gpu.thread_id x`: an index in one dimension; mlir-opt prints the
    dimension after two spaces (its enum's printer writes one of them)."""

    ods_operands = ()
    ods_results = (Result("result"),)
    inherent = ("dimension", "upper_bound")
    required_properties = ("dimension",)

    @classmethod
    def parse(cls, t, children):
        dimension = children[0]
        if str(dimension) not in ("x", "y", "z"):
            raise parse_error(dimension, f"custom op '{cls.name}' expected keyword to be one "
                                         "of {x, y, z}")
        attrs = dict(attrs_of(children))
        attrs["dimension"] = A.OpaqueAttr(f"#gpu<dim {dimension.value}>")
        return new_op(cls.name, None, [], [], [T.INDEX], attributes=attrs)

    @property
    def dimension(self) -> str:
        return self.properties["dimension"].text.split()[-1].rstrip(">")

    def result_name_hints(self):
        return [f"{self.name.split('.')[1]}_{self.dimension}"]

    def print(self, p) -> None:
        p.write(f"  {self.dimension}")
        self.attr_dict(p)


def _dimension_op(op_name: str, rule: str):
    @register_op
    class DimensionOp(_DimensionOp):
        name = op_name
        traits = (Pure,)        # traits are declared by each class
        syntax = f"""
            {rule}: OP_{rule.upper()} name_id attr_dict?
        """
    DimensionOp.__name__ = DimensionOp.__qualname__ = "GPU" + rule.title().replace("_", "") + "Op"
    return DimensionOp


ThreadIdOp = _dimension_op("gpu.thread_id", "gpu_thread_id")
BlockIdOp = _dimension_op("gpu.block_id", "gpu_block_id")
BlockDimOp = _dimension_op("gpu.block_dim", "gpu_block_dim")
GridDimOp = _dimension_op("gpu.grid_dim", "gpu_grid_dim")


# ------------------------------------------------------------ async ops
# custom<AsyncDependencies>: `async` when the op gives a !gpu.async.token,
# then the tokens it waits for in brackets.  The ops below declare no
# memory effects (unknown effects: nothing moves across them).
ASYNC_TOKEN = T.OpaqueType("!gpu.async.token")
AsyncToken = TypeConstraint("async token type", lambda type: type == ASYNC_TOKEN)


def _async_parts(children) -> tuple:
    """(whether `async` was written, the dependency tokens)."""
    is_async = any(isinstance(c, TOKEN) and c.type == "GPU_ASYNC_KW" for c in children)
    deps = next((list(c) for c in children if isinstance(c, SymbolUses)), [])
    return is_async, deps


def _print_async(p, op, dependencies) -> None:
    """The directive with the space the format puts before it (so that an
    op without either part prints two spaces, as mlir-opt does)."""
    is_async = bool(op.results) and op.results[-1].type == ASYNC_TOKEN
    p.write(" async" if is_async else " ")
    if dependencies:
        p.write(" [" if is_async else "[")
        p.print_operands(dependencies)
        p.write("]")


@register_op
class GPUWaitOp(RegisteredOp):
    """`gpu.wait [async] [%t, ...]`: waits for the tokens (all work on the
    device, without any), giving a token of its own when async."""

    name = "gpu.wait"
    traits = ()     # no memory effects declared: unknown effects
    ods_operands = (Variadic("asyncDependencies", AsyncToken),)
    ods_results = (OptionalResult("asyncToken", AsyncToken),)

    syntax = r"""
        gpu_wait: OP_GPU_WAIT GPU_ASYNC_KW? symbol_uses? attr_dict?
        GPU_ASYNC_KW.2: /async(?![\w$.])/
    """

    @classmethod
    def parse(cls, t, children):
        is_async, deps = _async_parts(children)
        return new_op(cls.name, None, deps, [ASYNC_TOKEN] * len(deps),
                      [ASYNC_TOKEN] if is_async else [], dict(attrs_of(children)))

    def print(self, p) -> None:
        _print_async(p, self, self.operands)
        self.attr_dict(p)


@register_op
class GPUAllocOp(RegisteredOp):
    """`gpu.alloc [async] [deps] [host_shared] (%sizes) [%symbols] : T`."""

    name = "gpu.alloc"
    traits = (AttrSizedOperandSegments,)
    ods_operands = (Variadic("asyncDependencies", AsyncToken), Variadic("dynamicSizes", Index),
                    Variadic("symbolOperands", Index))
    ods_results = (Result("memref", AnyMemRef), OptionalResult("asyncToken", AsyncToken))
    inherent = ("operandSegmentSizes", "hostShared")

    syntax = r"""
        gpu_alloc: OP_GPU_ALLOC GPU_ASYNC_KW? symbol_uses? GPU_HOST_SHARED_KW? "(" value_use_list? ")" gpu_alloc_symbols? attr_dict? ":" type
        gpu_alloc_symbols: "[" value_use_list "]"
        GPU_HOST_SHARED_KW.2: /host_shared(?![\w$.])/
    """

    @classmethod
    def parse(cls, t, children):
        is_async, deps = _async_parts(children)
        sizes = next((list(c) for c in children if isinstance(c, Uses)
                      and not isinstance(c, SymbolUses)), [])
        symbols = next((c[1] for c in children if isinstance(c, tuple) and c[0] == "symbols"), [])
        attrs = dict(attrs_of(children))
        if any(isinstance(c, TOKEN) and c.type == "GPU_HOST_SHARED_KW" for c in children):
            attrs["hostShared"] = A.UNIT
        from ..ir.op_definition import segment_sizes
        attrs["operandSegmentSizes"] = segment_sizes(len(deps), len(sizes), len(symbols))
        type = types_of(children)[0]
        return new_op(cls.name, None, deps + sizes + list(symbols),
                      [ASYNC_TOKEN] * len(deps) + [T.INDEX] * (len(sizes) + len(symbols)),
                      [type] + ([ASYNC_TOKEN] if is_async else []), attrs)

    @parses("gpu_alloc_symbols")
    def parse_symbols(t, children):
        return ("symbols", list(children[0]))

    def result_name_hints(self):
        return ["memref", "asyncToken"][:len(self.results)]

    def print(self, p) -> None:
        deps, sizes, symbols = self.properties["operandSegmentSizes"].value
        _print_async(p, self, self.operands[:deps])
        if "hostShared" in self.properties:
            p.write(" host_shared")
        p.write(" (")
        p.print_operands(self.operands[deps:deps + sizes])
        p.write(")")
        if symbols:
            p.write("[")
            p.print_operands(self.operands[deps + sizes:])
            p.write("]")
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.results[0].type)


@register_op
class GPUMemcpyOp(RegisteredOp):
    """`gpu.memcpy [async] [deps] %dst, %src : T, U`."""

    name = "gpu.memcpy"
    traits = ()     # no memory effects declared: unknown effects
    ods_operands = (Variadic("asyncDependencies", AsyncToken), Operand("dst", AnyMemRef),
                    Operand("src", AnyMemRef))
    ods_results = (OptionalResult("asyncToken", AsyncToken),)

    syntax = r"""
        gpu_memcpy: OP_GPU_MEMCPY GPU_ASYNC_KW? symbol_uses? VALUE_ID "," VALUE_ID ":" type "," type attr_dict?
    """

    @classmethod
    def parse(cls, t, children):
        is_async, deps = _async_parts(children)
        values = [c for c in children if isinstance(c, TOKEN) and c.type == "VALUE_ID"]
        types = types_of(children)
        return new_op(cls.name, None, deps + values, [ASYNC_TOKEN] * len(deps) + types,
                      [ASYNC_TOKEN] if is_async else [], dict(attrs_of(children)))

    def print(self, p) -> None:
        _print_async(p, self, self.operands[:-2])
        p.write(" ")
        p.print_operands(self.operands[-2:])
        p.write(" : ")
        p.print_type_list([v.type for v in self.operands[-2:]])
        self.attr_dict(p)


@register_op
class GPUDeallocOp(RegisteredOp):
    """`gpu.dealloc [async] [deps] %memref : T`."""

    name = "gpu.dealloc"
    traits = ()     # no memory effects declared: unknown effects
    ods_operands = (Variadic("asyncDependencies", AsyncToken), Operand("memref", AnyMemRef))
    ods_results = (OptionalResult("asyncToken", AsyncToken),)

    syntax = r"""
        gpu_dealloc: OP_GPU_DEALLOC GPU_ASYNC_KW? symbol_uses? VALUE_ID attr_dict? ":" type
    """

    @classmethod
    def parse(cls, t, children):
        is_async, deps = _async_parts(children)
        value = [c for c in children if isinstance(c, TOKEN) and c.type == "VALUE_ID"]
        return new_op(cls.name, None, deps + value,
                      [ASYNC_TOKEN] * len(deps) + types_of(children),
                      [ASYNC_TOKEN] if is_async else [], dict(attrs_of(children)))

    def print(self, p) -> None:
        _print_async(p, self, self.operands[:-1])
        p.write(" ")
        p.print_operand(self.operands[-1])
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.operands[-1].type)
