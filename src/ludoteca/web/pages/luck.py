"""The page that checks a finished table's luck: `/table/<id>/luck`, linked from its luck card.

A fair table publishes the SHA-256 of its secret when it is made and reveals the secret with the
record at the end (`web.live.views.chance_view`). This page shows both, the SHA-256 worked out again
from the secret's bytes, and whether every roll, card and draw stored is the one the secret
draws (the record's own check, as `ludoteca replay` runs it), with how to check it all without
trusting this server.
"""

from __future__ import annotations

import hashlib

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from ludoteca.core.api import CHANCE
from ludoteca.i18n import game_title
from ludoteca.web.http.openapi import html_errors
from ludoteca.web.live.deps import finished_table
from ludoteca.web.live.views import chance_view
from ludoteca.web.pages.templating import templates

router = APIRouter()


@router.get("/table/{table_id}/luck", response_class=HTMLResponse, responses=html_errors(404, 409))
async def luck_page(request: Request, table_id: str) -> Response:
    table = await finished_table(request, table_id)
    chance = chance_view(table)
    secret = table.data.secret
    context = {
        "table": table,
        "title": game_title(table.game.title),
        "chance": chance,
        "secret": secret,
        "digest": hashlib.sha256(bytes.fromhex(secret)).hexdigest() if secret else None,
        "outcomes": sum(1 for move in table.moves if move.player == CHANCE),
        "record": f"ludoteca-{table.game.id}-{table.id}.json",
    }
    return templates.TemplateResponse(request, "luck.html", context)
