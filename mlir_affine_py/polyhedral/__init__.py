"""The polyhedral core: affine regions read as SCoPs (statements, domains,
access relations, schedules), exact dependences, and isl code generation
back to affine ops.

- `scop.py`: `extract(ops)` -> `Scop`;
- `dependences.py`: `compute_dependences(scop)`, `is_legal(deps, schedule)`;
- `codegen.py`: `generate(scop, schedule)` (isl's AST generator -> affine ops);
- `interchange.py`: `interchange_band(loops, order)`;
- `tiling.py`: `BandTiling(loops)`, rectangular tiling of a band of any shape;
- `fusion_conflict_graph.py`: BUILDFCG and COLORFCG over statement dimensions;
- `fusion_cost.py`: the cost model across the statements of a fused loop;
- `fusion.py`: `plan_permute_and_fuse(ops)`, `apply_plan(plan)` (PERMUTEANDFUSE).
- `context.py`: the isl context all of them work in.
"""
