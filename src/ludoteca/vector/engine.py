"""The loops every batched simulator runs, written once and compiled once per game.

The loops call a game's kernel (`games/<id>/fast.py`) by the names of `COMPILED_HOOKS` and
`CHANCE_HOOKS`, with one signature for every game (`core.contract.BatchHooks`): whose turn it
is, the legal actions, an action applied, chance resolved, the returns. Where a kernel's own
function has another signature, the game's batch hooks (`games/<id>/fast_batch.py`) give one
that fits (`Kernel`). numba compiles a call to a kernel function only when the function is a
global of the calling function, not a value passed in, so `loops(game_id)` makes each game its
own copy of every loop, whose globals are that game's functions, and numba's cache keeps each
copy under the game's name. A game without chance (`HAS_CHANCE = False`) has those branches
pruned before they are compiled, so it needs no chance hooks.

Every game of a batch sits at a decision between calls: chance is drawn inside from each
game's own seed (scheme 1 of `core.chance`, so each game is also a reference game of that seed),
and a game that ends, or reaches the length cap, starts again with the next seed of its stream
(seeds from `core.fastrng.episode_seed`).

numba's cache of these loops holds the kernel functions compiled into them, which numba does
not watch (it checks a function against its own file): the cache's folder is named by the
sources of every kernel (`core.compiled`), so an edit to a game's `fast.py` compiles them again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from types import FunctionType, ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.core.api import CHANCE, TERMINAL
from ludoteca.core.fastrng import episode_seed, next_uniform, seeded_uniform
from ludoteca.core.registry import game_module

Ints = npt.NDArray[np.int64]
Seeds = npt.NDArray[np.uint64]
RUNNING, TERMINATED, TRUNCATED = range(3)
"""What `step` says of each game: still running, ended by its rules, cut off at the cap."""

# The globals of each game's copy of the loops below are that game's (`Kernel.names`): these
# stand-ins only let the module import and say what the loops call.
HAS_CHANCE = True
MAX_LEGAL = 1
S_STEP = 0
COMPILED_HOOKS = (
    "new_scratch",
    "initial",
    "current_player",
    "legal_actions",
    "apply",
    "returns",
    "encode",
)
"""The kernel functions every game's loops call (numba functions, see `core.contract`)."""
CHANCE_HOOKS = ("resolve_chance", "chance_outcome", "chance_outcomes")
"""The kernel functions the loops of a game with chance also call."""
_unset: Any = None
new_scratch = initial = current_player = legal_actions = apply = returns = encode = _unset
resolve_chance = chance_outcome = chance_outcomes = _unset


def _restart(
    cfg: Any,
    s: Any,
    seeds: Seeds,
    episodes: Ints,
    base: np.uint64,
    which: npt.NDArray[np.bool_],
    max_length: int,
) -> None:
    scratch = new_scratch()
    for i in range(s.shape[0]):
        if which[i]:
            seeds[i] = episode_seed(base, i, episodes[i])
            episodes[i] += 1
            initial(cfg, s, i)
            if HAS_CHANCE:
                resolve_chance(cfg, s, seeds, i, max_length, scratch)


def _step(
    cfg: Any,
    s: Any,
    seeds: Seeds,
    actions: Ints,
    max_length: int,
    movers: Ints,
    ended: Ints,
    finals: npt.NDArray[np.float64],
) -> None:
    buffer = np.empty(MAX_LEGAL, dtype=np.int64)
    scratch = new_scratch()
    for i in range(s.shape[0]):
        movers[i] = current_player(cfg, s, i)
        finals[i, :] = 0.0
        if movers[i] >= 0 and s[i, S_STEP] < max_length:
            apply(cfg, s, i, actions[i], buffer, scratch)
            if HAS_CHANCE:
                resolve_chance(cfg, s, seeds, i, max_length, scratch)
        else:
            movers[i] = -1
        if current_player(cfg, s, i) == TERMINAL:
            ended[i] = TERMINATED
            returns(cfg, s, i, finals[i])
        elif s[i, S_STEP] >= max_length:
            ended[i] = TRUNCATED
        else:
            ended[i] = RUNNING


