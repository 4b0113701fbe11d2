"""Whose turn it is at a list of tables: what the lobby's "Your tables" and "My games" ask.

The browser keeps the seat links it holds (`static/seats.js`) and sends only the table ids;
the answer holds nothing secret, only what a spectator sees.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

from fastapi import APIRouter, Request

from ludoteca.i18n import game_title
from ludoteca.store.turn_clocks import MoveClock
from ludoteca.web.http.errors import BadRequest, WebError
from ludoteca.web.http.openapi import json_errors
from ludoteca.web.live.deps import manager_of
from ludoteca.web.live.turn_clock import TurnClocks, seconds_left
from ludoteca.web.live.views import result_view
from ludoteca.web.table.table import Table

router = APIRouter(prefix="/api")

MAX_TABLES = 50


def turn_summary(
    table: Table,
    played: datetime | None = None,
    clock: MoveClock | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """What a spectator sees of a table in one line; `played`: when it was last played; for a
    turn-based table, its move `clock` as stored and the time `now`."""
    to_move = table.to_move()
    result = result_view(table)
    last = next((m.player for m in reversed(table.moves) if m.player >= 0), None)
    return {
        "id": table.id,
        "game": table.game.id,
        "title": game_title(table.game.title),
        "status": table.data.status,
        "waiting": table.held,
        "to_move": to_move,
        "seats": list(table.names()),
        "result": result["text"] if result else None,
        "moves": sum(1 for m in table.moves if m.player >= 0),
        "last_mover": last,
        "played": played.isoformat() if played else None,
        "turn_seconds": table.data.turn_seconds,
        **time_left(table, clock, now),
    }


def time_left(table: Table, clock: MoveClock | None, now: datetime | None) -> dict[str, Any]:
    """`deadline` and `seconds_left` (negative: overdue) of the move a turn-based table waits
    for; both null for a live table or when no person is to move."""
    left = None if now is None else seconds_left(table, clock, now)
    if left is None or clock is None or clock.deadline is None:
        return {"deadline": None, "seconds_left": None}
    return {"deadline": clock.deadline.isoformat(), "seconds_left": round(left)}


@router.get("/turns", responses=json_errors(400, 422))
async def turns(request: Request, tables: str = "") -> dict[str, list[Any]]:
    """`?tables=<id>,<id>`: each known table's summary; unknown ids are listed apart."""
    return await summaries(request, tables)


async def summaries(request: Request, tables: str) -> dict[str, list[Any]]:
    """The tables' summaries in the request's language (`/api/turns`: English; the pages'
    `/my/tables`: the reader's)."""
    ids = list(dict.fromkeys(t.strip() for t in tables.split(",") if t.strip()))
    if len(ids) > MAX_TABLES:
        raise BadRequest(
            f"ask for at most {MAX_TABLES} tables at once, not {len(ids)}",
            code="too_many_tables",
            limit=MAX_TABLES,
            count=len(ids),
        )
    manager = manager_of(request)
    found: list[dict[str, Any]] = []
    unknown: list[str] = []
    played = await asyncio.to_thread(manager.store.last_played, ids) if ids else {}
    turn_clocks: TurnClocks = request.app.state.turn_clocks
    clocks = await asyncio.to_thread(turn_clocks.store.of, ids) if ids else {}
    now = turn_clocks.clock.now()
    for table_id in ids:
        try:
            table = await manager.get(table_id)
            summary = turn_summary(table, played.get(table_id), clocks.get(table_id), now)
            found.append(summary)
        except WebError:
            unknown.append(table_id)
    return {"tables": found, "unknown": unknown}
