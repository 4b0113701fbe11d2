"""What a look-ahead search needs to know about Mens erger je niet: `evaluate(state, seat)`.

The knowledge is the greedy bot's (`bots.py`), turned from "how good is this move" into "how
good is this position". Each colour's *race* is the steps its four pawns have made, counted
from their own circle A, with the weights of `WEIGHTS`:

- a pawn in reserve counts `-reserve` steps (it still needs a 6 to come in);
- a pawn on the track counts its progress, less the expected loss from capture: each other
  colour's pawn 1-6 circles behind it (and a colour with pawns waiting, when it stands on
  that colour's A) hits with a chance of about 1/6, costing the progress plus `reserve`;
- a pawn on a goal circle counts the whole track plus `goal` steps (it can never be lost).

A seat's prospect is the mean race of its colours as a share of the full race, in [0, 1]; the
value for `seat` is its prospect minus the mean prospect of the other seats, so the values of
all seats sum to zero like the game's returns. Chance nodes need nothing special: the position
is the same whatever the die will show.
"""

from __future__ import annotations

from ludoteca.games.ludo.game import RESERVE, LudoState

WEIGHTS: dict[str, float] = {"reserve": 8.0, "goal": 4.0}
HIT = 1 / 6
"""The chance that one attacker rolls the one number it needs."""


def evaluate(state: LudoState, seat: int) -> float:
    """The position's value for `seat` in [-1, 1] (see the module docstring)."""
    game = state.game
    prospects = [0.0] * game.num_players
    for colour in game.colours:
        prospects[game.owner[colour]] += race(state, colour)
    n = game.num_players
    shares = [p / len(game.seat_colours(s)) for s, p in enumerate(prospects)]
    others = sum(shares) - shares[seat]
    return shares[seat] - others / (n - 1)


def race(state: LudoState, colour: int) -> float:
    """The share of the whole race `colour` has run, risk of capture deducted."""
    game = state.game
    track = game.track_length
    reserve, goal = WEIGHTS["reserve"], WEIGHTS["goal"]
    full = 4 * (track + goal)
    steps = 0.0
    for progress in state.pawns[colour]:
        if progress == RESERVE:
            steps -= reserve
        elif progress >= track:
            steps += track + goal
        else:
            square = game.square_of[colour][progress]
            steps += progress - attackers(state, colour, square) * HIT * (progress + reserve)
    return steps / full


def attackers(state: LudoState, colour: int, square: int) -> int:
    """How many other seats' pawns (or bring-ins) could land on track circle `square` next."""
    game = state.game
    track = game.track_length
    seat = game.owner[colour]
    occupant = state.occupant
    progress_of = game.progress_of
    count = 0
    for distance in range(1, 7):
        behind = (square - distance) % track
        other = occupant[behind]
        if (
            other >= 0
            and game.owner[other] != seat
            and progress_of[other][behind] + distance < track
        ):
            count += 1
    for other in game.colours:
        if game.entries[other] == square and game.owner[other] != seat:
            count += RESERVE in state.pawns[other]
    return count


MCTS_DEFAULTS: dict[str, str] = {"iterations": "300", "depth": "200"}
"""The `mcts` budget for this game (see `ludoteca.agents.mcts`): measured so that a move takes
well under a second."""
