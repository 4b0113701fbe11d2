"""Steps of many tables share a commit (`web.cluster.group_commit`): while one commit runs the steps
that arrive wait and go together in the next; each caller returns once its own step is stored,
and a step the database refuses fails alone."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Sequence

import pytest

from ludoteca.store.tables import MoveData, Step
from ludoteca.web.cluster.group_commit import GroupCommit


class SlowStore:
    """Records each commit's steps; a commit takes a while; `refused` tables are refused."""

    def __init__(self, refused: str | None = None) -> None:
        self.commits: list[list[str]] = []
        self.stored: list[str] = []
        self.refused = refused
        self.lock = threading.Lock()

    def add_steps(self, steps: Sequence[Step]) -> None:
        time.sleep(0.05)
        names = [step.table_id for step in steps]
        with self.lock:
            self.commits.append(names)
            if self.refused in names:
                raise RuntimeError(f"duplicate move of {self.refused}")
            self.stored += names


def step(table: str) -> Step:
    return Step(table, [MoveData(index=0, player=0, action=1, notation="1")])


def test_steps_arriving_during_a_commit_share_the_next() -> None:
    store = SlowStore()

    async def run() -> None:
        commits = GroupCommit(store)  # type: ignore[arg-type]
        first = asyncio.ensure_future(commits.save(step("t0")))
        await asyncio.sleep(0.01)  # its commit runs: the others arrive meanwhile
        await asyncio.gather(first, *(commits.save(step(f"t{i}")) for i in range(1, 10)))

    asyncio.run(run())
    assert store.commits == [["t0"], [f"t{i}" for i in range(1, 10)]]
    assert store.stored == [f"t{i}" for i in range(10)]


def test_a_refused_step_fails_alone() -> None:
    store = SlowStore(refused="t3")

    async def run() -> list[BaseException | None]:
        commits = GroupCommit(store)  # type: ignore[arg-type]
        return await asyncio.gather(
            *(commits.save(step(f"t{i}")) for i in range(6)), return_exceptions=True
        )

    outcomes = asyncio.run(run())
    assert isinstance(outcomes[3], RuntimeError)
    assert [o for i, o in enumerate(outcomes) if i != 3] == [None] * 5
    assert sorted(store.stored) == ["t0", "t1", "t2", "t4", "t5"]


def test_drain_waits_for_the_steps_given() -> None:
    store = SlowStore()

    async def run() -> None:
        commits = GroupCommit(store)  # type: ignore[arg-type]
        saving = asyncio.ensure_future(commits.save(step("t0")))
        await asyncio.sleep(0)
        saving.cancel()  # the caller gave up waiting: its step is stored all the same
        await commits.drain()
        with pytest.raises(asyncio.CancelledError):
            await saving

    asyncio.run(run())
    assert store.stored == ["t0"]
