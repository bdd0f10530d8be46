"""Grammar callbacks for the parts of the syntax every dialect shares: types,
attributes, affine maps and sets, regions, the generic op form and the top
level.  The custom op forms have their callbacks on the op classes
(parse/op_syntax.py); each callback is named after its grammar rule.

The parser calls these while it reduces (LALR with an embedded transformer),
so no parse tree is built.  Aliases (`#map0 = ...`) are recorded as their
definitions are reduced, which is in textual order, as MLIR requires.
"""

from __future__ import annotations

from lark.lexer import Token

from ..diagnostics import MLIRError, offset_to_pos
from ..dialects.base import REGISTERED_DIALECTS
from ..dialects.dlti import check_unique_keys
from ..ir import attributes as A
from ..ir import dense_storage
from ..ir import elements_attributes as ElementsA
from ..ir import types as T
from ..ir.core import OP_CLASSES
from ..ir.affine_expr import dim as affine_dim
from ..ir.affine_expr import symbol as affine_symbol
from ..ir.affine_map import AffineMap, IntegerSet
from ..printer.numbers import (fit_unsigned, float_to_bits, integer_attr_bits, round_to_type,
                               unescape_string)
from . import dialect_symbols
from .syntax import (TOKEN, AffineSyntax, AttrDict, LocatedInt, OpHead, OpSequence,
                     ParsedBlock, ParsedOp, ParsedRegion, Props, Regions, Successors,
                     SymbolUses, TypeList, Uses, affine_from_syntax, defined_name,
                     integer_literal, parse_error, pos_of, skip_trivia, split_children,
                     string_literal_error)


class ResultList(list):
    """The (name, count, position) groups an op's results are bound to."""


def _expr(kind):
    return lambda self, children: AffineSyntax((kind, *children))


