"""Bremer Stadtmusikanten rendering: text, Rich, SVG, click paths and the rules page pictures."""

from __future__ import annotations

import io
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from rich.console import Console

import ludoteca
from ludoteca.core.chance import play_chance
from ludoteca.games.bremen.svg import DOCS_POSITIONS, click_path, docs_pictures, render_svg
from ludoteca.games.bremen.text import describe_chance, render_rich, render_text, side_label

DOCS = Path(__file__).resolve().parents[3] / "docs" / "games"
EXAMPLE: dict[str, Any] = DOCS_POSITIONS["bremen-board.svg"][1]


def example() -> Any:
    return ludoteca.load("bremen", players=2).state_from_json(EXAMPLE)


def decision_points(players: int, seed: int, steps: int) -> list[Any]:
    """The first `steps` decision points of one seeded random game."""
    state = ludoteca.load("bremen", players=players).new_initial_state(seed=seed)
    rng = random.Random(seed)
    seen = []
    play_chance(state)
    while not state.is_terminal() and len(seen) < steps:
        seen.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
        play_chance(state)
    return seen


def test_text_board_shows_each_stack_by_size_slots() -> None:
    # Slots: donkey, dog, cat, rooster; the letter is the colour.
    lines = render_text(example()).split("\n")
    assert lines[0].split()[:3] == ["0*rrrr", "1", "...."] and lines[0].endswith("6*.bb.")
    assert "27 b..b" in lines[1]  # blue donkey carrying the blue rooster
    assert "48=...." in lines[2]  # a bridge, on a row of its own
    assert "30 <RB>" in lines[4] and "H^...." in lines[4]  # the robber; his empty house


def test_text_lists_the_links_between_the_rings() -> None:
    """A grid of cells cannot show which neighbours are joined: the links between the rings
    and the bridges are listed under the board, from the board data."""
    assert (
        "rings joined at 3-26 9-30 15-34 21-38 24-40 28-42 32-44 36-46 41-H 43-H 45-H 47-H;"
        " bridges 26=48=41, 34=49=45"
    ) in render_text(example()).split("\n")


def test_text_says_whose_turn_the_dice_and_the_scores() -> None:
    text = render_text(example())
    assert "Turn: Red & Yellow   Phase: moving   Dice: 3 and 2" in text
    assert "Red & Yellow: 2" in text and "Blue & Green: 1" in text


def test_rich_board_renders_in_colour() -> None:
    console = Console(file=io.StringIO(), width=140, color_system="truecolor")
    console.print(render_rich(example(), {}))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "\x1b[" in out and "<RB>" in out


def test_terminal_hooks_name_the_side_and_the_roll() -> None:
    state = ludoteca.load("bremen", players=2).state_from_json({**EXAMPLE, "phase": "roll"})
    assert side_label(state) == "Red & Yellow"
    assert describe_chance(state, 41) == "Red & Yellow rolls 4 and R, so the robber walks 4 fields"
    assert describe_chance(state, 32).startswith("Red & Yellow rolls 3 and 2")


def test_svg_parses_and_says_whose_turn() -> None:
    svg = render_svg(example(), seat=1)
    root = ET.fromstring(svg)
    label = root.get("aria-label") or ""
    assert label.startswith("Bremer Stadtmusikanten. Red & Yellow moves with 3 and 2.")
    assert "Blue & Green (you): 1 point" in label
    assert "Blue &amp; Green: 1 point" in svg and "data-click" not in svg and "seat" not in svg


def test_interactive_svg_has_a_token_for_every_click_of_every_legal_action() -> None:
    for state in decision_points(2, 5, 30) + decision_points(3, 6, 20):
        svg = render_svg(state, interactive=True)
        ET.fromstring(svg)
        tokens = set(re.findall(r'data-click="([^"]+)"', svg))
        paths = [click_path(state, action) for action in state.legal_actions()]
        for path in paths:
            assert set(path) <= tokens, (path, state.to_json())
        assert len({tuple(p) for p in paths}) == len(paths)  # each action its own path


def test_robber_click_paths_are_short_when_the_end_field_says_it_all() -> None:
    state = ludoteca.load("bremen").state_from_json(
        {"game": "bremen", "phase": "robber", "dice": [2, "R"]}
    )
    paths = {state.action_to_string(a): click_path(state, a) for a in state.legal_actions()}
    assert paths["R:41-40"] == ["robber", "field:40"]
    busy = ludoteca.load("bremen").state_from_json(
        {
            "game": "bremen",
            "phase": "robber",
            "dice": [2, "R"],
            "stacks": {
                "41": ["rD"],
                "0": ["rH", "rC", "rR"],
                "6": ["bD", "bH", "bC", "bR"],
                "12": ["yD", "yH", "yC", "yR"],
                "18": ["gD", "gH", "gC", "gR"],
            },
        }
    )
    walks = {busy.action_to_string(a): click_path(busy, a) for a in busy.legal_actions()}
    assert walks["R:41-40"] == ["robber", "field:41", "field:40"]
    assert walks["R:47-40"] == ["robber", "field:47", "field:40"]


def test_the_die_is_a_token_only_when_both_dice_reach_the_same_field() -> None:
    state = example()
    paths = [click_path(state, a) for a in state.legal_actions()]
    assert ["stack:0", "animal:rD", "field:3"] in paths
    assert all(p[-1].startswith("field:") for p in paths)  # 3 and 2 never reach one field


def test_viewer_who_is_not_to_move_gets_no_clicks() -> None:
    assert "data-click" not in render_svg(example(), seat=1, interactive=True)


def test_docs_pictures_are_up_to_date() -> None:
    """The rules page shows pictures made by this renderer; regenerate them when it changes."""
    for name, svg in docs_pictures().items():
        assert (DOCS / name).read_text(encoding="utf-8") == svg, (
            f"docs/games/{name} is stale: run python -c 'from ludoteca.games.bremen.svg import"
            ' write_docs_pictures; write_docs_pictures("docs/games")\''
        )


def test_rules_page_lists_every_option_and_draws_the_text_board() -> None:
    page = (DOCS / "bremen.md").read_text(encoding="utf-8")
    for spec in ludoteca.load("bremen").option_specs:
        info = spec.describe()
        choices = ", ".join(str(c) for c in info["choices"])
        assert f"| `{info['name']}` | {info['default']} | {choices} | {info['doc']} |" in page
    blocks = [part.split("```", 1)[0] for part in page.split("```text\n")[1:]]
    assert render_text(example()) + "\n" in blocks
