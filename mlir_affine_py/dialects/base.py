"""What the dialect modules share: the base class of registered ops and the
helpers their parse callbacks and print methods use again and again."""

from __future__ import annotations


from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import OP_CLASSES, Operation
from ..ir.op_definition import (Variadic, build_generic, constraint_error, constraint_plans,
                                count_error, count_rules, declares_constraints,
                                region_constraint_error)
from ..ir.traits import AttrSizedOperandSegments, NoTerminator
from ..ir.attr_syntax import symbol_name_attr as symbol_name_attr
# The verifier's structural checks and symbol lookups (ir/verifier.py), named
# here for the ops that use them.
from ..ir.verifier import (ATTRIBUTE_VERIFIERS, dialect_attributes_error, lookup_symbol,  # noqa: F401
                           missing_terminator_error, register_attribute_verifier,
                           symbol_lookups_cached, symbol_parent_error, symbols_of,
                           terminator_error)
from ..parse.syntax import TOKEN, AttrDict, ParsedOp, ParsedRegion, TypeList, Uses, parse_error
from ..parse.syntax import new_op as new_op
from ..parse.syntax import pos_of as pos_of

# The dialects mlir-opt 22 loads (`mlir-opt --show-dialects`, less the test
# dialects): an unknown op in one of them is an error even with
# --allow-unregistered-dialect (the test dialect accepts any op), and their
# attributes may be memory spaces (`#spirv.storage_class<StorageBuffer>`).
REGISTERED_DIALECTS = {
    "acc", "affine", "amdgpu", "amx", "arith", "arm_neon", "arm_sme", "arm_sve", "async",
    "bufferization", "builtin", "cf", "complex", "dlti", "emitc", "func", "gpu", "index",
    "irdl", "linalg", "llvm", "math", "memref", "ml_program", "mpi", "nvgpu", "nvvm", "omp",
    "pdl", "pdl_interp", "ptr", "quant", "rocdl", "scf", "shape", "shard", "smt",
    "sparse_tensor", "spirv", "tensor", "tosa", "transform", "ub", "vector", "wasmssa",
    "x86vector", "xegpu", "xevm"}
OPEN_DIALECTS = {"test"}


def tokens_of(children, kind: str) -> list:
    return [c for c in children if isinstance(c, TOKEN) and c.type == kind]


def first_of(children, cls, default=None):
    for child in children:
        if isinstance(child, cls):
            return child
    return default


def attrs_of(children) -> dict:
    return first_of(children, AttrDict, AttrDict())


def regions_of(children) -> list:
    return [c for c in children if isinstance(c, ParsedRegion)]


def types_of(children) -> list:
    return [c for c in children if isinstance(c, T.Type)]


def expect_type(token, type, cls, what: str):
    if not isinstance(type, cls):
        raise parse_error(token, f"expected {what}, but got '{type}'")
    return type


