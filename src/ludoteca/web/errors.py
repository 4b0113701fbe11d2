"""Errors the web layer answers with a 4xx status and a readable message, never a 500."""

from __future__ import annotations


class WebError(Exception):
    """A request that cannot be served; `status` is the HTTP status to answer with."""

    status = 400

    def __init__(self, message: str, page: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.page = page
        """What an HTML page tells a person instead, in their language, where the message for
        scripts would speak of seat numbers and tokens; None: the message."""


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
