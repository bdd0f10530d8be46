"""A reference interpreter for the ops this tool handles, used to check that a
transformation preserves what a function computes: run it before and after
on the same inputs and compare.

    from mlir_affine_py.interpreter import run_function, random_arguments
    args = random_arguments(func_op, seed=0)
    results = run_function(module, "name", args)   # arrays in args are mutated

Supported: func.func/return/call (calls to declarations go to `externals`),
affine.for/if/parallel/apply/min/max/load/store/vector_load/vector_store/
yield/delinearize_index/prefetch/dma_start/dma_wait (transfers done at
their start or at their wait: `Interpreter`'s `dma`),
scf.for/if/while/condition/yield, arith (constants, integer and float
arithmetic, comparisons, select, casts, min/max), the scalar math ops,
memref.alloc/alloca/load/store/dim/dealloc/cast (also to and from
unranked)/copy/get_global/alloca_scope, scf.execute_region.  The
semantics and the value representation are described in `runtime.py`;
anything else raises `InterpreterError`, as do out-of-bounds accesses and
undefined behaviour.  Loop nests are limited to 19 levels (Python's limit on
nested blocks).

Each function is translated once into Python source (`Interpreter.source`)
and compiled, so a simple op costs a few hundred nanoseconds.
"""

from __future__ import annotations

import numpy as np

from ..dialects.func import FuncOp
from ..ir import types as T
from . import runtime as R
from .runtime import InterpreterError, describe

__all__ = ["Interpreter", "InterpreterError", "run_function", "random_arguments",
           "find_function"]


def find_function(module, name: str):
    """The func.func named `name` in `module` (searched recursively)."""
    for op in module.walk():
        if isinstance(op, FuncOp) and op.sym_name == name:
            return op
    raise InterpreterError(f"no function @{name} in the module")


