"""What the OpenAPI schema says each route answers: every status and body the app really returns.

Errors of the JSON routes are `{"detail": "<message>", "code": "<code>", "params": {...}}` (a
string, not FastAPI's list of validation errors; the codes are those of `web.http.error_codes`);
pages answer their errors with an HTML page.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from ludoteca.web.http.error_codes import CODES

WHY = {
    303: "created: redirect to the creator's seat",
    400: "a request the game or the server does not accept",
    403: "the request does not hold the seat it acts for",
    404: "no such table, replay step or page",
    409: "well-formed, but not now (not your turn, game over or not yet over, another owner)",
    413: "the request body is over 64 KiB",
    422: "a malformed request, an illegal move or unreadable notation",
    429: "a seat writes to the chat too fast, or the server analyses as many games as it can",
}


CODE_SCHEMA: dict[str, Any] = {"enum": sorted(CODES)}


class ErrorBody(BaseModel):
    """The body of every error of the JSON routes."""

    detail: str = Field(description="what was wrong, in English")
    code: str = Field(
        description="what kind of error, stable for scripts (docs/web.md#error-codes)",
        json_schema_extra=CODE_SCHEMA,
    )
    params: dict[str, str | int] = Field(
        description="the values in the message (the notation sent, a limit, a seat)"
    )


def json_errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """`responses=` for a JSON route that can answer `statuses` with `ErrorBody`."""
    return {status: {"model": ErrorBody, "description": WHY[status]} for status in statuses}


def inline_json_errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """As `json_errors`, for a route whose own answers are HTML (the lobby's form)."""
    body = {"application/json": {"schema": ErrorBody.model_json_schema()}}
    return {status: {"description": WHY[status], "content": body} for status in statuses}


def html_errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """`responses=` for a page that answers `statuses` with an HTML error page."""
    page = {"text/html": {"schema": {"type": "string"}}}
    return {status: {"description": WHY[status], "content": page} for status in statuses}
