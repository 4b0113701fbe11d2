"""Raub im Kunstmuseum: the options, each against the ruling it switches."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.core.errors import InvalidOptionError, StateFormatError


def test_every_option_is_declared_with_its_default() -> None:
    game = ludoteca.load("museum")
    assert [(o.name, o.default) for o in game.option_specs] == [
        ("roof_banks", True),
        ("elevator_check", "on_turn"),
    ]
    assert game.options == {"roof_banks": True, "elevator_check": "on_turn"}
    with pytest.raises(InvalidOptionError, match="valid options: roof_banks, elevator_check"):
        ludoteca.load("museum", banking=False)
    with pytest.raises(InvalidOptionError, match="2 to 4 players"):
        ludoteca.load("museum", players=5)


def test_roof_banks_false_reaching_the_roof_banks_nothing(museum) -> None:
    """Ruling: "Option `roof_banks=false`: all markers are at risk whenever the thief is off
    the roof".
    """
    state = museum.position(
        {"red": "22"}, discard=["9/1"], markers={"red": {"at_risk": [4, 23]}}, roof_banks=False
    )
    museum.play(state, "22-roof")
    assert museum.markers(state, "red") == {"banked": [], "at_risk": [4, 23]}


def test_roof_banks_false_a_catch_takes_back_every_marker(museum) -> None:
    """Ruling: with `roof_banks=false` a caught thief takes back markers from earlier trips too.

    red left the roof with 23 robbed on an earlier trip, now stands on 4: card 4/3.
    """
    state = museum.position(
        {"red": "4"}, discard=["4/3"], markers={"red": {"at_risk": [23, 12]}}, roof_banks=False
    )
    museum.play(state, "=4", "=roof", "=roof", "=roof", "pass")
    assert museum.markers(state, "red") == {"banked": [], "at_risk": []}
    assert state.hand(0) == 10  # type: ignore[attr-defined]


def test_roof_banks_false_refuses_banked_markers_in_json() -> None:
    game = ludoteca.load("museum", players=2, roof_banks=False)
    with pytest.raises(StateFormatError, match="no marker is banked"):
        game.state_from_json(
            {"game": "museum", "discard": ["4/3"], "markers": {"red": {"banked": [22]}}}
        )


def test_elevator_check_takes_on_turn_or_after_move() -> None:
    with pytest.raises(InvalidOptionError, match="one of on_turn, after_move"):
        ludoteca.load("museum", elevator_check="never")


def test_elevator_check_after_move_checks_the_elevator_after_robbing(museum) -> None:
    """Option `elevator_check=after_move` (the ruling: "checks the elevator after movement
    instead"): a thief who rides out of the elevator is safe; one that ends there is caught.

    red on E4 walks out to 27; blue stays on s5; the card is E/3.
    """
    state = museum.position(
        {"red": "E4", "blue": "s5"},
        discard=["4/3"],
        phase="draw",
        markers={"blue": {"at_risk": [20]}},
        elevator_check="after_move",
    )
    museum.play(state, "card:E/3")
    assert museum.thieves(state) == {"red": "E4", "blue": "s5", "green": "roof", "yellow": "roof"}
    museum.play(state, "E4-27", "=s5", "=roof", "=roof", "pass")
    assert museum.thieves(state)["red"] == "27"
    assert museum.thieves(state)["blue"] == "roof"
    assert museum.markers(state, "blue")["at_risk"] == []
    assert state.to_json()["caught"] == ["blue"]
