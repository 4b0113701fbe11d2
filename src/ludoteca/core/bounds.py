"""The sizes an interface fixes before play: action-id bounds and a game's length.

OpenSpiel, PettingZoo and Gymnasium all want fixed sizes up front: a bound on action ids
(`num_actions`, the width of the action mask), a bound on chance-outcome ids, and a bound on
the length of a game. Each game derives its own from its action encoding (`bounds(game)` in
`games/<id>/tensor.py`, see `interop.spaces.bounds`), so all three interfaces agree.

Lengths count every action, chance outcomes included. A game that can in principle run on for
ever is cut off at `MAX_ACTIONS` (`capped`): an OpenSpiel state there becomes terminal with all
returns 0, a PettingZoo or Gymnasium episode ends as truncated, and the arena scores it a draw.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_ACTIONS = 20_000
"""Actions (chance included) after which a game that could go on for ever is cut off."""


@dataclass(frozen=True)
class Bounds:
    """The sizes an interface fixes before play."""

    num_actions: int
    """Every player action id is below this (the action space and mask width)."""
    num_chance_outcomes: int
    """Every chance-outcome id is below this (0 for a game without chance)."""
    max_length: int
    """Actions, chance included, after which a game ends (`capped` says how)."""
    capped: bool
    """True: `max_length` is a cut-off (the game could go on); False: a real bound."""
    min_utility: float = -1.0
    max_utility: float = 1.0
