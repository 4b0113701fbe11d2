"""The shared table in Chromium: names in the log and the result, the last move, the replay."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest
from browser_support import browser_marks, fill_table_form, open_table

from ludoteca.core.api import State
from ludoteca.core.marks import MoveMark
from ludoteca.core.registry import game_module
from ludoteca.narration import Narrator
from ludoteca.web.table import render

pytestmark = browser_marks()

NEXT_PAWN = """() => {
  const pawn = document.querySelector("#board:not(.waiting) [data-action]");
  return pawn ? pawn.dataset.action : null;
}"""


def create(server: str, **body: Any) -> dict[str, Any]:
    """A table made over the JSON API (as a script would)."""
    request = urllib.request.Request(
        server + "/api/tables",
        json.dumps(body).encode(),
        {"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        created: dict[str, Any] = json.load(response)
        return created


def test_the_log_names_the_person_and_the_bot(server: str, page: Any) -> None:
    fill_table_form(page, server, "ludo", "medium", options={"colours_per_seat": "1"})
    page.fill('fieldset[data-game="ludo"] input[name="name0"]', "Anna")
    assert page.locator('fieldset[data-game="ludo"] input[name="name1"]').is_hidden()  # a bot
    open_table(page)
    assert page.locator("#seats").inner_text().startswith("Anna")
    deadline = time.monotonic() + 30

    def both_moved() -> bool:
        moves = page.locator("#log .say").all_inner_texts()
        return any("Anna" in m for m in moves) and any("(medium bot)" in m for m in moves)

    while not both_moved():  # each decision is told with its maker's name
        assert time.monotonic() < deadline, "Anna and the bot did not both move"
        action = page.wait_for_function(NEXT_PAWN).json_value()
        page.click(f'#board [data-action="{action}"]')
        page.wait_for_function("!document.getElementById('board').classList.contains('waiting')")
    log = page.locator("#log").inner_text()
    assert "seat 0" not in log and "seat 1" not in log
    # The notation stays one click away.
    first = page.locator("#log .notation").first
    assert first.is_hidden()
    page.check("#show-notation")
    assert first.is_visible()
    if getattr(game_module("ludo", "svg"), "move_mark", None) is not None:
        # The bot has moved since Anna's last decision: its move is marked on her board.
        page.wait_for_selector("#board [data-last-move]", state="attached")


def test_the_result_and_the_replay_speak_of_names(server: str, page: Any) -> None:
    options = {"colours_per_seat": 1}
    table = create(
        server, game="ludo", players=2, seats=["easy", "hard"], speed="fast", options=options
    )
    page.goto(f"{server}/table/{table['id']}")
    page.wait_for_selector("body[data-status=finished]", timeout=60_000)
    title = page.locator("#result-title").inner_text()  # with the score where ludo tells it
    assert title.startswith(("Red (easy bot) wins", "Yellow (hard bot) wins"))
    places = page.locator("#ranking").inner_text()
    assert " is 2nd" in places and "0." not in places  # words, no raw returns

    page.click("#replay-link")
    page.wait_for_url("**/replay")
    first_turn = page.locator("#move-list li").first
    assert "bot" in first_turn.inner_text()
    # A click in the move list jumps to the end of that turn.
    entry = page.locator("#move-list li").nth(4).locator("button").last
    turn = entry.get_attribute("data-turn")
    entry.click()
    page.wait_for_selector(f"body[data-step='{turn}']")
    assert page.locator("#move-list .current").count() >= 1
    # Turn steps: Next goes to the next turn's end; with every chance step, one position on.
    next_turn = page.locator("#move-list li").nth(5).get_attribute("data-turn")
    page.click('[data-go="forward"]')
    page.wait_for_selector(f"body[data-step='{next_turn}']")
    page.check("#every-chance")
    page.click('[data-go="forward"]')
    page.wait_for_selector(f"body[data-step='{int(str(next_turn)) + 1}']")
    # Autoplay moves on by itself and stops when asked.
    page.select_option("#speed", "400")
    page.click("#autoplay")
    page.wait_for_function(f"Number(document.body.dataset.step) >= {int(str(next_turn)) + 3}")
    page.click("#autoplay")
    assert page.locator("#autoplay").get_attribute("aria-pressed") == "false"


SPY = """() => {
  window.slides = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    window.slides += 1;
    return animate.apply(this, args);
  };
}"""
"""Counts the animations the table starts (pieces slide with the Web Animations API)."""


@pytest.fixture
def moving_piece(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ludo drawn with one extra piece that moves on with every action, and every action
    marked: what a game with `data-piece` and `move_mark` gives the table."""
    real = render._renderer

    def renderer(game_id: str) -> Any:
        draw = real(game_id)
        assert draw is not None

        def drawn(state: State, *, seat: Any, interactive: bool, last_moves: Any = ()) -> str:
            svg = draw(state, seat=seat, interactive=interactive)
            x = 20 + 3 * len(state.history())
            marked = " ".join(f'data-last-move="{r}"' for m in last_moves[-1:] for r, _t in m.spots)
            piece = f'<circle data-piece="p" cx="{x}" cy="20" r="8" {marked}/>'
            return svg.replace("</svg>", piece + "</svg>")

        return drawn

    monkeypatch.setattr(render, "_renderer", renderer)
    mark = Narrator(None, lambda before, action: MoveMark(0, (("to", "p"),)))
    monkeypatch.setattr(Narrator, "of", classmethod(lambda cls, game: mark))


def click_a_pawn(page: Any) -> None:
    version = page.evaluate("document.body.dataset.version")
    action = page.wait_for_function(NEXT_PAWN).json_value()
    page.click(f'#board [data-action="{action}"]')
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")


def test_pieces_slide_and_the_last_move_is_marked(
    server: str, page: Any, moving_piece: None
) -> None:
    seats = ["human", "medium"]
    table = create(server, game="ludo", players=2, seats=seats, options={"colours_per_seat": 1})
    page.goto(server + table["play"])
    page.wait_for_selector("#connection.online")
    page.evaluate(SPY)
    click_a_pawn(page)
    assert page.evaluate("window.slides") > 0
    page.wait_for_selector('#board [data-last-move="to"]', state="attached")
    # Without motion, nothing slides.
    page.emulate_media(reduced_motion="reduce")
    page.reload()
    page.wait_for_selector("#connection.online")
    page.evaluate(SPY)
    click_a_pawn(page)
    assert page.evaluate("window.slides") == 0
