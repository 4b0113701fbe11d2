"""Raub im Kunstmuseum rendering: the text museum, the Rich one, the SVG and its click paths."""

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
from ludoteca.games.museum.svg import DOCS_POSITIONS, click_path, docs_pictures, render_svg
from ludoteca.games.museum.text import describe_chance, render_rich, render_text, side_label

DOCS = Path(__file__).resolve().parents[3] / "docs" / "games"
MIDGAME: dict[str, Any] = DOCS_POSITIONS["museum-board.svg"][1]


def midgame() -> Any:
    return ludoteca.load("museum").state_from_json(MIDGAME)


def random_states(players: int, seed: int) -> list[Any]:
    """Every decision point of one seeded random game, and the end."""
    state = ludoteca.load("museum", players=players).new_initial_state(seed=seed)
    rng = random.Random(seed)
    seen = []
    play_chance(state)
    while not state.is_terminal():
        seen.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
        play_chance(state)
    seen.append(state)
    return seen


# -- text ------------------------------------------------------------------------------------
def test_text_draws_the_top_floor_with_thieves_markers_and_guard_chips() -> None:
    # Row 1 of floor 4: thief letter, marker letter, # for a guard chip; the elevator on the right.
    lines = render_text(midgame()).split("\n")
    assert lines[0].startswith("roof      R")
    assert lines[1].split() == ["floor", "4", *map(str, range(22, 29)), "E4", "|"]
    assert lines[2].split() == [".r", ".r", "B.", ".g", ".b#", ".g", "G.", "s9", "|"]
    assert lines[4].split() == ["s7", "|"]
    assert lines[3].split()[-2:] == ["s8", "Y"]


def test_text_says_the_card_the_turn_the_thieves_and_the_cards() -> None:
    text = render_text(midgame())
    assert "Card 4/3: the guard checks picture 4; move 0-3 fields" in text
    assert "Round 5 of 32: green to move" in text
    assert "G green (seat 2) on 28: hand 8, banked 25, at risk 27; 3,500 euros" in text
    assert "Discard pile: 17/1 E/3 26/6 8/5 4/3" in text
    assert "Deck: 27 cards left:" in text and "elevator cards E/3 x1, E/4 x2" in text


def test_text_names_the_winner_at_the_end() -> None:
    final = random_states(2, 5)[-1]
    assert "Game over after 32 rounds:" in render_text(final)


def test_rich_draws_marks_on_the_fields_a_move_ends_on() -> None:
    state = midgame()
    marks = {action: str(i) for i, action in enumerate(state.legal_actions(), start=1)}
    console = Console(file=io.StringIO(), width=160, color_system=None)
    console.print(render_rich(state, marks))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert re.search(r"G\. \(\d+\)", out)  # green stands on 28 and may stay
    assert out.count("(") >= len(marks)
    assert side_label(state) == "green"


def test_describe_chance_says_the_card_in_words() -> None:
    state = ludoteca.load("museum").state_from_json({**MIDGAME, "phase": "draw"})
    card = state.string_to_action("card:E/4")
    assert describe_chance(state, card) == (
        "blue turns card E/4: the guard checks the elevator now; move up to 4"
    )
    later = ludoteca.load("museum", elevator_check="after_move")
    state = later.state_from_json({**MIDGAME, "phase": "draw"})
    assert describe_chance(state, card) == (
        "blue turns card E/4: the guard will check the elevator; move up to 4"
    )
    start = ludoteca.load("museum").new_initial_state(seed=1)
    assert describe_chance(start, 3) == "yellow (seat 3) is the first start player"


# -- SVG ---------------------------------------------------------------------------------------
def test_svg_parses_and_shows_the_card_the_turn_and_the_scores() -> None:
    svg = render_svg(midgame())
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert "Round 5 of 32: green to move" in svg
    assert "the guard checks picture 4" in svg
    assert "green: on 28, hand 8, at risk 1, 3,500 €" in svg
    assert "data-click" not in svg and "data-action" not in svg


@pytest.mark.slow
def test_interactive_svg_has_a_click_token_for_every_legal_action() -> None:
    for seed in (1, 2):
        for state in random_states(4, seed)[:-1]:
            svg = render_svg(state, seat=state.current_player(), interactive=True)
            ET.fromstring(svg)
            paths = [click_path(state, action) for action in state.legal_actions()]
            assert len({tuple(p) for p in paths}) == len(paths)
            for path in paths:
                assert len(path) == 1 and f'data-click="{path[0]}"' in svg


def test_interactive_svg_offers_nothing_to_other_seats() -> None:
    state = midgame()
    assert "data-click" not in render_svg(state, seat=0, interactive=True)
    assert "red (you)" in render_svg(state, seat=0)


def test_robbing_is_offered_as_two_buttons() -> None:
    state = ludoteca.load("museum").state_from_json(
        {"game": "museum", "phase": "rob", "discard": ["4/3"], "thieves": {"red": "25"}}
    )
    svg = render_svg(state, seat=0, interactive=True)
    assert svg.count('data-click="rob"') == 2  # the button and the picture itself
    assert svg.count('data-click="pass"') == 1
    assert "rob 25 (1,500 €)" in svg


def test_docs_pictures_are_up_to_date() -> None:
    """The rules page shows pictures made by this renderer; regenerate them when it changes."""
    for name, svg in docs_pictures().items():
        assert (DOCS / name).read_text(encoding="utf-8") == svg, (
            f"docs/games/{name} is stale: run python -c 'from ludoteca.games.museum.svg import"
            ' write_docs_pictures; write_docs_pictures("docs/games")\''
        )


# -- the rules page --------------------------------------------------------------------------
def test_rules_page_lists_every_option_as_declared() -> None:
    page = (DOCS / "museum.md").read_text(encoding="utf-8")
    for spec in ludoteca.load("museum").option_specs:
        info = spec.describe()
        choices = ", ".join(shown(c) for c in info["choices"])
        row = f"| `{info['name']}` | {shown(info['default'])} | {choices} | {info['doc']} |"
        assert row in page


def shown(value: Any) -> str:
    """An option value as the rules page writes it (booleans in lower case)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def test_rules_page_text_museum_is_what_str_draws() -> None:
    page = (DOCS / "museum.md").read_text(encoding="utf-8")
    block = page.split("```text\n", 1)[1].split("```", 1)[0]
    assert block == render_text(midgame()) + "\n"
