"""Which database a web test runs on is said by markers, not by the name of its file."""

from __future__ import annotations

import pytest

from postgres_support import DATABASES


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
