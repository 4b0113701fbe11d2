"""Schema migrations (issue 19): Alembic brings every database to the schema the code expects.

A new database is created by the migrations, not by the models, so head must describe exactly
the models' tables; a database made before migrations (ludoteca 0.1 has no `alembic_version`
table) is upgraded in place, its games intact.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from subprocess import PIPE
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import MetaData, inspect, select, text

from ludoteca.store import migrations
from ludoteca.store.analyses import AnalysisRow
from ludoteca.store.arena import RunRow
from ludoteca.store.base import Base, make_engine
from ludoteca.store.migrations import NewerDatabaseError
from ludoteca.store.social import ChatRow
from ludoteca.store.tables import Store, TableRow
from ludoteca.web.server import create_app

RELEASE_0_1 = Path(__file__).parent / "data" / "ludoteca-0.1.db"
"""Made by ludoteca 0.1.0 (main 6d944e0) through its HTTP API; what it holds is in the .json."""


RELEASE_0_1_WEB = ("tables", "moves", "leases", "chat_lines", "takebacks", "rematches")
"""The tables 0.1 made when `serve` opened the database (the arena's came with `ludoteca arena`)."""


def _models() -> MetaData:
    """Every table the code maps: one base for all (`store.base.Base`), the modules loaded."""
    assert all(
        model.metadata is Base.metadata for model in (TableRow, ChatRow, RunRow, AnalysisRow)
    )
    return Base.metadata


def _differences(url: str) -> list[Any]:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return list(compare_metadata(MigrationContext.configure(connection), _models()))
    finally:
        engine.dispose()


def test_a_new_database_is_made_by_the_migrations_exactly_as_the_models_describe(
    database: str,
) -> None:
    store = Store(database)
    assert migrations.current(store.engine) == migrations.head()
    store.close()
    assert _differences(database) == []


def test_opening_a_database_at_head_again_changes_nothing(database: str) -> None:
    Store(database).close()
    again = Store(database)
    assert migrations.current(again.engine) == migrations.head()
    again.close()
    assert _differences(database) == []


def test_a_database_made_before_migrations_gets_the_tables_it_lacked(database: str) -> None:
    """0.1 made the web's tables at `serve` and the arena's only at `ludoteca arena`: the
    baseline adds what is missing and keeps the rows already there."""
    engine = make_engine(database)
    Base.metadata.create_all(
        engine, tables=[Base.metadata.tables[name] for name in RELEASE_0_1_WEB]
    )
    with engine.begin() as connection:
        connection.execute(
            TableRow.__table__.insert().values(
                id="old",
                game="ludo",
                players=2,
                options={},
                seed=5,
                seats=[],
                speed="normal",
                created=datetime.now(UTC),
                status="finished",
                result=[1.0, -1.0],
            )
        )
    assert "arena_runs" not in inspect(engine).get_table_names()
    assert migrations.current(engine) is None
    engine.dispose()
    store = Store(database)
    assert migrations.current(store.engine) == migrations.head()
    with store.engine.connect() as connection:
        kept = connection.execute(select(TableRow.id, TableRow.result)).all()
    assert [tuple(row) for row in kept] == [("old", [1.0, -1.0])]
    store.close()
    assert _differences(database) == []


@pytest.mark.sqlite_only  # the committed 0.1 database is a SQLite file
def test_a_database_of_release_0_1_upgrades_in_place_and_its_games_continue(
    tmp_path: Path,
) -> None:
    """The committed file was made by 0.1 itself: an unfinished ludo table (six moves played
    by two people) and a finished siege game between bots."""
    database = tmp_path / "ludoteca.db"
    shutil.copy(RELEASE_0_1, database)
    saved = json.loads(RELEASE_0_1.with_suffix(".json").read_text(encoding="utf-8"))
    url = f"sqlite:///{database}"
    engine = make_engine(url)
    assert "alembic_version" not in inspect(engine).get_table_names()
    engine.dispose()

    # Idle closing off: the file's table was last touched when it was made, and by now it is
    # older than the idle limit (web.live.idle would close it on the first sweep).
    app = create_app(url, bot_delay=0.0, idle_hours=0)
    finished, unfinished = saved["finished"], saved["unfinished"]
    with TestClient(app) as client:
        record = client.get(f"/table/{finished['id']}/record.json")
        assert record.status_code == 200
        body = record.json()
        # The same game; records now also name their players (added after 0.1).
        assert body.pop("names") == ["Attacker (medium bot)", "Defender (easy bot)"]
        assert body == finished["record"]
        assert app.state.manager.tables[unfinished["id"]].state.to_json() == unfinished["state"]
        seat = client.get(f"/api/tables/{unfinished['id']}").json()["to_move"]
        token = unfinished["tokens"][str(seat)]
        mine = {"seat": seat, "token": token}
        legal = client.get(f"/api/tables/{unfinished['id']}", params=mine).json()["legal"]
        moved = client.post(
            f"/api/tables/{unfinished['id']}/actions", json={**mine, "action": legal[0]["action"]}
        )
        assert moved.status_code == 200, moved.text
    assert migrations.current(app.state.manager.store.engine) == migrations.head()
    assert _differences(url) == []


def test_a_database_migrated_by_a_newer_version_is_refused_in_one_line(database: str) -> None:
    Store(database).close()
    engine = make_engine(database)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = 'from-the-future'"))
    engine.dispose()
    with pytest.raises(NewerDatabaseError, match=r"'from-the-future'.*newer version upgraded it"):
        Store(database)


OPEN_AT = """
import sys, time
from ludoteca.store.tables import Store
time.sleep(max(0.0, float(sys.argv[2]) - time.time()))
Store(sys.argv[1]).close()
"""
"""A process that opens a store at a given moment (imports done, so the openings coincide)."""


@pytest.mark.slow  # three processes that meet 6 s after they start
def test_servers_starting_together_on_postgresql_migrate_once(postgres_url: str) -> None:
    """Processes starting at once on a new database (workers, or the arena beside the server)
    take turns under an advisory lock instead of creating the same tables twice."""
    moment = str(time.time() + 6)
    starting = [
        subprocess.Popen([sys.executable, "-c", OPEN_AT, postgres_url, moment], stderr=PIPE)
        for _ in range(3)
    ]
    errors = [process.communicate(timeout=120)[1].decode() for process in starting]
    assert [process.returncode for process in starting] == [0, 0, 0], errors
    assert _differences(postgres_url) == []
