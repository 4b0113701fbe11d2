"""Which language a person wants: from a URL, a cookie, the browser, or the environment."""

from __future__ import annotations

import os
from collections.abc import Mapping

from babel.core import negotiate_locale

from ludoteca.i18n.catalog import DEFAULT, LANGUAGES


def parse_language(text: str | None) -> str | None:
    """One offered language from text like "de", "nl-BE" or "de_DE.UTF-8", or None."""
    if not text:
        return None
    code = text.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return code if code in LANGUAGES else None


def negotiate(accept_language: str | None) -> str | None:
    """The best offered language for an HTTP `Accept-Language` header, or None."""
    if not accept_language:
        return None
    weighted: list[tuple[float, str]] = []
    for position, part in enumerate(accept_language.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        if tag and quality > 0:
            weighted.append((-quality + position * 1e-6, tag.strip()))
    preferred = [tag.replace("-", "_") for _, tag in sorted(weighted)]
    found = negotiate_locale(preferred, list(LANGUAGES), sep="_")
    return parse_language(found) if found else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The terminal's language: `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, then `LANG`."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for candidate in env.get(name, "").split(":"):
            found = parse_language(candidate)
            if found is not None:
                return found
    return DEFAULT
