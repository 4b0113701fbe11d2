"""Hints: a person playing against bots asks which move the review's value function likes best.

Off by default. A seated person turns hints on for their seat (`POST /api/tables/<id>/hints`),
and only while every other seat is a bot: a hint would be help from outside against another
person. The switch lives with the table in this server's memory (a restart turns it off again).
`GET /api/tables/<id>/hint` then ranks the legal moves (`review.rank`) and answers the best one,
with its sentence in the reader's language for the table page to show and highlight.
"""

from __future__ import annotations

import asyncio
from typing import Any
from weakref import WeakKeyDictionary

from fastapi import APIRouter, Request
from pydantic import StrictBool

from ludoteca.i18n import _
from ludoteca.review.rank import rank_moves
from ludoteca.review.value import NoValueFunctionError
from ludoteca.web.http.errors import Conflict, Forbidden
from ludoteca.web.http.openapi import json_errors
from ludoteca.web.live.deps import SeatProof, manager_of, seated
from ludoteca.web.table.table import HUMAN, Table

router = APIRouter(prefix="/api")
SHOWN = 3
"""Moves listed with the hint: the best and the next ones, with the mover's win chance."""
_ON: WeakKeyDictionary[Table, set[int]] = WeakKeyDictionary()
"""Per live table, the seats that turned hints on."""


class HintSwitch(SeatProof):
    """Turn hints on or off for the seat."""

    on: StrictBool


def allowed(table: Table, seat: int) -> None:
    """Hints are for a person alone against bots: refused when another person sits here."""
    people = [i for i, s in enumerate(table.data.seats) if s.kind == HUMAN and i != seat]
    if people:
        raise Forbidden(
            f"hints are only given when every other seat is a bot; seat {people[0]} is a person",
            code="hint_against_person",
            seat=people[0],
        )


def hints_on(table: Table, seat: int) -> bool:
    return seat in _ON.get(table, set())


@router.post("/tables/{table_id}/hints", responses=json_errors(403, 404, 413, 422))
async def switch_hints(request: Request, table_id: str, body: HintSwitch) -> dict[str, Any]:
    """`{"seat", "token", "on"}`: turn this seat's hints on or off."""
    table = await manager_of(request).get(table_id)
    seat = seated(table, body, "ask for hints")
    if body.on:
        allowed(table, seat)
        _ON.setdefault(table, set()).add(seat)
    else:
        _ON.get(table, set()).discard(seat)
    return {"seat": seat, "on": body.on}


@router.get("/tables/{table_id}/hint", responses=json_errors(403, 404, 409, 422))
async def get_hint(
    request: Request, table_id: str, seat: int | None = None, token: str | None = None
) -> dict[str, Any]:
    """The value-best move for the seat to move, with the next best ones."""
    table = await manager_of(request).get(table_id)
    mine = seated(table, SeatProof(seat=seat, token=token), "ask for a hint")
    allowed(table, mine)
    if not hints_on(table, mine):
        raise Conflict("hints are off for this seat: turn them on first", code="hints_off")
    async with table.lock:
        table.check_turn(mine)
        state = table.state.clone()
        names = table.names()
    try:
        ranked = await asyncio.to_thread(rank_moves, state)
    except NoValueFunctionError as exc:
        raise Conflict(str(exc), code="no_hint", game=table.game.id) from exc
    best = ranked[0]
    assert table.narrator is not None
    return {
        "seat": mine,
        "action": best.action,
        "notation": best.notation,
        "text": _("Hint: {move} ({notation})").format(
            move=table.narrator.text(state, best.action, names), notation=best.notation
        ),
        "value": best.value,
        "moves": [
            {"action": m.action, "notation": m.notation, "value": m.value} for m in ranked[:SHOWN]
        ],
    }
