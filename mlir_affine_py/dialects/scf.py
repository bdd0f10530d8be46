"""The scf dialect's loops and conditionals (mlir/lib/Dialect/SCF/IR/SCF.cpp:
ForOp, IfOp, WhileOp, ConditionOp, YieldOp, ExecuteRegionOp, IndexSwitchOp,
ParallelOp, ReduceOp, ReduceReturnOp), with the custom forms mlir-opt 22
prints.  Nested ops are printed fully qualified: scf ops declare no default
dialect."""

from __future__ import annotations

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import register_op
from ..ir.op_definition import Operand, RegionDef, Variadic, VariadicResult
from ..ir.matchers import constant_int_value
from ..ir.side_effects import NOT_SPECULATABLE, RECURSIVELY_SPECULATABLE
from ..ir.traits import (AttrSizedOperandSegments, AutomaticAllocationScope,
                         ConditionallySpeculatable, HasParent, LoopLikeOpInterface, NoRegionArguments, Pure, RecursiveMemoryEffects,
                         RecursivelySpeculatable, ReturnLike, SingleBlock,
                         SingleBlockImplicitTerminator, Terminator)
from ..ir.verifier import NotedMessage
from ..parse.syntax import TOKEN, ParsedBlock, ParsedRegion, TypeList, Uses, defined_name, parse_error
from ..parse.op_syntax import parses
from ..ir.type_constraints import I1
from .scf_canonicalize import FOR_PATTERNS, IF_PATTERNS, PARALLEL_PATTERNS, fold_if
from .base import (ValueTerminator, RegisteredOp, attrs_of, ensure_terminator, first_of,
                   regions_of, type_list, types_of, uses, new_op)


def _result_types(children) -> list:
    """`-> T` or `-> (T, U)`: the grammar's `_result_types` gives a Type or a
    TypeList."""
    for child in children:
        if isinstance(child, TypeList):
            return list(child)
        if isinstance(child, T.Type):
            return [child]
    return []


def _print_init_list(p, args, inits, prefix: str) -> None:
    """SCF.cpp `printInitializationList`: `prefix(%arg = %init, ...)`."""
    if not inits:
        return
    p.write(prefix + "(")
    for i, (arg, init) in enumerate(zip(args, inits)):
        if i:
            p.write(", ")
        p.print_operand(arg)
        p.write(" = ")
        p.print_operand(init)
    p.write(")")


def _ends_with(region, terminator_cls) -> bool:
    """Whether `region`'s block ends with `terminator_cls`: the checks of its
    yielded values wait for that, which SingleBlockImplicitTerminator's
    region trait reports once the region's ops are verified."""
    return bool(region.blocks and region.blocks[0].ops
                and isinstance(region.blocks[0].ops[-1], terminator_cls))


# ------------------------------------------------------------------ yield
@register_op
class YieldOp(ValueTerminator):
    """`scf.yield {attrs} %a, %b : T, U` (ODS: attr-dict ($results^ : type)?)."""

    name = "scf.yield"
    traits = (Pure, Terminator, ReturnLike,
              HasParent("scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while"))

    syntax = r"""
        !scf_yield: "scf.yield" attr_dict? (value_use_list ":" type_list)?
    """

    @classmethod
    def parse(cls, t, children):
        operands, types = uses(children), type_list(children)
        if len(operands) != len(types):
            raise parse_error(operands[0], f"{len(operands)} operands present, but expected {len(types)}")
        return new_op("scf.yield", children[0], operands, types, attributes=dict(attrs_of(children)))



def _tokens(children, kind: str) -> list:
    return [c for c in children if isinstance(c, TOKEN) and c.type == kind]


