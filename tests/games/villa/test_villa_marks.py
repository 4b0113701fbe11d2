"""Villa Paletti's last-move marks: after each kind of action the tokens of its mark are drawn in
the SVG with `data-last-move` (and as pieces or spots the table can find)."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from ludoteca.core.api import CHANCE
from ludoteca.core.marks import MoveMark
from ludoteca.games.villa import hands
from ludoteca.games.villa.constants import DECLARE, PHASES
from ludoteca.games.villa.game import VillaGame, VillaState
from ludoteca.games.villa.svg import move_mark, render_svg

TOKEN = re.compile(r'data-(?:piece|spot|chip)="([^"]+)"[^>]*?data-last-move="(\w+)"')


def marked_in(svg: str) -> set[tuple[str, str]]:
    """(token, role) of every drawn element that names a piece or spot and carries a mark."""
    return {(token, role) for token, role in TOKEN.findall(svg)}


def random_game(seed: int, players: int = 3) -> list[tuple[VillaState, int]]:
    """Every (position, action) of a random game with shaky hands: all chance kinds occur."""
    game = VillaGame(players=players, hand_error_mm=4)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    steps = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = state.legal_actions()
            pulls = [a for a in legal if a != DECLARE]
            action = rng.choice(pulls if pulls and rng.random() < 0.9 else legal)
        steps.append((state.clone(), action))
        state.apply_action(action)
    steps.append((state, -1))
    return steps


@pytest.mark.parametrize("seed", [1, 2, 5, 6])
def test_every_marked_token_is_drawn_after_its_action(seed: int) -> None:
    steps = random_game(seed)
    kinds = set()
    for (before, action), (after, _next) in itertools.pairwise(steps):
        mark = move_mark(before, action)
        assert mark.seat == (CHANCE if before.is_chance_node() else before.current_player())
        kinds.add(PHASES[before.phase])
        svg = render_svg(after, last_moves=[mark])
        drawn = marked_in(svg)
        for role, token in mark.spots:
            assert (token, role) in drawn, (PHASES[before.phase], token, role)
    assert {"setup", "turn", "place", "pulling", "landing"} <= kinds


def test_a_pull_marks_the_column_and_a_placement_its_spot() -> None:
    steps = random_game(3, players=2)
    before, action = next((s, a) for s, a in steps if PHASES[s.phase] == "turn" and a < DECLARE)
    assert move_mark(before, action).spots == (("from", f"column:{action}"),)
    before, action = next((s, a) for s, a in steps if PHASES[s.phase] == "place")
    cell = action - 100
    assert move_mark(before, action).spots == (
        ("to", f"cell:{cell}"),
        ("to", f"column:{before.pulled}"),
    )


def test_a_collapse_marks_the_villa() -> None:
    for seed in range(20):
        steps = random_game(seed)
        collapse = [s for s, a in steps if PHASES[s.phase] == "pulling" and a == hands.COLLAPSE]
        if collapse:
            break
    else:
        pytest.skip("no collapse by a pull in 20 games")
    mark = move_mark(collapse[0], hands.COLLAPSE)
    assert mark == MoveMark(CHANCE, (("chance", "villa"),))
    assert ("villa", "chance") in marked_in(render_svg(steps[-1][0], last_moves=[mark]))


def test_declaring_marks_nothing_and_no_marks_draw_nothing() -> None:
    steps = random_game(4)
    declared = [s for s, a in steps if a == DECLARE and not s.is_chance_node()]
    for before in declared:
        assert move_mark(before, DECLARE).spots == ()
    assert 'data-last-move="' not in render_svg(steps[-1][0])