class MLIRTransformer:
    # Set by a callback that builds a location from where the text stands
    # (test.attr_with_loc without `loc(...)`): the op then depends on its
    # place, not only on its tokens (parse/engine/op_lines.py).
    took_position = False

    def __init__(self):
        self.begin("")
        # Set by the parser: `parse_token(token)` parses the text of a token
        # that stands for a run of tokens, `new_token` makes a token
        # of the driver's class, `op_lines` is the callback of the ops of an
        # OP_LINES token and `op_head_line` that of an op's head on a line.
        self.parse_token = None
        self.new_token = Token
        self.op_lines = None
        self.op_head_line = None
        # The driver's stack of values while a parse runs (parse/engine/driver.py):
        # in a callback, what was read before the symbols of its rule.
        self.values_read: list | None = None

    def begin(self, text: str, source_name: str = "<stdin>", line_offset: int = 0) -> None:
        """Start the parse of `text`.  `source_name` (the input file name as
        given to the tool) and `line_offset` (the whole file's line on which
        a split chunk starts) make the source locations some ops take."""
        self.text = text
        self.source_name = source_name
        self.line_offset = line_offset
        self.attribute_aliases: dict[str, A.Attribute] = {}
        self.type_aliases: dict[str, T.Type] = {}
        # Subscripts by shape (dialects/affine.py).
        self.subscript_shapes: dict = {}
        # The latest name token of an op that reports operand errors at it
        # (`syntax_remembers_name`, parse/op_syntax.py).
        self.last_op_name = None
        # The dims and symbols of the affine map or set being read: its
        # identifiers are looked up as they are read, so that an undeclared
        # one is reported before any later error (as MLIR's AffineParser).
        self.affine_names = None
        # `loc(#alias)` read before `#alias` is defined, checked at the end.
        self.forward_locations: list = []
        # The locations written after block arguments, by the position of
        # their names (the builder gives them to the arguments).
        self.argument_locations: dict = {}

    # ------------------------------------------------------------ top level
    def start(self, children):
        for reference in self.forward_locations:
            # OperationParser::finalize resolves them once all is read.
            attr = self.attribute_aliases.get(reference.token.value)
            if attr is None:
                raise parse_error(reference.token, "operation location alias was never defined")
            if not isinstance(attr, A.LocationAttr):
                raise parse_error(reference.token, f"expected location, but found '{attr}'")
            reference.target = attr
        if self.forward_locations:
            for key, loc in self.argument_locations.items():
                self.argument_locations[key] = getattr(loc, "target", loc)
        ops = ParsedOps(c for c in children if isinstance(c, ParsedOp))
        ops.argument_locations = self.argument_locations
        return ops

    def attribute_alias_def(self, children):
        name, value = children
        if "." in name.value:
            raise parse_error(name, "attribute names with a '.' are reserved for "
                                    "dialect-defined names")
        if name.value in self.attribute_aliases:
            raise parse_error(name, f"redefinition of attribute alias id '{name.value[1:]}'")
        self.attribute_aliases[name.value] = value
        return None

    def type_alias_def(self, children):
        name, value = children
        if "." in name.value:
            raise parse_error(name, "type names with a '.' are reserved for dialect-defined names")
        if name.value in self.type_aliases:
            raise parse_error(name, f"redefinition of type alias id '{name.value[1:]}'")
        self.type_aliases[name.value] = value
        return None

    # ----------------------------------------------------------- operations
    def operation(self, children):
        first = children[0]
        if isinstance(first, TOKEN):           # `%a =`
            first = self.results(children[:1])
        last = children[-1]
        if isinstance(first, ResultList):
            op = children[1]
            op.results = first
            if op.pos is None:
                op.pos = first[0][2]
        else:
            op = first
        if last is not op and last is not None:     # `loc(...)` after the op
            op.loc = last
        return op

    def results(self, children):
        """`%a, %b:2 =` -> [("%a", 1, pos), ("%b", 2, pos)]."""
        groups = ResultList()
        for token in children:
            text = token.value
            if token.type == "RESULTS":
                text = text.rstrip()[:-1].rstrip()
            name, _, count = text.partition(":")
            if count and not 0 < int(count) < 1 << 64:
                # OperationParser::parseOperation reads the count as a uint64_t.
                raise MLIRError("expected named operation to have at least 1 result",
                                (token.line, token.column + len(name) + 1))
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
        if _string_value(name_token) == b"":
            raise parse_error(name_token, "empty operation name is invalid")
        if "\0" in _decoded(_string_value(name_token)):
            raise parse_error(name_token, "null character not allowed in operation name")
        if successors:
            # OperationParser::parseGenericOperation, on reaching the `[`.
            registered = OP_CLASSES.get(_decoded(_string_value(name_token)))
            if registered is not None and not registered.is_terminator:
                raise MLIRError("successors in non-terminator", successors.pos)
        op = ParsedOp(_decoded(_string_value(name_token)), pos_of(name_token),
                      uses or [], (), ftype.results, attrs or {}, props or {},
                      regions or [], successors or [])
        op.operand_types = list(ftype.inputs)
        op.generic = True
        if len(op.operand_types) != len(op.operands):
            raise parse_error(name_token, f"expected {len(op.operands)} operand type"
                              f"{'' if len(op.operands) == 1 else 's'} but had {len(op.operand_types)}")
        return op

    def successor_list(self, children):
        # The rule keeps its punctuation for the place of its `[`.
        successors = Successors(c for c in children if c.type == "CARET_ID")
        successors.pos = pos_of(children[0])
        return successors

    def properties(self, children):
        return Props(children[0].value)

    def region_list(self, children):
        return Regions(children)

    def value_use_list(self, children):
        return Uses(children)

    def symbol_uses(self, children):
        return SymbolUses(children[0] if children else ())

    # ------------------------------------------ pieces of the ops' custom forms
    def dim_and_symbol_list(self, children):
        """`(%d0, ...)[%s0, ...]` -> (dim tokens, symbol tokens)."""
        dims, syms = [], []
        for child in children:
            if isinstance(child, SymbolUses):
                syms = list(child)
            elif isinstance(child, Uses):
                dims = list(child)
        return (dims, syms)

    def iter_arg(self, children):
        """`%arg = %init` -> (the defined name, the init token)."""
        return (defined_name(children[0]), children[1])

    def mixed_list(self, children):
        """`[%a, 4, ...]` -> ("mixed", [token or int, ...])."""
        return ("mixed", list(children))

    def type_list(self, children):
        return TypeList(children)

    def paren_types(self, children):
        return TypeList(children[0]) if children else TypeList()

    def attr_dict(self, children):
        entries = _unique_entries(children, AttrDict())
        if children:
            entries.first_name = children[0][0]
        return entries

    def attr_entry(self, children):
        name = children[0]
        key = _decoded(_string_value(name)) if name.type == "STRING" else name.value
        if not key:
            raise parse_error(name, "expected valid attribute name")
        key = Token.new_borrow_pos(name.type, key, name)
        return (key, children[1] if len(children) > 1 else A.UNIT)

    def attributes_kw(self, children):
        return children[0]

    # --------------------------------------------------------------- regions
    def op_head(self, children):
        return OpHead(children)

    def op_sequence(self, children):
        if len(children) == 1:
            return OpSequence(children)
        children[0].append(children[1])
        return children[0]

    def region(self, children):
        brace, children = children[0], children[1:]
        blocks = children
        # `{}` is a region without blocks, as in MLIR; custom forms that
        # declare entry arguments give it its entry block (set_entry_args).
        if children and isinstance(children[0], OpSequence):
            blocks = [ParsedBlock(None, (), children[0]), *children[1:]]
        return ParsedRegion(blocks, pos_of(brace))

    def block(self, children):
        label = children[0]
        args = []
        ops = children[-1] if isinstance(children[-1], OpSequence) else []
        if len(children) > 1 and not isinstance(children[1], OpSequence):
            args = children[1]
        return ParsedBlock(label, args, ops)

    def block_args(self, children):
        return list(children)

    def block_arg(self, children):
        if len(children) > 2:
            self.note_argument_location(children[0], children[2])
        return (children[0], children[1])

    def note_argument_location(self, token, loc) -> None:
        """The location `loc(...)` written after the block argument `token`."""
        if loc is not None:
            self.argument_locations[pos_of(token)] = loc

    # ----------------------------------------------------------------- types
    def builtin_type(self, children):
        made = T.simple_type(children[0].value)
        if made.__class__ is T.IntegerType and made.width > MAX_INTEGER_WIDTH:
            # Parser::parseNonFunctionType reads the width as an unsigned.
            raise parse_error(children[0], "invalid integer width" if made.width >= 1 << 32
                              else f"integer bitwidth is limited to {MAX_INTEGER_WIDTH} bits")
        return made

    def functional_type(self, children):
        """A format's `functional-type`: parseType<FunctionType> reads any
        type and reports another kind at once, where the type starts (after
        the format's `:`), on behalf of the op being read."""
        type = children[0]
        if isinstance(type, T.FunctionType):
            return type
        raise functional_type_error(self.text, self.values_read or [], type)

    def result_count(self) -> int:
        """OpAsmParser::getNumResults for the op being read, from the
        callback of its rule or of a rule read right after its name: how
        many results its statement names (`%a, %b:2 =`), the value read
        before the op's name."""
        read = self.values_read or []
        index = len(read) - 1
        if index >= 0 and isinstance(read[index], TOKEN) and read[index].type.startswith("OP_"):
            index -= 1
        before = read[index] if index >= 0 else None
        if isinstance(before, TOKEN) and before.type == "RESULTS":
            before = self.results([before])
        return sum(count for _, count, _ in before) if isinstance(before, ResultList) else 0

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
                _check_dimensions(child)
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
            _check_dimensions(first)
            return _simple_memref(first.value)
        shape, unranked, element, rest = self._shaped(children)
        if isinstance(element, _NOT_MEMREF_ELEMENTS):
            # BaseMemRefType::isValidElementType
            position = self._element_pos(children, None)
            if position is not None:
                raise MLIRError("invalid memref element type", position)
        if unranked:
            return T.UnrankedMemRefType(element, rest[0] if rest else None)
        layout = space = None
        if len(rest) == 2:
            layout, space = rest
            if not isinstance(layout, (A.AffineMapAttr, A.StridedLayoutAttr)):
                # Parser::parseMemRefType: the first was a memory space.
                raise MLIRError("expected memory space to be last in memref type"
                                if isinstance(space, (A.AffineMapAttr, A.StridedLayoutAttr))
                                else "multiple memory spaces specified in memref type",
                                self._memref_end(children))
        elif rest:
            first = rest[0]
            if isinstance(first, (A.AffineMapAttr, A.StridedLayoutAttr)):
                layout = first
            else:
                space = first
        if isinstance(layout, A.StridedLayoutAttr) and len(layout.strides) != len(shape):
            # StridedLayoutAttr::verifyLayout
            raise MLIRError("expected the number of strides to match the rank",
                            self._memref_keyword(children))
        if isinstance(layout, A.AffineMapAttr) and layout.value.num_dims != len(shape):
            raise MLIRError("memref layout mismatch between rank and affine map: "
                            f"{len(shape)} != {layout.value.num_dims}", self._memref_keyword(children))
        if space is not None and not _is_memory_space(space):
            raise MLIRError("unsupported memory space Attribute", self._memref_keyword(children))
        return T.MemRefType(shape, element, layout, space)

    def _memref_keyword(self, children):
        """The position of the `memref` keyword before a type's first token
        (the keyword itself is not kept in the parse)."""
        token = next((c for c in children if isinstance(c, TOKEN)), None)
        if token is None or not self.text:
            return None
        return offset_to_pos(self.text, self.text.rfind("memref", 0, token.start_pos))

    def _memref_end(self, children):
        """The position of the `>` that closes a memref type (None when no
        token of the type was kept to find it from)."""
        token = next((c for c in children if isinstance(c, TOKEN)), None)
        if token is None or not self.text:
            return None
        index = self.text.find("<", self.text.rfind("memref", 0, token.start_pos))
        depth = 0
        while 0 <= index < len(self.text):
            char = self.text[index]
            if char == "<":
                depth += 1
            elif char == ">" and self.text[index - 1] != "-":
                depth -= 1
                if depth == 0:
                    return offset_to_pos(self.text, index)
            index += 1
        return None

    def tensor_type(self, children):
        opener = children[1]
        children = [c for c in children[2:-1] if not _is_token(c, ",")]
        shape, unranked, element, rest = self._shaped(children)
        if isinstance(element, _NOT_TENSOR_ELEMENTS):
            # TensorType::isValidElementType
            raise MLIRError("invalid tensor element type", self._element_pos(children, opener))
        if unranked:
            return T.UnrankedTensorType(element)
        return T.TensorType(shape, element, rest[0] if rest else None)

    def vector_type(self, children):
        keyword, element = children[0], children[-2]
        if isinstance(element, _NOT_VECTOR_ELEMENTS):
            raise parse_error(keyword, "failed to verify 'elementType': "
                                       "VectorElementTypeInterface instance")
        if not isinstance(children[2], tuple):
            return T.VectorType((), element)
        shape, scalable = children[2]
        if any(d == 0 for d in shape):
            raise parse_error(keyword, "vector types must have positive constant sizes but got "
                                       + ", ".join(map(str, shape)))
        return T.VectorType(shape, element, scalable)

    def vector_dims(self, children):
        shape, scalable = [], []
        for token in children:
            _check_dimensions(token)
            if token.type == "DIMS":
                if "?" in token.value:
                    # A dynamic size ends mlir's dimension list; the `?` is
                    # then read as the element type.
                    raise MLIRError("expected non-function type",
                                    (token.line, token.column + token.value.index("?")))
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
        element = children[2]
        if not isinstance(element, (T.IntegerType, T.FloatType)):
            raise MLIRError("invalid element type for complex",
                            self._element_pos(children[2:], children[1]))
        return T.ComplexType(element)

    def _element_pos(self, children, opener):
        """Where the element type of a shaped or complex type starts: after
        its sizes, or after its `<`; None when neither was kept."""
        after = next((c for c in children if _is_token(c, "DIMS", "UNRANKED")), opener)
        if after is None:
            return None
        offset = after.end_pos
        while offset < len(self.text) and self.text[offset] in " \t\r\n":
            offset += 1
        return offset_to_pos(self.text, offset)

    def dialect_type(self, children):
        name = children[0]
        if name.type == "BANG_ID":
            if name.value in self.type_aliases:
                return self.type_aliases[name.value]
            if "." not in name.value:
                raise parse_error(name, f"undefined symbol alias id '{name.value[1:]}'")
        return dialect_symbols.dialect_type(name)

    # ------------------------------------------------------------ attributes
    def integer_attr(self, children):
        negative = children[0].type == "MINUS"
        if negative:
            children = children[1:]
        type = children[1] if len(children) > 1 else T.I64
        if isinstance(type, T.FloatType):
            return A.FloatAttr(_float_from_integer(children[0], negative, type), type)
        if not isinstance(type, (T.IntegerType, T.IndexType)):
            raise parse_error(children[0], "integer literal not valid for specified type")
        value = _integer_value(children[0], negative, type,
                               "integer constant out of range for attribute")
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
        return A.DictionaryAttr(_unique_entries(children, {}))

    def type_attr(self, children):
        return A.TypeAttr(children[0])

    def symbol_ref(self, children):
        return A.SymbolRefAttr(_symbol_name(t) for t in children)

    def affine_map_attr(self, children):
        return A.AffineMapAttr(children[0])

    def affine_set_attr(self, children):
        return A.IntegerSetAttr(children[0])

    def dense_attr(self, children):
        """`dense<body> : type` (Parser::parseDenseElementsAttr).  Also
        called by memref.global with [body, type] or [type]."""
        keyword = next((c for c in children if isinstance(c, TOKEN) and c.value == "dense"), None)
        type = _elements_literal_type(keyword, children[-1])
        body = next((c for c in children if isinstance(c, _LITERAL_PARTS)), None)
        return _tensor_literal_attr(body, type, keyword, allow_hex=True)

    def sparse_attr(self, children):
        """`sparse<indices, values> : type` (Parser::parseSparseElementsAttr):
        i64 indices of shape [N, rank] ([1, rank] for a splat), values of
        shape [N]."""
        keyword = children[0]
        type = _elements_literal_type(keyword, children[-1])
        bodies = [c for c in children if isinstance(c, _LITERAL_PARTS)]
        rank = len(type.shape)
        if not bodies:
            return ElementsA.SparseElementsAttr(
                type, A.DenseElementsAttr(T.TensorType((0, rank), T.I64), ()),
                A.DenseElementsAttr(T.TensorType((0,), type.element_type), ()))
        index_body, value_body = bodies
        indices_shape = index_body.dims if isinstance(index_body, _DenseList) else (1, rank)
        indices = _tensor_literal_attr(index_body, T.TensorType(indices_shape, T.I64),
                                       index_body.start, allow_hex=False)
        values_shape = value_body.dims if isinstance(value_body, _DenseList) \
            else (indices_shape[0],)
        values = _tensor_literal_attr(value_body, T.TensorType(values_shape, type.element_type),
                                      value_body.start, allow_hex=True)
        message = ElementsA.sparse_verify_error(type, indices, values)
        if message is not None:
            raise parse_error(keyword, message)
        return ElementsA.SparseElementsAttr(type, indices, values)

    def dense_resource_attr(self, children):
        """`dense_resource<handle> : type` (Parser::parseDenseResourceElementsAttr)."""
        handle, colon, type = children[2], children[-2], children[-1]
        if not isinstance(type, (T.ShapedType, T.UnrankedTensorType, T.UnrankedMemRefType)):
            # At the colon: the type's location is taken before it is read.
            raise parse_error(colon, "`dense_resource` expected a shaped type")
        name = _string_value(handle).decode("utf-8", "surrogateescape") \
            if isinstance(handle, TOKEN) and handle.type == "STRING" else handle.value
        return ElementsA.DenseResourceElementsAttr(type, name)

    def dense_list(self, children):
        """`[item, ...]`; every item must have the dims of the first one."""
        items = []
        dims = None
        for index, child in enumerate(children):
            if isinstance(child, TOKEN) and child.type in ("LSQB", "COMMA", "RSQB"):
                continue
            item_dims = child.dims if isinstance(child, _DenseList) else ()
            if dims is None:
                dims = item_dims
            elif item_dims != dims:
                # Reported at the token after the element (mlir's current token).
                raise parse_error(children[index + 1], "tensor literal is invalid; ranks are not "
                                                       "consistent between elements")
            items.append(child)
        return _DenseList(items, (len(items),) + tuple(dims or ()), children[0])

    def dense_element(self, children):
        if children[0].type == "MINUS":
            return _DenseElement(children[1], True, children[0])
        return _DenseElement(children[0], False)

    def dense_complex(self, children):
        return _DenseComplex(children[1:4:2], children[0])

    def dense_array_attr(self, children):
        """`array<type: e, ...>` (mlir's DenseArrayElementParser)."""
        element = next(c for c in children if isinstance(c, T.Type))
        if not isinstance(element, (T.IntegerType, T.FloatType)) or \
                isinstance(element, T.IntegerType) and element.width % 8 and element.width != 1:
            # Parser::parseDenseArrayAttr, at the element type.
            offset = children[1].end_pos
            while offset < len(self.text) and self.text[offset] in " \t\r\n":
                offset += 1
            message = (f"expected integer or float type, got: '{element}'"
                       if not isinstance(element, (T.IntegerType, T.FloatType))
                       else "element type bitwidth must be a multiple of 8")
            raise MLIRError(message, offset_to_pos(self.text, offset))
        values = []
        for index, child in enumerate(children):
            if isinstance(child, _DenseElement):
                following = children[index + 1] if index + 1 < len(children) else child.token
                values.append(_array_element_value(child, element, following))
        return A.DenseArrayAttr(element, values)

    def strided_attr(self, children):
        def value(c):
            return None if isinstance(c, TOKEN) else c
        offset = value(children[1]) if len(children) > 1 else 0
        return A.StridedLayoutAttr([value(c) for c in children[0]], offset)

    def stride_list(self, children):
        return list(children)

    def signed_int(self, children):
        if children[0].type == "MINUS":
            return LocatedInt(-integer_literal(children[1].value), pos_of(children[1]),
                              pos_of(children[0]))
        return LocatedInt(integer_literal(children[0].value), pos_of(children[0]))

    def hash_attr(self, children):
        name = children[0]
        if name.type == "HASH_ID":
            if name.value in self.attribute_aliases:
                return self.attribute_aliases[name.value]
            if "." not in name.value:
                raise parse_error(name, f"undefined symbol alias id '{name.value[1:]}'")
        head, _, body = name.value.partition("<")
        if head in DIALECT_LOCATIONS:
            # A location attribute even outside `loc(...)`: it keeps its
            # `#loc` alias when the generic form is read back.
            return A.DialectLoc(_dialect_location_text(name))
        return dialect_symbols.dialect_attribute(name, self.attribute_aliases)

    def typed_dialect_attr(self, children):
        """`#foo.attr : i32` (mlir_affine_py/grammar/extended.lark)."""
        name, colon, type = children
        if name.type == "HASH_ID" and name.value in self.attribute_aliases:
            # An alias ends the attribute: the parser stops at the `:`.
            raise parse_error(colon, "expected '}' in attribute dictionary")
        attr = self.hash_attr([name])
        if not isinstance(attr, A.OpaqueAttr):
            raise parse_error(colon, "expected '}' in attribute dictionary")
        return A.OpaqueAttr(attr.text, type)

    def dl_spec(self, children):
        # Duplicate keys are reported at `dl_spec`, after `#dlti.`.
        opening = children[0]
        check_unique_keys(children[1:], (opening.line, opening.column + len("#dlti.")))
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
        """The location of an op, block argument or induction variable:
        kept, and printed with --mlir-print-debuginfo."""
        return children[0]

    def loc_unknown(self, children):
        return A.UNKNOWN_LOC

    def loc_name(self, children):
        child = children[1] if len(children) > 1 else A.UNKNOWN_LOC
        return A.NameLoc(_string_value(children[0]), child)

    def loc_file(self, children):
        """`"f":L` (column 0), `"f":L:C`, `"f":L:C to :EC`, `"f":L:C to EL:EC`."""
        numbers = [integer_literal(token.value) for token in children[1:]]
        # Which number is a line: the first, and the third of four.
        line_numbers = (0, 2) if len(numbers) == 4 else (0,)
        for index, (token, number) in enumerate(zip(children[1:], numbers)):
            if number >= 1 << 32:   # Token::getUnsignedIntegerValue: 32 bits
                what = "line" if index in line_numbers else "column"
                raise parse_error(token, f"expected integer {what} number in FileLineColRange")
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
            return A.DialectLoc(_dialect_location_text(name))
        attr = self.attribute_aliases.get(name.value)
        if attr is None:
            reference = _ForwardLocRef(name)
            self.forward_locations.append(reference)
            return reference
        if not isinstance(attr, A.LocationAttr):
            raise parse_error(name, "expected location, but found dialect attribute")
        return attr

    # -------------------------------------------------------- affine syntax
    def affine_map(self, children):
        self.affine_names = None
        dims, syms, exprs = _map_parts(children)
        names = _bind_names(dims, syms)
        results = [affine_from_syntax(e, names) for e in exprs]
        return AffineMap(len(dims), len(syms), tuple(results))

    def integer_set(self, children):
        self.affine_names = None
        dims, syms, constraints = _map_parts(children)
        names = _bind_names(dims, syms)
        exprs, eqs = [], []
        if not constraints:
            # MLIR's parser turns an empty constraint list into `0 == 0`.
            constraints = [(Token("INT", "0"), "==", Token("INT", "0"))]
        for lhs, op, rhs in constraints:
            lhs = affine_from_syntax(lhs, names)
            rhs = affine_from_syntax(rhs, names)
            exprs.append(rhs - lhs if op == "<=" else lhs - rhs)
            eqs.append(op == "==")
        return IntegerSet(len(dims), len(syms), tuple(exprs), tuple(eqs))

    def constraint(self, children):
        return (children[0], children[1].value, children[2])

    def dim_list(self, children):
        self.affine_names = _bind_names(children, ())
        return ("dims", children)

    def symbol_list(self, children):
        if self.affine_names is not None:
            self.affine_names.update(_bind_names(children, (), set(self.affine_names)))
        return ("syms", children)

    def affine_expr_list(self, children):
        return list(children)

    def subscripts(self, children):
        return children[0] if children else []

    expr_add = _expr("add")
    expr_sub = _expr("sub")
    expr_mul = _expr("mul")
    expr_floordiv = _expr("floordiv")
    expr_ceildiv = _expr("ceildiv")
    expr_mod = _expr("mod")
    expr_neg = _expr("neg")

    def expr_id(self, children):
        names = self.affine_names
        if names is not None and children[0].value not in names:
            raise parse_error(children[0], "use of undeclared identifier")
        return AffineSyntax(("id", children[0]))

    def expr_symbol(self, children):
        return AffineSyntax(("symbol", children[0]))


