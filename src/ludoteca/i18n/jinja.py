"""A Jinja2 environment that speaks the active language: the web pages and the balance report.

Templates use Jinja2's i18n extension (`{{ _("Players") }}`, `{{ ngettext(...) }}`) bound to
`ludoteca.i18n`, and the number, money, list and date formats of the active language.
"""

from __future__ import annotations

from typing import Any

from jinja2 import BaseLoader, Environment, select_autoescape

from ludoteca.i18n.catalog import gettext, ngettext, npgettext, pgettext
from ludoteca.i18n.formats import format_date, format_list, format_money, format_number


def translated_environment(loader: BaseLoader, **options: Any) -> Environment:
    """An HTML-escaping environment with gettext and the formats installed."""
    env = Environment(
        loader=loader,
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        **options,
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext, ngettext, newstyle=True, pgettext=pgettext, npgettext=npgettext
    )
    env.globals.update(
        format_number=format_number,
        format_money=format_money,
        format_date=format_date,
        format_list=format_list,
    )
    return env
