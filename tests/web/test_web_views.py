"""Pieces of the views that need no server: the grouped move log and the result banner."""

from __future__ import annotations

import types

import pytest

import ludoteca
from ludoteca.core.chance import play_chance
from ludoteca.games.ludo.svg import render_svg
from ludoteca.web import render
from ludoteca.web.views import headline, legal_moves, log_rows


def test_each_move_is_shown_with_the_roll_before_it() -> None:
    log = [[-1, "start:1"], [-1, "6"], [1, "R-10"], [-1, "3"], [-1, "5"], [0, "0-5"], [-1, "2"]]
    assert log_rows(log) == [
        {"chance": "start:1", "seat": None, "move": None},
        {"chance": "6", "seat": 1, "move": "R-10"},
        {"chance": "3", "seat": None, "move": None},  # a roll that moved nothing
        {"chance": "5", "seat": 0, "move": "0-5"},
        {"chance": "2", "seat": None, "move": None},  # the roll now waiting for a move
    ]


def test_moves_without_chance_have_rows_of_their_own() -> None:
    assert log_rows([[0, "e4"], [1, "e5"]]) == [
        {"chance": None, "seat": 0, "move": "e4"},
        {"chance": None, "seat": 1, "move": "e5"},
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
