"""Where a viewer's unseen moves begin, and where a turn starts: the web log's grouping.

The sentences and marks of the moves themselves come from `ludoteca.narration`.
"""

from __future__ import annotations

from collections.abc import Sequence


def since_previous_turn(players: Sequence[int], seat: int | None, to_move: int | None) -> int:
    """Where the moves a viewer has not seen yet begin: after `seat`'s own last decision.

    A spectator (`seat` None) sees what the seat to move has not seen; with nobody to move
    (the game is over), the last turn: the last decision with the chance just before it.
    A seat that has not decided yet sees everything from the start.
    """
    viewer = seat if seat is not None else to_move
    if viewer is not None:
        for index in range(len(players) - 1, -1, -1):
            if players[index] == viewer:
                return index + 1
        return 0
    return turn_start(players, len(players))


def turn_start(players: Sequence[int], end: int) -> int:
    """The first move of the turn that ends at `end` (exclusive): the last decision before
    `end` and the chance outcomes just before that decision (its roll, its card)."""
    index = end - 1
    while index >= 0 and players[index] < 0:  # chance after the last decision: part of the turn
        index -= 1
    index -= 1  # past the decision
    while index >= 0 and players[index] < 0:
        index -= 1
    return max(index + 1, 0)