# ----------------------------------------------------------------- helpers

def functional_type_error(text: str, read: list, type) -> MLIRError:
    """parseType<FunctionType>'s error for `type`, read after the values
    `read` (the parser's stack): where the type starts, after the format's
    `:`, on behalf of the op whose name was read last."""
    op = next((v for v in reversed(read) if isinstance(v, TOKEN)
               and v.type.startswith("OP_")), None)
    before = read[-1] if read else None
    pos = None
    if isinstance(before, TOKEN) and before.value == ":":
        pos = offset_to_pos(text, skip_trivia(text, before.end_pos))
    elif op is not None:
        pos = pos_of(op)
    prefix = f"custom op '{op.value}' " if op is not None else ""
    return MLIRError(f"{prefix}invalid kind of type specified: expected builtin.function, "
                     f"but found '{type}'", pos)


def _is_token(value, *kinds) -> bool:
    """Whether `value` is a token of one of `kinds` (types or texts)."""
    return isinstance(value, TOKEN) and (value.type in kinds or value.value in kinds)


# Builtin types that may not be elements of tensors, memrefs and vectors
# (TensorType::isValidElementType and its kin); a dialect's type may be.
_NOT_MEMREF_ELEMENTS = (T.TensorType, T.UnrankedTensorType, T.FunctionType, T.NoneType,
                        T.TupleType)
