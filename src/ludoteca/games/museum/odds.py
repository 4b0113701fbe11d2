"""Exact chances of the guard's visits, from the cards not yet turned (used by the greedy bot).

The cards left lie in an order nobody knows; each order is equally likely (the ruling models a
card turn as a chance event over the cards left). Every card is turned before the game ends,
so a picture whose card is still in the deck WILL be visited: probability 1 "before the end".
What a thief needs is the chance within a horizon, the rounds until it can bank on the roof.

With `left` cards in the deck, `marked` of them dangerous, the chance that none of the next
`draws` cards is dangerous (drawing without replacement) is the hypergeometric

    C(left - marked, draws) / C(left, draws)  =  prod_{i<draws} (left - marked - i) / (left - i),

so one given picture is visited within `draws` rounds with chance 1 - avoid(left, 1, draws),
which is `draws / left`.
`safe_rounds` extends this to rounds with different dangers: the thief's pictures threaten in
every round, the elevator cards only in rounds whose check finds the thief on an elevator field
(`elevator_rounds`).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludoteca.games.museum.game import MuseumState


def avoid(left: int, marked: int, draws: int) -> float:
    """The chance that none of `marked` cards among `left` is in the next `draws` turned."""
    draws = min(draws, left)
    if draws <= 0:
        return 1.0
    return comb(left - marked, draws) / comb(left, draws)


def safe_rounds(left: int, pictures: int, elevator: int, exposed: Sequence[bool]) -> float:
    """The chance of no catch over the next `len(exposed)` card turns.

    `pictures` cards (the thief's pictures still in the deck) catch it in any round; the
    `elevator` cards only in rounds i with `exposed[i]`. Exact: a small dynamic programme over
    the number of elevator cards already turned harmlessly (in rounds not exposed).
    """
    chances = {0: 1.0}  # elevator cards turned so far -> probability, no catch yet
    for i, in_elevator in enumerate(exposed[:left]):
        remaining = left - i
        following: dict[int, float] = {}
        for turned, p in chances.items():
            lifts = elevator - turned
            harmless = remaining - pictures - lifts
            if harmless > 0:
                following[turned] = following.get(turned, 0.0) + p * harmless / remaining
            if lifts > 0 and not in_elevator:
                following[turned + 1] = following.get(turned + 1, 0.0) + p * lifts / remaining
        chances = following
    return sum(chances.values())


def elevator_rounds(state: MuseumState, field: int, horizon: int, mean: float) -> list[bool]:
    """For each of the next `horizon` card turns: whether an elevator card then catches a thief
    that now ends on `field` and walks home at `mean` fields a round.

    With `elevator_check=on_turn` the card of round i checks where the thief stood before it
    moved (after i - 1 rounds' walk, so the first check looks at `field`); with `after_move`,
    where it ends round i.
    """
    museum = state.game.museum
    way = museum.way_home(field)
    first = 0 if state.game.check_on_turn else 1
    return [
        museum.fields[way[min(round(i * mean), len(way) - 1)]].in_elevator
        for i in range(first, first + horizon)
    ]
