"""The scf dialect's loops and conditionals (mlir/lib/Dialect/SCF/IR/SCF.cpp:
ForOp, IfOp, WhileOp, ConditionOp, YieldOp), with the custom forms mlir-opt 22
prints.  Nested ops are printed fully qualified: scf ops declare no default
dialect."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import register_op
from ..ir.op_definition import Operand, RegionDef, Variadic, VariadicResult
from ..ir.traits import (AutomaticAllocationScope, LoopLikeOpInterface, NoRegionArguments,
                         Pure, RecursiveMemoryEffects, RecursivelySpeculatable, ReturnLike,
                         SingleBlock, SingleBlockImplicitTerminator, Terminator)
from ..parse.syntax import TOKEN, ParsedBlock, ParsedRegion, TypeList, defined_name, parse_error
from ..parse.op_syntax import parses
from .base import (ValueTerminator, RegisteredOp, attrs_of, ensure_terminator,
                   regions_of, type_list, uses, new_op)


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


def _terminator_error(op, region_index: int, terminator_cls):
    """The message of SCF.cpp `verifyAndGetTerminator` when a region does not
    end with the expected terminator, or None."""
    region = op.regions[region_index]
    if region.blocks and region.blocks[0].ops and isinstance(region.blocks[0].ops[-1], terminator_cls):
        return None
    return f"'{op.name}' op expects region to end with '{terminator_cls.name}'"


# ------------------------------------------------------------------ yield
@register_op
class YieldOp(ValueTerminator):
    """`scf.yield {attrs} %a, %b : T, U` (ODS: attr-dict ($results^ : type)?)."""

    name = "scf.yield"
    traits = (Pure, Terminator, ReturnLike)
    parents = ("scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while")

    syntax = r"""
        !scf_yield: "scf.yield" attr_dict? (value_use_list ":" type_list)?
    """

    @classmethod
    def parse(cls, t, children):
        operands, types = uses(children), type_list(children)
        if len(operands) != len(types):
            raise parse_error(operands[0], f"{len(operands)} operands present, but expected {len(types)}")
        return new_op("scf.yield", children[0], operands, types, attributes=dict(attrs_of(children)))

    def verify(self):
        parent = self.parent_op
        if parent is None or parent.op_name not in self.parents:
            return f"'scf.yield' op expects parent op to be one of '{', '.join(self.parents)}'"
        return None


def _tokens(children, kind: str) -> list:
    return [c for c in children if isinstance(c, TOKEN) and c.type == kind]


# -------------------------------------------------------------------- for
@register_op
class ForOp(RegisteredOp):
    """`scf.for [unsigned] %iv = %lb to %ub step %s [iter_args(...) -> (T)]
    [: type] {...}`: operands lb, ub, step, then the loop-carried inits."""

    name = "scf.for"
    traits = (AutomaticAllocationScope, SingleBlockImplicitTerminator, RecursiveMemoryEffects,
              LoopLikeOpInterface)
    ods_operands = (Operand("lowerBound"), Operand("upperBound"), Operand("step"),
                    Variadic("initArgs"))
    ods_results = (VariadicResult("results"),)
    ods_regions = (RegionDef("region"),)
    inherent = ("unsignedCmp",)
    num_regions = 1

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
            raise parse_error(iv, "mismatch in number of loop-carried values and defined values")
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

    def finish_parse(self) -> None:
        ensure_terminator(self, 0, YieldOp)

    def verify(self):
        # Only the generic form can give it another number of regions, or a
        # body without the induction variable (whose count MLIR takes as
        # unsigned, one less than the body's arguments).
        if len(self.regions) != 1:
            return "'scf.for' op requires one region"
        if not self.body.args:
            return ("'scf.for' op different number of inits and region iter_args: "
                    f"{len(self.inits)} != {(len(self.body.args) - 1) % (1 << 64)}")
        if len(self.inits) != len(self.results):
            return "'scf.for' op mismatch in number of loop-carried values and defined values"
        if self.induction_var.type != self.operands[0].type:
            return "'scf.for' op expected induction variable to be same type as bounds and step"
        error = _terminator_error(self, 0, YieldOp)
        if error:
            return error
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
    traits = (SingleBlockImplicitTerminator, RecursiveMemoryEffects, RecursivelySpeculatable,
              NoRegionArguments)
    ods_operands = (Operand("condition"),)
    ods_results = (VariadicResult("results"),)
    ods_regions = (RegionDef("thenRegion"), RegionDef("elseRegion"))

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
            # that finish_parse can tell it from an absent else.
            regions[1].blocks.append(ParsedBlock())
        return new_op("scf.if", children[0], [cond], [T.I1], _result_types(children[1:]),
                      dict(attrs_of(children)), regions=regions)

    def finish_parse(self) -> None:
        ensure_terminator(self, 0, YieldOp)
        if self.regions[1].blocks:
            ensure_terminator(self, 1, YieldOp)

    def verify(self):
        if self.results and not self.regions[1].blocks:
            return "'scf.if' op must have an else block if defining values"
        expected = [r.type for r in self.results]
        for index, region in enumerate(self.regions):
            if not region.blocks:
                continue
            error = _terminator_error(self, index, YieldOp)
            if error:
                return error
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
@register_op
class WhileOp(RegisteredOp):
    """`scf.while (%arg = %init) : (T) -> U {before} do {after}
    [attributes {...}]`: the before region ends with scf.condition, the
    after region (whose block header is printed) with scf.yield."""

    name = "scf.while"
    traits = (SingleBlock, RecursiveMemoryEffects, LoopLikeOpInterface)
    ods_operands = (Variadic("inits"),)
    ods_results = (VariadicResult("results"),)
    ods_regions = (RegionDef("before"), RegionDef("after"))

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
        before.set_entry_args([(arg, type) for (arg, _), type in zip(pairs, ftype.inputs)])
        return new_op("scf.while", children[0], [init for _, init in pairs], list(ftype.inputs),
                      list(ftype.results), dict(attrs_of(children)), regions=[before, after])

    def verify(self):
        before, after = self.regions
        if not before.blocks or not before.blocks[0].ops \
                or not isinstance(before.blocks[0].ops[-1], ConditionOp):
            return "'scf.while' op expects the 'before' region to terminate with 'scf.condition'"
        if not after.blocks or not after.blocks[0].ops \
                or not isinstance(after.blocks[0].ops[-1], YieldOp):
            return "'scf.while' op expects the 'after' region to terminate with 'scf.yield'"
        return None

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
    traits = (Pure, Terminator)
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


