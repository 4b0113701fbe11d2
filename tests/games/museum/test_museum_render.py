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
from ludoteca import i18n
from ludoteca.core.chance import play_chance
from ludoteca.games.museum.panel import panel_html
from ludoteca.games.museum.svg import (
    DOCS_POSITIONS,
    click_path,
    docs_pictures,
    move_mark,
    render_svg,
)
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
    assert "Round 5 of 32: Green to move" in text
    assert "G Green on 28: hand 8, banked 25, at risk 27; €3,500" in text
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
    assert side_label(state) == "Green"


def test_describe_chance_says_the_card_in_words() -> None:
    state = ludoteca.load("museum").state_from_json({**MIDGAME, "phase": "draw"})
    card = state.string_to_action("card:E/4")
    assert describe_chance(state, card) == (
        "Blue turns the card: guard at the elevator, up to 4 steps. Yellow is caught"
    )
    later = ludoteca.load("museum", elevator_check="after_move")
    state = later.state_from_json({**MIDGAME, "phase": "draw"})
    assert describe_chance(state, card) == (
        "Blue turns the card: guard at the elevator, up to 4 steps"
    )
    start = ludoteca.load("museum").new_initial_state(seed=1)
    assert describe_chance(start, 3) == "Yellow begins"


# -- SVG ---------------------------------------------------------------------------------------
def test_svg_parses_and_draws_the_museum_the_thieves_and_the_guard() -> None:
    svg = render_svg(midgame())
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert "Round 5 of 32. Card: guard at picture 4, up to 3 steps." in root.get("aria-label", "")
    assert 'data-piece="guard"' in svg  # the guard stands at picture 4 until it has checked
    for colour in ("red", "blue", "green", "yellow"):
        assert f'data-piece="thief:{colour}"' in svg
    assert 'data-spot="field:roof"' in svg and 'data-spot="field:s9"' in svg
    assert "data-click" not in svg and "data-action" not in svg
    pieces = [node for node in root.iter() if node.get("data-piece")]
    assert len(pieces) == 5 and not any(node.get("transform") for node in pieces)  # slidable


def test_svg_labels_are_translated() -> None:
    with i18n.use("de"):
        svg = render_svg(midgame())
    assert "Etage 4" in svg and "Dach +5.000" in svg


def legal_tokens(svg: str) -> set[str]:
    return set(re.findall(r'data-click="([^"]+)"', svg))


@pytest.mark.slow
def test_interactive_board_has_a_click_token_for_every_legal_action() -> None:
    for seed in (1, 2):
        for state in random_states(4, seed)[:-1]:
            seat = state.current_player()
            markup = render_svg(state, seat=seat, interactive=True)
            markup += panel_html(state, seat=seat, interactive=True)
            ET.fromstring(render_svg(state, seat=seat, interactive=True))
            paths = [click_path(state, action) for action in state.legal_actions()]
            assert len({tuple(p) for p in paths}) == len(paths)
            for path in paths:
                assert len(path) == 1 and path[0] in legal_tokens(markup)


def test_interactive_svg_offers_nothing_to_other_seats() -> None:
    state = midgame()
    assert "data-click" not in render_svg(state, seat=0, interactive=True)
    assert "data-click" not in panel_html(state, seat=0, interactive=True)
    assert "Red (you)" in panel_html(state, seat=0)


def test_robbing_is_offered_as_two_buttons_and_on_the_picture() -> None:
    state = ludoteca.load("museum").state_from_json(
        {"game": "museum", "phase": "rob", "discard": ["4/3"], "thieves": {"red": "25"}}
    )
    assert render_svg(state, seat=0, interactive=True).count('data-click="rob"') == 1
    panel = panel_html(state, seat=0, interactive=True)
    assert panel.count('data-click="rob"') == 1 and panel.count('data-click="pass"') == 1
    assert "Mark picture 25 (€1,500)" in panel


# -- the last move -----------------------------------------------------------------------------
def marked(svg: str) -> set[tuple[str, str]]:
    """(token, role) of every element that carries both `data-spot` and `data-last-move`."""
    root = ET.fromstring(svg)
    return {
        (node.get("data-spot", ""), node.get("data-last-move", ""))
        for node in root.iter()
        if node.get("data-last-move")
    }


def check_mark(state: Any, move: str) -> set[tuple[str, str]]:
    """The mark of `move` at `state`, drawn on the position after it: every token is there."""
    action = state.string_to_action(move)
    mark = move_mark(state, action)
    after = state.clone()
    after.apply_action(action)
    drawn = marked(render_svg(after, last_moves=[mark]))
    assert drawn == {(token, role) for role, token in mark.spots}
    return drawn


