"""Code generation: a schedule of a SCoP back to affine ops, with isl's AST
generator (`isl.AstBuild.node_from_schedule_map`).

Design notes
------------
- for-node -> `affine.for`: the lower bound is the `max` of isl's init, the
  upper bound the `min` of its condition (`c <= e` becomes the exclusive
  `e + 1`), the step isl's increment.  Where the original loop placed at
  this node (the one the schedule dimension comes from, for all statements
  below the node) has bounds that isl proves equal to the generated ones for
  every value of the outer iterators and parameters, its bound maps are
  kept: bounds as the source wrote them stay as written, and a permuted
  rectangular band prints exactly as `permute_loops` leaves it.
- if-node -> `affine.if` with an integer set; a disjunction becomes an else
  chain of ifs, each holding a copy of the then code.
- user node -> the statement's ops cloned, every original IV replaced by
  the value of isl's expression for it: a new IV (a renaming, the case of
  permutations), a constant, or an `affine.apply` of the new IVs.
- Expressions: `+ - *`, `floordiv`/`mod` by constants (isl's remainders
  only appear compared with 0, where C's `%` and `mod` agree); iterators
  and loop-invariant values defined inside an affine scope are dims, other
  values symbols (MLIR's `isValidSymbol`).  isl is asked for code without
  disjunctive conditions; `select` is refused (`NotAffine`).
- Ops are created by the ops' typed builders and inserted by an `OpBuilder`.
"""

from __future__ import annotations

import islpy as isl

from ..analysis.affine_access import IslWriter, NotAffine, defined_in_loops, is_affine_scope
from ..ir.affine_flattener import simplify_affine_expr
from ..dialects.arith import ConstantOp
from ..ir.affine_expr import (AffineBinaryOpExpr, AffineExpr, constant, dim,
                              get_affine_binary_op_expr, symbol)
from ..ir.affine_map import AffineMap, IntegerSet
from ..ir.core import BlockArgument
from ..dialects.affine import AffineApplyOp, AffineForOp, AffineIfOp, AffineMemoryOp, AffineYieldOp
from ..ir.attributes import AffineMapAttr
from ..ir.core import Block
from ..ir.rewriter import IRRewriter, OpBuilder
from ..ir.types import INDEX
from .context import CONTEXT
from .scop import bound_constraints

_OP = isl.ast_expr_op_type
_COMPARISONS = {_OP.le, _OP.lt, _OP.ge, _OP.gt, _OP.eq}


def is_valid_symbol(value) -> bool:
    """MLIR's `isValidSymbol` for the values code generation meets: defined
    at the top of an affine scope, or a constant."""
    if isinstance(value, BlockArgument):
        return is_affine_scope(value.owner.parent_op)
    op = value.defining_op
    return isinstance(op, ConstantOp) or is_affine_scope(op.parent_op)


class _Operands:
    """The dims and symbols of one map being built, in order of first use."""

    def __init__(self):
        self.dims: list = []
        self.symbols: list = []

    def of(self, value) -> AffineExpr:
        if is_valid_symbol(value):
            if value not in self.symbols:
                self.symbols.append(value)
            return symbol(self.symbols.index(value))
        if value not in self.dims:
            self.dims.append(value)
        return dim(self.dims.index(value))

    def map(self, results) -> tuple:
        """The map of `results` over these operands.  Each result is
        simplified as MLIR's `simplifyAffineExpr` does: isl's expression
        trees (`a + (a + 1)`) would otherwise print as text (`d0 + d0 + 1`)
        that parses back to another expression (`d0 * 2 + 1`)."""
        columns = list(range(len(self.dims) + len(self.symbols)))
        results = [_as_parsed(simplify_affine_expr(e, columns, len(self.dims)))
                   for e in results]
        return AffineMap(len(self.dims), len(self.symbols), results), self.dims + self.symbols


