"""The gpu dialect's structure ops (mlir/include/mlir/Dialect/GPU/IR/GPUOps.td,
GPUDialect.cpp): gpu.module, gpu.func and gpu.return, gpu.launch with its
gpu.terminator, and the index ops gpu.thread_id/block_id/block_dim/grid_dim,
as far as affine code around GPU kernels uses them (no async tokens,
clusters, attributions or offloading targets)."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import register_op
from ..ir.op_definition import Operand, Property, RegionDef, Result, Variadic
from ..ir.traits import (AffineScope, AttrSizedOperandSegments, AutomaticAllocationScope,
                         FunctionOpInterface, HasParent, IsolatedFromAbove, NoRegionArguments,
                         NoTerminator, Pure, RecursiveMemoryEffects, ReturnLike, SingleBlock,
                         Symbol, SymbolTable, Terminator)
from ..parse.op_syntax import parses
from ..parse.syntax import TOKEN, parse_error
from .base import RegisteredOp, attrs_of, new_op, regions_of, symbol_name_attr
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
