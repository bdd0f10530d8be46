"""Grammar callbacks for the parts of the syntax every dialect shares: types,
attributes, affine maps and sets, regions, the generic op form and the top
level.  Custom op forms add their callbacks from the dialect modules
(`CUSTOM_FORMS`); each callback is named after its grammar rule.

The parser calls these while it reduces (LALR with an embedded transformer),
so no parse tree is built.  Aliases (`#map0 = ...`) are recorded as their
definitions are reduced, which is in textual order, as MLIR requires.
"""

from __future__ import annotations

from lark import Token

from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import constant as affine_constant
from ..ir.affine_expr import dim as affine_dim
from ..ir.affine_expr import symbol as affine_symbol
from ..ir.affine_map import AffineMap, IntegerSet
from ..printer.numbers import float_to_bits, round_to_type, unescape_string
from .syntax import (TOKEN, SymbolUses, AttrDict, ParsedBlock, ParsedOp, ParsedRegion, Props,
                     Regions, Successors, TypeList, Uses, parse_error, pos_of,
                     split_children)


class ResultList(list):
    """The (name, count, position) groups an op's results are bound to."""


class AffineSyntax(tuple):
    """An affine expression as written: (kind, operands...) before its
    identifiers are bound to dims, symbols or SSA operands."""


def _expr(kind):
    return lambda self, children: AffineSyntax((kind, *children))


