"""Villa Paletti's table measured in Chromium on a desktop (1280x800) and a phone (390x844):
the flat SVG board (WebGL taken away, as in test_villa_browser) while a column is pulled and
while it is placed, and the panels around the 3D villa (software WebGL).

Issue 14: no horizontal scroll, nothing past the viewport's edge or over the status line,
panel text >= 12 CSS px, board labels >= 9 px as rendered, every tap target >= 32 px on a
phone (the placement grid is shown a zone at a time, large). And a person on a phone pulls a
column and places it by tapping: a zone of the top view, a point (which shows the column's
footprint), the same point again.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.request import urlopen

import pytest
from browser_support import (
    CHROMIUM_ARGS,
    MEASURE,
    VIEWPORTS,
    browser_marks,
    sit_down,
    sized,
)
from test_villa_3d_browser import WEBGL_ARGS
from test_villa_browser import NO_WEBGL

pytestmark = browser_marks()

READY = "#board:not(.waiting) [data-click].clickable"
PLACING = "#board:not(.waiting) :is(.zone, .cell).clickable"
PULLS = "#board:not(.waiting) .chip.clickable"


@pytest.fixture(params=sorted(VIEWPORTS))
def flat_page(request: pytest.FixtureRequest) -> Iterator[tuple[str, Any]]:
    """A page without WebGL, so the table keeps the flat SVG villa."""
    with sized(request.param, CHROMIUM_ARGS, timeout=30_000) as page:
        page.add_init_script(NO_WEBGL)
        yield request.param, page


SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
"""Two frames: the board just drawn has been fitted to its box, as a player sees it."""


def check_layout(page: Any, size: str, **where: str) -> dict[str, Any]:
    page.evaluate("window.scrollTo(0, 0)")  # the status line is at the top of a phone's page
    page.evaluate(SETTLED)
    found: dict[str, Any] = page.evaluate(MEASURE, where)
    assert found["scroll"] <= 0, f"{size}: the page scrolls sideways by {found['scroll']} px"
    assert found["left"] >= 0 and found["right"] <= found["viewport"], found
    assert found["outside"] == 0, f"{size}: {found['outside']} board elements past the edge"
    assert found["messageFree"], "something covers the status line"
    assert found["small"] == [], f"{size}: panel text under 12 px: {found['small']}"
    if found["labels"]:
        assert min(found["labels"]) >= 9, f"{size}: a board label of {min(found['labels'])} px"
    if size == "phone":
        assert found["taps"], "nothing to tap"
        assert min(found["taps"]) >= 32, f"{size}: a tap target of {min(found['taps']):.1f} px"
    return found


def tap(page: Any, size: str, selector: str) -> None:
    """Tap on a phone (a touch screen: no hover), click on a desktop."""
    target = page.locator(selector).first
    target.tap() if size == "phone" else target.click()


def pull_until_placing(page: Any, size: str) -> None:
    """Pull a column; a pull the villa needs is noticed and the turn passes: try again."""
    for _attempt in range(6):
        page.wait_for_selector(PULLS)
        tap(page, size, PULLS)
        page.wait_for_selector(f"{PULLS}, {PLACING}")
        if page.locator(PLACING).count():
            return
    pytest.fail("no pull came out in six turns")


def test_the_flat_villa_fits_while_pulling_and_placing(
    flat_page: tuple[str, Any], server: str
) -> None:
    size, page = flat_page
    sit_down(page, server, "villa", "greedy", options={"hands": "steady"})
    page.wait_for_selector(PULLS)
    pulling = check_layout(page, size)
    assert len(pulling["labels"]) > 10  # the columns' names in the picture, the grid
    pull_until_placing(page, size)
    check_layout(page, size)
    zones = page.locator("#board .zone.clickable")
    if zones.count():  # the blue floor's grid is wider than a zone: choose one
        tap(page, size, "#board .zone.clickable")
        page.wait_for_selector("#board .villa-zoom .cell.clickable")
    check_layout(page, size)
    shown = page.locator("#board svg.villa-zoom:visible")
    assert shown.count() == 1, "one zone of the grid is shown large"
    assert shown.locator("text.grid").count() >= 2  # lettered as in "place C4"


def observation(server: str, page: Any) -> dict[str, Any]:
    """Seat 0's view of the table from the API (the URL of the page holds its token)."""
    table, query = page.url.split("/table/", 1)[1].split("?", 1)
    with urlopen(f"{server}/api/tables/{table}?{query}") as answer:
        view: dict[str, Any] = json.load(answer)
    return view


def test_a_column_is_pulled_and_placed_by_tapping_on_a_phone(server: str) -> None:
    with sized("phone", CHROMIUM_ARGS, timeout=30_000) as page:
        page.add_init_script(NO_WEBGL)
        sit_down(page, server, "villa", "greedy", options={"hands": "steady"})
        pull_until_placing(page, "phone")
        pulled = observation(server, page)["observation"]["pulled"]
        if page.locator("#board .zone.clickable").count():
            page.locator("#board .zone.clickable").first.tap()
        cell = page.locator("#board .villa-zoom .cell.clickable").first
        token = cell.get_attribute("data-click")
        cell.tap()  # the first tap shows where the column would stand ...
        assert "preview" in (cell.get_attribute("class") or "")
        assert cell.locator(".footprint").is_visible()
        assert page.locator(PLACING).count(), "the first tap placed nothing yet"
        version = int(page.evaluate("document.body.dataset.version"))
        cell.tap()  # ... the second places it
        page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
        view = observation(server, page)["observation"]
    assert token and token.startswith("cell:")
    assert view["columns"][pulled]["level"] == len(view["floors"]), "on the top floor"


@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_the_panels_around_the_3d_villa_fit(server: str, size: str) -> None:
    """The 3D villa's hint and buttons and the table's panels, measured like the flat board."""
    with sized(size, WEBGL_ARGS, timeout=30_000) as page:
        sit_down(page, server, "villa", "greedy", options={"hands": "steady"})
        page.wait_for_selector("#board-own:not([hidden]) canvas")
        page.wait_for_function("document.getElementById('board-own').dataset.mode === 'pull'")
        found = check_layout(page, size, board="#board-own", taps="button")
        switch = page.locator("#board-switch").bounding_box()
    assert found["labels"] == []  # the 3D villa draws its names on the columns, not as text
    assert switch is not None and switch["height"] >= 32