def _as_parsed(expr: AffineExpr) -> AffineExpr:
    """`expr` as the parser builds it from its printed text: each sum's
    terms, in printed order, added left to right (the simplification may
    leave a sum on the right of `+`, `a + (b * -2 + c)`, which prints as
    `a + b * -2 + c` and reads back as `(a - b * 2) + c`)."""
    if not isinstance(expr, AffineBinaryOpExpr):
        return expr
    if expr.kind != "add":
        lhs, rhs = _as_parsed(expr.lhs), _as_parsed(expr.rhs)
        return get_affine_binary_op_expr(expr.kind, lhs, rhs)
    terms: list = []
    pending = [expr]
    while pending:
        node = pending.pop()
        if isinstance(node, AffineBinaryOpExpr) and node.kind == "add":
            pending.extend((node.rhs, node.lhs))
        else:
            terms.append(_as_parsed(node))
    total = terms[0]
    for term in terms[1:]:
        total = total + term
    return total


def _args(expr) -> list:
    return [expr.get_op_arg(k) for k in range(expr.get_op_n_arg())]


class Generator:
    def __init__(self, scop, dim_source=None):
        self.scop = scop
        self.params = scop.param_values
        self.env: dict = {}          # iterator name -> new induction variable
        self.order: list = []        # iterator names of the enclosing for-nodes
        self.dim_source = dim_source or (lambda t: t)

    # ------------------------------------------------------- expressions
    def value_of(self, name: str):
        value = self.env.get(name)
        return value if value is not None else self.params[name]

    def affine(self, expr, operands: _Operands) -> AffineExpr:
        kind = expr.get_type()
        if kind == isl.ast_expr_type.int:
            return constant(int(expr.get_val().to_python()))
        if kind == isl.ast_expr_type.id:
            return operands.of(self.value_of(expr.get_id().get_name()))
        op = expr.get_op_type()
        args = [self.affine(a, operands) for a in _args(expr)] if op not in _COMPARISONS else None
        if op == _OP.add:
            return args[0] + args[1]
        if op == _OP.sub:
            return args[0] - args[1]
        if op == _OP.minus:
            return -args[0]
        if op == _OP.mul:
            return args[0] * args[1]
        if op in (_OP.div, _OP.fdiv_q, _OP.pdiv_q):
            return args[0].floordiv(args[1])
        if op in (_OP.pdiv_r, _OP.zdiv_r):
            return args[0] % args[1]
        raise NotAffine(f"isl expression '{expr.to_C_str()}' has no affine form")

    def constraints(self, expr, operands: _Operands) -> list:
        """A condition as a disjunction of conjunctions of (expr, is_eq)."""
        op = expr.get_op_type() if expr.get_type() == isl.ast_expr_type.op else None
        if op in (_OP.and_, _OP.and_then):
            left, right = (self.constraints(a, operands) for a in _args(expr))
            return [a + b for a in left for b in right]
        if op in (_OP.or_, _OP.or_else):
            left, right = (self.constraints(a, operands) for a in _args(expr))
            return left + right
        if op not in _COMPARISONS:
            raise NotAffine(f"isl condition '{expr.to_C_str()}' has no affine form")
        a, b = (self.affine(x, operands) for x in _args(expr))
        form = {_OP.le: (b - a, False), _OP.lt: (b - a - 1, False), _OP.ge: (a - b, False),
                _OP.gt: (a - b - 1, False), _OP.eq: (a - b, True)}[op]
        return [[form]]

    def bounds(self, node, iterator: str) -> tuple:
        """((lower map, operands), (upper map, operands)) of a for-node."""
        init = node.for_get_init()
        lowers = (_args(init) if init.get_type() == isl.ast_expr_type.op
                  and init.get_op_type() == _OP.max else [init])
        low_operands = _Operands()
        lower = low_operands.map([self.affine(e, low_operands) for e in lowers])
        high_operands = _Operands()
        if node.for_is_degenerate():
            return lower, low_operands.map([self.affine(init, high_operands) + 1])
        uppers = []
        self._upper_bounds(node.for_get_cond(), iterator, uppers)
        results = [self.affine(e, high_operands) + (1 if inclusive else 0) for e, inclusive in uppers]
        return lower, high_operands.map(results)

    def _upper_bounds(self, cond, iterator, out) -> None:
        op = cond.get_op_type()
        if op in (_OP.and_, _OP.and_then):
            for arg in _args(cond):
                self._upper_bounds(arg, iterator, out)
            return
        lhs, rhs = _args(cond)
        if op in (_OP.ge, _OP.gt):
            lhs, rhs, op = rhs, lhs, _OP.le if op == _OP.ge else _OP.lt
        if op not in (_OP.le, _OP.lt) or lhs.get_type() != isl.ast_expr_type.id \
                or lhs.get_id().get_name() != iterator:
            raise NotAffine(f"loop condition '{cond.to_C_str()}' is not an upper bound")
        inclusive = op == _OP.le
        if rhs.get_type() == isl.ast_expr_type.op and rhs.get_op_type() == _OP.min:
            out.extend((e, inclusive) for e in _args(rhs))
        else:
            out.append((rhs, inclusive))

    # ------------------------------------------------------------- nodes
    def emit(self, node, block) -> None:
        kind = node.get_type()
        if kind == isl.ast_node_type.block:
            children = node.block_get_children()
            for k in range(children.n_ast_node()):
                self.emit(children.get_at(k), block)
        elif kind == isl.ast_node_type.for_:
            self.emit_for(node, block)
        elif kind == isl.ast_node_type.if_:
            self.emit_if(node, block)
        elif kind == isl.ast_node_type.user:
            self.emit_user(node.user_get_expr(), block)
        elif kind == isl.ast_node_type.mark:
            self.emit(node.mark_get_node(), block)
        else:
            raise NotAffine(f"isl AST node of type {kind}")

    def emit_for(self, node, block) -> None:
        iterator = node.for_get_iterator().get_id().get_name()
        step = int(node.for_get_inc().get_val().to_python())
        lower, upper = self.bounds(node, iterator)
        original = self.original_loop(node, iterator)
        if original is not None and original.step == step \
                and self.same_range(iterator, original, lower, upper, step):
            mapping = self.old_to_new()
            lower = (original.lower_bound_map, [mapping.get(v, v) for v in original.lower_bound_operands])
            upper = (original.upper_bound_map, [mapping.get(v, v) for v in original.upper_bound_operands])
        loop = AffineForOp.build(lower, upper, step)
        located = original if original is not None else self.first_loop(node, iterator)
        if located is not None:
            loop.pos = located.pos
        _insert_before_terminator(block, loop)
        self.env[iterator] = loop.induction_var
        self.order.append((iterator, original))
        self.emit(node.for_get_body(), loop.body)
        self.order.pop()
        del self.env[iterator]

    def emit_if(self, node, block) -> None:
        condition = node.if_get_cond()
        if condition.get_type() == isl.ast_expr_type.int:
            # A constant condition (isl emits one for a statement that
            # never runs under some branch): only one side exists.
            if condition.get_val().to_python() != 0:
                self.emit(node.if_get_then_node(), block)
            elif node.if_has_else_node():
                self.emit(node.if_get_else_node(), block)
            return
        operands = _Operands()
        disjuncts = self.constraints(condition, operands)
        for conjunction in disjuncts:
            integer_set = IntegerSet(len(operands.dims), len(operands.symbols),
                                     [_as_parsed(e) for e, _ in conjunction],
                                     [eq for _, eq in conjunction])
            last = conjunction is disjuncts[-1]
            with_else = not last or node.if_has_else_node()
            if_op = AffineIfOp.build(integer_set, operands.dims + operands.symbols, with_else=with_else)
            _insert_before_terminator(block, if_op)
            self.emit(node.if_get_then_node(), if_op.regions[0].blocks[0])
            if not with_else:
                return
            block = if_op.regions[1].blocks[0]
        self.emit(node.if_get_else_node(), block)

    def emit_user(self, expr, block) -> None:
        name, *args = _args(expr)
        statement = self.scop.statement(name.get_id().get_name())
        mapping = {}
        for iv, arg in zip(statement.ivs, args):
            mapping[iv] = self.value_for(arg, block)
        for op in statement.all_ops():
            copy = op.clone(mapping)
            if isinstance(copy, (AffineMemoryOp, AffineApplyOp)):
                merge_repeated_dims(copy)
            _insert_before_terminator(block, copy)

    def value_for(self, arg, block):
        """The value of an isl expression at the end of `block`."""
        if arg.get_type() == isl.ast_expr_type.id:
            return self.value_of(arg.get_id().get_name())
        if arg.get_type() == isl.ast_expr_type.int:
            op = ConstantOp.build(int(arg.get_val().to_python()), INDEX)
        else:
            operands = _Operands()
            op = AffineApplyOp.build(*operands.map([self.affine(arg, operands)]))
        _insert_before_terminator(block, op)
        return op.result

    # ------------------------------------------ keeping original bounds
    def original_loop(self, node, iterator: str):
        """The loop of the original program the schedule dimension of this
        for-node comes from, when it is one loop for every statement below."""
        source = self.dim_source(int(iterator[1:]))
        if source % 2 == 0:
            return None
        depth = (source - 1) // 2
        loops = set()
        for name in _statements_below(node):
            statement = self.scop.statement(name)
            if depth >= len(statement.loops):
                return None
            loops.add(statement.loops[depth])
        return loops.pop() if len(loops) == 1 else None

    def first_loop(self, node, iterator: str):
        """A loop of several, fused or permuted, takes the location of the
        first statement's loop at its depth (as MLIR's fusion keeps a
        location of the loops it fuses): a remark on it points at its
        source.  None where no statement below is that deep."""
        depth = (int(iterator[1:]) - 1) // 2
        order = {statement.name: k for k, statement in enumerate(self.scop.statements)}
        for name in sorted(_statements_below(node), key=lambda n: order.get(n, len(order))):
            loops = self.scop.statement(name).loops
            if 0 <= depth < len(loops):
                return loops[depth]
        return None

    def old_to_new(self) -> dict:
        return {loop.induction_var: self.env[name]
                for name, loop in self.order if loop is not None}

    def same_range(self, iterator, original, lower, upper, step) -> bool:
        """Whether `original`'s bounds, over the enclosing new iterators,
        give the same range as the generated ones for all outer values."""
        mapping = self.old_to_new()
        for value in list(original.lower_bound_operands) + list(original.upper_bound_operands):
            # An operand computed in the region (an IV of a loop not yet
            # generated, an affine.apply in a loop) has no value here.
            if value not in mapping and defined_in_loops(value, self.scop.loops):
                return False
        names = [name for name, _ in self.order] + [iterator]
        dims = {value: name for name, value in self.env.items()}
        dims.update({old: dims[new] for old, new in mapping.items()})
        dims[original.induction_var] = iterator
        texts = []
        for bounds in ((original.lower_bound_map, original.lower_bound_operands),
                       (original.upper_bound_map, original.upper_bound_operands)), (lower, upper):
            writer = IslWriter("r", dims, dict(self.scop.params), set())
            body = bound_constraints(writer, iterator, bounds[0], bounds[1], step)
            if writer.exists:
                body = f"exists ({', '.join(writer.exists)} : {body})"
            params = ", ".join(writer.params.values())
            texts.append(f"[{params}] -> {{ [{', '.join(names)}] : {body} }}")
        try:
            return isl.Set(texts[0], context=CONTEXT).is_equal(isl.Set(texts[1], context=CONTEXT))
        except (isl.Error, NotAffine):
            return False


