"""Canonicalization patterns of arith's ops (mlir/lib/Dialect/Arith/IR/
ArithOps.cpp and ArithCanonicalization.td), the functions the op classes of
dialects/arith.py list in `canonicalization_patterns`.  Each takes the op
and the rewriter, changes the IR through the rewriter only, and says
whether it did.  New ops are built by the classes the registry names, so
this file needs no import of arith.py (which imports it).

The patterns of ArithCanonicalization.td are DRR rules: the ops they build
take the fused location of the ops they matched (`rewriter.fuse_locations`),
in the order mlir-tblgen's matcher records them: the root, then each nested
op after what it nests, a constant matched by ConstantLikeMatcher counting
as an op; as many as the rule's source names ops, constants aside.
"""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import OP_CLASSES
from ..ir.matchers import constant_attribute
from .arith_folds import flags_attr, signed, splat_of, width_of
from ..ir.type_constraints import element_type_or_self


def _defined_by(value, name: str):
    """The op named `name` that defines `value`, or None."""
    op = value.defining_op
    return op if op is not None and op.op_name == name else None


def _splat_int(value) -> int | None:
    """The signed integer a scalar or splat constant `value` holds."""
    attr = splat_of(constant_attribute(value), value.type)
    width = width_of(element_type_or_self(value.type))
    if not isinstance(attr, A.IntegerAttr) or width is None:
        return None
    return signed(attr.value, width)


def _scalar_i1(value) -> int | None:
    """ConstantAttr<I1Attr, ...>: the 0 or 1 of a scalar i1 constant."""
    attr = constant_attribute(value)
    return attr.value if isinstance(attr, A.IntegerAttr) and attr.type == T.I1 else None


def _constant_op(op, index: int):
    """The constant op ConstantLikeMatcher matched as operand `index`."""
    return op.operands[index].defining_op


def _create(rewriter, name: str, *args):
    return rewriter.insert(OP_CLASSES[name].build(*args))


def _true(rewriter):
    return _create(rewriter, "arith.constant", A.IntegerAttr(1, T.I1)).results[0]


# ------------------------------------------------------------------ select
def redundant_select_false(op, rewriter) -> bool:
    """select(p, a, select(p, b, c)) -> select(p, a, c)."""
    condition, true_value, false_value = op.operands
    inner = _defined_by(false_value, "arith.select")
    if inner is None or inner.operands[0] is not condition:
        return False
    rewriter.fuse_locations([op, inner])
    new = _create(rewriter, "arith.select", condition, true_value, inner.operands[2])
    rewriter.replace_op(op, new.results)
    return True


def redundant_select_true(op, rewriter) -> bool:
    """select(p, select(p, a, b), c) -> select(p, a, c)."""
    condition, true_value, false_value = op.operands
    inner = _defined_by(true_value, "arith.select")
    if inner is None or inner.operands[0] is not condition:
        return False
    rewriter.fuse_locations([op, inner])
    new = _create(rewriter, "arith.select", condition, inner.operands[1], false_value)
    rewriter.replace_op(op, new.results)
    return True


def select_not_cond(op, rewriter) -> bool:
    """select(xori(p, 1), a, b) -> select(p, b, a)."""
    condition, true_value, false_value = op.operands
    negation = _defined_by(condition, "arith.xori")
    if negation is None or _splat_int(negation.operands[1]) != -1:
        return False
    rewriter.fuse_locations([op, _constant_op(negation, 1)])
    new = _create(rewriter, "arith.select", negation.operands[0], false_value, true_value)
    rewriter.replace_op(op, new.results)
    return True


def select_i1_to_not(op, rewriter) -> bool:
    """select(p, false, true) -> xori(p, true)."""
    condition, true_value, false_value = op.operands
    if _scalar_i1(true_value) != 0 or _scalar_i1(false_value) != 1:
        return False
    new = _create(rewriter, "arith.xori", condition, _true(rewriter))
    rewriter.replace_op(op, new.results)
    return True


