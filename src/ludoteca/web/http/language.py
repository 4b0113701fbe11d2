"""Each request's language: `?lang=`, then the `lang` cookie, then `Accept-Language`.

An ASGI middleware sets the language context (see `ludoteca.i18n`) for every page and socket,
and a `?lang=` remembers itself in the cookie. The JSON API (`/api/...`) always answers in
English: its messages are stable texts for scripts, with machine-readable codes.
"""

from __future__ import annotations

from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qsl, urlencode

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ludoteca.i18n import DEFAULT, LANGUAGES, language_name, negotiate, parse_language
from ludoteca.i18n.catalog import use

COOKIE = "lang"
COOKIE_AGE = 400 * 24 * 3600
"""About the longest a browser keeps a cookie (400 days)."""


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _cookie_language(scope: Scope) -> str | None:
    raw = _header(scope, b"cookie")
    if not raw:
        return None
    cookie: SimpleCookie = SimpleCookie()
    try:
        cookie.load(raw)
    except Exception:  # a malformed cookie header is ignored, not an error
        return None
    morsel = cookie.get(COOKIE)
    return parse_language(morsel.value) if morsel else None


def _query_language(scope: Scope) -> str | None:
    query = scope.get("query_string", b"").decode("latin-1")
    for key, value in parse_qsl(query):
        if key == "lang":
            return parse_language(value)
    return None


def choose(scope: Scope) -> tuple[str, bool]:
    """The language for `scope`, and whether the URL chose it (then the cookie remembers it)."""
    if scope.get("path", "").startswith("/api/"):
        return DEFAULT, False
    asked = _query_language(scope)
    if asked is not None:
        return asked, True
    remembered = _cookie_language(scope)
    if remembered is not None:
        return remembered, False
    return negotiate(_header(scope, b"accept-language")) or DEFAULT, False


class LanguageMiddleware:
    """Runs the rest of the app inside the chosen language."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in {"http", "websocket"}:
            await self.app(scope, receive, send)
            return
        language, from_url = choose(scope)
        scope.setdefault("state", {})["language"] = language

        async def send_with_cookie(message: Message) -> None:
            if from_url and message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.append(
                    "set-cookie",
                    f"{COOKIE}={language}; Path=/; Max-Age={COOKIE_AGE}; SameSite=Lax",
                )
            await send(message)

        with use(language):
            await self.app(scope, receive, send_with_cookie)


def switch_links(path: str, query: str, current: str) -> list[dict[str, Any]]:
    """The language switch: the same page in each language, keeping the page's own query."""
    kept = [(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k != "lang"]
    return [
        {
            "code": code,
            "name": language_name(code),
            "href": f"{path}?{urlencode([*kept, ('lang', code)])}",
            "current": code == current,
        }
        for code in LANGUAGES
    ]
