"""N Bremer Stadtmusikanten games at once on the compiled kernel (`games.bremen.fast`).

The same array API as `vector.ludo.LudoBatch`: every game sits at a decision between calls
(an animal move or a robber walk), chance (the starting seat, the dice) is drawn inside from each
game's own seed (scheme 1 of `core.chance`, so each game is also a reference game of that seed),
and a game that ends starts again at once with the next seed of its stream (autoreset, seeds
from `core.fastrng.episode_seed`).
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import ClassVar

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.core.fastrng import episode_seed, next_uniform, seeded_uniform
from ludoteca.games.bremen import fast
from ludoteca.games.bremen.fast import S_PHASE, S_STEP, Config, Rows, Seeds
from ludoteca.games.bremen.game import MOVE, OVER, ROBBER, BremenGame, BremenState
from ludoteca.vector.batch import KernelBatch
from ludoteca.vector.ludo import RUNNING, TERMINATED, TRUNCATED

Ints = npt.NDArray[np.int64]
BUFFER = fast.MAX_LEGAL  # room for every legal action of one decision


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
    scratch = fast.new_scratch()
    for i in range(s.shape[0]):
        if which[i]:
            seeds[i] = episode_seed(base, i, episodes[i])
            episodes[i] += 1
            fast.initial(cfg, s, i)
            fast.resolve_chance(cfg, s, seeds, i, max_length, scratch)


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
    scratch = fast.new_scratch()
    for i in range(s.shape[0]):
        movers[i] = fast.current_player(cfg, s, i)
        finals[i, :] = 0.0
        if movers[i] >= 0:
            fast.apply(cfg, s, i, actions[i], scratch)
            fast.resolve_chance(cfg, s, seeds, i, max_length, scratch)
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
    scratch = fast.new_scratch()
    out[:, :] = False
    for i in range(s.shape[0]):
        phase = s[i, S_PHASE]
        if phase in (ROBBER, MOVE):
            for k in range(fast.legal_actions(cfg, s, i, buffer, scratch)):
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
    scratch = fast.new_scratch()
    ended = 0
    for i in range(s.shape[0]):
        for _ in range(steps):
            if ROBBER <= s[i, S_PHASE] <= MOVE:
                count = fast.legal_actions(cfg, s, i, buffer, scratch)
                u = next_uniform(picks, i)
                fast.apply(cfg, s, i, buffer[int(u * count)], scratch)
            else:
                u = seeded_uniform(seeds[i], s[i, S_STEP])
                fast.apply(cfg, s, i, fast.chance_outcome(cfg, s, i, u), scratch)
            if s[i, S_PHASE] == OVER or s[i, S_STEP] >= max_length:
                ended += 1
                seeds[i] = episode_seed(base, i, episodes[i])
                episodes[i] += 1
                fast.initial(cfg, s, i)
        fast.resolve_chance(cfg, s, seeds, i, max_length, scratch)  # rest at a decision
    return ended


class BremenBatch(KernelBatch):
    """`batch` bremen games of `game` stepped together; every method works on all of them."""

    fast: ClassVar[ModuleType] = fast
    loops: ClassVar[ModuleType] = sys.modules[__name__]

    def __init__(
        self, game: BremenGame, batch: int, seed: int | None = None, max_length: int | None = None
    ) -> None:
        super().__init__(game, batch, seed, max_length)

    def state(self, i: int, history: list[int] | None = None) -> BremenState:
        """Game `i` as a reference state (see `fast.to_state` on `history`)."""
        state: BremenState = super().state(i, history)
        return state
