"""Table chat: seated players write, everyone at the table reads; stored with the table.

A line is plain text (pages show it as text, never as HTML), at most `MAX_LENGTH` characters
after trimming, on one line: control characters and separators become spaces (`clean`). A seat
may send `RATE_LINES` lines per `RATE_SECONDS` seconds (more is answered 429), counted in the
database among the lines stored (`SocialStore.add_line`), so the limit holds across every
server process.
"""

from __future__ import annotations

import asyncio
import unicodedata
from typing import Any

from fastapi import APIRouter, Request
from pydantic import StrictStr

from ludoteca.store.social import WritingTooFast
from ludoteca.web.http.errors import TooMany, Unprocessable
from ludoteca.web.http.openapi import json_errors
from ludoteca.web.live.deps import SeatProof, manager_of, request_social, seated, tell_all

router = APIRouter(prefix="/api")

MAX_LENGTH = 300
RATE_LINES = 5
RATE_SECONDS = 10.0


class ChatRequest(SeatProof):
    text: StrictStr


def clean(text: str) -> str:
    """The line as stored, on one line: every control, format, private or unassigned character
    and every separator (Unicode categories C and Z: line breaks, U+2028 and U+2029, tabs,
    bidirectional overrides such as U+202E, no-break and other spaces) becomes a plain space;
    trimmed."""
    kept = "".join(" " if unicodedata.category(c)[0] in "CZ" else c for c in text).strip()
    if not kept:
        raise Unprocessable("a chat line needs some text", code="chat_empty")
    if len(kept) > MAX_LENGTH:
        raise Unprocessable(
            f"a chat line is at most {MAX_LENGTH} characters, not {len(kept)}",
            code="chat_too_long",
            limit=MAX_LENGTH,
            length=len(kept),
        )
    return kept


def too_fast(wait: float) -> TooMany:
    """The refusal of a line written too fast, `wait` seconds before the next may come."""
    limit = f"at most {RATE_LINES} lines in {RATE_SECONDS:.0f} s"
    return TooMany(
        f"slow down: {limit}; wait {wait:.0f} s",
        code="rate_limited",
        lines=RATE_LINES,
        seconds=round(RATE_SECONDS),
        wait=max(1, round(wait)),
    )


def history_message(lines: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "chat-history", "lines": lines}


@router.get("/tables/{table_id}/chat", responses=json_errors(404, 422))
async def read_chat(request: Request, table_id: str) -> dict[str, Any]:
    table = await manager_of(request).get(table_id)
    lines = await asyncio.to_thread(request_social(request).lines, table.id)
    return {"lines": [line.to_json() for line in lines]}


@router.post(
    "/tables/{table_id}/chat",
    status_code=201,
    responses=json_errors(400, 403, 404, 409, 413, 422, 429),
)
async def write_chat(request: Request, table_id: str, body: ChatRequest) -> dict[str, Any]:
    manager = manager_of(request)
    table = await manager.get(table_id)
    seat = seated(table, body, "chat (spectators read along)")
    text = clean(body.text)
    social = request_social(request)
    try:
        line = await asyncio.to_thread(
            social.add_line, table.id, seat, text, (RATE_LINES, RATE_SECONDS)
        )
    except WritingTooFast as exc:
        raise too_fast(exc.wait) from exc
    shown = line.to_json()
    message = {"type": "chat", "line": shown}
    await tell_all(table, message)
    manager.workers.told(table, message)  # and the sockets on the other server processes
    return shown
