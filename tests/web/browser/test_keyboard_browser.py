"""Each game played with the keyboard alone, the replay stepped with the arrows, and the live
region that tells a screen reader the last move (issue 14 §3: "the whole game is playable
with the keyboard (tab through the legal moves, Enter to play, arrow keys in the replay); a
text description of the position for screen readers (aria-live for the last move)").
"""

from __future__ import annotations

import json
from typing import Any
from urllib.request import Request, urlopen

import pytest
from browser_support import PLAY_FORCED_OFF, browser_marks
from test_villa_3d_browser import OWN, page3d, wait_for_mode  # noqa: F401 (page3d: a fixture)

pytestmark = browser_marks()

FOCUSED = """() => {{
  const node = document.activeElement;
  if (!node.matches({selector!r})) return null;
  const style = getComputedStyle(node);
  return style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
}}"""
"""Null while the focused element does not match the selector, else whether it draws a focus
ring (an outline at least 2 px wide). Both in one evaluation: a view drawn between two of them
(a bot's move, the presence of the other seat) replaces the board and may move the focus to
another control."""


def create(server: str, game: str, seed: int, **body: Any) -> str:
    """A practice table of `game`: a person in seat 0 against a random bot; the seat's link."""
    payload = {"game": game, "players": 2, "seats": ["human", "random"], "seed": seed}
    payload |= {"practice": True, "speed": "fast", **body}
    request = Request(
        server + "/api/tables", json.dumps(payload).encode(), {"Content-Type": "application/json"}
    )
    with urlopen(request) as response:
        return str(json.load(response)["play"])


def open_seat(page: Any, server: str, link: str) -> None:
    page.goto(server + link)
    page.wait_for_selector("#connection.online")
    # attached, not visible: in 3D villa the flat board is hidden behind the 3D view
    page.wait_for_selector("#board:not(.waiting)", state="attached")


def tab_to(page: Any, selector: str, presses: int = 400) -> str:
    """Press Tab until the focus is on an element matching `selector`; its outer HTML's start."""
    for _press in range(presses):
        page.keyboard.press("Tab")
        ring = page.evaluate(FOCUSED.format(selector=selector))
        if ring is not None:
            assert ring, "the focused element shows no focus ring"
            return str(page.evaluate("() => document.activeElement.outerHTML.slice(0, 120)"))
    pytest.fail(f"Tab never reached {selector}")


def decisions(page: Any) -> int:
    return int(page.locator("#log li.move-entry").count())


def test_ludo_a_pawn_moves_by_keyboard(server: str, page: Any) -> None:
    """Tab reaches the movable pawn (a focusable button with a focus ring), Enter moves it.

    The pawn's move is the seat's only one (seed 1): "play forced moves for me" is switched off,
    else the page plays it after 700 ms and the test races it (on a loaded machine it lost)."""
    page.add_init_script(PLAY_FORCED_OFF)
    open_seat(page, server, create(server, "ludo", seed=1))
    assert page.locator("#board-keys").is_hidden()
    tab_to(page, "#board [data-action]")
    assert page.locator("#board-keys").is_visible()  # the keys, shown once the keyboard is there
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('#log li.move-entry').length >= 1")
    assert "Red" in page.locator("#log li.move-entry").first.inner_text()


def test_siege_a_piece_moves_from_field_to_field_by_keyboard(server: str, page: Any) -> None:
    """Two steps: Tab to a knight's field, Enter; Tab to one of its target fields, Enter. The
    bot answers, and the live region then tells its move in the words of the log."""
    open_seat(page, server, create(server, "siege", seed=1))
    tab_to(page, "#board [data-click].clickable")
    page.keyboard.press("Enter")
    page.wait_for_selector("#board [data-click].selected")
    assert page.locator("#selection").is_visible()
    tab_to(page, "#board [data-click].clickable:not(.selected)")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelectorAll('#log li.move-entry').length >= 2"
        " && !document.querySelector('#moves-panel').hidden"
    )
    said = page.locator("#last-move").inner_text()
    bot_move = page.locator("#log li.move-entry").last.locator(".say").inner_text()
    assert said.endswith(bot_move)  # after the person's own move, when one view brought both
    assert "bot" in said
    live = page.locator("#last-move")
    assert live.get_attribute("aria-live") == "polite"
    description = page.locator("#board-description").text_content() or ""
    assert "knights" in description  # the position in words, for a screen reader


