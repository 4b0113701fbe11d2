"""The installable app: its manifest, its service worker and the page shown offline, beside
"My games" (every table this browser holds a seat at).

The service worker (`/sw.js`, served from the root so that it may look after every page) keeps
the static files in a cache named by a hash of their contents, so a new release replaces them
all at once; pages and the API always go to the network, and a page that cannot be reached
while offline is answered with `/offline`, kept in the cache in the reader's language. Nothing
is played offline: a move needs the server.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from ludoteca.i18n import _
from ludoteca.web.http.openapi import json_errors
from ludoteca.web.live.your_tables import summaries
from ludoteca.web.pages.templating import templates

router = APIRouter()

STATIC = Path(__file__).parent.parent / "static"  # web/static, shared by every page
WORKER = STATIC / "service-worker.js"
ICONS = (("/static/icons/icon-192.png", "192x192"), ("/static/icons/icon-512.png", "512x512"))
PRECACHED = ("*.css", "*.js", "*.svg", "icons/*")
"""The static files every page needs, fetched when the worker is installed; a game's own files
(villa's 3D board) are kept once a page has used them."""


@cache
def shell_files() -> tuple[str, ...]:
    """The paths the worker keeps from its start (the worker's own script aside)."""
    found = {p for pattern in PRECACHED for p in STATIC.glob(pattern) if p.is_file()}
    return tuple(sorted(f"/static/{p.relative_to(STATIC).as_posix()}" for p in found - {WORKER}))


@cache
def shell_version() -> str:
    """A hash of every file the worker keeps and of the worker itself: its cache's name."""
    digest = hashlib.sha256(WORKER.read_bytes())
    for path in shell_files():
        digest.update(path.encode())
        digest.update((STATIC / path.removeprefix("/static/")).read_bytes())
    return digest.hexdigest()[:16]


@router.get("/manifest.webmanifest", include_in_schema=False)
async def manifest(request: Request) -> Response:
    """The web app manifest, in the reader's language."""
    body = {
        "name": "ludoteca",
        "short_name": "ludoteca",
        "description": _("Board games on the screen"),
        "lang": request.state.language,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f4f1ea",
        "theme_color": "#2a66cf",
        "icons": [
            {"src": src, "sizes": sizes, "type": "image/png", "purpose": "any"}
            for src, sizes in ICONS
        ]
        + [{"src": "/static/icons/icon.svg", "sizes": "any", "type": "image/svg+xml"}],
        "shortcuts": [{"name": _("My games"), "url": "/my"}],
    }
    return Response(json.dumps(body), media_type="application/manifest+json")


@router.get("/sw.js", include_in_schema=False)
async def service_worker() -> Response:
    """The worker's script with its cache's name and the files it keeps written in."""
    head = f"const VERSION = {json.dumps(shell_version())};\n"
    head += f"const SHELL = {json.dumps(shell_files())};\n"
    return Response(
        head + WORKER.read_text(encoding="utf-8"),
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache"},
    )


@router.get("/offline", response_class=HTMLResponse, include_in_schema=False)
async def offline(request: Request) -> Response:
    return templates.TemplateResponse(request, "offline.html", {})


@router.get("/my/tables", responses=json_errors(400, 422))
async def my_tables(request: Request, tables: str = "") -> dict[str, list[Any]]:
    """`/api/turns` for the pages: the same summaries, the seats' names and the results in the
    reader's language ("Rood", not "Red")."""
    return await summaries(request, tables)


@router.get("/my", response_class=HTMLResponse)
async def my_games(request: Request) -> Response:
    """Every table this browser holds a seat at: the page lists them from the browser's seats."""
    return templates.TemplateResponse(request, "my.html", {})
