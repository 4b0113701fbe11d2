"""Rules pages read on a phone: nothing scrolls sideways, the text is large enough."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import browser_marks

from ludoteca.core.registry import games

pytestmark = browser_marks()

GAMES = [info.id for info in games()]


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("width", [390, 1280])
def test_rules_pages_never_scroll_sideways(
    page: Any, server: str, width: int, language: str
) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    for game_id in GAMES:
        page.goto(f"{server}/rules/{game_id}?lang={language}")
        scroll, client = page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert scroll <= client, f"{game_id}: the page is {scroll} px wide in a {client} px window"


@pytest.mark.parametrize("language", ["en", "nl"])
def test_rules_text_is_at_least_12_px_on_a_phone(page: Any, server: str, language: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    for game_id in GAMES:
        page.goto(f"{server}/rules/{game_id}?lang={language}")
        smallest = page.evaluate(
            """() => Math.min(...[...document.querySelectorAll('.rules-page p, .rules-page li,'
                 + ' .rules-page td')].map(e => parseFloat(getComputedStyle(e).fontSize)))"""
        )
        assert smallest >= 12, f"{game_id}: text of {smallest} px"
