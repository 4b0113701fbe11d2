"""A page in Dutch or German shows none of the English catalog's texts (names and notation aside).

Every text node and every readable attribute (title, aria-label, alt, placeholder) of the
rendered page is compared with the English message ids whose translation differs: a text left
untranslated in a template, or shown without going through the catalog, is caught here.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest

from ludoteca.i18n.catalog import catalog_path

READABLE_ATTRIBUTES = {"title", "aria-label", "alt", "placeholder"}
PLACEHOLDER = re.compile(r"%\(\w+\)s|\{\w+\}")


class _Texts(HTMLParser):
    """The texts of a page a person reads: text nodes and readable attributes, not scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: set[str] = set()
        self._skip = 0
        self._typed: str | None = None  # an <option> whose value is what a person would type

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"script", "style", "code"}:  # code: notation and option names, typed as is
            self._skip += 1
        self._typed = dict(attrs).get("value") if tag == "option" else None
        for name, value in attrs:
            if name in READABLE_ATTRIBUTES and value:
                self.texts.add(value.strip())

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style", "code"}:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if data.strip() == self._typed:  # an option's value shown as typed (`ruleset=seed`)
            return
        if not self._skip and data.strip():
            self.texts.add(" ".join(data.split()))


def english_texts(language: str) -> set[str]:
    """Message ids without placeholders whose translation in `language` is another text."""
    from babel.messages.pofile import read_po

    with catalog_path(language).open("rb") as po:
        catalog = read_po(po, locale=language)
    found = set()
    for message in catalog:
        if not message.id or isinstance(message.id, tuple):
            continue
        if len(message.id) < 2:  # single letters: a pawn's letter is notation on a rules page
            continue
        if message.string and message.string != message.id and not PLACEHOLDER.search(message.id):
            found.add(" ".join(message.id.split()))
    return found


def page_texts(html: str) -> set[str]:
    parser = _Texts()
    parser.feed(html)
    return parser.texts


def pages(web: Any) -> list[str]:
    table = web.create()
    done = web.create(seats=["random", "random"], speed="fast", options={"colours_per_seat": 1})
    web.wait_until_over(done)
    token = table.tokens[0]
    # Rules pages are left out: they quote original names and typed values in their text, and
    # their translations are checked in test_rules_pages.py.
    return [
        "/",
        f"/table/{table.id}?seat=0&token={token}",
        f"/table/{table.id}",
        f"/table/{done.id}/replay",
    ]


@pytest.mark.parametrize("language", ["nl", "de"])
def test_no_english_catalog_text_on_a_translated_page(web: Any, language: str) -> None:
    english = english_texts(language)
    assert len(english) > 100  # the check compares with the whole catalog
    for path in pages(web):
        separator = "&" if "?" in path else "?"
        html = web.client.get(f"{path}{separator}lang={language}").text
        left = sorted(page_texts(html) & english)
        assert not left, f"{path} in {language} still shows {left}"


def test_the_check_sees_an_english_page(web: Any) -> None:
    """The same comparison on the English lobby finds the English texts (it can fail)."""
    texts = page_texts(web.client.get("/?lang=en").text)
    assert {"New table", "Create table"} <= texts & english_texts("de")


CSS_TEXT = re.compile(r"""content\s*:[^;}]*?(["'])(?:(?!\1).)*[^\W\d_](?:(?!\1).)*\1""")
"""A CSS `content` with a quoted string holding a letter of any script."""


def css_files() -> list[Any]:
    from pathlib import Path

    import ludoteca

    root = Path(ludoteca.__file__).parent
    return sorted(p for p in root.rglob("*.css") if "vendor" not in p.parts)


def test_no_style_sheet_holds_a_word() -> None:
    """Issue 29.8: "to move" was CSS `content` in app.css, where no catalog reaches it. A text
    a person reads lives in a template or a script, through the catalogs; CSS may only draw
    symbols (the connection's dot)."""
    sheets = css_files()
    assert any(p.name == "app.css" for p in sheets)
    words = {
        p.name: [m.group(0) for m in CSS_TEXT.finditer(p.read_text(encoding="utf-8"))]
        for p in sheets
    }
    assert not {name: found for name, found in words.items() if found}


@pytest.mark.parametrize(
    ("language", "words"), [("en", "to move"), ("nl", "aan zet"), ("de", "am Zug")]
)
def test_the_players_list_says_who_is_to_move_in_the_pages_language(
    web: Any, language: str, words: str
) -> None:
    table = web.create()
    html = web.client.get(f"/table/{table.id}?seat=0&token={table.tokens[0]}&lang={language}").text
    assert f'<span class="to-move-mark">{words}</span>' in html
