"""The cf dialect: branches between the blocks of a region
(mlir/include/mlir/Dialect/ControlFlow/IR/ControlFlowOps.td,
mlir/lib/Dialect/ControlFlow/IR/ControlFlowOps.cpp).  Each op is its ODS
declaration; cf.switch's case list is the custom directive
`SwitchOpCases`."""

from __future__ import annotations

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..ir.attr_syntax import DenseArray, StrAttr
from ..ir.core import register_op
from ..ir.op_definition import Operand, Property, Successor, Variadic
from ..ir.traits import AttrSizedOperandSegments, MemoryEffects, Pure, Terminator, Write
from ..parse.syntax import TOKEN, TypeList, Uses
from .base import RegisteredOp


def successor_operands_error(op) -> str | None:
    """BranchOpInterface's verifier (verifyBranchSuccessorOperands): the
    operands passed to each successor match its arguments in number and
    type.  `op.successor_operands()` lists them by successor."""
    for index, (block, operands) in enumerate(zip(op.successors, op.successor_operands())):
        if len(operands) != len(block.args):
            return (f"branch has {len(operands)} operands for successor #{index}, but target "
                    f"block has {len(block.args)}")
        for i, (value, arg) in enumerate(zip(operands, block.args)):
            if value.type != arg.type:
                return f"type mismatch for bb argument #{i} of successor #{index}"
    return None


def branch_weights_error(op, successors: int) -> str | None:
    """WeightedBranchOpInterface's verifier (verifyBranchWeights): one
    weight a successor, not all of them zero."""
    weights = op.properties.get("branch_weights")
    if weights is None:
        return None
    values = weights.value
    if len(values) != successors:
        return (f"expects number of branch weights to match number of "
                f"successors: {len(values)} vs {successors}")
    if not any(values):
        return "branch weights cannot all be zero"
    return None


class BranchingOp(RegisteredOp):
    """A terminator that passes operands to its successors."""

    __slots__ = ()

    def successor_operands(self) -> list:
        raise NotImplementedError

    def verify(self):
        return successor_operands_error(self)


@register_op
class AssertOp(RegisteredOp):
    name = "cf.assert"
    traits = (MemoryEffects(Write()),)
    ods_operands = (Operand("arg"),)
    ods_properties = (Property("msg", StrAttr()),)
    required_properties = ("msg",)
    ods_types = {"arg": T.I1}
    assembly_format = "$arg `,` $msg attr-dict"


@register_op
class BranchOp(BranchingOp):
    name = "cf.br"
    traits = (Pure, Terminator)
    ods_operands = (Variadic("destOperands"),)
    ods_successors = (Successor("dest"),)
    assembly_format = "$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict"

    def successor_operands(self) -> list:
        return [self.operands]


@register_op
class CondBranchOp(BranchingOp):
    name = "cf.cond_br"
    traits = (AttrSizedOperandSegments, Pure, Terminator)
    ods_operands = (Operand("condition"), Variadic("trueDestOperands"),
                    Variadic("falseDestOperands"))
    ods_properties = (Property("branch_weights", DenseArray(T.I32)),)
    ods_successors = (Successor("trueDest"), Successor("falseDest"))
    ods_types = {"condition": T.I1}
    assembly_format = """
        $condition (`weights` `(` $branch_weights^ `)` )? `,`
        $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,`
        $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)?
        attr-dict
    """

    def successor_operands(self) -> list:
        true_count = self.properties["operandSegmentSizes"].value[1]
        return [self.operands[1:1 + true_count], self.operands[1 + true_count:]]

    def verify(self):
        return branch_weights_error(self, 2) or super().verify_own()


