"""The 3D villa (`games/villa/static/board.js`) in a real headless Chromium with software WebGL:
a person pulls a column by clicking it in the 3D view and places it by clicking a spot on the
top floor and confirming; and where WebGL is missing the SVG board is the one shown."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.request import urlopen

import pytest
from browser_support import CHROMIUM, CHROMIUM_ARGS, browser_marks, sit_down
from test_villa_browser import NO_WEBGL

pytestmark = browser_marks()

WEBGL_ARGS = [arg for arg in CHROMIUM_ARGS if arg != "--disable-gpu"] + [
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
]
OWN = "document.getElementById('board-own')"


@pytest.fixture
def page3d(server: str) -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=WEBGL_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.set_default_timeout(20_000)
        yield page
        browser.close()


def mode(page: Any) -> str:
    return str(page.evaluate(f"{OWN}.dataset.mode || ''"))


def wait_for_mode(page: Any, *modes: str) -> str:
    names = json.dumps(list(modes))
    page.wait_for_function(
        f"{names}.includes({OWN}.dataset.mode) || document.body.dataset.status !== 'playing'"
    )
    return mode(page)


def observation(server: str, page: Any) -> dict[str, Any]:
    """Seat 0's view of the table from the API (the URL of the page holds its token)."""
    path = page.url.split("/table/", 1)[1]
    table, query = path.split("?", 1)
    with urlopen(f"{server}/api/tables/{table}?{query}") as answer:
        view: dict[str, Any] = json.load(answer)
    return view


def click_a_pullable_column(page: Any) -> int:
    """Click, on the canvas, a highlighted column that is in sight at its own middle."""
    for column in page.evaluate(f"{OWN}.villa3d.pullable()"):
        point = page.evaluate(f"{OWN}.villa3d.point('column:{column}')")
        hit = page.evaluate(f"{OWN}.villa3d.tokenAt({point['x']}, {point['y']})")
        if hit == f"column:{column}":
            page.mouse.click(point["x"], point["y"])
            return int(column)
    pytest.fail("no highlighted column is in sight")


def test_a_person_pulls_and_places_a_column_in_the_3d_villa(server: str, page3d: Any) -> None:
    page = page3d
    sit_down(page, server, "villa", "greedy", options={"hands": "steady"})
    page.wait_for_selector("#board-own:not([hidden]) canvas")
    assert page.locator("#board").is_hidden()
    placed = None
    for _attempt in range(6):  # a pull the villa needs is noticed: the turn passes, try again
        if wait_for_mode(page, "pull") != "pull":
            break
        column = click_a_pullable_column(page)
        if wait_for_mode(page, "place", "watch") == "place":
            placed = column
            break
    assert placed is not None, "no pull came out in six turns"
    spots = page.evaluate(f"{OWN}.villa3d.spots()")
    target = spots[len(spots) // 2]
    point = page.evaluate(f"{OWN}.villa3d.point('spot:{target}')")
    page.mouse.click(point["x"], point["y"])
    assert page.evaluate(f"{OWN}.dataset.chosen") == str(target)
    page.focus("#board-own canvas")  # the arrows move the ghost, and back again
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(f"{OWN}.dataset.chosen") in {str(s) for s in spots}
    page.mouse.click(point["x"], point["y"])
    page.click('[data-testid="villa-confirm"]')
    page.wait_for_function(f"{OWN}.dataset.mode !== 'place'")
    view = observation(server, page)
    letters = "WKPC"
    name = f"{letters[placed // 5]}{placed % 5 + 1}"
    top = len(view["observation"]["floors"])
    assert view["observation"]["columns"][name]["level"] == top


def test_without_webgl_the_svg_board_is_played(server: str, page: Any) -> None:
    """WebGL is taken away: the page keeps the SVG board, without the switch to 3D."""
    page.add_init_script(NO_WEBGL)
    sit_down(page, server, "villa", "greedy", options={"hands": "steady"})
    page.wait_for_selector("#board [data-click].clickable")
    assert page.locator("#board-own").is_hidden()
    assert page.locator("#board-switch").is_hidden()
    page.locator("#board [data-chip].clickable").first.click()
    page.wait_for_function("Number(document.body.dataset.version) > 2")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_the_3d_villa_fits_the_screen_and_its_controls_are_big_enough(
    server: str, page3d: Any, size: tuple[int, int]
) -> None:
    """Measured, not looked at: no sideways scrolling, the canvas inside the viewport's width,
    the hint at least 12 px, every button of the bar at least 32 px tall."""
    page = page3d
    page.set_viewport_size({"width": size[0], "height": size[1]})
    sit_down(page, server, "villa", "greedy", options={"hands": "steady"})
    page.wait_for_selector("#board-own:not([hidden]) canvas")
    wait_for_mode(page, "pull")
    measured = page.evaluate(
        """() => {
          const own = document.getElementById("board-own");
          const canvas = own.querySelector("canvas").getBoundingClientRect();
          const hint = getComputedStyle(own.querySelector(".villa-3d-hint")).fontSize;
          const switcher = document.getElementById("board-switch");
          const buttons = [...own.querySelectorAll("button"), switcher]
            .map((b) => b.getBoundingClientRect().height);
          return {scroll: document.documentElement.scrollWidth, width: innerWidth,
                  left: canvas.left, right: canvas.right, hint: parseFloat(hint), buttons};
        }"""
    )
    assert measured["scroll"] <= measured["width"]
    assert measured["left"] >= 0 and measured["right"] <= measured["width"]
    assert measured["hint"] >= 12
    assert measured["buttons"] and min(measured["buttons"]) >= 32