def _masks(cfg: Any, s: Any, out: npt.NDArray[np.bool_]) -> None:
    buffer = np.empty(MAX_LEGAL, dtype=np.int64)
    scratch = new_scratch()
    out[:, :] = False
    for i in range(s.shape[0]):
        if current_player(cfg, s, i) >= 0:
            for k in range(legal_actions(cfg, s, i, buffer, scratch)):
                out[i, buffer[k]] = True


def _to_play(cfg: Any, s: Any, out: Ints) -> None:
    for i in range(s.shape[0]):
        out[i] = current_player(cfg, s, i)


def _encode(cfg: Any, s: Any, seats: Ints, out: npt.NDArray[np.float32]) -> None:
    out[:, :] = 0.0
    for i in range(s.shape[0]):
        if seats[i] >= 0:
            encode(cfg, s, i, seats[i], out[i])


def _random_playouts(
    cfg: Any,
    s: Any,
    seeds: Seeds,
    episodes: Ints,
    base: np.uint64,
    picks: Seeds,
    steps: int,
    max_length: int,
) -> int:
    """Random legal actions for `steps` actions per game (chance included); returns the games
    ended. `act` may return the legal actions of the position it reached, already in `buffer`
    (a ludo roll, a siege move), so a playout need not work them out again."""
    buffer = np.empty(MAX_LEGAL, dtype=np.int64)
    scratch = new_scratch()
    ended = 0
    for i in range(s.shape[0]):
        done = 0
        count = 0  # legal actions already in `buffer` (0: work them out)
        seat = current_player(cfg, s, i)  # asked once an action: the playout's hot loop
        while done < steps:
            decide = True
            # Two `if`s: numba prunes a branch on a constant global, so a game without chance
            # needs no chance hooks.
            if HAS_CHANCE:  # noqa: SIM102
                if seat < 0:
                    decide = False
                    u = seeded_uniform(seeds[i], s[i, S_STEP])
                    count = apply(cfg, s, i, chance_outcome(cfg, s, i, u), buffer, scratch)
            if decide:
                if count == 0:
                    count = legal_actions(cfg, s, i, buffer, scratch)
                u = next_uniform(picks, i)
                count = apply(cfg, s, i, buffer[int(u * count)], buffer, scratch)
            done += 1
            seat = current_player(cfg, s, i)
            if seat == TERMINAL or s[i, S_STEP] >= max_length:
                ended += 1
                seeds[i] = episode_seed(base, i, episodes[i])
                episodes[i] += 1
                initial(cfg, s, i)
                count = 0
                seat = current_player(cfg, s, i)
        if HAS_CHANCE:
            resolve_chance(cfg, s, seeds, i, max_length, scratch)  # rest at a decision
    return ended


def _replay(
    cfg: Any,
    seed: np.uint64,
    actions: Ints,
    points: Ints,
    offsets: Ints,
    rows: Any,
    players: Ints,
    legal_counts: Ints,
    legal: Ints,
    drawn: Ints,
    counts: Ints,
    outcomes: Ints,
    probs: npt.NDArray[np.float64],
    observed: npt.NDArray[np.float32],
) -> None:
    """`compare.Replay`'s compiled pass: what the kernel says at each node of one game (node
    `j`: before action `j`), its actions given."""
    s = np.zeros((1, rows.shape[1]), dtype=rows.dtype)
    initial(cfg, s, 0)
    buffer = np.empty(MAX_LEGAL, dtype=np.int64)
    scratch = new_scratch()
    point = 0
    for j in range(len(actions) + 1):
        rows[j] = s[0]
        players[j] = current_player(cfg, s, 0)
        if players[j] >= 0:
            count = legal_actions(cfg, s, 0, buffer, scratch)
            legal_counts[j] = count
            room = min(count, offsets[j + 1] - offsets[j]) if j + 1 < len(offsets) else 0
            legal[offsets[j] : offsets[j] + room] = buffer[:room]
        if HAS_CHANCE:  # noqa: SIM102 (a separate `if` on the constant: pruned without chance)
            if players[j] == CHANCE:
                counts[j] = chance_outcomes(cfg, s, 0, outcomes[j], probs[j])
                drawn[j] = chance_outcome(cfg, s, 0, seeded_uniform(seed, s[0, S_STEP]))
        while point < len(points) and points[point, 0] == j:
            encode(cfg, s, 0, points[point, 1], observed[point])
            point += 1
        if j < len(actions):
            apply(cfg, s, 0, actions[j], buffer, scratch)