class RegisteredOp(Operation):
    """Base of ops with a custom form.  `inherent` lists the attributes the op
    owns (MLIR properties): they print in `<{...}>` in generic form and are
    left out of the custom form's attribute dictionary.

    The custom form is declared on the op's class (parse/op_syntax.py):
    `syntax`, the Lark text of its rule (first) and of its own pieces,
    `parse`, the callback of that rule, and `@parses("rule")` callbacks of
    the other rules; `print` writes the form back."""

    __slots__ = ()
    syntax: str = ""
    # Terminal -> head rule, for heads that stand on a line of their own.
    syntax_head_lines: dict = {}
    # A family's base: the terminal of its ops' names, made from its subclasses.
    syntax_family_terminal: str | None = None
    # Whether the lexer keeps the op's name token (`t.last_op_name`).
    syntax_remembers_name = False
    # The literal that tells the op lines of one shape apart, where lines
    # of the op differ in a literal more often than in anything else: a
    # pattern of the line's shape (parse/engine/shapes.py, the text with its
    # SSA names left out) whose group 1 is a decimal literal, and
    # `with_literal(op, literal, t)`, the op of such a line (parse/engine/
    # op_lines.py `LiteralSlot`).
    syntax_literal: str = ""
    # Syntax errors in the words of the op's parser: how "expected ..."
    # lists name its terminals, the message for its subscripts (`%A[...`)
    # left unclosed, and whether it reads `(dims)[symbols]` with
    # parseDimAndSymbolList (an unclosed `[` is then "in operand list").
    syntax_terminal_texts: dict = {}
    # The messages of the op's parser where one terminal is missing:
    # terminal name, or (previous token, terminal name), -> (message, where)
    # with `where` "token" (at the token found) or "previous" (just past
    # the previous token, Parser::emitWrongTokenError).
    syntax_missing: dict = {}

    @classmethod
    def syntax_error_before(cls, stack: list, text: str):
        """An MLIRError the op's parser reports in what the LALR parser has
        read of the op (`stack`, its value stack, from the op's name on) when
        a syntax error comes after it in `text`: MLIR checks some pieces as
        it reads them, before the tokens that follow.  None when there is
        none."""
        return None
    syntax_unclosed_subscripts: str | None = None
    # Lists the op's parser reads with parseCommaSeparatedList and a context
    # message, by the keyword before their `(`: where `,` or `)` is
    # missing, "expected ')'" and that message (`{"args": " in argument list"}`).
    syntax_list_contexts: dict = {}
    syntax_dim_and_symbol_list = False
    # Whether the op's name may go without its dialect where that dialect
    # is the default one (`constant` in a func.func): a terminal of both.
    syntax_short_name = False
    # Whether a hand-written syntax belongs to the extended grammar, with
    # the ops declared by a format (parse/op_syntax.py `extended_markers`).
    syntax_extended = False
    inherent: tuple = ()
    checks_invariants = True
    # Inherent attributes with a default value: the generic form shows the
    # default when the attribute is unset, the custom form never shows it.
    property_defaults: dict = {}
    # The ODS declaration (ir/op_definition.py): operand groups, results,
    # properties and regions, which `build_generic` follows.
    ods_operands: tuple = ()
    ods_results: tuple = ()
    ods_properties: tuple = ()
    ods_regions: tuple = ()
    # The ODS declarative assembly format of the op's custom form
    # (ir/assembly_format.py), in place of `syntax`, `parse` and `print`;
    # `ods_successors` and `ods_types` (a variable's buildable type, or the
    # name of the variable whose type it shares) complete the declaration.
    assembly_format: str = ""
    ods_successors: tuple = ()
    ods_types: dict = {}
    # The variables whose types others are built from (the sources of
    # TypesMatchWith): the format's parser checks their constraints.
    ods_type_sources: tuple = ()
    # `check_parsed_types(t, state)`, a classmethod an op declared by its
    # format may have: what its parser checks of the types it read, once
    # the format's elements are (ir/assembly_format_run.py).
    check_parsed_types = None
    # Properties the op cannot do without (ODS attributes with no default):
    # an op read from the generic form without one is reported.
    required_properties: tuple = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # The inherent names and defaults of a class that states neither
        # follow from its declared properties (its own or its base's).
        declared = cls.ods_properties
        if (declared or cls.assembly_format) and "inherent" not in cls.__dict__:
            segments = (("operandSegmentSizes",)
                        if cls.has_trait(AttrSizedOperandSegments) else ())
            cls.inherent = tuple(p.name for p in declared) + segments
        if declared and "property_defaults" not in cls.__dict__:
            cls.property_defaults = {p.name: p.default for p in declared
                                     if p.default is not None}
        # The ODS checks are planned when an op of the class is first
        # verified (`prepare_ods_checks`): start-up makes hundreds of op
        # classes, a run verifies ops of a few.
        cls.ods_checks_prepared = False
        # MLIR's verifier wants a terminator at the end of every block of a
        # registered op's regions, unless the op says NoTerminator.
        if "needs_terminators" not in cls.__dict__:
            cls.needs_terminators = not cls.has_trait(NoTerminator)

    def finish_parse(self) -> None:
        # A format prints a default-valued property only when it is not the
        # default: the op forgets it, whichever form gave it.  (No call of
        # Operation's, which does nothing: every op read comes here.)
        if self.assembly_format and self.property_defaults:
            self.drop_default_properties()

    @classmethod
    def build_generic(cls, operands=(), result_types=(), properties=None, regions=None,
                      attributes=None):
        """OpBuilder's generic build: see ir/op_definition.py."""
        return build_generic(cls, operands, result_types, properties, regions, attributes)

    # ODS PredOpTraits (TypesMatchWith, AllTypesMatch, ...): (description,
    # predicate of the op), checked after the type constraints; a failing
    # one is "failed to verify that <description>".
    ods_predicates: tuple = ()

    def attribute_constraint_error(self) -> str | None:
        """ODS's constraints on the op's attributes (an enum's cases), checked
        first; mlir-opt's message or None."""
        return None

    # Whether the op's custom parser guarantees all that verify_invariants
    # checks (its counts, properties and type constraints): the verification
    # after parsing spares the ops the builder read from that form or that
    # a custom form added, an implicit terminator (`verify_parsed`'s
    # `unspared_ops`; tests/unit/test_verify_caches.py checks the claim on
    # every such op it reads).
    invariants_met_by_parser = False

    def verify_invariants(self):
        """What ODS's verifyInvariants checks before the op's own verifier
        (`verify_invariants_uncached`).  An op class whose checks all follow
        from the op's signature (its name, its operands' and results' types,
        its number of regions) has the answer kept per signature: a module
        repeats few signatures over many ops."""
        cls = self.__class__
        if not cls.ods_checks_prepared:
            prepare_ods_checks(cls)
        if not cls.invariants_by_signature:
            return self.verify_invariants_uncached()
        # Neither the blocks of the regions nor the presence of the required
        # properties is part of the signature: an op that breaks either rule
        # takes the whole path, which reports that in its place among the
        # checks; the answers kept are those of ops that kept both.
        if cls.ods_sized_regions and region_constraint_error(self):
            return self.verify_invariants_uncached()
        if cls.ods_required_properties:
            properties = self.properties
            for name in cls.ods_required_properties:
                if name not in properties:
                    return self.verify_invariants_uncached()
        # The types by identity (the parser makes one object of each type):
        # an entry holds its types, so no other object takes their ids
        # while it is kept.
        operands, results = self.operands, self.results
        # Built in a list: cheaper than a comprehension's call.
        key = [cls, self.op_name, len(self.regions), len(self.successors), len(operands)]
        for value in operands:
            key.append(id(value.type))
        for value in results:
            key.append(id(value.type))
        key = tuple(key)
        found = _INVARIANT_ANSWERS.get(key)
        if found is not None:
            return found[0]
        if len(_INVARIANT_ANSWERS) > 4096:
            _INVARIANT_ANSWERS.clear()
        answer = self.verify_invariants_uncached()
        _INVARIANT_ANSWERS[key] = (answer, [v.type for v in operands], [r.type for r in results])
        return answer

    def verify_invariants_uncached(self):
        """What ODS's verifyInvariants checks before the op's own verifier,
        in its order: the signature (`signature_error`); the attributes'
        constraints; the operand and result type constraints; the
        PredOpTraits; then the traits' own rules."""
        message = self.signature_error()
        if message:
            return message
        message = self.attribute_constraint_error()
        if message:
            return message
        message = ((self.ods_checks_constraints and constraint_error(self))
                   or (self.ods_sized_regions and region_constraint_error(self)))
        if message:
            return message
        for description, holds in self.ods_predicates:
            if not holds(self):
                return f"'{self.op_name}' op failed to verify that {description}"
        for verify_trait in self.trait_verifiers:
            message = verify_trait(self)
            if message:
                return message
        return None

    @classmethod
    def property_conversion_error(cls, properties: dict) -> str | None:
        """setPropertiesFromAttr on the `<{...}>` of a generic form: an op
        without properties takes none, and a declared property of another
        kind of attribute than it stores is refused, the first by name;
        other names are ignored."""
        def prefix() -> str:        # made only for an error
            entries = ", ".join(name if value is A.UNIT else f"{name} = {value}"
                                for name, value in sorted(properties.items()))
            return f"invalid properties {{{entries}}} for op {cls.name}: "

        if not cls.inherent:
            return prefix() + "this operation does not support properties"
        kinds = {p.name: p.kind for p in cls.ods_properties}
        for name, value in sorted(properties.items()):
            kind = kinds.get(name)
            if isinstance(kind, type):
                # An Attribute class: any attribute of it (Attribute,
                # OpaqueAttr: any attribute at all).
                holds = kind in (A.Attribute, A.OpaqueAttr) or isinstance(value, kind)
            else:
                holds = kind is None or kind.holds(value) is not False
            if not holds:
                return prefix() + f"Invalid attribute `{name}` in property conversion: {value}"
        return None

    def declared_count_error(self) -> str | None:
        """The counts of the op's regions, results, successors and operands
        against its declaration, ODS's first traits."""
        if not self.ods_checks_prepared:
            prepare_ods_checks(self.__class__)
        return count_error(self)

    def signature_error(self) -> str | None:
        """The op's shape against its declaration, as ODS checks it first:
        the counts of its regions, results and operands, its operand
        segments adding up to its operands, and its required properties.
        The generic form can spell any shape; the rest of the op's checks,
        and its fix-ups after parsing, may assume this one holds."""
        message = self.declared_count_error()
        if message:
            return message
        if "operandSegmentSizes" in self.inherent:
            # An array of another length than the declared groups is not
            # converted (the property keeps its zeros), as with no array.
            sizes = self.properties.get("operandSegmentSizes")
            total = (sum(sizes.value) if isinstance(sizes, A.DenseArrayAttr)
                     and len(sizes.value) == len(self.ods_operands) else 0)
            if total != len(self.operands):
                return (f"'{self.op_name}' op operand count ({len(self.operands)}) does not "
                        f"match with the total size ({total}) specified in attribute "
                        "'operandSegmentSizes'")
        # ODS checks the required attributes in the order of their names.
        for name in self.ods_required_properties:
            if name not in self.properties:
                return f"'{self.op_name}' op requires attribute '{name}'"
        return None

    @classmethod
    def parse(cls, t, children) -> ParsedOp:
        """The ParsedOp of the children of the op's `syntax` rule, read by
        the transformer `t`."""
        if cls.assembly_format:
            from ..ir.assembly_format_run import parse_format_op
            return parse_format_op(cls, t, children)
        raise NotImplementedError(f"{cls.__name__} declares no syntax")

    def print(self, p) -> None:
        if self.assembly_format:
            from ..ir.assembly_format_run import print_format_op
            print_format_op(self, p)
        else:
            super().print(p)

    def generic_properties(self) -> dict:
        """The properties as the generic form prints them, defaults included."""
        if not self.property_defaults:
            return self.properties
        return {**self.property_defaults, **self.properties}

    def drop_default_properties(self) -> None:
        """Forget properties spelled out with their default value, so that
        the generic and the custom form of an op parse to the same op."""
        if not self.properties:
            return
        for name, default in self.property_defaults.items():
            if self.properties.get(name) == default:
                del self.properties[name]

    def attr_dict(self, p, extra_elided=()) -> None:
        elided = self.inherent + tuple(extra_elided) if extra_elided else self.inherent
        p.print_optional_attr_dict(self, elided)

    def print_operands_then_types(self, p, types, keyword: str = "to") -> None:
        """The ODS form `$operands attr-dict : type(...) [keyword type(...)]`:
        ` %a, %b {attrs} : T to U`."""
        p.write(" ")
        p.print_operands(self.operands)
        self.attr_dict(p)
        self.print_types(p, types, keyword)

    @staticmethod
    def print_types(p, types, keyword: str = "to") -> None:
        """The types after an op's `:`, joined by `keyword`: ` : T to U`."""
        p.write(" : ")
        for index, type in enumerate(types):
            if index:
                p.write(f" {keyword} ")
            p.print_type(type)


