"""What `python -m ludoteca.vector.check ludo` checks the compiled kernel on: every option set.

Game `k` of the check uses option set `k` of `option_sets()`, which runs through every
combination of ludo's nine on/off options on every board and seating, and the schmidt ruleset;
its decisions are uniformly random legal actions.
"""

from __future__ import annotations

import itertools
from typing import Any

from ludoteca.games.ludo.game import OPTIONS

SWITCHES = tuple(option.name for option in OPTIONS if isinstance(option.default, bool))
"""Ludo's on/off options (start_pawn_on_a ... play_out): 2**9 combinations."""
SEATINGS: tuple[dict[str, Any], ...] = (
    {"players": 2},
    {"players": 2, "colours_per_seat": 1},
    {"players": 3},
    {"players": 4},
    {"players": 2, "board": 6},
    {"players": 3, "board": 6},
    {"players": 3, "board": 6, "colours_per_seat": 1},
    {"players": 4, "board": 6},
    {"players": 5},
    {"players": 6},
)
"""Every board, player count and number of colours a seat plays."""


def option_sets() -> list[dict[str, Any]]:
    """Every on/off combination on every seating, then the schmidt ruleset on every seating.

    Ordered so that any run of len(SEATINGS) consecutive sets covers every seating, and the
    first few hundred also flip each option on its own from the defaults.
    """
    defaults = {option.name: option.default for option in OPTIONS if option.name in SWITCHES}
    flipped = [{name: not defaults[name]} for name in SWITCHES]
    singles: list[dict[str, Any]] = [{}, *flipped, {"ruleset": "schmidt"}]
    combos = [
        dict(zip(SWITCHES, values, strict=True))
        for values in itertools.product((False, True), repeat=len(SWITCHES))
    ]
    return [{**seating, **switches} for switches in singles + combos for seating in SEATINGS]
