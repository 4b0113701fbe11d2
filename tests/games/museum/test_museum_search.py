"""The museum position evaluation: banked euros count, a sure catch costs the pictures at risk."""

from __future__ import annotations

from typing import Any

import ludoteca
from ludoteca.games.museum.game import MuseumState
from ludoteca.games.museum.search import evaluate

GAME = ludoteca.load("museum", players=2)


def position(**fields: Any) -> MuseumState:
    obj = {"game": "museum", "players": 2, "phase": "draw", "discard": ["4/3"], **fields}
    state = GAME.state_from_json(obj)
    assert isinstance(state, MuseumState)
    return state


def test_a_banked_picture_scores_higher() -> None:
    richer = position(markers={"red": {"banked": [5]}})
    assert evaluate(richer, 0) > evaluate(position(), 0)
    assert evaluate(richer, 1) < evaluate(position(), 1)


def test_pending_guard_check_on_a_picture_at_risk_costs_it() -> None:
    """Red (moved first this round) stands on 22 with 9 at risk; the card checks 4 or 9."""
    common = {"phase": "move", "start_player": "red", "turn": "blue", "thieves": {"red": "22"}}
    markers = {"red": {"at_risk": [9]}}
    safe = position(**common, markers=markers, discard=["4/3"])
    caught = position(**common, markers=markers, discard=["9/1"])
    assert evaluate(safe, 0) > evaluate(caught, 0)


def test_defined_at_chance_nodes() -> None:
    state = position(thieves={"red": "12"}, markers={"red": {"at_risk": [12]}})
    assert state.is_chance_node()
    assert -1 <= evaluate(state, 0) <= 1
