"""Bremer Stadtmusikanten's rule events (`games/bremen/events.py`) on positions from JSON.

Four players, red (seat 0) to move unless a test says otherwise; animals a test does not place
stand at home (start fields 0 red, 6 blue, 12 yellow, 18 green; H the robber's house in the
middle, joined to 41, 43, 45 and 47; see `test_bremen_rules.py` for the whole board).
"""

from __future__ import annotations

from typing import Any

import pytest

import ludoteca
from ludoteca.games.bremen.events import events, scores
from ludoteca.games.bremen.game import BremenState

HOME = {"r": "0", "b": "6", "y": "12", "g": "18"}
KINDS = "DHCR"


def setup(stacks: dict[str, list[str]], **position: Any) -> BremenState:
    game = ludoteca.load("bremen", players=4)
    named = {animal for animals in stacks.values() for animal in animals}
    full = {field: list(animals) for field, animals in stacks.items()}
    for colour, home in HOME.items():
        for kind in KINDS:
            if colour + kind not in named:
                full.setdefault(home, []).append(colour + kind)
    for animals in full.values():
        animals.sort(key=lambda a: KINDS.index(a[1].upper()))
    state = game.state_from_json({"game": "bremen", "stacks": full, **position})
    assert isinstance(state, BremenState)
    return state


def moving(dice: tuple[int, int | str], stacks: dict[str, list[str]], **kw: Any) -> BremenState:
    return setup(stacks, phase="move", dice=list(dice), **kw)


def fired(state: BremenState, move: str) -> list[str]:
    before = state.clone()
    action = state.apply_notation(move)
    return events(before, action, state)


def test_the_r_die_and_the_robbers_walk() -> None:
    assert fired(setup({}, phase="roll"), "4+R") == ["robber die"]
    # H(robber) -> 41 (blue cat) -> 42 (red dog with blue rooster) -> 43
    state = setup({"41": ["bC"], "42": ["rH", "bR"]}, phase="robber", dice=[3, "R"])
    assert fired(state, "R:41-42-43") == ["robber moves", "robber sends animals home"]
    empty = setup({}, phase="robber", dice=[1, "R"])
    assert fired(empty, "R:43") == ["robber moves"]


def test_landing_on_smaller_animals_sends_them_home() -> None:
    state = moving((1, 6), {"1": ["bD", "yH", "gR"]})
    assert fired(state, "rH0x1") == ["animals sent home"]


def test_landing_on_a_bigger_animal_earns_an_extra_roll_after_the_turn() -> None:
    state = moving((1, 6), {"1": ["bD"]})
    assert fired(state, "rH0-1") == []  # the 6 is still to be used
    second = next(a for a in state.legal_actions() if state.action_to_string(a).startswith("rC"))
    before = state.clone()
    state.apply_action(second)
    assert "extra roll" in events(before, second, state)
    assert state.current_player() != 1 and state.to_json()["turn"] == 0


def test_storming_the_house_with_and_without_the_robber_at_home() -> None:
    pyramid = {"41": ["rD", "bH", "rC", "gR"]}
    at_home = fired(moving((1, 5), pyramid), "rD41-H/1")
    assert at_home == ["storm of the house", "storm bonus (robber at home)"]
    assert fired(moving((1, 5), pyramid, robber="30"), "rD41-H/1") == ["storm of the house"]


def test_chasing_the_robber() -> None:
    state = moving((1, 5), {"25": ["rD", "bH", "rC", "gR"]}, robber="26")
    assert "robber chased home" in fired(state, "rD25-26")
    assert scores(state)["points"][0] == 1


def test_a_die_without_a_move_is_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    real = BremenState._moves_with

    def none_after_the_first(state: BremenState, steps: int) -> list[int]:
        return [] if state.moved >= 0 else real(state, steps)

    monkeypatch.setattr(BremenState, "_moves_with", none_after_the_first)
    state = moving((1, 2), {"43": ["rD"]})
    assert fired(state, "rD43-41") == ["second die lost"]


def test_scores_are_the_points() -> None:
    assert scores(setup({}, phase="roll", scores=[3, 0, 6, 1])) == {"points": [3.0, 0.0, 6.0, 1.0]}


def test_a_foreign_animal_moved_onto_an_own_one() -> None:
    state = moving((1, 6), {"2": ["bC"], "3": ["rH"]})
    assert fired(state, "bC2-3") == ["foreign animal moved"]


def test_landing_on_the_own_start_field() -> None:
    state = moving((1, 3), {"1": ["rH"], "5": ["rC"], "4": ["rR"]})
    assert fired(state, "rH1-0") == ["landing on an own start field"]
