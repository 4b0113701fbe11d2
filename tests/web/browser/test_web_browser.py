"""A real headless Chromium plays a whole game: lobby, table form, clicking pawns, the result."""

from __future__ import annotations

import time
from typing import Any

import pytest
from browser_support import browser_marks, fill_table_form, open_table

GAME_SECONDS = 60
"""A two-player, one-colour game against a fast bot needs well under a hundred clicks."""

NEXT_PAWN = """() => {
  if (!document.getElementById("result").hidden) return {over: true};
  const pawn = document.querySelector("#board:not(.waiting) .movable");
  if (!pawn) return null;
  const box = pawn.getBoundingClientRect();
  return {over: false, action: pawn.dataset.action, x: box.x + box.width / 2,
          y: box.y + box.height / 2};
}"""
"""The next pawn to click once this seat may move (the board is `.waiting` after a click)."""

pytestmark = browser_marks()


def test_a_person_plays_a_whole_game_against_a_bot(server: str, page: Any) -> None:
    setup = fill_table_form(page, server, "ludo", "greedy", options={"colours_per_seat": "1"})
    assert setup.locator('select[name="seat2"]').is_hidden()  # only as many seats as players
    open_table(page)

    clicks = 0
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        # One round trip: wait until a pawn can be clicked (or the game is over), get its centre.
        spot = page.wait_for_function(NEXT_PAWN).json_value()
        if spot["over"]:
            break
        if clicks == 0:  # hovering a pawn lights up where it would land
            page.mouse.move(spot["x"], spot["y"])
            target = page.locator(f'#board [data-target-of="{spot["action"]}"]').first
            assert "hot" in (target.get_attribute("class") or "")
        page.mouse.click(spot["x"], spot["y"])
        clicks += 1
    else:
        pytest.fail(f"the game did not end within {GAME_SECONDS} s ({clicks} clicks)")

    banner = page.locator("#result-title").inner_text()
    assert banner.startswith(("You win", "Yellow (medium bot) wins"))
    assert page.locator("#message").inner_text().startswith("Game over")
    assert clicks > 0
    assert page.locator("#log li.move-entry").count() >= clicks
    page.click("#replay-link")
    page.wait_for_url("**/replay")
    page.click('[data-go="last"]')
    page.wait_for_function(
        "!document.getElementById('position').textContent.startsWith('Position 0 ')"
    )
    assert "Game over" in page.locator("#board svg").inner_html()
