"""Errors the web layer answers with a 4xx status and a readable message, never a 500.

Each carries a stable `code` from `web.http.error_codes` and the values of its message (`params`):
the API answers `{"detail", "code", "params"}`, and pages show `shown()`: the English message,
or in another language the code's message translated.
"""

from __future__ import annotations

from typing import Any

from ludoteca.i18n import DEFAULT, _, current
from ludoteca.web.http.error_codes import CODES

Param = str | int


class WebError(Exception):
    """A request that cannot be served; `status` is the HTTP status to answer with."""

    status = 400

    def __init__(
        self, message: str, page: str | None = None, *, code: str, **params: Param
    ) -> None:
        if code not in CODES:
            raise ValueError(f"undocumented error code {code!r}: add it to web.http.error_codes")
        super().__init__(message)
        self.message = message
        self.page = page
        """What an HTML page tells a person instead, already in their language, where the
        message for scripts would speak of seat numbers and tokens; None: `shown()` decides."""
        self.code = code
        self.params = params

    def shown(self) -> str:
        """The message for a person, in the active language: the page's own text where there is
        one; in English the full message (which may quote the game's own explanation), else the
        code's translated text."""
        if self.page is not None:
            return self.page
        if current() == DEFAULT:
            return self.message
        return _(CODES[self.code].text).format(**self.params)

    def body(self) -> dict[str, Any]:
        """The JSON answer: the English message, its code and its values."""
        return {"detail": self.message, "code": self.code, "params": self.params}


class BadRequest(WebError):
    status = 400


class Forbidden(WebError):
    """The request does not hold the seat it acts for (no seat, a bot's seat, a wrong token)."""

    status = 403


class NotFound(WebError):
    status = 404


class Conflict(WebError):
    """Well-formed, but not now: not this seat's turn, or the game is over."""

    status = 409


class Unprocessable(WebError):
    """The move itself is wrong: unreadable notation or an illegal action."""

    status = 422


class TooMany(WebError):
    """A seat sends faster than the table allows (chat)."""

    status = 429
