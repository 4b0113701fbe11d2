"""A throwaway PostgreSQL for the tests: `initdb` and `pg_ctl` in a temporary folder, listening
on 127.0.0.1 only, on a free port; every test gets a schema of its own (its connections' search
path), dropped after it: creating a schema takes milliseconds, a database half a second.

The binaries are found at `$LUDOTECA_PG_BIN`, on the PATH, or in Debian's
/usr/lib/postgresql/<version>/bin. Without them the PostgreSQL cases are skipped, unless
`$LUDOTECA_REQUIRE_POSTGRES` is set (CI sets it: there they must run). PostgreSQL refuses to run
as root, so as root the cluster belongs to the `postgres` user and its commands run through
`runuser`.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine

BIN_VARIABLE = "LUDOTECA_PG_BIN"
REQUIRED_VARIABLE = "LUDOTECA_REQUIRE_POSTGRES"
DEBIAN = Path("/usr/lib/postgresql")
DATABASES = ("sqlite", "postgresql")
"""The databases the storage and web tests run on (`database_url` picks one)."""
SUPERUSER = "ludoteca"
SYSTEM_USER = "postgres"
"""Who runs the cluster when the tests run as root."""

FAST_AND_LOOSE = ("fsync=off", "synchronous_commit=off", "full_page_writes=off")
"""A cluster thrown away after the session need not survive a crash."""


def find_binaries() -> Path | None:
    """The folder holding `initdb` and `pg_ctl`, or None."""
    named = os.environ.get(BIN_VARIABLE)
    if named:
        return Path(named) if (Path(named) / "initdb").exists() else None
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).parent

    def version(folder: Path) -> int:
        number = re.match(r"\d+", folder.parent.name)
        return int(number.group()) if number else 0

    installed = sorted((p.parent for p in DEBIAN.glob("*/bin/initdb")), key=version)
    return installed[-1] if installed else None


def required() -> bool:
    return bool(os.environ.get(REQUIRED_VARIABLE))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Cluster:
    """One running PostgreSQL server; `stop` ends it and removes its folder."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="ludoteca-pg-"))
        self.data = self.folder / "data"
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.folder, SYSTEM_USER, SYSTEM_USER)
            self.as_user = ["runuser", "-u", SYSTEM_USER, "--"]
        self.port = _free_port()
        self._names = itertools.count()
        self._connection: Any = None
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C",
            "--no-sync",
        )
        settings = " ".join(f"-c {setting}" for setting in FAST_AND_LOOSE)
        self._run(
            "pg_ctl",
            "start",
            "--wait",
            "-D",
            str(self.data),
            "-l",
            str(self.folder / "server.log"),
            "-o",
            f"-h 127.0.0.1 -p {self.port} -k {self.folder} {settings}",
        )

    def _run(self, program: str, *args: str) -> None:
        command = [*self.as_user, str(self.binaries / program), *args]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            log = self.folder / "server.log"
            server = log.read_text(errors="replace") if log.exists() else ""
            raise RuntimeError(f"{program} failed:\n{done.stdout}{done.stderr}{server}")

    def _admin(self, *statements: str) -> None:
        """Run statements on the cluster's own connection (opened once: a connection is a
        new server process, slow to start on a busy machine)."""
        import psycopg

        if self._connection is None:
            address = f"host=127.0.0.1 port={self.port} user={SUPERUSER} dbname=postgres"
            self._connection = psycopg.connect(address, autocommit=True)
        for statement in statements:
            self._connection.execute(statement.encode())

    @contextmanager
    def database(self) -> Iterator[str]:
        """The URL of a new empty schema for one test; after it, the test's connections are
        ended and the schema is dropped with all it holds."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        self._admin(f"CREATE SCHEMA {name}")
        options = f"options=-csearch_path%3D{name}&application_name={name}"
        try:
            yield f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/postgres?{options}"
        finally:
            self._admin(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                f" WHERE application_name = '{name}'",
                f"DROP SCHEMA {name} CASCADE",
            )

    def stop(self) -> None:
        if self._connection is not None:
            self._connection.close()
        try:
            self._run("pg_ctl", "stop", "-D", str(self.data), "-m", "immediate")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def database_url(request: pytest.FixtureRequest, kind: str, folder: Path) -> str:
    """A fresh database of `kind` for one test: a file in `folder`, or one on the cluster."""
    if kind == "postgresql":
        url: str = request.getfixturevalue("postgres_url")
        return url
    return f"sqlite:///{folder / 'ludoteca.db'}"


@pytest.fixture
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The fixture of the web's and the store's conftest: the URL of an empty database, SQLite
    unless the test is parametrised over both (`on_both_databases`)."""
    return database_url(request, getattr(request, "param", "sqlite"), tmp_path)


# -- which tests run on which database (tests/web, tests/store) ---------------------------------


def on_both_databases(metafunc: pytest.Metafunc) -> None:
    """`pytest_generate_tests` of the web's and the store's tests: a test on a database (one
    that asks for `database`, itself or through a fixture such as `app`, `client` or `web`) runs
    on SQLite and on PostgreSQL, whatever its file is called, unless it is marked `browser` or
    `sqlite_only`."""
    marked = metafunc.definition.get_closest_marker
    if "database" in metafunc.fixturenames and not (marked("browser") or marked("sqlite_only")):
        metafunc.parametrize("database", DATABASES, indirect=True)


@pytest.fixture(autouse=True)
def database_said(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that opens a SQLite database of its own (a `sqlite:///` URL it writes itself, not
    the `database` fixture's) tests SQLite only: it says so with `sqlite_only` (or `browser`),
    or fails here, so that a new test's database coverage is never left to chance."""
    opened: list[str] = []

    def note(connection: Any) -> None:
        opened.append(connection.engine.url.get_backend_name())

    event.listen(Engine, "engine_connect", note)
    try:
        yield
    finally:
        event.remove(Engine, "engine_connect", note)
    marked = request.node.get_closest_marker
    parametrised = "database" in getattr(getattr(request.node, "callspec", None), "params", {})
    if "sqlite" in opened and not (parametrised or marked("sqlite_only") or marked("browser")):
        pytest.fail(
            "this test opens a SQLite database of its own, so it runs on SQLite only: ask for the"
            " `database` fixture (both databases) or mark it `sqlite_only`",
            pytrace=False,
        )
