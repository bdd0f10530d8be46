"""tensor.extract_slice and tensor.insert_slice verified as TensorOps.cpp
verifies them: OffsetSizeAndStrideOpInterface's counts, the slice type
inferred from the static sizes against the result (extract) or the source
(insert), whole or rank-reduced, and the slice within the sliced tensor.
The stated cases give the first diagnostic written here (None: accepted);
where mlir-opt is installed, they and a generated set are compared with
it whole (stdout, stderr, exit status)."""

from __future__ import annotations

import random

import pytest

import oracle
from mlir_affine_py import opt_main
from support import MLIR_OPT


def _tensor(shape, element="f32") -> str:
    return f"tensor<{''.join(f'{size}x' for size in shape)}{element}>"


def _slice(op, source, offsets, sizes, strides, sliced) -> str:
    """A function holding one slice op: `sliced` the tensor sliced, `source`
    the result type (extract) or the inserted tensor's (insert)."""
    mixed = f"[{', '.join(offsets)}] [{', '.join(sizes)}] [{', '.join(strides)}]"
    if op == "extract":
        body = f"%r = tensor.extract_slice %t{mixed} : {sliced} to {source}"
        args = f"%t: {sliced}, %i: index"
    else:
        body = f"%r = tensor.insert_slice %s into %t{mixed} : {source} into {sliced}"
        args = f"%s: {source}, %t: {sliced}, %i: index"
    return f"func.func @f({args}) {{\n  {body}\n  return\n}}\n"


_8x4 = _tensor([8, 4])
CASES = {
    "whole": (_slice("extract", _tensor([2, 4]), ["0", "0"], ["2", "4"], ["1", "1"], _8x4), None),
    "rank-reduced": (_slice("extract", _tensor([4]), ["3", "0"], ["1", "4"], ["1", "1"], _8x4),
                     None),
    "dynamic": (_slice("insert", _tensor(["?", 4]), ["%i", "0"], ["%i", "4"], ["1", "1"], _8x4),
                None),
    "size-mismatch": (_slice("insert", _tensor([3, 4]), ["0", "0"], ["2", "4"], ["1", "1"], _8x4),
                      "2:8: expected type to be 'tensor<2x4xf32>' or a rank-reduced version. "
                      "(size mismatch) "),
    "rank-too-large": (_slice("extract", _tensor([1, 2, 4]), ["0", "0"], ["2", "4"], ["1", "1"],
                              _8x4),
                       "2:8: expected rank to be smaller or equal to the other rank. "),
    "element-type": (_slice("extract", _tensor([2, 4], "i32"), ["0", "0"], ["2", "4"], ["1", "1"],
                            _8x4), "2:8: expected element type to be 'f32'"),
    "offset-out-of-bounds": (_slice("extract", _tensor([1, 4]), ["8", "0"], ["1", "4"],
                                    ["1", "1"], _8x4), "2:8: offset 0 is out-of-bounds: 8 >= 8"),
    "runs-out-of-bounds": (_slice("insert", _tensor([4, 4]), ["2", "0"], ["4", "4"], ["2", "1"],
                                  _8x4),
                           "2:8: slice along dimension 0 runs out-of-bounds: 8 >= 8"),
    "counts": (_slice("extract", _tensor([2, 4]), ["0"], ["2", "4"], ["1", "1"], _8x4),
               "2:8: expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank "
               "of the result type is well-formed."),
}


def _run(text: str, tmp_path, capsys, name: str):
    path = tmp_path / f"{name}.mlir"
    path.write_text(text)
    code = opt_main.main([str(path)])
    out, err = capsys.readouterr()
    assert "internal error" not in err
    return path, code, out, err


def _compare_with_mlir_opt(path, code, out, err) -> None:
    mlir_opt = MLIR_OPT
    if mlir_opt is not None:
        theirs = oracle.run([mlir_opt, str(path)], capture_output=True, timeout=60)
        assert (code, out, err) == (theirs.returncode, theirs.stdout.decode(),
                                    theirs.stderr.decode())


@pytest.mark.parametrize("name", sorted(CASES))
def test_slice_case(name, tmp_path, capsys):
    text, diagnostic = CASES[name]
    path, code, out, err = _run(text, tmp_path, capsys, name)
    if diagnostic is None:
        assert (code, err) == (0, ""), err
    else:
        assert code == 1
        assert err.startswith(f"{path}:{diagnostic.replace(': ', ': error: ', 1)}"), err
    _compare_with_mlir_opt(path, code, out, err)


def _generated(seed: int) -> str:
    """A slice op of random counts, sizes, offsets and strides, its type
    inferred, reduced, or off by a dimension or an element type."""
    rng = random.Random(seed)
    rank = rng.choice([1, 2, 3])

    def count() -> int:
        return rank if rng.random() < 0.9 else rng.choice([rank - 1, rank + 1])

    sliced = [rng.choice(["?", "1", "4", "8"]) for _ in range(rank)]
    offsets = [rng.choice(["0", "1", "3", "%i", "7", "8"]) for _ in range(count())]
    sizes = [rng.choice(["1", "2", "4", "%i", "8", "9", "0"]) for _ in range(count())]
    strides = [rng.choice(["1", "2", "%i", "0"]) for _ in range(count())]
    shape = ["?" if size == "%i" else size for size in sizes]
    change = rng.random()
    if change < 0.2:
        shape = [size for size in shape if size != "1"]
    elif change < 0.35 and shape:
        shape[0] = rng.choice(["3", "?", "1"])
    elif change < 0.45:
        shape.append("1")
    element = "f32" if rng.random() < 0.9 else "i32"
    return _slice(rng.choice(["extract", "insert"]), _tensor(shape, element), offsets, sizes,
                  strides, _tensor(sliced))


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
@pytest.mark.parametrize("seed", range(120))
def test_generated_slices_as_mlir_opt(seed, tmp_path, capsys):
    _compare_with_mlir_opt(*_run(_generated(seed), tmp_path, capsys, f"slice{seed}"))
