"""What a look-ahead search needs to know about Raub im Kunstmuseum: `evaluate(state, seat)`.

The knowledge is the greedy bot's (`bots.py`), with the exact card odds of `odds.py`. Each
thief's *prospect* is the euros it can expect to end with:

- banked pictures count in full;
- pictures at risk count with the chance that none of their cards (nor an elevator card that
  finds the thief in the elevator) turns before it can reach the roof (`odds.safe_rounds`),
  over t = ceil(roof distance / mean footprints of the cards left) rounds;
- caught now: while this round's guard check is still to come, a thief that has moved onto the
  checked picture or (with `elevator_check=after_move`) the elevator, or whose at-risk
  pictures include the checked one (and that cannot reach the roof this round), keeps only
  its banked pictures and restarts on the roof;
- the roof bonus if the thief is on the roof or can reach it before the last card (half with
  no round to spare);
- `reach` x the best picture still to rob within the rounds left, at `decay` per round away,
  times the chance to bring it home (the bot's `reach` term).

The value for `seat` is its prospect minus the mean prospect of the other thieves, divided by
`SCALE` (euros) and kept in [-1, 1].
"""

from __future__ import annotations

import math

from ludoteca.games.museum.board import ROOF
from ludoteca.games.museum.game import MOVE, NOBODY, ROB, MuseumState
from ludoteca.games.museum.odds import avoid, elevator_rounds, safe_rounds

WEIGHTS: dict[str, float] = {"reach": 0.5, "decay": 0.8}
SCALE = 20_000.0
"""Euros that count as a whole win: about the margin of a clear victory."""


def evaluate(state: MuseumState, seat: int) -> float:
    """The position's value for `seat` in [-1, 1] (see the module docstring)."""
    prospects = [prospect(state, s) for s in range(state.game.num_players)]
    others = (sum(prospects) - prospects[seat]) / (len(prospects) - 1)
    return max(-1.0, min(1.0, (prospects[seat] - others) / SCALE))


def prospect(state: MuseumState, seat: int) -> float:
    """The euros `seat` can expect to end the game with."""
    museum = state.game.museum
    values = [field.value for field in museum.fields]
    banked = sum(values[p] for p in museum.pictures if state.marker[p] == seat and state.banked[p])
    risky = state.at_risk(seat)
    place = state.place[seat]
    if caught_now(state, seat):
        return banked + museum.roof_bonus + _reach(state, seat, ROOF)
    at_stake = sum(values[p] for p in risky)
    kept = at_stake * _safety(state, seat, risky) if risky else 0.0
    return banked + kept + _bonus(state, place) + _reach(state, seat, place)


def caught_now(state: MuseumState, seat: int) -> bool:
    """Whether the guard check still to come this round is sure to catch the thief."""
    card = state.card()
    place = state.place[seat]
    if state.phase not in (MOVE, ROB) or card is None or place == ROOF:
        return False
    n = state.game.num_players
    moved = (
        state.phase == ROB
        or (seat - state.start_player) % n < (state.turn - state.start_player) % n
    )
    if card.picture is not None and card.picture in state.at_risk(seat):
        return moved or state.game.museum.roof_distance[place] > card.steps
    if not moved:
        return False
    if card.picture is None:  # the elevator card; with `on_turn` its check is already made
        return not state.game.check_on_turn and state.game.museum.fields[place].in_elevator
    return place == card.picture


def _mean_steps(state: MuseumState) -> float:
    left = state.rounds_left()
    if not left:
        return 1.0
    return sum(k.steps * state.left[k.id] for k in state.game.deck.kinds) / left


def _rounds(state: MuseumState, distance: int) -> int:
    return math.ceil(distance / _mean_steps(state)) if distance > 0 else 0


def _checked(state: MuseumState) -> set[int]:
    """Pictures whose cards are out of the deck: their guard can no longer come."""
    card = state.card()
    return state.guarded() | ({card.picture} if card and card.picture else set())


def _safety(state: MuseumState, seat: int, risky: list[int]) -> float:
    """The chance to keep the pictures at risk until the thief is on the roof."""
    museum = state.game.museum
    place = state.place[seat]
    checked = _checked(state)
    unchecked = sum(p not in checked for p in risky)
    left = state.rounds_left()
    horizon = min(_rounds(state, museum.roof_distance[place]), left)
    exposed = elevator_rounds(state, place, horizon, _mean_steps(state))
    lifts = sum(state.left[k.id] for k in state.game.deck.kinds if k.picture is None)
    return safe_rounds(left, unchecked, lifts, exposed)


def _bonus(state: MuseumState, place: int) -> float:
    bonus = state.game.museum.roof_bonus
    if place == ROOF:
        return bonus
    rounds = _rounds(state, state.game.museum.roof_distance[place])
    left = state.rounds_left()
    return bonus if rounds < left else bonus / 2 if rounds == left else 0.0


def _reach(state: MuseumState, seat: int, place: int) -> float:
    """The best picture still to rob from `place`, discounted by rounds and by risk."""
    if state.hand(seat) <= 0:
        return 0.0
    museum = state.game.museum
    left = state.rounds_left()
    checked = _checked(state)
    best = 0.0
    for picture in museum.pictures:
        if state.marker[picture] != NOBODY:
            continue
        away = _rounds(state, museum.distance[place][picture])
        if away + 1 > left:
            continue
        home = _rounds(state, museum.roof_distance[picture])
        keep = 1.0 if picture in checked else avoid(left - away, 1, home)
        worth = museum.fields[picture].value * keep * WEIGHTS["decay"] ** away
        best = max(best, worth)
    return WEIGHTS["reach"] * best


MCTS_DEFAULTS: dict[str, str] = {"iterations": "300"}
"""The `mcts` budget for this game (see `ludoteca.agents.mcts`): measured so that a move takes
well under a second."""
