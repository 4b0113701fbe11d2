"""Belagerung's rule events (`games/siege/events.py`) on positions from JSON.

Positions are drawn with row 6 (the defender's side) on top: N knight, S soldier, L lord,
`~` moat, `#` castle (c3-f6), `.` land. Unless a test says otherwise the opening is over.
"""

from __future__ import annotations

from typing import Any

import ludoteca
from ludoteca.games.siege.events import events, scores
from ludoteca.games.siege.game import SiegeState


def position(
    knights: list[str], soldiers: list[str], lord: str | None = "d6", **extra: Any
) -> SiegeState:
    game = ludoteca.load("siege", **extra.pop("options", {}))
    obj = {"game": "siege", "knights": knights, "soldiers": soldiers, "lord": lord}
    state = game.state_from_json({"turn": "attacker", **obj, **extra})
    assert isinstance(state, SiegeState)
    return state


def fired(state: SiegeState, *moves: str) -> list[str]:
    found = []
    for move in moves:
        before = state.clone()
        action = state.apply_notation(move)
        found += events(before, action, state)
    return found


def test_knight_takes_a_soldier_and_enters_the_castle() -> None:
    #  4  ~ . # S # # . ~
    #  2  ~ . N . . . . ~
    state = position(["c2", "b1"], ["d4"], lord="f6")
    assert fired(state, "Nc2xd4") == ["soldier captured", "knight enters the castle"]


def test_knight_takes_the_lord() -> None:
    #  3  ~ . L # # # . ~
    #  1  . N . . . . . .
    state = position(["b1", "b0"], ["f4"], lord="c3")
    assert fired(state, "Nb1xc3") == ["lord captured", "knight enters the castle"]
    assert state.is_terminal()


def test_soldier_and_lord_take_knights_and_the_last_knight_ends_the_game() -> None:
    state = position(["c4", "b0"], ["d3"], lord="f6", turn="defender")
    assert fired(state, "Sd3xc4") == ["knight captured"]
    last = position(["f4"], [], lord="d6", turn="defender")
    assert fired(last, "Ld6xf4") == ["knight captured by the lord", "all knights captured"]


def test_draws_by_repetition_and_by_quiet_moves() -> None:
    state = position(["c4"], ["a1"], lord="f6")
    moves = ("Nc4-e5", "Sa1-b1", "Ne5-c4", "Sb1-a1")
    assert fired(state, *moves, *moves) == ["draw by repetition"]
    quiet = position(["c4"], ["a1"], lord="f6", quiet=199)
    assert fired(quiet, "Nc4-e5") == ["draw by quiet moves"]


def test_the_opening_moves_of_the_defender() -> None:
    state = ludoteca.load("siege").new_initial_state(seed=1)
    assert isinstance(state, SiegeState)
    assert fired(state, "Nb0-a2", "Sd4-c3") == ["restricted opening move"]
    threatened = ludoteca.load("siege").new_initial_state(seed=1)
    assert isinstance(threatened, SiegeState)
    assert fired(threatened, "Nd0-c2", "Ld6-e6") == []  # a capture is possible: no restriction


def test_scores_count_the_pieces_left() -> None:
    assert scores(position(["c4", "b0"], ["d3", "a1"], lord="f6")) == {"pieces left": [2.0, 3.0]}
