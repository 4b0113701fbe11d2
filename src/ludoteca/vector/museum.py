"""N Raub im Kunstmuseum games at once on the compiled kernel (`games.museum.fast`).

The same array API as `vector.ludo.LudoBatch`: every game sits at a decision between calls
(a move or a robbing decision), chance (the starting seat, the cards) is drawn inside from each
game's own seed (scheme 1 of `core.chance`, so each game is also a reference game of that seed),
and a game that ends starts again at once with the next seed of its stream (autoreset, seeds
from `vector.ludo.episode_seed`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.core.api import CHANCE
from ludoteca.core.chance import new_seed
from ludoteca.core.errors import IllegalActionError, InvalidOptionError
from ludoteca.games.ludo.fast import MASK64, mix64, seeded_uniform
from ludoteca.games.museum import fast
from ludoteca.games.museum.fast import S_PHASE, S_STEP, Config, Rows, Seeds
from ludoteca.games.museum.game import MOVE, OVER, ROB, MuseumGame, MuseumState
from ludoteca.interop.spaces import bounds
from ludoteca.vector.ludo import RUNNING, TERMINATED, TRUNCATED, Step, episode_seed

Ints = npt.NDArray[np.int64]
BUFFER = fast.FIELDS  # room for every legal action of one decision


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
    for i in range(s.shape[0]):
        if which[i]:
            seeds[i] = episode_seed(base, i, episodes[i])
            episodes[i] += 1
            fast.initial(cfg, s, i)
            fast.resolve_chance(cfg, s, seeds, i, max_length)


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
    for i in range(s.shape[0]):
        movers[i] = fast.current_player(cfg, s, i)
        finals[i, :] = 0.0
        if movers[i] >= 0:
            fast.apply(cfg, s, i, actions[i])
            fast.resolve_chance(cfg, s, seeds, i, max_length)
        if s[i, S_PHASE] == OVER:
            ended[i] = TERMINATED
            fast.returns(cfg, s, i, finals[i])
        elif s[i, S_STEP] >= max_length:
            ended[i] = TRUNCATED
        else:
            ended[i] = RUNNING


@njit(cache=True)
def _masks(cfg: Config, s: Rows, out: npt.NDArray[np.bool_]) -> None:
    buffer = np.empty(BUFFER, dtype=np.int64)
    out[:, :] = False
    for i in range(s.shape[0]):
        phase = s[i, S_PHASE]
        if phase in (MOVE, ROB):
            for k in range(fast.legal_actions(cfg, s, i, buffer)):
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
    """Random legal actions for `steps` actions per game (chance included); returns games
    ended."""
    buffer = np.empty(BUFFER, dtype=np.int64)
    ended = 0
    for i in range(s.shape[0]):
        for _ in range(steps):
            if MOVE <= s[i, S_PHASE] <= ROB:
                count = fast.legal_actions(cfg, s, i, buffer)
                picks[i] += np.uint64(1)
                u = float(mix64(picks[i]) >> np.uint64(11)) / 9007199254740992.0
                fast.apply(cfg, s, i, buffer[int(u * count)])
            else:
                u = seeded_uniform(seeds[i], s[i, S_STEP])
                fast.apply(cfg, s, i, fast.chance_outcome(cfg, s, i, u))
            if s[i, S_PHASE] == OVER or s[i, S_STEP] >= max_length:
                ended += 1
                seeds[i] = episode_seed(base, i, episodes[i])
                episodes[i] += 1
                fast.initial(cfg, s, i)
        fast.resolve_chance(cfg, s, seeds, i, max_length)  # rest at a decision
    return ended


class MuseumBatch:
    """`batch` museum games of `game` stepped together; every method works on all of them."""

    def __init__(
        self, game: MuseumGame, batch: int, seed: int | None = None, max_length: int | None = None
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
        """[batch, num_actions]: True for each legal action of the thief to act."""
        out = np.empty((self.batch, self.num_actions), dtype=np.bool_)
        _masks(self.cfg, self.rows, out)
        return out

    def observations(self, seats: Ints | None = None) -> npt.NDArray[np.float32]:
        """[batch, size]: `games.museum.tensor.encode` from `seats` (default: the seat to act;
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
        self._check(chosen)
        movers = np.empty(self.batch, dtype=np.int64)
        ended = np.empty(self.batch, dtype=np.int64)
        finals = np.empty((self.batch, self.num_players), dtype=np.float64)
        _step(self.cfg, self.rows, self.seeds, chosen, self.max_length, movers, ended, finals)
        if autoreset and ended.any():
            self.restart(ended != RUNNING)
        return Step(movers, ended, finals)

    def play_random(self, steps: int) -> int:
        """`steps` actions in every game (chance included), the decisions uniformly random
        among the legal ones, with autoreset; returns how many games ended. Compiled."""
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

    def state(self, i: int, history: list[int] | None = None) -> MuseumState:
        """Game `i` as a reference state (see `fast.to_state` on `history`)."""
        return fast.to_state(self.game, self.rows, i, int(self.seeds[i]), history)

    def set_state(self, i: int, state: MuseumState) -> None:
        """Put a reference state into game `i` (its seed and history length come along)."""
        if state.game != self.game:
            raise InvalidOptionError(f"the state is a game of {state.game!r}, not {self.game!r}")
        self.seeds[i] = fast.to_row(state, self.rows, i)

    def _check(self, actions: Ints) -> None:
        if actions.shape != (self.batch,):
            raise IllegalActionError(
                f"give one action per game: an array of shape ({self.batch},), not {actions.shape}"
            )
        acting = self.to_play() != CHANCE
        inside = (actions >= 0) & (actions < self.num_actions)
        legal = np.zeros(self.batch, dtype=np.bool_)
        mask = self.legal_mask()
        rows = np.flatnonzero(inside)
        legal[rows] = mask[rows, actions[rows]]
        bad = np.flatnonzero(acting & ~legal)
        if bad.size:
            i = int(bad[0])
            allowed = np.flatnonzero(mask[i]).tolist()
            raise IllegalActionError(
                f"game {i}: action {int(actions[i])} is not legal; legal: {allowed}"
                f" ({bad.size} game(s) with an illegal action)"
            )
