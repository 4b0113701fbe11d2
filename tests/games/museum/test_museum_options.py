"""Raub im Kunstmuseum: the options, each against the ruling it switches."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.core.errors import InvalidOptionError, StateFormatError


def test_every_option_is_declared_with_its_default() -> None:
    game = ludoteca.load("museum")
    assert [(o.name, o.default) for o in game.option_specs] == [("roof_banks", True)]
    assert game.options == {"roof_banks": True}
    with pytest.raises(InvalidOptionError, match="valid options: roof_banks"):
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
