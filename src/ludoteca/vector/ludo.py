"""N Mens erger je niet games at once on the compiled kernel (`games.ludo.fast`): the array API.

Every game of the batch sits at a decision between calls: chance is drawn inside from each
game's own seed (scheme 1 of `core.chance`, so each game is also a reference game of that seed),
and a game that ends, or reaches the length cap, starts again at once with the next seed of its
stream (autoreset). Seeds come from one base seed: game `g`'s `k`-th episode has
`core.fastrng.episode_seed(base, g, k)`, so a seeded batch replays exactly.

numba's cache of these functions holds the kernel functions compiled into them, and a change to
`fast.py` alone does not refresh it: after one, clear the `__pycache__` `*.nbi`/`*.nbc` files.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.core.api import CHANCE
from ludoteca.core.chance import new_seed
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.fastrng import MASK64, episode_seed, mix64, next_uniform, seeded_uniform
from ludoteca.games.ludo import fast
from ludoteca.games.ludo.fast import S_PHASE, S_STEP, Config, Rows, Seeds
from ludoteca.games.ludo.game import MOVE, OVER, LudoGame, LudoState
from ludoteca.interop.spaces import bounds
from ludoteca.vector.validate import check_actions

Ints = npt.NDArray[np.int64]
RUNNING, TERMINATED, TRUNCATED = range(3)


@njit(cache=True)
def _restart(
    cfg: Config,
    s: Rows,
    seeds: Seeds,
    episodes: Ints,
    base: np.uint64,
    which: npt.NDArray[np.bool_],
    max_length: int,
) -> None:
    buffer = np.empty(4, dtype=np.int64)
    for i in range(s.shape[0]):
        if which[i]:
            seeds[i] = episode_seed(base, i, episodes[i])
            episodes[i] += 1
            fast.initial(cfg, s, i)
            fast.resolve_chance(cfg, s, seeds, i, max_length, buffer)


@njit(cache=True)
def _step(
    cfg: Config,
    s: Rows,
    seeds: Seeds,
    actions: Ints,
    max_length: int,
    movers: Ints,
    ended: Ints,
    finals: npt.NDArray[np.float64],
) -> None:
    buffer = np.empty(4, dtype=np.int64)
    for i in range(s.shape[0]):
        movers[i] = fast.current_player(cfg, s, i)
        finals[i, :] = 0.0
        if movers[i] >= 0:
            fast.apply(cfg, s, i, actions[i], buffer)
            fast.resolve_chance(cfg, s, seeds, i, max_length, buffer)
        if s[i, S_PHASE] == OVER:
            ended[i] = TERMINATED
            fast.returns(cfg, s, i, finals[i])
        elif s[i, S_STEP] >= max_length:
            ended[i] = TRUNCATED
        else:
            ended[i] = RUNNING


@njit(cache=True)
def _masks(cfg: Config, s: Rows, out: npt.NDArray[np.bool_]) -> None:
    buffer = np.empty(4, dtype=np.int64)
    out[:, :] = False
    for i in range(s.shape[0]):
        if s[i, S_PHASE] == MOVE:
            for k in range(fast.moves(cfg, s, i, buffer)):
                out[i, buffer[k]] = True


@njit(cache=True)
def _to_play(cfg: Config, s: Rows, out: Ints) -> None:
    for i in range(s.shape[0]):
        out[i] = fast.current_player(cfg, s, i)


@njit(cache=True)
def _encode(cfg: Config, s: Rows, seats: Ints, out: npt.NDArray[np.float32]) -> None:
    out[:, :] = 0.0
    for i in range(s.shape[0]):
        if seats[i] >= 0:
            fast.encode(cfg, s, i, seats[i], out[i])


@njit(cache=True)
def _random_playouts(
    cfg: Config,
    s: Rows,
    seeds: Seeds,
    episodes: Ints,
    base: np.uint64,
    picks: Seeds,
    steps: int,
    max_length: int,
) -> int:
    """Random legal moves for `steps` actions per game (chance included); returns games ended."""
    buffer = np.empty(4, dtype=np.int64)
    ended = 0
    for i in range(s.shape[0]):
        done = 0
        count = 0  # legal moves already in `buffer` (0: work them out)
        while done < steps:
            if s[i, S_PHASE] == MOVE:
                if count == 0:
                    count = fast.moves(cfg, s, i, buffer)
                u = next_uniform(picks, i)
                count = fast.apply(cfg, s, i, buffer[int(u * count)], buffer)
            else:
                u = seeded_uniform(seeds[i], s[i, S_STEP])
                count = fast.apply(cfg, s, i, fast.chance_outcome(cfg, s, i, u), buffer)
            done += 1
            if s[i, S_PHASE] == OVER or s[i, S_STEP] >= max_length:
                ended += 1
                seeds[i] = episode_seed(base, i, episodes[i])
                episodes[i] += 1
                fast.initial(cfg, s, i)
                count = 0
        fast.resolve_chance(cfg, s, seeds, i, max_length, buffer)  # rest at a decision
    return ended


@dataclass(frozen=True)
class Step:
    """What one `LudoBatch.step` did, per game (row `i` is game `i`)."""

    movers: Ints
    """The seat that acted (-1 for a game that was already cut off at the length cap)."""
    ended: Ints
    """RUNNING (0), TERMINATED (1: the game ended by its rules) or TRUNCATED (2: length cap)."""
    returns: npt.NDArray[np.float64]
    """Each seat's return of a game that just ended by its rules (zeros otherwise)."""


