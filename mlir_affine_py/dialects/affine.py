"""The affine dialect's loops, conditionals, index arithmetic and memory ops
(mlir/lib/Dialect/Affine/IR/AffineOps.cpp: AffineForOp, AffineIfOp,
AffineApplyOp, AffineMinOp/AffineMaxOp, AffineLoadOp/AffineStoreOp and their
vector forms, AffineYieldOp)."""

from __future__ import annotations

import functools
import re

from ..diagnostics import MLIRError, offset_to_pos
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import AffineConstantExpr, AffineDimExpr, AffineSymbolExpr, constant
from ..ir.affine_expr import dim as affine_dim
from ..ir.affine_expr import symbol as affine_symbol
from ..ir.affine_map import AffineMap
from ..ir.core import Block, Region, Value, register_op
from ..ir.op_definition import (Operand, Property, RegionDef, Result, Variadic, VariadicResult,
                                index_attr, segment_sizes)
from ..ir.side_effects import NOT_SPECULATABLE, RECURSIVELY_SPECULATABLE
from ..ir.traits import (AffineMapAccessInterface, AffineReadOpInterface,
                         AffineWriteOpInterface, AttrSizedOperandSegments,
                         AutomaticAllocationScope, ConditionallySpeculatable,
                         LoopLikeOpInterface, MemoryEffects, NoRegionArguments, Pure, Read,
                         RecursiveMemoryEffects, RecursivelySpeculatable, ReturnLike,
                         SingleBlockImplicitTerminator, Terminator, Write)
from ..parse.engine.shapes import name_offsets, name_tokens, occurrence, ssa_shape
from ..parse.op_syntax import parses
from ..parse.syntax import (TOKEN, AttrDict, ParsedRegion, TypeList, Uses, affine_from_syntax,
                            defined_name, integer_literal, parse_error)
from ..ir.type_constraints import AnyMemRef, AnyType, Index
from .affine_canonicalize import (IF_PATTERNS, MIN_MAX_PATTERNS, canonicalize_map_and_operands, compose_set_and_operands,
                                  constant_fold_map, fold_affine_for, fold_empty_loop,
                                  fold_affine_load,
                                  simplify_affine_op)
from .memref_canonicalize import fold_stored_through_casts
from .arith import materialize_constant as materialize_arith_constant
from .affine_validity import (affine_scope, dim_and_symbol_error, is_valid_dim,
                              is_valid_symbol, note_induction_vars, note_valid_dim_apply)
from .base import (ValueTerminator, RegisteredOp, attrs_of, ensure_terminator,
                   first_of, index_types, new_op, regions_of)


# ------------------------------------------------------------------ yield
@register_op
class AffineYieldOp(ValueTerminator):
    name = "affine.yield"
    traits = (Pure, Terminator, ReturnLike)
    # Its custom form gives operands alone, of any types: only the generic
    # form can break ODS's rules (its counts).
    invariants_met_by_parser = True

    syntax = r"""
        affine_yield: OP_AFFINE_YIELD (value_use_list ":" type_list)? attr_dict?
    """

    @classmethod
    def parse(cls, t, children):
        operands = list(first_of(children, Uses, []))
        types = list(first_of(children, TypeList, []))
        return new_op("affine.yield", None, operands, types, attributes=dict(attrs_of(children)))

    def verify(self):
        parent = self.parent_op
        if parent is None or parent.op_name not in ("affine.if", "affine.for", "affine.parallel"):
            return "'affine.yield' op only terminates affine.if/for/parallel regions"
        operands = self.operands
        if len(parent.results) != len(operands):
            return ("'affine.yield' op parent of yield must have same number of results as the "
                    "yield operands")
        if operands and any(r.type != v.type for r, v in zip(parent.results, operands)):
            return "'affine.yield' op types mismatch between yield op and its parent"
        return None


# --------------------------------------------------------------- bounds
def print_bound(p, map_attr, operands, prefix: str) -> None:
    """AffineOps.cpp `printBound`: a bare constant, a bare symbol operand, or
    `[min|max] #map(dims)[symbols]`."""
    map = map_attr.value
    if len(map.results) == 1:
        expr = map.results[0]
        if map.num_dims == 0 and map.num_symbols == 0 and isinstance(expr, AffineConstantExpr):
            p.write(str(expr.value))
            return
        if map.num_dims == 0 and map.num_symbols == 1 and isinstance(expr, AffineSymbolExpr):
            p.print_operand(operands[0])
            return
    else:
        p.write(prefix + " ")
    p.print_attribute(map_attr)
    p.print_dim_and_symbol_list(operands, map.num_dims)


def index_literal(token, negative: bool = False) -> int:
    """An integer literal parsed as an index attribute (a constant loop
    bound or step): it must fit a signed 64-bit integer."""
    value = integer_literal(token.value)
    value = -value if negative else value
    if not -(1 << 63) <= value < (1 << 63):
        raise parse_error(token, "integer constant out of range for attribute")
    return value


def resolve_map(t, ref) -> A.AffineMapAttr:
    if isinstance(ref, A.AffineMapAttr):
        return ref
    attr = t.attribute_aliases.get(ref.value)
    if attr is None:
        raise parse_error(ref, f"undefined symbol alias id '{ref.value[1:]}'")
    if not isinstance(attr, A.AffineMapAttr):
        raise parse_error(ref, "expected affine map")
    return attr


def check_dim_symbol_counts(map_or_set, dims, syms, token, prefix: str = "",
                            what: str = "affine map") -> None:
    if len(dims) != map_or_set.num_dims:
        raise parse_error(token, f"{prefix}dim operand count and {what} dim count must match")
    if len(syms) != map_or_set.num_symbols:
        raise parse_error(token, f"{prefix}symbol operand count and {what} symbol count must match")


# ------------------------------------------------------------------- for
def _is_lower_bound(t) -> bool:
    """Whether the bound being read is the lower one of the affine.for whose
    name the lexer remembered last (its bounds are read in order)."""
    name = t.last_op_name
    seen = getattr(t, "affine_for_bounds", None)
    count = seen[1] + 1 if seen is not None and seen[0] is name else 1
    t.affine_for_bounds = (name, count)
    return count == 1


