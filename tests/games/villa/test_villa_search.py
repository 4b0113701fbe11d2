"""The villa position evaluation: holding the seal and points on top score higher."""

from __future__ import annotations

from typing import Any

from ludoteca.core.chance import play_chance
from ludoteca.games.villa.game import VillaGame, VillaState
from ludoteca.games.villa.record import LETTERS
from ludoteca.games.villa.search import evaluate

GAME = VillaGame(players=2)


def opening() -> dict[str, Any]:
    """The position after the set-up and the colour draw of seed 1 (seat 0 to pull)."""
    state = GAME.new_initial_state(seed=1)
    play_chance(state)
    return state.to_json()


def load(obj: dict[str, Any]) -> VillaState:
    state = GAME.state_from_json(obj)
    assert isinstance(state, VillaState)
    return state


def test_holding_the_seal_scores_higher() -> None:
    mine = load(opening() | {"seal": {"holder": 0, "previous": None}})
    theirs = load(opening() | {"seal": {"holder": 1, "previous": None}})
    assert evaluate(mine, 0) > evaluate(load(opening()), 0) > evaluate(theirs, 0)
    assert evaluate(mine, 0) == -evaluate(mine, 1)


def test_frozen_columns_lower_the_owners_prospects() -> None:
    obj = opening()
    columns = dict(obj["columns"])
    own = [name for name in columns if name[0] in {LETTERS[c] for c in obj["colours"][0]}]
    columns |= {name: columns[name] | {"frozen": True} for name in own}
    assert evaluate(load(obj | {"columns": columns}), 0) < evaluate(load(obj), 0)


def test_defined_at_chance_nodes() -> None:
    state = GAME.new_initial_state(seed=2)
    assert state.is_chance_node()
    assert evaluate(state, 0) == 0.0
