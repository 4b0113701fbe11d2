"""Bots think in a pool of their own (issue 17, finding 2).

With six tables whose bot was `mcts:seconds=15`, a human move on another table took 12.9 s:
bot thinking shared asyncio's default threads with every database call.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

import pytest

from ludoteca.core.api import State
from ludoteca.web.table.table import Table


class Stuck:
    """An agent that thinks until released (a stand-in for a bot at its time limit)."""

    def __init__(self, release: threading.Event) -> None:
        self.release = release

    def act(self, state: State) -> int:
        self.release.wait()
        return state.legal_actions()[0]


def test_bots_thinking_long_do_not_delay_another_tables_move(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    watchdog = threading.Timer(15.0, release.set)  # the old design would wait for ever
    watchdog.start()
    monkeypatch.setattr(Table, "bot", lambda self, seat: Stuck(release))
    started = time.monotonic()
    try:
        # More thinking bots than asyncio's default pool has threads: each table is stored,
        # and its bot starts thinking, while the others think on.
        busy = min(32, (os.cpu_count() or 1) + 4) + 2
        for _ in range(busy):
            web.create(seats=["greedy", "greedy"], speed="fast")
        table = web.create()
        web.play_first_moves(table, 3)
        web.client.get("/api/tables").raise_for_status()
        web.client.get("/").raise_for_status()
        waited_for_bots = release.is_set()  # only the watchdog sets it before the end
        elapsed = time.monotonic() - started
    finally:
        release.set()
        watchdog.cancel()
    assert not waited_for_bots and elapsed < 10.0, f"requests waited {elapsed:.1f} s for bots"
