"""What `python -m ludoteca.vector.check siege` checks the compiled kernel on.

Game `k` of the check uses option set `k` of `option_sets()`: every combination of the opening
rule, the lord's start and three quiet-move limits (none among them). Its moves are uniformly
random, drawn from the game's own seed (so any game of a run can be checked again alone). A
game with no quiet-move limit is cut off after `CUT_OFF` actions (the kernel's repetition table
is sized for that). At every node the whole position is compared, the repetition table
included.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

from ludoteca.core.api import State
from ludoteca.games.siege.game import SiegeGame

CUT_OFF = 2_000


def option_sets() -> list[dict[str, Any]]:
    """The defaults first, then every combination of siege's options."""
    combos = itertools.product((True, False), ("d6", "e6"), (200, 30, 0))
    return [
        {"opening_rule": rule, "lord_start": lord, "max_quiet_moves": quiet}
        for rule, lord, quiet in combos
    ]


def policy(game: SiegeGame, seed: int, rng: random.Random) -> Callable[[State, list[int]], int]:
    """Uniformly random legal moves from a generator of the game's own seed."""
    moves = random.Random(seed)

    def choose(state: State, legal: list[int]) -> int:
        action: int = moves.choice(legal)
        return action

    return choose


def cut_off(game: SiegeGame) -> int:
    return CUT_OFF