class MLIRTransformer:
    # Where the text comes from, for source locations that ops build from
    # parse positions (test.attr_with_loc without `loc(...)`): the input file
    # name as given to the tool, and the line of the whole file on which the
    # current split chunk starts (locations use whole-file line numbers).
    source_name = "<stdin>"
    line_offset = 0

    def __init__(self, text: str):
        self.text = text
        self.attribute_aliases: dict[str, A.Attribute] = {}
        self.type_aliases: dict[str, T.Type] = {}
        self.toplevel: list[ParsedOp] = []

    # ------------------------------------------------------------ top level
    def start(self, children):
        return [c for c in children if isinstance(c, ParsedOp)]

    def attribute_alias_def(self, children):
        name, value = children
        if name.value in self.attribute_aliases:
            raise parse_error(name, f"redefinition of attribute alias id '{name.value[1:]}'")
        self.attribute_aliases[name.value] = value
        return None

    def type_alias_def(self, children):
        name, value = children
        if name.value in self.type_aliases:
            raise parse_error(name, f"redefinition of type alias id '{name.value[1:]}'")
        self.type_aliases[name.value] = value
        return None

    # ----------------------------------------------------------- operations
    def operation(self, children):
        first = children[0]
        if isinstance(first, ResultList):
            op = children[1]
            op.results = first
            if op.pos is None:
                op.pos = first[0][2]
            return op
        return first

    def results(self, children):
        """`%a, %b:2 =` -> [("%a", 1, pos), ("%b", 2, pos)]."""
        groups = ResultList()
        for token in children:
            text = token.value
            if token.type == "RESULTS":
                text = text.rstrip()[:-1].rstrip()
            name, _, count = text.partition(":")
            groups.append((name, int(count) if count else 1, pos_of(token)))
        return groups

    def keyword_name(self, children):
        return children[0]

    def unknown_custom_op(self, children):
        name = children[-1]
        if "." not in name.value:
            raise parse_error(name, f"custom op '{name.value}' is unknown (tried 'func.{name.value}' as well)")
        raise parse_error(name, f"custom op '{name.value}' is unknown")

    def generic_op(self, children):
        name_token = children[0]
        uses, successors, props, regions, attrs, ftype = split_children(
            children[1:], Uses, Successors, Props, Regions, AttrDict, T.FunctionType)
        op = ParsedOp(_string_value(name_token).decode(), pos_of(name_token),
                      uses or [], (), ftype.results, attrs or {}, props or {},
                      regions or [], successors or [])
        op.operand_types = list(ftype.inputs)
        if len(op.operand_types) != len(op.operands):
            raise parse_error(name_token, f"expected {len(op.operands)} operand type"
                              f"{'' if len(op.operands) == 1 else 's'} but had {len(op.operand_types)}")
        return op

    def successor_list(self, children):
        return Successors(children)

    def properties(self, children):
        return Props(children[0].value)

    def region_list(self, children):
        return Regions(children)

    def value_use_list(self, children):
        return Uses(children)

    def symbol_uses(self, children):
        return SymbolUses(children[0] if children else ())

    def type_list(self, children):
        return TypeList(children)

    def paren_types(self, children):
        return TypeList(children[0]) if children else TypeList()

    def attr_dict(self, children):
        result = AttrDict()
        for name, value in children:
            if name in result:
                raise parse_error(name, f"attribute '{name}' occurs more than once in the attribute list")
            result[name.value] = value
        return result

    def attr_entry(self, children):
        name = children[0]
        key = _string_value(name).decode() if name.type == "STRING" else name.value
        key = Token.new_borrow_pos(name.type, key, name)
        return (key, children[1] if len(children) > 1 else A.UNIT)

    def attributes_kw(self, children):
        return children[0]

    # --------------------------------------------------------------- regions
    def region(self, children):
        entry_ops = []
        blocks = []
        for child in children:
            if isinstance(child, ParsedBlock):
                blocks.append(child)
            else:
                entry_ops.append(child)
        if entry_ops or not blocks:
            blocks.insert(0, ParsedBlock(None, (), entry_ops))
        return ParsedRegion(blocks, None)

    def block(self, children):
        label = children[0]
        args = []
        ops = children[1:]
        if ops and isinstance(ops[0], list) and not isinstance(ops[0], ParsedOp):
            args = ops[0]
            ops = ops[1:]
        return ParsedBlock(label, args, ops)

    def block_args(self, children):
        return list(children)

    def block_arg(self, children):
        return (children[0], children[1])

    # ----------------------------------------------------------------- types
    def builtin_type(self, children):
        return T.simple_type(children[0].value)

    def function_type(self, children):
        inputs, results = children
        if isinstance(results, T.Type):
            results = [results]
        return T.FunctionType(inputs, results)

    def _shaped(self, children):
        """(shape, scalable, element type, extra attributes) of a shaped type."""
        shape, scalable, rest = [], [], []
        unranked = False
        element = None
        for child in children:
            if isinstance(child, TOKEN) and child.type == "DIMS":
                for dim in child.value.split("x")[:-1]:
                    dim = dim.strip()
                    shape.append(None if dim == "?" else int(dim))
                    scalable.append(False)
            elif isinstance(child, TOKEN) and child.type == "UNRANKED":
                unranked = True
            elif element is None and isinstance(child, T.Type):
                element = child
            else:
                rest.append(child)
        return shape, unranked, element, rest

    def memref_type(self, children):
        first = children[0]
        if isinstance(first, TOKEN) and first.type == "MEMREF_SIMPLE":
            return _simple_memref(first.value)
        shape, unranked, element, rest = self._shaped(children)
        if unranked:
            return T.UnrankedMemRefType(element, rest[0] if rest else None)
        layout = space = None
        if len(rest) == 2:
            layout, space = rest
        elif rest:
            first = rest[0]
            if isinstance(first, (A.AffineMapAttr, A.StridedLayoutAttr)):
                layout = first
            else:
                space = first
        return T.MemRefType(shape, element, layout, space)

    def tensor_type(self, children):
        shape, unranked, element, rest = self._shaped(children)
        if unranked:
            return T.UnrankedTensorType(element)
        return T.TensorType(shape, element, rest[0] if rest else None)

    def vector_type(self, children):
        if len(children) == 1:
            return T.VectorType((), children[0])
        shape, scalable = children[0]
        return T.VectorType(shape, children[1], scalable)

    def vector_dims(self, children):
        shape, scalable = [], []
        for token in children:
            if token.type == "DIMS":
                for dim in token.value.split("x")[:-1]:
                    shape.append(int(dim.strip()))
                    scalable.append(False)
            else:
                shape.append(int(token.value[1:-2]))
                scalable.append(True)
        return shape, scalable

    def tuple_type(self, children):
        return T.TupleType(children[0] if children else ())

    def complex_type(self, children):
        return T.ComplexType(children[0])

    def dialect_type(self, children):
        name = children[0]
        if name.type == "BANG_ID":
            if name.value in self.type_aliases:
                return self.type_aliases[name.value]
            if "." not in name.value:
                raise parse_error(name, f"undefined symbol alias id '{name.value[1:]}'")
        return T.OpaqueType(name.value)

    # ------------------------------------------------------------ attributes
    def integer_attr(self, children):
        negative = children[0].type == "MINUS"
        if negative:
            children = children[1:]
        literal = children[0].value
        type = children[1] if len(children) > 1 else T.I64
        value = int(literal, 0)
        if isinstance(type, T.FloatType):
            if literal.startswith("0x"):
                if negative:
                    raise parse_error(children[0], "hexadecimal float literal should not have a leading minus")
                return A.FloatAttr(value, type)
            return _float_attr(-value if negative else value, type, children[0])
        if not isinstance(type, (T.IntegerType, T.IndexType)):
            raise parse_error(children[0], "integer literal not valid for specified type")
        value = -value if negative else value
        _check_integer_range(value, type, children[0])
        return A.IntegerAttr(value, type)

    def float_attr(self, children):
        negative = children[0].type == "MINUS"
        if negative:
            children = children[1:]
        type = children[1] if len(children) > 1 else T.F64
        if not isinstance(type, T.FloatType):
            raise parse_error(children[0], "floating point value not valid for specified type")
        value = float(children[0].value)
        return _float_attr(-value if negative else value, type, children[0])

    def string_attr(self, children):
        value = _string_value(children[0])
        return A.StringAttr(value, children[1] if len(children) > 1 else T.NONE)

    def keyword_attr(self, children):
        word = children[0].value
        if word == "unit":
            return A.UNIT
        return A.BOOL_TRUE if word == "true" else A.BOOL_FALSE

    def array_attr(self, children):
        return A.ArrayAttr(children)

    def dict_attr(self, children):
        entries = {}
        for name, value in children:
            entries[name.value] = value
        return A.DictionaryAttr(entries)

    def type_attr(self, children):
        return A.TypeAttr(children[0])

    def symbol_ref(self, children):
        return A.SymbolRefAttr(_symbol_name(t) for t in children)

    def affine_map_attr(self, children):
        return A.AffineMapAttr(children[0])

    def affine_set_attr(self, children):
        return A.IntegerSetAttr(children[0])

    def dense_attr(self, children):
        body, type = (children if len(children) == 2 else (None, children[0]))
        if not isinstance(type, (T.TensorType, T.VectorType)):
            raise parse_error(_first_token(body), "elements literal must be a shaped type")
        element = type.element_type
        if body is None:
            values = []
        elif isinstance(body, list):
            values = _flatten(body)
        else:
            values = [body]
        converted = [_dense_value(v, element) for v in values]
        count = 1
        for d in type.shape:
            count *= d if d is not None else 1
        if len(converted) not in (1, count):
            raise parse_error(values[0], f"inferred shape of elements literal ([{len(converted)}]) does not match type ([{', '.join(map(str, type.shape))}])")
        return A.DenseElementsAttr(type, converted)

    def dense_list(self, children):
        return list(children)

    def dense_element(self, children):
        if children[0].type == "MINUS":
            token = children[1]
            return Token.new_borrow_pos(token.type, "-" + token.value, token)
        return children[0]

    def dense_array_attr(self, children):
        element = children[0]
        return A.DenseArrayAttr(element, [_dense_value(t, element) for t in children[1:]])

    def strided_attr(self, children):
        def value(c):
            return None if isinstance(c, TOKEN) else c
        offset = value(children[1]) if len(children) > 1 else 0
        return A.StridedLayoutAttr([value(c) for c in children[0]], offset)

    def stride_list(self, children):
        return list(children)

    def signed_int(self, children):
        if children[0].type == "MINUS":
            return -int(children[1].value, 0)
        return int(children[0].value, 0)

    def hash_attr(self, children):
        name = children[0]
        if name.type == "HASH_ID":
            if name.value in self.attribute_aliases:
                return self.attribute_aliases[name.value]
            if "." not in name.value:
                raise parse_error(name, f"undefined symbol alias id '{name.value[1:]}'")
        return A.OpaqueAttr(name.value)

    def dl_spec(self, children):
        return A.DataLayoutSpecAttr(children[1:])

    def dl_entry(self, children):
        key, value = children[-2:]
        return (key, value)

    # ------------------------------------------------------------- locations
    def location_attr(self, children):
        """`loc(...)` as an attribute value; an alias it names must already
        be defined (only op and argument locations may refer forward)."""
        forward = _forward_location_ref(children[0])
        if forward is not None:
            raise parse_error(forward.token, f"undefined symbol alias id '{forward.token.value[1:]}'")
        return children[0]

    def trailing_loc(self, children):
        # Locations of ops, block arguments and induction variables are
        # dropped: mlir-opt prints them only with -mlir-print-debuginfo.
        return None

    def loc_unknown(self, children):
        return A.UNKNOWN_LOC

    def loc_name(self, children):
        child = children[1] if len(children) > 1 else A.UNKNOWN_LOC
        return A.NameLoc(_string_value(children[0]), child)

    def loc_file(self, children):
        """`"f":L` (column 0), `"f":L:C`, `"f":L:C to :EC`, `"f":L:C to EL:EC`."""
        numbers = [int(token.value, 0) for token in children[1:]]
        line, column = numbers[0], numbers[1] if len(numbers) > 1 else 0
        end_line, end_column = line, column
        if len(numbers) == 3:
            end_column = numbers[2]
        elif len(numbers) == 4:
            end_line, end_column = numbers[2], numbers[3]
        return A.FileLineColRange(_string_value(children[0]), line, column, end_line, end_column)

    def loc_callsite(self, children):
        return A.CallSiteLoc(children[0], children[1])

    def loc_fused(self, children):
        metadata = None
        if children and not isinstance(children[0], A.LocationAttr):
            metadata, children = children[0], children[1:]
        return A.fused_location(children, metadata)

    def loc_ref(self, children):
        """`#alias` or a dialect location such as `#test.custom_location<...>`."""
        name = children[0]
        if name.type == "DIALECT_ATTR":
            head, _, body = name.value.partition("<")
            return A.DialectLoc(_dialect_location_text(head, "<" + body))
        attr = self.attribute_aliases.get(name.value)
        if attr is None:
            return _ForwardLocRef(name)
        if not isinstance(attr, A.LocationAttr):
            raise parse_error(name, "expected location, but found dialect attribute")
        return attr

    # -------------------------------------------------------- affine syntax
    def affine_map(self, children):
        dims, syms, exprs = _map_parts(children)
        names = _bind_names(dims, syms)
        results = [affine_from_syntax(e, names) for e in exprs]
        return AffineMap(len(dims), len(syms), tuple(results))

    def integer_set(self, children):
        dims, syms, constraints = _map_parts(children)
        names = _bind_names(dims, syms)
        exprs, eqs = [], []
        if not constraints:
            # MLIR's parser turns an empty constraint list into `0 == 0`.
            constraints = [(AffineSyntax(("int", Token("INT", "0"))), "==", AffineSyntax(("int", Token("INT", "0"))))]
        for lhs, op, rhs in constraints:
            lhs = affine_from_syntax(lhs, names)
            rhs = affine_from_syntax(rhs, names)
            exprs.append(rhs - lhs if op == "<=" else lhs - rhs)
            eqs.append(op == "==")
        return IntegerSet(len(dims), len(syms), tuple(exprs), tuple(eqs))

    def constraint(self, children):
        return (children[0], children[1].value, children[2])

    def dim_list(self, children):
        return ("dims", children)

    def symbol_list(self, children):
        return ("syms", children)

    def affine_expr_list(self, children):
        return list(children)

    expr_add = _expr("add")
    expr_sub = _expr("sub")
    expr_mul = _expr("mul")
    expr_floordiv = _expr("floordiv")
    expr_ceildiv = _expr("ceildiv")
    expr_mod = _expr("mod")
    expr_neg = _expr("neg")

    def expr_int(self, children):
        return AffineSyntax(("int", children[0]))

    def expr_id(self, children):
        return AffineSyntax(("id", children[0]))

    def expr_ssa(self, children):
        return AffineSyntax(("ssa", children[0]))

    def expr_symbol(self, children):
        return AffineSyntax(("symbol", children[0]))