def merge_repeated_dims(op) -> None:
    """One dim per distinct operand of the op's map, as the parser reads the
    printed subscripts back: two IVs that isl's expressions made one value
    (`(%a + %a) mod 4`) become one dim (`(%a * 2) mod 4`)."""
    start = len(op.operands) - len(op.map_operands) if isinstance(op, AffineMemoryOp) else 0
    operands = list(op.operands[start:])
    old = op.map
    # A value that is also a symbol operand is read back as that symbol
    # (`-%n + symbol(%n)` parses as 0).
    as_symbol = {value: k for k, value in enumerate(operands[old.num_dims:])}
    kept, dims, position = [], [], {}
    for value in operands[:old.num_dims]:
        if value in as_symbol:
            dims.append(symbol(as_symbol[value]))
            continue
        if value not in position:
            position[value] = len(kept)
            kept.append(value)
        dims.append(dim(position[value]))
    if len(kept) == old.num_dims:
        return
    syms = [symbol(k) for k in range(old.num_symbols)]
    new = old.replace_dims_and_symbols(dims, syms, len(kept), old.num_symbols)
    op.properties["map"] = AffineMapAttr(new)
    op.set_operands(list(op.operands[:start]) + kept + operands[old.num_dims:])


def _statements_below(node) -> list:
    names = []

    def visit(child):
        if child.get_type() == isl.ast_node_type.user:
            names.append(child.user_get_expr().get_op_arg(0).get_id().get_name())
        return True

    node.foreach_descendant_top_down(visit)
    return names


