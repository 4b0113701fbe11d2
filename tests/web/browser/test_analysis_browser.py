"""The analysis in a real browser (issue 18): a person watches bots finish a game, presses
"Analyse", follows the progress, reads the graph and the marks, and jumps by the graph.

Issue 18, done means: "Browser test: finish a game against bots, press "Analyse", see the graph
and the marks, click a point of the graph and land on that position."
Siege is the game: its review takes well under a second, so the test measures the page.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from browser_support import VIEWPORTS, browser_marks
from test_accessibility_browser import check

pytestmark = browser_marks()

WATCH_STATUS = """() => {
  window.analysisStates = [];
  new MutationObserver(() => {
    const section = document.getElementById("analysis");
    const bar = document.getElementById("analysis-bar");
    if (!section || !bar) return;
    const seen = `${section.dataset.status || "none"}:${bar.value}`;
    if (window.analysisStates.at(-1) !== seen) window.analysisStates.push(seen);
  }).observe(document, { subtree: true, attributes: true, childList: true });
}"""
"""Records every state the analysis panel shows (status and the bar's percent) as it happens."""


def finished_bot_game(server: str) -> str:
    """A siege game between a random and a greedy bot, played to its end: its table id."""
    body = {"game": "siege", "players": 2, "seats": ["random", "greedy"], "seed": 5}
    created = httpx.post(f"{server}/api/tables", json={**body, "practice": True})
    assert created.status_code == 201, created.text
    table = str(created.json()["id"])
    deadline = time.monotonic() + 20
    while httpx.get(f"{server}/api/tables/{table}").json()["status"] == "playing":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.05)
    return table


def test_analyse_a_finished_game_and_jump_by_the_graph(server: str, page: Any) -> None:
    table = finished_bot_game(server)
    page.add_init_script(f"({WATCH_STATUS})()")
    page.goto(f"{server}/table/{table}")
    analyse = page.locator('[data-testid="analyse"]')  # offered once the game is over
    analyse.click()
    page.wait_for_url(f"**/table/{table}/replay?analyse=1")
    graph = page.locator('[data-testid="graph"]')
    graph.wait_for()

    states = page.evaluate("window.analysisStates")
    running = [s for s in states if s.startswith("running:")]  # the bar, before the graph
    assert running and states.index(running[0]) < len(states) - 1, states
    assert states[-1].startswith("done:"), states
    review = httpx.get(f"{server}/api/tables/{table}/analysis").json()["review"]
    marked = [e for e in review["entries"] if e["mark"] is not None]
    assert marked, "a random bot's game has marked moves"
    symbols = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
    shown = page.locator("#move-list .move-mark")
    assert shown.count() == len(marked)
    first = marked[0]
    button = page.locator(f'#move-list [data-step="{first["index"] + 1}"]')
    words = (button.locator(".move-mark").text_content() or "").strip()
    assert words == f"{symbols[first['mark']]} ({first['mark']})"  # the symbol, and for readers
    assert graph.locator(".graph-mark").count() == len(marked)
    assert page.locator('[data-testid="summary-card"]').count() == 2

    # A point of the graph: the position under the pointer is shown.
    last = len(review["entries"])
    steps = {e["index"] + 1 for e in marked}
    target = next(k for k in range(last // 2, last) if k not in steps)  # not under a dot
    graph.scroll_into_view_if_needed()
    box = graph.bounding_box()
    x0, x1 = (float(graph.get_attribute(name) or 0) for name in ("data-x0", "data-x1"))
    scale = box["width"] / float(graph.get_attribute("width") or 1)
    x = box["x"] + (x0 + (x1 - x0) * target / last) * scale
    page.mouse.click(x, box["y"] + box["height"] / 2)
    page.wait_for_function(f"document.body.dataset.step === '{target}'")
    assert page.locator("#position").inner_text() == f"Position {target} of {last}"
    assert page.locator("#slider").input_value() == str(target)

    # A marked move: its dot on the graph goes there, and the better move is told and drawn.
    step = first["index"] + 1
    graph.locator(f'.graph-mark[data-step="{step}"]').click()
    page.wait_for_function(f"document.body.dataset.step === '{step}'")
    better = page.locator("#better-text")
    assert better.is_visible() and "Better:" in better.inner_text()
    page.click("#better-show")
    page.wait_for_function(f"document.body.dataset.better === '{first['index']}'")
    assert page.locator("#board [data-last-move]").count() > 0

    # By keyboard: a focused dot is a button.
    other = marked[-1]["index"] + 1
    graph.locator(f'.graph-mark[data-step="{other}"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.step === '{other}'")

    # Stored with the table: a reload shows it at once, without pressing anything.
    page.goto(f"{server}/table/{table}/replay")
    graph.wait_for()
    assert page.locator("#analyse").is_hidden()
    assert page.locator("#move-list .move-mark").count() == len(marked)


@pytest.mark.slow  # axe reads the page for seconds
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_an_analysed_replay_has_no_serious_accessibility_violation(
    server: str, page: Any, viewport: str
) -> None:
    """Issue 14's axe check on the replay with its analysis shown, a marked move selected."""
    table = finished_bot_game(server)
    assert httpx.post(f"{server}/api/tables/{table}/analysis").status_code == 202

    def analysed(page: Any) -> None:
        page.wait_for_selector('[data-testid="graph"]')
        page.locator("#move-list .move-mark").first.click()
        page.wait_for_selector("#better:not([hidden])")

    check(page, viewport, f"{server}/table/{table}/replay?lang=en", analysed)
