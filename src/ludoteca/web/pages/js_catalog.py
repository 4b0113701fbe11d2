"""The translations the pages' scripts need, embedded in each page as JSON.

The scripts in `static/` mark their texts with `_("...")` and `ngettext("...", "...", n)`
(see `static/i18n.js`). Their message ids are read from the scripts with Babel's JavaScript
extractor, the same one `make messages` uses, so the catalogs stay the single source. Beside
them travel the messages of the error codes (`web.http.error_codes`), by which a script shows an
error of the API in the page's language (English pages show the API's own `detail`).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.extract import extract_from_file

from ludoteca.i18n import DEFAULT
from ludoteca.i18n.catalog import translations
from ludoteca.web.http.error_codes import CODES

STATIC = Path(__file__).parent.parent / "static"  # web/static, shared by every page
KEYWORDS = {"_": None, "ngettext": (1, 2)}
PLURAL_ORDER = ("zero", "one", "two", "few", "many", "other")
"""gettext numbers a language's plural forms in CLDR's order of categories (as Babel does)."""


@cache
def script_messages() -> tuple[str | tuple[str, str], ...]:
    """Every message id of the scripts: a text, or (singular, plural) for `ngettext`."""
    found: dict[str | tuple[str, str], None] = {}
    for script in sorted(STATIC.glob("*.js")):
        for _line, message, _comments, _context in extract_from_file(
            "javascript", script, keywords=KEYWORDS
        ):
            key = tuple(message) if isinstance(message, (list, tuple)) else message
            found[key] = None  # type: ignore[index]
    return tuple(found)


@cache
def script_catalog(language: str) -> dict[str, Any]:
    """What `static/i18n.js` reads: the language, its plural categories, the texts and the
    error codes' messages."""
    catalog = translations(language)
    rule = Locale.parse(language).plural_form
    categories = [tag for tag in PLURAL_ORDER if tag in rule.tags or tag == "other"]
    messages: dict[str, Any] = {}
    for message in script_messages():
        if isinstance(message, tuple):
            singular, plural = message
            forms = [catalog.ngettext(singular, plural, n) for n in _samples(language, categories)]
            messages[singular] = forms
        else:
            messages[message] = catalog.gettext(message)
    errors = {}
    if language != DEFAULT:
        errors = {code: catalog.gettext(error.text) for code, error in CODES.items()}
    return {"language": language, "plural": categories, "messages": messages, "errors": errors}


def _samples(language: str, categories: list[str]) -> list[int]:
    """One number per plural category, to read each form out of the compiled catalog."""
    rule = Locale.parse(language).plural_form
    samples: dict[str, int] = {}
    for n in range(0, 200):
        samples.setdefault(rule(n), n)
    return [samples.get(tag, 100) for tag in categories]
