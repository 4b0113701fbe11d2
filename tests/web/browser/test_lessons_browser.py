"""The guided first games in Chromium (issue 33, item 6): `/learn/ludo` and `/learn/siege`
finished by clicking the lit pieces, one of them with the keyboard alone; a wrong click leaves
the board as it was; the lobby and the rules pages link to the lessons; no page overflows a
phone; axe-core finds no serious or critical violation at 1280x800 and 390x844."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import VIEWPORTS, browser_marks
from test_accessibility_browser import BLOCKING, RUN_AXE, axe_script, report

from ludoteca.lessons import lesson_of

pytestmark = browser_marks()


def steps_of(game_id: str) -> int:
    found = lesson_of(game_id)
    assert found is not None
    return len(found.steps)


def step_on_page(page: Any) -> int:
    return int(page.get_attribute("#board", "data-step"))


def click_lit(page: Any) -> None:
    """Click where a person sees the lit piece: the middle of its box on the screen."""
    box = page.locator("#board .lesson-lit:visible").first.bounding_box()
    assert box is not None, "nothing is lit"
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def finish_by_clicking(page: Any, server: str, game_id: str) -> None:
    page.goto(f"{server}/learn/{game_id}")
    count = steps_of(game_id)
    for step in range(count):
        chosen = 0
        while step_on_page(page) == step:  # a path of several clicks lights its fields in turn
            click_lit(page)
            page.wait_for_function(
                """([s, c]) => document.querySelector('#board').dataset.step !== String(s)
                   || document.querySelectorAll('#board .lesson-chosen').length > c""",
                arg=[step, chosen],
            )
            chosen = page.locator("#board .lesson-chosen").count()
        assert step_on_page(page) == step + 1
    assert page.locator("#lesson-end").is_visible()
    assert page.get_attribute("[data-testid=lesson-rules]", "href") == f"/rules/{game_id}"
    assert page.get_attribute("[data-testid=lesson-play]", "href") == "/"
    assert page.locator("#board .lesson-lit").count() == 0


def test_ludo_lesson_finished_by_clicking_the_lit_pawns(page: Any, server: str) -> None:
    finish_by_clicking(page, server, "ludo")


def test_siege_lesson_finished_by_clicking_the_lit_pieces(page: Any, server: str) -> None:
    """Siege's moves take two clicks (the piece, then its field): both are lit in turn."""
    finish_by_clicking(page, server, "siege")


def test_a_wrong_click_changes_nothing(page: Any, server: str) -> None:
    page.goto(f"{server}/learn/ludo?step=3")
    before = page.inner_html("#board")
    other = page.locator("#board [data-action]:not(.lesson-lit)").first  # the other pawn
    box = other.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 4)
    page.wait_for_function("document.querySelector('#lesson-feedback').textContent !== ''")
    assert "Not that one" in page.inner_text("#lesson-feedback")
    page.wait_for_timeout(300)
    assert page.inner_html("#board") == before
    assert step_on_page(page) == 3


def test_ludo_lesson_with_the_keyboard_alone(page: Any, server: str) -> None:
    """Tab reaches the lit pawn; Enter plays it; the next lit pawn then has the focus."""
    page.goto(f"{server}/learn/ludo?lang=nl")
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('lesson-lit')"):
            break
    for step in range(steps_of("ludo")):
        assert page.evaluate("document.activeElement.classList.contains('lesson-lit')"), step
        page.keyboard.press("Enter")
        page.wait_for_function(
            "s => document.querySelector('#board').dataset.step === String(s)", arg=step + 1
        )
    assert page.locator("#lesson-end").is_visible()
    assert "Speel een echt spel" in page.inner_text("#lesson-end")


def test_lobby_and_rules_pages_link_to_the_lessons(page: Any, server: str) -> None:
    page.goto(server)
    for game_id in ("ludo", "bremen", "museum", "siege", "villa"):
        assert page.get_attribute(f"[data-testid=learn-{game_id}]", "href") == f"/learn/{game_id}"
    page.goto(f"{server}/rules/siege")
    page.click("[data-testid=learn-link]")
    page.wait_for_url(f"{server}/learn/siege")
    assert page.locator("#board .lesson-lit").count() >= 1


@pytest.mark.slow
@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
def test_lesson_pages_pass_axe(page: Any, server: str, viewport: str) -> None:
    """On the phone, where layouts are tightest, a step of every game and the end of one; on the
    desktop ludo, siege and the end (axe reads each page for seconds). Nothing is wider than the
    screen, and the lit piece's tap area is at least 44 px."""
    script = axe_script()
    width, height = VIEWPORTS[viewport]
    page.set_viewport_size({"width": width, "height": height})
    shown = (
        ("ludo", "bremen", "museum", "siege", "villa") if viewport == "phone" else ("ludo", "siege")
    )
    pages = [f"/learn/{g}?step=1" for g in shown]
    if viewport == "phone":
        pages.append("/learn/villa?step=0")  # a button of the panel is lit: its own size counts
    pages.append(f"/learn/siege?step={steps_of('siege')}")
    for url in pages:
        page.goto(server + url)
        page.wait_for_selector("#lesson-boot", state="attached")
        assert page.evaluate("document.documentElement.scrollWidth") <= width, url
        # The tap area: the ring's hit rectangle over an SVG element, or the lit button itself.
        if page.locator("#board .lesson-lit").count():  # not at the end
            hit = page.locator("#board .lesson-hit, #board .lesson-lit-html:visible").first
            box = hit.bounding_box()
            assert box is not None, url
            assert box["width"] >= 43.5 and box["height"] >= 43.5, (url, box)
        page.add_script_tag(path=str(script))
        violations = [v for v in page.evaluate(RUN_AXE) if v["impact"] in BLOCKING]
        assert not violations, f"{url} at {viewport}:\n{report(violations)}"
