"""Raub im Kunstmuseum's rule events (`games/museum/events.py`) on positions from JSON.

Positions come from the `museum` fixture (`conftest.py`): thieves not named stand on the roof,
the last card of `discard` is the current one; moves are written as on the rules page
(`=4` stay on 4, `22-roof`, `rob:4`, `pass`, `card:E/3`).
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.api import State
from ludoteca.games.museum.events import events, scores


def fired(state: State, *moves: str) -> list[str]:
    """Every event of `moves`, applied in turn."""
    found = []
    for move in moves:
        before = state.clone()
        action = state.apply_notation(move)
        found += events(before, action, state)  # type: ignore[arg-type]
    return found


def test_robbing_and_declining(museum: Any) -> None:
    state = museum.position({"red": "25", "blue": "26"}, discard=["3/1"])
    assert fired(state, "=25", "=26", "=roof", "=roof", "rob:25", "pass") == [
        "robbery",
        "robbery declined",
    ]


def test_the_guard_catches_a_thief_who_loses_the_pictures_at_risk(museum: Any) -> None:
    state = museum.position({"red": "4"}, discard=["4/3"], markers={"red": {"at_risk": [20]}})
    assert fired(state, "=4", "=roof", "=roof", "=roof", "pass") == [
        "robbery declined",
        "guard catches a thief",
        "picture lost by a caught thief",
    ]


def test_the_elevator_card_and_its_catch(museum: Any) -> None:
    state = museum.position(discard=["4/3"], phase="draw")
    assert fired(state, "card:E/3") == ["elevator card"]
    turned = museum.position({"red": "E4", "green": "21"}, discard=["4/3"], phase="draw")
    assert fired(turned, "card:E/3", "=roof", "=roof", "21-20", "=roof", "pass") == [
        "elevator card",
        "guard catches a thief",
        "thief caught in the elevator",
        "robbery declined",
    ]


def test_the_elevator_check_after_move_and_its_catch(museum: Any) -> None:
    caught = museum.position(
        {"red": "E4", "green": "21"}, discard=["E/3"], elevator_check="after_move"
    )
    assert fired(caught, "=E4", "=roof", "=21", "=roof", "pass") == [
        "robbery declined",
        "guard catches a thief",
        "thief caught in the elevator",
    ]


def test_reaching_the_roof_banks_the_pictures(museum: Any) -> None:
    state = museum.position({"red": "22"}, discard=["9/1"], markers={"red": {"at_risk": [4, 23]}})
    assert fired(state, "22-roof") == ["thief climbs onto the roof", "pictures banked on the roof"]
    bare = museum.position({"red": "22"}, discard=["9/1"])
    assert fired(bare, "22-roof") == ["thief climbs onto the roof"]


def test_the_roof_bonus_at_the_end(museum: Any) -> None:
    from ludoteca.games.museum.board import load_deck

    every_card = [k.name for k in load_deck().kinds for _ in range(k.count)]
    state = museum.position({"blue": "9"}, discard=every_card, players=2)
    assert fired(state, "=roof", "=9", "pass") == ["robbery declined", "roof bonus"]
    assert state.is_terminal()
    assert scores(state) == {"euros": [5000.0, 0.0]}  # type: ignore[arg-type]
