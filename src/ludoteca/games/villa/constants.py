"""Villa Paletti's vocabulary: the action ids beyond the pulls, the phases, the pull kinds.

A leaf of the game's folder (it imports nothing of it), so the rules (`game.py`), their notation
and positions (`notation.py`, `record.py`) and the renderers all read the same constants.
"""

from __future__ import annotations

import itertools

DECLARE, PROTEST, PASS, DECLINE = 20, 21, 22, 23
PLACE_BASE = 100
FLOOR_BASE = 2000
PERMUTATIONS = tuple(itertools.permutations(range(4)))
PHASES = (
    "setup",  # chance: the layout of the columns under the blue floor
    "colours",  # chance: which seat plays which colour ("gooit met de zegel")
    "turn",  # the seat to move pulls an own column or declares
    "pulling",  # chance: the pull comes out, is noticed, or brings the villa down
    "place",  # the column in hand is placed on the top floor
    "landing",  # chance: where the column lands (the hand's error)
    "protest",  # a seat is asked whether it protests the declaration
    "protest_pull",  # the protester pulls one of the declarer's columns
    "penalty",  # the declarer may pull one of the failed protester's columns out of the game
    "floor",  # the declarer lays the next floor
    "over",
)
(SETUP, COLOURS, TURN, PULLING, PLACE, LANDING, PROTESTING, PROTEST_PULL, PENALTY, FLOOR, OVER) = (
    range(len(PHASES))
)
PULL_KINDS = ("turn", "protest", "penalty")
MAX_HAND_ERROR = 10
