"""Belagerung's kernel (`fast.py`) where the batch engine (`vector.engine`) calls it with
another signature. Siege has no chance (`HAS_CHANCE = False`: the engine's chance branches are
not compiled). Its rows hold a repetition table sized for the games' length cap
(`ROWS_BY_LENGTH`), so `config` takes the cap; `apply` returns the legal moves of the position
reached, already in the buffer (0 once the game is over). The kernel needs no scratch space.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.games.siege import fast
from ludoteca.games.siege.fast import Config, Moves, Rows
from ludoteca.games.siege.game import SiegeGame

HAS_CHANCE = False
ROWS_BY_LENGTH = True
MAX_LEGAL = 2 * fast.MAX_MOVES
"""The move generator's room (it sorts the moves it finds in place)."""
MAX_OUTCOMES = 0

new_rows = fast.new_rows
to_row = fast.to_row


def config(game: SiegeGame, max_length: int) -> Config:
    return fast.config(game, fast.capacity(game, max_length))


def num_actions(game: SiegeGame) -> int:
    return fast.NUM_ACTIONS


@njit(cache=True)
def new_scratch() -> Moves:
    return np.empty(0, dtype=np.int64)


@njit(cache=True)
def current_player(cfg: Config, s: Rows, i: int) -> int:
    return fast.current_player(s, i)


@njit(cache=True)
def legal_actions(cfg: Config, s: Rows, i: int, out: Moves, scratch: Moves) -> int:
    return fast.moves(cfg, s, i, out)


@njit(cache=True)
def apply(cfg: Config, s: Rows, i: int, action: int, out: Moves, scratch: Moves) -> int:
    return fast.apply(cfg, s, i, action, out)


@njit(cache=True)
def returns(cfg: Config, s: Rows, i: int, out: npt.NDArray[np.float64]) -> None:
    fast.returns(s, i, out)