# (op class, op name, number of regions, number of operands, ids of the
# operand and result types) -> (the answer of verify_invariants, the types),
# for the classes `invariants_by_signature`.
_INVARIANT_ANSWERS: dict = {}


def prepare_ods_checks(cls) -> None:
    """The ODS checks `cls` declares, planned once: the counts of its
    declaration, type constraints on its operands and results, its
    PredOpTraits, its traits with rules of their own, and whether they read
    nothing but the op's signature (`invariants_by_signature`)."""
    # Every op is checked against its declared counts; the type checks
    # only where a declaration constrains a type.
    cls.ods_count_rules = count_rules(cls)
    cls.ods_required_properties = tuple(sorted(cls.required_properties))
    cls.ods_checks_constraints = declares_constraints(cls)
    cls.ods_sized_regions = any(r.blocks is not None for r in cls.ods_regions)
    if cls.ods_checks_constraints:
        cls.ods_constraint_plans = constraint_plans(cls)
    traits = [t if isinstance(t, type) else type(t) for t in cls.traits]
    cls.trait_verifiers = tuple(trait.verify_trait for trait in traits
                                if hasattr(trait, "verify_trait"))
    own_attribute_checks = (cls.attribute_constraint_error
                            is not RegisteredOp.attribute_constraint_error)
    segments = "operandSegmentSizes" in cls.inherent
    cls.invariants_by_signature = not (segments or own_attribute_checks or cls.ods_predicates) \
        and all(trait.types_only for trait in traits if hasattr(trait, "verify_trait"))
    cls.ods_checks_prepared = True


