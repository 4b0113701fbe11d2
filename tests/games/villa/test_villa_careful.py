"""The `careful` bot: greedy, except where a declaration would lose (docs/games/villa.md).

Both positions come from seeded two-player games of `greedy` against itself, at the turn where
greedy declared (`positions/careful-*.json`): seat 0 to move on the yellow floor, seat 1
holding the seal.
"""

from __future__ import annotations

import json
from pathlib import Path

import ludoteca
from ludoteca import agents
from ludoteca.games.villa import hands
from ludoteca.games.villa.bots import _with_floor, floor_actions
from ludoteca.games.villa.constants import DECLARE
from ludoteca.games.villa.game import VillaState

POSITIONS = Path(__file__).with_name("positions")


def position(name: str) -> VillaState:
    game = ludoteca.load("villa", players=2)
    state = game.state_from_json(json.loads((POSITIONS / f"careful-{name}.json").read_text()))
    assert isinstance(state, VillaState)
    return state


def choices(spec: str, state: VillaState) -> set[int]:
    return {agents.load(spec, state.game, seed=seed).act(state.clone()) for seed in range(3)}


def test_no_declaration_when_the_next_floor_falls_wherever_it_lies() -> None:
    """*Tekenen zijn medespelers geen protest aan, dan mag de speler een nieuwe verdieping
    plaatsen* (laying it is not optional, ours), and a floor that brings the villa down loses
    the game for the one who laid it."""
    state = position("falls")
    floors = floor_actions(state)
    assert floors and not any(_with_floor(state, floor).stands() for floor in floors)
    assert choices("greedy", state) == {DECLARE}
    (pull,) = choices("careful", state)
    pulls = [a for a in state.legal_actions() if a != DECLARE]
    collapse = {c: dict(hands.pull_odds(state.villa.margin_without(c))) for c in pulls}
    assert pull in pulls
    assert collapse[pull].get(hands.COLLAPSE, 0.0) == min(
        odds.get(hands.COLLAPSE, 0.0) for odds in collapse.values()
    )


def test_without_the_seal_and_with_no_floor_left_it_pulls_rather_than_pass() -> None:
    """With no floor to lay a declaration passes, and when every seat has passed in turn the
    holder of the seal wins: seat 0, without it, pulls for it instead."""
    state = position("chase")
    assert not floor_actions(state)
    assert state.holder == 1 and state.mover == 0
    assert choices("greedy", state) == {DECLARE}
    (pull,) = choices("careful", state)
    assert pull != DECLARE and pull in state.legal_actions()