class Interpreter:
    """Runs the functions of one module.  Compiled functions and memref
    globals are kept for the interpreter's lifetime: build a new one after
    changing the module.

    `externals` maps the names of functions without a body to Python
    callables (receiving and returning values in the interpreter's
    representation).  Float memrefs from memref.alloc/alloca are filled with
    `alloc_fill` (integer ones with 0).  With `max_iterations`, a run that
    executes more loop iterations in total raises InterpreterError (loops
    are charged their trip count as they start).

    `dma` says when the transfer of an `affine.dma_start` happens, two
    legitimate executions of an asynchronous copy: "at-start" (copied when
    it starts, its dma_wait does nothing) or "at-wait" (copied, reading its
    source then, by the first dma_wait on the same tag element; a run that
    returns with a transfer nobody waited for raises InterpreterError).  A
    program whose result depends on the choice races with its transfers:
    "at-start" exposes a buffer overwritten while still read, "at-wait" a
    buffer read before its transfer was waited for."""

    def __init__(self, module, externals=None, alloc_fill=0.0, max_iterations=None,
                 dma: str = "at-start"):
        if dma not in ("at-start", "at-wait"):
            raise ValueError(f"dma must be 'at-start' or 'at-wait', not {dma!r}")
        self.module = module
        self.externals = dict(externals or {})
        self.alloc_fill = alloc_fill
        self.max_iterations = max_iterations
        self.dma = dma
        # (id of the tag memref, tag position) -> (the tag memref, [transfer])
        self.pending_transfers: dict = {}
        self._remaining = 0
        self._funcs: dict = {}
        for op in module.walk():
            if isinstance(op, FuncOp):
                self._funcs.setdefault(op.sym_name, op)
        self._compiled: dict = {}
        self._sources: dict = {}
        self._callables: dict = {}
        self._globals: dict = {}
        self._in_progress: set = set()

    # --------------------------------------------------------- compiling
    def function_op(self, name: str):
        func = self._funcs.get(name)
        if func is None:
            raise InterpreterError(f"no function @{name} in the module")
        return func

    def compiled(self, name: str):
        """The Python function that runs @name (compiled on first use)."""
        fn = self._compiled.get(name)
        if fn is None:
            from .compiler import FunctionCompiler
            from .emitters import BASE_NAMESPACE
            namespace = dict(BASE_NAMESPACE)
            namespace["_charge"] = self._charge
            self._in_progress.add(name)
            try:
                source = FunctionCompiler(self, self.function_op(name), namespace).compile()
            finally:
                self._in_progress.discard(name)
            self._sources[name] = source
            try:
                code = compile(source, f"<mlir function @{name}>", "exec")
            except (SyntaxError, RecursionError, MemoryError) as error:
                raise InterpreterError(f"function @{name} is too large or deeply nested "
                                       f"to translate: {error}") from None
            exec(code, namespace)
            fn = self._compiled[name] = namespace["_function"]
        return fn

    def prepare(self, name: str) -> None:
        """Compile @name now if it has a body (callees are compiled with their
        caller, so unsupported ops are reported before anything runs)."""
        func = self._funcs.get(name)
        if func is not None and not func.is_declaration and name not in self._in_progress:
            self.compiled(name)

    def source(self, name: str) -> str:
        """The Python source generated for @name."""
        self.compiled(name)
        return self._sources[name]

    def callable(self, name: str, call_op=None):
        """What a func.call to @name invokes: a compiled function, or an
        external wrapped to return a tuple of converted results."""
        found = self._callables.get(name)
        if found is not None:
            return found
        func = self._funcs.get(name)
        if func is not None and not func.is_declaration:
            compiled = self._compiled

            def call(*args):
                fn = compiled.get(name)
                if fn is None:
                    fn = self.compiled(name)
                return fn(*args)
        else:
            external = self.externals.get(name)
            where = f"{describe(call_op)}: " if call_op is not None else ""
            if external is None:
                raise InterpreterError(f"{where}call to @{name}, which has no body and no "
                                       "external implementation")
            result_types = list(func.function_type.results) if func is not None else None

            def call(*args):
                out = external(*args)
                if out is None:
                    out = ()
                elif not isinstance(out, (tuple, list)):
                    out = (out,)
                if result_types is None:
                    return tuple(out)
                if len(out) != len(result_types):
                    raise InterpreterError(f"external @{name} returned {len(out)} values, "
                                           f"expected {len(result_types)}")
                return tuple(R.convert_argument(v, t, f"result of external @{name}")
                             for v, t in zip(out, result_types))
        self._callables[name] = call
        return call

    def global_array(self, op):
        """The array of the memref.global that memref.get_global `op` names."""
        from ..dialects.memref import lookup_global
        name = op.properties["name"].root
        array = self._globals.get(name)
        if array is None:
            found = lookup_global(op, name)
            if found is None:
                raise InterpreterError(f"{describe(op)}: no memref.global @{name}")
            type = found.properties["type"].value
            if not isinstance(type, T.MemRefType) or not type.has_static_shape():
                raise InterpreterError(f"{describe(op)}: unsupported global type '{type}'")
            initial = found.properties.get("initial_value")
            shape = tuple(type.shape)
            if initial is None or not hasattr(initial, "values"):
                array = np.zeros(shape, dtype=R.dtype_of(type.element_type))
            else:
                array = R.array_from_dense(initial, shape, type.element_type)
            self._globals[name] = array
        return array

    # ------------------------------------------------------------ running
    def _charge(self, iterations: int, op) -> None:
        self._remaining -= iterations
        if self._remaining < 0:
            raise InterpreterError(f"{describe(op)}: the run exceeds {self.max_iterations} "
                                   "loop iterations")

    def run(self, name: str, args=()) -> list:
        """Run @name on `args` and return its results (see `run_function`)."""
        func = self.function_op(name)
        inputs = func.function_type.inputs
        args = list(args)
        if len(args) != len(inputs):
            raise InterpreterError(f"@{name} takes {len(inputs)} arguments, got {len(args)}")
        values = [R.convert_argument(value, type, f"argument #{i} of @{name}")
                  for i, (value, type) in enumerate(zip(args, inputs))]
        fn = self.compiled(name)
        self._remaining = self.max_iterations or 0
        self.pending_transfers.clear()
        with np.errstate(all="ignore"):
            try:
                out = fn(*values)
            except ZeroDivisionError:
                raise InterpreterError(f"division by zero in an affine expression while "
                                       f"running @{name}") from None
            except RecursionError:
                raise InterpreterError(f"recursion too deep while running @{name}") from None
        if self.pending_transfers:
            self.pending_transfers.clear()
            raise InterpreterError(f"@{name} returned before waiting for all its DMA transfers")
        results = []
        for value, type in zip(out, func.function_type.results):
            if isinstance(type, T.VectorType):
                value = np.array(value, copy=True)
            results.append(R.convert_result(value, type))
        return results


