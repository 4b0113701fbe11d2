"""A real headless Chromium plays a whole Bremer Stadtmusikanten game by clicking the board.

The person's side always clicks the first highlighted element (`.clickable`): an animal, then a
field (and a die where both dice reach it), or the robber and the fields of his walk. That is a
poor player, but it walks every kind of click path until the greedy bot wins (or it does).
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from browser_support import browser_marks, sit_down

GAME_SECONDS = 60

NEXT_CLICK = """() => {
  if (!document.getElementById("result").hidden) return {over: true};
  const node = document.querySelector("#board:not(.waiting) [data-click].clickable");
  if (!node) return null;
  const box = node.getBoundingClientRect();
  return {over: false, token: node.dataset.click, x: box.x + box.width / 2,
          y: box.y + box.height / 2};
}"""
"""The next element to click once this seat may act (the board is `.waiting` after a move)."""

pytestmark = browser_marks()


def test_a_person_plays_bremen_against_a_bot_by_clicking(server: str, page: Any) -> None:
    sit_down(page, server, "bremen", "greedy")

    tokens: list[str] = []
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        spot = page.wait_for_function(NEXT_CLICK, timeout=20_000).json_value()
        if spot["over"]:
            break
        page.mouse.click(spot["x"], spot["y"])
        tokens.append(spot["token"])
    else:
        pytest.fail(f"the game did not end within {GAME_SECONDS} s ({len(tokens)} clicks)")

    assert "win" in page.locator("#result-title").inner_text().lower()
    assert any(t.startswith("animal:") for t in tokens)
    assert any(t.startswith("field:") for t in tokens)
    assert page.locator("#log li.move-entry").count() > 0