def _bound_offset(text: str, name, lower: bool):
    """Where the lower (after `=`) or upper (after `to`) bound of the
    affine.for named by the token `name` starts in `text`."""
    if name is None or not hasattr(name, "start_pos"):
        return None
    depth, after_equal = 0, False
    for index in range(name.start_pos, len(text)):
        char = text[index]
        if char in "(<[":
            depth += 1
        elif char in ")]" or char == ">" and text[index - 1] != "-":
            depth -= 1
        elif char in "{\n":
            return None
        elif depth == 0 and char == "=" and not after_equal:
            if lower:
                return _skip_blanks(text, index + 1)
            after_equal = True
        elif depth == 0 and after_equal and text.startswith("to", index) \
                and not re.match(r"[\w$.%]", text[index - 1]) \
                and not re.match(r"[\w$.]", text[index + 2:index + 3]):
            return _skip_blanks(text, index + 2)
    return None


def _skip_blanks(text: str, index: int) -> int:
    while index < len(text) and text[index] in " \t":
        index += 1
    return index


@register_op
class AffineForOp(RegisteredOp):
    name = "affine.for"
    required_properties = ("lowerBoundMap", "step", "upperBoundMap")
    traits = (AutomaticAllocationScope, SingleBlockImplicitTerminator("affine.yield"),
              RecursiveMemoryEffects, ConditionallySpeculatable, LoopLikeOpInterface,
              AttrSizedOperandSegments)
    ods_operands = (Variadic("lowerBoundOperands"), Variadic("upperBoundOperands"),
                    Variadic("inits"))
    ods_results = (VariadicResult("results"),)
    ods_properties = (Property("lowerBoundMap", A.AffineMapAttr),
                      Property("upperBoundMap", A.AffineMapAttr), Property("step", A.IntegerAttr))
    ods_regions = (RegionDef("region", blocks=1),)
    # Its custom form sets the operand segments after the attribute
    # dictionary, from the operands it reads (`parse`): only the generic
    # form can break ODS's rules.
    invariants_met_by_parser = True

    syntax = r"""
        // The rule splits at the region: what comes before it, the head, is
        // also the start symbol with which a head that stands on a line of its
        // own (AFFINE_FOR_LINE) is parsed when its shape is new (op_heads.py).
        affine_for: affine_for_head region attr_dict?
        affine_for_head: OP_AFFINE_FOR (RESULTS | VALUE_ID trailing_loc "=") affine_bound "to" affine_bound ("step" MINUS? INT)? iter_args? -> op_head
                       | AFFINE_FOR_LINE -> op_head_line
        affine_bound: INT                                  -> const_bound
                    | "-" INT                              -> neg_const_bound
                    | VALUE_ID                             -> ssa_bound
                    | bound_prefix? _map_ref dim_and_symbol_list -> map_bound
        // Reduced on its own, before the map after it: a prefix of the
        // wrong bound is reported before any error inside the map.
        bound_prefix: MIN_MAX
        MIN_MAX.2: /(min|max)(?![\w$.])/
        iter_args: "iter_args" "(" iter_arg ("," iter_arg)* ")" "->" _result_types
        // A regular expression (not a string, which the lexer would take as a
        // keyword of BARE_ID) so that the lexer's callback remembers the token.
        OP_AFFINE_FOR.2: /affine\.for(?![\w$.])/
        // The head on a line that opens the region at its end, without the `{`.
        // The lexer emits it only where the parser accepts it.
        AFFINE_FOR_LINE.5: /affine\.for [^\n{}"\/^]*+(?=\{ *\n)/
    """
    syntax_head_lines = {"AFFINE_FOR_LINE": "affine_for_head"}
    syntax_remembers_name = True
    syntax_terminal_texts = {"MIN_MAX": "'min' or 'max'"}
    syntax_missing = {"TO": ("custom op 'affine.for' expected 'to' between bounds", "token"),
                      ("step", "INT"): ("expected attribute value", "previous"),
                      ("-", "INT"): ("expected constant integer or floating point value",
                                     "previous"),
                      "LBRACE": ("expected '{' to begin a region", "previous")}
    syntax_dim_and_symbol_list = True

    @classmethod
    def syntax_error_before(cls, stack, text):
        for index, value in enumerate(stack):
            if isinstance(value, TOKEN) and value.type == "STEP" and index + 2 < len(stack) \
                    and isinstance(stack[index + 1], TOKEN) and stack[index + 1].type == "MINUS" \
                    and isinstance(stack[index + 2], TOKEN) and stack[index + 2].type == "INT":
                return parse_error(stack[index + 1], "custom op 'affine.for' expected step to be "
                                                     "representable as a positive signed integer")
        return None

    @classmethod
    def parse(cls, t, children):
        iv = defined_name(children[0])
        if isinstance(children[1], A.LocationAttr):     # `%i loc(...) =`
            t.note_argument_location(iv, children[1])
        # One pass over the other children: the bounds, the step, the
        # iteration arguments, the body and the attribute dictionary.
        bounds, step_token, iter_args, region, attrs = [], None, None, None, None
        for child in children[1:]:
            if isinstance(child, tuple):
                if len(child) == 3 and isinstance(child[0], AffineMap):
                    bounds.append(child)
            elif isinstance(child, TOKEN):
                if child.type == "INT" and step_token is None:
                    step_token = child
                elif child.type == "MINUS" and step_token is None:
                    # AffineForOp::parse reads an attribute and wants it positive.
                    raise parse_error(child, "custom op 'affine.for' expected step to be "
                                             "representable as a positive signed integer")
            elif isinstance(child, ParsedRegion):
                if region is None:
                    region = child
            elif isinstance(child, AttrDict):
                if attrs is None:
                    attrs = dict(child)
            elif isinstance(child, list) and iter_args is None:
                iter_args = child
        lower, upper = bounds
        step = index_literal(step_token) if step_token is not None else 1
        if step <= 0:
            raise parse_error(step_token, "custom op 'affine.for' expected step to be "
                                          "representable as a positive signed integer")
        inits, init_names, result_types = [], [], []
        if iter_args is not None and iter_args and isinstance(iter_args[0], tuple):
            pairs, result_types = iter_args[:-1], iter_args[-1]
            init_names = [name for name, _ in pairs]
            inits = [value for _, value in pairs]
            if len(result_types) != len(inits):
                # At the op's name (parse_error without a token).
                raise parse_error(None, "custom op 'affine.for' mismatch between the number "
                                        "of loop-carried values and results")
        region.set_entry_args([(iv, T.INDEX)] + list(zip(init_names, result_types)))
        if attrs is None:
            attrs = {}
        attrs.update(lowerBoundMap=_shared_map_attr(lower[0]), upperBoundMap=_shared_map_attr(upper[0]),
                     step=index_attr(step),
                     operandSegmentSizes=segment_sizes(len(lower[1]), len(upper[1]), len(inits)))
        operands = lower[1] + upper[1] + inits
        return new_op("affine.for", iv, operands,
                      index_types(len(lower[1]) + len(upper[1])) + list(result_types),
                      list(result_types), attrs, regions=[region])

    @parses("const_bound")
    def parse_const_bound(t, children):
        _is_lower_bound(t)
        return (_shared_map(0, 0, (constant(index_literal(children[0])),)), [], children[0])

    @parses("neg_const_bound")
    def parse_neg_const_bound(t, children):
        _is_lower_bound(t)
        return (_shared_map(0, 0, (constant(index_literal(children[0], True)),)), [], children[0])

    @parses("ssa_bound")
    def parse_ssa_bound(t, children):
        _is_lower_bound(t)
        return (_shared_map(0, 1, (affine_symbol(0),)), [children[0]], children[0])

    @parses("bound_prefix")
    def parse_bound_prefix(t, children):
        """`max` before a lower bound, `min` before an upper one: parseBound
        reads only its own prefix; the other stands where its bound
        attribute should start (Parser::emitWrongTokenError: just past the
        `to` or `=`)."""
        keyword = children[0]
        seen = getattr(t, "affine_for_bounds", None)
        lower = not (seen is not None and seen[0] is t.last_op_name and seen[1] == 1)
        if keyword.value != ("max" if lower else "min"):
            start = _bound_offset(t.text, t.last_op_name, lower)
            if start is None:
                raise parse_error(keyword, "expected attribute value")
            while start > 0 and t.text[start - 1] in " \t\r\n":
                start -= 1
            raise MLIRError("expected attribute value", offset_to_pos(t.text, start))
        return keyword

    @parses("map_bound")
    def parse_map_bound(t, children):
        keyword = children[0] if isinstance(children[0], TOKEN) and children[0].type == "MIN_MAX" else None
        rest = children[1:] if keyword is not None else children
        lower = _is_lower_bound(t)
        map_attr = resolve_map(t, rest[0])
        dims, syms = rest[1]
        map = map_attr.value
        token = keyword or (rest[0] if isinstance(rest[0], TOKEN) else (dims + syms or [None])[0])
        # AffineForOp::parse reports a count mismatch at the op's name.
        check_dim_symbol_counts(map, dims, syms, t.last_op_name, "custom op 'affine.for' ",
                                "affine map")
        if len(map.results) > 1 and keyword is None:
            # AffineForOp's parseBound, at the start of the bound.
            if lower:
                message = "lower loop bound affine map with multiple results requires 'max' prefix"
            else:
                message = "upper loop bound affine map with multiple results requires 'min' prefix"
            start = _bound_offset(t.text, t.last_op_name, lower)
            message = "custom op 'affine.for' " + message
            if start is None:
                raise parse_error(token, message)
            raise MLIRError(message, offset_to_pos(t.text, start))
        return (map, dims + syms, token)

    @parses("iter_args")
    def parse_iter_args(t, children):
        *pairs, results = children
        return list(pairs) + [list(results) if isinstance(results, list) else [results]]

    @property
    def segments(self):
        return self.properties["operandSegmentSizes"].value

    @property
    def lower_bound_map(self) -> AffineMap:
        return self.properties["lowerBoundMap"].value

    @lower_bound_map.setter
    def lower_bound_map(self, map: AffineMap) -> None:
        """A new lower bound map over the same operands (`set_lower_bound`
        changes both)."""
        self._set_bound("lower", map, self.lower_bound_operands)

    @property
    def upper_bound_map(self) -> AffineMap:
        return self.properties["upperBoundMap"].value

    @upper_bound_map.setter
    def upper_bound_map(self, map: AffineMap) -> None:
        """A new upper bound map over the same operands (`set_upper_bound`
        changes both)."""
        self._set_bound("upper", map, self.upper_bound_operands)

    def set_lower_bound(self, map: AffineMap, operands=()) -> None:
        """AffineForOp::setLowerBound: the map (several results: their
        maximum) and its operands, dimensions then symbols, of type index."""
        self._set_bound("lower", map, operands)

    def set_upper_bound(self, map: AffineMap, operands=()) -> None:
        """AffineForOp::setUpperBound: the map (several results: their
        minimum) and its operands, dimensions then symbols, of type index."""
        self._set_bound("upper", map, operands)

    def _set_bound(self, which: str, map, operands) -> None:
        argument = f"{which}_bound_map"
        if isinstance(map, A.AffineMapAttr):
            map = map.value
        if not isinstance(map, AffineMap):
            raise TypeError(f"{argument} must be an AffineMap, not {type(map).__name__}")
        if not map.results:
            raise ValueError(f"{argument} {map} must have at least one result")
        operands = list(operands)
        if any(not isinstance(v, Value) or v.type != T.INDEX for v in operands):
            raise TypeError(f"the operands of {argument} must be Values of type index")
        if len(operands) != map.num_dims + map.num_symbols:
            raise ValueError(f"{argument} {map} takes {map.num_dims + map.num_symbols} operands "
                             f"(dimensions and symbols), the loop gives {len(operands)}")
        lbs, ubs, inits = (list(self.lower_bound_operands), list(self.upper_bound_operands),
                           list(self.inits))
        if which == "lower":
            lbs = operands
        else:
            ubs = operands
        self.set_operands(lbs + ubs + inits)
        self.properties[f"{which}BoundMap"] = A.AffineMapAttr(map)
        self.properties["operandSegmentSizes"] = segment_sizes(len(lbs), len(ubs), len(inits))

    @property
    def lower_bound_operands(self):
        return self.operands[:self.segments[0]]

    @property
    def upper_bound_operands(self):
        n_lb, n_ub = self.segments[0], self.segments[1]
        return self.operands[n_lb:n_lb + n_ub]

    @property
    def inits(self):
        return self.operands[self.segments[0] + self.segments[1]:]

    @property
    def step(self) -> int:
        return self.properties["step"].value

    @step.setter
    def step(self, step: int) -> None:
        """AffineForOp::setStep: a positive int."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise TypeError(f"step must be a positive int, not {step!r}")
        if step <= 0:
            raise ValueError(f"step must be positive, not {step}")
        self.properties["step"] = index_attr(step)

    fold = fold_affine_for
    canonicalization_patterns = (fold_empty_loop,)

    def speculatability(self) -> str:
        """A loop of step 1 ends for any bounds: as speculatable as its body."""
        return RECURSIVELY_SPECULATABLE if self.step == 1 else NOT_SPECULATABLE

    @property
    def body(self):
        return self.regions[0].blocks[0]

    @property
    def induction_var(self):
        return self.body.args[0]

    def ensure_implicit_structure(self) -> None:
        if not self.results:
            ensure_terminator(self, 0, AffineYieldOp)

    def verify(self):
        note_induction_vars(self)
        for bound, name in (("lower", "lowerBoundMap"), ("upper", "upperBoundMap")):
            map_attr = self.properties.get(name)
            if isinstance(map_attr, A.AffineMapAttr) and not map_attr.value.results:
                return f"'affine.for' op expected {bound} bound map to have at least one result"
        # Constant bounds (most loops) have no operands to check.
        if not self.operands or "operandSegmentSizes" not in self.properties:
            return None
        for map_attr, operands in ((self.properties.get("lowerBoundMap"), self.lower_bound_operands),
                                   (self.properties.get("upperBoundMap"), self.upper_bound_operands)):
            if isinstance(map_attr, A.AffineMapAttr):
                message = dim_and_symbol_error(self, operands, map_attr.value.num_dims)
                if message:
                    return message
        return None

    def affine_induction_vars(self):
        return self.regions[0].blocks[0].args[:1]      # the body's, without a call

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.induction_var)
        p.print_optional_location_specifier(self.induction_var)
        p.write(" = ")
        print_bound(p, self.properties["lowerBoundMap"], self.lower_bound_operands, "max")
        p.write(" to ")
        print_bound(p, self.properties["upperBoundMap"], self.upper_bound_operands, "min")
        if self.step != 1:
            p.write(f" step {self.step}")
        inits = self.inits
        if inits:
            p.write(" iter_args(")
            for i, (arg, init) in enumerate(zip(self.body.args[1:], inits)):
                if i:
                    p.write(", ")
                p.print_operand(arg)
                p.write(" = ")
                p.print_operand(init)
            p.write(") -> (")
            p.print_type_list([r.type for r in self.results])
            p.write(")")
        p.write(" ")
        p.print_region(self.regions[0], False, bool(inits))
        self.attr_dict(p)

    @classmethod
    def build(cls, lower, upper, step: int = 1, iter_args=(), body_builder=None):
        """AffineForOp::build.  A bound is an int, a Value (a symbol), an
        AffineMap without operands or a pair (AffineMap, operands); several
        results make a max (lower) or min (upper) bound.  The body block
        takes the induction variable and one argument per iter_arg.
        `body_builder(builder, iv, args)`, given, fills the body, its yield
        included; otherwise a loop without iter_args gets its implicit
        `affine.yield`."""
        if step <= 0:
            raise ValueError("affine.for step must be positive")
        (lb_map, lb_operands), (ub_map, ub_operands) = _bound(lower), _bound(upper)
        iter_args = list(iter_args)
        body = Block([T.INDEX] + [v.type for v in iter_args])
        for arg, init in zip(body.args[1:], iter_args):
            arg.pos = init.location     # an iter_arg at its init's location
        op = cls.build_generic(
            (lb_operands, ub_operands, iter_args), [v.type for v in iter_args],
            {"lowerBoundMap": _shared_map_attr(lb_map), "upperBoundMap": _shared_map_attr(ub_map),
             "step": index_attr(step)}, [Region([body])])
        if body_builder is not None:
            from ..ir.rewriter import OpBuilder
            body_builder(OpBuilder.at_end(body), body.args[0], body.args[1:])
        elif not iter_args:
            body.append(AffineYieldOp.build())
        return op


def _bound(bound) -> tuple:
    """A loop bound given to AffineForOp.build as (map, operands)."""
    if isinstance(bound, bool):
        raise TypeError("a loop bound is an int, a Value or an affine map")
    if isinstance(bound, int):
        return _shared_map(0, 0, (constant(bound),)), []
    if isinstance(bound, AffineMap):
        return bound, []
    if isinstance(bound, tuple):
        map, operands = bound
        operands = list(operands)
        if len(operands) != map.num_dims + map.num_symbols:
            raise ValueError(f"bound map {map} takes {map.num_dims + map.num_symbols} operands, "
                             f"got {len(operands)}")
        return map, operands
    return _shared_map(0, 1, (affine_symbol(0),)), [bound]


# -------------------------------------------------------------------- if
@register_op
class AffineIfOp(RegisteredOp):
    name = "affine.if"
    required_properties = ("condition",)
    traits = (RecursiveMemoryEffects, RecursivelySpeculatable, NoRegionArguments,
              SingleBlockImplicitTerminator("affine.yield"))
    ods_operands = (Variadic("operands"),)
    ods_results = (VariadicResult("results"),)
    ods_properties = (Property("condition", A.IntegerSetAttr),)
    ods_regions = (RegionDef("thenRegion", blocks=1), RegionDef("elseRegion"))
    canonicalization_patterns = IF_PATTERNS

    def fold(self, constants):
        """AffineIfOp::fold: the condition composed with the affine.apply ops
        of its operands and canonicalized, in place."""
        iset = self.properties["condition"].value
        iset_new, operands = compose_set_and_operands(iset, list(self.operands))
        iset_new, operands = canonicalize_map_and_operands(iset_new, operands)
        if iset_new == iset and len(operands) == len(self.operands) \
                and all(a is b for a, b in zip(operands, self.operands)):
            return None
        self.properties["condition"] = A.IntegerSetAttr(iset_new)
        self.set_operands(operands)
        return []

    syntax = r"""
        affine_if: affine_if_head region ("else" region)? attr_dict?
        affine_if_head: OP_AFFINE_IF if_condition ("->" _result_types)? -> op_head
                      | AFFINE_IF_LINE -> op_head_line
        // A rule of its own so the operand counts are checked before the regions are parsed.
        if_condition: (affine_set_attr | HASH_ID) dim_and_symbol_list
        OP_AFFINE_IF.2: /affine\.if(?![\w$.])/
        AFFINE_IF_LINE.5: /affine\.if [^\n{}"\/^]*+(?=\{ *\n)/
    """
    syntax_head_lines = {"AFFINE_IF_LINE": "affine_if_head"}
    syntax_remembers_name = True
    syntax_dim_and_symbol_list = True
    # The custom form reads the condition, its operands and the result
    # types as ODS declares them.  A block label could give a region
    # arguments (NoRegionArguments: the builder then checks the op after
    # all) or name a second block (SingleBlock, checked before).
    invariants_met_by_parser = True

    @classmethod
    def parse(cls, t, children):
        set_attr, ref, dims, syms = children[0]
        result_types = []
        for child in children[1:]:
            if isinstance(child, TypeList):
                result_types = list(child)
            elif isinstance(child, T.Type):
                result_types = [child]
        regions = regions_of(children)
        from ..parse.syntax import ParsedBlock
        if len(regions) == 1:
            regions.append(ParsedRegion([], None))
        elif not regions[1].blocks:
            # A written `else {}` gets its implicit yield: give it a block so
            # that ensure_implicit_structure can tell it from an absent else.
            regions[1].blocks.append(ParsedBlock())
        attrs = dict(attrs_of(children))
        attrs["condition"] = set_attr
        return new_op("affine.if", ref if isinstance(ref, TOKEN) else None, dims + syms,
                      index_types(len(dims) + len(syms)), result_types, attrs, regions=regions)

    @parses("if_condition")
    def parse_if_condition(t, children):
        ref = children[0]
        if isinstance(ref, A.IntegerSetAttr):
            set_attr = ref
        else:
            set_attr = t.attribute_aliases.get(ref.value)
            if set_attr is None:
                raise parse_error(ref, f"undefined symbol alias id '{ref.value[1:]}'")
            if not isinstance(set_attr, A.IntegerSetAttr):
                raise parse_error(ref, "expected integer set")
        dims, syms = children[1]
        # AffineIfOp::parse reports a count mismatch at the op's name.
        check_dim_symbol_counts(set_attr.value, dims, syms, t.last_op_name,
                                "custom op 'affine.if' ", "integer set")
        return _IfCondition((set_attr, ref, dims, syms))

    @property
    def integer_set(self):
        return self.properties["condition"].value

    def verify(self):
        """AffineIfOp::verify."""
        condition = self.properties.get("condition")
        if not isinstance(condition, A.IntegerSetAttr):
            return "'affine.if' op requires an integer set attribute named 'condition'"
        condition = condition.value
        if len(self.operands) != condition.num_dims + condition.num_symbols:
            return ("'affine.if' op operand count and condition integer set dimension and "
                    "symbol count must match")
        return dim_and_symbol_error(self, self.operands, condition.num_dims)

    def ensure_implicit_structure(self) -> None:
        if not self.results:
            ensure_terminator(self, 0, AffineYieldOp)
            if self.regions[1].blocks:
                ensure_terminator(self, 1, AffineYieldOp)

    def print(self, p) -> None:
        p.write(" ")
        p.print_attribute(self.properties["condition"])
        p.print_dim_and_symbol_list(self.operands, self.integer_set.num_dims)
        if self.results:
            p.write(" -> ")
            p.print_result_types([r.type for r in self.results])
        p.write(" ")
        p.print_region(self.regions[0], False, bool(self.results))
        if self.regions[1].blocks:
            p.write(" else ")
            p.print_region(self.regions[1], False, bool(self.results))
        self.attr_dict(p)

    @classmethod
    def build(cls, integer_set, operands, with_else: bool = False, result_types=()):
        """AffineIfOp::build: a then block (and an else block if asked),
        each with its implicit `affine.yield` when the op has no results."""
        operands = list(operands)
        if len(operands) != integer_set.num_dims + integer_set.num_symbols:
            raise ValueError(f"integer set {integer_set} takes "
                             f"{integer_set.num_dims + integer_set.num_symbols} operands")
        regions = [Region([Block()]), Region([Block()] if with_else else [])]
        if not result_types:
            for region in regions:
                for block in region.blocks:
                    block.append(AffineYieldOp.build())
        return cls.build_generic((operands,), result_types,
                                 {"condition": A.IntegerSetAttr(integer_set)}, regions)

    @property
    def then_block(self):
        return self.regions[0].blocks[0]

    @property
    def else_block(self):
        return self.regions[1].blocks[0] if self.regions[1].blocks else None


class _IfCondition(tuple):
    """(integer set attribute, its token or attribute, dims, symbols)."""


# ----------------------------------------------------- apply, min and max
class AffineMapOp(RegisteredOp):
    """`affine.apply`, `affine.min`, `affine.max`: `#map(dims)[symbols]`."""

    __slots__ = ()
    required_properties = ("map",)
    ods_operands = (Variadic("mapOperands", Index),)
    ods_results = (Result("result", Index),)
    ods_properties = (Property("map", A.AffineMapAttr),)

    syntax = r"""
        affine_min_max: MIN_MAX_NAME _map_ref dim_and_symbol_list attr_dict?
        MIN_MAX_NAME.2: /(affine\.min|affine\.max)(?![\w$.])/
    """
    syntax_dim_and_symbol_list = True
    # Its custom form gives the map, index operands and an index result
    # (`_parse_map_op`): only the generic form can break ODS's rules.
    invariants_met_by_parser = True

    @classmethod
    def parse(cls, t, children):
        return _parse_map_op(t, children[1:], children[0].value, children[0])

    @property
    def map(self) -> AffineMap:
        return self.properties["map"].value

    def print(self, p) -> None:
        p.write(" ")
        p.print_attribute(self.properties["map"])
        p.print_dim_and_symbol_list(self.operands, self.map.num_dims)
        self.attr_dict(p)

    @classmethod
    def build(cls, map: AffineMap, operands):
        """AffineApplyOp/AffineMinOp/AffineMaxOp::build: `map` applied to
        `operands` (its dims, then its symbols)."""
        operands = list(operands)
        if len(operands) != map.num_dims + map.num_symbols:
            raise ValueError(f"'{cls.name}' map {map} takes {map.num_dims + map.num_symbols} "
                             f"operands, got {len(operands)}")
        if cls is AffineApplyOp and len(map.results) != 1:
            raise ValueError("'affine.apply' map must have one result")
        return cls.build_generic((operands,), [T.INDEX], {"map": _shared_map_attr(map)})

    def verify(self):
        # AffineApplyOp::verify and verifyAffineMinMaxOp: the custom form
        # checks this while parsing, the generic form only here.
        map_attr = self.properties.get("map")
        if not isinstance(map_attr, A.AffineMapAttr):
            return None
        map = map_attr.value
        if len(self.operands) != map.num_dims + map.num_symbols:
            return (f"'{self.op_name}' op operand count and affine map dimension and symbol "
                    "count must match")
        return None


@register_op
class AffineApplyOp(AffineMapOp):
    name = "affine.apply"
    traits = (Pure,)
    canonicalization_patterns = (simplify_affine_op,)
    materialize_constant = staticmethod(materialize_arith_constant)

    def fold(self, constants):
        """AffineApplyOp::fold: a dim or symbol result is its operand, a
        result the constant operands make constant is that constant."""
        amap = self.map
        expr = amap.results[0]
        if isinstance(expr, AffineDimExpr):
            return [self.operands[expr.position]]
        if isinstance(expr, AffineSymbolExpr):
            return [self.operands[amap.num_dims + expr.position]]
        value = constant_fold_map(amap, constants)
        return None if value is None else [A.IntegerAttr(value[0], T.INDEX)]

    syntax = r"""
        affine_apply: OP_AFFINE_APPLY _map_ref dim_and_symbol_list attr_dict?
    """

    @classmethod
    def parse(cls, t, children):
        token = children[0] if isinstance(children[0], TOKEN) else None
        return _parse_map_op(t, children, "affine.apply", token)

    def verify(self):
        problem = super().verify_own()
        if problem is None and len(self.map.results) != 1:
            return "'affine.apply' op mapping must produce one value"
        if problem is None:
            # Operands that are neither dims nor symbols (of scf loops) are
            # allowed; a valid dim that is no symbol is not, in a symbol's place.
            symbols = self.operands[self.map.num_dims:]
            region = affine_scope(self) if symbols else None
            for value in symbols:
                if is_valid_dim(value, region) and not is_valid_symbol(value, region):
                    return "dimensional operand cannot be used as a symbol"
            note_valid_dim_apply(self)
        return problem

    def is_valid_dim_in(self, region) -> bool:
        """AffineApplyOp::isValidDim(Region *): all its operands are."""
        return all(is_valid_dim(value, region) for value in self.operands)


@register_op
class AffineMinOp(AffineMapOp):
    name = "affine.min"
    traits = (Pure,)
    canonicalization_patterns = MIN_MAX_PATTERNS
    materialize_constant = staticmethod(materialize_arith_constant)

    def fold(self, constants):
        """AffineMinOp::fold: the least result when all are constant."""
        values = constant_fold_map(self.map, constants)
        return None if values is None else [A.IntegerAttr(min(values), T.INDEX)]


@register_op
class AffineMaxOp(AffineMapOp):
    name = "affine.max"
    traits = (Pure,)
    canonicalization_patterns = MIN_MAX_PATTERNS
    materialize_constant = staticmethod(materialize_arith_constant)

    def fold(self, constants):
        """AffineMaxOp::fold: the greatest result when all are constant."""
        values = constant_fold_map(self.map, constants)
        return None if values is None else [A.IntegerAttr(max(values), T.INDEX)]


def _parse_map_op(t, children, name, token):
    map_attr = resolve_map(t, children[0])
    dims, syms = children[1]
    map = map_attr.value
    if name == "affine.apply":
        if len(dims) != map.num_dims or len(syms) != map.num_symbols:
            # AffineApplyOp::parse, at the op's name (`token` None: _bind's).
            raise parse_error(None, "custom op 'affine.apply' dimension or symbol index mismatch")
    elif len(dims) + len(syms) != map.num_dims + map.num_symbols:
        raise parse_error(token, f"'{name}' op operand count and affine map dimension and "
                                 "symbol count must match")
    else:
        check_dim_symbol_counts(map, dims, syms, token)
    if name == "affine.apply" and len(map_attr.value.results) != 1:
        raise parse_error(token, "'affine.apply' op mapping must produce one value")
    attrs = dict(attrs_of(children))
    attrs["map"] = map_attr
    return new_op(name, token, dims + syms, index_types(len(dims) + len(syms)), [T.INDEX], attrs)


# ---------------------------------------------------------- loads, stores
def parse_subscripts(t, exprs) -> tuple[AffineMap, list]:
    """AsmParser `parseAffineMapOfSSAIds`: each distinct SSA name becomes the
    next dim (or symbol, inside `symbol(...)`); dims are operands first.
    `exprs` are the expressions' syntax, or an AFFINE_SUBSCRIPTS token."""
    if isinstance(exprs, TOKEN):
        return _lexed_subscripts(t, exprs)
    bound: dict = {}
    dims, syms = [], []
    names = set()

    def bind(token, is_symbol):
        value = token.value
        if "#" in value:
            # MLIR's parser knows an SSA name it has seen by its name alone
            # and takes only that token again: a `#N` after it is left unread.
            name = value.partition("#")[0]
            if name in names:
                raise MLIRError("expected ']' in affine map", (token.line, token.column + len(name)))
            names.add(name)
        else:
            expr = bound.get(value)
            if expr is not None:
                return expr
            names.add(value)
        if is_symbol:
            expr = affine_symbol(len(syms))
            syms.append(token)
        else:
            expr = affine_dim(len(dims))
            dims.append(token)
        bound[value] = expr
        return expr

    results = tuple(affine_from_syntax(e, {}, bind) for e in exprs)
    return _shared_map(len(dims), len(syms), results), dims + syms


def _lexed_subscripts(t, token) -> tuple[AffineMap, list]:
    """Subscripts lexed as one AFFINE_SUBSCRIPTS token.  The map and the
    occurrences that become its operands depend only on the token's shape
    (parse/engine/shapes.py): each shape is parsed once in a parse."""
    shape, names, parts = ssa_shape(token.value)
    offsets = name_offsets(parts)
    known = t.subscript_shapes.get(shape)
    if known is None:
        subscripts, operands = parse_subscripts(t, t.parse_token(token))
        occurrences = tuple((occurrence(token, offsets, o), "") for o in operands)
        t.subscript_shapes[shape] = (subscripts, occurrences)
        return subscripts, operands
    subscripts, occurrences = known
    return subscripts, name_tokens(t.new_token, token, names, offsets, occurrences)


# The same subscripts and loop bounds recur from op to op: their maps, and
# the attributes holding them or a loop's step, are shared (all are
# immutable), as MLIR uniques them.
@functools.lru_cache(maxsize=4096)
def _shared_map(num_dims: int, num_symbols: int, results: tuple) -> AffineMap:
    return AffineMap(num_dims, num_symbols, results)


@functools.lru_cache(maxsize=4096)
def _shared_map_attr(map: AffineMap) -> A.AffineMapAttr:
    return A.AffineMapAttr(map)


class AffineMemoryOp(RegisteredOp):
    """Shared by affine.load/store and their vector forms: operand layout
    [value to store?] memref, map operands; inherent attribute `map`."""

    __slots__ = ()
    ods_properties = (Property("map", A.AffineMapAttr),)
    canonicalization_patterns = (simplify_affine_op,)
    # Subscripts are an affine map of SSA ids (parseAffineMapOfSSAIds).
    stores = False
    vector = False

    @property
    def map(self) -> AffineMap:
        return self.properties["map"].value

    def verify(self):
        """AffineLoadOp/AffineStoreOp::verify, then verifyMemoryOpIndexing
        (and verifyVectorMemoryOp for the vector forms)."""
        map_attr = self.properties.get("map")
        if not isinstance(map_attr, A.AffineMapAttr):
            return None
        # The operands are indexed here rather than through `memref` and
        # `map_operands`: every load and store of a module comes here.
        operands = self.operands
        if self.stores:
            memref_type, value_type, map_operands = operands[1].type, operands[0].type, operands[2:]
        else:
            memref_type, value_type, map_operands = operands[0].type, self.results[0].type, operands[1:]
        # `is` first: the types are nearly always the same object.
        if not self.vector and value_type is not memref_type.element_type and \
                value_type != memref_type.element_type:
            if self.stores:
                return (f"'{self.op_name}' op value to store must have the same type as "
                        "memref element type")
            return f"'{self.op_name}' op result type must match element type of memref"
        map = map_attr.value
        if len(map.results) != len(memref_type.shape):
            return f"'{self.op_name}' op affine map num results must equal memref rank"
        if map.num_dims + map.num_symbols != len(map_operands):
            return f"'{self.op_name}' op expects as many subscripts as affine map inputs"
        message = dim_and_symbol_error(self, map_operands, map.num_dims)
        if message or not self.vector:
            return message
        if getattr(value_type, "element_type", None) != memref_type.element_type:
            return (f"'{self.op_name}' op requires memref and vector types of the same "
                    "elemental type")
        return None

    @property
    def memref(self):
        return self.operands[1 if self.stores else 0]

    @property
    def map_operands(self):
        return self.operands[2 if self.stores else 1:]

    @property
    def value_to_store(self):
        return self.operands[0] if self.stores else None

    def affine_map_attr_for_memref(self, memref) -> tuple:
        """AffineMapAccessInterface's getAffineMapAttrForMemRef: the name
        and value of the map attribute indexing `memref`."""
        return "map", self.properties["map"]

    def print(self, p) -> None:
        p.write(" ")
        if self.stores:
            p.print_operand(self.operands[0])
            p.write(", ")
        p.print_operand(self.memref)
        p.write("[")
        p.print_affine_map_of_ssa_ids(self.map, self.map_operands)
        p.write("]")
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.memref.type)
        if self.vector:
            p.write(", ")
            p.print_type(self.results[0].type if not self.stores else self.operands[0].type)

    @classmethod
    def _access(cls, memref, map, indices) -> tuple:
        """The map and its operands: `map` given, or the identity of the
        memref's rank over `indices` (the builders without a map)."""
        indices = list(indices)
        if map is None:
            map = AffineMap.get_multi_dim_identity(len(indices))
        if len(indices) != map.num_dims + map.num_symbols:
            raise ValueError(f"'{cls.name}' map {map} takes {map.num_dims + map.num_symbols} "
                             f"operands, got {len(indices)}")
        return _shared_map_attr(map), indices


