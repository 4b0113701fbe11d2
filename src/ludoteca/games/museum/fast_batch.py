"""Raub im Kunstmuseum's kernel (`fast.py`) where the batch engine (`vector.engine`) calls it
with another signature: the engine passes a scratch array to every move function, which this
kernel does not need (an empty one is passed along), and `apply` returns 0 (an action here
leaves the next legal actions to be worked out). Everything else is `fast.py`'s own.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.games.museum import fast
from ludoteca.games.museum.fast import Config, Rows, Seeds

HAS_CHANCE = True
ROWS_BY_LENGTH = False
MAX_LEGAL = fast.FIELDS
"""A move's destinations are fields."""
MAX_OUTCOMES = max(fast.KINDS, fast.MAX_SEATS)
"""A card of each kind, or the first thief."""
Buffer = npt.NDArray[np.int64]


@njit(cache=True)
def new_scratch() -> Buffer:
    return np.empty(0, dtype=np.int64)


@njit(cache=True)
def legal_actions(cfg: Config, s: Rows, i: int, out: Buffer, scratch: Buffer) -> int:
    return fast.legal_actions(cfg, s, i, out)


@njit(cache=True)
def apply(cfg: Config, s: Rows, i: int, action: int, out: Buffer, scratch: Buffer) -> int:
    fast.apply(cfg, s, i, action)
    return 0


@njit(cache=True)
def resolve_chance(
    cfg: Config, s: Rows, seeds: Seeds, i: int, max_length: int, scratch: Buffer
) -> None:
    fast.resolve_chance(cfg, s, seeds, i, max_length)