# ----------------------------------------------------------------- helpers

class _ForwardLocRef(A.LocationAttr):
    """`loc(#name)` before `#name = loc(...)` is defined: allowed for op
    locations, which are dropped anyway."""

    __slots__ = ("token",)

    def __init__(self, token):
        self.token = token
        self._init_key()

    def key(self):
        return (self.token.value,)

    def print_body(self, p) -> None:
        p.write(self.token.value)


def _forward_location_ref(loc):
    stack = [loc]
    while stack:
        current = stack.pop()
        if isinstance(current, _ForwardLocRef):
            return current
        stack.extend(current.children())
    return None


def _dialect_location_text(name: str, body: str) -> str:
    """The test dialect's custom location prints as `<"file" * line>`
    (TestAttributes.cpp); other dialect locations are kept verbatim."""
    import re
    if name == "#test.custom_location":
        match = re.fullmatch(r'<\s*("(?:[^"\\]|\\.)*")\s*\*\s*([0-9]+)\s*>', body)
        if match:
            return f"{name}<{match.group(1)} * {int(match.group(2))}>"
    return name + body


_SIMPLE_MEMREFS: dict = {}


def _simple_memref(text: str) -> T.MemRefType:
    """`memref<4x?xf32>` (no layout, no memory space), lexed as one token
    because it is by far the most common type in affine code."""
    made = _SIMPLE_MEMREFS.get(text)
    if made is None:
        body = text[7:-1]
        cut = len(body) - len(body.lstrip("0123456789?x"))
        # The shape is the run of `4x`/`?x` before the element type.
        while cut and body[cut - 1] != "x":
            cut -= 1
        dims = body[:cut].split("x")[:-1]
        made = T.MemRefType([None if d == "?" else int(d) for d in dims], T.simple_type(body[cut:]))
        _SIMPLE_MEMREFS[text] = made
    return made


