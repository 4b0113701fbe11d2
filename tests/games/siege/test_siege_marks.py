"""Belagerung on the table: last-move marks, pieces that keep their identity, captions that
fit a phone.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

from ludoteca import i18n
from ludoteca.core.marks import MoveMark
from ludoteca.games.siege.game import SPAN, SiegeGame, SiegeState
from ludoteca.games.siege.svg import WRAP, move_mark, piece_ids, render_svg

SVG = "{http://www.w3.org/2000/svg}"


def at(obj: dict[str, Any]) -> SiegeState:
    state = SiegeGame().state_from_json({"game": "siege", **obj})
    assert isinstance(state, SiegeState)
    return state


def action(state: SiegeState, source: str, target: str) -> int:
    board = state.game.board
    return board.field(source) * SPAN + board.field(target)


#   6  ~ . # L ^ # . ~
#   5  ~ . S # # # . ~      knights b0 c2 e5 g3, soldiers c5 d3 f4, the lord d6:
#   4  ~ . # # # S . ~      the knight on e5 takes the soldier on d3
#   3  ~ . # S # # N ~
#   2  ~ . N . . . . ~
MIDGAME = {"turn": "attacker", "knights": ["b0", "c2", "e5", "g3"], "soldiers": ["c5", "d3", "f4"]}


def test_a_capture_marks_from_to_and_the_capture() -> None:
    state = at({**MIDGAME, "lord": "d6"})
    assert move_mark(state, action(state, "e5", "d3")) == MoveMark(
        0, (("from", "e5"), ("to", "d3"), ("capture", "d3"))
    )
    assert move_mark(state, action(state, "b0", "a2")).spots == (("from", "b0"), ("to", "a2"))


def test_every_move_of_random_games_is_marked_on_fields_drawn_in_the_svg() -> None:
    policy = random.Random(4)
    kinds: set[str] = set()
    for _ in range(4):
        state = SiegeGame().new_initial_state(seed=0)
        while not state.is_terminal() and len(state.history()) < 200:
            move = policy.choice(state.legal_actions())
            mark = move_mark(state, move)
            kinds.update(role for role, _ in mark.spots)
            state.apply_action(move)
            root = ET.fromstring(render_svg(state, seat=mark.seat, last_moves=[mark]))
            spots = {e.get("data-spot") for e in root.iter()}
            outlined = {(e.get("data-last-move"), e.get("data-on")) for e in root.iter()}
            for role, token in mark.spots:
                assert token in spots and (role, token) in outlined, (role, token)
    assert kinds == {"from", "to", "capture"}


def test_pieces_keep_their_data_piece_through_the_game() -> None:
    """The knight from d0 keeps `knight-d0` wherever it goes; the soldier it takes is gone."""
    game = SiegeGame()
    state = game.new_initial_state(seed=0)
    start = piece_ids(state)
    board = game.board
    assert start[board.field("d0")] == "knight-d0" and start[board.field("d6")] == "lord"
    for notation in ("Nd0-c2", "Sd4-d3", "Nc2-b4", "Sd3-c3", "Nb4-c6"):
        state.apply_notation(notation)
    ids = piece_ids(state)
    assert ids[board.field("c6")] == "knight-d0"
    assert ids[board.field("c3")] == "soldier-d4"
    root = ET.fromstring(render_svg(state))
    drawn = sorted(e.get("data-piece", "") for e in root.iter() if e.get("data-piece"))
    assert len(drawn) == len(set(drawn)) == 9


def test_a_position_set_up_from_json_names_pieces_by_their_fields() -> None:
    state = at({**MIDGAME, "lord": "d6"})
    board = state.game.board
    assert piece_ids(state)[board.field("e5")] == "knight-e5"


def test_without_last_moves_the_last_move_of_the_history_is_outlined() -> None:
    state = SiegeGame().new_initial_state(seed=0)
    assert "data-last-move" not in render_svg(state)
    state.apply_notation("Nd0-c2")
    root = ET.fromstring(render_svg(state))
    assert {(e.get("data-last-move"), e.get("data-on")) for e in root.iter()} >= {
        ("from", "d0"),
        ("to", "c2"),
    }


def test_caption_lines_fit_the_board_in_every_language() -> None:
    over = at({"knights": ["c4"], "soldiers": [], "lord": "d6", "turn": "attacker"})
    over.apply_notation("Nc4xd6")
    opening = SiegeGame().new_initial_state(seed=0)
    opening.apply_notation("Nd0-c2")
    for language in ("en", "nl", "de"):
        with i18n.use(language):
            for state in (over, opening):
                root = ET.fromstring(render_svg(state, seat=1))
                for text in root.iter(f"{SVG}text"):
                    assert len(text.text or "") <= WRAP, text.text


def test_a_field_is_named_by_the_piece_on_it() -> None:
    """A screen reader on a clickable field hears "knight on c2", not only "c2"."""
    state = at({**MIDGAME, "lord": "d6"})
    root = ET.fromstring(render_svg(state, seat=0, interactive=True))
    titles = {
        e.get("data-spot"): (e.findtext(f"{SVG}title") or "")
        for e in root.iter()
        if e.get("data-spot")
    }
    assert titles["c2"] == "knight on c2" and titles["d6"] == "lord on d6"
    assert titles["d4"] == "d4"
    with i18n.use("nl"):
        root = ET.fromstring(render_svg(state, seat=0, interactive=True))
    assert any(e.findtext(f"{SVG}title") == "landsknecht op d3" for e in root.iter())
