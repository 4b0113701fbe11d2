"""Issue 33's "My games" and installable app, in Chromium: the page that lists every table this
browser holds a seat at (your turn first, the count in the title), the manifest with its icons,
the service worker keeping the static files, and the offline page in the reader's language."""

from __future__ import annotations

import json
import struct
from typing import Any

import httpx
import pytest
from browser_support import browser_marks, sit_down
from test_accessibility_browser import check

from ludoteca.web.pages.app_shell import shell_files

pytestmark = browser_marks()


def new_tab(browser: Any, width: int = 1280, height: int = 800) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "a PNG file"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_my_games_lists_every_held_table_your_turn_first_with_the_count_in_the_title(
    server: str, chromium: Any
) -> None:
    page = new_tab(chromium)
    page.goto(server + "/my")
    page.get_by_test_id("my-games-empty").wait_for()
    for game in ("ludo", "siege"):
        sit_down(page, server, game, "greedy", players=None if game == "siege" else 2)
    page.get_by_test_id("my-games-link").click()
    page.wait_for_url("**/my")
    rows = page.locator(".my-game")
    rows.nth(1).wait_for()
    assert rows.count() == 2 and page.get_by_test_id("my-games-empty").is_hidden()
    titles = [rows.nth(i).locator(".my-game-title").inner_text() for i in range(2)]
    assert sorted(titles) == ["Belagerung", "Mens erger je niet"]
    waiting = page.locator(".my-game.your-turn").count()
    assert waiting >= 1, "a person facing a fast bot is to move"
    assert page.title() == f"({waiting}) My games · ludoteca"
    assert "your-turn" in (rows.nth(0).get_attribute("class") or ""), "your turn comes first"
    when = rows.nth(0).locator(".my-game-when").inner_text()
    assert when.endswith(("just now", "ago")), when  # "Anna moved 1 minute ago", "set up just now"
    rows.nth(0).locator(".my-game-title").click()
    page.wait_for_url("**/table/*?seat=*&token=*")


def test_the_manifest_names_the_app_and_its_icons_are_there(server: str) -> None:
    answer = httpx.get(server + "/manifest.webmanifest?lang=de")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(answer.text)
    assert manifest["name"] == "ludoteca" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["lang"] == "de"
    assert manifest["description"] == "Brettspiele auf dem Bildschirm"
    pngs = [icon for icon in manifest["icons"] if icon["type"] == "image/png"]
    assert {icon["sizes"] for icon in pngs} >= {"192x192", "512x512"}
    for icon in pngs:
        data = httpx.get(server + icon["src"]).content
        assert "{}x{}".format(*png_size(data)) == icon["sizes"]


def test_the_service_worker_keeps_the_static_files_and_shows_the_offline_page(
    server: str, chromium: Any
) -> None:
    page = new_tab(chromium)
    page.goto(server + "/?lang=nl")
    page.wait_for_function(
        """async () => {
          const ready = await navigator.serviceWorker.ready;
          if (!ready.active || ready.active.state !== 'activated') return false;
          const offline = await caches.match('/offline');
          return Boolean(offline) && (await offline.text()).includes('Je bent offline');
        }"""
    )
    kept = page.evaluate(
        """async () => {
          const names = await caches.keys();
          const cache = await caches.open(names.find((n) => n.startsWith('ludoteca-')));
          return (await cache.keys()).map((r) => new URL(r.url).pathname);
        }"""
    )
    assert set(shell_files()) <= set(kept) and "/static/app.css" in kept
    page.context.set_offline(True)
    page.goto(server + "/rules/siege")  # never opened: only the worker can answer
    page.get_by_test_id("offline").wait_for()
    assert page.locator("h1").inner_text() == "Je bent offline"
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgba(0, 0, 0, 0)"
    page.context.set_offline(False)


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
@pytest.mark.parametrize("path", ["/my", "/offline"])
def test_the_new_pages_have_no_serious_accessibility_violation(
    server: str, chromium: Any, viewport: str, path: str
) -> None:
    page = new_tab(chromium)
    check(page, viewport, f"{server}{path}?lang=en", lambda p: p.wait_for_load_state("load"))