@register_op
class AffineLoadOp(AffineMemoryOp):
    name = "affine.load"
    required_properties = ("map",)
    traits = (AffineReadOpInterface, AffineMapAccessInterface, MemoryEffects(Read(0)))
    materialize_constant = staticmethod(materialize_arith_constant)

    fold = fold_affine_load
    ods_operands = (Operand("memref", AnyMemRef), Variadic("indices", Index))
    ods_results = (Result("result", AnyType),)
    # Its custom form gives the map, a memref, index subscripts and the
    # element type (`_memory_op`): only the generic form can break ODS's rules.
    invariants_met_by_parser = True

    @classmethod
    def build(cls, memref, map: AffineMap | None = None, indices=()):
        """AffineLoadOp::build: `memref[map(indices)]`; without a map, the
        identity map over `indices`."""
        map_attr, indices = cls._access(memref, map, indices)
        return cls.build_generic((memref, indices), [memref.type.element_type],
                                 {"map": map_attr})

    syntax = r"""
        affine_load: OP_AFFINE_LOAD VALUE_ID (subscripts | AFFINE_SUBSCRIPTS) attr_dict? ":" type
    """
    syntax_unclosed_subscripts = "expected ']' in affine map"
    syntax_missing = {"LSQB": ("expected '[' in affine map", "previous")}

    @classmethod
    def parse(cls, t, children):
        return _memory_op(t, children, "affine.load", False, False)


