"""What every browser test module shares: where Chromium is, how it starts, the marks."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from ludoteca.web.server import create_app

CHROMIUM = Path("/usr/bin/chromium")
VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}
"""The two sizes every page is measured at: a desktop and a phone."""

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def browser_marks() -> list[pytest.MarkDecorator]:
    """The marks of every browser test module: one xdist group, skipped without Chromium."""
    return [
        pytest.mark.browser,
        pytest.mark.xdist_group("browser"),
        pytest.mark.skipif(not CHROMIUM.exists(), reason=f"no Chromium at {CHROMIUM}"),
    ]


@contextmanager
def live_server(
    database: Path, wrap: Callable[[Any], Any] | None = None, **app_options: Any
) -> Iterator[str]:
    """The app on the SQLite file `database` under uvicorn in a background thread, on a free
    port of 127.0.0.1 (`app_options` go to `create_app`; `wrap`, if given, puts an ASGI layer
    around it, as a proxy in front would be); yields its address and stops it afterwards."""
    import uvicorn

    app = create_app(f"sqlite:///{database}", bot_delay=0.0, **app_options)
    served = app if wrap is None else wrap(app)
    config = uvicorn.Config(served, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def fill_table_form(
    page: Any,
    server: str,
    game: str,
    bot: str,
    *,
    players: int | None = 2,
    options: dict[str, str] | None = None,
    listed: bool = False,
) -> Any:
    """In the lobby: `game` for a person in seat 0 against `bot`, fast bots; not yet sent.

    `players=None` for a game with one player count (no choice in the form); `listed`: shown
    in the lobby's lists. Returns the game's fieldset for further checks.
    """
    page.goto(server + "/")
    setup = page.locator(f'fieldset[data-game="{game}"]')
    page.select_option("#game-select", game)
    if players is not None:
        setup.locator('select[name="players"]').select_option(str(players))
    setup.locator('select[name="seat0"]').select_option("human")
    setup.locator('select[name="seat1"]').select_option(bot)
    if options:
        setup.locator("details.options summary").click()
        for name, value in options.items():
            setup.locator(f'select[name="option.{name}"]').select_option(value)
    page.check('input[name="speed"][value="fast"]')
    if listed:
        page.check("#listed")
    return setup


def open_table(page: Any) -> None:
    """Send the lobby form and wait at the new table until its live connection is up."""
    page.click('button[type="submit"]')
    page.wait_for_url("**/table/*?seat=0&token=*")
    page.wait_for_selector("#connection.online")


def sit_down(page: Any, server: str, game: str, bot: str, **form: Any) -> None:
    """Open a table of `game` with a person in seat 0 against `bot` (see `fill_table_form`)."""
    fill_table_form(page, server, game, bot, **form)
    open_table(page)


PLAY_FORCED_OFF = "localStorage.setItem('ludoteca.play-forced', '0')"
"""An init script for a test that plays a position's only move itself (static/forced.js plays
it after 0.7 s by default)."""


MEASURE = """(where) => {
  const tappable = '[data-action], [data-target-of], [data-click].clickable';
  const {board = '#board', taps = tappable} = where || {};
  const vw = window.innerWidth;
  const root = document.querySelector(board);
  const box = root.getBoundingClientRect();
  const message = document.getElementById('message');
  const m = message.getBoundingClientRect();
  const hit = document.elementFromPoint(m.left + m.width / 2, m.top + m.height / 2);
  const shown = (el) => el.getClientRects().length > 0;
  const labels = [...root.querySelectorAll('svg text')].filter((t) => t.textContent.trim())
    .filter(shown).map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
  const small = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg') || el.closest('[hidden]') || !shown(el)) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (own && size < 12) small.push(`${el.tagName}.${el.className}: ${size}px`);
  }
  const targets = [...root.querySelectorAll(taps)].filter(shown)
    .map((el) => { const r = el.getBoundingClientRect(); return Math.min(r.width, r.height); });
  const seen = (el) => { // the element's box as far as the SVG viewports around it show it
    const r = el.getBoundingClientRect();
    let [left, right] = [r.left, r.right];
    for (let svg = el.parentElement?.closest('svg'); svg; svg = svg.parentElement?.closest('svg')) {
      const clip = svg.getBoundingClientRect();
      [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
    }
    return {left, right, width: right - left};
  };
  const outside = [...root.querySelectorAll('*')].filter((el) => !el.closest('style, title, defs'))
    .map(seen).filter((r) => r.width > 0 && (r.left < -0.5 || r.right > vw + 0.5)).length;
  return {
    scroll: document.documentElement.scrollWidth - vw,
    left: box.left, right: box.right, viewport: vw, outside,
    messageFree: message.contains(hit), labels, small, taps: targets,
  };
}"""
"""Measures a table page (issue 14): sideways scroll, the board's box (`board`, a selector)
against the viewport and how many of its elements reach past it (as far as the SVG viewports
around them show them), whether the status line (#message) is covered, every board label's
size as rendered (SVG text), the panel text under 12 CSS px outside any SVG, and the smaller
side of every shown tap target (`taps`) on the board. Pass `{board, taps}` to
`page.evaluate(MEASURE, ...)`; both are optional."""


@contextmanager
def sized(size: str, args: list[str], timeout: float = 15_000) -> Iterator[Any]:
    """A page of `size` (a phone: mobile, touch) in a Chromium started with `args`."""
    sync_api = pytest.importorskip("playwright.sync_api")
    width, height = VIEWPORTS[size]
    touch = {"is_mobile": True, "has_touch": True} if size == "phone" else {}
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=args)
        page = browser.new_page(viewport={"width": width, "height": height}, **touch)
        page.set_default_timeout(timeout)
        yield page
        browser.close()
