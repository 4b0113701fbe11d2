"""The move clock of turn-based tables: each person's move has a deadline, kept in the database;
when it passes, a bot of the table's chosen strength plays the move, or the seat forfeits.

How it runs:

- **Arming.** After every change a table's owner shows (`TableManager.after_change`) and when a
  table is made, the clock looks at whose decision the table waits for. A person's new decision
  (another seat, or the same seat further on) gets a fresh deadline, `turn_seconds` from now,
  stored in `turn_clocks` with the seat and the number of actions (`turn`) it belongs to; a
  bot's move or the game's end leaves no deadline. A new person's turn calls the notifier's
  `turn_began`. A deadline already stored for the same seat and turn is kept as it is: a
  restarted server, or a process that takes the table over, acts on the deadline it reads from
  the store and never starts the time again.
- **Firing.** Every process looks every `every` seconds for tables whose deadline or reminder
  has come (`TurnClockStore.due`). It acts on one only as its owner: `TableManager.try_hold`
  claims a lease that is free, expired or its own and never takes one from a living owner, so
  with several workers only the process that runs the table's bots acts on its clock (on
  PostgreSQL the owner renews its leases; on SQLite a lease lapses 30 s after the last step and
  whoever looks next takes the table over, reloading it first).
- **Reminder.** When a quarter of the time is left, once per move, the notifier's
  `time_almost_up` is called.
- **Time out.** "bot": the strength's agent plays the move (its thinking outside the table's
  lock, the move then played only if the table still waits for that decision), and the move
  list says so. "forfeit": the seat is out the way a person resigning is (`endings.give_up`):
  a game of two ends with the other seat winning ("Anna ran out of time"), with more seats a
  bot plays the seat on.

The notifier (Web Push, e-mail) is another part's: whatever `app.state.notifier` holds, if
anything, called in tasks of their own so that a slow delivery never holds a table's lock.
The time comes from a `Clock` (`web.live.clocks`): tests move a `ManualClock`, and a server
started with its test clock on (`LUDOTECA_TEST_CLOCK=1`, never by default) answers
`POST /api/test/clock` to move it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any, Protocol

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from ludoteca import agents
from ludoteca.agents.base import Agent
from ludoteca.core.api import State
from ludoteca.core.errors import LudotecaError
from ludoteca.store.turn_clocks import (
    BOT_MOVED,
    FORFEITED,
    MoveClock,
    Timeout,
    TurnClockStore,
)
from ludoteca.web.http.errors import WebError
from ludoteca.web.http.openapi import json_errors
from ludoteca.web.live.clocks import Clock, ManualClock, SystemClock
from ludoteca.web.live.endings import TIMED_OUT, give_up
from ludoteca.web.live.manager import TableManager
from ludoteca.web.table.table import HUMAN, Table
from ludoteca.web.table.turn_settings import FORFEIT

log = logging.getLogger(__name__)

CHECK_SECONDS = 15.0
"""How often each process looks for deadlines and reminders that have come."""

REMINDER_SHARE = 0.25
"""The reminder goes out when this share of the move's time is left."""

TEST_CLOCK_VARIABLE = "LUDOTECA_TEST_CLOCK"
"""Set to 1 to start a server on a `ManualClock` moved by `POST /api/test/clock` (tests only)."""


class TurnNotifier(Protocol):
    """What tells a person of their turn while their page is closed (`app.state.notifier`)."""

    async def turn_began(self, table_id: str, seat: int, deadline: datetime | None) -> None: ...

    async def time_almost_up(self, table_id: str, seat: int, deadline: datetime) -> None: ...


def timed_move(table: Table) -> tuple[int, int] | None:
    """The person's decision a turn-based table waits for, as (seat, number of actions); None:
    a live table, a bot to move, or the game over or not begun."""
    seat = table.to_move()
    if table.data.turn_seconds is None or seat is None or table.seat(seat).kind != HUMAN:
        return None
    return seat, len(table.moves)


