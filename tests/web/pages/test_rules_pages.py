"""Rules pages for players: a one-minute "How to play" first, in the reader's language."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from ludoteca import rulebook
from ludoteca.core.registry import games

PICTURE = re.compile(r"!\[[^\]]*\]\(([^)]+)\)")
CODE_BLOCK = re.compile(r"^```.*?^```", re.DOTALL | re.MULTILINE)
GERMAN_FULL_RULES = ["ludo", "siege", "bremen", "museum", "villa"]
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


def test_full_rules_without_a_translation_say_they_are_english(
    web: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for page in rulebook.SOURCE.glob("siege*.md"):  # every siege page but the German full rules
        if page.name != "siege.de.md":
            shutil.copy(page, tmp_path / page.name)
    monkeypatch.setattr(rulebook, "folder", lambda: tmp_path)
    html = web.client.get("/rules/siege?lang=de").text
    assert "noch nicht übersetzt" in html
    assert '<div lang="en">' in html
    assert "noch nicht übersetzt" not in web.client.get("/rules/siege?lang=en").text


@pytest.mark.parametrize("game_id", GERMAN_FULL_RULES)
def test_german_full_rules_are_shown_in_german(web: Any, game_id: str) -> None:
    html = web.client.get(f"/rules/{game_id}?lang=de").text
    full = html[html.index('id="full-rules"') :]
    assert "noch nicht übersetzt" not in full and '<div lang="en">' not in full
    assert "<h2>Spielmaterial</h2>" in full and "<strong>Festlegung</strong>" in full
    assert "<strong>Ruling" not in full


@pytest.mark.parametrize("game_id", GERMAN_FULL_RULES)
def test_a_translation_keeps_every_picture_and_code_block(game_id: str) -> None:
    """Pictures, notation and code are the same in every language; only the words change (and
    the text boards, which the games draw in the reader's language: same count, same place)."""
    english = (rulebook.SOURCE / f"{game_id}.md").read_text(encoding="utf-8")
    german = (rulebook.SOURCE / f"{game_id}.de.md").read_text(encoding="utf-8")
    assert PICTURE.findall(german) == [
        name if name == "villa-odds.svg" else rulebook.picture_name(name, "de")
        for name in PICTURE.findall(english)
    ]
    code = [(block, block.startswith("```text")) for block in CODE_BLOCK.findall(english)]
    translated = CODE_BLOCK.findall(german)
    assert len(translated) == len(code)
    for (block, board), theirs in zip(code, translated, strict=True):
        assert theirs.startswith("```text") == board
        if not board:
            assert theirs == block
    assert german.count("\n## ") == english.count("\n## ")


@pytest.mark.parametrize("language", ["en", "nl", "de"])
def test_a_language_without_its_own_how_to_play_falls_back_to_english(language: str) -> None:
    for info in games():
        path = rulebook.howto_path(info.id, language)
        if path is not None:
            assert path.name in {f"{info.id}.howto.{language}.md", f"{info.id}.howto.en.md"}


@pytest.mark.parametrize("game_id", ["ludo", "siege", "bremen", "museum", "villa"])
@pytest.mark.parametrize("language", ["en", "nl", "de"])
def test_each_how_to_play_is_short_and_has_a_picture(game_id: str, language: str) -> None:
    path = rulebook.howto_path(game_id, language)
    assert path is not None and path.name == f"{game_id}.howto.{language}.md"
    text = path.read_text(encoding="utf-8")
    assert len(text.split()) <= 350  # readable in a minute
    assert text.startswith("![") and rulebook.picture_path(text.split("(")[1].split(")")[0])


ENGLISH_PICTURE_WORDS = re.compile(
    r"\b(to move|Knights|Soldiers|Opening: the|Lord|Red|Blue|Yellow|Green|pawns?|[Ff]ield"
    r"|[Pp]ainting|[Cc]olumn|[Ff]loor)\b"
)
"""English words the games' pictures say (status, legends, labels): none on another language's
page."""


@pytest.mark.parametrize("language", ["nl", "de"])
def test_every_picture_of_a_translated_page_speaks_its_language(language: str) -> None:
    """Issue 35.2: the German siege picture read "Attacker to move · Knights: 4 ... Opening"."""
    pages = sorted(rulebook.SOURCE.glob(f"*.{language}.md"))
    assert len(pages) >= 10
    shown = 0
    for page in pages:
        for name in PICTURE.findall(page.read_text(encoding="utf-8")):
            picture = rulebook.picture_path(name)
            assert picture is not None, f"{page.name} shows {name}, which is not there"
            if name == "villa-odds.svg":  # a plot of numbers, no words
                continue
            assert name.endswith(f".{language}.svg"), f"{page.name} shows {name}"
            svg = picture.read_text(encoding="utf-8")
            words = " ".join(re.findall(r"<(?:text|tspan|title|desc)\b[^>]*>([^<]+)<", svg))
            assert not ENGLISH_PICTURE_WORDS.findall(words), (name, words[:300])
            shown += 1
    assert shown >= 10


def test_the_german_ludo_page_is_german_under_its_german_name() -> None:
    """Issue 35.2: the German page kept Dutch glosses and the Dutch name as its heading, where
    the lobby says "Mensch ärgere dich nicht" (docs/translating.md, *Game names*)."""
    german = (rulebook.SOURCE / "ludo.de.md").read_text(encoding="utf-8")
    assert german.startswith("# Mensch ärgere dich nicht (`ludo`)")
    for dutch in ("(*pionnen*)", "(*in pijlrichting*)", "(*eindpuntcirkels*)", "(*verzameling*)"):
        assert dutch not in german
