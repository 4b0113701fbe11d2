"""Takeback: a person takes back their own last decision, back to the position they chose in.

Against bots (every other seat a bot) it happens at once; with other people at the table it is a
request each of them accepts or refuses (a person's move in between withdraws it; the bots at
the table play on meanwhile). The chance from the position taken back to is drawn anew, keyed
with the takeback's number (`core.chance.Chance.redraws`): what the undone moves showed of the
dice tells nothing of the dice to come. The table's creator may turn takebacks off.

The stored moves stay the final line of play (a record and a replay are a valid game); the moves
a takeback undid are kept apart (`GET /api/tables/<id>/takebacks`).
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request
from pydantic import StrictBool

from ludoteca.store.social import SocialStore, Takeback
from ludoteca.web.http.errors import Conflict
from ludoteca.web.http.openapi import json_errors
from ludoteca.web.live.deps import SeatProof, manager_of, request_social, seated, tell_all
from ludoteca.web.live.manager import TableManager
from ludoteca.web.table.table import HUMAN, Table

router = APIRouter(prefix="/api")


@dataclass
class Ask:
    """A takeback `seat` asked for when the people at the table had made `decided` moves."""

    seat: int
    decided: int
    accepted: set[int] = field(default_factory=set)


def people_moves(table: Table) -> int:
    """How many moves people have made: one more withdraws a request (a bot's does not)."""
    seats = table.data.seats
    return sum(1 for m in table.moves if m.player >= 0 and seats[m.player].kind == HUMAN)


def other_people(table: Table, seat: int) -> list[int]:
    return [i for i, s in enumerate(table.data.seats) if s.kind == HUMAN and i != seat]


def last_decision(table: Table, seat: int) -> int:
    """The index of `seat`'s last move: the takeback goes back to the position before it."""
    if not table.data.takebacks_allowed:
        raise Conflict(
            "the table's creator turned takebacks off: moves cannot be taken back here",
            code="takebacks_off",
        )
    if not table.playing:
        raise Conflict(
            f"the game is {table.data.status}: nothing can be taken back",
            code="nothing_to_take_back",
            status=table.data.status,
        )
    for move in reversed(table.moves):
        if move.player == seat:
            return move.index
    raise Conflict(
        "you have not made a move yet: there is nothing to take back", code="nothing_to_take_back"
    )


def waiting_ask(table: Table) -> Ask | None:
    """The request still open: none once a person has moved since it was asked."""
    ask: Ask | None = table.takeback
    if ask is not None and (ask.decided != people_moves(table) or not table.playing):
        table.takeback = ask = None
    return ask


def ask_message(table: Table, ask: Ask, state: str) -> dict[str, Any]:
    return {
        "type": "takeback",
        "state": state,
        "seat": ask.seat,
        "waiting_for": [i for i in other_people(table, ask.seat) if i not in ask.accepted],
    }


async def tell_everywhere(manager: TableManager, table: Table, message: dict[str, Any]) -> None:
    """Tell the table's sockets here and on the other server processes (`web.cluster.workers`)."""
    await tell_all(table, message)
    manager.workers.told(table, message)


def mirror(table: Table, message: dict[str, Any]) -> None:
    """Keep the state of a request told by another server process, so that an answer sent
    here counts: asked (with who has accepted so far), or no longer waiting."""
    if message.get("state") == "asked":
        seat = message["seat"]
        waiting = set(message["waiting_for"])
        accepted = {i for i in other_people(table, seat) if i not in waiting}
        table.takeback = Ask(seat, people_moves(table), accepted)
    else:
        table.takeback = None


async def perform(manager: TableManager, social: SocialStore, table: Table, seat: int) -> Takeback:
    async with table.lock:
        await manager.own(table)
        at = last_decision(table, seat)
        task = table.bot_task
        if task is not None and not task.done():  # a bot thinking about a position now undone
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        undone = table.rewind(at)
        table.takeback = None
        redraws = list(table.data.redraws)
        done = await asyncio.to_thread(social.take_back, table.id, seat, undone, redraws)
    await tell_everywhere(manager, table, {"type": "takeback", "state": "done", **done.to_json()})
    await manager.refresh(table)
    return done


@router.post("/tables/{table_id}/takeback", responses=json_errors(400, 403, 404, 409, 413, 422))
async def take_back(request: Request, table_id: str, body: SeatProof) -> dict[str, Any]:
    """Against bots: done at once. With people: a request they answer."""
    manager = manager_of(request)
    table = await manager.get(table_id)
    seat = seated(table, body, "take back a move")
    last_decision(table, seat)
    if not other_people(table, seat):
        done = await perform(manager, request_social(request), table, seat)
        return {"state": "done", **done.to_json()}
    if waiting_ask(table) is not None:
        raise Conflict("a takeback request is already waiting for answers", code="takeback_waiting")
    ask = table.takeback = Ask(seat, people_moves(table))
    message = ask_message(table, ask, "asked")
    await tell_everywhere(manager, table, message)
    return message


class Answer(SeatProof):
    accept: StrictBool


@router.post(
    "/tables/{table_id}/takeback/answer", responses=json_errors(400, 403, 404, 409, 413, 422)
)
async def answer(request: Request, table_id: str, body: Answer) -> dict[str, Any]:
    manager = manager_of(request)
    table = await manager.get(table_id)
    seat = seated(table, body, "answer a takeback request")
    ask = waiting_ask(table)
    if ask is None:
        raise Conflict(
            "no takeback request is waiting (a move since may have withdrawn it)",
            code="no_takeback_request",
        )
    if seat == ask.seat:
        raise Conflict(
            "you asked for this takeback: the other players answer it", code="own_takeback_request"
        )
    if not body.accept:
        table.takeback = None
        message = ask_message(table, ask, "refused")
        message["by"] = seat
        await tell_everywhere(manager, table, message)
        return message
    ask.accepted.add(seat)
    if set(other_people(table, ask.seat)) <= ask.accepted:
        done = await perform(manager, request_social(request), table, ask.seat)
        return {"state": "done", **done.to_json()}
    message = ask_message(table, ask, "asked")
    await tell_everywhere(manager, table, message)
    return message


@router.get("/tables/{table_id}/takebacks", responses=json_errors(404, 422))
async def list_takebacks(request: Request, table_id: str) -> dict[str, Any]:
    """Every takeback of a table, oldest first, with the moves it undid."""
    table = await manager_of(request).get(table_id)
    done = await asyncio.to_thread(request_social(request).takebacks, table.id)
    return {"takebacks": [t.to_json() for t in done]}