def seconds_left(table: Table, clock: MoveClock | None, now: datetime) -> float | None:
    """The time left for the move the table waits for (negative: overdue); None: untimed."""
    timed = timed_move(table)
    if timed is None or clock is None or clock.deadline is None or clock.seat != timed[0]:
        return None
    return (clock.deadline - now).total_seconds()


class TurnClocks:
    """The move clocks of one server process's turn-based tables."""

    def __init__(
        self,
        manager: TableManager,
        app_state: Any,
        clock: Clock | None = None,
        every: float = CHECK_SECONDS,
    ) -> None:
        self.manager = manager
        self.app_state = app_state
        """Where the notifier is found (`app.state`), set there by whoever delivers."""
        self.clock = clock or SystemClock()
        self.every = every
        self.store = TurnClockStore(manager.store.engine)
        self._task: asyncio.Task[None] | None = None
        self._telling: set[asyncio.Task[None]] = set()
        manager.after_change.append(self.arm)
        manager.after_open.append(self.read)

    # -- life cycle ---------------------------------------------------------------------------
    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="turn-clocks")

    async def stop(self) -> None:
        for task in [*self._telling, *([self._task] if self._task else [])]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.check()
            except Exception:  # the database away for a moment: look again next time
                log.exception("checking the turn clocks failed")

    # -- arming -------------------------------------------------------------------------------
    async def read(self, table: Table) -> None:
        """A turn-based table opened here: its clock as stored (its deadline, its timeouts)."""
        if table.data.turn_seconds is not None:
            table.clock = await asyncio.to_thread(self.store.get, table.id)

    async def arm(self, table: Table) -> None:
        """Under the table's lock: give the decision it waits for its deadline, unless the
        store has it already (a restart, a takeover), or clear it when no person is to move."""
        if table.data.turn_seconds is None:
            return
        timed = timed_move(table)
        key = timed or (None, None)
        known = table.clock
        if known is not None and (known.seat, known.turn) == key:
            return
        if not self.manager.holds(table) and not await self.manager.try_hold(table):
            await self.read(table)  # another process runs the table and arms its clock
            return
        timed = timed_move(table)  # the hold may have reloaded the table
        key = timed or (None, None)
        stored = await asyncio.to_thread(self.store.get, table.id) or MoveClock()
        if (stored.seat, stored.turn) == key:
            table.clock = stored
            return
        kept = tuple(  # a bot's move taken back since is no longer the clock's; a forfeit stays
            t for t in stored.timeouts if t.what == FORFEITED or t.index < len(table.moves)
        )
        if timed is None:
            fresh = MoveClock(timeouts=kept)
        else:
            seconds = table.data.turn_seconds
            deadline = self.clock.now() + timedelta(seconds=seconds)
            remind_at = deadline - timedelta(seconds=seconds * REMINDER_SHARE)
            fresh = MoveClock(*timed, deadline, remind_at, False, kept)
        await asyncio.to_thread(self.store.put, table.id, fresh)
        table.clock = fresh
        if timed is not None and timed[0] != stored.seat:
            notifier = self.notifier()
            if notifier is not None:
                self._tell(notifier.turn_began(table.id, timed[0], fresh.deadline), table)

    # -- firing -------------------------------------------------------------------------------
    async def check(self) -> list[str]:
        """Act on every deadline and reminder that has come (as the tables' owner); returns the
        ids of the tables acted on."""
        now = self.clock.now()
        acted = []
        for table_id in await asyncio.to_thread(self.store.due, now):
            try:
                table = await self.manager.get(table_id)
                if await self._act(table, now):
                    acted.append(table_id)
            except (WebError, LudotecaError) as exc:  # broken, or busy elsewhere: next time
                log.warning("the turn clock of table %s waits: %s", table_id, exc)
            except Exception:  # a faulty bot stops this table's clock only, until next time
                log.exception("the turn clock of table %s failed", table_id)
        return acted

    async def _act(self, table: Table, now: datetime) -> bool:
        """Remind, or time out the move, if its time has come and this process owns the table."""
        async with table.lock:
            if not table.playing or not await self.manager.try_hold(table):
                return False
            stored = await asyncio.to_thread(self.store.get, table.id)
            timed = timed_move(table)
            if stored is None or timed is None or (stored.seat, stored.turn) != timed:
                table.clock = None  # the stored clock lags the position: arm it now
                await self.arm(table)
                return False
            table.clock = stored
            assert stored.deadline is not None and stored.remind_at is not None
            seat, turn = timed
            if stored.deadline > now:
                if stored.reminded or stored.remind_at > now:
                    return False
                table.clock = replace(stored, reminded=True)
                await asyncio.to_thread(self.store.put, table.id, table.clock)
                notifier = self.notifier()
                if notifier is not None:
                    self._tell(notifier.time_almost_up(table.id, seat, stored.deadline), table)
                return True
            if table.data.on_timeout == FORFEIT:
                await self._note(table, Timeout(seat, turn, FORFEITED))
                if await give_up(self.manager, table, seat, TIMED_OUT):
                    seat_to_bot = True  # a game of more goes on: shown after the lock
                else:
                    return True
            else:
                strength = table.data.on_timeout or "medium"
                agent = agents.load(strength, table.game, seed=table.chance.agent_seed(seat, turn))
                position = table.state.clone_for_agent()
                seat_to_bot = False
        if seat_to_bot:
            await self.manager.refresh(table)
            return True
        return await self._bot_moves(table, (seat, turn), agent, position)

    async def _bot_moves(
        self, table: Table, timed: tuple[int, int], agent: Agent, position: State
    ) -> bool:
        """The bot thinks (in the bots' pool, outside the lock) and plays the timed-out move,
        unless the table has moved on meanwhile (the person moved at the last moment)."""
        loop = asyncio.get_running_loop()
        action = await loop.run_in_executor(self.manager.bot_pool, agent.act, position)
        async with table.lock:
            if not table.playing or not await self.manager.try_hold(table):
                return False
            if timed_move(table) != timed:
                return False
            await self._note(table, Timeout(*timed, BOT_MOVED))
            await self.manager.play_for(table, timed[0], action)
        self.manager.wake_bots(table)
        return True

    async def _note(self, table: Table, timeout: Timeout) -> None:
        """Store that the clock decided a move, before the move, so its views say so."""
        clock = table.clock or MoveClock()
        table.clock = replace(clock, timeouts=(*clock.timeouts, timeout))
        await asyncio.to_thread(self.store.put, table.id, table.clock)

    # -- telling ------------------------------------------------------------------------------
    def notifier(self) -> TurnNotifier | None:
        notifier: TurnNotifier | None = getattr(self.app_state, "notifier", None)
        return notifier

    def _tell(self, call: Coroutine[Any, Any, None], table: Table) -> None:
        task = asyncio.create_task(call, name=f"notify-{table.id}")
        self._telling.add(task)
        task.add_done_callback(self._told)

    def _told(self, task: asyncio.Task[None]) -> None:
        self._telling.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("notifying a turn failed", exc_info=task.exception())


# -- the test clock -------------------------------------------------------------------------
router = APIRouter(prefix="/api/test")


class ClockMove(BaseModel):
    """How far to move a test server's clock."""

    model_config = ConfigDict(extra="forbid")

    seconds: float = Field(ge=0, le=10 * 365 * 86400)


@router.post("/clock", responses=json_errors(413, 422))
async def move_clock(request: Request, body: ClockMove) -> dict[str, Any]:
    """Only on a server started with its test clock on: move the clock on by `seconds` and act
    on every deadline and reminder that came (answers the new time and the tables acted on)."""
    clocks: TurnClocks = request.app.state.turn_clocks
    assert isinstance(clocks.clock, ManualClock)
    now = clocks.clock.advance(body.seconds)
    return {"now": now.isoformat(), "acted": await clocks.check()}