def test_villa_svg_pull_and_place_by_keyboard(server: str, page: Any) -> None:
    """The flat villa (the board without WebGL's 3D view): Tab to a column's chip, Enter pulls
    it; once it came out, Tab to a part of the top floor's grid and Enter shows it large (where
    the grid has parts), then the arrow keys walk its points and Enter places the column."""
    page.add_init_script("HTMLCanvasElement.prototype.getContext = () => null;")
    open_seat(page, server, create(server, "villa", seed=1, options={"hands": "steady"}))
    placing = '#board [data-click^="cell:"].clickable, #board [data-click^="zone:"].clickable'
    for _turn in range(6):  # a pull the villa needs is noticed and the turn passes: again
        page.wait_for_selector("#board:not(.waiting) [data-click].clickable")
        tab_to(page, '#board [data-click^="column:"].clickable')
        page.keyboard.press("Enter")
        page.wait_for_selector("#board:not(.waiting) [data-click].clickable")
        if page.locator(placing).count():
            break
    else:
        pytest.fail("no pull came out in six turns")
    if page.locator('#board [data-click^="zone:"].clickable').count():
        tab_to(page, '#board [data-click^="zone:"].clickable')
        page.keyboard.press("Enter")
    first = tab_to(page, '#board [data-click^="cell:"].clickable')
    page.keyboard.press("ArrowRight")
    moved = page.evaluate("() => document.activeElement.outerHTML.slice(0, 120)")
    assert moved != first and 'data-click="cell:' in moved
    before = decisions(page)
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => document.querySelectorAll('#log li.move-entry').length > {before}"
    )
    assert "places" in page.locator("#log li.move-entry").nth(before).inner_text()


@pytest.mark.slow  # software WebGL takes half a minute on a busy machine
def test_villa_3d_pull_and_place_by_keyboard(server: str, page3d: Any) -> None:  # noqa: F811
    """The 3D villa: a pull is one of the move buttons beside it (Tab, Enter); the ghost column
    then stands on the top floor, the arrows move it and Enter on the focused view places it."""
    page = page3d
    open_seat(page, server, create(server, "villa", seed=1, options={"hands": "steady"}))
    page.wait_for_selector("#board-own:not([hidden]) canvas", timeout=60_000)  # software GL
    for _turn in range(6):
        if wait_for_mode(page, "pull") != "pull":
            break
        tab_to(page, "#moves .move:not([hidden])")
        assert page.evaluate("() => document.activeElement.title").startswith("pull")
        page.keyboard.press("Enter")
        if wait_for_mode(page, "place", "watch") == "place":
            break
    else:
        pytest.fail("no pull came out in six turns")
    assert page.evaluate(f"{OWN}.dataset.chosen")  # the ghost stands on the floor's middle
    tab_to(page, "#board-own canvas")
    page.keyboard.press("ArrowRight")
    before = decisions(page)
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => document.querySelectorAll('#log li.move-entry').length > {before}"
    )
    assert "places" in page.locator("#log li.move-entry").nth(before).inner_text()


def test_the_replay_steps_with_the_arrow_keys(server: str, page: Any) -> None:
    """Right and Left step a turn, End and Home jump to the ends."""
    link = create(server, "siege", seed=2, seats=["random", "random"])
    table = link.split("/table/")[1].split("?")[0]
    page.goto(f"{server}/table/{table}")
    page.wait_for_selector("body[data-status=finished]", timeout=60_000)
    page.goto(f"{server}/table/{table}/replay")
    last = int(page.locator("#replay").get_attribute("data-last") or 0)
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("body[data-step='1']")
    page.keyboard.press("End")
    page.wait_for_selector(f"body[data-step='{last}']")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"body[data-step='{last - 1}']")
    page.keyboard.press("Home")
    page.wait_for_selector("body[data-step='0']")


FOCUS_ON_BOARD = """() => {
  const node = document.activeElement;
  const board = document.getElementById("board");
  return node !== board && board.contains(node) && node.matches("[data-click].clickable");
}"""


def test_the_focus_stays_on_the_board_when_a_view_redraws_it(server: str, page: Any) -> None:
    """A keyboard player's place survives the redraws: after their move and the bot's answer
    (two new boards) the focus is on a piece they can move now, not lost to the page's body,
    so the next move starts with Enter or the arrows instead of a walk through every link."""
    open_seat(page, server, create(server, "siege", seed=1))
    tab_to(page, "#board [data-click].clickable")
    page.keyboard.press("Enter")
    tab_to(page, "#board [data-click].clickable:not(.selected)")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelectorAll('#log li.move-entry').length >= 2"
        " && !document.querySelector('#moves-panel').hidden"
    )
    page.wait_for_function(FOCUS_ON_BOARD)
    page.keyboard.press("Enter")  # the focused knight is chosen: its targets light
    page.wait_for_selector("#board [data-click].selected")
