"""Ludo rendering: the text board, the Rich board, the SVG and its contract with the web app."""

from __future__ import annotations

import io
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import ludoteca
from ludoteca.core.chance import play_chance
from ludoteca.games.ludo import svg as ludo_svg
from ludoteca.games.ludo.board import load_board
from ludoteca.games.ludo.svg import DOCS_POSITIONS, UNUSED, docs_pictures, render_svg
from ludoteca.games.ludo.text import grid, render_rich, render_text
from ludoteca.i18n import use

SVG = "{http://www.w3.org/2000/svg}"
DOCS = Path(__file__).resolve().parents[3] / "docs" / "games"

# Red to move with a 4: 7x11 captures blue, 36-a goes home, b cannot move (b+4 counts back to b).
MIDGAME: dict[str, Any] = DOCS_POSITIONS["ludo-board.svg"][1]


def midgame() -> Any:
    return ludoteca.load("ludo").state_from_json(MIDGAME)


def board_lines(text: str) -> list[str]:
    """The board part of `render_text` (everything above the first blank line)."""
    return text.split("\n\n")[0].split("\n")


def random_states(players: int, seed: int, steps: int, **options: Any) -> list[Any]:
    """Every decision point of one seeded random game (at most `steps` of them)."""
    state = ludoteca.load("ludo", players=players, **options).new_initial_state(seed=seed)
    rng = random.Random(seed)
    seen = []
    play_chance(state)
    while not state.is_terminal() and len(seen) < steps:
        seen.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
        play_chance(state)
    seen.append(state)
    return seen


# -- text ------------------------------------------------------------------------------------
def test_text_board_puts_each_pawn_on_its_circle() -> None:
    # Upper case: pawns. Lower case: an empty circle A. Reserve pawns fill their circles first.
    expected = [
        ". .     o o b     . .",
        ". R     R . B     B B",
        "        o . o",
        "        o . o",
        "r o o o o . o o B o o",
        "o . R . .   . . . . o",
        "o o R o o . Y o o o Y",
        "        Y . o",
        "        o . o",
        "G G     o . o     Y .",
        ". G     G o o     . .",
    ]
    assert board_lines(render_text(midgame())) == expected


def test_initial_text_board_has_one_pawn_on_each_a() -> None:
    state = ludoteca.load("ludo").new_initial_state(seed=1)
    expected = [
        ". R     o o B     B .",
        "R R     o . o     B B",
        "        o . o",
        "        o . o",
        "R o o o o . o o o o o",
        "o . . . .   . . . . o",
        "o o o o o . o o o o Y",
        "        o . o",
        "        o . o",
        "G G     o . o     Y Y",
        ". G     G o o     Y .",
    ]
    assert board_lines(str(state)) == expected


def test_text_says_whose_turn_the_die_phase_and_finished() -> None:
    text = render_text(midgame())
    assert "Turn: Red   Die: 4   Phase: moving   Finished: -" in text
    assert "R Red   B Blue   Y Yellow   G Green" in text
    two = ludoteca.load("ludo", players=2).new_initial_state(seed=1)
    assert "R Red (Red & Yellow)   B Blue (Blue & Green)   Y Yellow (Red & Yellow)" in str(two)


def test_text_names_the_winner_at_the_end() -> None:
    over = {
        "game": "ludo",
        "turn": "red",
        "phase": "over",
        "finished": [0],
        "pawns": {
            "red": ["a", "b", "c", "d"],
            "blue": ["R", "R", "R", "R"],
            "yellow": ["R", "R", "R", "R"],
            "green": ["R", "R", "R", "R"],
        },
    }
    text = render_text(ludoteca.load("ludo").state_from_json(over))
    assert "Winner: Red" in text and "Finished: Red" in text
    assert board_lines(text)[5] == "o R R R R   . . . . o"


@pytest.mark.parametrize("size", [4, 6])
def test_every_circle_has_its_own_text_cell(size: int) -> None:
    board = load_board(size)
    layout = grid(size)
    assert len(layout.cells) == board.track_length + 2 * 4 * board.size
    assert len(set(layout.cells.values())) == len(layout.cells)
    if size == 4:
        assert (layout.columns, layout.rows) == (11, 11)


