"""Rules pages for players: a one-minute "How to play" first, in the reader's language."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca import rulebook
from ludoteca.core.registry import games

HOWTO_HEADINGS = {"en": "How to play", "nl": "Zo speel je", "de": "So spielt man"}


def test_how_to_play_comes_before_the_full_rules(web: Any) -> None:
    html = web.client.get("/rules/ludo").text
    howto = html.index('id="howto-heading"')
    assert howto < html.index('id="full-rules"')
    assert "The aim." in html[howto : html.index('id="full-rules"')]
    assert html.index("<h2>Sources and code</h2>") > html.index("<h2>Options</h2>")  # code last


@pytest.mark.parametrize("language", ["nl", "de"])
def test_how_to_play_is_in_the_readers_language(web: Any, language: str) -> None:
    html = web.client.get(f"/rules/siege?lang={language}").text
    assert HOWTO_HEADINGS[language] in html
    assert {"nl": "burchtheer", "de": "Burgherrn"}[language] in html


def test_full_rules_without_a_translation_say_they_are_english(web: Any) -> None:
    html = web.client.get("/rules/siege?lang=de").text
    assert "noch nicht übersetzt" in html
    assert '<div lang="en">' in html
    assert "noch nicht übersetzt" not in web.client.get("/rules/siege?lang=en").text


@pytest.mark.parametrize("language", ["en", "nl", "de"])
def test_a_language_without_its_own_how_to_play_falls_back_to_english(language: str) -> None:
    for info in games():
        path = rulebook.howto_path(info.id, language)
        if path is not None:
            assert path.name in {f"{info.id}.howto.{language}.md", f"{info.id}.howto.en.md"}


HOWTO_PAGES = [(game, language) for game in ("ludo", "siege") for language in ("en", "nl", "de")]
HOWTO_PAGES += [(game, "de") for game in ("bremen", "museum", "villa")]


@pytest.mark.parametrize(("game_id", "language"), HOWTO_PAGES)
def test_each_how_to_play_is_short_and_has_a_picture(game_id: str, language: str) -> None:
    path = rulebook.howto_path(game_id, language)
    assert path is not None and path.name == f"{game_id}.howto.{language}.md"
    text = path.read_text(encoding="utf-8")
    assert len(text.split()) <= 350  # readable in a minute
    assert text.startswith("![") and rulebook.picture_path(text.split("(")[1].split(")")[0])