_NOT_TENSOR_ELEMENTS = _NOT_MEMREF_ELEMENTS + (T.MemRefType, T.UnrankedMemRefType)
_NOT_VECTOR_ELEMENTS = _NOT_TENSOR_ELEMENTS + (T.VectorType, T.ComplexType)

# IntegerType::kMaxWidth.
MAX_INTEGER_WIDTH = (1 << 24) - 1


def _is_memory_space(attr) -> bool:
    """isSupportedMemorySpace: an integer, string or dictionary, or an
    attribute of a dialect other than builtin (an unknown dialect's
    attribute is an opaque builtin one)."""
    if isinstance(attr, (A.IntegerAttr, A.StringAttr, A.DictionaryAttr, A.DataLayoutSpecAttr)):
        return True
    return isinstance(attr, A.OpaqueAttr) and attr.text[1:].partition(".")[0] in REGISTERED_DIALECTS


def _unique_entries(children, entries: dict) -> dict:
    """`name = value` pairs into `entries`; a name given twice is an error
    at its second occurrence."""
    for name, value in children:
        if name.value in entries:
            raise parse_error(name, f"duplicate key '{name.value}' in dictionary attribute")
        entries[name.value] = value
    return entries


class ParsedOps(list):
    """The top-level ops of a text, and `argument_locations` (the
    transformer's) for the builder."""

    argument_locations: dict = {}


