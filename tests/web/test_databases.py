"""Which database a web test runs on is said by markers, not by the name of its file, and a test
that opens a database of its own says so."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from postgres_support import DATABASES

TESTS = Path(__file__).resolve().parents[1]


def test_a_test_on_a_database_runs_on_both_whatever_its_file_is_called(
    request: pytest.FixtureRequest, database: str
) -> None:
    """This file's name does not start with `test_web_`, and it still runs on both."""
    assert request.node.callspec.params["database"] in DATABASES
    assert len(DATABASES) == 2


@pytest.mark.sqlite_only
def test_a_sqlite_only_test_runs_once_on_sqlite(
    request: pytest.FixtureRequest, database: str
) -> None:
    assert not hasattr(request.node, "callspec")
    assert database.startswith("sqlite")


CHILD_CONFTEST = """
from postgres_support import database_said, on_both_databases

pytest_generate_tests = on_both_databases
database_said = database_said
"""
CHILD_TESTS = """
import pytest

from ludoteca.store.tables import Store


def test_opens_sqlite_of_its_own(tmp_path):
    Store(f"sqlite:///{tmp_path / 'own.db'}").close()


@pytest.mark.sqlite_only
def test_opens_sqlite_of_its_own_and_says_so(tmp_path):
    Store(f"sqlite:///{tmp_path / 'own.db'}").close()


def test_opens_no_database():
    pass
"""


def test_a_test_that_opens_sqlite_of_its_own_fails_unless_it_says_so(tmp_path: Path) -> None:
    """A new test that writes its own `sqlite:///` URL would test SQLite only without anyone
    noticing: `postgres_support.database_said` fails it until it asks for `database` or is
    marked `sqlite_only`."""
    (tmp_path / "conftest.py").write_text(CHILD_CONFTEST)
    (tmp_path / "test_child.py").write_text(CHILD_TESTS)
    paths = [str(TESTS), str(TESTS.parent / "src"), os.environ.get("PYTHONPATH", "")]
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly"]
    run = subprocess.run(
        [*command, "-W", "ignore::pytest.PytestUnknownMarkWarning", str(tmp_path)],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "3 passed, 1 error" in run.stdout, run.stdout + run.stderr  # the error at teardown
    assert "ERROR test_child.py::test_opens_sqlite_of_its_own -" in run.stdout  # the unmarked one
    assert "mark it `sqlite_only`" in run.stdout
