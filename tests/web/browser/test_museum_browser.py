"""A real headless Chromium plays a whole museum game against a bot by clicking the board."""

from __future__ import annotations

import time
from typing import Any

import pytest
from browser_support import browser_marks, sit_down

import ludoteca
from ludoteca.web.table.people import strength_of

GAME_SECONDS = 50
"""32 rounds: one click per move and at most one per robbing decision, about 45 clicks."""

NEXT_CLICK = """() => {
  if (!document.getElementById("result").hidden) return {over: true};
  const nodes = [...document.querySelectorAll("#board:not(.waiting) [data-click].clickable")];
  if (!nodes.length) return null;
  const rob = nodes.find((n) => n.dataset.click === "rob" && n.classList.contains("button"));
  const fields = nodes.filter((n) => n.dataset.click.startsWith("field:"));
  const node = rob || fields[fields.length - 1] || nodes[0];
  const box = node.getBoundingClientRect();
  return {over: false, token: node.dataset.click, count: fields.length,
          x: box.x + box.width / 2, y: box.y + box.height / 2};
}"""
"""The next element to click once this seat may act: the rob button when robbing is offered,
else the last highlighted field (the way down into the museum)."""

pytestmark = browser_marks()


def test_a_person_robs_the_museum_against_a_bot(server: str, page: Any) -> None:
    sit_down(page, server, "museum", "greedy")

    clicks: dict[str, int] = {"field": 0, "rob": 0}
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        spot = page.wait_for_function(NEXT_CLICK).json_value()
        if spot["over"]:
            break
        if spot["token"].startswith("field:"):
            assert spot["count"] >= 1  # every reachable field is highlighted
        page.mouse.click(spot["x"], spot["y"])
        clicks["rob" if spot["token"] == "rob" else "field"] += 1
    else:
        pytest.fail(f"the game did not end within {GAME_SECONDS} s ({clicks} clicks)")

    assert clicks["field"] == 32  # one move per round, every round
    assert clicks["rob"] >= 1
    banner = page.locator("#result-title").inner_text()
    won = banner in {"You win!", "You share the win!"}
    level = strength_of(ludoteca.load("museum", players=2), "greedy")  # as the strength table
    assert won or banner.startswith(f"Blue ({level} bot) wins")
    assert page.locator("#message").inner_text().startswith("Game over")
    assert page.locator(".museum-panel .headline").inner_text().startswith("Game over: ")
