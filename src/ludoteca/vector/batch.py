"""The array API shared by the batched simulators whose loops have the same shape (museum,
bremen): a subclass names its game's kernel (`fast`, `games/<id>/fast.py`) and the module of
loops compiled over that kernel (`loops`: `_restart`, `_to_play`, `_masks`, `_encode`, `_step`,
`_random_playouts`). The loops themselves stay one module per game: numba compiles a call to a
kernel function only when it is a global of the calling module, not a value passed in.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from ludoteca.core.api import CHANCE, Game, State
from ludoteca.core.chance import new_seed
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.fastrng import MASK64, mix64
from ludoteca.interop.spaces import bounds
from ludoteca.vector.ludo import RUNNING, Step
from ludoteca.vector.validate import check_actions

Ints = npt.NDArray[np.int64]


class KernelBatch:
    """`batch` games of `game` stepped together; every method works on all of them."""

    fast: ClassVar[ModuleType]
    loops: ClassVar[ModuleType]

    def __init__(
        self, game: Game, batch: int, seed: int | None = None, max_length: int | None = None
    ) -> None:
        if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
            raise InvalidOptionError(f"batch is a positive number of games, not {batch!r}")
        self.game = game
        self.batch = batch
        self.cfg = self.fast.config(game)
        self.max_length = bounds(game, max_length).max_length
        self.num_actions: int = self.fast.num_actions(game)
        self.num_players = game.num_players
        self.observation_size: int = self.fast.observation_size(game)
        self.rows = self.fast.new_rows(batch)
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
        self.loops._restart(
            self.cfg, self.rows, self.seeds, self.episodes, self.base_seed, which, self.max_length
        )

    def to_play(self) -> Ints:
        """The seat to act in each game (`CHANCE` for a game cut off before a decision)."""
        out = np.empty(self.batch, dtype=np.int64)
        self.loops._to_play(self.cfg, self.rows, out)
        return out

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """[batch, num_actions]: True for each legal action of the seat to act."""
        out = np.empty((self.batch, self.num_actions), dtype=np.bool_)
        self.loops._masks(self.cfg, self.rows, out)
        return out

    def observations(self, seats: Ints | None = None) -> npt.NDArray[np.float32]:
        """[batch, size]: the game's `tensor.encode` from `seats` (default: the seat to act;
        a seat of -1 gives a row of zeros)."""
        seats = self.to_play() if seats is None else np.asarray(seats, dtype=np.int64)
        if seats.shape != (self.batch,) or (seats >= self.num_players).any():
            raise InvalidOptionError(f"seats: one seat 0-{self.num_players - 1} per game")
        out = np.empty((self.batch, self.observation_size), dtype=np.float32)
        self.loops._encode(self.cfg, self.rows, seats, out)
        return out

    def step(self, actions: npt.ArrayLike, autoreset: bool = True) -> Step:
        """Apply one action per game and the chance after it; restart games that ended."""
        chosen = np.asarray(actions, dtype=np.int64)
        check_actions(chosen, self.to_play() != CHANCE, self.legal_mask())
        movers = np.empty(self.batch, dtype=np.int64)
        ended = np.empty(self.batch, dtype=np.int64)
        finals = np.empty((self.batch, self.num_players), dtype=np.float64)
        self.loops._step(
            self.cfg, self.rows, self.seeds, chosen, self.max_length, movers, ended, finals
        )
        if autoreset and ended.any():
            self.restart(ended != RUNNING)
        return Step(movers, ended, finals)

    def play_random(self, steps: int) -> int:
        """`steps` actions in every game (chance included), the decisions uniformly random
        among the legal ones, with autoreset; returns how many games ended. Compiled."""
        return int(
            self.loops._random_playouts(
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
        """Game `i` as a reference state (see `fast.to_state` on `history`)."""
        return self.fast.to_state(self.game, self.rows, i, int(self.seeds[i]), history)

    def set_state(self, i: int, state: State) -> None:
        """Put a reference state into game `i` (its seed and history length come along)."""
        if state.game != self.game:
            raise InvalidOptionError(f"the state is a game of {state.game!r}, not {self.game!r}")
        self.seeds[i] = self.fast.to_row(state, self.rows, i)
