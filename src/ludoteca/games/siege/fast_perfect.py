"""How fast a won position of the retrograde tables is won: a bounded proof search, compiled.

The tables (`fast_retro.py`) hold two bits a position, won, lost or drawn, and no distance; a
bot that only keeps to won positions may go round in circles (the defender's moves and the
castle knights' jumps can repeat a position) until a repetition or the quiet-move limit draws
the game. Storing the distance would take a byte or more a position instead of two bits (4x
the 55.7 GiB, 223 GiB). So the distance is found by search instead: "does the winner capture
within d plies whatever the other side plays", asked for d = 1, 3, 5, ... until the answer is
yes. The tables make the search narrow: the winner only tries moves to positions the tables
mark lost for the other side (every other move gives the win away), the other side tries all
of its moves. What the search learns is kept per position (the tables' index, mirror images
shared): "won within d" and "not won within d" hold for the position whatever the path, as the
tables' game has no history (`fast_retro.py`).
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.typed import Dict

from ludoteca.games.siege.fast import MAX_MOVES
from ludoteca.games.siege.fast_retro import (
    L_OFFSET,
    LOSS,
    Bytes,
    Index,
    Ints,
    RetroTables,
    _children,
    _locate,
    _read,
)

PROVED, UNDECIDED, OUT_OF_NODES = 1, 0, -1
"""The search's answers: the winner wins within the depth, not within it, the budget ran out."""


@njit(cache=True)
def _wins_within(
    knights: int,
    soldiers: int,
    lord: int,
    side: int,
    winner: int,
    depth: int,
    values: Bytes,
    index: Index,
    cfg: Ints,
    won: Dict,
    not_won: Dict,
    budget: Ints,
) -> int:
    """PROVED when `winner` captures the lord (or the last knight) within `depth` plies from this
    position (`side` to move) whatever the other side plays, UNDECIDED when not, OUT_OF_NODES
    when `budget[0]` positions have been looked at. `won` and `not_won` map a position (its
    place in the tables) to the fewest plies proved and the most plies disproved."""
    if budget[0] <= 0:
        return OUT_OF_NODES
    budget[0] -= 1
    layers = index[7]
    layer, local = _locate(knights, soldiers, lord, side, index)
    key = layers[layer, L_OFFSET] + local
    if key in won and won[key] <= depth:
        return PROVED
    if key in not_won and not_won[key] >= depth:
        return UNDECIDED
    kids = np.empty((MAX_MOVES, 3), dtype=np.int64)
    count = _children(knights, soldiers, lord, side, cfg, kids)
    answer = UNDECIDED
    if side == winner:
        for c in range(count):
            if kids[c, 2] < 0 or kids[c, 0] == 0:
                answer = PROVED  # the capture that ends the game
                break
        c = 0
        while answer == UNDECIDED and depth >= 3 and c < count:
            child_layer, child_local = _locate(kids[c, 0], kids[c, 1], kids[c, 2], 1 - side, index)
            if _read(values, layers[child_layer, L_OFFSET] + child_local) == LOSS:
                answer = _wins_within(
                    kids[c, 0], kids[c, 1], kids[c, 2], 1 - side, winner, depth - 1, values,
                    index, cfg, won, not_won, budget,
                )  # fmt: skip
            c += 1
    elif depth >= 2:
        answer = PROVED  # also with no move at all: the side that cannot move loses
        for c in range(count):
            if kids[c, 2] < 0 or kids[c, 0] == 0:
                answer = UNDECIDED  # the other side wins here: the tables say it cannot
                break
            answer = _wins_within(
                kids[c, 0], kids[c, 1], kids[c, 2], 1 - side, winner, depth - 1, values, index,
                cfg, won, not_won, budget,
            )  # fmt: skip
            if answer != PROVED:
                break
    if answer == PROVED:
        won[key] = depth
    elif answer == UNDECIDED:
        not_won[key] = depth
    return answer


class Distances:
    """The proof search over one set of tables, with what it learned kept from call to call."""

    def __init__(self, tables: RetroTables, limit: int = 1_000_000) -> None:
        self.tables = tables
        self.limit = limit
        """Positions kept in each of the two maps before they are cleared."""
        self.won = Dict.empty(types.int64, types.int64)
        self.not_won = Dict.empty(types.int64, types.int64)
        self.budget = np.zeros(1, dtype=np.int64)
        """Positions the searches may still look at (`allow`)."""

    def allow(self, nodes: int) -> None:
        """Let the next searches look at `nodes` positions in all (say, for one move)."""
        self.budget[0] = nodes
        if len(self.won) > self.limit or len(self.not_won) > self.limit:
            self.won.clear()
            self.not_won.clear()

    def wins_within(
        self, knights: int, soldiers: int, lord: int, side: int, winner: int, depth: int
    ) -> int:
        """PROVED, UNDECIDED or OUT_OF_NODES (see `_wins_within`)."""
        t = self.tables
        answer = _wins_within(
            knights, soldiers, lord, side, winner, depth, t.values, t.index, t.geo.cfg,
            self.won, self.not_won, self.budget,
        )  # fmt: skip
        return int(answer)
