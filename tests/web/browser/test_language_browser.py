"""Switching the language in a browser: the lobby, then a table, and a move in each language."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import browser_marks

pytestmark = browser_marks()

PAWN = "#board:not(.waiting) .movable"
ROLLS = {"en": " rolls a ", "nl": " gooit een ", "de": " würfelt eine "}
HEADINGS = {"en": "New table", "nl": "Nieuwe tafel", "de": "Neuer Tisch"}


def play_one_move(page: Any) -> int:
    """Click the first movable pawn once it is this seat's turn; the table's version after it."""
    page.wait_for_selector(PAWN)
    before = int(page.evaluate("document.body.dataset.version"))
    page.locator(PAWN).first.click(force=True)
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    return before


def test_switch_the_language_on_the_lobby_and_a_table_and_play_in_each(
    page: Any, server: str
) -> None:
    page.goto(server + "/")
    page.click('[data-language="nl"]')
    assert page.locator("html").get_attribute("lang") == "nl"
    assert HEADINGS["nl"] in page.inner_text("main")
    setup = page.locator('fieldset[data-game="ludo"]')
    setup.locator('select[name="players"]').select_option("2")
    setup.locator('select[name="seat1"]').select_option("greedy")
    setup.locator("details.options summary").click()
    setup.locator('select[name="option.colours_per_seat"]').select_option("1")
    page.check('input[name="speed"][value="fast"]')
    page.click('button[type="submit"]')
    page.wait_for_url("**/table/*?seat=0&token=*")
    page.wait_for_selector("#connection.online")
    for language in ("nl", "de", "en"):
        if page.locator("html").get_attribute("lang") != language:
            page.click(f'[data-language="{language}"]')
            page.wait_for_selector("#connection.online")
        assert page.locator("html").get_attribute("lang") == language
        play_one_move(page)
        log = page.inner_text("#log")
        assert ROLLS[language] in log, f"no roll in {language} in the log: {log[-300:]}"
        others = [words for code, words in ROLLS.items() if code != language]
        assert not any(words in log for words in others)


@pytest.mark.parametrize("language", ["nl", "de"])
def test_the_lobby_remembers_the_chosen_language(page: Any, server: str, language: str) -> None:
    page.goto(server + "/")
    page.click(f'[data-language="{language}"]')
    page.goto(server + "/")  # no ?lang: the cookie decides
    assert HEADINGS[language] in page.inner_text("main")


def without_accept_language_on_sockets(app: Any) -> Any:
    """An ASGI layer that drops `Accept-Language` from socket handshakes, as a proxy that
    forwards only the upgrade's own headers (or a browser that does not send it) does."""

    async def layer(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            headers = [(k, v) for k, v in scope["headers"] if k != b"accept-language"]
            scope = {**scope, "headers": headers}
        await app(scope, receive, send)

    return layer


def test_a_dutch_browser_reads_the_live_table_in_dutch_without_a_cookie_or_lang(
    tmp_path: Any,
) -> None:
    """Issue 29.7: the page chose Dutch from Accept-Language alone; everything the socket sends
    (the status line, the log, the colours) comes in the page's language too."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from browser_support import CHROMIUM, CHROMIUM_ARGS, live_server, open_table

    wrap = without_accept_language_on_sockets
    with live_server(tmp_path / "nl.db", wrap=wrap) as server, sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(locale="nl", viewport={"width": 1280, "height": 800})
        page.set_default_timeout(15_000)
        page.goto(server + "/")
        assert page.locator("html").get_attribute("lang") == "nl"
        assert not page.context.cookies()
        setup = page.locator('fieldset[data-game="ludo"]')
        setup.locator('select[name="players"]').select_option("2")
        setup.locator('select[name="seat1"]').select_option("greedy")
        setup.locator("details.options summary").click()
        setup.locator('select[name="option.colours_per_seat"]').select_option("1")
        page.check('input[name="speed"][value="fast"]')
        open_table(page)
        assert "lang=" not in page.url
        play_one_move(page)
        page.wait_for_selector(PAWN)  # the bot answered over the socket; our turn again
        message = page.inner_text("#message")
        log = page.inner_text("#log")
        browser.close()
    assert "Jij bent aan de beurt" in message, message
    assert ROLLS["nl"] in log and "Rood" in log, log[-300:]
    english = [" rolls a ", "Red", "Your turn", " to move", "waiting"]
    assert not [word for word in english if word in message + log], message + log[-300:]