class _ForwardLocRef(A.LocationAttr):
    """`loc(#name)` before `#name = loc(...)` is defined, as mlir-opt prints
    op locations with --mlir-print-debuginfo (allowed for op and argument
    locations); `target` is the location once the text is read."""

    __slots__ = ("token", "target")

    def __init__(self, token):
        self.token = token
        self.target = None
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


# Dialect attributes that are locations (TestAttrDefs.td `TestCustomLocation`).
DIALECT_LOCATIONS = frozenset({"#test.custom_location"})


def _dialect_location_text(token) -> str:
    """The test dialect's custom location prints as `<"file" * line>`
    (TestAttributes.cpp), its line read as an unsigned; other dialect
    locations are kept verbatim."""
    import re
    name, _, body = token.value.partition("<")
    body = "<" + body
    if name != "#test.custom_location":
        return name + body

    def at(index: int) -> tuple:
        return (token.line, token.column + len(name) + index)

    def parameter(which: str, cpp_type: str) -> str:
        return (f"failed to parse TestCustomLocationAttr parameter '{which}' which is to be a "
                f"`{cpp_type}`")

    # The format `<` $file `*` $line `>`, read a piece at a time (a number
    # with a `.` is a float, no integer).
    space = re.compile(r"\s*")
    index = space.match(body, 1).end()
    file = re.compile(r'"(?:[^"\\\n]|\\.)*"').match(body, index)
    if file is None:
        raise MLIRError("expected attribute value", at(index)).attach_note(
            parameter("file", "mlir::StringAttr"), at(index), "error")
    index = space.match(body, file.end()).end()
    if not body.startswith("*", index):
        # A missing punctuation is reported where the token before it ends.
        raise MLIRError("expected '*'", at(file.end()))
    index = space.match(body, index + 1).end()
    number = re.compile(r"(-?)\s*(0x[0-9a-fA-F]+|[0-9]+)(?!\.)").match(body, index)
    if number is None:
        raise MLIRError("expected integer value", at(index)).attach_note(
            parameter("line", "unsigned"), at(index), "error")
    line = fit_unsigned(number.group(2), number.group(1) == "-", 32)
    if line is None:
        raise MLIRError("integer value too large", at(index)).attach_note(
            parameter("line", "unsigned"), at(len(body) - 1), "error")
    index = space.match(body, number.end()).end()
    if index != len(body) - 1:
        raise MLIRError("expected '>'", at(number.end()))
    return f"{name}<{file.group()} * {line}>"


