"""The JSON API: games, tables, views and moves, for scripts and for the pages' JavaScript.

Every bad input is answered with a 4xx status and `{"detail": "<readable message>"}`.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr

import ludoteca
from ludoteca import agents
from ludoteca.analysis.durations import load_durations
from ludoteca.core.errors import LudotecaError
from ludoteca.core.options import Option
from ludoteca.core.registry import load_stored
from ludoteca.i18n import _, game_title, pgettext
from ludoteca.store.tables import TableData
from ludoteca.web.http.openapi import json_errors
from ludoteca.web.live.deps import manager_of
from ludoteca.web.live.views import creator_seat, seat_link, table_view
from ludoteca.web.table.new_table import TableRequest
from ludoteca.web.table.people import seat_names, versus
from ludoteca.web.table.table import HUMAN, Table

router = APIRouter(prefix="/api")


class ActionRequest(BaseModel):
    """A move for `seat`, proven by its token: an action id or the move in notation."""

    model_config = ConfigDict(extra="forbid")

    seat: StrictInt | None = None
    token: StrictStr | None = None
    action: StrictInt | None = None
    notation: StrictStr | None = None


class NameRequest(BaseModel):
    """The name a person enters for the seat they hold (empty: back to the seat's colour)."""

    model_config = ConfigDict(extra="forbid")

    seat: StrictInt
    token: StrictStr
    name: StrictStr


def option_words(spec: Option) -> dict[str, Any]:
    """An option as the lobby shows it: its description with the title, the one-line
    explanation and the choices' words in the active language (the name stays the key)."""
    described = spec.describe()
    return {
        **described,
        "title": _(described["title"]),
        "explain": _(described["explain"]),
        "labels": {
            value: pgettext("option value", label) for value, label in described["labels"].items()
        },
    }


def game_catalogue() -> list[dict[str, Any]]:
    """Each game with its player range, options and the agents that can take a seat."""
    catalogue = []
    durations = load_durations()
    for info in ludoteca.games():
        game = ludoteca.load(info.id)
        catalogue.append(
            {
                "id": info.id,
                "title": info.title,
                "name": game_title(info.title),
                "summary": _(game.summary),
                "minutes": durations.get(info.id, {}).get("minutes"),
                "min_players": info.min_players,
                "max_players": info.max_players,
                "default_players": info.default_players,
                "options": [option_words(spec) for spec in game.option_specs],
                "agents": [
                    {"name": name, "description": cls.description}
                    for name, cls in agents.available(game).items()
                ],
                "strengths": [
                    {"name": level, "agent": spec} for level, spec in agents.strengths(game).items()
                ],
            }
        )
    return catalogue


def table_summary(data: TableData) -> dict[str, Any]:
    """A table in the lobby's lists: its game, its players by name, its status and link."""
    try:
        game = load_stored(data.game, data.players, data.options)
    except LudotecaError:  # a game this installation no longer offers: its ids still tell
        title, names = data.game, [s.name or s.agent or HUMAN for s in data.seats]
    else:
        title, names = game_title(game.title), seat_names(game, data.seats)
    return {
        "id": data.id,
        "game": data.game,
        "title": title,
        "players": data.players,
        "seats": [s.agent if s.agent else HUMAN for s in data.seats],
        "names": names,
        "versus": versus(names),
        "speed": data.speed,
        "status": data.status,
        "listed": data.listed,
        "takebacks": data.taken_back,
        "ending": data.ending,
        "created": data.created.isoformat(timespec="seconds"),
        "result": data.result,
        "link": f"/table/{data.id}",
    }


def created_links(table: Table) -> dict[str, Any]:
    """What the creator is given: every seat's link (humans' carry their token)."""
    seats = []
    for i, spec in enumerate(table.data.seats):
        entry: dict[str, Any] = {"seat": i, "kind": spec.kind, "agent": spec.agent}
        if spec.kind == HUMAN:
            entry["link"] = seat_link(table, i)
        seats.append(entry)
    first = creator_seat(table)
    return {
        "id": table.id,
        "seats": seats,
        "spectate": f"/table/{table.id}",
        "play": seat_link(table, first) if first is not None else f"/table/{table.id}",
    }


@router.get("/games")
async def list_games() -> list[dict[str, Any]]:
    return game_catalogue()


@router.get("/tables")
async def list_tables(request: Request) -> dict[str, list[dict[str, Any]]]:
    listing = await manager_of(request).listing()
    return {key: [table_summary(d) for d in rows] for key, rows in listing.items()}


@router.post("/tables", status_code=201, responses=json_errors(400, 413, 422))
async def create_table(request: Request, body: TableRequest) -> dict[str, Any]:
    table = await manager_of(request).create(body)
    return created_links(table)


@router.get("/tables/{table_id}", responses=json_errors(403, 404, 409, 422))
async def get_view(
    request: Request, table_id: str, seat: int | None = None, token: str | None = None
) -> dict[str, Any]:
    table = await manager_of(request).get(table_id)
    return table_view(table, table.authorise(seat, token))


@router.post("/tables/{table_id}/actions", responses=json_errors(403, 404, 409, 413, 422))
async def post_action(request: Request, table_id: str, body: ActionRequest) -> JSONResponse:
    manager = manager_of(request)
    table = await manager.get(table_id)
    await manager.act(table, body.seat, body.token, body.action, body.notation)
    await manager.settle(table)  # the answer shows the move: stored before it goes
    return JSONResponse(table_view(table, body.seat))


@router.post("/tables/{table_id}/name", responses=json_errors(400, 403, 404, 409, 413, 422))
async def post_name(request: Request, table_id: str, body: NameRequest) -> dict[str, Any]:
    manager = manager_of(request)
    table = await manager.get(table_id)
    await manager.rename(table, body.seat, body.token, body.name)
    return table_view(table, body.seat)
