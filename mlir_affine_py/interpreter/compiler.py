"""Translation of one func.func into a Python function.

Each op is translated once into a few lines of Python source (see
`emitters.py`); the function's source is compiled with `exec`, so running it
costs no dispatch on op names.  SSA values become Python locals, structured
control flow becomes Python `for`/`while`/`if` statements, and loop-carried
values are locals reassigned at the end of each iteration.

Memory accesses are bounds-checked unless a simple interval analysis proves
the indices in range: every index value that is a constant, the induction
variable of a loop whose bounds are known intervals, or an affine function of
such values gets an interval (`self.ranges`).
"""

from __future__ import annotations

import re

from ..dialects.func import ReturnOp
from ..ir import types as T
from ..ir.affine_expr import (ADD, CEILDIV, FLOORDIV, MOD, MUL, AffineBinaryOpExpr,
                              AffineConstantExpr, AffineDimExpr, AffineSymbolExpr)
from .runtime import InterpreterError, describe, int_literal, literal_value

_SIMPLE = re.compile(r"^(?:[A-Za-z_]\w*|-?\d+|\(-\d+\)|True|False)$")

# Python allows 20 statically nested blocks (loops, with, try) per function.
MAX_NESTING = 19


def _mul_range(a, b):
    products = (a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1])
    return (min(products), max(products))


