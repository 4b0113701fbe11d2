"""axe-core in Chromium on every kind of page (issue 14, accessibility): the lobby, a table of
each game in the middle of a game, a replay and the rules pages, at 1280x800 and on a phone
(390x844), in English and (lobby and a table) in Dutch and German. No "serious" or "critical"
violation is allowed. A page's words do not change what axe finds, its layout may: the other
languages and most rules pages are checked on the phone only, where layouts are tightest.

axe-core is the npm package pinned in package.json (`make test` runs `npm ci`); the tests read
`node_modules/axe-core/axe.min.js` and inject it into the page, so players are never served it.
Without it the tests fail and say how to install it; `LUDOTECA_ALLOW_NO_AXE=1` turns that into
a skip, for a machine without npm. One server, one browser and one tab serve the whole module.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import CHROMIUM, VIEWPORTS, browser_marks, live_server
from test_ludo_siege_layout import get, midgame_table, post
from test_villa_3d_browser import WEBGL_ARGS
from test_villa_browser import NO_WEBGL

pytestmark = [*browser_marks(), pytest.mark.slow]  # axe reads each page for seconds

AXE = Path(__file__).resolve().parents[3] / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
GAMES = {"ludo": (4, 8), "bremen": (2, 4), "museum": (2, 4), "siege": (2, 4), "villa": (2, 2)}

RUN_AXE = """async () => {
  const found = await axe.run(document, { resultTypes: ['violations'] });
  return found.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
  }));
}"""


def axe_script() -> Path:
    """The axe-core build to inject; a clear failure (or, when allowed, a skip) without it."""
    if AXE.exists():
        return AXE
    why = f"axe-core is not installed ({AXE} is missing): run `npm ci --ignore-scripts`"
    if os.environ.get("LUDOTECA_ALLOW_NO_AXE"):
        pytest.skip(why + " (skipped: LUDOTECA_ALLOW_NO_AXE is set)")
    pytest.fail(why + ", or set LUDOTECA_ALLOW_NO_AXE=1 to skip these tests", pytrace=False)


def report(violations: list[dict[str, Any]]) -> str:
    """One line per rule (its id, impact and summary), then each element it found, readable."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} [{v['impact']}]: {v['help']}")
        for node in v["nodes"]:
            summary = " ".join(node["summary"].split())
            lines.append(f"    {node['target']}: {summary}")
    return "\n".join(lines)


def check(page: Any, viewport: str, url: str, ready: Callable[[Any], None]) -> None:
    """Open `url` at `viewport`, wait until `ready`, and fail on serious or critical findings."""
    script = axe_script()
    width, height = VIEWPORTS[viewport]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(url)
    ready(page)
    page.add_script_tag(path=str(script))
    violations = [v for v in page.evaluate(RUN_AXE) if v["impact"] in BLOCKING]
    assert not violations, f"{url} at {viewport}:\n{report(violations)}"


def table_ready(page: Any) -> None:
    """The live view has arrived: connected, and the person's seat shows whether they are."""
    page.wait_for_selector("#connection.online")
    page.wait_for_selector("#seats .presence")


def replay_ready(page: Any) -> None:
    page.wait_for_selector("#board svg")


def rules_ready(page: Any) -> None:
    page.wait_for_selector("#full-rules h1, #full-rules h2")


def lobby_ready(page: Any) -> None:
    page.wait_for_selector("#game-select")


class Site:
    """The module's server and the pages made on it once: mid-game tables and a replay."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._tables: dict[str, str] = {}
        self._replay: str | None = None

    def table(self, game: str) -> str:
        """The person's link to a table of `game` in the middle of a game (made once)."""
        if game not in self._tables:
            players, moves = GAMES[game]
            self._tables[game] = midgame_table(self.url, game, players, moves)
        return self._tables[game]

    def replay(self) -> str:
        """The replay of a finished game of two random bots (made once)."""
        if self._replay is None:
            body = {
                "game": "ludo",
                "players": 2,
                "seats": ["random", "random"],
                "seed": 2,
                "practice": True,
                "speed": "fast",
                "options": {"colours_per_seat": "1"},
            }
            table = post(self.url + "/api/tables", body)["id"]
            deadline = time.monotonic() + 60
            while get(f"{self.url}/api/tables/{table}")["status"] == "playing":
                assert time.monotonic() < deadline, "the bots did not finish their game"
                time.sleep(0.1)
            self._replay = f"{self.url}/table/{table}/replay"
        return self._replay


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with live_server(tmp_path_factory.mktemp("axe") / "axe.db") as url:
        yield Site(url)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium with software WebGL, so that Villa Paletti shows its 3D board."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=WEBGL_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def tab(browser: Any) -> Any:
    page = browser.new_page()
    page.set_default_timeout(20_000)
    return page


@pytest.mark.parametrize(
    ("language", "viewport"), [("en", "desktop"), ("en", "phone"), ("nl", "phone"), ("de", "phone")]
)
def test_the_lobby_has_no_serious_violation(
    site: Site, tab: Any, language: str, viewport: str
) -> None:
    check(tab, viewport, f"{site.url}/?lang={language}", lobby_ready)


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("game", GAMES)
def test_a_table_in_the_middle_of_a_game_has_no_serious_violation(
    site: Site, tab: Any, game: str, viewport: str
) -> None:
    check(tab, viewport, f"{site.table(game)}&lang=en", table_ready)


@pytest.mark.parametrize("language", ["nl", "de"])
def test_a_table_in_another_language_has_no_serious_violation(
    site: Site, tab: Any, language: str
) -> None:
    check(tab, "phone", f"{site.table('ludo')}&lang={language}", table_ready)


def test_the_3d_villa_has_a_name_and_its_svg_fallback_no_serious_violation(
    site: Site, tab: Any, browser: Any
) -> None:
    tab.set_viewport_size({"width": 1280, "height": 800})
    tab.goto(f"{site.table('villa')}&lang=en")
    canvas = tab.wait_for_selector("#board-own:not([hidden]) canvas")
    assert canvas.get_attribute("role") == "img"
    assert (canvas.get_attribute("aria-label") or "").strip(), "the 3D villa has no name"
    flat = browser.new_page()
    try:
        flat.add_init_script(NO_WEBGL)
        for viewport in VIEWPORTS:
            check(flat, viewport, f"{site.table('villa')}&lang=en", table_ready)
            assert flat.locator("#board svg.villa-board").is_visible()
    finally:
        flat.close()


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_replay_has_no_serious_violation(site: Site, tab: Any, viewport: str) -> None:
    check(tab, viewport, f"{site.replay()}?lang=en", replay_ready)


@pytest.mark.parametrize(
    ("game", "viewport"), [("ludo", "desktop"), *((game, "phone") for game in GAMES)]
)
def test_a_rules_page_has_no_serious_violation(
    site: Site, tab: Any, game: str, viewport: str
) -> None:
    check(tab, viewport, f"{site.url}/rules/{game}?lang=en", rules_ready)
