"""The lobby, a replay and the rules pages measured in Chromium on a desktop (1280x800) and a
phone (390x844), as issue 14 asks: no horizontal scroll, text at least 12 CSS px, and on a phone
every control (a button, a field, a link that stands alone) at least 32 px high and wide; a link
inside a sentence is text, not a control.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.request import Request, urlopen

from browser_support import browser_marks

pytestmark = browser_marks()

GAMES = ("ludo", "bremen", "museum", "siege", "villa")

MEASURE = """() => {
  const width = document.documentElement.clientWidth;
  const shown = (n) => n.getClientRects().length > 0 && !n.closest(".visually-hidden, svg");
  const name = (n) => `${n.tagName.toLowerCase()}${n.id ? "#" + n.id : ""}`
    + `${n.className && typeof n.className === "string" ? "." + n.className.split(" ")[0] : ""}`
    + ` "${(n.textContent || n.value || "").trim().slice(0, 24)}"`;
  const small = [];
  for (const n of document.querySelectorAll("body *")) {
    if (!shown(n)) continue;
    const own = [...n.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    const size = parseFloat(getComputedStyle(n).fontSize);
    if (own && size < 12) small.push(`${name(n)}: ${size}px`);
  }
  const outside = [...document.querySelectorAll("body *")].filter(shown)
    .filter((n) => !n.closest("pre, .table-scroll"))
    .map((n) => [n, n.getBoundingClientRect()])
    .filter(([n, r]) => r.width > 0 && (r.left < -0.5 || r.right > width + 0.5))
    .map(([n, r]) => `${name(n)}: ${Math.round(r.left)}..${Math.round(r.right)}`);
  // A control is what a finger aims at: buttons, fields, and links that stand on their own
  // (a link with words of its own around it is part of a sentence). A check box or radio
  // button is aimed at through its label.
  const inSentence = (a) => [...a.parentElement.childNodes].some(
    (c) => c !== a && c.nodeType === 3 && /[A-Za-z\\u00C0-\\u024F]{2}/.test(c.textContent));
  const aimed = "a[href], button, input, select, summary, textarea";
  const controls = [...document.querySelectorAll(aimed)]
    .filter(shown)
    .filter((n) => !(n.tagName === "A" && inSentence(n)))
    .map((n) => (n.matches("input[type=checkbox], input[type=radio]") && n.closest("label")) || n);
  const tiny = [...new Set(controls)].map((n) => [n, n.getBoundingClientRect()])
    .filter(([n, r]) => Math.min(r.width, r.height) < 32)
    .map(([n, r]) => `${name(n)}: ${Math.round(r.width)}x${Math.round(r.height)}`);
  return {
    scroll: document.documentElement.scrollWidth - width, small, outside, tiny,
    controls: controls.length,
  };
}"""


def check_layout(page: Any, size: str, where: str) -> None:
    found: dict[str, Any] = page.evaluate(MEASURE)
    assert found["scroll"] <= 0, f"{where} at {size}: scrolls sideways by {found['scroll']} px"
    assert not found["outside"], f"{where} at {size}: past the viewport: {found['outside']}"
    assert not found["small"], f"{where} at {size}: text under 12 px: {found['small']}"
    assert found["controls"], f"{where}: no controls found (the measure is broken)"
    if size == "phone":
        assert not found["tiny"], f"{where} on a phone: controls under 32 px: {found['tiny']}"


def finished_table(server: str) -> str:
    """A game of siege between two random bots; its id once it is over."""
    body = {"game": "siege", "players": 2, "seats": ["random", "random"], "seed": 2}
    body |= {"practice": True, "speed": "fast"}
    request = Request(
        server + "/api/tables", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urlopen(request) as response:
        return str(json.load(response)["id"])


def test_the_lobby_fits(sized_page: tuple[str, Any], server: str) -> None:
    size, page = sized_page
    page.goto(server + "/")
    page.wait_for_selector("#game-select")
    check_layout(page, size, "the lobby")


def test_a_replay_fits(sized_page: tuple[str, Any], server: str) -> None:
    size, page = sized_page
    table = finished_table(server)
    page.goto(f"{server}/table/{table}")
    page.wait_for_selector("body[data-status=finished]", timeout=60_000)
    page.goto(f"{server}/table/{table}/replay")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("body[data-step]")
    check_layout(page, size, "the replay")


def test_the_rules_pages_fit(sized_page: tuple[str, Any], server: str) -> None:
    size, page = sized_page
    for game in GAMES:
        page.goto(f"{server}/rules/{game}")
        check_layout(page, size, f"the rules of {game}")
