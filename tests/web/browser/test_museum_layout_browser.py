"""The museum's table measured in Chromium on a desktop (1280x800) and a phone (390x844).

Issue 14: no horizontal scroll, nothing cut off, panel text >= 12 CSS px, board labels >= 9 px
as rendered, tap targets >= 32 px on a phone, the game-over headline whole.
"""

from __future__ import annotations

from typing import Any

from browser_support import browser_marks, sit_down

pytestmark = browser_marks()

GAME_OVER_IN_GERMAN = """() => {
  const line = document.querySelector(".museum-panel .headline");
  return line !== null && line.textContent.startsWith("Spiel vorbei");
}"""
READY = "#board:not(.waiting) [data-click].clickable"
"""What a person may click once it is their turn."""

MEASURE = """() => {
  const width = document.documentElement.clientWidth;
  const board = document.querySelector("#board svg.museum-board");
  const scale = board.getScreenCTM().a;
  const svgText = [...board.querySelectorAll("text")].map(
    (t) => parseFloat(getComputedStyle(t).fontSize) * scale);
  const panel = document.querySelector("#board");
  const panelText = [...panel.querySelectorAll(".museum-panel *")]
    .filter((n) => [...n.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim()))
    .map((n) => parseFloat(getComputedStyle(n).fontSize));
  const outside = [...document.querySelectorAll("#board, #board *")]
    .filter((n) => !n.closest("style, title, defs"))
    .map((n) => n.getBoundingClientRect())
    .filter((r) => r.width > 0 && (r.left < -0.5 || r.right > width + 0.5)).length;
  const headline = panel.querySelector(".museum-panel .headline");
  const targets = [...document.querySelectorAll("#board [data-click].clickable")]
    .map((n) => n.getBoundingClientRect()).map((r) => Math.min(r.width, r.height));
  return {
    scroll: document.documentElement.scrollWidth - width,
    svgText: Math.min(...svgText), panelText: Math.min(...panelText), outside,
    headlineCut: headline.scrollWidth - headline.clientWidth,
    targets, cards: panel.querySelectorAll(".deck .mcard").length,
  };
}"""


def check_layout(page: Any, size: str) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(MEASURE)
    assert found["scroll"] <= 0, f"{size}: scrolls sideways by {found['scroll']} px"
    assert found["outside"] == 0, f"{size}: board elements past the viewport's edge"
    assert found["panelText"] >= 12, f"{size}: panel text at {found['panelText']} px"
    assert found["svgText"] >= 9, f"{size}: board labels at {found['svgText']:.1f} px"
    assert found["headlineCut"] <= 0, f"{size}: the headline is cut off"
    assert found["cards"] == 32
    if size == "phone":
        assert min(found["targets"], default=32) >= 32, found["targets"]
    return found


def test_the_museum_table_fits_desktop_and_phone(sized_page: tuple[str, Any], server: str) -> None:
    """Measured at the first move and again at the first robbing decision, with its buttons."""
    size, page = sized_page
    sit_down(page, server, "museum", "greedy")
    page.wait_for_selector(READY)
    assert check_layout(page, size)["targets"]  # the moves are offered, and big enough
    rob = page.locator(f'{READY}[data-click="rob"]')
    for _click in range(40):  # down into the museum until a picture may be robbed
        page.wait_for_selector(READY)
        if rob.count():
            break
        page.locator(READY).last.click()
    assert rob.count() == 2  # the button above or beside the museum, and the picture
    check_layout(page, size)


def test_the_game_over_headline_is_whole(sized_page: tuple[str, Any], server: str) -> None:
    """A finished game of four bots, watched in German (the longest words): the result whole."""
    size, page = sized_page
    page.goto(server + "/?lang=de")
    setup = page.locator('fieldset[data-game="museum"]')
    page.select_option("#game-select", "museum")
    setup.locator('select[name="players"]').select_option("4")
    for seat in range(4):
        setup.locator(f'select[name="seat{seat}"]').select_option("random")
    page.check('input[name="speed"][value="fast"]')
    page.click('button[type="submit"]')
    page.wait_for_selector("#result:not([hidden])", timeout=60_000)
    page.wait_for_function(GAME_OVER_IN_GERMAN)
    check_layout(page, size)


def test_a_move_is_played_with_the_keyboard(page: Any, server: str) -> None:
    """Tab reaches the highlighted fields (they are focusable buttons); Enter plays one."""
    sit_down(page, server, "museum", "greedy")
    page.wait_for_selector(READY)
    for _press in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('#board [data-click].clickable')"):
            break
    token = page.evaluate("() => document.activeElement.dataset.click")
    assert token.startswith("field:")
    before = page.locator("#log li").count()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