def select_to_extui(op, rewriter) -> bool:
    """select(p, 1, 0) -> extui(p); select(p, 0, 1) -> extui(xori(p, true)),
    for a result of an integer type wider than i1."""
    condition, true_value, false_value = op.operands
    type = op.results[0].type
    if not isinstance(type, T.IntegerType) or type.width == 1:
        return False
    if _splat_int(true_value) == 1 and _splat_int(false_value) == 0:
        new = _create(rewriter, "arith.extui", condition, type)
    elif _splat_int(true_value) == 0 and _splat_int(false_value) == 1:
        negated = _create(rewriter, "arith.xori", condition, _true(rewriter))
        new = _create(rewriter, "arith.extui", negated.results[0], type)
    else:
        return False
    rewriter.replace_op(op, new.results)
    return True


SELECT_PATTERNS = (redundant_select_false, redundant_select_true, select_not_cond,
                   select_i1_to_not, select_to_extui)


# ------------------------------------------------------------ extensions
def ext_si_of_ext_ui(op, rewriter) -> bool:
    """extsi(extui(x)) -> extui(x): the sign bit of extui's result is 0."""
    inner = _defined_by(op.operands[0], "arith.extui")
    if inner is None:
        return False
    rewriter.fuse_locations([op, inner])
    new = _create(rewriter, "arith.extui", inner.operands[0], op.results[0].type)
    rewriter.replace_op(op, new.results)
    return True


def _per_extension(match, label: str, doc: str, order=("arith.extui", "arith.extsi")):
    """One pattern per extension kind from `match(op, rewriter, ext)`,
    named for -canonicalize's enable/disable-patterns options."""
    def make(ext):
        def pattern(op, rewriter) -> bool:
            return match(op, rewriter, ext)
        pattern.__name__ = f"{label}_{ext[6:]}"
        pattern.__doc__ = doc.format(ext=ext)
        return pattern
    return tuple(make(ext) for ext in order)


def _cmpi_of_ext(op, rewriter, ext) -> bool:
    lhs, rhs = (_defined_by(value, ext) for value in op.operands)
    if (lhs is None or rhs is None or op.predicate not in ("eq", "ne")
            or lhs.operands[0].type != rhs.operands[0].type):
        return False
    rewriter.fuse_locations([op, lhs, rhs])
    new = _create(rewriter, "arith.cmpi", op.predicate, lhs.operands[0], rhs.operands[0])
    rewriter.replace_op(op, new.results)
    return True


def _logic_of_ext(op, rewriter, ext) -> bool:
    lhs, rhs = (_defined_by(value, ext) for value in op.operands)
    if lhs is None or rhs is None or lhs.operands[0].type != rhs.operands[0].type:
        return False
    rewriter.fuse_locations([op, lhs, rhs])
    narrow = _create(rewriter, op.op_name, lhs.operands[0], rhs.operands[0])
    new = _create(rewriter, ext, narrow.results[0], op.results[0].type)
    rewriter.replace_op(op, new.results)
    return True


def _trunci_of_ext(op, rewriter, ext) -> bool:
    inner = _defined_by(op.operands[0], ext)
    if inner is None:
        return False
    narrow = width_of(element_type_or_self(inner.operands[0].type))
    if narrow >= width_of(element_type_or_self(op.results[0].type)):
        return False
    rewriter.fuse_locations([op, inner])
    new = _create(rewriter, ext, inner.operands[0], op.results[0].type)
    rewriter.replace_op(op, new.results)
    return True


CMPI_PATTERNS = _per_extension(_cmpi_of_ext, "cmpi_of",
                               "cmpi eq/ne of two {ext} of one type -> cmpi of their operands.",
                               order=("arith.extsi", "arith.extui"))
LOGIC_OF_EXT_PATTERNS = _per_extension(
    _logic_of_ext, "logic_of", "op({ext}(x), {ext}(y)) -> {ext}(op(x, y)) (AndOfExtUI, ...).")
TRUNCI_PATTERNS = _per_extension(
    _trunci_of_ext, "trunci_of", "trunci({ext}(x)) of a narrower x -> {ext}(x).")


# ------------------------------------------- chains of constant add/sub/mul
def _int_constant(value):
    """ConstantLikeMatcher APIntAttr: the constant (scalar or splat) or None."""
    return _splat_int(value)


