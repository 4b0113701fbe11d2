"""Fixtures for the web tests: an app on a fresh database, and `web` to sit and move.

Every test on a database (one that asks for `database`, or for `app`, `client` or `web` on it)
runs on SQLite and on PostgreSQL, whatever its file is called; the browser tests (marked
`browser`), which test the pages rather than the storage, and tests marked `sqlite_only` run
on SQLite only, and a test that opens a SQLite database of its own must be marked so
(`postgres_support.on_both_databases`, `database_said`; tests/store shares them).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from browser_support import CHROMIUM, CHROMIUM_ARGS, VIEWPORTS, live_server, sized
from fastapi import FastAPI
from fastapi.testclient import TestClient

from ludoteca.core.api import State
from ludoteca.web.server import create_app
from postgres_support import database_said, database_url, on_both_databases


@dataclass
class Seated:
    """A created table, the tokens of its human seats, and the creation answer."""

    id: str
    tokens: dict[int, str]
    created: dict[str, Any]


def token_of(link: str) -> tuple[int, str]:
    query = parse_qs(urlsplit(link).query)
    return int(query["seat"][0]), query["token"][0]


def wait_for(check: Callable[[], bool], timeout: float = 20.0) -> None:
    """Poll `check` until it is true (bots move in the server's background task)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out waiting for the server"
        time.sleep(0.01)


class WebKit:
    """Talks to one running app the way a script would: over the HTTP API."""

    def __init__(self, app: FastAPI, client: TestClient) -> None:
        self.app = app
        self.client = client
        self._table: Seated | None = None

    token_of = staticmethod(token_of)
    wait_for = staticmethod(wait_for)

    def create(self, **body: Any) -> Seated:
        """A table; by default two humans at a reproducible (practice) ludo game."""
        body = {"game": "ludo", "players": 2, "seats": ["human", "human"], "seed": 7, **body}
        if body.get("seed") is not None:
            body.setdefault("practice", True)
        response = self.client.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        created = response.json()
        tokens = dict(token_of(s["link"]) for s in created["seats"] if "link" in s)
        return Seated(created["id"], tokens, created)

    def created_once(self) -> Seated:
        """One table shared by the calls of a test (for property tests)."""
        if self._table is None:
            self._table = self.create()
        return self._table

    def view(self, table: Seated, seat: int | None = None) -> dict[str, Any]:
        params = {} if seat is None else {"seat": seat, "token": table.tokens[seat]}
        response = self.client.get(f"/api/tables/{table.id}", params=params)
        assert response.status_code == 200, response.text
        result: dict[str, Any] = response.json()
        return result

    def act(self, table: Seated, seat: int | None, **move: Any) -> Any:
        body = {"seat": seat, "token": table.tokens.get(seat) if seat is not None else None}
        return self.client.post(f"/api/tables/{table.id}/actions", json={**body, **move})

    def play_first_moves(self, table: Seated, count: int) -> None:
        """Whoever is to move (a human) plays its first legal move, `count` times."""
        for _ in range(count):
            # The bots' moves in between take their time, even at no delay: wait for a person.
            self.wait_for(lambda: self.view(table)["to_move"] in table.tokens)
            seat = self.view(table)["to_move"]
            legal = self.view(table, seat)["legal"]
            response = self.act(table, seat, action=legal[0]["action"])
            assert response.status_code == 200, response.text

    def wait_until_over(self, table: Seated) -> None:
        """Wait for a bot game to end, reading the server's memory (cheaper than polling views)."""
        tables = self.app.state.manager.tables
        self.wait_for(lambda: tables[table.id].data.status != "playing")

    def state(self, table: Seated) -> State:
        """The live game state on the server."""
        state: State = self.app.state.manager.tables[table.id].state
        return state


pytest_generate_tests = on_both_databases
database_said = database_said  # autouse: a test on SQLite only says so


@pytest.fixture
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database: SQLite unless the test is parametrised over both."""
    return database_url(request, getattr(request, "param", "sqlite"), tmp_path)


@pytest.fixture
def app(database: str) -> FastAPI:
    return create_app(database, bot_delay=0.0)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def web(app: FastAPI, client: TestClient) -> WebKit:
    return WebKit(app, client)


@pytest.fixture
def make_kit() -> type[WebKit]:
    """For tests that start apps of their own (restarts): `make_kit(app, client)`."""
    return WebKit


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """The app under uvicorn in a background thread, on a free port."""
    with live_server(tmp_path / "browser.db") as url:
        yield url


@pytest.fixture
def chromium(server: str) -> Iterator[Any]:
    """A Chromium beside `server`, for tests that open several pages or contexts."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(server: str) -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.set_default_timeout(15_000)
        yield page
        browser.close()


@pytest.fixture(params=sorted(VIEWPORTS))
def sized_page(request: pytest.FixtureRequest, server: str) -> Iterator[tuple[str, Any]]:
    """A page at each of the two sizes, with its size's name: `(size, page)`."""
    with sized(request.param, CHROMIUM_ARGS) as page:
        yield request.param, page