def type_constraint_error(op, constraints):
    """ODS's type constraints, checked before the op's own verifier:
    `constraints` lists (value, type classes allowed, ODS description); the
    first value of another type gives mlir-opt's message, else None."""
    claimed = set()          # a value used twice is each use in turn, in order
    for value, classes, description in constraints:
        if value in op.results:
            where = f"result #{op.results.index(value)}"
        else:
            index = next(i for i, operand in enumerate(op.operands)
                         if operand is value and i not in claimed)
            claimed.add(index)
            where = f"operand #{index}"
        if not isinstance(value.type, classes):
            return f"'{op.op_name}' op {where} must be {description}, but got '{value.type}'"
    return None


class ValueTerminator(RegisteredOp):
    """Terminators written `name {attrs} %a, %b : T, U` (ODS
    `attr-dict ($operands^ : type($operands))?`): func.return, affine.yield,
    scf.yield."""

    __slots__ = ()
    ods_operands = (Variadic("operands"),)

    def print(self, p) -> None:
        self.attr_dict(p)
        if self.operands:
            p.write(" ")
            p.print_operands(self.operands)
            p.write(" : ")
            p.print_type_list([v.type for v in self.operands])

    @classmethod
    def build(cls, operands=()):
        return cls.build_generic((list(operands),))


