"""Where `mcts` finds a game's compiled search: `rollout_kernel(game)` and `search_kernel(game)`.

A game with a compiled kernel may ship `games/<id>/fast_search.py` with either or both of:

- `rollout(game)`: a callable `(state, depth, rng) -> list[float]` that plays random legal
  moves (chance by its probabilities, all drawn from `rng`) from a state, left unchanged, to the
  end or for `depth` actions (0: no limit), then scores each seat with tanh of the game's
  `search.evaluate`: what `MCTSAgent._simulate` does with `rollout=random`, compiled;
- `Search(game, exploration, depth, reuse, seed)`: the whole tree search compiled, with
  `act(state, iterations, seconds, rng) -> action` and `root_visits()`.

Both answer None when the game has neither, or when numba (the `ludoteca[fast]` extra) is not
installed, so `mcts` plays on the reference engine everywhere else.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import Any, Protocol

from ludoteca.core.api import Game, State
from ludoteca.core.registry import game_module

Rollout = Callable[[State, int, random.Random], list[float]]


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