class LudoBatch:
    """`batch` games of `game` stepped together; every method works on all of them at once."""

    def __init__(
        self, game: LudoGame, batch: int, seed: int | None = None, max_length: int | None = None
    ) -> None:
        if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
            raise InvalidOptionError(f"batch is a positive number of games, not {batch!r}")
        self.game = game
        self.batch = batch
        self.cfg = fast.config(game)
        self.max_length = bounds(game, max_length).max_length
        self.num_actions = fast.num_actions(game)
        self.num_players = game.num_players
        self.observation_size = fast.observation_size(game)
        self.rows = fast.new_rows(batch)
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
        _restart(
            self.cfg, self.rows, self.seeds, self.episodes, self.base_seed, which, self.max_length
        )

    def to_play(self) -> Ints:
        """The seat to act in each game (`CHANCE` for a game cut off before a decision)."""
        out = np.empty(self.batch, dtype=np.int64)
        _to_play(self.cfg, self.rows, out)
        return out

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """[batch, num_actions]: True for each legal action of the seat to act."""
        out = np.empty((self.batch, self.num_actions), dtype=np.bool_)
        _masks(self.cfg, self.rows, out)
        return out

    def observations(self, seats: Ints | None = None) -> npt.NDArray[np.float32]:
        """[batch, size]: `games.ludo.tensor.encode` from `seats` (default: the seat to act;
        a seat of -1 gives a row of zeros)."""
        seats = self.to_play() if seats is None else np.asarray(seats, dtype=np.int64)
        if seats.shape != (self.batch,) or (seats >= self.num_players).any():
            raise InvalidOptionError(f"seats: one seat 0-{self.num_players - 1} per game")
        out = np.empty((self.batch, self.observation_size), dtype=np.float32)
        _encode(self.cfg, self.rows, seats, out)
        return out

    def step(self, actions: npt.ArrayLike, autoreset: bool = True) -> Step:
        """Apply one action per game and the chance after it; restart games that ended."""
        chosen = np.asarray(actions, dtype=np.int64)
        check_actions(chosen, self.to_play() != CHANCE, self.legal_mask())
        movers = np.empty(self.batch, dtype=np.int64)
        ended = np.empty(self.batch, dtype=np.int64)
        finals = np.empty((self.batch, self.num_players), dtype=np.float64)
        _step(self.cfg, self.rows, self.seeds, chosen, self.max_length, movers, ended, finals)
        if autoreset and ended.any():
            self.restart(ended != RUNNING)
        return Step(movers, ended, finals)

    def play_random(self, steps: int) -> int:
        """`steps` actions in every game (chance included), the moves uniformly random among
        the legal ones, with autoreset; returns how many games ended. Compiled throughout."""
        return int(
            _random_playouts(
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

    def state(self, i: int, history: list[int] | None = None) -> LudoState:
        """Game `i` as a reference state (see `fast.to_state` on `history`)."""
        return fast.to_state(self.game, self.rows, i, int(self.seeds[i]), history)

    def set_state(self, i: int, state: LudoState) -> None:
        """Put a reference state into game `i` (its seed and history length come along)."""
        if state.game != self.game:
            raise InvalidOptionError(f"the state is a game of {state.game!r}, not {self.game!r}")
        self.seeds[i] = fast.to_row(state, self.rows, i)