class SimpleTypedOp(RegisteredOp):
    """Ops written `%r = name {attrs} : type`, without operands: each is a
    subclass with its name (llvm.mlir.undef, ub.poison), and the terminal of
    their names is made from the subclasses."""

    __slots__ = ()

    syntax = r"""
        simple_typed_op: SIMPLE_TYPED_NAME attr_dict? ":" type
    """
    syntax_family_terminal = "SIMPLE_TYPED_NAME"

    @classmethod
    def parse(cls, t, children) -> ParsedOp:
        name = children[0]
        attrs = OP_CLASSES[name.value].parsed_attributes(dict(attrs_of(children)))
        return new_op(name.value, name, result_types=types_of(children), attributes=attrs)

    @classmethod
    def parsed_attributes(cls, attrs: dict) -> dict:
        """The attributes of the op as its custom form gives them."""
        return attrs

    def print(self, p) -> None:
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.results[0].type)


def ensure_terminator(op, region_index: int, terminator_cls) -> None:
    """MLIR's `ensureTerminator`: give a body without one its implicit yield.
    A generic form without the region is left to the verifier to report."""
    if region_index >= len(op.regions):
        return
    region = op.regions[region_index]
    if not region.blocks:
        from ..ir.core import Block
        region.append(Block())
    block = region.blocks[-1]
    if not block.ops or not block.ops[-1].is_terminator:
        block.append(terminator_cls(pos=op.pos))    # at the op, as ensureTerminator puts it


def uses(children) -> list:
    return list(first_of(children, Uses, []))


def type_list(children) -> list:
    return list(first_of(children, TypeList, []))


def index_types(n: int) -> list:
    return [T.INDEX] * n


def int_attr(value: int, type=T.I64) -> A.IntegerAttr:
    return A.IntegerAttr(value, type)
