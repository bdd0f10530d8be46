"""The isl context of the polyhedral core.

The code generator asks isl's AST build for simple code (no disjunctive
conditions, one upper bound per atomic loop) through options of the
context.  islpy's default context is shared by every isl user in the
process (the dependence analysis of `analysis/dependence.py`, a caller's own
sets), so those options are set on a context of the core's own, and every
set, map and schedule of the core is made in it.
"""

from __future__ import annotations

import islpy as isl

CONTEXT = isl.Context()
CONTEXT.set_ast_build_allow_or(0)
CONTEXT.set_ast_build_atomic_upper_bound(1)
