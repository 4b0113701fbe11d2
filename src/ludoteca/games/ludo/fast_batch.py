"""Mens erger je niet's kernel (`fast.py`) where the batch engine (`vector.engine`) calls it
with another signature: the engine passes the buffer of legal actions and a scratch array to
every move function, and here the scratch is a buffer for the rolls that chance resolves
(`fast.resolve_chance` takes it as is). Everything else the engine calls is `fast.py`'s own.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.core.fastrng import kernel
from ludoteca.games.ludo import fast
from ludoteca.games.ludo.fast import Config, Rows

HAS_CHANCE = True
ROWS_BY_LENGTH = False
MAX_LEGAL = 4
"""A roll leaves at most one move per pawn."""
MAX_OUTCOMES = fast.MAX_COLOURS
"""A die's six faces, or the first seat of at most six."""
Buffer = npt.NDArray[np.int64]


@njit(cache=True)
def new_scratch() -> Buffer:
    return np.empty(MAX_LEGAL, dtype=np.int64)


@kernel
def legal_actions(cfg: Config, s: Rows, i: int, out: Buffer, scratch: Buffer) -> int:
    return fast.moves(cfg, s, i, out)


@kernel
def apply(cfg: Config, s: Rows, i: int, action: int, out: Buffer, scratch: Buffer) -> int:
    """`fast.apply`: a roll that leaves a decision writes its legal moves into `out` and
    returns how many (so a playout need not work them out again), anything else returns 0."""
    return fast.apply(cfg, s, i, action, out)
