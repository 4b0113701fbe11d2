"""N Belagerung games at once on the compiled kernel (`games.siege.fast`): the array API.

The same interface as `ludo.LudoBatch` (so `env.BatchVectorEnv` wraps either): every game sits
at a decision between calls, and a game that ends, or reaches the length cap, starts again at
once (autoreset). Siege has no chance, but each episode still gets the seed of `ludo`'s scheme
(`episode_seed(base, game, episode)`), the seed its reference state carries.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.core.api import TERMINAL
from ludoteca.core.chance import new_seed
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.fastrng import MASK64, episode_seed, mix64, next_uniform
from ludoteca.games.siege import fast
from ludoteca.games.siege.fast import MAX_MOVES, S_REASON, S_STEP, Config, Rows
from ludoteca.games.siege.game import SiegeGame, SiegeState
from ludoteca.interop.spaces import bounds
from ludoteca.vector.ludo import RUNNING, TERMINATED, TRUNCATED, Step
from ludoteca.vector.validate import check_actions

Ints = npt.NDArray[np.int64]
Seeds = npt.NDArray[np.uint64]


@njit(cache=True)
def _restart(
    cfg: Config,
    s: Rows,
    seeds: Seeds,
    episodes: Ints,
    base: np.uint64,
    which: npt.NDArray[np.bool_],
) -> None:
    for i in range(s.shape[0]):
        if which[i]:
            seeds[i] = episode_seed(base, i, episodes[i])
            episodes[i] += 1
            fast.initial(cfg, s, i)


@njit(cache=True)
def _step(
    cfg: Config,
    s: Rows,
    actions: Ints,
    max_length: int,
    movers: Ints,
    ended: Ints,
    finals: npt.NDArray[np.float64],
) -> None:
    buffer = np.empty(2 * MAX_MOVES, dtype=np.int64)
    for i in range(s.shape[0]):
        movers[i] = fast.current_player(s, i)
        finals[i, :] = 0.0
        if movers[i] >= 0 and s[i, S_STEP] < max_length:
            fast.apply(cfg, s, i, actions[i], buffer)
        else:
            movers[i] = -1
        if s[i, S_REASON] != fast.NO_RESULT:
            ended[i] = TERMINATED
            fast.returns(s, i, finals[i])
        elif s[i, S_STEP] >= max_length:
            ended[i] = TRUNCATED
        else:
            ended[i] = RUNNING


@njit(cache=True)
def _masks(cfg: Config, s: Rows, out: npt.NDArray[np.bool_]) -> None:
    buffer = np.empty(2 * MAX_MOVES, dtype=np.int64)
    out[:, :] = False
    for i in range(s.shape[0]):
        for k in range(fast.moves(cfg, s, i, buffer)):
            out[i, buffer[k]] = True


@njit(cache=True)
def _to_play(s: Rows, out: Ints) -> None:
    for i in range(s.shape[0]):
        out[i] = fast.current_player(s, i)


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
    """Random legal moves for `steps` actions per game; returns the games ended."""
    buffer = np.empty(2 * MAX_MOVES, dtype=np.int64)
    ended = 0
    for i in range(s.shape[0]):
        count = fast.moves(cfg, s, i, buffer)
        for _ in range(steps):
            u = next_uniform(picks, i)
            count = fast.apply(cfg, s, i, buffer[int(u * count)], buffer)
            if count == 0 or s[i, S_STEP] >= max_length:
                ended += 1
                seeds[i] = episode_seed(base, i, episodes[i])
                episodes[i] += 1
                fast.initial(cfg, s, i)
                count = fast.moves(cfg, s, i, buffer)
    return ended


class SiegeBatch:
    """`batch` games of `game` stepped together; every method works on all of them at once."""

    def __init__(
        self, game: SiegeGame, batch: int, seed: int | None = None, max_length: int | None = None
    ) -> None:
        if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
            raise InvalidOptionError(f"batch is a positive number of games, not {batch!r}")
        self.game = game
        self.batch = batch
        self.max_length = bounds(game, max_length).max_length
        self.cfg = fast.config(game, fast.capacity(game, self.max_length))
        self.num_actions = fast.NUM_ACTIONS
        self.num_players = 2
        self.observation_size = fast.observation_size(game)
        self.rows = fast.new_rows(self.cfg, batch)
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
        _restart(self.cfg, self.rows, self.seeds, self.episodes, self.base_seed, which)

    def to_play(self) -> Ints:
        """The seat to act in each game (`TERMINAL` for a game that has ended and waits)."""
        out = np.empty(self.batch, dtype=np.int64)
        _to_play(self.rows, out)
        return out

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """[batch, 4096]: True for each legal action (`from * 64 + to`) of the side to move."""
        out = np.empty((self.batch, self.num_actions), dtype=np.bool_)
        _masks(self.cfg, self.rows, out)
        return out

    def observations(self, seats: Ints | None = None) -> npt.NDArray[np.float32]:
        """[batch, 840]: `games.siege.tensor.encode` flattened, from `seats` (default: the side
        to move; a seat of -1 gives a row of zeros)."""
        seats = self.to_play() if seats is None else np.asarray(seats, dtype=np.int64)
        if seats.shape != (self.batch,) or (seats >= self.num_players).any():
            raise InvalidOptionError("seats: one seat 0-1 per game")
        out = np.empty((self.batch, self.observation_size), dtype=np.float32)
        _encode(self.cfg, self.rows, np.where(seats == TERMINAL, -1, seats), out)
        return out

    def step(self, actions: npt.ArrayLike, autoreset: bool = True) -> Step:
        """Apply one action per game; restart the games that ended."""
        chosen = np.asarray(actions, dtype=np.int64)
        check_actions(chosen, self.to_play() >= 0, self.legal_mask())
        movers = np.empty(self.batch, dtype=np.int64)
        ended = np.empty(self.batch, dtype=np.int64)
        finals = np.empty((self.batch, 2), dtype=np.float64)
        _step(self.cfg, self.rows, chosen, self.max_length, movers, ended, finals)
        if autoreset and ended.any():
            self.restart(ended != RUNNING)
        return Step(movers, ended, finals)

    def play_random(self, steps: int) -> int:
        """`steps` random legal actions in every game, with autoreset; returns how many games
        ended. Compiled throughout."""
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

    def state(self, i: int, history: list[int] | None = None) -> SiegeState:
        """Game `i` as a reference state (see `fast.to_state` on `history`)."""
        return fast.to_state(self.game, self.rows, i, int(self.seeds[i]), history)

    def set_state(self, i: int, state: SiegeState) -> None:
        """Put a reference state into game `i` (its seed and history length come along)."""
        if state.game != self.game:
            raise InvalidOptionError(f"the state is a game of {state.game!r}, not {self.game!r}")
        self.seeds[i] = fast.to_row(state, self.cfg, self.rows, i)
