"""Tables of the retrograde solver on a reduced game, solved once for the siege tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def small_tables(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every position with up to two knights and one soldier, solved (a few seconds)."""
    pytest.importorskip("numba")
    from ludoteca.games.siege.fast_retro import solve

    directory = tmp_path_factory.mktemp("retro") / "k2s1"
    solve(directory, knights=2, soldiers=1, threads=1)
    return directory
