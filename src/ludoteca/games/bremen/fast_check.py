"""What `python -m ludoteca.vector.check bremen` checks the compiled kernel on: whole games.

Game `k` of the check uses option set `k` of `option_sets()`: each variant on 2, 3 and 4
players.

Uniformly random bremen games are too long for the reference engine (the kernel's random
playouts average 100,000 to 500,000 actions before a pyramid storms the robbers' house): each
decision here is the `greedy` bot's (seeded with the game's seed) or, with probability 1/2, a
uniformly random legal action, so games end by the rules within hundreds of actions while random
moves still reach the positions greedy play avoids. A game still running at the length the
batched simulator cuts games off at (`interop.spaces.bounds`) is cut off there and counted.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ludoteca.core.api import State
from ludoteca.core.options import every_combination
from ludoteca.games.bremen.bots import GreedyAgent
from ludoteca.games.bremen.game import OPTIONS, BremenGame
from ludoteca.games.bremen.tensor import bounds

RANDOM_SHARE = 0.5
"""The share of decisions made uniformly at random; greedy makes the others."""


def option_sets() -> list[dict[str, Any]]:
    """Every variant, on every number of players (2-4)."""
    return every_combination(OPTIONS, range(BremenGame.min_players, BremenGame.max_players + 1))


def policy(game: BremenGame, seed: int, rng: random.Random) -> Callable[[State, list[int]], int]:
    """Greedy's choice, or with probability `RANDOM_SHARE` a random legal action."""
    greedy = GreedyAgent(game, seed=seed)

    def choose(state: State, legal: list[int]) -> int:
        if rng.random() < RANDOM_SHARE:
            action: int = rng.choice(legal)
            return action
        return greedy.act(state)

    return choose


def cut_off(game: BremenGame) -> int:
    """Games still running at the batched simulator's cut-off are compared up to it."""
    return bounds(game).max_length
