"""Steps of many tables stored in one commit (group commit).

Every step is committed before anyone is shown it, and a commit costs far more than the rows in
it (a transaction, a round trip, a WAL write). So while one commit runs, the steps of the other
tables that arrive wait together and go in the next: on a quiet server each step is committed
alone, as soon as it comes; on a busy one a commit carries tens of steps. A step's caller waits
for its own commit, as before. A batch the database refuses is retried step by step, so only the
step at fault fails (a move a second process stored first, after a takeover).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from ludoteca.store.tables import Step, Store

Waiting = tuple[Step, asyncio.Future[None]]


class GroupCommit:
    """Stores steps for one server process; one commit runs at a time."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._waiting: list[Waiting] = []
        self._running: asyncio.Task[None] | None = None

    async def save(self, step: Step) -> None:
        """Store `step`; returns once it is committed (raises what the database raised)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((step, done))
        if self._running is None or self._running.done():
            self._running = asyncio.create_task(self._commit_all(), name="group-commit")
        await asyncio.shield(done)  # a cancelled caller's step is still stored, as it was sent

    async def drain(self) -> None:
        """Wait for the steps given so far to be committed (before the store closes)."""
        while self._running is not None and not self._running.done():
            await asyncio.wait({self._running})

    async def _commit_all(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                await asyncio.to_thread(self.store.add_steps, [step for step, _ in batch])
            except Exception as exc:
                if len(batch) == 1:
                    _settle(batch[0][1], exc)
                else:
                    await self._one_by_one(batch)
            else:
                for _, done in batch:
                    _settle(done, None)

    async def _one_by_one(self, batch: Sequence[Waiting]) -> None:
        for step, done in batch:
            try:
                await asyncio.to_thread(self.store.add_steps, [step])
            except Exception as exc:
                _settle(done, exc)
            else:
                _settle(done, None)


def _settle(done: asyncio.Future[None], error: BaseException | None) -> None:
    if done.done():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)
