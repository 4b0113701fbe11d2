"""The HTML pages: the lobby, a table, the replay of a finished game, the record, the rules.

Pages are rendered on the server (so they show the game before any script runs); the scripts
in `static/` then keep a table live over its WebSocket and step through replays.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from fastapi import APIRouter, Request
from fastapi.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
)
from pydantic import ValidationError

from ludoteca import i18n, rulebook
from ludoteca.agents.strengths import LEVELS
from ludoteca.core.errors import UnknownGameError
from ludoteca.core.registry import game_class
from ludoteca.i18n import _, game_title
from ludoteca.web.http.addresses import addresses_of, qr_svg
from ludoteca.web.http.errors import NotFound, Unprocessable, WebError
from ludoteca.web.http.openapi import WHY, html_errors, inline_json_errors, json_errors
from ludoteca.web.live.api import created_links, game_catalogue, table_summary
from ludoteca.web.live.deps import finished_table, manager_of, social_of
from ludoteca.web.live.views import (
    creator_seat,
    log_rows,
    replay_steps,
    replay_turns,
    replay_view,
    table_view,
    viewer_seat,
)
from ludoteca.web.pages.templating import templates
from ludoteca.web.social.presence import hold
from ludoteca.web.social.takeback_story import takeback_notes, with_takebacks
from ludoteca.web.table.analysable import unanalysable
from ludoteca.web.table.new_table import SPEEDS, here_from_form, request_from_form
from ludoteca.web.table.table import HUMAN, Table
from ludoteca.web.table.turn_settings import MOVE_TIME_LABELS

router = APIRouter()


async def lobby_page(request: Request, error: str | None = None, status: int = 200) -> Response:
    listing = await manager_of(request).listing()
    context = {
        "games": game_catalogue(),
        "open": [table_summary(d) for d in listing["open"]],
        "finished": [table_summary(d) for d in listing["finished"]],
        "speeds": SPEEDS,
        "move_times": sorted(MOVE_TIME_LABELS.items()),
        "levels": LEVELS,
        "error": error,
    }
    return templates.TemplateResponse(request, "lobby.html", context, status_code=status)


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request) -> Response:
    return await lobby_page(request)


@router.post(
    "/tables",
    response_class=HTMLResponse,
    responses={**html_errors(400, 422), **inline_json_errors(413), 303: {"description": WHY[303]}},
)
async def create_from_form(request: Request) -> Response:
    """The lobby's form: on success the creator goes to the first human seat's link, which
    also carries the seats played on this device (see `device_fragment`)."""
    body = (await request.body()).decode("utf-8", errors="replace")
    fields = parse_qsl(body, keep_blank_values=True)
    try:
        table_request = request_from_form(fields)
        table = await manager_of(request).create(table_request)
        hold(table)  # several people: the first move waits until all have joined
    except WebError as exc:
        return await lobby_page(request, exc.shown(), exc.status)
    except ValidationError as exc:
        problem = "; ".join(str(e["msg"]) for e in exc.errors())
        error = Unprocessable(problem, code="validation_error")
        return await lobby_page(request, error.shown(), error.status)
    play = created_links(table)["play"] + device_fragment(table, here_from_form(fields))
    return RedirectResponse(play, status_code=303)


def device_fragment(table: Table, here: list[int]) -> str:
    """`#here=<seat>.<token>,...`: the other people's seats that the creator's page plays too
    (pass-and-play). A fragment never reaches a server's logs; the page keeps the seats in
    the browser and takes the fragment out of its address."""
    first = creator_seat(table)
    seats = [
        f"{i}.{table.data.seats[i].token}"
        for i in here
        if i != first and i < len(table.data.seats) and table.data.seats[i].kind == HUMAN
    ]
    return "#here=" + ",".join(seats) if seats else ""


@router.get(
    "/table/{table_id}", response_class=HTMLResponse, responses=html_errors(403, 404, 409, 422)
)
async def table_page(
    request: Request, table_id: str, seat: int | None = None, token: str | None = None
) -> Response:
    table = await manager_of(request).get(table_id)
    viewer = table.authorise(seat, token)
    view = table_view(table, viewer)
    addresses = addresses_of(request)
    base = addresses.base(request)
    boot = {
        "table": table.id,
        "seat": viewer,
        "token": token if viewer is not None else None,
        "base": base,
    }
    context = {
        "view": view,
        "boot": boot,
        "log_rows": log_rows(view["story"]),
        "invites": invite_cards(view, base),
        "local_only": addresses.local_only(request),
    }
    return templates.TemplateResponse(request, "table.html", context)


def invite_cards(view: dict[str, Any], base: str) -> list[dict[str, Any]]:
    """The invite card's links, whole (`base` + path), each with its QR code; the spectators'
    last. Empty for every viewer but the creator."""
    if "invites" not in view:
        return []
    links = [(inv["seat"], inv["name"], inv["path"]) for inv in view["invites"]]
    links.append((None, _("spectators"), view["links"]["spectate"]))
    return [
        {"seat": seat, "name": name, "path": path, "url": base + path, "qr": qr_svg(base + path)}
        for seat, name, path in links
    ]


@router.get("/table/{table_id}/record.json", responses=json_errors(404, 409, 422))
async def record(request: Request, table_id: str) -> JSONResponse:
    """The record of the final line of play, with the takebacks (if any) listed beside it."""
    table = await finished_table(request, table_id)
    name = f"ludoteca-{table.game.id}-{table.id}.json"
    body = table.record().to_json()
    takebacks = await asyncio.to_thread(social_of(request.app).takebacks, table.id)
    if takebacks:
        body["takebacks"] = [t.to_json() for t in takebacks]
    return JSONResponse(
        body,
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get(
    "/table/{table_id}/replay",
    response_class=HTMLResponse,
    responses=html_errors(403, 404, 409, 422),
)
async def replay_page(request: Request, table_id: str, seat: int | None = None) -> Response:
    """The replay, drawn from `seat` (a seat's own link passes it; else a spectator's view)."""
    table = await finished_table(request, table_id)
    viewer = viewer_seat(table, seat)
    first = replay_view(table, 0, viewer)
    takebacks = await asyncio.to_thread(social_of(request.app).takebacks, table.id)
    turns = replay_turns(replay_steps(table))
    context: dict[str, Any] = {
        "table": table,
        "title": game_title(table.game.title),
        "first": first,
        "viewer": viewer,
        "names": table.names(),
        "turns": with_takebacks(turns, takeback_notes(table, takebacks)),
        "analysable": unanalysable(table.game) is None,
        "analyse": request.query_params.get("analyse") == "1",  # the table page's "Analyse"
    }
    return templates.TemplateResponse(request, "replay.html", context)


async def replay_step(
    request: Request, table_id: str, step: int, seat: int | None
) -> dict[str, Any]:
    table = await finished_table(request, table_id)
    viewer = viewer_seat(table, seat)
    last = len(table.moves)
    if not 0 <= step <= last:
        raise NotFound(
            f"step {step} is outside this game (0-{last})",
            code="no_such_step",
            step=step,
            last=last,
        )
    return replay_view(table, step, viewer)


@router.get("/table/{table_id}/replay/{step:int}.json", responses=json_errors(403, 404, 409, 422))
async def replay_json(
    request: Request, table_id: str, step: int, seat: int | None = None
) -> dict[str, Any]:
    """Position `step` as `seat` sees it (without: a spectator)."""
    return await replay_step(request, table_id, step, seat)


@router.get(
    "/table/{table_id}/replay/{step:int}.svg",
    response_class=Response,
    responses={
        200: {"content": {"image/svg+xml": {"schema": {"type": "string"}}}},
        **json_errors(403, 404, 409, 422),
    },
)
async def replay_svg(
    request: Request, table_id: str, step: int, seat: int | None = None
) -> Response:
    view = await replay_step(request, table_id, step, seat)
    return Response(view["svg"], media_type="image/svg+xml")


@router.get("/rules/{name}", response_class=HTMLResponse, responses=html_errors(404, 422))
async def rules_page(request: Request, name: str) -> Response:
    """A game's rules page (`/rules/ludo`), or a picture it shows (`/rules/ludo-board.svg`)."""
    suffix = Path(name).suffix
    if suffix:
        picture = rulebook.picture_path(name)
        if picture is None:
            raise NotFound(
                f"no picture {name!r} among the rules pages", code="no_picture", name=name
            )
        return FileResponse(picture, media_type=rulebook.PICTURE_TYPES[suffix])
    try:
        title = game_title(game_class(name).title)
    except UnknownGameError as exc:
        raise NotFound(str(exc), code="unknown_game", game=name) from exc
    language = i18n.current()
    html = rulebook.page_html(name, language)
    if html is None:
        raise NotFound(
            f"this installation has no rules page for {name!r}", code="no_rules_page", game=name
        )
    context = {
        "title": title,
        "game_id": name,
        "howto": rulebook.howto_html(name, language),
        "page": html,
        "rules_in_english": rulebook.full_rules_language(name, language) != language,
    }
    return templates.TemplateResponse(request, "rules.html", context)


def error_page(request: Request, error: WebError) -> Response:
    return templates.TemplateResponse(
        request, "error.html", {"message": error.shown()}, status_code=error.status
    )