def test_six_colour_text_board_shows_every_pawn() -> None:
    for state in random_states(6, seed=4, steps=120, board=6)[::20]:
        lines = board_lines(render_text(state))
        cells = [line[i] for line in lines for i in range(0, len(line), 2)]
        for letter in "RBYGPN":
            assert cells.count(letter) == 4
        assert all(line[1::2].strip() == "" for line in lines)  # two characters per cell


# -- Rich ------------------------------------------------------------------------------------
def test_rich_board_draws_move_numbers_on_the_pawns_they_move() -> None:
    state = midgame()
    marks = {action: str(i) for i, action in enumerate(state.legal_actions(), 1)}
    assert [state.action_to_string(a) for a in marks] == ["7x11", "36-a"]
    console = Console(record=True, width=100, color_system="truecolor", file=io.StringIO())
    console.print(render_rich(state, marks))
    lines = console.export_text(clear=False).splitlines()
    assert lines[1].startswith(". R     R1. B     B B")  # the pawn on 7 is move 1
    assert lines[6].startswith("o o R2o o . Y o o o Y")  # the pawn on 36 is move 2
    text = "\n".join(lines)
    assert "die: 4" in text and "Red to move" in text
    assert "\x1b[" in console.export_text(styles=True)  # drawn in colour


def test_rich_board_marks_the_reserve_for_bringing_a_pawn_in() -> None:
    position = {**MIDGAME, "die": 6}
    state = ludoteca.load("ludo").state_from_json(position)
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["R-0"]
    console = Console(record=True, width=100, file=io.StringIO())
    console.print(render_rich(state, {state.legal_actions()[0]: "1"}))
    assert console.export_text().splitlines()[1].startswith(". R1    R . B")


# -- SVG -------------------------------------------------------------------------------------
def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {}), (4, {}), (5, {"board": 6})])
def test_svg_is_a_complete_accessible_document(players: int, options: dict[str, Any]) -> None:
    for state in random_states(players, seed=players, steps=40, **options)[::10]:
        root = parse(render_svg(state))
        assert root.get("viewBox") and root.get("role") == "img"
        assert root.get("width") is None and root.get("height") is None
        assert (root.get("aria-label") or "").startswith("Mens erger je niet. ")
        assert root.find(f"{SVG}style") is not None
        assert render_svg(state) == render_svg(state.clone())  # deterministic


def test_svg_label_says_whose_turn_and_the_die() -> None:
    root = parse(render_svg(midgame(), seat=0))
    assert root.get("aria-label") == "Mens erger je niet. Red (you) to move with a 4"


def test_unused_colours_are_greyed() -> None:
    three = ludoteca.load("ludo", players=3).new_initial_state(seed=1)
    svg = render_svg(three)
    green = load_board(4).colour_hex["green"]
    assert green not in svg and UNUSED in svg
    assert green in render_svg(ludoteca.load("ludo").new_initial_state(seed=1))


def movable(root: ET.Element) -> dict[int, ET.Element]:
    found = {}
    for element in root.iter():
        if element.get("data-action") is not None:
            action = int(element.get("data-action", ""))
            assert action not in found
            found[action] = element
    return found


def targets(root: ET.Element) -> list[int]:
    return sorted(int(e.get("data-target-of", "")) for e in root.iter() if e.get("data-target-of"))


@pytest.mark.parametrize(
    ("players", "options"), [(4, {}), (2, {}), (6, {"board": 6}), (3, {"goal_jump": False})]
)
def test_interactive_svg_offers_exactly_the_legal_actions(
    players: int, options: dict[str, Any]
) -> None:
    checked = 0
    for state in random_states(players, seed=11, steps=400, **options):
        root = parse(render_svg(state, interactive=True))
        legal = state.legal_actions() if not state.is_terminal() else []
        found = movable(root)
        assert sorted(found) == legal
        assert targets(root) == legal
        for action, element in found.items():
            assert element.get("class") == "pawn movable"
            title = element.find(f"{SVG}title")
            assert title is not None and title.text == state.action_to_string(action)
        checked += bool(legal)
    assert checked > 50