# -------------------------------------------------------------------- for
@register_op
class ForOp(RegisteredOp):
    """`scf.for [unsigned] %iv = %lb to %ub step %s [iter_args(...) -> (T)]
    [: type] {...}`: operands lb, ub, step, then the loop-carried inits."""

    name = "scf.for"
    traits = (AutomaticAllocationScope, SingleBlockImplicitTerminator("scf.yield"),
              RecursiveMemoryEffects, LoopLikeOpInterface, ConditionallySpeculatable)
    ods_operands = (Operand("lowerBound"), Operand("upperBound"), Operand("step"),
                    Variadic("initArgs"))
    ods_results = (VariadicResult("results"),)
    ods_regions = (RegionDef("region", blocks=1),)
    inherent = ("unsignedCmp",)
    canonicalization_patterns = FOR_PATTERNS

    def speculatability(self) -> str:
        """A loop of constant step 1 ends for any bounds: as speculatable as
        its body."""
        step = constant_int_value(self.operands[2])
        return RECURSIVELY_SPECULATABLE if step == 1 else NOT_SPECULATABLE

    syntax = r"""
        // `!` keeps the op name token, where mlir-opt reports errors about the op.
        !scf_for: "scf.for" UNSIGNED_KW? RESULTS VALUE_ID "to" VALUE_ID "step" VALUE_ID scf_iter_args? (":" type)? region attr_dict?
        UNSIGNED_KW.2: /(unsigned)(?![\w$.])/
        scf_iter_args: "iter_args" "(" iter_arg ("," iter_arg)* ")" "->" _result_types
    """

    @classmethod
    def parse(cls, t, children):
        unsigned = bool(_tokens(children, "UNSIGNED_KW"))
        iv = defined_name(next(c for c in children if isinstance(c, TOKEN) and c.type == "RESULTS"))
        lb, ub, step = _tokens(children, "VALUE_ID")[:3]
        pairs, result_types = [], []
        iter_args = next((c for c in children if isinstance(c, tuple) and len(c) == 2
                          and isinstance(c[0], list)), None)
        if iter_args is not None:
            pairs, result_types = iter_args
        if len(pairs) != len(result_types):
            # At the op's name (parse_error without a token).
            raise parse_error(None, "custom op 'scf.for' mismatch in number of loop-carried "
                                    "values and defined values")
        iv_type = next((c for c in children if isinstance(c, T.Type)), T.INDEX)
        region = regions_of(children)[0]
        region.set_entry_args([(iv, iv_type)] + [(arg, type) for (arg, _), type in zip(pairs, result_types)])
        attrs = dict(attrs_of(children))
        if unsigned:
            attrs["unsignedCmp"] = A.UNIT
        return new_op("scf.for", children[0], [lb, ub, step] + [init for _, init in pairs],
                      [iv_type] * 3 + result_types, result_types, attrs, regions=[region])

    @parses("scf_iter_args")
    def parse_iter_args(t, children):
        """((region arg, init) pairs, result types); `iter_arg` is a core rule (transformer.py)."""
        pairs = [c for c in children if isinstance(c, tuple)]
        return (pairs, _result_types(children))

    @property
    def body(self):
        return self.regions[0].blocks[0]

    @property
    def induction_var(self):
        return self.body.args[0]

    @property
    def inits(self):
        return self.operands[3:]

    def ensure_implicit_structure(self) -> None:
        ensure_terminator(self, 0, YieldOp)

    def verify(self):
        if not self.body.args:
            # LoopLikeOpInterface: the iter_args are the arguments after the
            # induction variable, -1 of them (as an unsigned number).
            return (f"'scf.for' op different number of inits and region iter_args: "
                    f"{len(self.inits)} != {(1 << 64) - 1}")
        if len(self.inits) != len(self.results):
            return "'scf.for' op mismatch in number of loop-carried values and defined values"
        if self.induction_var.type != self.operands[0].type:
            return "'scf.for' op expected induction variable to be same type as bounds and step"
        if not _ends_with(self.regions[0], YieldOp):
            return None
        # The order of mlir-opt's checks: the region-branch interface first
        # (too few yielded values), then ForOp's own loop-like checks.
        iter_types = [a.type for a in self.body.args[1:]]
        yielded = [v.type for v in self.body.ops[-1].operands]
        if len(yielded) < len(iter_types):
            return ("'scf.for' op along control flow edge from Operation scf.yield to Region #0: "
                    f"region branch point has {len(yielded)} operands, but region successor "
                    f"needs {len(iter_types)} inputs")
        if len(yielded) != len(iter_types):
            return ("'scf.for' op different number of region iter_args and yielded values: "
                    f"{len(iter_types)} != {len(yielded)}")
        for i, (expected, actual) in enumerate(zip(iter_types, yielded)):
            if expected != actual:
                return (f"'scf.for' op {i}-th region iter_arg and {i}-th yielded value have "
                        f"different type: '{expected}' != '{actual}'")
        return None

    def print(self, p) -> None:
        if "unsignedCmp" in self.properties:
            p.write(" unsigned")
        p.write(" ")
        p.print_operand(self.induction_var)
        p.write(" = ")
        p.print_operand(self.operands[0])
        p.write(" to ")
        p.print_operand(self.operands[1])
        p.write(" step ")
        p.print_operand(self.operands[2])
        inits = self.inits
        _print_init_list(p, self.body.args[1:], inits, " iter_args")
        if inits:
            p.write(" -> (")
            p.print_type_list([v.type for v in inits])
            p.write(")")
        p.write(" ")
        # Upstream writes the separating space before ` : type `, hence the
        # double space mlir-opt prints for a non-index induction variable.
        if self.induction_var.type != T.INDEX:
            p.write(" : ")
            p.print_type(self.induction_var.type)
            p.write(" ")
        p.print_region(self.regions[0], False, bool(inits))
        self.attr_dict(p)