_SIMPLE_MEMREFS: dict = {}


def _check_dimensions(token) -> None:
    """Parser::parseDimensionListRanked: a dimension must fit int64_t."""
    if len(token.value) < 20:     # 2**63 has 19 digits, and a dimension ends with `x`
        return
    import re
    for match in re.finditer(r"[0-9]+", token.value):
        if int(match.group()) >= 1 << 63 and token.value[match.end():match.end() + 1] in ("x", " ", "\t", "]"):
            raise MLIRError("invalid dimension", (token.line, token.column + match.start()))


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
    try:
        return unescape_string(token.value[1:-1])
    except ValueError:
        raise string_literal_error(token.value, pos_of(token)) from None


def _decoded(data: bytes) -> str:
    """A name from a string literal; bytes that are not UTF-8 are kept (as
    surrogate escapes) and printed back as they were."""
    return data.decode("utf-8", "surrogateescape")


def _symbol_name(token) -> str:
    text = token.value[1:]
    if text.startswith('"'):
        try:
            return _decoded(unescape_string(text[1:-1]))
        except ValueError:
            raise string_literal_error(text, (token.line, token.column + 1)) from None
    return text


class _DenseElement:
    """One element of a dense literal: its token (INT, FLOAT, STRING or
    KEYWORD_ATTR), whether a `-` preceded it, and the token it starts at."""

    __slots__ = ("token", "negative", "start")

    def __init__(self, token, negative: bool, start=None):
        self.token = token
        self.negative = negative
        self.start = start if start is not None else token

    def elements(self) -> list:
        return [self]