class FunctionCompiler:
    """Builds the Python source of one function."""

    def __init__(self, interpreter, func, namespace: dict):
        self.interpreter = interpreter
        self.func = func
        self.ns = namespace
        self.lines: list[str] = []
        self.depth = 1
        self.nesting = 0
        self.names: dict = {}       # Value -> local name
        self.sources: dict = {}     # Value -> source text (literals, namespace refs)
        self.ranges: dict = {}      # Value -> (lo, hi) of an integer value
        self.shapes: dict = {}      # memref Value -> [source of each dim size]
        self.counter = 0
        self.refs: dict = {}        # id(object) -> namespace name

    # ----------------------------------------------------------- names
    def fresh(self, prefix: str = "t") -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def define(self, value, prefix: str = "v") -> str:
        """A new local for `value`."""
        name = self.fresh(prefix)
        self.names[value] = name
        return name

    def set_source(self, value, source: str, value_range=None) -> None:
        """`value` is the Python expression `source` (a literal or a name)."""
        self.sources[value] = source
        if value_range is not None:
            self.ranges[value] = value_range

    def src(self, value) -> str:
        source = self.sources.get(value)
        if source is not None:
            return source
        name = self.names.get(value)
        if name is None:
            raise InterpreterError(f"value of type '{value.type}' used in function "
                                   f"@{self.func.sym_name} is not defined by an op the "
                                   "interpreter has translated")
        return name

    def ref(self, obj, prefix: str = "k") -> str:
        """A namespace name bound to the Python object `obj`."""
        key = id(obj)
        name = self.refs.get(key)
        if name is None:
            name = self.fresh("_" + prefix)
            self.refs[key] = name
            self.ns[name] = obj
            # Keep the object alive (ids of dead objects are reused).
            self.ns.setdefault("_keep", []).append(obj)
        return name

    def op_ref(self, op) -> str:
        return self.ref(op, "op")

    # ------------------------------------------------------------ lines
    def emit(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)

    def assign(self, targets, sources) -> None:
        pairs = [(t, s) for t, s in zip(targets, sources) if t != s]
        if not pairs:
            return
        if len(pairs) == 1:
            self.emit(f"{pairs[0][0]} = {pairs[0][1]}")
        else:
            self.emit(", ".join(t for t, _ in pairs) + " = " + ", ".join(s for _, s in pairs))

    def simple(self, source: str, prefix: str = "t") -> str:
        """`source`, or a fresh local holding it when it is an expression."""
        if _SIMPLE.match(source):
            return source
        name = self.fresh(prefix)
        self.emit(f"{name} = {source}")
        return name

    def open_block(self, header: str, loop: bool = False) -> None:
        self.emit(header)
        self.depth += 1
        if loop:
            self.nesting += 1
            if self.nesting > MAX_NESTING:
                raise InterpreterError(
                    f"function @{self.func.sym_name}: more than {MAX_NESTING} nested loops")

    def close_block(self, start: int, loop: bool = False) -> None:
        if len(self.lines) == start:
            self.emit("pass")
        self.depth -= 1
        if loop:
            self.nesting -= 1

    # ----------------------------------------------------------- regions
    def emit_ops(self, block):
        """Translate every op of `block` but its terminator, which is returned."""
        from .emitters import EMITTERS
        ops = block.ops
        terminator = ops[-1] if ops and ops[-1].is_terminator else None
        for op in ops:
            if op is terminator:
                break
            emitter = EMITTERS.get(op.op_name)
            if emitter is None:
                raise InterpreterError(f"unsupported op {describe(op)}")
            emitter(self, op)
        return terminator

    def single_block(self, region, op):
        if len(region.blocks) != 1:
            raise InterpreterError(f"{describe(op)}: regions with {len(region.blocks)} blocks "
                                   "are not supported")
        return region.blocks[0]

    def expect_terminator(self, terminator, classes, owner):
        """`terminator`, when it is one of the op classes `classes`."""
        if not isinstance(terminator, classes):
            found = terminator.op_name if terminator is not None else "no terminator"
            raise InterpreterError(f"{describe(owner)}: region ends with {found}, expected "
                                   + " or ".join(sorted(cls.name for cls in classes)))
        return terminator

    def emit_region(self, header, block, terminators, targets, owner, loop=False):
        """`header:` then the block's ops, its terminator's operands assigned
        to `targets`; returns the terminator."""
        self.open_block(header, loop)
        start = len(self.lines)
        terminator = self.expect_terminator(self.emit_ops(block), terminators, owner)
        operands = terminator.operands
        if len(operands) != len(targets):
            raise InterpreterError(f"{describe(terminator)}: yields {len(operands)} values, "
                                   f"expected {len(targets)}")
        self.assign(targets, [self.src(v) for v in operands])
        self.close_block(start, loop)
        return terminator

    # ------------------------------------------------------ affine maps
    def expr_source(self, expr, dims, syms) -> str:
        """Python source of an affine expression over operand sources."""
        if isinstance(expr, AffineDimExpr):
            return dims[expr.position]
        if isinstance(expr, AffineSymbolExpr):
            return syms[expr.position]
        if isinstance(expr, AffineConstantExpr):
            return int_literal(expr.value)
        assert isinstance(expr, AffineBinaryOpExpr)
        kind, lhs, rhs = expr.kind, expr.lhs, expr.rhs
        left = self.expr_source(lhs, dims, syms)
        if kind == ADD:
            if isinstance(rhs, AffineConstantExpr) and rhs.value < 0:
                return f"({left} - {-rhs.value})"
            if isinstance(rhs, AffineBinaryOpExpr) and rhs.kind == MUL \
                    and isinstance(rhs.rhs, AffineConstantExpr) and rhs.rhs.value < 0:
                inner = self.expr_source(rhs.lhs, dims, syms)
                if rhs.rhs.value == -1:
                    return f"({left} - {inner})"
                return f"({left} - {inner} * {-rhs.rhs.value})"
            return f"({left} + {self.expr_source(rhs, dims, syms)})"
        if kind == MUL:
            if isinstance(rhs, AffineConstantExpr) and rhs.value == -1:
                return f"(-{left})"
            return f"({left} * {self.expr_source(rhs, dims, syms)})"
        right = self.expr_source(rhs, dims, syms)
        if isinstance(rhs, AffineConstantExpr):
            if rhs.value <= 0:
                raise InterpreterError(f"affine expression '{expr}': division by the "
                                       f"non-positive constant {rhs.value} is not supported")
            if kind == FLOORDIV:
                return f"({left} // {right})"
            if kind == CEILDIV:
                return f"(-(-{left} // {right}))"
            return f"({left} % {right})"
        # Semi-affine: the divisor must be positive at run time.
        helper = {FLOORDIV: "_affine_floordiv", CEILDIV: "_affine_ceildiv", MOD: "_affine_mod"}[kind]
        return f"{helper}({left}, {right})"

    def expr_range(self, expr, dims, syms):
        """An interval (lo, hi) containing every value of `expr`, or None."""
        if isinstance(expr, AffineDimExpr):
            return dims[expr.position]
        if isinstance(expr, AffineSymbolExpr):
            return syms[expr.position]
        if isinstance(expr, AffineConstantExpr):
            return (expr.value, expr.value)
        lhs = self.expr_range(expr.lhs, dims, syms)
        rhs = self.expr_range(expr.rhs, dims, syms)
        if lhs is None or rhs is None:
            return None
        kind = expr.kind
        if kind == ADD:
            return (lhs[0] + rhs[0], lhs[1] + rhs[1])
        if kind == MUL:
            return _mul_range(lhs, rhs)
        if rhs[0] != rhs[1] or rhs[0] <= 0:
            return None
        c = rhs[0]
        if kind == FLOORDIV:
            return (lhs[0] // c, lhs[1] // c)
        if kind == CEILDIV:
            return (-(-lhs[0] // c), -(-lhs[1] // c))
        if lhs[0] >= 0 and lhs[1] < c:
            return lhs
        return (0, c - 1)

    def map_inputs(self, map, operands):
        n = map.num_dims
        sources = [self.src(v) for v in operands]
        ranges = [self.ranges.get(v) for v in operands]
        return sources[:n], sources[n:], ranges[:n], ranges[n:]

    def map_results(self, map, operands):
        """[(source, range)] for each result of `map` applied to `operands`."""
        dims, syms, dim_ranges, sym_ranges = self.map_inputs(map, operands)
        return [(self.expr_source(e, dims, syms), self.expr_range(e, dim_ranges, sym_ranges))
                for e in map.results]

    def combined(self, results, keyword: str):
        """max/min over several (source, range) results."""
        if not results:
            raise InterpreterError("affine map without results")
        if len(results) == 1:
            return results[0]
        source = f"{keyword}({', '.join(s for s, _ in results)})"
        ranges = [r for _, r in results]
        if any(r is None for r in ranges):
            return source, None
        pick = max if keyword == "max" else min
        return source, (pick(r[0] for r in ranges), pick(r[1] for r in ranges))

    # --------------------------------------------------------- memrefs
    def record_shape(self, value, sizes=None) -> None:
        """Remember how to get each dim size of the memref `value`: `sizes`
        gives sources for dynamic dims in order; without it they are read
        from the array once, here."""
        type = value.type
        if not isinstance(type, T.MemRefType):
            return
        dynamic = iter(sizes or [])
        shape = []
        for d, size in enumerate(type.shape):
            if size is not None:
                shape.append(str(size))
            elif sizes is not None:
                shape.append(next(dynamic))
            else:
                name = f"{self.src(value)}_d{d}"
                self.emit(f"{name} = {self.src(value)}.shape[{d}]")
                shape.append(name)
        self.shapes[value] = shape

    def size_source(self, value, d: int) -> str:
        size = value.type.shape[d]
        if size is not None:
            return str(size)
        shape = self.shapes.get(value)
        if shape is not None:
            return shape[d]
        return f"{self.src(value)}.shape[{d}]"

    def size_value(self, value, d: int):
        size = value.type.shape[d]
        if size is not None:
            return size
        shape = self.shapes.get(value)
        return literal_value(shape[d]) if shape is not None else None

    def emit_bounds_check(self, op, memref, indices, ranges, vector_shape=None) -> None:
        """Raise at run time when an index (or the vector slice starting
        there) leaves the memref; provably safe indices are not checked."""
        rank = len(indices)
        lead = rank - len(vector_shape or ())
        conditions = []
        for d, (index, index_range) in enumerate(zip(indices, ranges)):
            extent = 1 if d < lead else vector_shape[d - lead]
            size = self.size_value(memref, d)
            literal = literal_value(index)
            if literal is not None:
                index_range = (literal, literal)
            if index_range is not None and size is not None \
                    and index_range[0] >= 0 and index_range[1] + extent <= size:
                continue
            if literal is not None and size is not None:
                conditions = ["False"]      # always out of bounds, when reached
                break
            size_src = self.size_source(memref, d)
            if extent == 1:
                conditions.append(f"0 <= {index} < {size_src}")
            else:
                conditions.append(f"0 <= {index} <= {size_src} - {extent}")
        if not conditions:
            return
        index_tuple = "(" + "".join(f"{i}, " for i in indices) + ")"
        if vector_shape:
            raise_text = (f"raise _oob({self.op_ref(op)}, {index_tuple}, {self.src(memref)}, "
                          f"{tuple(vector_shape)})")
        else:
            raise_text = f"raise _oob({self.op_ref(op)}, {index_tuple}, {self.src(memref)})"
        self.emit(f"if not ({' and '.join(conditions)}): {raise_text}")

    # --------------------------------------------------------- function
    def compile(self) -> str:
        func = self.func
        if func.is_declaration:
            raise InterpreterError(f"function @{func.sym_name} has no body")
        block = self.single_block(func.regions[0], func)
        params = [self.define(arg, "a") for arg in block.args]
        for arg in block.args:
            self.record_shape(arg)
        terminator = self.expect_terminator(self.emit_ops(block), (ReturnOp,), func)
        results = [self.src(v) for v in terminator.operands]
        self.emit("return (" + "".join(f"{r}, " for r in results) + ")")
        header = f"def _function({', '.join(params)}):"
        return "\n".join([header] + self.lines) + "\n"
