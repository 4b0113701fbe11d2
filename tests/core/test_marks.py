"""Move marks: the game-neutral footprint of an action that renderers tint."""

from __future__ import annotations

import pytest

from ludoteca.core.api import CHANCE
from ludoteca.core.marks import MoveMark


def test_a_mark_round_trips_through_json() -> None:
    mark = MoveMark(2, (("from", "12"), ("path", "13"), ("to", "14"), ("capture", "14")))
    assert MoveMark.from_json(mark.to_json()) == mark
    assert mark.tokens("path") == ["13"]


def test_a_chance_mark_names_its_die() -> None:
    assert MoveMark(CHANCE, (("chance", "die"),)).tokens("chance") == ["die"]


def test_an_unknown_role_is_refused() -> None:
    with pytest.raises(ValueError, match="role is one of"):
        MoveMark(0, (("jump", "3"),))  # type: ignore[arg-type]