class _DenseComplex:
    """`(re, im)`: its two parts, each an element or another pair."""

    __slots__ = ("parts", "start")

    def __init__(self, parts, start):
        self.parts = parts
        self.start = start

    def elements(self) -> list:
        return [element for part in self.parts for element in part.elements()]


class _DenseList:
    """`[...]` of a dense literal, with the shape its nesting gives."""

    __slots__ = ("items", "dims", "start")

    def __init__(self, items, dims, start=None):
        self.items = items
        self.dims = dims
        self.start = start

    def elements(self) -> list:
        out, stack = [], [iter(self.items)]
        while stack:
            item = next(stack[-1], None)
            if item is None:
                stack.pop()
            elif isinstance(item, _DenseList):
                stack.append(iter(item.items))
            else:
                out.extend(item.elements())
        return out


_LITERAL_PARTS = (_DenseList, _DenseElement, _DenseComplex)


def _elements_literal_type(keyword, type):
    """Parser::parseElementsLiteralType: a shaped type of static shape."""
    if isinstance(type, (T.UnrankedTensorType, T.UnrankedMemRefType)):
        raise parse_error(keyword, "elements literal type must have static shape")
    if not isinstance(type, (T.TensorType, T.VectorType, T.MemRefType)):
        raise parse_error(keyword, "elements literal must be a shaped type")
    if any(d is None for d in type.shape):
        raise parse_error(keyword, "elements literal type must have static shape")
    return type


def _tensor_literal_attr(body, type, location, allow_hex: bool) -> A.DenseElementsAttr:
    """TensorLiteralParser::getAttr: the literal `body` (None when empty)
    as the elements of `type`; errors about the whole literal at
    `location`."""
    element = type.element_type
    count = 1
    for d in type.shape:
        count *= d
    hex_data = allow_hex and isinstance(body, _DenseElement) and body.token.type == "STRING"
    if hex_data and dense_storage.is_numeric(element):
        return A.DenseElementsAttr(type, _hex_elements(body.token, element, type, count, location))
    if isinstance(body, _DenseList) and list(body.dims) != list(type.shape):
        raise parse_error(location, f"inferred shape of elements literal "
                                    f"([{', '.join(map(str, body.dims))}]) does not match type "
                                    f"([{', '.join(map(str, type.shape))}])")
    storage = body.elements() if body is not None else []
    if not storage and count:
        raise parse_error(location, f"parsed zero elements, but type ('{type}') expected at least 1")
    if isinstance(element, T.ComplexType):
        if not isinstance(body, _DenseList) and count and len(storage) != 2:
            raise parse_error(location, f"parsed {len(storage)} elements, but type ('{element}') "
                                        "expected 2 elements")
        if isinstance(body, _DenseList) and len(storage) != count * 2:
            raise parse_error(location, f"parsed {len(storage)} elements, but type ('{type}') "
                                        f"expected {count * 2} elements")
        part = element.element_type
        if not dense_storage.is_numeric(part):
            raise parse_error(location, f"expected string token, got {storage[0].token.value}")
        numbers = [_element_value(v, part) for v in storage]
        return A.DenseElementsAttr(type, zip(numbers[0::2], numbers[1::2]))
    if not dense_storage.is_numeric(element):
        # DenseStringElementsAttr: a hex string is its one string.
        for value in storage:
            if value.token.type != "STRING":
                raise parse_error(location, f"expected string token, got "
                                            f"{'-' if value.negative else ''}{value.token.value}")
    values = [_element_value(v, element) for v in storage]
    if len(values) > count > 0:
        # Complex pairs read into other elements: their parts, in order.
        values = values[:count]
    return A.DenseElementsAttr(type, values)


def _signedness(type) -> str:
    if isinstance(type, T.IntegerType):
        return {"s": "signed", "u": "unsigned"}.get(type.signedness, "signless")
    return "signless"


def _integer_value(token, negative: bool, type, message: str) -> int:
    """mlir's buildAttributeAPInt: the value of an integer literal of an
    integer or index type, or `message` at the token when it does not fit."""
    magnitude = integer_literal(token.value)
    try:
        integer_attr_bits(magnitude, negative, getattr(type, "width", 64), _signedness(type),
                          isinstance(type, T.IndexType))
    except ValueError as error:
        if "unsigned" in str(error):
            raise parse_error(token, str(error)) from None
        raise parse_error(token, message) from None
    return -magnitude if negative else magnitude


def _float_from_integer(token, negative: bool, type) -> int:
    """mlir's Parser::parseFloatFromIntegerLiteral: only a hexadecimal
    literal (the bit pattern) may stand for a float."""
    from ..printer.numbers import float_semantics, hex_float_literal_to_bits
    if not token.value.startswith("0x"):
        raise MLIRError("unexpected decimal integer literal for a floating point value",
                        pos_of(token)).attach_note("add a trailing dot to make the literal a float",
                                                   pos_of(token))
    try:
        float_semantics(type.text)
        return hex_float_literal_to_bits(int(token.value, 16), type.text, negative)
    except ValueError as error:
        raise parse_error(token, str(error)) from None


