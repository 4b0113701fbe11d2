"""The kernels' equality check with numba's bounds checks on (issue 36).

Compiled code does not check an index by default: a kernel bug that writes past an array
corrupts memory, and pytest died with a segmentation fault before its summary. `make test` (so
CI) runs this file once more on its own with `NUMBA_BOUNDSCHECK=1`, which compiles every kernel
with bounds checks (into a cache folder of its own, `ludoteca.core.compiled`): an index out of
range is then an `IndexError`, and the test fails naming the game and the seed. Without the
variable these tests are skipped (the main run checks the same kernels at full speed).
"""

from __future__ import annotations

import os

import numpy as np
import pytest

pytest.importorskip("numba")

from numba import njit

from ludoteca import vector
from ludoteca.vector import check

CHECKED = os.environ.get("NUMBA_BOUNDSCHECK", "").strip() == "1"
pytestmark = pytest.mark.skipif(
    not CHECKED, reason="run by `make test` in a pass of its own, with NUMBA_BOUNDSCHECK=1"
)

GAMES = 12
"""Games per kernel: a sample (most of the time is compiling with the checks in)."""
SEED = 36


@pytest.mark.parametrize("game", vector.kernels())
def test_each_kernel_agrees_with_its_reference_with_every_index_checked(game: str) -> None:
    steps = 0
    for k in range(GAMES):
        try:
            steps += check.run(game, 1, seed=SEED, start=k)["steps"]
        except IndexError as exc:
            pytest.fail(f"{game}, game {k} (seed {SEED + k}): an index out of range: {exc}")
    assert steps > GAMES


def test_an_index_out_of_range_is_an_error_in_compiled_code() -> None:
    """What the pass relies on: numba honours the variable."""

    @njit
    def write(values: np.ndarray, i: int) -> None:
        values[i] = 1.0

    with pytest.raises(IndexError):
        write(np.zeros(3), 3)
