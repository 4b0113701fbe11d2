"""The random numbers every compiled kernel draws, in one place (numba: the `fast` extra).

Chance is scheme 1 of `core.chance` bit for bit: SplitMix64 (`mix64`) of a game's seed and the
history position in unsigned 64-bit arithmetic (`seeded_uniform`). A batch derives each game's
episode seeds from one base seed (`episode_seed`), and its compiled random playouts pick legal
actions from a counter per game (`next_uniform`). Only the kernels (`games/<id>/fast.py`) and
`ludoteca.vector` import this module, so `import ludoteca` still never imports numba.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.core.chance import SEED_BITS

MASK64 = (1 << 64) - 1
F = TypeVar("F", bound=Callable[..., Any])


def kernel(function: F) -> F:
    """`function` compiled by numba, cached, without reference counting (`_nrt=False`): a
    function so compiled allocates nothing, and the counts taken and dropped on every array
    passed to a call were 40% of a ludo playout's time (perf: `NRT_incref`/`NRT_decref`)."""
    compiled: F = njit(cache=True, _nrt=False)(function)  # type: ignore[call-overload]
    return compiled


@kernel
def mix64(value: np.uint64) -> np.uint64:
    """`core.chance.mix64` in uint64 arithmetic."""
    z = value + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@kernel
def seeded_uniform(seed: np.uint64, step: int) -> float:
    """`core.chance.seeded_uniform`: the draw of history position `step` of game `seed`."""
    return float(mix64(mix64(seed) ^ np.uint64(step)) >> np.uint64(11)) / 9007199254740992.0


@kernel
def episode_seed(base: np.uint64, game: int, episode: int) -> np.uint64:
    """The 48-bit seed of episode `episode` of game `game` in a batch seeded with `base`."""
    key = mix64(mix64(base) ^ mix64(np.uint64(game)))
    return mix64(key + np.uint64(episode)) >> np.uint64(64 - SEED_BITS)


@kernel
def next_uniform(picks: npt.NDArray[np.uint64], i: int) -> float:
    """The next number in [0, 1) of game `i`'s stream of random-playout picks."""
    picks[i] += np.uint64(1)
    return float(mix64(picks[i]) >> np.uint64(11)) / 9007199254740992.0
