"""Villa Paletti's rule events (`games/villa/events.py`) on positions from JSON.

Four players, seat s plays colour s (white W, black K, purple P, cyan C); the blue floor lies on
(0, 0). `SOLID`'s columns can all be pulled safely; in `EDGY` pulling W1 may go any way:

      W1(-60,20)                      K1(60,20)
        C2(-55,5)                     W2(55,5)
            C1(-40,-20)
                  K2(-20,-50) P1(0,-60) P2(30,-50)
"""

from __future__ import annotations

from typing import Any

from villa_positions import Build, failed_protest

from ludoteca.games.villa import hands
from ludoteca.games.villa.constants import DECLARE, DECLINE, PASS, PLACE_BASE, PROTEST
from ludoteca.games.villa.events import events, scores
from ludoteca.games.villa.game import VillaState
from ludoteca.games.villa.parts import nearest_cell
from ludoteca.games.villa.record import column_id

SOLID: dict[str, Any] = {
    "W1": (0, -60.0, 20.0),
    "K1": (0, 60.0, 20.0),
    "P1": (0, 0.0, -60.0),
    "C1": (0, -40.0, -20.0),
    "W2": (0, 55.0, 5.0),
    "K2": (0, -20.0, -50.0),
    "P2": (0, 30.0, -50.0),
    "C2": (0, -55.0, 5.0),
}
EDGY: dict[str, Any] = {
    "W1": (0, -60.0, 20.0),
    "K1": (0, 60.0, 20.0),
    "P1": (0, 0.0, -60.0),
    "C1": (0, -60.0, -31.0),
}
EXACT = {"hand_error_mm": 0}


def fired(state: VillaState, *actions: int) -> list[str]:
    found = []
    for action in actions:
        before = state.clone()
        state.apply_action(action)
        found += events(before, action, state)
    return found


def place(x: float, y: float) -> int:
    return PLACE_BASE + nearest_cell(x, y)


def test_a_pull_comes_out_and_is_placed_on_top_taking_the_seal(build: Build) -> None:
    state = build(SOLID, options=EXACT)
    assert fired(state, column_id("W1"), hands.OUT) == ["column pull", "column comes out"]
    assert fired(state, place(-60, -40)) == ["column placed on top", "seal changes hands"]
    assert scores(state) == {"top-floor points": [1.0, 0.0, 0.0, 0.0]}


def test_a_noticed_pull_freezes_the_column(build: Build) -> None:
    state = build(EDGY)
    assert fired(state, column_id("W1"), hands.NOTICED) == ["column pull", "column frozen"]


def test_a_collapse_ends_the_game(build: Build) -> None:
    state = build(EDGY)
    assert fired(state, column_id("W1"), hands.COLLAPSE) == ["column pull", "collapse"]


def test_declaration_protest_and_the_protested_column_leaving_the_game(build: Build) -> None:
    state = build(SOLID, options=EXACT)
    assert fired(state, DECLARE, PROTEST) == ["declaration", "protest"]
    assert fired(state, column_id("W2"), hands.OUT, place(-60, -40)) == [
        "column pull",
        "column comes out",
        "column removed from the game",
    ]


def test_a_declaration_without_protest_lets_the_declarer_lay_a_floor(build: Build) -> None:
    columns = {**SOLID, "W3": (1, -40.0, -20.0), "K3": (1, 40.0, -20.0), "P3": (1, 0.0, -60.0)}
    state = build(columns)
    assert fired(state, DECLARE, PASS, PASS, PASS) == ["declaration"]
    laid = []
    for action in state.legal_actions():  # the first floor spot that keeps the villa up
        trial = state.clone()
        found = fired(trial, action)
        if not trial.is_terminal():
            laid = found
            break
    assert laid == ["floor laid"]


def test_a_declined_penalty_is_no_pull() -> None:
    assert fired(failed_protest(), DECLINE) == ["penalty declined"]
    assert fired(failed_protest(), column_id("K2"), hands.OUT) == [
        "column pull",
        "column removed from the game",
    ]
