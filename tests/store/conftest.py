"""The store's tests run on SQLite and on PostgreSQL, as the web's do (`postgres_support`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from postgres_support import database_said, database_url, on_both_databases

pytest_generate_tests = on_both_databases
database_said = database_said  # autouse: a test on SQLite only says so


@pytest.fixture
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database: SQLite unless the test is parametrised over both."""
    return database_url(request, getattr(request, "param", "sqlite"), tmp_path)