class SwitchOpCases:
    """`default: ^bb(%a : i32), 42: ^bb(...)`: the destinations of
    cf.switch with their operands (parseSwitchOpCases / printSwitchOpCases),
    one case a line."""

    grammar = ('"default" ":" CARET_ID ("(" value_use_list ":" type_list ")")? '
               '("," signed_int ":" CARET_ID ("(" value_use_list ":" type_list ")")?)*')
    optional = False
    # VariadicOfVariadic's segment sizes go unprinted as operandSegmentSizes do.
    elides = ("case_operand_segments",)

    def parse(self, state, children, args):
        cases = []          # [value, block, operands, types]
        for child in children:
            if isinstance(child, TOKEN) and child.type == "CARET_ID":
                if not cases:
                    cases.append([None, child, [], []])
                else:
                    cases[-1][1] = child
            elif isinstance(child, int):
                if not -(1 << 63) <= child < 1 << 63:
                    # parseSwitchOpCases reads each value with parseInteger<int64_t>.
                    raise MLIRError("custom op 'cf.switch' integer value too large", child.start)
                cases.append([child, None, [], []])
            elif isinstance(child, Uses):
                cases[-1][2] = list(child)
            elif isinstance(child, TypeList):
                cases[-1][3] = list(child)
        default, rest = cases[0], cases[1:]
        state.successors["defaultDestination"] = [default[1]]
        state.operands["defaultOperands"] = default[2]
        state.types["defaultOperands"] = default[3]
        state.successors["caseDestinations"] = [c[1] for c in rest]
        state.operands["caseOperands"] = [v for c in rest for v in c[2]]
        state.types["caseOperands"] = [t for c in rest for t in c[3]]
        state.attributes["case_operand_segments"] = A.DenseArrayAttr(
            T.I32, [len(c[2]) for c in rest])
        if rest:
            flag_type = state.types["flag"][0]
            state.attributes["case_values"] = A.DenseElementsAttr(
                T.VectorType((len(rest),), flag_type),
                [A.wrap_integer(int(c[0]), flag_type) for c in rest])

    def print(self, p, view, args):
        op = view.op
        # The format's newline indents as the op; the cases go one deeper.
        newline = "\n" + "  " * (p.indent + 1)
        p.write("  default: ")
        _print_destination(p, op.successors[0], view.operands["defaultOperands"])
        segments = op.properties["case_operand_segments"].value
        values = op.properties.get("case_values")
        operands, at = view.operands["caseOperands"], 0
        width = op.operands[0].type.width
        for index, (block, size) in enumerate(zip(op.successors[1:], segments)):
            p.write("," + newline)
            p.write(f"{_case_value(values, index) % (1 << width)}: ")
            _print_destination(p, block, operands[at:at + size])
            at += size
        p.write("\n" + "  " * p.indent)


def _case_value(values, index) -> int:
    return values.values[0 if values.is_splat else index]


def _print_destination(p, block, operands) -> None:
    p.print_successor(block)
    if operands:
        p.write("(")
        p.print_operands(operands)
        p.write(" : ")
        p.print_type_list([v.type for v in operands])
        p.write(")")


@register_op
class SwitchOp(BranchingOp):
    name = "cf.switch"
    required_properties = ("case_operand_segments",)
    traits = (AttrSizedOperandSegments, Pure, Terminator)
    ods_operands = (Operand("flag"), Variadic("defaultOperands"), Variadic("caseOperands"))
    ods_properties = (Property("case_values"), Property("case_operand_segments"))
    ods_successors = (Successor("defaultDestination"), Successor("caseDestinations", True))
    custom_SwitchOpCases = SwitchOpCases()
    assembly_format = """
        $flag `:` type($flag) `,` `[` `\\n`
          custom<SwitchOpCases>(ref(type($flag)),$defaultDestination,
                                $defaultOperands,
                                type($defaultOperands),
                                $case_values,
                                $caseDestinations,
                                $caseOperands,
                                type($caseOperands))
       `]`
        attr-dict
    """
    # parseSwitchOpCases reads `default` and each case value with the op's
    # parser, which reports them at the token found; the cases end where no
    # `,` follows, and the format's `]` is then wanted.
    syntax_missing = {"DEFAULT": ("custom op 'cf.switch' expected 'default'", "token"),
                      (",", "INT"): ("custom op 'cf.switch' expected integer value", "token"),
                      "RSQB": ("expected ']'", "previous")}

    def successor_operands(self) -> list:
        sizes = self.properties["operandSegmentSizes"].value
        default_end = 1 + sizes[1]
        found, at = [self.operands[1:default_end]], default_end
        for size in self.properties["case_operand_segments"].value:
            found.append(self.operands[at:at + size])
            at += size
        return found
