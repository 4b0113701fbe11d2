"""Numbers, money, lists and dates in the active language's conventions (Babel's CLDR data)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from functools import cache, lru_cache

from babel import Locale
from babel.dates import format_date as _babel_date
from babel.dates import format_datetime as _babel_datetime
from babel.lists import format_list as _babel_list
from babel.numbers import format_currency, format_decimal

from ludoteca.i18n.catalog import current


def format_number(value: float) -> str:
    """23,500 in English, 23.500 in Dutch and German."""
    return _formatted(type(value).__name__, value, current())


@lru_cache(maxsize=4096)
def _formatted(kind: str, value: float, language: str) -> str:
    """Babel's formatting, kept: a board's description formats the same few numbers on every
    move (the type is part of the key, as 1 and 1.0 are equal but may be written apart)."""
    return format_decimal(value, locale=language)


@cache
def _whole_currency_pattern(language: str) -> str:
    """The language's currency pattern without cents: the museum's values are whole euros."""
    pattern = str(Locale.parse(language).currency_formats["standard"].pattern)
    return pattern.split(";")[0].replace(".00", "")


def format_money(euros: float, currency: str = "EUR") -> str:
    """Whole euros as the language writes them: "€7,000", "€ 7.000", "7.000 €"."""
    language = current()
    return format_currency(
        euros,
        currency,
        format=_whole_currency_pattern(language),
        locale=language,
        currency_digits=False,
    )


def format_list(items: Sequence[str]) -> str:
    """ "Red, Green and Blue" / "rood, groen en blauw" / "Rot, Grün und Blau"."""
    return _listed(tuple(items), current())


@lru_cache(maxsize=4096)
def _listed(items: tuple[str, ...], language: str) -> str:
    """Babel's list, kept: the position's description lists the same few names at every move
    (and Babel looks the locale up anew at each call)."""
    return _babel_list(list(items), locale=language)


def format_date(moment: date | datetime, length: str = "medium") -> str:
    """A date (with its time for a datetime) in the language's own form."""
    if isinstance(moment, datetime):
        return _babel_datetime(moment, format=length, locale=current())
    return _babel_date(moment, format=length, locale=current())
