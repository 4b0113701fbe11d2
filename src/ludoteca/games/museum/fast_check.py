"""What `python -m ludoteca.vector.check museum` checks the compiled kernel on.

Game `k` of the check uses option set `k` of `option_sets()`: both options' values on 2, 3 and
4 thieves; its decisions are uniformly random legal actions. At every node the comparison
covers the whole position (the kernel's row: thieves, markers, banked markers, cards left, the
discard pile in order, the thieves caught, history length).
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.options import every_combination
from ludoteca.games.museum.game import OPTIONS, MuseumGame


def option_sets() -> list[dict[str, Any]]:
    """Every value of every museum option, on every number of thieves (2-4)."""
    return every_combination(OPTIONS, range(MuseumGame.min_players, MuseumGame.max_players + 1))
