"""The browser app: `create_app` builds it on a database, `serve` runs it with uvicorn.

On startup every unfinished table is rebuilt from its stored moves and its bots resume; on
shutdown the bot tasks stop. Errors of the web layer become 4xx answers with a readable message:
JSON `{"detail", "code", "params"}` (web.http.error_codes) for the API, downloads and replay steps,
an HTML page in the reader's language for the pages.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from ludoteca.core.errors import InvalidOptionError
from ludoteca.i18n import _
from ludoteca.store.analyses import AnalysisStore
from ludoteca.store.base import database_errors
from ludoteca.store.notify import NotifyStore
from ludoteca.store.social import SocialStore
from ludoteca.store.tables import Store
from ludoteca.web.coach import analysis, hint
from ludoteca.web.coach.jobs import Analyses
from ludoteca.web.http.addresses import Addresses, check_public_url
from ludoteca.web.http.error_codes import CODES
from ludoteca.web.http.errors import NotFound, Unprocessable, WebError
from ludoteca.web.http.language import LanguageMiddleware
from ludoteca.web.http.limits import BodyLimit, BotLimits
from ludoteca.web.live import api, endings, your_tables
from ludoteca.web.live.clocks import Clock, ManualClock, SystemClock
from ludoteca.web.live.deps import tell_all
from ludoteca.web.live.idle import IDLE_HOURS, IdleTables
from ludoteca.web.live.manager import MAX_ACTIONS, TableManager
from ludoteca.web.live.turn_clock import CHECK_SECONDS, TEST_CLOCK_VARIABLE, TurnClocks
from ludoteca.web.live.turn_clock import router as test_clock_router
from ludoteca.web.notify import routes as notify_routes
from ludoteca.web.notify.mail import Mailer
from ludoteca.web.notify.notifier import Notifier
from ludoteca.web.notify.settings import NotifySettings
from ludoteca.web.notify.vapid import site_key
from ludoteca.web.pages import app_shell, lessons, luck
from ludoteca.web.pages import routes as pages
from ludoteca.web.server_gc import tune_for_serving
from ludoteca.web.social import chat, presence, rematch, takeback
from ludoteca.web.socket import routes as sockets
from ludoteca.web.table.render import game_static_folders
from ludoteca.web.table.table import Table

STATIC = Path(__file__).parent / "static"
DEFAULT_DATABASE = "sqlite:///ludoteca.db"
DATABASE_VARIABLE = "LUDOTECA_DATABASE"
LISTEN_VARIABLE = "LUDOTECA_LISTEN"
PUBLIC_URL_VARIABLE = "LUDOTECA_PUBLIC_URL"
IDLE_VARIABLE = "LUDOTECA_IDLE_HOURS"
"""Where `serve --workers N` tells its worker processes the database URL, the address they
listen on, the public URL (`web.http.addresses`) and when a table is idle (`web.live.idle`)."""


def _wants_json(request: Request) -> bool:
    path = request.url.path
    return path.startswith("/api/") or path.endswith((".json", ".svg"))


def describe_validation(errors: Sequence[Any]) -> str:
    """FastAPI's validation errors as one sentence a person can act on."""
    parts = []
    for error in errors:
        if error.get("type") == "json_invalid":
            return f"the request body is not valid JSON: {error.get('ctx', {}).get('error', '')}"
        where = [str(p) for p in error.get("loc", ()) if p not in {"body", "query", "path"}]
        if not where and error.get("type") in {"missing", "model_attributes_type", "dict_type"}:
            return "the request body must be a JSON object (with Content-Type: application/json)"
        message = str(error.get("msg", "invalid"))
        parts.append(f"{'.'.join(where)}: {message}" if where else message)
    return "malformed request: " + "; ".join(parts)


async def _web_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, WebError)
    if _wants_json(request):
        return JSONResponse(exc.body(), status_code=exc.status)
    return pages.error_page(request, exc)


async def _http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own errors (an address nothing answers, a wrong method) as ours: a page in
    the reader's language, or JSON with a code, instead of a bare `{"detail": "Not Found"}`."""
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 404:
        page = _(CODES["no_such_page"].text)
        missing = NotFound(f"nothing at {request.url.path}", page, code="no_such_page")
        return await _web_error(request, missing)
    return await http_exception_handler(request, exc)


async def _validation_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    problem = describe_validation(exc.errors())
    return await _web_error(request, Unprocessable(problem, code="validation_error"))


def listen_to_workers(manager: TableManager) -> None:
    """What another server process tells of a table reaches the features beside the game here:
    presence hears of a seat joined or a table started there, takeback of an answer given
    there, and the sockets here are told what it told its own (`web.cluster.workers`)."""

    async def joined(table: Table, seat: int) -> None:
        await presence.arrived(manager, table, seat)

    async def told(table: Table, body: dict[str, Any]) -> None:
        if body.get("type") == "takeback":
            takeback.mirror(table, body)  # an answer sent here counts
        await tell_all(table, body)

    manager.workers.listen(joined=joined, started=presence.announce, told=told)


def make_notifier(manager: TableManager, settings: NotifySettings, clock: Clock) -> Notifier:
    """The site's notifier (`app.state.notifier`): push with its VAPID key where the `notify`
    extra is installed, mail where an SMTP server is configured; its time is `clock`'s."""
    store = NotifyStore(manager.store.engine)
    mailer = Mailer.from_url(settings.smtp_url, settings.mail_from) if settings.smtp_url else None
    key = site_key(store, settings.vapid_key_file)
    return Notifier(manager, store, key, settings.vapid_contact, mailer, clock)