def _float_from_literal(token, negative: bool, type) -> int:
    from ..printer.numbers import parse_float_literal
    try:
        return parse_float_literal(token.value, type.text, negative)
    except (ValueError, OverflowError) as error:
        raise parse_error(token, f"floating point value not valid for type: {error}") from None


def _float_element(token, negative: bool, type) -> int:
    """The bits of a float element of a dense or array literal."""
    if token.type == "INT":
        return _float_from_integer(token, negative, type)
    if token.type == "FLOAT":
        return _float_from_literal(token, negative, type)
    raise parse_error(token, "expected floating point literal")


def _element_value(element: _DenseElement, type):
    """The stored value of one element of a dense elements literal
    (TensorLiteralParser::getIntAttrElements / getFloatAttrElements)."""
    token, negative = element.token, element.negative
    kind = token.type
    if isinstance(type, T.FloatType):
        return _float_element(token, negative, type)
    if isinstance(type, (T.IntegerType, T.IndexType)):
        if negative and _signedness(type) == "unsigned":
            raise parse_error(token, "expected unsigned integer elements, but parsed negative value")
        if kind == "FLOAT":
            raise parse_error(token, "expected integer elements, but parsed floating-point")
        if kind == "KEYWORD_ATTR" and token.value in ("true", "false"):
            if type != T.I1:
                raise parse_error(token, "expected i1 type for 'true' or 'false' values")
            return int(token.value == "true")
        if kind != "INT":
            raise parse_error(token, "integer constant out of range for type")
        return A.wrap_integer(_integer_value(token, negative, type,
                                             "integer constant out of range for type"), type)
    # Elements of other types (strings of a dialect's type) are kept as written.
    if kind == "STRING":
        from ..printer.numbers import escape_string
        return '"' + escape_string(_string_value(token)) + '"'
    return ("-" if negative else "") + token.value


def _array_element_value(element: _DenseElement, type, following):
    """One element of `array<type: ...>` (DenseArrayElementParser); some
    errors are reported at the token after the element, as mlir does."""
    token, negative = element.token, element.negative
    kind = token.type
    if isinstance(type, T.FloatType):
        return _float_element(token, negative, type)
    if kind == "KEYWORD_ATTR" and token.value in ("true", "false"):
        if type != T.I1:
            raise parse_error(token, "expected i1 type for 'true' or 'false' values")
        return int(token.value == "true")
    if type == T.I1:
        raise parse_error(following, "expected 'true' or 'false' values for i1 type")
    if kind != "INT":
        raise parse_error(token, "expected integer literal")
    magnitude = integer_literal(token.value)
    value = -magnitude if negative else magnitude
    if not isinstance(type, (T.IntegerType, T.IndexType)):
        return value
    signedness = _signedness(type)
    try:
        # buildAttributeAPInt: a negative unsigned value wraps, as signless.
        integer_attr_bits(magnitude, negative, getattr(type, "width", 64),
                          "signless" if signedness == "unsigned" else signedness,
                          isinstance(type, T.IndexType))
    except ValueError:
        raise parse_error(following, "integer constant out of range") from None
    return A.wrap_integer(value, type)


def _hex_elements(token, element, type, count: int, keyword) -> list:
    """`dense<"0x...">`: the raw little-endian storage of the elements
    (DenseElementsAttr::isValidRawBuffer; i1 elements are packed by bit)."""
    text = _string_value(token).decode("latin-1")
    digits = text[2:]
    if not text.startswith("0x") or len(digits) % 2 or \
            any(c not in "0123456789abcdefABCDEF" for c in digits):
        raise parse_error(token, "expected string containing hex digits starting with `0x`")
    data = bytes.fromhex(digits)
    part = element.element_type if isinstance(element, T.ComplexType) else element
    width = dense_storage.storage_width(part)
    invalid = parse_error(keyword, f"elements hex data size is invalid for provided type: '{type}'")
    if width == 1 and part is element:
        if len(data) == 1 and data[0] in (0, 0xFF):
            return [int(data[0] != 0)]
        if len(data) * 8 != (count + 7) // 8 * 8:
            raise invalid
        return [(data[i // 8] >> (i % 8)) & 1 for i in range(count)]
    size = (width + 7) // 8
    parts = 2 if part is not element else 1
    if len(data) == size * parts:
        chunks = [data]
    elif len(data) == size * parts * count:
        chunks = [data[i:i + size * parts] for i in range(0, len(data), size * parts)]
    else:
        raise invalid

    def number(raw: bytes):
        value = int.from_bytes(raw, "little")
        return value if isinstance(part, T.FloatType) else A.wrap_integer(value, part)
    if parts == 2:
        return [(number(chunk[:size]), number(chunk[size:])) for chunk in chunks]
    return [number(chunk) for chunk in chunks]


def _float_attr(value, type, token) -> A.FloatAttr:
    try:
        rounded = round_to_type(float(value), type.text)
        return A.FloatAttr(float_to_bits(rounded, type.text), type)
    except (ValueError, OverflowError) as error:
        raise parse_error(token, f"floating point value not valid for type: {error}") from None


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


def _bind_names(dims, syms, declared=()) -> dict:
    names = {}
    for i, token in enumerate(dims):
        if token.value in declared:
            raise parse_error(token, f"redefinition of identifier '{token.value}'")
        if token.value in names:
            raise parse_error(token, f"redefinition of identifier '{token.value}'")
        names[token.value] = affine_dim(i)
    for i, token in enumerate(syms):
        if token.value in names:
            raise parse_error(token, f"redefinition of identifier '{token.value}'")
        names[token.value] = affine_symbol(i)
    return names