def _overflow(op):
    return op.properties.get("overflowFlags")


def _merged_overflow(first, second):
    """MergeOverflow: the flags both ops carry."""
    words = [set(_flag_words(flag)) for flag in (_overflow(first), _overflow(second))]
    return flags_attr("overflow", words[0] & words[1])


def _flag_words(flag):
    if flag is None:
        return []
    inner = flag.text[flag.text.index("<") + 1:-1]
    return [w.strip() for w in inner.split(",") if w.strip() not in ("", "none")]


def _chain(root, rewriter, name, operands_order, constant, overflow, second):
    """Replace `root` by `name`(operands) with the folded `constant` (of
    root's type) where operands_order puts it ("c") relative to x; the new
    ops are at the fused location of root and `second`, the op the rule's
    matcher records after it."""
    rewriter.fuse_locations([root, second])
    type = root.results[0].type
    width = width_of(element_type_or_self(type))
    attr = A.IntegerAttr(signed(constant, width), element_type_or_self(type))
    if element_type_or_self(type) is not type:
        attr = A.DenseElementsAttr(type, [attr.value])
    made = _create(rewriter, "arith.constant", attr).results[0]
    operands = [made if o == "c" else o for o in operands_order]
    new = OP_CLASSES[name].build_generic(operands, [type])
    if overflow is not None and overflow != OP_CLASSES[name].property_defaults.get("overflowFlags"):
        new.properties["overflowFlags"] = overflow
    rewriter.insert(new)
    rewriter.replace_op(root, new.results)
    return True


def _parts(value, name):
    """(x, c) of name(x, c) or (c, x) flags: ('rhs', x, c, op, the constant's
    op), ('lhs', x, c, op, the constant's op)."""
    op = _defined_by(value, name)
    if op is None:
        return None
    a, b = op.operands
    if _int_constant(b) is not None:
        return "rhs", a, _int_constant(b), op, b.defining_op
    if _int_constant(a) is not None:
        return "lhs", b, _int_constant(a), op, a.defining_op
    return None


def addi_constant_chains(op, rewriter) -> bool:
    """AddIAddConstant, AddISubConstantRHS, AddISubConstantLHS:
    addi(addi(x, c0), c1) -> addi(x, c0 + c1); addi(subi(x, c0), c1) ->
    addi(x, c1 - c0); addi(subi(c0, x), c1) -> subi(c0 + c1, x)."""
    x, c1_value = op.operands
    c1 = _int_constant(c1_value)
    if c1 is None:
        return False
    inner = _parts(x, "arith.addi")
    if inner is not None and inner[0] == "rhs":
        return _chain(op, rewriter, "arith.addi", [inner[1], "c"], inner[2] + c1,
                      _merged_overflow(inner[3], op), inner[4])
    inner = _parts(x, "arith.subi")
    if inner is not None and inner[0] == "rhs":
        return _chain(op, rewriter, "arith.addi", [inner[1], "c"], c1 - inner[2],
                      _merged_overflow(inner[3], op), inner[4])
    if inner is not None:
        return _chain(op, rewriter, "arith.subi", ["c", inner[1]], inner[2] + c1,
                      _merged_overflow(inner[3], op), inner[4])
    return False