# --------------------------------------------------------------------- if
@register_op
class IfOp(RegisteredOp):
    """`scf.if %cond [-> (T)] {...} [else {...}]`; terminators are printed
    only when the op has results."""

    name = "scf.if"
    traits = (SingleBlockImplicitTerminator("scf.yield"), RecursiveMemoryEffects,
              RecursivelySpeculatable, NoRegionArguments)
    ods_operands = (Operand("condition", I1),)
    ods_results = (VariadicResult("results"),)
    ods_regions = (RegionDef("thenRegion", blocks=1), RegionDef("elseRegion"))
    fold = fold_if
    canonicalization_patterns = IF_PATTERNS

    syntax = r"""
        !scf_if: "scf.if" VALUE_ID ("->" _result_types)? region ("else" region)? attr_dict?
    """

    @classmethod
    def parse(cls, t, children):
        cond = _tokens(children, "VALUE_ID")[0]
        regions = regions_of(children)
        if len(regions) == 1:
            regions.append(ParsedRegion([], None))
        elif not regions[1].blocks:
            # A written `else {}` gets its implicit yield: give it a block so
            # that ensure_implicit_structure can tell it from an absent else.
            regions[1].blocks.append(ParsedBlock())
        return new_op("scf.if", children[0], [cond], [T.I1], _result_types(children[1:]),
                      dict(attrs_of(children)), regions=regions)

    def ensure_implicit_structure(self) -> None:
        ensure_terminator(self, 0, YieldOp)
        if self.regions[1].blocks:
            ensure_terminator(self, 1, YieldOp)

    def verify(self):
        if self.results and not self.regions[1].blocks:
            return "'scf.if' op must have an else block if defining values"
        expected = [r.type for r in self.results]
        for _index, region in enumerate(self.regions):
            if not region.blocks:
                continue
            if not _ends_with(region, YieldOp):
                return None
            yielded = [v.type for v in region.blocks[0].ops[-1].operands]
            edge = "'scf.if' op along control flow edge from Operation scf.yield to parent: "
            if len(yielded) != len(expected):
                return (edge + f"region branch point has {len(yielded)} operands, but region "
                        f"successor needs {len(expected)} inputs")
            for i, (want, got) in enumerate(zip(expected, yielded)):
                if want != got:
                    return (edge + f"successor operand type #{i} '{got}' should match "
                            f"successor input type #{i} '{want}'")
        return None

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        if self.results:
            p.write(" -> (")
            p.print_type_list([r.type for r in self.results])
            p.write(")")
        p.write(" ")
        p.print_region(self.regions[0], False, bool(self.results))
        if self.regions[1].blocks:
            p.write(" else ")
            p.print_region(self.regions[1], False, bool(self.results))
        self.attr_dict(p)


