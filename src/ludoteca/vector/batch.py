"""The array API of every batched simulator: `batch` games of one game stepped together on its
compiled kernel (`games/<id>/fast.py`), by the loops of `vector.engine` compiled over it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca.core.api import Game, State
from ludoteca.core.chance import new_seed
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.fastrng import MASK64, mix64
from ludoteca.interop.spaces import bounds
from ludoteca.vector import engine
from ludoteca.vector.engine import RUNNING as RUNNING
from ludoteca.vector.engine import TERMINATED as TERMINATED
from ludoteca.vector.engine import TRUNCATED as TRUNCATED
from ludoteca.vector.validate import check_actions

Ints = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Step:
    """What one `KernelBatch.step` did, per game (row `i` is game `i`)."""

    movers: Ints
    """The seat that acted (-1 where none did: a game cut off at the length cap, or ended)."""
    ended: Ints
    """RUNNING (0), TERMINATED (1: the game ended by its rules) or TRUNCATED (2: length cap)."""
    returns: npt.NDArray[np.float64]
    """Each seat's return of a game that just ended by its rules (zeros otherwise)."""


class KernelBatch:
    """`batch` games of `game` stepped together; every method works on all of them at once."""

    def __init__(
        self, game: Game, batch: int, seed: int | None = None, max_length: int | None = None
    ) -> None:
        if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
            raise InvalidOptionError(f"batch is a positive number of games, not {batch!r}")
        self.game = game
        self.kernel = kernel = engine.kernel(game.id)
        self.loops = engine.loops(game.id)
        self.batch = batch
        self.max_length = bounds(game, max_length).max_length
        self.cfg = kernel.config(game, self.max_length)
        self.num_actions: int = kernel.num_actions(game)
        self.num_players = game.num_players
        self.observation_size: int = kernel.observation_size(game)
        self.rows = kernel.new_rows(self.cfg, batch)
        self.seeds = np.zeros(batch, dtype=np.uint64)
        self.episodes = np.zeros(batch, dtype=np.int64)
        self._picks = np.zeros(batch, dtype=np.uint64)
        self.base_seed = np.uint64(0)
        self.reset(seed)

    def reset(self, seed: int | None = None) -> None:
        """Start every game again: episode 0 of each game's stream from base `seed`."""
        self.base_seed = np.uint64((new_seed() if seed is None else int(seed)) & MASK64)
        self.episodes[:] = 0
        self._picks[:] = np.arange(self.batch, dtype=np.uint64) ^ mix64(self.base_seed)
        self.restart(np.ones(self.batch, dtype=np.bool_))

    def restart(self, which: npt.NDArray[np.bool_]) -> None:
        """Start the games marked in `which` again with the next seeds of their streams."""
        self.loops.restart(
            self.cfg, self.rows, self.seeds, self.episodes, self.base_seed, which, self.max_length
        )

    def to_play(self) -> Ints:
        """The seat to act in each game (`CHANCE` for a game cut off before a decision,
        `TERMINAL` for one that ended and waits for `restart`)."""
        out = np.empty(self.batch, dtype=np.int64)
        self.loops.to_play(self.cfg, self.rows, out)
        return out

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """[batch, num_actions]: True for each legal action of the seat to act."""
        out = np.empty((self.batch, self.num_actions), dtype=np.bool_)
        self.loops.masks(self.cfg, self.rows, out)
        return out

    def observations(self, seats: Ints | None = None) -> npt.NDArray[np.float32]:
        """[batch, size]: the game's `tensor.encode` (flattened) from `seats` (default: the
        seat to act; a negative seat gives a row of zeros)."""
        seats = self.to_play() if seats is None else np.asarray(seats, dtype=np.int64)
        if seats.shape != (self.batch,) or (seats >= self.num_players).any():
            raise InvalidOptionError(f"seats: one seat 0-{self.num_players - 1} per game")
        out = np.empty((self.batch, self.observation_size), dtype=np.float32)
        self.loops.encode(self.cfg, self.rows, seats, out)
        return out

    def step(self, actions: npt.ArrayLike, autoreset: bool = True) -> Step:
        """Apply one action per game and the chance after it; restart the games that ended."""
        chosen = np.asarray(actions, dtype=np.int64)
        check_actions(chosen, self.to_play() >= 0, self.legal_mask())
        movers = np.empty(self.batch, dtype=np.int64)
        ended = np.empty(self.batch, dtype=np.int64)
        finals = np.empty((self.batch, self.num_players), dtype=np.float64)
        self.loops.step(
            self.cfg, self.rows, self.seeds, chosen, self.max_length, movers, ended, finals
        )
        if autoreset and ended.any():
            self.restart(ended != RUNNING)
        return Step(movers, ended, finals)

    def play_random(self, steps: int) -> int:
        """`steps` actions in every game (chance included), the decisions uniformly random
        among the legal ones, with autoreset; returns how many games ended. Compiled."""
        return int(
            self.loops.random_playouts(
                self.cfg,
                self.rows,
                self.seeds,
                self.episodes,
                self.base_seed,
                self._picks,
                steps,
                self.max_length,
            )
        )

    def state(self, i: int, history: list[int] | None = None) -> Any:
        """Game `i` as a reference state (see the kernel's `to_state` on `history`)."""
        return self.kernel.to_state(self.game, self.rows, i, int(self.seeds[i]), history)

    def set_state(self, i: int, state: State) -> None:
        """Put a reference state into game `i` (its seed and history length come along)."""
        if state.game != self.game:
            raise InvalidOptionError(f"the state is a game of {state.game!r}, not {self.game!r}")
        self.seeds[i] = self.kernel.to_row(state, self.cfg, self.rows, i)
