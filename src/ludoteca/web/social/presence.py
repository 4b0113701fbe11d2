"""Presence: who has a table open, and a table of several people that waits for all of them.

A seat is connected while one of its WebSockets is open; it has joined once one has been. A
table created from the lobby (or as a rematch) with more than one human seat is held: nobody,
bot or person, moves until every human seat has joined, or until the creator starts anyway,
giving the seats nobody took to a bot if they like. The hold lives in memory: a table rebuilt
after a restart begins at once.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from pydantic import StrictStr

from ludoteca.store.tables import SeatData
from ludoteca.web.http.errors import Conflict, Forbidden
from ludoteca.web.http.openapi import json_errors
from ludoteca.web.live.deps import SeatProof, manager_of, request_social, seated, tell_all
from ludoteca.web.live.manager import TableManager
from ludoteca.web.live.views import creator_seat
from ludoteca.web.table.new_table import check_agent
from ludoteca.web.table.table import BOT, HUMAN, Table

router = APIRouter(prefix="/api")


def human_seats(table: Table) -> list[int]:
    return [i for i, spec in enumerate(table.data.seats) if spec.kind == HUMAN]


def connected_seats(table: Table) -> list[int]:
    return sorted({c.seat for c in table.connections if c.seat is not None})


def presence_message(table: Table) -> dict[str, Any]:
    return {
        "type": "presence",
        "connected": connected_seats(table),
        "joined": sorted(table.joined),
        "humans": human_seats(table),
        "waiting": table.held,
        "creator": creator_seat(table),
    }


def hold(table: Table) -> None:
    """Make a new table with more than one human seat wait until every person has joined."""
    decided = any(move.player >= 0 for move in table.moves)
    table.held = len(human_seats(table)) > 1 and not decided and table.playing


async def announce(table: Table) -> None:
    await tell_all(table, presence_message(table))


async def arrived(manager: TableManager, table: Table, seat: int | None) -> None:
    """A WebSocket opened for `seat`: it has joined; the last one to join releases the table."""
    if seat is not None:
        table.joined.add(seat)
        await asyncio.to_thread(manager.store.touch, table.id)  # in use: not idle (web.live.idle)
    released = table.held and set(human_seats(table)) <= table.joined
    if released:
        table.held = False
    await announce(table)
    if released:
        await manager.refresh(table)


class StartRequest(SeatProof):
    """The creator starts now; `bots`, if given, takes every seat nobody has joined."""

    bots: StrictStr | None = None


@router.get("/tables/{table_id}/presence", responses=json_errors(404, 422))
async def get_presence(request: Request, table_id: str) -> dict[str, Any]:
    table = await manager_of(request).get(table_id)
    return presence_message(table)


@router.post("/tables/{table_id}/start", responses=json_errors(400, 403, 404, 409, 413, 422))
async def start(request: Request, table_id: str, body: StartRequest) -> dict[str, Any]:
    manager = manager_of(request)
    table = await manager.get(table_id)
    seat = seated(table, body, "start the game")
    if seat != creator_seat(table):
        raise Forbidden(
            "only the table's creator (its first human seat) may start it early", code="not_creator"
        )
    if not table.held:
        raise Conflict("the game has already begun", code="already_started")
    if body.bots is not None:
        spec = body.bots.strip()
        check_agent(spec, table.game, manager.bot_limits)
        async with table.lock:
            await manager.own(table)
            table.data.seats = [
                SeatData(BOT, agent=spec)
                if s.kind == HUMAN and i != seat and i not in table.joined
                else s
                for i, s in enumerate(table.data.seats)
            ]
            seats = list(table.data.seats)
            await asyncio.to_thread(request_social(request).set_seats, table.id, seats)
    table.held = False
    manager.workers.started(table)
    await announce(table)
    await manager.refresh(table)
    return presence_message(table)