def create_app(
    database_url: str,
    *,
    bot_delay: float = 0.6,
    max_actions: int = MAX_ACTIONS,
    bot_limits: BotLimits | None = None,
    serving: bool = False,
    listen: str | None = None,
    public_url: str | None = None,
    idle_hours: float = IDLE_HOURS,
    notify: NotifySettings | None = None,
    clock: Clock | None = None,
    test_clock: bool | None = None,
    turn_check_seconds: float = CHECK_SECONDS,
) -> FastAPI:
    """The app on `database_url` (any SQLAlchemy URL); bots wait `bot_delay` s at normal speed
    and may think no more than `bot_limits` allows. `serving`: the app is the process's for
    its life (`serve`), so its garbage collector is tuned for that (`web.server_gc`).
    `listen` (the address served, None: unknown) and `public_url` decide the address of the
    invite links (`web.http.addresses`). A table nobody touched for `idle_hours` is closed
    (`web.live.idle`; 0: never). `notify`: the site's push key and mail server
    (`web.notify.settings`; default: a key kept in the database, no mail). Turn-based tables'
    deadlines are read from `clock` (the system's by default) and looked at every
    `turn_check_seconds`; `test_clock` (None: when `$LUDOTECA_TEST_CLOCK` is 1) starts the clock
    standing still and adds `POST /api/test/clock` to move it (`web.live.turn_clock`), for
    tests only."""
    addresses = Addresses(listen, check_public_url(public_url) if public_url else None)
    manager = TableManager(
        Store(database_url), bot_delay=bot_delay, max_actions=max_actions, bot_limits=bot_limits
    )

    idle = IdleTables(manager, timedelta(hours=idle_hours))
    listen_to_workers(manager)
    if test_clock is None:
        test_clock = os.environ.get(TEST_CLOCK_VARIABLE, "") == "1"
    if clock is None:
        clock = ManualClock() if test_clock else SystemClock()
    notifier = make_notifier(manager, notify or NotifySettings(), clock)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        notifier.start()  # before the bots resume: it hears of their moves
        await manager.start()
        idle.start()
        turn_clocks.start()
        if serving:
            tune_for_serving()
        try:
            yield
        finally:
            await idle.stop()
            await turn_clocks.stop()
            app.state.analyses.stop()
            await manager.stop()
            await notifier.stop()

    app = FastAPI(title="ludoteca", lifespan=lifespan)
    turn_clocks = TurnClocks(manager, app.state, clock, every=turn_check_seconds)
    app.state.manager = manager
    app.state.turn_clocks = turn_clocks
    app.state.addresses = addresses
    app.state.idle = idle
    app.state.notifier = notifier
    app.state.social = SocialStore(manager.store.engine)
    app.state.analyses = Analyses(AnalysisStore(manager.store.engine))
    for game_id, folder in game_static_folders().items():  # before /static, which would shadow it
        app.mount(
            f"/static/games/{game_id}", StaticFiles(directory=folder), name=f"static-{game_id}"
        )
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(api.router)
    if test_clock:
        app.include_router(test_clock_router)
    for feature in (
        your_tables,
        presence,
        rematch,
        takeback,
        chat,
        analysis,
        hint,
        endings,
        luck,
        app_shell,
        lessons,
        notify_routes,
    ):
        app.include_router(feature.router)
    app.include_router(pages.router)
    app.include_router(sockets.router)
    app.add_exception_handler(WebError, _web_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_middleware(LanguageMiddleware)
    app.add_middleware(BodyLimit)
    return app


def app_from_environment() -> FastAPI:
    """The app of one worker process of `serve --workers N`: uvicorn builds it in each."""
    return create_app(
        os.environ[DATABASE_VARIABLE],
        serving=True,
        listen=os.environ.get(LISTEN_VARIABLE),
        public_url=os.environ.get(PUBLIC_URL_VARIABLE) or None,
        idle_hours=float(os.environ.get(IDLE_VARIABLE, IDLE_HOURS)),
        notify=NotifySettings.from_environment(),
    )


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database: str | None = None,
    workers: int = 1,
    *,
    ws_compression: bool = True,
    public_url: str | None = None,
    idle_hours: float = IDLE_HOURS,
    notify: NotifySettings | None = None,
) -> None:
    """Run the app until interrupted; the default database is `ludoteca.db` here.

    `workers` > 1 runs that many processes behind the one port (uvicorn's workers), which
    share their tables through PostgreSQL (`web.cluster.workers`); SQLite is for one process.
    `ws_compression`: offer WebSocket compression (permessage-deflate) to browsers.
    `public_url`: where others open the site (invite links), when not where pages are opened.
    `idle_hours`: a table nobody touched this long is closed (0: never).
    `notify`: the site's push key and mail server (`web.notify.settings`).
    """
    url = database or DEFAULT_DATABASE
    with database_errors(url):
        # reached and migrated before any worker
        app = create_app(
            url,
            serving=workers == 1,
            listen=host,
            public_url=public_url,
            idle_hours=idle_hours,
            notify=notify,
        )
    if workers == 1:
        uvicorn.run(
            app, host=host, port=port, log_level="info", ws_per_message_deflate=ws_compression
        )
        return
    store = app.state.manager.store
    store.close()
    if store.engine.dialect.name != "postgresql":
        raise InvalidOptionError(
            f"--workers {workers} needs PostgreSQL (--database postgresql+psycopg://...):"
            " with SQLite one process serves the site"
        )
    os.environ[DATABASE_VARIABLE] = url
    os.environ[LISTEN_VARIABLE] = host
    os.environ[PUBLIC_URL_VARIABLE] = public_url or ""
    os.environ[IDLE_VARIABLE] = str(idle_hours)
    (notify or NotifySettings()).to_environment()
    uvicorn.run(
        f"{__name__}:app_from_environment",
        factory=True,
        workers=workers,
        host=host,
        port=port,
        log_level="info",
        ws_per_message_deflate=ws_compression,
    )
