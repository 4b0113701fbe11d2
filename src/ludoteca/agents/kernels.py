"""Where `mcts` finds a game's compiled search: `rollout_kernel(game)` and `search_kernel(game)`.

A game with a compiled kernel may ship `games/<id>/fast_search.py` with either or both of:

- `rollout(game)`: a callable `(state, depth, rng) -> list[float]` that plays random legal
  moves (chance by its probabilities, all drawn from `rng`) from a state, left unchanged, to the
  end or for `depth` actions (0: no limit), then scores each seat with tanh of the game's
  `search.evaluate`: what `MCTSAgent._simulate` does with `rollout=random`, compiled;
  `playout(...)` below builds one from a compiled playout loop;
- `Search(game, exploration, depth, reuse, seed)`: the whole tree search compiled, with
  `act(state, iterations, seconds, rng) -> action` and `root_visits()`.

Both answer None when the game has neither, or when numba (the `ludoteca[fast]` extra) is not
installed, so `mcts` plays on the reference engine everywhere else.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from ludoteca.agents.expectimax import evaluation_of
from ludoteca.core.api import Game, State
from ludoteca.core.registry import game_module

Rollout = Callable[[State, int, random.Random], list[float]]
Floats = npt.NDArray[np.float64]


class CompiledSearch(Protocol):
    def act(self, state: Any, iterations: int, seconds: float, rng: random.Random) -> int: ...

    def root_visits(self) -> int: ...


def _module(game: Game) -> ModuleType | None:
    try:
        return game_module(game.id, "fast_search")
    except ImportError as exc:
        if exc.name == "numba":
            return None
        raise


class Playout(Protocol):
    def __call__(self, depth: int, rng: npt.NDArray[np.uint64], out: Floats) -> bool: ...


def playout(
    game: Game, load: Callable[[Any], object], play: Playout, unload: Callable[[], State]
) -> Rollout:
    """A `rollout` from a game's compiled playout loop: `load(state)` writes the state into the
    kernel's row; `play(depth, rng, out)` plays on it, its random numbers drawn from `rng` (one
    uint64 counter), and answers True when the game ended (its returns in `out`) or False when
    `depth` actions were played first; `unload()` is the row as a reference state then, which
    the game's `search.evaluate` scores, as `MCTSAgent._simulate` does at its cut-off."""
    evaluate = evaluation_of(game)
    seats = range(game.num_players)
    rng = np.zeros(1, dtype=np.uint64)
    out = np.zeros(game.num_players, dtype=np.float64)

    def run(state: State, depth: int, generator: random.Random) -> list[float]:
        load(state)
        rng[0] = generator.getrandbits(64)
        if play(depth, rng, out):
            values: list[float] = out.tolist()
            return values
        if evaluate is None:
            return [0.0 for _ in seats]
        end = unload()
        return [math.tanh(evaluate(end, seat)) for seat in seats]

    return run


def rollout_kernel(game: Game) -> Rollout | None:
    """The game's compiled random rollout, or None."""
    module = _module(game)
    make = getattr(module, "rollout", None)
    return None if make is None else make(game)


def search_kernel(
    game: Game, exploration: float, depth: int, reuse: bool, rng: random.Random
) -> CompiledSearch | None:
    """The game's compiled tree search with these settings, seeded from `rng`, or None."""
    module = _module(game)
    make = getattr(module, "Search", None)
    if make is None:
        return None
    return make(game, exploration, depth, reuse, rng.getrandbits(64))  # type: ignore[no-any-return]