def _string_value(token) -> bytes:
    return unescape_string(token.value[1:-1])


def _symbol_name(token) -> str:
    text = token.value[1:]
    if text.startswith('"'):
        return unescape_string(text[1:-1]).decode("utf-8", "replace")
    return text


def _float_attr(value, type, token) -> A.FloatAttr:
    try:
        rounded = round_to_type(float(value), type.text)
        return A.FloatAttr(float_to_bits(rounded, type.text), type)
    except (ValueError, OverflowError) as error:
        raise parse_error(token, f"floating point value not valid for type: {error}")


def _check_integer_range(value: int, type, token) -> None:
    width = getattr(type, "width", None)
    if width is None or isinstance(type, T.IndexType):
        width = 64
    if type.signedness == "u" if isinstance(type, T.IntegerType) else False:
        ok = 0 <= value < (1 << width)
    elif isinstance(type, T.IntegerType) and type.signedness == "s":
        ok = -(1 << (width - 1)) <= value < (1 << (width - 1))
    else:
        ok = -(1 << (width - 1)) <= value < (1 << width)
    if width == 1:
        ok = value in (0, 1, -1)
    if not ok:
        raise parse_error(token, "integer constant out of range for attribute")


def _flatten(items) -> list:
    out = []
    for item in items:
        if isinstance(item, list):
            out.extend(_flatten(item))
        else:
            out.append(item)
    return out