@register_op
class AffineStoreOp(AffineMemoryOp):
    name = "affine.store"
    fold = fold_stored_through_casts
    required_properties = ("map",)
    traits = (AffineWriteOpInterface, AffineMapAccessInterface, MemoryEffects(Write(1)))
    ods_operands = (Operand("value", AnyType), Operand("memref", AnyMemRef),
                    Variadic("indices", Index))
    stores = True
    invariants_met_by_parser = True      # as affine.load's

    @classmethod
    def build(cls, value, memref, map: AffineMap | None = None, indices=()):
        """AffineStoreOp::build: `value` to `memref[map(indices)]`; without
        a map, the identity map over `indices`."""
        map_attr, indices = cls._access(memref, map, indices)
        return cls.build_generic((value, memref, indices), [], {"map": map_attr})

    syntax = r"""
        affine_store: OP_AFFINE_STORE VALUE_ID "," VALUE_ID (subscripts | AFFINE_SUBSCRIPTS) attr_dict? ":" type
    """
    syntax_unclosed_subscripts = "expected ']' in affine map"
    syntax_missing = {"LSQB": ("expected '[' in affine map", "previous")}

    @classmethod
    def parse(cls, t, children):
        return _memory_op(t, children, "affine.store", True, False)


@register_op
class AffineVectorLoadOp(AffineMemoryOp):
    name = "affine.vector_load"
    required_properties = ("map",)
    traits = (AffineReadOpInterface, AffineMapAccessInterface, MemoryEffects(Read(0)))
    ods_operands = (Operand("memref", AnyMemRef), Variadic("indices", Index))
    ods_results = (Result("result", AnyType),)
    vector = True

    syntax = r"""
        affine_vector_load: OP_AFFINE_VECTOR_LOAD VALUE_ID (subscripts | AFFINE_SUBSCRIPTS) attr_dict? ":" type "," type
    """
    syntax_unclosed_subscripts = "expected ']' in affine map"
    syntax_missing = {"LSQB": ("expected '[' in affine map", "previous")}

    @classmethod
    def parse(cls, t, children):
        return _memory_op(t, children, "affine.vector_load", False, True)


