"""What the tests of tables shared between server processes have in common: two apps on one
database stand for two processes (quick to start; `test_workers.py` runs real ones), a table
as one of them holds it in memory, and a table's lease as the database holds it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select
from web_support import WebKit

from ludoteca.store.tables import LeaseRow
from ludoteca.web.server import create_app
from ludoteca.web.table.table import Table

ELSEWHERE = "another-host/4242"
"""The owner name of a process that took a table over (none runs under it here)."""


@contextmanager
def two_processes(database: str, first_bot_delay: float = 0.0) -> Iterator[tuple[WebKit, WebKit]]:
    """Two server processes on `database`, started: a kit for each (`kit.app`, `kit.client`)."""
    first, second = (
        create_app(database, bot_delay=first_bot_delay),
        create_app(database, bot_delay=0.0),
    )
    with TestClient(first) as one, TestClient(second) as two:
        yield WebKit(first, one), WebKit(second, two)


def live(app: FastAPI, table_id: str) -> Table:
    """The table as the process `app` holds it in memory."""
    table: Table = app.state.manager.tables[table_id]
    return table


def lease_of(app: FastAPI, table_id: str) -> tuple[str, datetime]:
    """The owner and the expiry of a table's lease (in UTC, which SQLite does not keep)."""
    with app.state.manager.store.engine.connect() as connection:
        row = connection.execute(
            select(LeaseRow.owner, LeaseRow.expires).where(LeaseRow.table_id == table_id)
        ).one()
    expires = row.expires if row.expires.tzinfo else row.expires.replace(tzinfo=UTC)
    return str(row.owner), expires


def caught_up(kit: WebKit, table: Table, news: list[dict[str, Any] | None] | None = None) -> bool:
    """`Workers.catch_up` of `table` on `kit`'s process (from the messages `news`, else the
    store), in its event loop and under the table's lock as the process runs it: whether the
    table changed."""

    async def catch_up() -> bool:
        async with table.lock:
            changed: bool = await kit.app.state.manager.workers.catch_up(table, news)
            return changed

    assert kit.client.portal is not None
    return kit.client.portal.call(catch_up)
