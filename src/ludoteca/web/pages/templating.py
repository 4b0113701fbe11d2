"""The pages' Jinja2 environment: gettext in templates, the language switch, the scripts' texts.

Templates use Jinja2's i18n extension (`{{ _("Players") }}`, `{% trans %}`), bound to
`ludoteca.i18n`, so a page is rendered in the language of its request.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.templating import Jinja2Templates
from jinja2 import FileSystemLoader

from ludoteca import i18n
from ludoteca.i18n.jinja import translated_environment
from ludoteca.web.http.language import switch_links
from ludoteca.web.pages.js_catalog import script_catalog

TEMPLATES = Path(__file__).parent.parent / "templates"  # web/templates, shared by every page


def language_context(request: Request) -> dict[str, Any]:
    """What every page needs to speak the request's language and to switch it."""
    language = i18n.current()
    return {
        "language": language,
        "languages": switch_links(request.url.path, request.url.query, language),
        "script_texts": script_catalog(language),
    }


templates = Jinja2Templates(
    env=translated_environment(FileSystemLoader(TEMPLATES)), context_processors=[language_context]
)
