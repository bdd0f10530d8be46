"""The gpu dialect's structure ops (mlir/include/mlir/Dialect/GPU/IR/GPUOps.td,
GPUDialect.cpp): gpu.module, gpu.func and gpu.return, gpu.launch with its
gpu.terminator, and the index ops gpu.thread_id/block_id/block_dim/grid_dim,
as far as affine code around GPU kernels uses them (no async tokens,
clusters, attributions or offloading targets)."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import register_op
from ..ir.attr_syntax import ArrayAttrSyntax, SymbolName, SymbolRef, TypedInt
from ..ir.op_definition import (Operand, Optional, OptionalResult, Property, RegionDef, Variadic,
                                VariadicResult)
from ..ir.traits import (AffineScope, AttrSizedOperandSegments, AutomaticAllocationScope,
                         FunctionOpInterface, HasParent, IsolatedFromAbove, NoRegionArguments,
                         NoTerminator, Pure, RecursiveMemoryEffects, ReturnLike, SingleBlock,
                         Symbol, SymbolTable, Terminator)
from ..parse.op_syntax import parses
from ..parse.syntax import TOKEN, Uses, parse_error
from ..ir.assembly_format_run import OpView
from ..ir.verifier import NotedMessage
from .base import (RegisteredOp, attrs_of, new_op, regions_of, register_attribute_verifier,
                   symbol_name_attr, symbols_of)
from .gpu_ops import ASYNC_DEPENDENCIES, ASYNC_TOKEN
from .scf import _print_init_list as print_init_list


_KERNEL = object()         # the `kernel` keyword of a gpu.func, as parsed


class OffloadingHandler:
    """`<#gpu.select_object<...>>`, left out when it is the default
    handler (parseOffloadingHandler/printOffloadingHandler in
    GPUDialect.cpp), which the op then holds."""

    grammar = '"<" attribute_value ">"'
    optional = True

    def parse(self, state, children, args):
        state.attributes[args[0].name] = children[0] if children else SELECT_OBJECT

    def print(self, p, view, args):
        handler = view.op.properties.get(args[0].name)
        if handler is not None and handler != SELECT_OBJECT:
            p.write("<")
            p.print_attribute(handler)
            p.write(">")


SELECT_OBJECT = A.OpaqueAttr("#gpu.select_object")


# The attributes of mlir-opt 22's dialects that are GPU targets
# (gpu::TargetAttrInterface).
_TARGETS = ("#nvvm.target", "#rocdl.target", "#xevm.target", "#spirv.target_env<")


def _array_of(value, prefixes) -> bool:
    """Whether `value` is a non-empty array of attributes spelt with one of
    `prefixes`."""
    return (isinstance(value, A.ArrayAttr) and bool(value.value)
            and all(str(item).startswith(prefixes) for item in value.value))


@register_attribute_verifier("gpu")
def verify_gpu_attribute(op, name: str, value) -> str | None:
    """GPUDialect::verifyOperationAttribute on the known launch sizes: three
    i32 in a dense array."""
    if name not in ("gpu.known_block_size", "gpu.known_grid_size", "gpu.known_cluster_size"):
        return None
    if not (isinstance(value, A.DenseArrayAttr) and value.element_type == T.I32):
        return f"'{op.op_name}' op {name} must be a dense i32 array"
    if len(value.value) != 3:
        return f"'{op.op_name}' op {name} must contain exactly 3 elements"
    return None


@register_op
class GPUModuleOp(RegisteredOp):
    """`gpu.module @name <handler> [targets] attributes {...} {...}`: a
    symbol table of kernels and the targets they are compiled for."""

    name = "gpu.module"
    traits = (IsolatedFromAbove, NoRegionArguments, SymbolTable, Symbol, SingleBlock,
              NoTerminator)
    ods_operands = ()
    ods_properties = (Property("sym_name", SymbolName()), Property("targets", ArrayAttrSyntax()),
                      Property("offloadingHandler"))
    ods_regions = (RegionDef("bodyRegion", blocks=1),)
    required_properties = ("sym_name",)
    assembly_format = ("$sym_name (`<` $offloadingHandler^ `>`)? ($targets^)? "
                       "attr-dict-with-keyword $bodyRegion")

    def attribute_constraint_error(self):
        targets = self.properties.get("targets")
        if targets is not None and not _array_of(targets, _TARGETS):
            return ("'gpu.module' op attribute 'targets' failed to satisfy constraint: array of "
                    "GPU target attributes with at least 1 elements")
        return None

    def ensure_implicit_structure(self) -> None:
        from ..ir.core import Block
        if not self.regions[0].blocks:
            self.regions[0].append(Block())


@register_op
class BinaryOp(RegisteredOp):
    """`gpu.binary @name <handler> [objects]`: a kernel module compiled."""

    name = "gpu.binary"
    traits = (Symbol,)
    ods_operands = ()
    ods_properties = (Property("sym_name", SymbolName()), Property("offloadingHandler"),
                      Property("objects", ArrayAttrSyntax()))
    required_properties = ("objects", "sym_name")
    custom_OffloadingHandler = OffloadingHandler()
    assembly_format = "$sym_name custom<OffloadingHandler>($offloadingHandler) attr-dict $objects"

    def attribute_constraint_error(self):
        if not _array_of(self.properties.get("objects"), ("#gpu.object<",)):
            return ("'gpu.binary' op attribute 'objects' failed to satisfy constraint: an array "
                    "of GPU object attributes with at least 1 elements")
        return None


@register_op
class GPUFuncOp(RegisteredOp):
    """`gpu.func @name(%a: T) [-> R] [workgroup(%w : T)] [private(%p : T)]
    [kernel] [attributes {...}] {...}` (GPUFuncOp::parse/print): the body's
    arguments are the function's, then the workgroup and the private
    buffers; the name, the kernel mark and the number of workgroup
    buffers are discardable attributes, as upstream keeps them."""

    name = "gpu.func"
    traits = (HasParent("gpu.module"), AffineScope, AutomaticAllocationScope,
              FunctionOpInterface, IsolatedFromAbove, Symbol)
    ods_operands = ()
    ods_properties = (Property("function_type", A.TypeAttr), Property("arg_attrs", A.ArrayAttr),
                      Property("res_attrs", A.ArrayAttr),
                      Property("workgroup_attrib_attrs", A.ArrayAttr),
                      Property("private_attrib_attrs", A.ArrayAttr),
                      Property("known_block_size"), Property("known_grid_size"))
    ods_regions = (RegionDef("body", single_block=False),)
    required_properties = ("function_type",)
    default_dialect = ""

    syntax = r"""
        gpu_func: OP_GPU_FUNC SYMBOL "(" func_args? ")" func_results? gpu_workgroup? gpu_private? gpu_kernel? attributes_kw? region
        gpu_workgroup: "workgroup" "(" func_args? ")"
        gpu_private: VISIBILITY "(" func_args? ")"
        gpu_kernel: "kernel"
    """

    @classmethod
    def parse(cls, t, children):
        symbol = next(c for c in children if isinstance(c, TOKEN) and c.type == "SYMBOL")
        args, results, attributions = [], [], {"workgroup": [], "private": []}
        attrs, kernel = {}, False
        for child in children:
            if child is _KERNEL:
                kernel = True
            elif isinstance(child, tuple) and child[0] == "args":
                args = child[1]
            elif isinstance(child, tuple) and child[0] == "results":
                results = child[1]
            elif isinstance(child, tuple) and child[0] in attributions:
                attributions[child[0]] = child[1]
            elif isinstance(child, dict):
                attrs = dict(child)
        if args and args[0][0] is None:
            from .memref import at_offset
            signature = at_offset(t, t.text.index("(", symbol.end_pos), symbol)
            raise parse_error(signature, "custom op 'gpu.func' gpu.func requires named arguments")
        region = regions_of(children)[0]
        region.set_entry_args([(a[0], a[1]) for a in args] + [
            (a[0], a[1]) for a in attributions["workgroup"] + attributions["private"]])
        attrs["function_type"] = A.TypeAttr(T.FunctionType([a[1] for a in args], results))
        attrs["sym_name"] = symbol_name_attr(symbol)
        attrs["workgroup_attributions"] = A.IntegerAttr(len(attributions["workgroup"]), T.I64)
        if kernel:
            attrs["gpu.kernel"] = A.UNIT
        return new_op(cls.name, symbol, attributes=attrs, regions=[region])

    @parses("gpu_kernel")
    def parse_kernel(t, children):
        return _KERNEL

    @parses("gpu_workgroup")
    def parse_workgroup(t, children):
        return ("workgroup", children[0][1] if children else [])

    @parses("gpu_private")
    def parse_private(t, children):
        if children[0].value != "private":
            raise parse_error(children[0], "expected '{' to begin a region")
        return ("private", children[1][1] if len(children) > 1 else [])

    @property
    def function_type(self) -> T.FunctionType:
        return self.properties["function_type"].value

    @property
    def sym_name(self) -> str:
        return self.attributes["sym_name"].text

    def attribute_constraint_error(self):
        if not isinstance(self.function_type, T.FunctionType):
            return ("'gpu.func' op attribute 'function_type' failed to satisfy constraint: "
                    "type attribute of function type")
        return None

    def verify(self):
        """GPUFuncOp::verifyType and verifyBody: a kernel returns nothing;
        the body holds the arguments, then the attributions, which are
        memrefs."""
        ftype = self.function_type
        if "gpu.kernel" in self.attributes and ftype.results:
            return "'gpu.func' op expected void return type for kernel function"
        if not self.regions[0].blocks:
            return "'gpu.func' op expected body with at least one block"
        workgroup = self.attributes.get("workgroup_attributions")
        count = workgroup.value if isinstance(workgroup, A.IntegerAttr) else 0
        args = self.regions[0].blocks[0].args
        needed = len(ftype.inputs) + count
        if len(args) < needed:
            return f"'gpu.func' op expected at least {needed} arguments to body region"
        for index, arg in enumerate(args[len(ftype.inputs):]):
            if not isinstance(arg.type, T.MemRefType):
                return "'gpu.func' op expected memref type in attribution"
            # A space already lowered to a number is not checked.
            space = str(arg.type.memory_space)
            kind = "workgroup" if index < count else "private"
            if (space.startswith("#gpu.address_space<")
                    and space != f"#gpu.address_space<{kind}>"):
                return f"'gpu.func' op expected memory space {kind} in attribution"
        return None

    def print(self, p) -> None:
        if not self.regions[0].blocks:
            return super().print(p)
        p.write(" " + A.symbol_text(self.sym_name) + "(")
        ftype, body = self.function_type, self.regions[0].blocks[0]
        inputs = len(ftype.inputs)
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
        workgroup = self.attributes.get("workgroup_attributions")
        count = workgroup.value if isinstance(workgroup, A.IntegerAttr) else 0
        _print_attributions(p, "workgroup", body.args[inputs:inputs + count])
        _print_attributions(p, "private", body.args[inputs + count:])
        if "gpu.kernel" in self.attributes:
            p.write(" kernel")
        p.print_optional_attr_dict_with_keyword(
            self, ("sym_name", "workgroup_attributions", "gpu.kernel") + self.inherent)
        p.write(" ")
        p.print_region(self.regions[0], False, True)


def _print_attributions(p, keyword: str, values, space: str = " ") -> None:
    """printAttributions: `keyword(%a : T, ...)`, nothing when none."""
    if not values:
        return
    p.write(f"{space}{keyword}(")
    for i, value in enumerate(values):
        if i:
            p.write(", ")
        p.print_operand(value)
        p.write(" : ")
        p.print_type(value.type)
    p.write(")")


@register_op
class GPUReturnOp(RegisteredOp):
    name = "gpu.return"
    traits = (HasParent("gpu.func"), Pure, ReturnLike, Terminator)
    ods_operands = (Variadic("operands"),)
    assembly_format = "attr-dict ($operands^ `:` type($operands))?"

    def verify(self):
        func = self.parent_op
        if not isinstance(func, GPUFuncOp):
            return None
        results = func.function_type.results
        if len(results) != len(self.operands):
            return NotedMessage(f"'gpu.return' op expected {len(results)} result operands",
                                [("return type declared here", func)])
        for index, (value, type) in enumerate(zip(self.operands, results)):
            if value.type != type:
                return NotedMessage(
                    f"'gpu.return' op unexpected type `{value.type}' for operand #{index}",
                    [("return type declared here", func)])
        return None


@register_op
class GPUTerminatorOp(RegisteredOp):
    name = "gpu.terminator"
    traits = (HasParent("gpu.launch"), Pure, Terminator)
    ods_operands = ()
    assembly_format = "attr-dict"


_ASYNC = object()           # the `async` keyword of a gpu.launch, as parsed


@register_op
class GPULaunchOp(RegisteredOp):
    """`gpu.launch [async [%deps]] blocks(%bx, %by, %bz) in (%gx = %a, ...)
    threads(%tx, %ty, %tz) in (%sx = %d, ...) [module(@m) function(@f)]
    {...}` (LaunchOp::parse/print): the body's arguments are the block
    ids, thread ids, grid sizes and block sizes, in that order."""

    name = "gpu.launch"
    traits = (AffineScope, AutomaticAllocationScope, AttrSizedOperandSegments,
              RecursiveMemoryEffects)
    ods_operands = (Variadic("asyncDependencies"), Operand("gridSizeX"), Operand("gridSizeY"),
                    Operand("gridSizeZ"), Operand("blockSizeX"), Operand("blockSizeY"),
                    Operand("blockSizeZ"), Variadic("clusterSizeX"), Variadic("clusterSizeY"),
                    Variadic("clusterSizeZ"), Variadic("dynamicSharedMemorySize"))
    ods_results = (OptionalResult("asyncToken"),)
    ods_regions = (RegionDef("body"),)
    inherent = ("operandSegmentSizes", "function", "module", "workgroup_attrib_attrs",
                "private_attrib_attrs")

    syntax = r"""
        gpu_launch: OP_GPU_LAUNCH gpu_launch_async? "blocks" gpu_launch_ids "in" gpu_launch_sizes "threads" gpu_launch_ids "in" gpu_launch_sizes gpu_launch_symbol* attributes_kw? region
        !gpu_launch_async: "async" ("[" value_use_list? "]")?
        gpu_launch_ids: "(" VALUE_ID "," VALUE_ID "," VALUE_ID ")"
        gpu_launch_sizes: "(" iter_arg "," iter_arg "," iter_arg ")"
        gpu_launch_symbol: (GPU_LAUNCH_SYMBOL_KW | OP_MODULE) "(" SYMBOL ")"
        GPU_LAUNCH_SYMBOL_KW.2: /function(?![\w$.])/
    """

    @classmethod
    def parse(cls, t, children):
        from ..ir.op_definition import segment_sizes
        lists = [c for c in children if isinstance(c, tuple) and c[0] in ("ids", "sizes")]
        block_ids, grid, thread_ids, block = lists
        names = block_ids[1] + thread_ids[1] + [n for n, _ in grid[1]] + [n for n, _ in block[1]]
        dependencies = next((c[1] for c in children if isinstance(c, tuple)
                             and c[0] is _ASYNC), None)
        operands = list(dependencies or []) + [v for _, v in grid[1]] + [v for _, v in block[1]]
        region = regions_of(children)[0]
        region.set_entry_args([(name, T.INDEX) for name in names])
        attrs = dict(attrs_of(children))
        for child in children:
            if isinstance(child, tuple) and child[0] == "symbol":
                attrs[child[1]] = A.SymbolRefAttr([symbol_name_attr(child[2]).text])
        attrs["operandSegmentSizes"] = segment_sizes(len(dependencies or ()), 1, 1, 1, 1, 1, 1,
                                                     0, 0, 0, 0)
        attrs["workgroup_attributions"] = A.IntegerAttr(0, T.I64)
        types = [ASYNC_TOKEN] * len(dependencies or ()) + [T.INDEX] * 6
        results = [ASYNC_TOKEN] if dependencies is not None else []
        return new_op(cls.name, None, operands, types, results, attributes=attrs,
                      regions=[region])

    @parses("gpu_launch_async")
    def parse_async(t, children):
        ASYNC_DEPENDENCIES.reduced(t, children)
        uses = [c for c in children if isinstance(c, Uses)]
        return (_ASYNC, list(uses[0]) if uses else [])

    @parses("gpu_launch_ids")
    def parse_ids(t, children):
        return ("ids", [c for c in children if isinstance(c, TOKEN)])

    @parses("gpu_launch_sizes")
    def parse_sizes(t, children):
        return ("sizes", [c for c in children if isinstance(c, tuple)])

    @parses("gpu_launch_symbol")
    def parse_symbol(t, children):
        # The op-name token of `module` is not kept: one child is module's.
        return ("symbol", "function" if len(children) == 2 else "module", children[-1])

    def ensure_implicit_structure(self) -> None:
        from .base import ensure_terminator
        ensure_terminator(self, 0, GPUTerminatorOp)

    def verify_regions(self):
        """LaunchOp::verifyRegions: a block's terminator leaves the kernel
        with gpu.terminator unless it branches (reported at the terminator,
        emitError: no op prefix)."""
        from ..ir.verifier import NotedMessage, op_error
        for block in self.regions[0].blocks:
            last = block.ops[-1] if block.ops else None
            if last is not None and not last.successors and last.name != "gpu.terminator":
                raise op_error(NotedMessage(
                    "expected 'gpu.terminator' or a terminator with successors",
                    [("in 'gpu.launch' body region", self)]), last)
        return None

    def print(self, p) -> None:
        sizes = self.properties["operandSegmentSizes"].value
        dependencies = self.operands[:sizes[0]]
        config = self.operands[sizes[0]:sizes[0] + 6]
        if self.results:
            p.write(" async")
            if dependencies:
                p.write(" [")
                p.print_operands(dependencies)
                p.write("]")
        args = self.regions[0].blocks[0].args
        for keyword, ids, arg_sizes, operands in (("blocks", args[0:3], args[6:9], config[0:3]),
                                                  ("threads", args[3:6], args[9:12],
                                                   config[3:6])):
            p.write(f" {keyword}(")
            p.print_operands(ids)
            p.write(")")
            print_init_list(p, arg_sizes, operands, " in ")
        for keyword in ("module", "function"):
            symbol = self.properties.get(keyword)
            if symbol is not None:
                p.write(f" {keyword}(")
                p.print_attribute(symbol)
                p.write(")")
        p.print_optional_attr_dict_with_keyword(self, self.inherent + ("workgroup_attributions",))
        p.write(" ")
        p.print_region(self.regions[0], False, True)


class LaunchDimType:
    """`: i32` after the sizes when they are not of index type
    (parseLaunchDimType/printLaunchDimType): every size takes that type."""

    grammar = '":" type'
    optional = True

    def parse(self, state, children, args):
        size_type = children[0] if children else T.INDEX
        state.types[args[0].args[0].name] = [size_type]

    def print(self, p, view, args):
        size_type = view.operands[args[0].args[0].name][0].type
        if size_type != T.INDEX:
            p.write(": ")
            p.print_type(size_type)


class LaunchFuncOperands:
    """`args(%a : T, ...)`, the kernel's operands (parseLaunchFuncOperands/
    printLaunchFuncOperands), nothing when there are none."""

    grammar = '"args" "(" VALUE_ID ":" type ("," VALUE_ID ":" type)* ")"'
    optional = True

    def parse(self, state, children, args):
        children = children or []
        state.operands[args[0].name] = list(children[0::2])
        state.types[args[0].name] = list(children[1::2])

    def print(self, p, view, args):
        _print_attributions(p, "args", view.operands[args[0].name], space="")


@register_op
class LaunchFuncOp(RegisteredOp):
    name = "gpu.launch_func"
    traits = (AttrSizedOperandSegments,)
    ods_operands = (Variadic("asyncDependencies"), Operand("gridSizeX"), Operand("gridSizeY"),
                    Operand("gridSizeZ"), Operand("blockSizeX"), Operand("blockSizeY"),
                    Operand("blockSizeZ"), Optional("clusterSizeX"), Optional("clusterSizeY"),
                    Optional("clusterSizeZ"), Optional("dynamicSharedMemorySize"),
                    Variadic("kernelOperands"), Optional("asyncObject"))
    ods_results = (OptionalResult("asyncToken"),)
    ods_properties = (Property("kernel", SymbolRef()),)
    ods_types = {name: "gridSizeX" for name in ("gridSizeY", "gridSizeZ", "blockSizeX",
                                                "blockSizeY", "blockSizeZ", "clusterSizeX",
                                                "clusterSizeY", "clusterSizeZ")}
    ods_types["dynamicSharedMemorySize"] = T.I32
    required_properties = ("kernel",)
    custom_AsyncDependencies = ASYNC_DEPENDENCIES
    custom_LaunchDimType = LaunchDimType()
    custom_LaunchFuncOperands = LaunchFuncOperands()
    syntax_list_contexts = {"args": " in argument list"}     # parseLaunchFuncOperands

    def verify(self):
        """LaunchFuncOp::verify, then what the gpu dialect checks of the
        launches in a `gpu.container_module` (verifyOperationAttribute):
        the kernel's container, the kernel, its mark, its operands."""
        module = self.parent_op
        while module is not None and module.name != "builtin.module":
            module = module.parent_op
        if module is None or "gpu.container_module" not in module.attributes:
            return ("'gpu.launch_func' op expected the closest surrounding module to have "
                    "the 'gpu.container_module' attribute")
        kernel = self.properties.get("kernel")
        if not isinstance(kernel, A.SymbolRefAttr):
            return None
        container = next((found for name, found in symbols_of(module)
                          if name == kernel.root), None)
        if container is None:
            return f"'gpu.launch_func' op kernel container '{kernel.root}' is undefined"
        if isinstance(container, BinaryOp):
            return None
        if not isinstance(container, GPUModuleOp):
            return f"'gpu.launch_func' op kernel module '{kernel.root}' is undefined"
        function = None
        if len(kernel.parts) == 2:
            function = next((found for name, found in symbols_of(container)
                             if name == kernel.parts[1]), None)
        reference = "::".join(A.symbol_text(part) for part in kernel.parts)
        if function is None:
            return f"'gpu.launch_func' op kernel function '{reference}' is undefined"
        if not function.has_trait(FunctionOpInterface):
            return NotedMessage(
                f"'gpu.launch_func' op referenced kernel '{reference}' is not a function",
                [("see the kernel definition here", function)])
        if "gpu.kernel" not in function.attributes:
            return "'gpu.launch_func' op kernel function is missing the 'gpu.kernel' attribute"
        if not isinstance(function, GPUFuncOp):
            return None
        operands = OpView(self).operands["kernelOperands"]
        inputs = function.function_type.inputs
        if len(operands) != len(inputs):
            return (f"'gpu.launch_func' op got {len(operands)} kernel operands but expected "
                    f"{len(inputs)}")
        for index, (value, type) in enumerate(zip(operands, inputs)):
            if value.type != type:
                return f"'gpu.launch_func' op type of function argument {index} does not match"
        return None
    assembly_format = """
      custom<AsyncDependencies>(type($asyncToken), $asyncDependencies)
      (`<` $asyncObject^ `:` type($asyncObject) `>`)?
      $kernel
      ( `clusters` `in` ` ` `(` $clusterSizeX^ `,` $clusterSizeY `,` $clusterSizeZ `)` )?
      `blocks` `in` ` ` `(` $gridSizeX `,` $gridSizeY `,` $gridSizeZ `)`
      `threads` `in` ` ` `(` $blockSizeX `,` $blockSizeY `,` $blockSizeZ `)`
      custom<LaunchDimType>(type($gridSizeX))
      (`dynamic_shared_memory_size` $dynamicSharedMemorySize^)?
      custom<LaunchFuncOperands>($kernelOperands, type($kernelOperands)) attr-dict
    """


