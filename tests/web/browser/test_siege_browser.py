"""A real headless Chromium plays a whole game of Belagerung: the person (the attacker) clicks a
knight, then the highlighted field it jumps to, until the game against a random defender ends.

The person's choice comes from a one-ply search on the game read back from the table's move log
(the API view); only clicks on the board make the moves.
"""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.request import urlopen

import pytest
from browser_support import browser_marks, sit_down

import ludoteca
from ludoteca.agents.alphabeta import AlphaBetaAgent
from ludoteca.games.siege.svg import click_path

GAME_SECONDS = 60

READY = """() => {
  if (!document.getElementById("result").hidden) return "over";
  return document.querySelector("#board:not(.waiting) [data-click].clickable") ? "move" : null;
}"""
"""Whether the person may click (the board is `.waiting` while a move is on its way)."""

pytestmark = browser_marks()


def test_a_person_plays_a_whole_siege_game_against_a_bot(server: str, page: Any) -> None:
    sit_down(page, server, "siege", "random", players=None)
    view_url = server + "/api" + page.url.split(server, 1)[1].replace("/table/", "/tables/", 1)
    game = ludoteca.load("siege")
    chooser = AlphaBetaAgent(game, seed=1, depth=1, compiled=0)  # no compiling in the clock

    moves = 0
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        if page.wait_for_function(READY).json_value() == "over":
            break
        with urlopen(view_url) as response:
            log = json.load(response)["log"]
        state = game.new_initial_state(seed=0)  # no chance: the moves alone make the position
        for _, notation in log:
            state.apply_notation(notation)
        first, second = click_path(state, chooser.act(state))  # type: ignore[arg-type]
        page.click(f'#board [data-click="{first}"]')
        assert "selected" in (page.get_attribute(f'#board [data-click="{first}"]', "class") or "")
        page.click(f'#board [data-click="{second}"]')
        moves += 1
        page.wait_for_function(
            f"() => document.querySelectorAll('#log li.move-entry').length >= {2 * moves}"
            " || !document.getElementById('result').hidden"
        )
    else:
        pytest.fail(f"the game did not end within {GAME_SECONDS} s ({moves} moves)")

    assert moves > 0
    assert page.locator("#message").inner_text().startswith("Game over")
    assert "Game over" in page.locator("#board svg").inner_html()
