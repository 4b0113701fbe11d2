"""Villa Paletti rendering: the text views, the Rich views, the SVG and its click paths."""

from __future__ import annotations

import io
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from rich.console import Console
from villa_positions import Build, failed_protest

import ludoteca
from ludoteca.core.chance import play_chance
from ludoteca.games.villa import hands
from ludoteca.games.villa.bots import GreedyAgent
from ludoteca.games.villa.constants import DECLARE, DECLINE, FLOOR, PLACE
from ludoteca.games.villa.game import VillaState
from ludoteca.games.villa.panel import panel_html
from ludoteca.games.villa.svg import click_path, docs_pictures, render_svg
from ludoteca.games.villa.text import (
    describe_chance,
    render_rich,
    render_text,
    side_label,
    status_line,
)

DOCS = Path(__file__).resolve().parents[3] / "docs" / "games"
TWO = {
    "W1": (0, -60.0, 20.0),
    "K1": (0, 60.0, 20.0),
    "P1": (0, 0.0, -60.0),
    "W3": (1, -60.0, -40.0),
}


def states_of_a_game(seed: int) -> list[VillaState]:
    """Decision points of a game between greedy bots (placements and floors included)."""
    game = ludoteca.load("villa", players=3, hands="steady")
    state = game.new_initial_state(seed=seed)
    bots = [GreedyAgent(game, seed=s) for s in range(3)]
    seen = []
    play_chance(state)
    while not state.is_terminal() and len(seen) < 60:
        assert isinstance(state, VillaState)
        seen.append(state.clone())
        state.apply_action(bots[state.current_player()].act(state))
        play_chance(state)
    return seen


def test_text_shows_top_view_side_view_and_the_columns(build: Build) -> None:
    """The issue: a top view of the top floor and a side view of the villa in text, columns
    listed one line per level with a * when frozen, those out of the game on a line."""
    state = build({**TWO, "K1": {"level": 0, "x": 60.0, "y": 20.0, "frozen": True}})
    text = render_text(state)
    assert "Top view (the blue floor" in text
    assert "W3" in text.split("Side view")[0]  # on the top floor, drawn by name
    side = text.split("Side view (from the front):\n")[1].split("\n\n")[0].split("\n")
    assert side[-1].startswith("####")  # the base plate
    assert set(side[-3].strip()) == {"B"}  # the blue floor's bar
    assert "*" in side[-2]  # K1 frozen, on the base plate
    lines = text.split("\n")
    base = next(line for line in lines if line.strip().startswith("the base plate:"))
    assert "K1*" in base.split()
    assert (
        "W3" in next(line for line in lines if line.strip().startswith("the blue floor:")).split()
    )
    assert any(line.strip().startswith("out of the game:") for line in lines)
    assert str(state) == text


def test_rich_board_renders_with_marks(build: Build) -> None:
    state = build(TWO)
    console = Console(file=io.StringIO(), width=160, color_system=None)
    console.print(render_rich(state, {0: "1", 20: "2"}))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "W1=1" in out and "*" not in out.split("Columns:")[0] and "White to pull" in out


def test_chance_outcomes_are_described(build: Build) -> None:
    state = build(TWO)
    state.apply_action(0)
    assert side_label(state) == "White"  # the seat by its colour, as in the other games
    words = {describe_chance(state, a) for a, _ in state.chance_outcomes()}
    assert words <= {
        "The column comes out",
        "The villa wobbles: the column is pushed back and may not be moved again",
        "The villa collapses!",
    }
    assert words


def test_svg_parses_and_shows_the_seal_and_the_points(build: Build) -> None:
    state = build(TWO, seal={"holder": 0, "previous": 2})
    svg = render_svg(state)
    root = ET.fromstring(svg)
    assert root.get("class") == "villa-board"
    panel = panel_html(state)
    assert 'data-click="' not in svg + panel  # spectators get no clickable elements
    assert "Seal: White · points: White 1 · Black 0" in panel
    assert "seat 0" not in svg + panel


@pytest.mark.parametrize("seed", [1, 2])
def test_interactive_svg_has_a_click_token_for_every_legal_action(seed: int) -> None:
    phases = set()
    for state in states_of_a_game(seed):
        tokens = set(_tokens(render_svg(state, interactive=True)))
        tokens |= set(_tokens(f"<div>{panel_html(state, interactive=True)}</div>"))
        paths = [click_path(state, action) for action in state.legal_actions()]
        assert all(path for path in paths)
        assert len({tuple(p) for p in paths}) == len(paths), "paths must tell actions apart"
        assert {token for path in paths for token in path} <= tokens
        phases.add(state.to_json()["phase"])
    assert {"turn", "place"} <= phases


def test_the_penalty_offers_a_decline_button_and_says_so() -> None:
    state = failed_protest()
    assert click_path(state, DECLINE) == ["decline"]
    assert 'data-click="decline"' in panel_html(state, seat=0, interactive=True)
    assert status_line(state).endswith("out of the game, or decline")


def test_click_paths_name_the_clicks(build: Build) -> None:
    state = build({**TWO, "C2": (0, -55.0, 5.0)}, options={"hands": "steady"})
    assert click_path(state, 0) == ["column:0"]
    assert click_path(state, DECLARE) == ["declare"]
    state.apply_action(0)
    assert state.phase == PLACE
    action = state.legal_actions()[0]
    zone, cell = click_path(state, action)  # the blue floor's grid is cut into zones
    assert zone.startswith("zone:") and cell == f"cell:{action - 100}"


@pytest.mark.parametrize("seed", [3, 4])
def test_floor_placement_is_a_turn_then_a_point(seed: int) -> None:
    """Each floor spot is chosen by its turn and then its point (after the point's zone where
    the points are spread wider than one zone). These two games both come to lay a floor; a
    seed whose game laid none would check nothing, so it fails."""
    floors = [state for state in states_of_a_game(seed) if state.phase == FLOOR]
    assert floors, f"the game of seed {seed} lays no floor: choose a seed whose game does"
    for state in floors:
        paths = [click_path(state, action) for action in state.legal_actions()]
        assert len({tuple(path) for path in paths}) == len(paths) > 1
        for turn, *zone, cell in paths:
            assert turn.startswith("turn:") and cell.startswith("cell:")
            assert all(z.startswith("zone:") for z in zone) and len(zone) <= 1
        drawn = set(_tokens(render_svg(state, interactive=True)))
        drawn |= set(_tokens(f"<div>{panel_html(state, interactive=True)}</div>"))
        assert {token for path in paths for token in path} <= drawn


def test_a_collapse_is_drawn_falling(build: Build) -> None:
    state = build({**TWO, "C1": (0, -60.0, -31.0)})
    state.apply_action(0)
    state.apply_action(hands.COLLAPSE)
    svg = render_svg(state)
    assert 'class="side fallen"' in svg and "@keyframes villa-fall" in svg


def test_docs_pictures_are_up_to_date() -> None:
    """`write_docs_pictures("docs/games")` rewrites them after a change to the drawing."""
    for name, svg in docs_pictures().items():
        assert (DOCS / name).read_text(encoding="utf-8") == svg, name
    assert (DOCS / "villa-odds.svg").exists()


def _tokens(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [node.get("data-click", "") for node in root.iter() if node.get("data-click")]


def test_random_positions_render() -> None:
    rng = random.Random(5)
    for state in states_of_a_game(rng.randrange(100))[::7]:
        assert render_text(state)
        ET.fromstring(render_svg(state, seat=0, interactive=True))
