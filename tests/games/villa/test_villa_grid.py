"""The lettered grid of the top floor (`grid.py`): placements typed as "place C4" (or "C4" while
placing), the old "place 30,-40" and "place #485" still read, the terminal screen within 50 rows.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from ludoteca.core.chance import play_chance
from ludoteca.core.errors import NotationError
from ludoteca.games.villa.constants import DECLARE, PLACE, PLACE_BASE
from ludoteca.games.villa.game import VillaGame, VillaState
from ludoteca.games.villa.grid import TopGrid, letter_index, letters
from ludoteca.games.villa.parts import cell_xy, nearest_cell
from ludoteca.games.villa.text import render_rich, render_text, top_view


def placing(seed: int, players: int = 3) -> VillaState:
    """A steady-handed game played at random until a column is to be placed."""
    state = VillaGame(players=players, hands="steady").new_initial_state(seed=seed)
    rng = random.Random(seed)
    play_chance(state)
    while state.phase != PLACE:
        pulls = [a for a in state.legal_actions() if a < DECLARE]
        state.apply_action(rng.choice(pulls))
        play_chance(state)
    return state


def test_letters_go_from_a_to_z_then_aa() -> None:
    assert [letters(i) for i in (0, 2, 25, 26, 27)] == ["A", "C", "Z", "AA", "AB"]
    assert all(letter_index(letters(i)) == i for i in range(60))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_placement_is_written_on_the_grid_and_read_back(seed: int) -> None:
    state = placing(seed)
    for action in state.legal_actions():
        text = state.action_to_string(action)
        assert re.fullmatch(r"place [A-Z]{1,2}\d{1,2}( on [WKPC][1-5])?", text), text
        assert state.string_to_action(text) == action
        label = text.split()[1]
        assert state.string_to_action(label.lower()) == action  # "c4" alone while placing


def test_the_grid_counts_letters_from_the_left_and_numbers_from_the_front() -> None:
    state = placing(1)
    grid = TopGrid.of(state)
    assert grid is not None
    pitch = state.game.parts.pitch
    x, y = grid.left * pitch, grid.front * pitch
    assert grid.label(x, y) == "A1"
    assert grid.label(x + 2 * pitch, y + 3 * pitch) == "C4"
    assert grid.cell("c4") == nearest_cell(x + 2 * pitch, y + 3 * pitch)
    assert grid.label(x - pitch, y) is None


def test_the_old_notation_still_reads() -> None:
    state = placing(2)
    action = state.legal_actions()[0]
    cell = action - PLACE_BASE
    px, py = cell_xy(cell)
    assert state.string_to_action(f"place {px:g},{py:g}") == action
    assert state.string_to_action(f"place #{cell}") == action


def test_a_point_off_the_grid_is_refused_with_the_grids_range() -> None:
    state = placing(2)
    grid = TopGrid.of(state)
    assert grid is not None
    with pytest.raises(NotationError, match=r"ZZ9 is not on the top floor's grid: letters A-"):
        state.string_to_action("place ZZ9")


def test_outside_the_placement_a_column_name_is_still_a_pull() -> None:
    state = VillaGame(players=4, hands="steady").new_initial_state(seed=5)
    play_chance(state)
    assert state.string_to_action("C4") == 18 == state.string_to_action("pull C4")


def test_the_top_view_marks_every_placement_on_the_lettered_grid() -> None:
    state = placing(3)
    view = top_view(state)
    assert view[0].split()[:3] == ["A", "B", "C"]
    assert sum(row.count("+") for row in view) == len(state.legal_actions())


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_the_terminal_screen_fits_50_rows(seed: int) -> None:
    """The board with room to spare for the prompt and the short list of moves (~8 rows)."""
    game = VillaGame(players=4, hands="steady")
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    tallest = 0
    while not state.is_terminal():
        if state.is_chance_node():
            play_chance(state, rng)
            continue
        console = Console(file=io.StringIO(), width=100, record=True)
        console.print(render_rich(state, {0: "1"}))
        rows = console.export_text().count("\n")
        tallest = max(tallest, rows, render_text(state).count("\n") + 1)
        legal = state.legal_actions()
        pulls = [a for a in legal if a != DECLARE]
        state.apply_action(rng.choice(pulls if pulls and rng.random() < 0.85 else legal))
    assert tallest <= 42