def test_targets_sit_on_the_landing_circles() -> None:
    root = parse(render_svg(midgame(), interactive=True))
    board = load_board(4)
    where = {
        int(e.get("data-target-of", "")): (float(e.get("cx", "")), float(e.get("cy", "")))
        for e in root.iter()
        if e.get("data-target-of")
    }
    assert where[7] == (board.track[11][0] * 50, board.track[11][1] * 50)  # 7x11
    assert where[36] == (board.goal[0][0][0] * 50, board.goal[0][0][1] * 50)  # 36-a


def test_bringing_in_is_offered_on_the_top_reserve_pawn() -> None:
    state = ludoteca.load("ludo").state_from_json({**MIDGAME, "die": 6})
    root = parse(render_svg(state, interactive=True))
    (action, pawn), *_ = movable(root).items()
    assert action == 44 and len(movable(root)) == 1
    x, y = load_board(4).reserve[0][0]  # the only red reserve pawn stands on the first circle
    assert pawn.get("transform") == f"translate({x * 50:g} {y * 50:g})"


def test_plain_svg_carries_no_interactive_attributes() -> None:
    for state in random_states(4, seed=5, steps=60):
        svg = render_svg(state)
        for marker in ("data-action", "data-target-of", "movable", "target", "halo"):
            assert marker not in svg


def test_other_seats_see_no_moves() -> None:
    state = midgame()  # seat 0 (red) to move
    assert len(movable(parse(render_svg(state, seat=0, interactive=True)))) == 2
    assert movable(parse(render_svg(state, seat=1, interactive=True))) == {}
    assert "Blue (you)" in render_svg(state, seat=1)


def test_docs_pictures_are_up_to_date() -> None:
    """The rules page shows pictures made by this renderer; regenerate them when it changes."""
    for name, svg in docs_pictures().items():
        assert (DOCS / name).read_text(encoding="utf-8") == svg, (
            f"docs/games/{name} is stale: run python -c 'from ludoteca.games.ludo.svg import"
            ' write_docs_pictures; write_docs_pictures("docs/games")\''
        )
        assert re.search(r'data-action="\d+"', svg)


# -- the rules page --------------------------------------------------------------------------
def shown(value: object) -> str:
    if value is None:
        return "auto"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def test_rules_page_lists_every_option_as_declared() -> None:
    page = (DOCS / "ludo.md").read_text(encoding="utf-8")
    for spec in ludoteca.load("ludo").option_specs:
        info = spec.describe()
        choices = ", ".join(shown(c) for c in info["choices"])
        row = f"| `{info['name']}` | {shown(info['default'])} | {choices} | {info['doc']} |"
        assert row in page


def test_rules_page_text_board_is_what_str_draws() -> None:
    page = (DOCS / "ludo.md").read_text(encoding="utf-8")
    block = page.split("```text\n", 1)[1].split("```", 1)[0]
    assert block == render_text(midgame()) + "\n"


def test_a_board_drawn_for_one_seat_does_not_leak_into_another_seats_board() -> None:
    """The board's layout is kept per game and seat (issue 19): a game that has drawn every
    seat's board draws each exactly as a fresh game draws it."""
    options: dict[str, Any] = {"players": 3, "board": 6}
    warm = ludoteca.load("ludo", **options)
    for state in random_states(3, seed=5, steps=6, board=6):
        fresh = ludoteca.load("ludo", **options).state_from_json(state.to_json())
        mine = warm.state_from_json(state.to_json())
        for seat in (None, 0, 1, 2):
            assert render_svg(mine, seat=seat, interactive=True) == render_svg(
                fresh, seat=seat, interactive=True
            )


@pytest.mark.parametrize("players", [2, 5])
def test_the_parts_kept_between_steps_draw_what_a_fresh_drawing_draws(players: int) -> None:
    """Pawns, reserve discs and the legend are kept per viewer and language (the web draws the
    board at every step): a board drawn with them kept is the board drawn from scratch."""
    states = random_states(players, seed=11, steps=60, board=6 if players > 4 else 4)
    for language in ("en", "nl", "de"):
        with use(language):
            kept = [render_svg(s, seat=0, interactive=True) for s in states]
            ludo_svg._LAYOUTS.clear()
            fresh = []
            for state in states:
                fresh.append(render_svg(state, seat=0, interactive=True))
                ludo_svg._LAYOUTS.clear()
        assert kept == fresh
