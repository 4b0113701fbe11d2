"""Belagerung rendering: the text board, the Rich board, the SVG and its click paths."""

from __future__ import annotations

import io
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from rich.console import Console

import ludoteca
from ludoteca.games.siege.game import SiegeState
from ludoteca.games.siege.svg import DOCS_POSITIONS, click_path, docs_pictures, render_svg
from ludoteca.games.siege.text import render_rich, render_text, side_label

SVG = "{http://www.w3.org/2000/svg}"
DOCS = Path(__file__).resolve().parents[3] / "docs" / "games"


def midgame() -> SiegeState:
    state = ludoteca.load("siege").state_from_json(DOCS_POSITIONS["siege-midgame.svg"])
    assert isinstance(state, SiegeState)
    return state


def random_states(count: int, seed: int) -> list[SiegeState]:
    state = ludoteca.load("siege").new_initial_state(seed=seed)
    assert isinstance(state, SiegeState)
    rng = random.Random(seed)
    seen = [state.clone()]
    while not state.is_terminal() and len(seen) < count:
        state.apply_action(rng.choice(state.legal_actions()))
        seen.append(state.clone())
    return seen


def test_text_board_shows_pieces_moat_castle_crowns_and_starts() -> None:
    lines = render_text(ludoteca.load("siege").new_initial_state(seed=1)).split("\n")
    assert lines[0] == " 6  ~  .  #  L  ^  #  .  ~"
    assert lines[1] == " 5  ~  .  #  S  S  #  .  ~"
    assert lines[6] == " 0     N     N  N     N"
    assert lines[7].split() == list("abcdefgh")


def test_text_says_whose_turn_and_the_result() -> None:
    state = midgame()
    assert "Turn: Defender" in render_text(state)
    assert side_label(state) == "Defender"
    state.apply_notation("Sd3-d2")
    state.apply_notation("Na4xc5")
    state.apply_notation("Le6-d6")
    text = render_text(state)
    assert "Knights: 4   Soldiers: 2   Lord: d6" in text


def test_rich_board_draws_marks_on_the_fields_moves_reach() -> None:
    state = ludoteca.load("siege").new_initial_state(seed=1)
    marks = {state.string_to_action("Nb0-d1"): "1", state.string_to_action("Ng0-h2"): "7"}
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(render_rich(state, marks))
    lines = console.file.getvalue().split("\n")  # type: ignore[attr-defined]
    assert " 7 " in lines[4] and " 1 " in lines[5]
    assert "Attacker to move" in console.file.getvalue()  # type: ignore[attr-defined]


def test_svg_is_a_complete_accessible_document() -> None:
    for state in random_states(40, seed=2):
        root = ET.fromstring(render_svg(state, interactive=True))
        assert root.tag == f"{SVG}svg" and root.get("viewBox")
        assert "Belagerung" in root.get("aria-label", "")


def test_svg_caption_says_whose_turn_and_the_result() -> None:
    state = midgame()
    assert 'aria-label="Belagerung. Defender (you) to move"' in render_svg(state, seat=1)
    over = ludoteca.load("siege").state_from_json(
        {"game": "siege", "knights": ["c4"], "soldiers": [], "lord": "d6", "turn": "attacker"}
    )
    over.apply_notation("Nc4xd6")
    assert 'aria-label="Belagerung. Game over: Attacker wins, the lord is captured"' in render_svg(
        over
    )


def test_interactive_svg_has_a_click_token_for_every_step_of_every_move() -> None:
    for state in random_states(60, seed=4):
        svg = render_svg(state, interactive=True)
        tokens = set(re.findall(r'data-click="([a-h][0-6])"', svg))
        paths = [click_path(state, action) for action in state.legal_actions()]
        assert len({tuple(p) for p in paths}) == len(paths), "two moves share a click path"
        assert all(token in tokens for path in paths for token in path)


def test_click_path_is_the_piece_then_the_field_it_goes_to() -> None:
    state = ludoteca.load("siege").new_initial_state(seed=1)
    assert click_path(state, state.string_to_action("Nd0-c2")) == ["d0", "c2"]


def test_plain_svg_and_other_seats_carry_no_click_tokens() -> None:
    state = midgame()
    assert "data-click" not in render_svg(state)
    assert "data-click" not in render_svg(state, seat=0, interactive=True)
    assert "data-click" in render_svg(state, seat=1, interactive=True)


def test_docs_pictures_are_up_to_date() -> None:
    """The rules page shows pictures made by this renderer; regenerate them when it changes."""
    for name, svg in docs_pictures().items():
        assert (DOCS / name).read_text(encoding="utf-8") == svg, (
            f"docs/games/{name} is stale: run python -c 'from ludoteca.games.siege.svg import"
            ' write_docs_pictures; write_docs_pictures("docs/games")\''
        )


def shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def test_rules_page_lists_every_option_as_declared() -> None:
    page = (DOCS / "siege.md").read_text(encoding="utf-8")
    for spec in ludoteca.load("siege").option_specs:
        info = spec.describe()
        choices = ", ".join(shown(c) for c in info["choices"]) or "a whole number"
        row = f"| `{info['name']}` | {shown(info['default'])} | {choices} | {info['doc']} |"
        assert row in page


def test_rules_page_text_board_is_what_str_draws() -> None:
    page = (DOCS / "siege.md").read_text(encoding="utf-8")
    block = page.split("```text\n", 1)[1].split("```", 1)[0]
    assert block == render_text(midgame()) + "\n"


def test_the_defender_sees_the_board_turned_from_the_castles_side() -> None:
    """Each side sees its own side of the board nearest (pass-and-play turns the tablet to
    whoever moves): the attacker's start row at the bottom for the attacker, the castle's
    row at the bottom for the defender, each field in the opposite corner."""
    state = midgame()

    def spots(seat: int | None) -> dict[str, tuple[float, float]]:
        root = ET.fromstring(render_svg(state, seat=seat))
        found = {}
        for group in root.iter(f"{SVG}g"):
            rect = group.find(f"{SVG}rect")
            if group.get("data-spot") and rect is not None:
                found[group.get("data-spot", "")] = (
                    float(rect.get("x", 0)),
                    float(rect.get("y", 0)),
                )
        return found

    attacker, defender = spots(0), spots(1)
    assert spots(None) == attacker, "spectators see the attacker's side, as before"
    assert attacker["d6"][1] < attacker["d1"][1] and defender["d6"][1] > defender["d1"][1]
    assert attacker["a3"][0] < attacker["g3"][0] and defender["a3"][0] > defender["g3"][0]
    pairs = {(attacker[name], defender[name]) for name in attacker}
    mirrored = {a[0] + d[0] for a, d in pairs}
    assert len(mirrored) == 1, "every field's column mirrored about the middle"
