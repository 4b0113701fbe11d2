"""Whose turn it is at a list of tables: what the lobby's "Your tables" asks about.

The browser keeps the seat links it holds (`static/seats.js`) and sends only the table ids;
the answer holds nothing secret, only what a spectator sees.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from ludoteca.i18n import game_title
from ludoteca.web.api import manager_of
from ludoteca.web.errors import BadRequest, WebError
from ludoteca.web.openapi import json_errors
from ludoteca.web.table import Table
from ludoteca.web.views import result_view

router = APIRouter(prefix="/api")

MAX_TABLES = 50


def turn_summary(table: Table) -> dict[str, Any]:
    to_move = table.to_move()
    result = result_view(table)
    return {
        "id": table.id,
        "game": table.game.id,
        "title": game_title(table.game.title),
        "status": table.data.status,
        "waiting": table.held,
        "to_move": to_move,
        "seats": list(table.names()),
        "result": result["text"] if result else None,
    }


@router.get("/turns", responses=json_errors(400, 422))
async def turns(request: Request, tables: str = "") -> dict[str, list[Any]]:
    """`?tables=<id>,<id>`: each known table's summary; unknown ids are listed apart."""
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
    for table_id in ids:
        try:
            found.append(turn_summary(await manager.get(table_id)))
        except WebError:
            unknown.append(table_id)
    return {"tables": found, "unknown": unknown}
