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
    setup.locator("summary").click()
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