# ------------------------------------------------------------------ while
def _region_terminator_error(region, terminator_class, message: str):
    """SCF's verifyAndGetTerminator: `message` unless `region` ends in a
    `terminator_class` op, with a note at the terminator it ends in."""
    last = region.blocks[0].ops[-1] if region.blocks and region.blocks[0].ops else None
    if isinstance(last, terminator_class):
        return None
    return NotedMessage(message, [("terminator here", last)] if last is not None else [])


@register_op
class WhileOp(RegisteredOp):
    """`scf.while (%arg = %init) : (T) -> U {before} do {after}
    [attributes {...}]`: the before region ends with scf.condition, the
    after region (whose block header is printed) with scf.yield."""

    name = "scf.while"
    traits = (SingleBlock, RecursiveMemoryEffects, LoopLikeOpInterface)
    ods_operands = (Variadic("inits"),)
    ods_results = (VariadicResult("results"),)
    ods_regions = (RegionDef("before", blocks=1), RegionDef("after", blocks=1))

    syntax = r"""
        !scf_while: "scf.while" ("(" (iter_arg ("," iter_arg)*)? ")")? ":" function_type region "do" region attributes_kw?
    """

    @classmethod
    def parse(cls, t, children):
        pairs = [c for c in children if isinstance(c, tuple)]
        ftype = next(c for c in children if isinstance(c, T.FunctionType))
        before, after = regions_of(children)
        if len(pairs) != len(ftype.inputs):
            colon = _tokens(children, "COLON")[0]
            raise parse_error(colon, "custom op 'scf.while' expected as many input types as operands "
                              f"(expected {len(pairs)} got {len(ftype.inputs)})")
        if pairs:   # Parser::parseRegion: `{}` without arguments stays empty
            before.set_entry_args([(arg, type) for (arg, _), type in zip(pairs, ftype.inputs)])
        return new_op("scf.while", children[0], [init for _, init in pairs], list(ftype.inputs),
                      list(ftype.results), dict(attrs_of(children)), regions=[before, after])

    def verify(self):
        return (_region_terminator_error(self.regions[0], ConditionOp,
                                         "'scf.while' op expects the 'before' region to "
                                         "terminate with 'scf.condition'")
                or _region_terminator_error(self.regions[1], YieldOp,
                                            "'scf.while' op expects the 'after' region to "
                                            "terminate with 'scf.yield'"))

    def print(self, p) -> None:
        _print_init_list(p, self.regions[0].blocks[0].args if self.regions[0].blocks else [],
                         self.operands, " ")
        p.write(" : (")
        p.print_type_list([v.type for v in self.operands])
        p.write(") -> ")
        p.print_result_types([r.type for r in self.results])
        p.write(" ")
        p.print_region(self.regions[0], False)
        p.write(" do ")
        p.print_region(self.regions[1], True)
        p.print_optional_attr_dict_with_keyword(self)


# -------------------------------------------------------------- condition
@register_op
class ConditionOp(RegisteredOp):
    """`scf.condition(%c) {attrs} %a : T` (ODS: `(` $condition `)` attr-dict
    ($args^ `:` type($args))?)."""

    name = "scf.condition"
    traits = (HasParent("scf.while"), Pure, Terminator)
    ods_operands = (Operand("condition"), Variadic("args"))

    syntax = r"""
        !scf_condition: "scf.condition" "(" VALUE_ID ")" attr_dict? (value_use_list ":" type_list)?
    """

    @classmethod
    def parse(cls, t, children):
        cond = _tokens(children, "VALUE_ID")[0]
        args, types = uses(children), type_list(children)
        if len(args) != len(types):
            raise parse_error(args[0], f"{len(args)} operands present, but expected {len(types)}")
        return new_op("scf.condition", children[0], [cond] + args, [T.I1] + types,
                      attributes=dict(attrs_of(children)))

    def print(self, p) -> None:
        p.write("(")
        p.print_operand(self.operands[0])
        p.write(")")
        self.attr_dict(p)
        if len(self.operands) > 1:
            p.write(" ")
            p.print_operands(self.operands[1:])
            p.write(" : ")
            p.print_type_list([v.type for v in self.operands[1:]])