def subi_constant_chains(op, rewriter) -> bool:
    """SubIRHSAddConstant, SubILHSAddConstant, SubIRHS/LHSSubConstantRHS/LHS
    and SubSubILHSRHSLHS: a subi of a constant and an addi/subi with a
    constant folds the constants; subi(subi(a, b), a) -> subi(0, b)."""
    lhs, rhs = op.operands
    c_rhs, c_lhs = _int_constant(rhs), _int_constant(lhs)
    if c_rhs is not None:
        inner = _parts(lhs, "arith.addi")
        if inner is not None and inner[0] == "rhs":
            return _chain(op, rewriter, "arith.addi", [inner[1], "c"], inner[2] - c_rhs,
                          _merged_overflow(inner[3], op), inner[4])
    if c_lhs is not None:
        inner = _parts(rhs, "arith.addi")
        if inner is not None and inner[0] == "rhs":
            return _chain(op, rewriter, "arith.subi", ["c", inner[1]], c_lhs - inner[2],
                          _merged_overflow(inner[3], op), _constant_op(op, 0))
    if c_rhs is not None:
        inner = _parts(lhs, "arith.subi")
        if inner is not None and inner[0] == "rhs":
            return _chain(op, rewriter, "arith.subi", [inner[1], "c"], inner[2] + c_rhs,
                          _merged_overflow(inner[3], op), inner[4])
        if inner is not None:
            return _chain(op, rewriter, "arith.subi", ["c", inner[1]], inner[2] - c_rhs,
                          _merged_overflow(inner[3], op), inner[4])
    if c_lhs is not None:
        inner = _parts(rhs, "arith.subi")
        if inner is not None and inner[0] == "rhs":
            return _chain(op, rewriter, "arith.subi", ["c", inner[1]], inner[2] + c_lhs,
                          _merged_overflow(inner[3], op), _constant_op(op, 0))
        if inner is not None:
            return _chain(op, rewriter, "arith.addi", [inner[1], "c"], c_lhs - inner[2],
                          _merged_overflow(inner[3], op), _constant_op(op, 0))
    inner = _defined_by(lhs, "arith.subi")
    if inner is not None and inner.operands[0] is rhs:
        return _chain(op, rewriter, "arith.subi", ["c", inner.operands[1]], 0,
                      _merged_overflow(inner, op), inner)
    return False


def muli_constant_chain(op, rewriter) -> bool:
    """MulIMulIConstant: muli(muli(x, c0), c1) -> muli(x, c0 * c1)."""
    x, c1_value = op.operands
    c1 = _int_constant(c1_value)
    inner = _parts(x, "arith.muli")
    if c1 is None or inner is None or inner[0] != "rhs":
        return False
    return _chain(op, rewriter, "arith.muli", [inner[1], "c"], inner[2] * c1,
                  _merged_overflow(inner[3], op), inner[4])


def addi_of_negation(op, rewriter) -> bool:
    """AddIMulNegativeOneRhs/Lhs: addi(x, muli(y, -1)) -> subi(x, y),
    addi(muli(x, -1), y) -> subi(y, x)."""
    for negated, other in ((op.operands[1], op.operands[0]), (op.operands[0], op.operands[1])):
        product = _defined_by(negated, "arith.muli")
        if product is not None and _int_constant(product.operands[1]) == -1:
            rewriter.fuse_locations([op, _constant_op(product, 1)])
            new = _create(rewriter, "arith.subi", other, product.operands[0])
            rewriter.replace_op(op, new.results)
            return True
    return False


ADDI_PATTERNS = (addi_constant_chains, addi_of_negation)
SUBI_PATTERNS = (subi_constant_chains,)
MULI_PATTERNS = (muli_constant_chain,)


def index_cast_of_ext(ext: str):
    """IndexCastOfExtSI / IndexCastUIOfExtUI: index_cast(extsi(x)) ->
    index_cast(x), index_castui(extui(x)) -> index_castui(x)."""
    def pattern(op, rewriter) -> bool:
        inner = _defined_by(op.operands[0], ext)
        if inner is None:
            return False
        rewriter.fuse_locations([op, inner])
        new = _create(rewriter, op.op_name, inner.operands[0], op.results[0].type)
        rewriter.replace_op(op, new.results)
        return True
    pattern.__name__ = f"index_cast_of_{ext[6:]}"
    return pattern


def truncf_of_sitofp(op, rewriter) -> bool:
    """TruncFSIToFPToSIToFP: truncf(sitofp(x)) -> sitofp(x) to the narrow
    type (without a rounding mode)."""
    inner = _defined_by(op.operands[0], "arith.sitofp")
    if inner is None or "roundingmode" in op.properties:
        return False
    rewriter.fuse_locations([op, inner])
    new = _create(rewriter, "arith.sitofp", inner.operands[0], op.results[0].type)
    rewriter.replace_op(op, new.results)
    return True