def _first_token(body):
    while isinstance(body, list) and body:
        body = body[0]
    return body


def _dense_value(token, element):
    text = token.value
    if isinstance(element, T.FloatType):
        if text.lstrip("-").startswith("0x"):
            return int(text, 16)
        value = float(text) if text not in ("true", "false") else float(text == "true")
        return float_to_bits(round_to_type(value, element.text), element.text)
    if text in ("true", "false"):
        return int(text == "true")
    if "." in text or "e" in text.lower() and not text.startswith("0x"):
        raise parse_error(token, "expected integer elements, but parsed floating-point")
    return A.wrap_integer(int(text, 0), element)


def _map_parts(children):
    dims, syms, rest = [], [], []
    for child in children:
        if isinstance(child, tuple) and not isinstance(child, AffineSyntax) and child and child[0] == "dims":
            dims = child[1]
        elif isinstance(child, tuple) and not isinstance(child, AffineSyntax) and child and child[0] == "syms":
            syms = child[1]
        elif isinstance(child, list):
            rest.extend(child)
        else:
            rest.append(child)
    return dims, syms, rest


def _bind_names(dims, syms) -> dict:
    names = {}
    for i, token in enumerate(dims):
        if token.value in names:
            raise parse_error(token, f"redefinition of identifier '{token.value}'")
        names[token.value] = affine_dim(i)
    for i, token in enumerate(syms):
        if token.value in names:
            raise parse_error(token, f"redefinition of identifier '{token.value}'")
        names[token.value] = affine_symbol(i)
    return names


