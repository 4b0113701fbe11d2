"""Alembic runs this for every command: migrate the connection `migrations.upgrade` hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy import text
from sqlalchemy.engine import Connection

from ludoteca.store.migrations import LOCK_KEY

connection: Connection = context.config.attributes["connection"]
context.configure(connection=connection)
with context.begin_transaction():
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
    context.run_migrations()