@register_op
class WarpExecuteOnLane0Op(RegisteredOp):
    """`gpu.warp_execute_on_lane_0(%laneid)[32] [args(%v : T)] [-> (R)]
    {...}` (WarpExecuteOnLane0Op::parse/print): the region runs on lane 0,
    its arguments the `args` operands distributed; its yield is implicit
    and printed only when the op has results."""

    name = "gpu.warp_execute_on_lane_0"
    traits = (RecursiveMemoryEffects,)
    ods_operands = (Operand("laneid"), Variadic("args"))
    ods_results = (VariadicResult("results"),)
    ods_properties = (Property("warp_size", TypedInt(T.I64)),)
    ods_regions = (RegionDef("warpRegion", blocks=1),)
    required_properties = ("warp_size",)

    syntax = r"""
        gpu_warp_execute: OP_GPU_WARP_EXECUTE_ON_LANE_0 "(" VALUE_ID ")" "[" INT "]" gpu_warp_args? gpu_warp_results? region attr_dict?
        gpu_warp_args: "args" "(" value_use_list ":" type_list ")"
        gpu_warp_results: "->" "(" type_list ")"
    """

    @classmethod
    def parse(cls, t, children):
        operands, types, results = [children[0]], [T.INDEX], []
        for child in children:
            if isinstance(child, tuple) and child[0] == "args":
                operands += child[1]
                types += child[2]
            elif isinstance(child, tuple) and child[0] == "results":
                results = child[1]
        attrs = dict(attrs_of(children))
        attrs["warp_size"] = A.IntegerAttr(int(children[1].value), T.I64)
        return new_op(cls.name, None, operands, types, results, attributes=attrs,
                      regions=regions_of(children))

    @parses("gpu_warp_args")
    def parse_args(t, children):
        return ("args", list(children[0]), list(children[1]))

    @parses("gpu_warp_results")
    def parse_results(t, children):
        return ("results", list(children[0]))

    def ensure_implicit_structure(self) -> None:
        from .base import ensure_terminator
        from .gpu_ops import YieldOp
        ensure_terminator(self, 0, YieldOp)

    def print(self, p) -> None:
        p.write("(")
        p.print_operand(self.operands[0])
        p.write(f")[{self.properties['warp_size'].value}]")
        args = self.operands[1:]
        if args:
            p.write(" args(")
            p.print_operands(args)
            p.write(" : ")
            p.print_type_list([v.type for v in args])
            p.write(")")
        if self.results:
            p.write(" -> (")
            p.print_type_list([r.type for r in self.results])
            p.write(")")
        p.write(" ")
        p.print_region(self.regions[0], True, bool(self.results))
        p.print_optional_attr_dict(self, ("warp_size",))