def _yield_edge_error(op, terminator):
    """RegionBranchOpInterface: the values a region yields to the parent
    must match the op's results in number and type."""
    expected, yielded = [r.type for r in op.results], [v.type for v in terminator.operands]
    edge = f"'{op.name}' op along control flow edge from Operation scf.yield to parent: "
    message = None
    if len(yielded) != len(expected):
        message = (edge + f"region branch point has {len(yielded)} operands, but region "
                   f"successor needs {len(expected)} inputs")
    for i, (want, got) in enumerate(zip(expected, yielded)):
        if message is None and want != got:
            message = (edge + f"successor operand type #{i} '{got}' should match "
                       f"successor input type #{i} '{want}'")
    return message and NotedMessage(message, [("region branch point", terminator)])


def _print_arrow_types(p, types) -> None:
    """OpAsmPrinter::printOptionalArrowTypeList."""
    if types:
        p.write(" -> ")
        p.print_result_types(types)


# ---------------------------------------------------------- execute_region
@register_op
class ExecuteRegionOp(RegisteredOp):
    """`scf.execute_region [-> (T)] [no_inline] {...}`: a region of any
    number of blocks, run once; its scf.yields give the results."""

    name = "scf.execute_region"
    traits = (RecursiveMemoryEffects,)
    ods_results = (VariadicResult("results"),)
    ods_regions = (RegionDef("region", single_block=False),)
    inherent = ("no_inline",)

    syntax = r"""
        scf_execute_region: OP_SCF_EXECUTE_REGION ("->" _result_types)? NO_INLINE_KW? region attr_dict?
        NO_INLINE_KW.2: /(no_inline)(?![\w$.])/
    """

    @classmethod
    def parse(cls, t, children):
        attrs = dict(attrs_of(children))
        if _tokens(children, "NO_INLINE_KW"):
            attrs["no_inline"] = A.UNIT
        return new_op(cls.name, None, result_types=_result_types(children),
                      attributes=attrs, regions=regions_of(children))

    def verify(self):
        region = self.regions[0]
        if not region.blocks:
            return "'scf.execute_region' op region needs to have at least one block"
        if region.blocks[0].args:
            return "'scf.execute_region' op region cannot have any arguments"
        for block in region.blocks:
            if block.ops and isinstance(block.ops[-1], YieldOp):
                error = _yield_edge_error(self, block.ops[-1])
                if error:
                    return error
        return None

    def print(self, p) -> None:
        _print_arrow_types(p, [r.type for r in self.results])
        p.write(" ")
        if "no_inline" in self.properties:
            p.write("no_inline ")
        p.print_region(self.regions[0], False, True)
        self.attr_dict(p)


