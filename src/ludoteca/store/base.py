"""The database under every store: one declarative base for all the tables, and the engine.

Every table of ludoteca (the web app's tables, moves and leases, chat, takebacks and rematches,
analyses, the arena's runs and games) is a model of `Base`, so `Base.metadata` describes the
whole schema that the migrations (`store.migrations`) create and keep current.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, OperationalError
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.pool import StaticPool

from ludoteca.core.errors import InvalidOptionError


class Base(DeclarativeBase):
    """The one declarative base: `Base.metadata` holds every table ludoteca maps."""


DRIVER_HINTS = {
    "psycopg": "pip install 'ludoteca[postgres]'",
    "psycopg2": "write postgresql+psycopg://... to use psycopg 3 from 'ludoteca[postgres]'",
}
"""What to do when a PostgreSQL driver is missing (to SQLAlchemy 2.0, postgresql:// is psycopg2)."""


@contextmanager
def database_errors(url: str) -> Iterator[None]:
    """Opening `url` fails with one clear line (`--database ...`), not a traceback: a URL that
    does not parse, a server that cannot be reached, a driver that is not installed."""
    try:
        yield
    except (ArgumentError, OperationalError) as exc:
        raise InvalidOptionError(f"--database {url!r} cannot be used: {exc.args[0]}") from exc
    except ModuleNotFoundError as exc:
        package = (exc.name or "").partition(".")[0]
        extra = f": {DRIVER_HINTS[package]}" if package in DRIVER_HINTS else ""
        raise InvalidOptionError(
            f"--database {url!r} needs the Python package {package!r}{extra}"
        ) from exc


POOL_SIZE = min(32, (os.cpu_count() or 1) + 4) + 2
"""Pooled connections: as many as asyncio's default threads (where the calls run) may use at
once, plus a few; beyond the pool each call would open and close a connection of its own."""


def make_engine(url: str) -> Engine:
    """An engine for `url`; SQLite gets WAL and relaxed syncing (one commit per move is cheap)."""
    if url.startswith("sqlite"):
        memory = url in {"sqlite://", "sqlite:///:memory:"} or "mode=memory" in url
        pooling: dict[str, Any] = (
            {"poolclass": StaticPool} if memory else {"pool_size": POOL_SIZE, "max_overflow": 8}
        )
        engine = create_engine(url, connect_args={"check_same_thread": False}, **pooling)

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            if not memory:
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=POOL_SIZE, max_overflow=8)