def affine_from_syntax(node, names, bind_ssa=None):
    """Build the simplified AffineExpr, in MLIR's parse order.

    `names` binds bare identifiers; `bind_ssa(token, is_symbol)` binds SSA
    operands in subscripts (affine.load), returning their dim/symbol expr.
    """
    kind = node[0]
    if kind == "int":
        return affine_constant(int(node[1].value, 0))
    if kind == "id":
        expr = names.get(node[1].value)
        if expr is None:
            raise parse_error(node[1], f"use of undeclared identifier")
        return expr
    if kind in ("ssa", "symbol"):
        if bind_ssa is None:
            raise parse_error(node[1], "unexpected ssa identifier")
        return bind_ssa(node[1], kind == "symbol")
    if kind == "neg":
        # AffineParser::parseNegateExpression builds `(-1) * operand`.
        return affine_constant(-1) * affine_from_syntax(node[1], names, bind_ssa)
    lhs = affine_from_syntax(node[1], names, bind_ssa)
    rhs = affine_from_syntax(node[2], names, bind_ssa)
    if kind == "add":
        return lhs + rhs
    if kind == "sub":
        return lhs - rhs
    if kind == "mul":
        if not lhs.is_symbolic_or_constant() and not rhs.is_symbolic_or_constant():
            raise parse_error(_syntax_token(node[2]), "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic")
        return lhs * rhs
    if not rhs.is_symbolic_or_constant():
        raise parse_error(_syntax_token(node[2]), f"non-affine expression: right operand of {kind} has to be either a constant or symbolic")
    if kind == "floordiv":
        return lhs.floordiv(rhs)
    if kind == "ceildiv":
        return lhs.ceildiv(rhs)
    return lhs.mod(rhs)


def _syntax_token(node):
    while isinstance(node, AffineSyntax):
        node = node[1]
    return node
