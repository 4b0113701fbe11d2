"""Pieces of the views that need no server: the grouped move log and the result banner."""

from __future__ import annotations

import types

import pytest

import ludoteca
from ludoteca.core.chance import play_chance
from ludoteca.games.ludo.svg import render_svg
from ludoteca.web.live.views import headline, legal_moves, log_rows
from ludoteca.web.table import render


def entries(*moves: tuple[int, str]) -> list[dict[str, object]]:
    return [{"seat": seat, "text": text, "notation": text} for seat, text in moves]


def indexed(log: list[dict[str, object]]) -> list[dict[str, object]]:
    """The entries as `log_rows` returns them: with their index in the log."""
    return [{**entry, "index": i} for i, entry in enumerate(log)]


def test_each_move_is_shown_with_the_rolls_before_it() -> None:
    log = entries(
        (-1, "Red begins"),
        (-1, "6"),
        (1, "Red enters"),
        (-1, "3"),
        (-1, "5"),
        (0, "Blue"),
        (-1, "2"),
    )
    start, six, red, three, five, blue, two = indexed(log)
    assert log_rows(log) == [
        {"chance": [start, six], "seat": 1, "move": red},
        {"chance": [three, five], "seat": 0, "move": blue},  # a roll that moved nothing, then 5
        {"chance": [two], "seat": None, "move": None},  # the roll now waiting for a move
    ]


def test_moves_without_chance_have_rows_of_their_own() -> None:
    log = entries((0, "e4"), (1, "e5"))
    e4, e5 = indexed(log)
    assert log_rows(log) == [
        {"chance": [], "seat": 0, "move": e4},
        {"chance": [], "seat": 1, "move": e5},
    ]


def test_the_banner_speaks_to_the_winner() -> None:
    result = {"winners": [1], "text": "seat 1 wins"}
    assert headline(result, 1) == "You win!"
    assert headline(result, 0) == "Seat 1 wins"
    assert headline(result, None) == "Seat 1 wins"
    shared = {"winners": [0, 2], "text": "seat 0 and seat 2 share the win"}
    assert headline(shared, 2) == "You share the win!"


def test_moves_carry_click_tokens_only_for_games_that_define_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`click_path` in a game's svg module adds each move's tokens; ludo (one click) has none."""
    state = ludoteca.load("ludo", players=2).new_initial_state(seed=3)
    play_chance(state)
    plain = legal_moves(state)
    assert plain and all("clicks" not in move for move in plain)

    module = types.SimpleNamespace(
        render_svg=render_svg, click_path=lambda s, a: ["pawn", s.action_to_string(a)]
    )
    monkeypatch.setattr(render, "_svg_module", lambda game_id: module)
    moves = legal_moves(state)
    assert [m["clicks"] for m in moves] == [["pawn", m["notation"]] for m in moves]