def run_function(module, name: str, args=(), externals=None, alloc_fill=0.0,
                 max_iterations=None, dma: str = "at-start") -> list:
    """Run the function @name of `module` and return the list of its results.

    Memref arguments are numpy arrays of the element dtype (f32 -> float32,
    f64 -> float64, i1 -> bool, iN -> intN, index -> int64) whose shape fits
    the memref type; the function writes into them in place, so pass copies
    to compare two runs.  Integer and index arguments are Python ints, float
    arguments numbers.  Integer results are Python ints, float results numpy
    scalars of their precision, memref results arrays.  `max_iterations`
    bounds the total number of loop iterations, `dma` chooses when DMA
    transfers happen (see `Interpreter`)."""
    return Interpreter(module, externals, alloc_fill, max_iterations, dma).run(name, args)


def random_arguments(func_op, seed: int = 0, *, dynamic_size: int = 16, index_value=None,
                     int_range=(-100, 100), float_range=(-1.0, 1.0)) -> list:
    """Deterministic random arguments for `func_op`'s signature.

    Memrefs get their static shape, with `dynamic_size` for each dynamic
    dim; float elements are uniform in `float_range`, integer elements in
    `int_range` (clipped to the type), index elements in [0, dynamic_size),
    i1 elements random booleans.  Index and integer scalars all get
    `index_value` (default: `dynamic_size`), so symbolic loop bounds match the
    dynamic sizes; i1 scalars and float scalars are random."""
    rng = np.random.default_rng(seed)
    if index_value is None:
        index_value = dynamic_size
    args = []
    for i, type in enumerate(func_op.function_type.inputs):
        if isinstance(type, (T.MemRefType, T.VectorType)):
            shape = tuple(dynamic_size if d is None else d for d in type.shape)
            args.append(_random_array(rng, shape, type.element_type, dynamic_size,
                                      int_range, float_range))
            continue
        kind = R.float_kind(type)
        if kind is not None:
            args.append(R.to_float(rng.uniform(*float_range), kind))
            continue
        width = R.int_width(type)
        if width == 1:
            args.append(int(rng.integers(0, 2)))
        elif width is not None:
            args.append(R.wrap(int(index_value), width))
        else:
            raise InterpreterError(f"argument #{i} of @{func_op.sym_name}: no random value "
                                   f"for type '{type}'")
    return args


def _random_array(rng, shape, element_type, dynamic_size, int_range, float_range):
    dtype = R.dtype_of(element_type)
    kind = R.float_kind(element_type)
    if kind is not None:
        array = rng.uniform(float_range[0], float_range[1], shape).astype(dtype)
        return R.bf16_array(array).reshape(shape) if kind == "bf16" else array
    if isinstance(element_type, T.IndexType):
        return rng.integers(0, dynamic_size, shape).astype(dtype)
    width = R.int_width(element_type)
    if width == 1:
        return rng.integers(0, 2, shape).astype(dtype)
    low = max(int_range[0], -(1 << (width - 1)))
    high = min(int_range[1], (1 << (width - 1)) - 1)
    return rng.integers(low, high + 1, shape).astype(dtype)
