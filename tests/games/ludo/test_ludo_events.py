"""Mens erger je niet's rule events (`games/ludo/events.py`) on positions set up from JSON.

Four-colour board: track circles 0..39, red's A is 0, blue's 10; goal circles a-d. Colours a
test does not name have all four pawns in reserve (R).
"""

from __future__ import annotations

from typing import Any

import ludoteca
from ludoteca.games.ludo.events import events, scores
from ludoteca.games.ludo.game import LudoState

RESERVE = ["R", "R", "R", "R"]


def position(pawns: dict[str, list[str]], die: int | None, **options: Any) -> LudoState:
    """Red to move with `die` (or to roll when `die` is None)."""
    game = ludoteca.load("ludo", players=4, **options)
    full = {colour: pawns.get(colour, RESERVE) for colour in ("red", "blue", "yellow", "green")}
    phase = "roll" if die is None else "move"
    state = game.state_from_json({"game": "ludo", "pawns": full, "phase": phase, "die": die})
    assert isinstance(state, LudoState)
    return state


def fired(state: LudoState, move: str) -> list[str]:
    """The events of the move (or die roll) written `move`."""
    before = state.clone()
    action = state.apply_notation(move)
    return events(before, action, state)


def test_capture_of_another_colour() -> None:
    #  red pawn on 3 rolls 4 onto blue's pawn on 7
    state = position({"red": ["3", "R", "R", "R"], "blue": ["7", "R", "R", "R"]}, 4)
    assert fired(state, "3x7") == ["capture"]
    assert state.to_json()["pawns"]["blue"] == RESERVE


def test_capture_of_an_own_pawn() -> None:
    state = position({"red": ["3", "7", "R", "R"]}, 4)
    assert fired(state, "3x7") == ["own pawn captured"]


def test_bringing_a_pawn_in_with_a_six_rolls_again() -> None:
    state = position({"red": RESERVE}, 6)
    assert fired(state, "R-0") == ["pawn brought in", "extra roll after a six"]


def test_bringing_a_pawn_in_onto_a_waiting_pawn_captures_it() -> None:
    state = position({"red": RESERVE, "blue": ["0", "R", "R", "R"]}, 6)
    assert "capture" in fired(state, "Rx0")


def test_a_six_on_the_track_rolls_again_other_rolls_do_not() -> None:
    assert fired(position({"red": ["3", "a", "b", "c"]}, 6), "3-9") == ["extra roll after a six"]
    assert fired(position({"red": ["3", "a", "b", "c"]}, 5), "3-8") == []


def test_reaching_the_goal_and_bouncing_back_from_d() -> None:
    assert fired(position({"red": ["38", "R", "R", "R"]}, 3), "38-b") == ["pawn reaches the goal"]
    #  a pawn on c rolls 3: one step to d, then two steps back to b
    assert fired(position({"red": ["c", "R", "R", "R"]}, 3), "c-b") == ["goal bounce"]


def test_the_last_pawn_home_ends_the_game() -> None:
    state = position({"red": ["a", "b", "c", "39"]}, 4)
    assert fired(state, "39-d") == ["pawn reaches the goal", "seat brings all pawns home"]
    assert state.is_terminal()
    assert scores(state) == {"pawns home": [4.0, 0.0, 0.0, 0.0]}


def test_a_roll_without_a_move_is_lost_and_a_six_still_rolls_again() -> None:
    assert fired(position({"red": RESERVE}, None), "3") == ["roll without a move"]
    #  36 + 6 lands on c (taken); a, b and c cannot use a 6 either
    stuck = position({"red": ["36", "a", "b", "c"]}, None)
    assert fired(stuck, "6") == ["roll without a move", "extra roll after a six"]


def test_three_tries_fire_while_the_colour_is_stuck() -> None:
    state = position({"red": RESERVE}, None, three_tries=True)
    assert fired(state, "3") == ["roll without a move", "three tries: another roll"]
    assert fired(position({"red": RESERVE}, None), "3") == ["roll without a move"]
