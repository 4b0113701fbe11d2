"""Tables nobody touched for a while are closed: off the lobby's lists, their records kept.

"Touched" is a move, or a change beside play: a person opening their seat, a name, a chat
line, a seat given to a bot, the creator listing the table (`TableRow.touched`; the moves keep
their own time). A table still being played that none of these reached for `after` (the
setting `ludoteca serve --idle-hours`, 72 by default; 0 turns it off) is closed as its creator
would close it, with `ending` `{"why": "idle"}`, and its pages say so. Every server process
looks every `every` seconds; on PostgreSQL the process that closes a table takes it over from
its owner first (`TableManager.own`), so each table is closed once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime, timedelta

from ludoteca.core.errors import LudotecaError
from ludoteca.store.tables import CLOSED
from ludoteca.web.http.errors import WebError
from ludoteca.web.live.endings import IDLE
from ludoteca.web.live.manager import TableManager

log = logging.getLogger(__name__)

IDLE_HOURS = 72.0
"""The default: a table untouched for three days is closed."""

SWEEP_SECONDS = 600.0
"""How often each process looks for idle tables."""


class IdleTables:
    """The periodic look for tables nobody touched for `after`."""

    def __init__(self, manager: TableManager, after: timedelta, every: float = SWEEP_SECONDS):
        self.manager = manager
        self.after = after
        self.every = every
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.after > timedelta(0):
            self._task = asyncio.create_task(self._loop(), name="idle-tables")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _loop(self) -> None:
        while True:
            try:
                await self.sweep()
            except Exception:  # the database away for a moment: look again next time
                log.exception("looking for idle tables failed")
            await asyncio.sleep(self.every)

    async def sweep(self, now: datetime | None = None) -> list[str]:
        """Close every table idle at `now` (default: now); returns their ids."""
        since = (now or datetime.now(UTC)) - self.after
        store = self.manager.store
        closed = []
        for table_id in await asyncio.to_thread(store.idle, since):
            try:
                table = await self.manager.get(table_id)
                async with table.lock:
                    # Checked again under the lock: a move may have come meanwhile.
                    if not table.playing or not await asyncio.to_thread(
                        store.idle, since, table_id
                    ):
                        continue
                    await self.manager.end_table(table, CLOSED, {"why": IDLE})
            except (WebError, LudotecaError) as exc:  # broken, or busy elsewhere: next time
                log.warning("idle table %s left open: %s", table_id, exc)
                continue
            closed.append(table_id)
        return closed
