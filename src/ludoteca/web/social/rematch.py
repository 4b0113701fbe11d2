"""Play again: a new table with the same game, options, speed and players, first seat rotated.

Whoever sat in seat i sits in seat i+1 at the rematch (the last seat moves to the first), bots
keep their strength, each person gets a fresh secret link. The first seated player to ask
creates it; everyone watching the old table is then offered their own link (spectators the
spectator link), and the rematch waits until every person has joined (`web.social.presence`).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request

from ludoteca.store.social import SocialStore
from ludoteca.web.http.errors import Conflict
from ludoteca.web.http.openapi import json_errors
from ludoteca.web.live.deps import SeatProof, manager_of, request_social, seated, tell
from ludoteca.web.live.manager import TableManager
from ludoteca.web.live.views import seat_link
from ludoteca.web.social.presence import hold
from ludoteca.web.table.new_table import TableRequest
from ludoteca.web.table.table import HUMAN, Connection, Table
from ludoteca.web.table.turn_settings import Pace, asked

router = APIRouter(prefix="/api")


def rotated(seat: int, players: int) -> int:
    """The seat at the rematch of whoever sat in `seat`."""
    return (seat + 1) % players


def rematch_request(table: Table) -> TableRequest:
    players = len(table.data.seats)
    seats = [""] * players
    names: list[str | None] = [None] * players
    for i, spec in enumerate(table.data.seats):
        seats[rotated(i, players)] = HUMAN if spec.kind == HUMAN else spec.agent or ""
        names[rotated(i, players)] = spec.name if spec.kind == HUMAN else None
    hours, on_timeout, timeout_bot = asked(Pace(table.data.turn_seconds, table.data.on_timeout))
    return TableRequest(
        game=table.game.id,
        players=players,
        seats=seats,
        names=names,
        options=dict(table.data.options),
        speed=table.data.speed,  # type: ignore[arg-type]
        listed=table.data.listed,
        takebacks=table.data.takebacks_allowed,
        move_hours=hours,
        on_timeout=on_timeout,
        timeout_bot=timeout_bot,
    )


def offer(old: Table, new: Table, seat: int | None) -> dict[str, Any]:
    """The rematch message for a watcher of the old table: their own way in."""
    path = f"/table/{new.id}"
    if seat is not None:
        path = seat_link(new, rotated(seat, len(old.data.seats)))
    return {"type": "rematch", "table": new.id, "path": path}


async def rematch_of(manager: TableManager, social: SocialStore, table: Table) -> Table | None:
    found = await asyncio.to_thread(social.rematch_of, table.id)
    return await manager.get(found) if found is not None else None


async def offer_all(old: Table, new: Table) -> None:
    def message(connection: Connection) -> dict[str, Any]:
        return offer(old, new, connection.seat)

    await tell(old, message)


@router.post("/tables/{table_id}/rematch", responses=json_errors(400, 403, 404, 409, 413, 422))
async def rematch(request: Request, table_id: str, body: SeatProof) -> dict[str, Any]:
    """Create the rematch (or find the one already made); answers this seat's new link."""
    manager = manager_of(request)
    social = request_social(request)
    table = await manager.get(table_id)
    seat = seated(table, body, "ask for a rematch")
    if table.playing:
        raise Conflict(
            "the game is still being played: play again once it is over", code="game_not_over"
        )
    async with table.lock:  # two players asking at once make one rematch
        new = await rematch_of(manager, social, table)
        if new is None:
            new = await manager.create(rematch_request(table))
            hold(new)
            await asyncio.to_thread(social.add_rematch, table.id, new.id)
    await offer_all(table, new)
    return offer(table, new, seat)
