"""Issue 13's table for every game, in Chromium: a person named Anna against a fast bot.

One table per game carries the checks in turn: the bot's move marked on the board and told
with both names, "Your tables" after a reload continuing the seat, a takeback that gives back
the same decision (and, with chance, the same dice), the result in words and "Play again".
A second table per game, for two people in two browser contexts, shows presence and chat.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from browser_support import CHROMIUM, CHROMIUM_ARGS, browser_marks

pytestmark = browser_marks()

GAMES = ["ludo", "bremen", "museum", "siege", "villa"]
PLAYERS: dict[str, int | None] = {"siege": None}  # siege is for two only: no choice
OPTIONS: dict[str, dict[str, Any]] = {"ludo": {"colours_per_seat": 1}}
NO_WEBGL = "HTMLCanvasElement.prototype.getContext = function () { return null; };"
"""Villa's flat SVG board (the 3D villa has its own test: test_villa_3d_browser)."""


class Api:
    """The JSON API, through the page's request context (what a script would send)."""

    def __init__(self, page: Any, server: str) -> None:
        self.request = page.request
        self.server = server

    def create(self, game: str, seats: list[str], names: list[str | None]) -> dict[str, Any]:
        body: dict[str, Any] = {
            "game": game,
            "seats": seats,
            "names": names,
            "speed": "fast",
            "practice": True,
            "seed": 5,
            "options": OPTIONS.get(game, {}),
        }
        if PLAYERS.get(game, 2) is not None:
            body["players"] = len(seats)
        answer = self.request.post(self.server + "/api/tables", data=body)
        assert answer.status == 201, answer.text()
        created: dict[str, Any] = answer.json()
        return created

    def view(self, table: dict[str, Any]) -> dict[str, Any]:
        query = table["play"].split("?")[1]
        answer = self.request.get(f"{self.server}/api/tables/{table['id']}?{query}")
        assert answer.status == 200, answer.text()
        view: dict[str, Any] = answer.json()
        return view

    def act(self, table: dict[str, Any], action: int) -> None:
        token = table["play"].split("token=")[1]
        body = {"seat": 0, "token": token, "action": action}
        answer = self.request.post(f"{self.server}/api/tables/{table['id']}/actions", data=body)
        assert answer.status == 200, answer.text()

    def my_turn(self, table: dict[str, Any], timeout: float = 60.0) -> dict[str, Any]:
        """The view once it is seat 0's turn or the game is over (the bot plays meanwhile)."""
        deadline = time.monotonic() + timeout
        while True:
            view = self.view(table)
            if view["your_turn"] or view["status"] != "playing":
                return view
            assert time.monotonic() < deadline, "the bot did not hand the turn back"
            time.sleep(0.01)


@pytest.fixture(scope="module")
def browser() -> Any:
    """One Chromium for the module (each test has its own contexts): started once, not ten times."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser: Any) -> Any:
    """Opens a page in a browser context of its own; the contexts close with the test."""
    contexts: list[Any] = []

    def opened(game: str, width: int = 1280, height: int = 800) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        if game == "villa":
            context.add_init_script(NO_WEBGL)
        page = context.new_page()
        page.set_default_timeout(30_000)
        return page

    yield opened
    for context in contexts:
        context.close()


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_anna_plays_a_fast_bot_to_the_end(server: str, new_page: Any, game: str) -> None:
    page = new_page(game)
    api = Api(page, server)
    table = api.create(game, ["human", "greedy"], ["Anna", None])
    page.goto(server + table["play"])
    page.wait_for_selector("#connection.online")

    # Anna decides until the bot has answered; `before` is her last decision point.
    view = api.my_turn(table)
    bot = view["seats"][1]["name"]
    assert view["seats"][0]["name"] == "Anna" and "bot" in bot
    while True:
        before = view
        api.act(table, before["legal"][0]["action"])
        view = api.my_turn(table)
        if any(player == 1 for player, _ in view["log"][before["version"] :]):
            break
    page.wait_for_function(f"() => Number(document.body.dataset.version) >= {view['version']}")
    page.wait_for_selector("#board [data-last-move]", state="attached")
    told = page.locator("#log .say").all_inner_texts()
    assert any("Anna" in line for line in told) and any(bot in line for line in told)
    assert "seat" not in page.locator("#log").inner_text().lower()

    # Takeback: back to Anna's decision, the same choices (with chance: the same dice).
    page.get_by_test_id("takeback").click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) === {before['version']}")
    after = api.view(table)
    assert (after["log"], after["legal"], after["svg"]) == (
        before["log"],
        before["legal"],
        before["svg"],
    )

    # "Your tables" after a reload of the lobby, and its link continues the seat.
    page.goto(server + "/")
    page.reload()
    mine = page.get_by_test_id("your-tables")
    mine.wait_for(state="visible")
    entry = mine.locator("li", has=page.locator(f'a[href*="{table["id"]}"]'))
    assert entry.count() == 1
    entry.get_by_test_id("continue").click()
    page.wait_for_url(server + table["play"])
    page.wait_for_selector("#connection.online")
    assert page.get_by_test_id("copy-my-link").is_visible()

    # To the end through the API (the page away meanwhile, sparing the renders); the result
    # speaks of names, and "Play again" opens a table.
    page.goto("about:blank")
    view = api.my_turn(table)
    deadline = time.monotonic() + 90  # generous: the machine may be busy
    while view["status"] == "playing":
        assert time.monotonic() < deadline, f"{game} did not end in time"
        api.act(table, view["legal"][0]["action"])
        view = api.my_turn(table)
    page.goto(server + table["play"])
    page.wait_for_selector("body[data-status=finished]")
    title = page.locator("#result-title").inner_text()
    assert "Anna" in title or bot in title, title
    assert "seat" not in page.locator("#result").inner_text().lower()
    page.get_by_test_id("rematch").click()
    page.wait_for_url("**/table/*?seat=1&token=*")  # the first seat rotated
    assert table["id"] not in page.url
    page.wait_for_selector("#connection.online")
    assert page.evaluate("document.body.dataset.status") == "playing"


@pytest.mark.parametrize("game", GAMES)
def test_two_people_see_each_other_and_chat(server: str, new_page: Any, game: str) -> None:
    anna = new_page(game)
    table = Api(anna, server).create(game, ["human", "human"], ["Anna", "Ben"])
    anna.goto(server + table["play"])
    anna.wait_for_selector("#connection.online")
    assert anna.get_by_test_id("presence-1").get_attribute("data-online") == "false"

    ben = new_page(game, 390, 844)
    ben.goto(server + table["seats"][1]["link"])
    ben.wait_for_selector("#connection.online")
    anna.wait_for_selector('[data-testid="presence-1"][data-online="true"]')

    ben.get_by_test_id("chat-input").fill(f"Hallo Anna, {game}?")
    ben.get_by_test_id("chat-input").press("Enter")
    line = anna.get_by_test_id("chat-log").locator("li").last
    line.wait_for()
    assert f"Hallo Anna, {game}?" in line.inner_text() and "Ben" in line.inner_text()