def ast_build(scop, loop_type: str | dict = "atomic", width: int | None = None) -> isl.AstBuild:
    """An AST build asking for simple code: no disjunctive conditions, and
    with `loop_type` "atomic" one loop per schedule dimension and group of
    statements (statements whose ranges differ share the loop and are
    guarded, rather than the loop being split); "" leaves isl's default.
    `width` is the number of schedule dimensions (2d+1 by default; a tiled
    schedule has more); a dict gives the type of each dimension.
    """
    build = isl.AstBuild.from_context(isl.Set(f"[{scop.param_text()}] -> {{ : }}", context=CONTEXT))
    if not loop_type:
        return build
    times = ", ".join(f"t{k}" for k in range(width or 2 * scop.depth + 1))
    if isinstance(loop_type, dict):
        # {dimension: type}, the key None for every other dimension: isl's
        # `unroll` turns a loop into one copy of its body per value.
        default = loop_type.get(None, "atomic")
        named = {d: kind for d, kind in loop_type.items() if d is not None}
        others = "".join(f" and x != {d}" for d in named)
        parts = [f"[{times}] -> {kind}[x] : x = {d}" for d, kind in named.items()]
        parts.append(f"[{times}] -> {default}[x] : x >= 0{others}")
        return build.set_options(isl.UnionMap(f"{{ {'; '.join(parts)} }}", context=CONTEXT))
    if ":" in loop_type:
        # "atomic:K": atomic loops for the dimensions before K, separate
        # ones from K on (statements whose ranges differ get loops of their
        # own there, without guards inside: the innermost loops of a tile).
        first = int(loop_type.split(":")[1])
        return build.set_options(isl.UnionMap(
            f"{{ [{times}] -> atomic[x] : x < {first}; [{times}] -> separate[x] : x >= {first} }}",
            context=CONTEXT))
    return build.set_options(isl.UnionMap(f"{{ [{times}] -> {loop_type}[x] }}", context=CONTEXT))


