"""Fixtures for the web tests: an app on a fresh database, and `web` to sit and move.

Every test on a database (one that asks for `database`, or for `app`, `client` or `web` on it)
runs on SQLite and on PostgreSQL, whatever its file is called; the browser tests (marked
`browser`), which test the pages rather than the storage, and tests marked `sqlite_only` run
on SQLite only, and a test that opens a SQLite database of its own must be marked so
(`postgres_support.on_both_databases`, `database_said`; tests/store shares them).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import CHROMIUM, CHROMIUM_ARGS, VIEWPORTS, live_server, sized
from fastapi import FastAPI
from fastapi.testclient import TestClient
from web_support import WebKit

from ludoteca.web.server import create_app
from postgres_support import database, database_said, on_both_databases

pytest_generate_tests = on_both_databases
database = database  # the URL of an empty database, on both databases where asked
database_said = database_said  # autouse: a test on SQLite only says so


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