# ------------------------------------------------------------ index_switch
@register_op
class IndexSwitchOp(RegisteredOp):
    """`scf.index_switch %i [-> T]` then `case N {...}` lines and
    `default {...}`.  The default region is the first region, the cases
    follow in the order of `cases`."""

    name = "scf.index_switch"
    traits = (RecursiveMemoryEffects, SingleBlockImplicitTerminator("scf.yield"))
    ods_operands = (Operand("arg"),)
    ods_results = (VariadicResult("results"),)
    ods_regions = (RegionDef("defaultRegion", blocks=1),
                   RegionDef("caseRegions", variadic=True, blocks=1))
    inherent = ("cases",)
    required_properties = ("cases",)

    syntax = r"""
        scf_index_switch: OP_SCF_INDEX_SWITCH VALUE_ID attr_dict? ("->" type_list)? scf_switch_case* "default" region
        scf_switch_case: "case" signed_int region
    """

    @classmethod
    def parse(cls, t, children):
        cases = [c for c in children if isinstance(c, tuple) and c and c[0] == "case"]
        attrs = dict(attrs_of(children))
        attrs["cases"] = A.DenseArrayAttr(T.I64, [value for _, value, _ in cases])
        default = regions_of(children)[-1]
        return new_op(cls.name, None, _tokens(children, "VALUE_ID")[:1], [T.INDEX],
                      type_list(children), attrs,
                      regions=[default] + [region for _, _, region in cases])

    @parses("scf_switch_case")
    def parse_case(t, children):
        value = children[0]
        if not -(1 << 63) <= value < 1 << 63:
            # parseSwitchCases reads each value with parseInteger<int64_t>.
            raise MLIRError("custom op 'scf.index_switch' integer value too large", value.start)
        return ("case", value, children[1])

    def ensure_implicit_structure(self) -> None:
        ensure_terminator(self, 0, YieldOp)

    def verify(self):
        cases = list(self.properties["cases"].value)
        if len(cases) != len(self.regions) - 1:
            return (f"'scf.index_switch' op has {len(self.regions) - 1} case regions but "
                    f"{len(cases)} case values")
        seen = set()
        for value in cases:
            if value in seen:
                return f"'scf.index_switch' op has duplicate case value: {value}"
            seen.add(value)
        expected = [r.type for r in self.results]
        for index, region in enumerate(self.regions):
            what = "default region" if index == 0 else f"case region #{index - 1}"
            last = region.blocks[0].ops[-1] if region.blocks[0].ops else None
            if not isinstance(last, YieldOp):
                return (f"'scf.index_switch' op expected region to end with scf.yield, but got "
                        f"{last.op_name if last is not None else 'nothing'}")
            if len(last.operands) != len(expected):
                return NotedMessage(
                    f"'scf.index_switch' op expected each region to return {len(expected)} "
                    f"values, but {what} returns {len(last.operands)}",
                    [("see yield operation here", last)])
            for i, (value, want) in enumerate(zip(last.operands, expected)):
                if value.type != want:
                    return NotedMessage(
                        f"'scf.index_switch' op expected result #{i} of each region to be "
                        f"'{want}'", [(f"{what} returns '{value.type}' here", last)])
        return None

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        self.attr_dict(p)
        _print_arrow_types(p, [r.type for r in self.results])
        # The space before the cases' directive, which starts each case on a line.
        p.write(" ")
        indent = "\n" + "  " * p.indent
        for value, region in zip(self.properties["cases"].value, self.regions[1:]):
            p.write(f"{indent}case {value} ")
            p.print_region(region, False, True)
        p.write(f"{indent}default ")
        # The ODS region directive leaves out a yield of nothing.
        default = self.regions[0]
        last = default.blocks[0].ops[-1] if default.blocks and default.blocks[0].ops else None
        trivial = isinstance(last, YieldOp) and not last.operands and not last.attributes
        p.print_region(default, False, not trivial)