LOOP_TYPES = ("atomic", "", "separate")


def generate(scop, schedule: isl.UnionMap, dim_source=None, loop_types=LOOP_TYPES) -> list:
    """New ops (not yet in any block) running the statements of `scop` in
    the order of `schedule` (instance -> time vector); `dim_source(t)` names
    the original time dimension that dimension t of `schedule` comes from,
    when there is one (a permutation), so its loop's bounds can be kept.
    `loop_types` are isl's loop types to try, in order (`ast_build`)."""
    scheduled = schedule.intersect_domain(scop.domain)
    ranges: list = []
    scheduled.range().foreach_set(ranges.append)
    width = ranges[0].dim(isl.dim_type.set) if ranges else None
    # An atomic loop over statements with different ranges may need a
    # piecewise bound (`c == 2 ? 4 : c + 1`), which no affine map holds;
    # separate loops have none.
    for loop_type in loop_types:
        try:
            node = ast_build(scop, loop_type, width).node_from_schedule_map(scheduled)
            _check_every_statement(scop, scheduled, node)
            holder = _emit(scop, node, dim_source)
            break
        except NotAffine:
            if loop_type == loop_types[-1]:
                raise
    ops = holder.ops[:-1]
    for op in ops:
        op.parent = None
    return ops


def _check_every_statement(scop, scheduled, node) -> None:
    """isl's atomic loops have been seen to leave out a statement that runs
    at one point only (under parameter conditions): an AST without a
    statement the schedule runs is refused, and the next loop type tried."""
    present = set(_statements_below(node))
    for statement in scop.statements:
        if statement.name not in present and not statement.domain.is_empty():
            raise NotAffine(f"isl's AST leaves out {statement.name}")


def _emit(scop, node, dim_source):
    holder = Block()
    holder.append(AffineYieldOp.build())
    try:
        Generator(scop, dim_source).emit(node, holder)
    except NotAffine:
        rewriter = IRRewriter()
        for op in reversed(holder.ops):
            rewriter.erase_op(op)  # the copies' operand uses go too
        raise
    return holder


def replace_region(scop, new_ops: list) -> None:
    """Put `new_ops` where the region of `scop` is, and erase the region."""
    rewriter = IRRewriter.before_op(scop.ops[0])
    for op in new_ops:
        rewriter.insert(op)
    for op in reversed(scop.ops):
        rewriter.erase_op(op)


def _insert_before_terminator(block: Block, op) -> None:
    OpBuilder.before_op(block.terminator).insert(op)
