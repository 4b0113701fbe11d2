"""The database schema's history as Alembic revisions, and `upgrade` to bring a database to head.

Every store (`store.tables.Store`, `arena.store.ArenaStore`) upgrades its database when it opens,
so `ludoteca serve` and `ludoteca arena` always run on the schema their code expects, and a
database from before migrations (no `alembic_version` table: ludoteca 0.1) is brought up to date
in place by the baseline revision. A new revision is written by hand in `versions/`, its
`down_revision` the previous head; `tests/store/test_migrations.py` checks on SQLite and
PostgreSQL that head creates exactly the tables the models describe.
"""

from __future__ import annotations

import threading
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy.engine import Engine

from ludoteca.core.errors import LudotecaError

FOLDER = Path(__file__).parent

_ONE_AT_A_TIME = threading.Lock()
"""Alembic keeps its running context in module globals: one migration per process at a time."""

LOCK_KEY = 0x6C75646F
"""PostgreSQL advisory lock held while migrating, so processes starting together take turns."""


class NewerDatabaseError(LudotecaError):
    """The database is at a revision this code does not know: a newer ludoteca migrated it."""

    def __init__(self, revision: str) -> None:
        super().__init__(
            f"the database is at schema revision {revision!r}, which this version of ludoteca"
            " does not know: a newer version upgraded it (run that version, or restore a backup"
            " made before the upgrade)"
        )


def config() -> Config:
    """Alembic's configuration without an ini file: the revisions travel inside the package."""
    settings = Config()
    settings.set_main_option("script_location", str(FOLDER))
    return settings


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Apply every revision the database lacks, up to `revision`, in one transaction where the
    database allows it (PostgreSQL rolls a failed migration back whole)."""
    settings = config()
    script = ScriptDirectory.from_config(settings)
    with engine.begin() as connection:
        at = MigrationContext.configure(connection).get_current_revision()
        if at is not None:
            try:
                script.get_revision(at)
            except CommandError:
                raise NewerDatabaseError(at) from None
        if at == script.get_current_head() and revision == "head":
            return  # the usual start: nothing to do, and no lock to wait for
        settings.attributes["connection"] = connection
        with _ONE_AT_A_TIME:
            command.upgrade(settings, revision)


def current(engine: Engine) -> str | None:
    """The revision the database is at (None: empty, or made before migrations)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head() -> str:
    """The newest revision this code knows."""
    found = ScriptDirectory.from_config(config()).get_current_head()
    assert found is not None, "the migrations folder has no revisions"
    return found