# ---------------------------------------------------------------- parallel
@register_op
class ParallelOp(RegisteredOp):
    """`scf.parallel (%i, %j) = (%lb...) to (%ub...) step (%s...)
    [init (%v...) -> (T...)] {...}`: operands lower bounds, upper bounds,
    steps, inits (operandSegmentSizes); the body ends with scf.reduce."""

    name = "scf.parallel"
    traits = (AutomaticAllocationScope, SingleBlockImplicitTerminator("scf.reduce"),
              RecursiveMemoryEffects, LoopLikeOpInterface, AttrSizedOperandSegments)
    ods_operands = (Variadic("lowerBound"), Variadic("upperBound"), Variadic("step"),
                    Variadic("initVals"))
    ods_results = (VariadicResult("results"),)
    ods_regions = (RegionDef("region", blocks=1),)
    canonicalization_patterns = PARALLEL_PATTERNS
    inherent = ("operandSegmentSizes",)

    syntax = r"""
        !scf_parallel: "scf.parallel" scf_parallel_values "=" scf_parallel_values "to" scf_parallel_values "step" scf_parallel_values scf_parallel_init? ("->" _result_types)? region attr_dict?
        // The `(` is kept: a list of the wrong length is reported there.
        !scf_parallel_values: "(" value_use_list? ")"
        scf_parallel_init: "init" "(" value_use_list ")"
    """

    @classmethod
    def parse(cls, t, children):
        lists = [c for c in children if isinstance(c, tuple) and c[0] == "values"]
        ivs = lists[0][1]
        lbs, ubs, steps = (values for _, values, _ in lists[1:])
        init = next((c[1] for c in children if isinstance(c, tuple) and c[0] == "init"), [])
        for _, values, paren in lists[1:]:
            if len(values) != len(ivs):
                raise parse_error(paren, f"custom op 'scf.parallel' expected {len(ivs)} operands")
        result_types = _result_types(children[1:])
        if len(init) != len(result_types):
            raise parse_error(lists[0][2], "custom op 'scf.parallel' expected as many init "
                                           "values as result types")
        region = regions_of(children)[0]
        region.set_entry_args([(defined_name(iv), T.INDEX) for iv in ivs])
        attrs = dict(attrs_of(children))
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(
            T.I32, [len(lbs), len(ubs), len(steps), len(init)])
        return new_op(cls.name, children[0], lbs + ubs + steps + init,
                      [T.INDEX] * (3 * len(ivs)) + list(result_types), result_types, attrs,
                      regions=[region])

    @parses("scf_parallel_values")
    def parse_values(t, children):
        """("values", the SSA names, the `(` token)."""
        return ("values", list(first_of(children, Uses, [])), children[0])

    @parses("scf_parallel_init")
    def parse_init(t, children):
        return ("init", list(children[0]))

    @property
    def body(self):
        return self.regions[0].blocks[0]

    def segments(self) -> list | None:
        """The operand groups, or None when the sizes do not cover the
        operands.  A generic form may spell the sizes `operand_segment_sizes`,
        the name ODS still reads them by."""
        attr = (self.properties.get("operandSegmentSizes")
                or self.attributes.get("operand_segment_sizes"))
        sizes = list(attr.value) if attr is not None else []
        if len(sizes) != 4 or sum(sizes) != len(self.operands):
            return None
        parts, start = [], 0
        for size in sizes:
            parts.append(self.operands[start:start + size])
            start += size
        return parts

    def ensure_implicit_structure(self) -> None:
        ensure_terminator(self, 0, ReduceOp)

    def verify(self):
        segments = self.segments()
        if segments is None:
            attr = (self.properties.get("operandSegmentSizes")
                    or self.attributes.get("operand_segment_sizes"))
            total = sum(attr.value) if attr is not None else 0
            return (f"'scf.parallel' op operand count ({len(self.operands)}) does not match "
                    f"with the total size ({total}) specified in attribute 'operandSegmentSizes'")
        lbs, ubs, steps, inits = segments
        if not steps:
            return ("'scf.parallel' op needs at least one tuple element for lowerBound, "
                    "upperBound and step")
        for step in steps:
            constant = _constant_int(step)
            if constant is not None and constant <= 0:
                return "'scf.parallel' op constant step operand must be positive"
        args = self.body.args
        if len(args) != len(steps):
            return ("'scf.parallel' op expects the same number of induction variables: "
                    f"{len(args)} as bound and step values: {len(steps)}")
        if any(arg.type != T.INDEX for arg in args):
            return ("'scf.parallel' op expects arguments for the induction variable to be of "
                    "index type")
        reduce = self.body.ops[-1] if self.body.ops else None
        if not isinstance(reduce, ReduceOp):
            return "'scf.parallel' op expects body to terminate with 'scf.reduce'"
        results = len(self.results)
        if results != len(reduce.regions):
            return (f"'scf.parallel' op expects number of results: {results} to be the same "
                    f"as number of reductions: {len(reduce.regions)}")
        if results != len(inits):
            return (f"'scf.parallel' op expects number of results: {results} to be the same "
                    f"as number of initial values: {len(inits)}")
        return None

    def print(self, p) -> None:
        lbs, ubs, steps, inits = self.segments()
        p.write(" (")
        p.print_operands(self.body.args)
        for prefix, values in ((") = (", lbs), (") to (", ubs), (") step (", steps)):
            p.write(prefix)
            p.print_operands(values)
        p.write(")")
        if inits:
            p.write(" init (")
            p.print_operands(inits)
            p.write(")")
        _print_arrow_types(p, [r.type for r in self.results])
        p.write(" ")
        p.print_region(self.regions[0], False, True)
        self.attr_dict(p)


