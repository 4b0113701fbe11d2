"""The active language and its catalog: gettext calls that follow a context variable.

Catalogs are the `.po` files under `locales/`, compiled in memory by Babel the first time a
language is used, so the repository holds only the text that translators edit.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache
from pathlib import Path

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

DOMAIN = "ludoteca"
LOCALES = Path(__file__).parent / "locales"
DEFAULT = "en"
LANGUAGES: tuple[str, ...] = ("en", "nl", "de")
"""The languages offered, source language first; each other one has a catalog in `LOCALES`."""

_active: ContextVar[str] = ContextVar("ludoteca_language", default=DEFAULT)


def catalog_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(language: str) -> NullTranslations:
    """The compiled catalog of `language` (the source language and unknown ones: identity)."""
    path = catalog_path(language)
    if language == DEFAULT or not path.exists():
        return NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def current() -> str:
    """The language of the text being produced now."""
    return _active.get()


@contextmanager
def use(language: str) -> Iterator[str]:
    """Produce text in `language` inside the block (an unknown one falls back to English)."""
    chosen = language if language in LANGUAGES else DEFAULT
    token = _active.set(chosen)
    try:
        yield chosen
    finally:
        _active.reset(token)


def activate(language: str) -> str:
    """Set the language for the rest of this context (the terminal sets it once at start)."""
    chosen = language if language in LANGUAGES else DEFAULT
    _active.set(chosen)
    return chosen


def gettext(message: str) -> str:
    return _translated(_active.get(), None, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(current()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A message whose translation depends on the game or place (`pgettext("villa", "column")`)."""
    return _translated(_active.get(), context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return str(translations(current()).npgettext(context, singular, plural, n))


@lru_cache(maxsize=8192)
def _translated(language: str, context: str | None, message: str) -> str:
    """A message's translation, kept: a board's picture and story ask for the same few dozen
    texts at every move, and Babel's lookup costs several times a cache's."""
    catalog = translations(language)
    if context is not None:
        return str(catalog.pgettext(context, message))
    return catalog.gettext(message)


_ = gettext


def N_(message: str) -> str:
    """Mark a text for the catalog where it is defined; it is translated where it is shown."""
    return message


GAME_TITLE = "game title"
"""The context of game names in the catalogs: a name is not translated like other words."""


def NP_(context: str, message: str) -> str:
    """Mark a text with its context for the catalog (`make messages` reads `NP_:1c,2`)."""
    return message


def game_title(title: str) -> str:
    """A game's name as it is known in the active language (the original where it has no other)."""
    return pgettext(GAME_TITLE, title)


def language_name(language: str) -> str:
    """A language's name in that language ("Nederlands"), for the language switch."""
    name = Locale.parse(language).get_display_name(language) or language
    return name[:1].upper() + name[1:]