@register_op
class AffineVectorStoreOp(AffineMemoryOp):
    name = "affine.vector_store"
    required_properties = ("map",)
    traits = (AffineWriteOpInterface, AffineMapAccessInterface, MemoryEffects(Write(1)))
    ods_operands = (Operand("value", AnyType), Operand("memref", AnyMemRef),
                    Variadic("indices", Index))
    stores = True
    vector = True

    syntax = r"""
        affine_vector_store: OP_AFFINE_VECTOR_STORE VALUE_ID "," VALUE_ID (subscripts | AFFINE_SUBSCRIPTS) attr_dict? ":" type "," type
    """
    syntax_unclosed_subscripts = "expected ']' in affine map"
    syntax_missing = {"LSQB": ("expected '[' in affine map", "previous")}

    @classmethod
    def parse(cls, t, children):
        return _memory_op(t, children, "affine.vector_store", True, True)


def _memory_op(t, children, name, stores, vector):
    # One pass over the children: the SSA values, the subscripts, the types
    # and the attribute dictionary.
    values, exprs, types, attrs = [], None, [], None
    for child in children:
        if isinstance(child, TOKEN):
            if child.type == "VALUE_ID":
                values.append(child)
            elif child.type == "AFFINE_SUBSCRIPTS":
                exprs = child
        elif isinstance(child, T.Type):
            types.append(child)
        elif isinstance(child, AttrDict):
            if attrs is None:
                attrs = dict(child)
        elif isinstance(child, list) and exprs is None:
            exprs = child
    memref_type = types[0]
    token = values[1] if stores else values[0]
    if not isinstance(memref_type, T.MemRefType):
        raise parse_error(token, "memref type expected")
    map, map_operands = parse_subscripts(t, exprs or [])
    operand_types = [memref_type] + index_types(len(map_operands))
    operands = [token] + map_operands
    result_types = []
    element = types[1] if vector else memref_type.element_type
    if stores:
        operands.insert(0, values[0])
        operand_types.insert(0, element)
    else:
        result_types = [element]
    if attrs is None:
        attrs = {}
    attrs["map"] = _shared_map_attr(map)
    return new_op(name, children[0], operands, operand_types, result_types, attrs)
