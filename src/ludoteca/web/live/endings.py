"""A table's life beside its game: listed or private, a person leaving, its creator ending or
deleting it.

Tables are private: reached by their links, not listed in the lobby, unless their creator (the
first human seat) lists one, in the lobby form or later on the table page, to let strangers watch
or join. A seated person may leave a game that is being played; the seeds say nothing of it, so
this is our ruling, one for all five games:

- In a game of two seats, leaving is resigning: the game ends at once and the other seat wins
  (`status` finished, `ending` `{"why": "resigned", "seat": n}`, the returns of a win and a
  loss). Nothing is left to play for. A seat of a turn-based table that forfeits when its
  move's time runs out (`web.live.turn_clock`) is out the same way (`"why": "timeout"`).
- With more seats, the game goes on for the others: the seat is given to a bot of the game's
  *medium* strength, which plays it to the end under the game's own rules (as a seat nobody
  joined is given to a bot, `web.social.presence`), so every rule and every other seat's chances
  stay as the game defines them. The leaver's link no longer opens the seat.

The creator may end the table (`status` closed, `ending` `{"why": "ended"}`: kept, with its
record and replay, but off the lists) or delete it with everything stored about it. A table
nobody touched for a while is closed the same way by `web.live.idle`.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from pydantic import StrictBool
from sqlalchemy import delete
from sqlalchemy.engine import Engine

from ludoteca.store.analyses import AnalysisRow
from ludoteca.store.social import ChatRow, RematchRow, TakebackRow
from ludoteca.store.tables import BOT, CLOSED, FINISHED, LeaseRow, MoveRow, SeatData, TableRow
from ludoteca.store.turn_clocks import TurnClockRow
from ludoteca.web.http.errors import Conflict, Forbidden
from ludoteca.web.http.openapi import json_errors
from ludoteca.web.live.deps import SeatProof, manager_of, seated
from ludoteca.web.live.manager import TableManager
from ludoteca.web.live.views import creator_seat, table_view
from ludoteca.web.table.table import Table

router = APIRouter(prefix="/api")

LEAVER_BOT = "medium"
"""Who plays on the seat of a person who left a game of more than two."""

RESIGNED = "resigned"
TIMED_OUT = "timeout"
ENDED = "ended"
IDLE = "idle"
"""Why a table ended other than by its game's rules (`ending["why"]`)."""


class ListRequest(SeatProof):
    """The creator lists the table in the lobby (`listed` true) or takes it off."""

    listed: StrictBool


def by_creator(table: Table, proof: SeatProof, doing: str) -> int:
    """The seat of a request only the table's creator may make."""
    seat = seated(table, proof, doing)
    if seat != creator_seat(table):
        raise Forbidden(
            f"only the table's creator (its first human seat) may {doing}", code="not_creator"
        )
    return seat


def still_playing(table: Table) -> None:
    if not table.playing:
        raise Conflict(
            f"the game is {table.data.status}: it has already ended",
            code="game_over",
            status=table.data.status,
        )


def resignation(players: int, seat: int) -> list[float]:
    """The returns of a game of two that `seat` resigned: the other seat wins."""
    assert players == 2
    return [-1.0 if i == seat else 1.0 for i in range(players)]


async def leave(manager: TableManager, table: Table, seat: int) -> None:
    """`seat` leaves a game being played: it resigns (two seats) or a bot plays it on."""
    async with table.lock:
        still_playing(table)
        if not await give_up(manager, table, seat, RESIGNED):
            return
    await manager.refresh(table)


async def give_up(manager: TableManager, table: Table, seat: int, why: str) -> bool:
    """Under the table's lock: `seat` is out of a game being played, having resigned or run out
    of time (`why`): a game of two ends, the other seat winning (False); with more seats a bot
    takes the seat over (True: the table is to be refreshed)."""
    players = len(table.data.seats)
    if players == 2:
        ending = {"why": why, "seat": seat}
        await manager.end_table(table, FINISHED, ending, resignation(players, seat))
        return False
    await manager.own(table)
    seats = table.data.seats
    seats[seat] = SeatData(BOT, agent=LEAVER_BOT)
    for connection in table.connections:  # the leaver's pages watch from now on
        if connection.seat == seat:
            connection.seat = None
    await asyncio.to_thread(manager.store.set_seats, table.id, list(seats))
    table.forget_texts()
    return True


def erase(engine: Engine, table_id: str) -> None:
    """Delete a table and everything stored about it, in one commit."""
    with engine.begin() as connection:
        for row, column in (
            (MoveRow, MoveRow.table_id),
            (ChatRow, ChatRow.table_id),
            (TakebackRow, TakebackRow.table_id),
            (AnalysisRow, AnalysisRow.table_id),
            (LeaseRow, LeaseRow.table_id),
            (TurnClockRow, TurnClockRow.table_id),
        ):
            connection.execute(delete(row).where(column == table_id))
        connection.execute(
            delete(RematchRow).where(
                (RematchRow.table_id == table_id) | (RematchRow.rematch_id == table_id)
            )
        )
        connection.execute(delete(TableRow).where(TableRow.id == table_id))


@router.post("/tables/{table_id}/listed", responses=json_errors(403, 404, 409, 413, 422))
async def set_listed(request: Request, table_id: str, body: ListRequest) -> dict[str, Any]:
    """The creator lists the table in the lobby's lists, or takes it off them."""
    manager = manager_of(request)
    table = await manager.get(table_id)
    by_creator(table, body, "list the table")
    async with table.lock:
        await manager.own(table)
        table.data.listed = body.listed
        await asyncio.to_thread(manager.store.set_listed, table.id, body.listed)
    await manager.refresh(table)
    return {"listed": body.listed}


@router.post("/tables/{table_id}/leave", responses=json_errors(403, 404, 409, 413, 422))
async def post_leave(request: Request, table_id: str, body: SeatProof) -> dict[str, Any]:
    """A person leaves the game: resigns a game of two, hands a seat of more to a bot."""
    manager = manager_of(request)
    table = await manager.get(table_id)
    seat = seated(table, body, "leave the game")
    await leave(manager, table, seat)
    return table_view(table, None)


@router.post("/tables/{table_id}/end", responses=json_errors(403, 404, 409, 413, 422))
async def post_end(request: Request, table_id: str, body: SeatProof) -> dict[str, Any]:
    """The creator ends the table: closed, kept with its moves, off the lists."""
    manager = manager_of(request)
    table = await manager.get(table_id)
    seat = by_creator(table, body, "end the table")
    async with table.lock:
        still_playing(table)
        await manager.end_table(table, CLOSED, {"why": ENDED})
    return table_view(table, seat)


@router.post("/tables/{table_id}/delete", responses=json_errors(403, 404, 409, 413, 422))
async def post_delete(request: Request, table_id: str, body: SeatProof) -> dict[str, Any]:
    """The creator deletes the table with its moves, chat, takebacks and analysis."""
    manager = manager_of(request)
    table = await manager.get(table_id)
    by_creator(table, body, "delete the table")
    async with table.lock:
        await manager.own(table)
        await asyncio.to_thread(erase, manager.store.engine, table.id)
        manager.workers.changed(table)  # the others find it gone and let it go
    await manager.forget(table)
    return {"deleted": table.id}
