"""The translation layer: the active language, catalogs, plurals, formats and negotiation."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from ludoteca import i18n
from ludoteca.i18n.catalog import LANGUAGES, catalog_path


def test_text_follows_the_active_language() -> None:
    assert i18n.current() == "en"
    assert i18n._("Players") == "Players"
    with i18n.use("nl"):
        assert i18n._("Players") == "Spelers"
        with i18n.use("de"):
            assert i18n._("Players") == "Spieler"
        assert i18n.current() == "nl"
    assert i18n.current() == "en"


def test_an_unknown_language_falls_back_to_english() -> None:
    with i18n.use("fr") as chosen:
        assert chosen == "en"
        assert i18n._("Players") == "Players"


def test_plural_forms_follow_the_count() -> None:
    singular, plural = (
        "{n} possible move: click the board, or type it below.",
        ("{n} possible moves: click the board, or type one below."),
    )
    with i18n.use("de"):
        assert i18n.ngettext(singular, plural, 1).startswith("{n} möglicher Zug")
        assert i18n.ngettext(singular, plural, 3).startswith("{n} mögliche Züge")
    with i18n.use("nl"):
        assert i18n.ngettext(singular, plural, 2).startswith("{n} mogelijke zetten")


@pytest.mark.parametrize(
    ("language", "money", "number"),
    [("en", "€7,000", "23,500"), ("nl", "€\xa07.000", "23.500"), ("de", "7.000\xa0€", "23.500")],
)
def test_money_and_numbers_are_written_as_each_language_writes_them(
    language: str, money: str, number: str
) -> None:
    with i18n.use(language):
        assert i18n.format_money(7000) == money
        assert i18n.format_number(23500) == number


def test_lists_join_with_the_language_own_word() -> None:
    with i18n.use("de"):
        assert i18n.format_list(["Rot", "Grün", "Blau"]) == "Rot, Grün und Blau"
    with i18n.use("nl"):
        assert i18n.format_list(["rood", "groen"]) == "rood en groen"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("nl-BE,nl;q=0.9,en;q=0.8", "nl"),
        ("fr-FR, de;q=0.5", "de"),
        ("en-US,en;q=0.9,de;q=0.8", "en"),
        ("de;q=0.2, nl;q=0.7", "nl"),
        ("fr", None),
        ("", None),
        ("de;q=abc", None),
    ],
)
def test_accept_language_picks_the_best_offered_language(header: str, expected: str | None) -> None:
    assert i18n.negotiate(header) == expected


def test_the_terminal_reads_the_usual_environment_variables() -> None:
    assert i18n.from_environment({"LANG": "de_DE.UTF-8"}) == "de"
    assert i18n.from_environment({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "nl_NL.UTF-8"}) == "nl"
    assert i18n.from_environment({"LANGUAGE": "fr:nl", "LANG": "de_DE"}) == "nl"
    assert i18n.from_environment({"LANG": "C.UTF-8"}) == "en"


PLACEHOLDER = re.compile(r"\{\w+\}|%\(\w+\)[sd]")


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_catalog_entry_is_translated_with_the_same_placeholders(language: str) -> None:
    with catalog_path(language).open("rb") as po:
        catalog = read_po(po, locale=language)
    entries = [m for m in catalog if m.id]
    assert entries
    for message in entries:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{language}: no translation for {ids[0]!r}"
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for text in strings:
            found = set(PLACEHOLDER.findall(text))
            assert found <= set(PLACEHOLDER.findall(" ".join(ids))), (language, ids[0], text)
            assert found >= wanted - {"{n}"}, (language, ids[0], text)
        assert "fuzzy" not in message.flags, f"{language}: {ids[0]!r} is marked fuzzy"


def test_a_number_is_written_in_each_language_however_often_it_is_asked() -> None:
    """Formatted numbers are kept (issue 19): per language, and 2 apart from 2.5."""
    written = {}
    for _ in range(2):
        for language in ("en", "nl", "de"):
            with i18n.use(language):
                written[language] = (i18n.format_number(23500), i18n.format_number(2.5))
    assert written == {"en": ("23,500", "2.5"), "nl": ("23.500", "2,5"), "de": ("23.500", "2,5")}


REPLAY_TERMS = {"nl": "terugkijk", "de": "nachspiel"}


@pytest.mark.parametrize("language", sorted(REPLAY_TERMS))
def test_the_replay_has_one_name_in_each_language(language: str) -> None:
    """Issue 35.2: German said both "Wiederholung von Tisch" and "Die Partie nachspielen"."""
    with catalog_path(language).open("rb") as po:
        catalog = read_po(po, locale=language)
    page = re.compile(r"\breplay\b(?! it with)", re.IGNORECASE)  # the page, not the command
    named = [m for m in catalog if m.id and page.search(str(m.id))]
    assert len(named) >= 4
    for message in named:
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in texts:
            assert REPLAY_TERMS[language] in text.lower(), (message.id, text)
