"""The hint in Chromium (issue 18): a person against bots at ludo turns hints on, asks for one,
sees the move in words and lit on the board, and plays it by clicking the lit pawn."""

from __future__ import annotations

import json
import urllib.request
from typing import Any
from urllib.parse import urlsplit

from browser_support import PLAY_FORCED_OFF, browser_marks

pytestmark = browser_marks()


def create_against_bots(server: str) -> str:
    """A four-seat ludo table (the player count of its value function): a person and 3 bots."""
    body = {"game": "ludo", "players": 4, "seats": ["human", "greedy", "greedy", "greedy"],
            "speed": "fast", "seed": 4, "practice": True}  # fmt: skip
    request = urllib.request.Request(
        server + "/api/tables", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        created: dict[str, Any] = json.load(response)
    link: str = created["seats"][0]["link"]
    return link


def hint_of(server: str, link: str) -> dict[str, Any]:
    """The API's hint for the seat of `link` (the page asks the same)."""
    parts = urlsplit(link)
    table = parts.path.rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{server}/api/tables/{table}/hint?{parts.query}") as response:
        answer: dict[str, Any] = json.load(response)
        return answer


def test_a_hint_is_shown_lit_and_played(server: str, page: Any) -> None:
    link = create_against_bots(server)
    page.add_init_script(PLAY_FORCED_OFF)  # the hinted move is played by the test
    page.goto(server + urlsplit(link).path + "?" + urlsplit(link).query)
    page.wait_for_selector("#connection.online")
    page.check("[data-testid=hints-on]")
    button = page.wait_for_selector("[data-testid=hint]:not([disabled])", timeout=30_000)
    button.click()
    words = page.wait_for_selector("[data-testid=hint-text]").inner_text()
    expected = hint_of(server, link)
    assert words == expected["text"] and words.startswith("Hint: ")
    lit = page.locator(f'#board [data-action="{expected["action"]}"].hint')
    assert lit.count() == 1
    assert page.locator("#board .hint").count() >= 1
    version = page.evaluate("document.body.dataset.version")
    lit.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    parts = urlsplit(link)
    with urllib.request.urlopen(f"{server}/api/tables/{parts.path.rsplit('/', 1)[1]}") as answer:
        log = json.load(answer)["log"]
    assert [n for player, n in log if player == 0][-1] == expected["notation"]  # the hinted move
    assert page.locator("[data-testid=hint-text]").count() == 0  # the hint went with its board


def test_a_hint_on_a_dutch_page_is_in_dutch(server: str, page: Any) -> None:
    """Issue 35.2: the hint came from the API in English on Dutch and German pages; the page
    names the hinted move in its language, as its move buttons do."""
    link = create_against_bots(server)
    page.add_init_script(PLAY_FORCED_OFF)
    page.goto(server + urlsplit(link).path + "?" + urlsplit(link).query + "&lang=nl")
    page.wait_for_selector("#connection.online")
    page.check("[data-testid=hints-on]")
    page.wait_for_selector("[data-testid=hint]:not([disabled])", timeout=30_000).click()
    words = page.wait_for_selector("[data-testid=hint-text]").inner_text()
    expected = hint_of(server, link)
    assert words.startswith("Tip: ") and words.endswith(f"({expected['notation']})"), words
    assert " gaat " in words or " zet " in words, words  # the move in Dutch words
