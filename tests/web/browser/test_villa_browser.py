"""A real headless Chromium plays a whole game of Villa Paletti against a greedy bot by clicking
the board: a column (in the side view or the rack) to pull it, a square of the top view to place
it, the turn buttons and squares to lay a floor, and the declare / protest / pass buttons.

The person clicks one of the highlighted elements at random (seeded), so the game may end by a
collapse, by a placement the villa cannot carry, or by nobody being able to move: any end will
do, as long as every move is made by clicking the board.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from browser_support import browser_marks, sit_down

GAME_SECONDS = 60

CLICKABLE = """() => {
  if (!document.getElementById("result").hidden) return "over";
  const nodes = document.querySelectorAll("#board:not(.waiting) [data-click].clickable");
  return nodes.length ? Array.from(nodes, (n) => n.dataset.click) : null;
}"""
"""The tokens the person may click now (the board is `.waiting` while a move is on its way)."""

NO_WEBGL = "HTMLCanvasElement.prototype.getContext = function () { return null; };"

pytestmark = browser_marks()


def test_a_person_plays_a_whole_villa_game_against_a_bot(server: str, page: Any) -> None:
    page.add_init_script(NO_WEBGL)  # the SVG board, not the 3D villa (test_villa_3d_browser)
    sit_down(page, server, "villa", "greedy", options={"hands": "steady"})

    rng = random.Random(4)
    clicks = 0
    kinds: set[str] = set()
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        tokens = page.wait_for_function(CLICKABLE).json_value()
        if tokens == "over":
            break
        columns = [t for t in tokens if t.startswith("column:")]
        token = rng.choice(columns if columns and rng.random() < 0.8 else tokens)
        kinds.add(token.split(":")[0])
        page.locator(f'#board [data-click="{token}"]').last.click()  # a column: its chip
        clicks += 1
    else:
        pytest.fail(f"the game did not end within {GAME_SECONDS} s ({clicks} clicks)")

    assert clicks > 0 and "column" in kinds
    assert page.locator("#message").inner_text().startswith("Game over")
    assert page.locator("#board [data-click]").count() == 0  # nothing left to click