def test_a_move_marks_its_start_the_way_and_its_end(museum) -> None:
    state = museum.position(thieves={"red": "24"}, discard=["4/3"])
    assert check_mark(state, "24-27") == {
        ("field:24", "from"),
        ("field:25", "path"),
        ("field:26", "path"),
        ("field:27", "to"),
    }
    assert check_mark(state, "24-roof") == {
        ("field:24", "from"),
        ("field:23", "path"),
        ("field:22", "path"),
        ("field:roof", "to"),
    }
    assert check_mark(state, "=24") == {("field:24", "to")}


def test_the_way_into_the_shaft_and_from_the_roof(museum) -> None:
    state = museum.position(thieves={"red": "roof", "blue": "28"}, discard=["4/3"])
    assert check_mark(state, "roof-23") == {
        ("field:roof", "from"),
        ("field:22", "path"),
        ("field:23", "to"),
    }
    shaft = museum.position(thieves={"red": "27"}, discard=["4/3"])
    assert check_mark(shaft, "27-s9") == {
        ("field:27", "from"),
        ("field:28", "path"),
        ("field:E4", "path"),
        ("field:s9", "to"),
    }


def test_a_card_marks_where_the_guard_checks(museum) -> None:
    draw = museum.position(phase="draw", discard=[])
    assert check_mark(draw, "card:20/2") == {("field:20", "chance")}
    assert check_mark(draw, "card:E/3") == {("elevator", "chance")}


def test_robbing_marks_the_picture_passing_marks_nothing(museum) -> None:
    state = museum.position(thieves={"red": "12", "blue": "13"}, phase="rob", discard=["4/3"])
    assert check_mark(state, "rob") == {("field:12", "to")}
    assert move_mark(state, state.string_to_action("pass")).spots == ()


def test_a_catch_is_marked_where_the_thief_stood(museum) -> None:
    """The guard checks picture 4 after the last move; red stands there and is caught."""
    state = museum.position(
        players=2,
        thieves={"red": "4", "blue": "5"},
        markers={"red": {"at_risk": [4]}, "blue": {"banked": [5]}},
        discard=["4/3"],
        start="red",
        turn="blue",
    )
    assert check_mark(state, "=5") == {("field:5", "to"), ("field:4", "capture")}
    after = state.clone()
    after.apply_notation("=5")
    svg = render_svg(after, last_moves=[move_mark(state, state.string_to_action("=5"))])
    assert 'stroke="#b00020" stroke-width="6"' in svg  # the cross, not colour alone


def test_every_action_of_random_games_marks_tokens_the_svg_draws() -> None:
    state = ludoteca.load("museum", players=3).new_initial_state(seed=4)
    rng = random.Random(4)
    while len(state.history()) < 60:  # every role, a catch included (seed 4)
        action = rng.choice(state.legal_actions())
        mark = move_mark(state, action)
        state.apply_action(action)
        drawn = marked(render_svg(state, last_moves=[mark]))
        assert {token for token, _role in drawn} == {token for _role, token in mark.spots}


# -- the panel ---------------------------------------------------------------------------------
def test_panel_shows_the_round_the_card_the_thieves_and_the_deck() -> None:
    panel = panel_html(midgame())
    assert "Round 5 of 32: Green to move" in panel
    assert "This round: guard at picture 4, up to 3 steps" in panel
    assert "hand" not in panel and "at risk 0" not in panel
    assert panel.count('<li class="mcard') == 33  # the current card and the 32 of the deck
    assert panel.count("mcard turned") + panel.count("mcard lift turned") == 5
    assert "27 cards left" in panel


def test_panel_headline_names_the_winner_in_words() -> None:
    final = random_states(2, 5)[-1]
    with i18n.use("de"):
        panel = panel_html(final)
    best = max(final.scores())
    assert re.search(r"Spiel vorbei: \w+ gewinnt mit", panel) or "teilen sich" in panel
    with i18n.use("de"):
        assert i18n.format_money(best) in panel


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


def test_the_table_page_gets_the_board_and_the_panel() -> None:
    """The web layer's generic hook: a game's `panel_html` follows its board SVG."""
    from ludoteca.web.table.render import board_html, board_svg

    state = midgame()
    markup = board_html(state, seat=2, interactive=True)
    assert markup == render_svg(state, seat=2, interactive=True) + panel_html(
        state, seat=2, interactive=True
    )
    ludo = ludoteca.load("ludo").new_initial_state(seed=1)
    assert board_html(ludo) == board_svg(ludo)  # a game without a panel: the board alone
