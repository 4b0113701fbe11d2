"""Bremer Stadtmusikanten's table measured in Chromium at 1280x800 and on a phone (390x844).

By measurement, not by eye: no horizontal scroll, the board inside the viewport and clear of
the status line, panel text at least 12 CSS px, board labels at least 9 px as rendered, and on
the phone every target the player may tap next at least 32 px wide and high, through a few
whole click paths (a stack's picker included).
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import VIEWPORTS, browser_marks

pytestmark = browser_marks()


LAYOUT = """() => {
  const svg = document.querySelector('#board svg');
  const box = svg.getBoundingClientRect();
  const status = document.getElementById('status').getBoundingClientRect();
  const scale = svg.getScreenCTM().a;
  const texts = [...svg.querySelectorAll('text')]
    .filter((t) => t.getBoundingClientRect().width > 0);
  const labels = texts
    .map((t) => [t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale]);
  const outside = texts.filter((t) => { const r = t.getBoundingClientRect();
    return r.left < box.left || r.right > box.right; }).map((t) => t.textContent);
  const panel = [...document.querySelectorAll('.side *')]
    .filter((e) => e.offsetParent !== null && [...e.childNodes].some(
      (n) => n.nodeType === 3 && n.textContent.trim()))
    .map((e) => [e.textContent.trim().slice(0, 30), parseFloat(getComputedStyle(e).fontSize)]);
  return {scroll: document.documentElement.scrollWidth, width: innerWidth,
          left: box.left, right: box.right, bottom: box.bottom, top: box.top,
          overlap: !(status.bottom <= box.top || status.top >= box.bottom
                     || status.right <= box.left || status.left >= box.right),
          labels, panel, outside};
}"""

TARGETS = """() => [...document.querySelectorAll('#board:not(.waiting) [data-click].clickable')]
  .map((e) => { const r = e.getBoundingClientRect();
    return {token: e.dataset.click, w: r.width, h: r.height, x: r.x + r.width / 2,
            y: r.y + r.height / 2}; })"""


def open_bremen(page: Any, server: str, size: tuple[int, int], language: str = "en") -> None:
    """A table for a person (seat 0) against the greedy bot, opened at `size` in `language`."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    body = {
        "game": "bremen",
        "players": 2,
        "seats": ["human", "greedy"],
        "seed": 5,
        "practice": True,
    }
    created = page.request.post(server + "/api/tables", data={**body, "speed": "fast"}).json()
    link = next(s["link"] for s in created["seats"] if "link" in s)
    page.goto(f"{server}{link}&lang={language}")
    page.wait_for_selector("#connection.online")


def my_turn(page: Any) -> list[dict[str, Any]]:
    page.wait_for_function(f"() => ({TARGETS})().length > 0", timeout=20_000)
    targets: list[dict[str, Any]] = page.evaluate(TARGETS)
    return targets


@pytest.mark.parametrize(
    ("name", "language"), [("desktop", "en"), ("phone", "en"), ("phone", "de")]
)
def test_bremen_table_fits_and_reads(server: str, page: Any, name: str, language: str) -> None:
    open_bremen(page, server, VIEWPORTS[name], language)
    my_turn(page)
    layout = page.evaluate(LAYOUT)
    assert layout["scroll"] <= layout["width"], "the page scrolls sideways"
    assert layout["left"] >= 0 and layout["right"] <= layout["width"], "the board is cut off"
    assert not layout["overlap"], "the board covers the status line"
    assert not layout["outside"], f"text running off the board: {layout['outside']}"
    small = [(text, size) for text, size in layout["labels"] if size < 9]
    assert not small, f"board labels under 9 px: {small}"
    assert len(layout["labels"]) >= 50  # the field numbers, the caption and the points
    tiny = [(text, size) for text, size in layout["panel"] if size < 12]
    assert not tiny, f"panel text under 12 px: {tiny}"


def test_bremen_targets_on_a_phone_are_big_enough_to_tap(server: str, page: Any) -> None:
    """Three whole moves by tapping: each time every target offered next is at least 32 px."""
    open_bremen(page, server, VIEWPORTS["phone"])
    seen: set[str] = set()
    for _click in range(9):
        targets = my_turn(page)
        small = [t for t in targets if min(t["w"], t["h"]) < 32]
        assert not small, f"tap targets under 32 px: {small}"
        seen.update(t["token"].split(":")[0] for t in targets)
        first = targets[0]
        page.mouse.click(first["x"], first["y"])
        page.wait_for_timeout(60)
    assert {"field"} < seen and seen & {"stack", "animal", "robber"}


def test_bremen_move_by_keyboard_through_the_picker(server: str, page: Any) -> None:
    """Tab reaches the targets, Enter chooses: a stack, an animal in its picker, a field."""
    open_bremen(page, server, VIEWPORTS["phone"])
    my_turn(page)
    page.wait_for_timeout(300)  # let any view still on its way land before the first key
    my_turn(page)
    version = page.evaluate("() => document.body.dataset.version")
    chosen: list[str] = []
    sent = (  # `waiting`: the move has gone to the server; a new version: it has already come back
        "() => document.getElementById('board').classList.contains('waiting')"
        f" || document.body.dataset.version !== '{version}'"
    )
    while not page.evaluate(sent):
        assert len(chosen) < 4, chosen
        for _tab in range(60):  # Tab until a target of the board has the focus
            page.keyboard.press("Tab")
            token = page.evaluate(
                "() => document.activeElement.closest('#board [data-click].clickable')"
                " ?.dataset.click ?? null"
            )
            if token:
                break
        assert token, "Tab never reached a target on the board"
        chosen.append(token)
        page.keyboard.press("Enter")
        shown = page.evaluate(
            "() => { const s = document.getElementById('selection');"
            " return s.hidden ? '' : document.getElementById('selection-text').textContent; }"
        )
        assert ":" not in shown, f"a click token leaks into 'Chosen': {shown!r}"
        if len(chosen) == 2 and shown:  # the animal picked, in words
            assert "rooster" in shown or "donkey" in shown or "dog" in shown or "cat" in shown
    assert chosen[0].startswith("stack:") and chosen[1].startswith("animal:"), chosen
    assert chosen[2].startswith("field:")
    page.wait_for_function(f"() => document.body.dataset.version !== '{version}'", timeout=30_000)