@dataclass(frozen=True)
class Kernel:
    """A game's kernel as the loops see it: each name from its batch hooks
    (`games/<id>/fast_batch.py`) where they have it, else from the kernel itself (`fast.py`),
    so the hooks hold only what differs from the engine's signatures."""

    game_id: str
    fast: ModuleType
    hooks: ModuleType

    def __getattr__(self, name: str) -> Any:
        if name in ("fast", "hooks", "game_id"):  # not set yet (while copying or unpickling)
            raise AttributeError(name)
        try:
            return getattr(self.hooks, name)
        except AttributeError:
            return getattr(self.fast, name)

    def names(self) -> dict[str, Any]:
        """The globals of this game's copy of the loops."""
        hooks = COMPILED_HOOKS + (CHANCE_HOOKS if self.HAS_CHANCE else ())
        names = {
            name: getattr(self, name) for name in (*hooks, "HAS_CHANCE", "MAX_LEGAL", "S_STEP")
        }
        return {**globals(), **names}

    def config(self, game: Any, max_length: int) -> Any:
        """The kernel's configuration of `game`, for games cut off at `max_length` (which only
        a kernel with `ROWS_BY_LENGTH` needs: siege's rows hold a repetition table)."""
        if self.ROWS_BY_LENGTH:
            return self.hooks.config(game, max_length)
        return self.fast.config(game)

    def new_rows(self, cfg: Any, batch: int) -> Any:
        return self.hooks.new_rows(cfg, batch) if self.ROWS_BY_LENGTH else self.fast.new_rows(batch)

    def to_row(self, state: Any, cfg: Any, rows: Any, i: int) -> Any:
        """Write reference `state` into row `i`; returns its seed for the seed array."""
        if self.ROWS_BY_LENGTH:
            return self.hooks.to_row(state, cfg, rows, i)
        return self.fast.to_row(state, rows, i)


@cache
def kernel(game_id: str) -> Kernel:
    """Game `game_id`'s kernel and batch hooks (a game with a kernel has both)."""
    fast, hooks = game_module(game_id, "fast"), game_module(game_id, "fast_batch")
    assert fast is not None and hooks is not None, f"{game_id} has no compiled kernel"
    return Kernel(game_id, fast, hooks)


@dataclass(frozen=True)
class Loops:
    """One game's compiled copy of every loop above."""

    restart: Any
    step: Any
    masks: Any
    to_play: Any
    encode: Any
    random_playouts: Any
    replay: Any


def _compiled(function: Callable[..., Any], names: dict[str, Any], game_id: str) -> Any:
    """`function` with `names` as its globals, compiled and cached under the game's name
    (numba names a cache entry after the function's qualified name)."""
    assert isinstance(function, FunctionType)
    copy = FunctionType(function.__code__, names, function.__name__)
    copy.__qualname__ = f"{game_id}.{function.__name__}"
    return njit(cache=True)(copy)


@cache
def loops(game_id: str) -> Loops:
    """The loops compiled over one game's kernel (each compiles on its first call)."""
    names = kernel(game_id).names()
    return Loops(
        restart=_compiled(_restart, names, game_id),
        step=_compiled(_step, names, game_id),
        masks=_compiled(_masks, names, game_id),
        to_play=_compiled(_to_play, names, game_id),
        encode=_compiled(_encode, names, game_id),
        random_playouts=_compiled(_random_playouts, names, game_id),
        replay=_compiled(_replay, names, game_id),
    )