def _constant_int(value):
    """The integer of an arith.constant, else None (getConstantIntValue)."""
    op = value.defining_op
    if op is None or op.op_name != "arith.constant":
        return None
    attr = op.properties.get("value")
    return attr.value if isinstance(attr, A.IntegerAttr) else None


# ------------------------------------------------------------------ reduce
@register_op
class ReduceOp(RegisteredOp):
    """`scf.reduce(%a, %b : T, U) {^bb0(%l: T, %r: T): ...}, {...}`: one
    reduction region per operand, each ending with scf.reduce.return."""

    name = "scf.reduce"
    traits = (HasParent("scf.parallel"), Terminator, RecursiveMemoryEffects)
    ods_operands = (Variadic("operands"),)
    ods_regions = (RegionDef("reductions", variadic=True, blocks=1),)

    syntax = r"""
        // A `{` after the name opens a region (parseOptionalRegion comes first):
        // the attributes may only follow a region.
        scf_reduce: OP_SCF_REDUCE ("(" value_use_list ":" type_list ")")? (region ("," region)* attr_dict?)?
    """

    @classmethod
    def parse(cls, t, children):
        return new_op(cls.name, None, uses(children), type_list(children),
                      attributes=dict(attrs_of(children)), regions=regions_of(children))

    def verify(self):
        for index, (value, region) in enumerate(zip(self.operands, self.regions)):
            block = region.blocks[0]
            if not block.ops:
                return f"'scf.reduce' op {index}-th reduction has an empty body"
            if len(block.args) != 2 or any(a.type != value.type for a in block.args):
                return (f"'scf.reduce' op expected two block arguments with type '{value.type}' "
                        f"in the {index}-th reduction region")
            if not isinstance(block.ops[-1], ReduceReturnOp):
                return ("'scf.reduce' op reduction bodies must be terminated with an "
                        "'scf.reduce.return' op")
        return None

    def print(self, p) -> None:
        if self.operands:
            p.write("(")
            p.print_operands(self.operands)
            p.write(" : ")
            p.print_type_list([v.type for v in self.operands])
            p.write(")")
        p.write(" ")
        for index, region in enumerate(self.regions):
            if index:
                p.write(", ")
            p.print_region(region, True, True)
        self.attr_dict(p)


@register_op
class ReduceReturnOp(RegisteredOp):
    """`scf.reduce.return %r : T`: the result of a reduction region."""

    name = "scf.reduce.return"
    traits = (HasParent("scf.reduce"), Pure, Terminator)
    ods_operands = (Operand("result"),)

    syntax = r"""
        scf_reduce_return: OP_SCF_REDUCE_RETURN VALUE_ID attr_dict? ":" type
        OP_SCF_REDUCE_RETURN.2: /scf\.reduce\.return(?![\w$.])/
    """

    @classmethod
    def parse(cls, t, children):
        return new_op(cls.name, None, children[:1], types_of(children),
                      attributes=dict(attrs_of(children)))

    def verify(self):
        reduce = self.parent_op
        region = self.parent.parent
        index = reduce.regions.index(region)
        if index < len(reduce.operands):
            expected = reduce.operands[index].type
            if self.operands[0].type != expected:
                return (f"'scf.reduce.return' op must have type '{expected}' (the type of the "
                        "reduction inputs)")
        return None

    def print(self, p) -> None:
        self.print_operands_then_types(p, [self.operands[0].type])
