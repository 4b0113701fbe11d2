"""Translations: English, Dutch and German, through gettext catalogs read with Babel.

Every text a person reads goes through `_`, `ngettext` or `pgettext` (or is marked with `N_`
where it is defined and translated where it is shown). The language is a context variable: the
web app sets it per request and per socket, the terminal once from `--lang` or the environment,
so one process serves each player in their own language. English is the source language; the
catalogs `locales/<lang>/LC_MESSAGES/ludoteca.po` hold the others. A fourth language is one more
catalog (and its rules pages): see docs/translating.md.
"""

from ludoteca.i18n.catalog import (
    DEFAULT,
    GAME_TITLE,
    LANGUAGES,
    N_,
    NP_,
    _,
    current,
    game_title,
    gettext,
    language_name,
    ngettext,
    npgettext,
    pgettext,
    translations,
    use,
)
from ludoteca.i18n.formats import format_date, format_list, format_money, format_number
from ludoteca.i18n.negotiate import from_environment, negotiate, parse_language

__all__ = [
    "DEFAULT",
    "GAME_TITLE",
    "LANGUAGES",
    "NP_",
    "N_",
    "_",
    "current",
    "format_date",
    "format_list",
    "format_money",
    "format_number",
    "from_environment",
    "game_title",
    "gettext",
    "language_name",
    "negotiate",
    "ngettext",
    "npgettext",
    "parse_language",
    "pgettext",
    "translations",
    "use",
]
