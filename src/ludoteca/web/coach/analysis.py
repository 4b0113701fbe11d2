"""The analysis of a finished table (issue 18): start it, follow it, read it.

`POST /api/tables/<id>/analysis` starts the review in the background (`web.coach.jobs`);
`GET /api/tables/<id>/analysis` tells its progress and, once done, the stored review (English,
for scripts); the replay page polls `GET /table/<id>/analysis.json` for the same progress and
then its analysis in the reader's language, and asks `GET /table/<id>/analysis/<index>.json`
for the board with the better move of a decision drawn on it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ludoteca.web.coach.jobs import DONE, Analyses, Full
from ludoteca.web.coach.view import analysis_view, better_board
from ludoteca.web.http.errors import Conflict, NotFound, TooMany
from ludoteca.web.http.openapi import json_errors
from ludoteca.web.live.deps import finished_table
from ludoteca.web.live.views import viewer_seat
from ludoteca.web.table.analysable import unanalysable

router = APIRouter()


def analyses_of(request: Request) -> Analyses:
    analyses: Analyses = request.app.state.analyses
    return analyses


@router.post(
    "/api/tables/{table_id}/analysis", status_code=202, responses=json_errors(404, 409, 422, 429)
)
async def start_analysis(request: Request, table_id: str) -> JSONResponse:
    """Start analysing a finished table (a table analysed already answers its stored result)."""
    table = await finished_table(request, table_id)
    reason = unanalysable(table.game)
    if reason is not None:
        raise Conflict(reason, code="cannot_analyse")
    analyses = analyses_of(request)
    status = await asyncio.to_thread(analyses.status, table.id)
    if status.state != DONE:
        try:
            analyses.start(table.id, table.record())
        except Full as exc:
            raise TooMany(str(exc), code="too_many_analyses") from exc
        status = await asyncio.to_thread(analyses.status, table.id)
    return JSONResponse(status.to_json(), status_code=202)


@router.get("/api/tables/{table_id}/analysis", responses=json_errors(404, 409, 422))
async def get_analysis(request: Request, table_id: str) -> dict[str, Any]:
    """Progress (`status`, `done` of `total` actions, `percent`) and, once done, the review."""
    table = await finished_table(request, table_id)
    status = await asyncio.to_thread(analyses_of(request).status, table.id)
    body = status.to_json()
    if status.review is not None:
        body["review"] = status.review
    return body


@router.get("/table/{table_id}/analysis.json", responses=json_errors(404, 409, 422))
async def analysis_page_data(request: Request, table_id: str) -> dict[str, Any]:
    """What the replay page shows: the progress, then the analysis in the reader's language."""
    table = await finished_table(request, table_id)
    status = await asyncio.to_thread(analyses_of(request).status, table.id)
    body = status.to_json()
    if status.review is not None:
        body["analysis"] = analysis_view(table, status.review)
    return body


@router.get(
    "/table/{table_id}/analysis/{index:int}.json", responses=json_errors(403, 404, 409, 422)
)
async def better_move(
    request: Request, table_id: str, index: int, seat: int | None = None
) -> dict[str, Any]:
    """The board before decision `index` (0-based, as in the review) with its best move drawn,
    from `seat` (without: a spectator's view)."""
    table = await finished_table(request, table_id)
    viewer = viewer_seat(table, seat)
    review = await asyncio.to_thread(analyses_of(request).store.get, table.id)
    if review is None:
        raise NotFound(f"table {table.id} has not been analysed yet", code="no_analysis")
    entries = review["entries"]
    if not 0 <= index < len(entries) or entries[index]["best"] is None:
        raise NotFound(
            f"action {index} is not a decision of this game", code="not_a_decision", index=index
        )
    return better_board(table, entries[index], viewer)
