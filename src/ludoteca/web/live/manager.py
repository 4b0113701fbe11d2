"""The live tables of one server: creating, acting, storing, broadcasting and running bots.

All game changes happen on the event loop under the table's lock; database writes run in
asyncio's default worker threads, bot thinking in a pool of its own (`bot_threads` threads), so
a table whose bot thinks long never keeps storage, pages or another table's move waiting. After
every step the moves are committed and each watcher gets a fresh view of its own seat. Bots play
as one asyncio task per table.

A move is acknowledged only once it is stored: nothing shows a move before its commit. At the
fast speed, a step a quick bot answers at once is stored together with that answer, in one
commit, and shown with it (`_step`); whatever shows the table before (a page, the API, a new
socket, a change beside play, the view falling due) stores it first (`settle`).

One owner per table: a process acts for a table (stores its moves, runs its bots) only while it
holds the table's lease in the database (`Store.claim`), renewed at every step. On SQLite a
second process on the same database answers moves for a table it does not hold with 409 and
keeps its bots waiting; when the owner stops (or crashes and its lease expires) the waiting
process takes over, reloading the table's moves first. On PostgreSQL the processes cooperate
(`web.cluster.workers`): the owner plays the moves the others forward to it
(`web.cluster.forwarding`), tells them of every change, and a dead owner's tables are taken
over within seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from ludoteca.agents.base import Agent
from ludoteca.core.api import State
from ludoteca.core.errors import LudotecaError
from ludoteca.i18n import DEFAULT
from ludoteca.store.tables import (
    ABANDONED,
    FINISHED,
    PLAYING,
    REFUSED,
    TAKEN,
    MoveData,
    Step,
    Store,
    TableData,
)
from ludoteca.web.cluster import leases
from ludoteca.web.cluster.group_commit import GroupCommit
from ludoteca.web.cluster.workers import SHARED_LEASE_SECONDS, Workers
from ludoteca.web.http.errors import Conflict, Forbidden, NotFound
from ludoteca.web.http.limits import BotLimits
from ludoteca.web.live.view_message import ViewMessages, encode
from ludoteca.web.live.views import table_view
from ludoteca.web.table.board_patch import Markup
from ludoteca.web.table.new_table import TableRequest, new_table
from ludoteca.web.table.people import clean_name
from ludoteca.web.table.table import Connection, Table

log = logging.getLogger(__name__)

BOT_THREADS = 2
"""Bots thinking at once per server; further tables' bots wait their turn in the pool."""

LEASE_SECONDS = 30.0
"""How long a table stays this process's after its last step; a crashed owner's tables are
taken over by another process this long after."""

MAX_ACTIONS = 20_000
"""Bots stop a table that reaches this many actions (chance included) without an end."""

QUICK_BOT = 0.02
"""At fast speed a step after which a bot moves is shown together with the bot's reply when
the table's bots last thought less than this many seconds (one view instead of two)..."""

BOT_REPLY_WAIT = 0.25
"""... or alone, once the bot has thought this many seconds without replying (time its move
waits for a thread or for the busy event loop does not count: that would show two views per
move just when the server is busiest)."""


class TableManager:
    """Owns the store and every table opened since the server started."""

    def __init__(
        self,
        store: Store,
        bot_delay: float,
        max_actions: int = MAX_ACTIONS,
        bot_limits: BotLimits | None = None,
        bot_threads: int = BOT_THREADS,
        lease_seconds: float | None = None,
    ) -> None:
        self.store = store
        self.commits = GroupCommit(store)
        """Every step is stored through it: the steps of many tables share a commit."""
        host = socket.gethostname()[:40]  # the lease's owner column holds 64 characters
        self.owner = f"{host}:{os.getpid()}:{secrets.token_hex(4)}"
        self.workers = Workers(self)
        """The other server processes on a PostgreSQL database (`web.cluster.workers`)."""
        shared = (
            leases.shared_seconds(SHARED_LEASE_SECONDS) if self.workers.shared else LEASE_SECONDS
        )
        self.lease_seconds = lease_seconds or shared
        self._held: dict[str, float] = {}
        """Table id -> monotonic time until which this process surely holds its lease."""
        self.bot_limits = bot_limits or BotLimits()
        self.bot_pool = ThreadPoolExecutor(bot_threads, thread_name_prefix="ludoteca-bot")
        self.bot_delay = bot_delay
        self.max_actions = max_actions
        self.tables: dict[str, Table] = {}
        self._due: set[asyncio.Task[None]] = set()
        """Views sent `BOT_REPLY_WAIT` after a step no bot's reply followed in time."""
        self._opening = asyncio.Lock()
        self.turn_listener: Callable[[Table, list[MoveData]], None] | None = None
        """Told of every step this process stores, once stored (`web.notify` set at start-up
        hears whose turn begins)."""
        self.after_change: list[Callable[[Table], Awaitable[None]]] = []
        """Called under the table's lock when a table is made and after every change shown
        (the turn clock arms the next move's deadline, `web.live.turn_clock`)."""
        self.after_open: list[Callable[[Table], Awaitable[None]]] = []
        """Called when a stored table is opened in this process (the turn clock reads it)."""

    # -- life cycle ---------------------------------------------------------------------------
    async def start(self) -> None:
        """Reopen every unfinished table from its stored moves and let its bots resume."""
        await self.workers.start()
        for data in await asyncio.to_thread(self.store.unfinished):
            try:
                table = await self._open(data)
            except LudotecaError as exc:
                log.warning("table %s cannot be rebuilt, left as it is: %s", data.id, exc)
                continue
            self.wake_bots(table)

    async def stop(self) -> None:
        await self.workers.stop()
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for table in self.tables.values():
            if table.view_due is not None:
                table.view_due.cancel()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        for table in self.tables.values():
            with contextlib.suppress(Exception):  # logged by the commit; the rest still go
                await self.store_held(table)
        await self.commits.drain()
        for table_id in list(self.tables):
            await asyncio.to_thread(self.store.release, table_id, self.owner)
        await asyncio.to_thread(self.store.close)

    async def _open(self, data: TableData) -> Table:
        table, owed = Table.build(data)
        for hook in self.after_open:
            await hook(table)
        self.tables[data.id] = table
        if owed:  # chance a crashed step left unstored: stored by whoever owns the table
            async with table.lock:
                if await self._claim(table) != REFUSED:  # fresh from the store: no refresh
                    await self._save(table, owed)
        return table

    async def _claim(self, table: Table) -> str:
        asked = time.monotonic()  # the lease runs from before the answer: never overestimated
        answer = await asyncio.to_thread(self.store.claim, table.id, self.owner, self.lease_seconds)
        if answer == REFUSED:
            self._held.pop(table.id, None)
        else:
            self._held[table.id] = asked + self.lease_seconds * 0.9
        return answer

    async def _hold(self, table: Table) -> bool:
        """Claim or renew the table's lease (under its lock); False: another process runs it.

        A lease newly taken means another process may have moved since this one last did:
        the table is reloaded from the store first.
        """
        if self._renewed_lately(table):
            return True  # no database round trip on every bot move
        if self.workers.shared and self.holds(table):  # the heartbeat is late: renew all now
            with contextlib.suppress(Exception):  # the database is away: the claim will say
                await self.workers.renew_now()
            if self._renewed_lately(table):
                return True
        await self.store_held(table)  # before claiming: a new owner's moves would refuse them
        answer = await self._claim(table)
        if answer == REFUSED:
            return False
        if answer == TAKEN:
            await self._save(table, await self._refresh(table))
        return True

    async def try_hold(self, table: Table) -> bool:
        """Under the table's lock: hold its lease if it is free, expired or ours (reloading the
        table when newly taken), never taking it from a living owner; False: another process
        runs it and acts for it."""
        return await self._hold(table)

    async def own(self, table: Table) -> None:
        """Before a change beside play (takeback, names, seats), under the table's lock:
        refuse it when another server process runs the table and does not hand it over."""
        await self.store_held(table)
        if not await self._acquire(table):
            raise Conflict(
                "another server process runs this table now: try again in a moment",
                code="table_busy",
            )

    async def _acquire(self, table: Table) -> bool:
        """`_hold`, or on PostgreSQL have the owning process hand the table over."""
        return await self._hold(table) or await self.workers.take_over(table)

    def _renewed_lately(self, table: Table) -> bool:
        """Whether the table's lease has more than half its time left (`_hold` needs no claim)."""
        return self._held.get(table.id, 0.0) - time.monotonic() > self.lease_seconds / 2

    def holds(self, table: Table) -> bool:
        """Whether this process surely still holds the table's lease (so its memory is current)."""
        return self._held.get(table.id, 0.0) > time.monotonic()

    async def _refresh(self, table: Table) -> list[MoveData]:
        """Catch up with moves another process stored; returns chance owed (for the owner)."""
        data = await asyncio.to_thread(self.store.get, table.id)
        if data is None:
            return []
        same_moves = (len(data.moves), data.status) == (len(table.moves), table.data.status)
        if same_moves and not table.row_differs(data):
            return []
        # Moves made after the lease ran out are dropped: never shown, now replaced.
        return table.reload(data)

    # -- tables -------------------------------------------------------------------------------
    async def create(self, request: TableRequest) -> Table:
        data = new_table(request, self.bot_limits)
        await asyncio.to_thread(self.store.add_table, data)
        table = await self._open(data)
        async with table.lock:
            for hook in self.after_change:
                await hook(table)
        self.wake_bots(table)
        return table

    async def get(self, table_id: str) -> Table:
        """A live table, opened from the store when it is not in memory yet; moves held back
        for a bot's reply are stored first, as the caller may show them."""
        table = self.tables.get(table_id)
        if table is not None:
            if not self.holds(table):  # another process may own it and have moved
                async with table.lock:
                    await self._refresh(table)
            await self.settle(table)
            return table
        async with self._opening:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            data = await asyncio.to_thread(self.store.get, table_id)
            if data is None:
                raise NotFound(
                    f"there is no table {table_id!r}", code="unknown_table", table=table_id
                )
            try:
                table = await self._open(data)
            except LudotecaError as exc:
                raise Conflict(
                    f"table {table_id} cannot be rebuilt: {exc}",
                    code="table_broken",
                    table=table_id,
                    reason=str(exc),
                ) from exc
        self.wake_bots(table)
        return table

    async def listing(self) -> dict[str, list[TableData]]:
        """Open tables and recently finished ones, newest first (for the lobby)."""
        return {
            "open": await asyncio.to_thread(self.store.listing, PLAYING),
            "finished": await asyncio.to_thread(self.store.listing, FINISHED),
        }

    # -- play ---------------------------------------------------------------------------------
    async def act(
        self,
        table: Table,
        seat: int | None,
        token: str | None,
        action: int | None = None,
        notation: str | None = None,
    ) -> None:
        """A human's move: checked, applied with the chance that follows, stored, broadcast.

        On PostgreSQL a move for a table another process owns is played there
        (`web.cluster.forwarding`); this process then only shows it to its own sockets.
        """
        seat = table.authorise(seat, token)
        if seat is None or not self.workers.shared or self.holds(table):
            await self.play(table, seat, action, notation)
            return
        table.parse_move(seat, action, notation)  # refused here as on the page it was sent from
        if table.id not in self.workers.owners:  # nobody heard writing it: maybe nobody holds it
            async with table.lock:
                held = await self._hold(table)
            if held:
                await self.play(table, seat, action, notation)
                return
        version = len(table.moves)
        outcome = await self.workers.forward(table, seat, token, action, notation)
        if outcome == "played":
            await self.workers.sync_now(table, version)
        elif outcome == "yours":  # handed over to this process, the move not played
            await self.play(table, seat, action, notation)
        else:  # the owner is gone: taken over, unless the table moved on meanwhile
            await self.play(table, seat, action, notation, version)

    async def play(
        self,
        table: Table,
        seat: int | None,
        action: int | None,
        notation: str | None,
        version: int | None = None,
    ) -> None:
        """`act` in this process, which takes the table over if another one holds it.

        `version`: the number of moves the table had when the move was sent to an owner that
        did not answer; if the table has moved on since, the move is not played (it may have
        been, late), and the person looks again.
        """
        async with table.lock:
            if not self.holds(table):  # refused here before the table is taken over
                table.parse_move(seat, action, notation)
            if not await self._acquire(table):
                raise Conflict(
                    "another server process runs this table now: try again shortly",
                    code="table_busy",
                )
            if version is not None and len(table.moves) != version:
                raise Conflict(
                    "the table changed while this move was on its way: look again",
                    code="table_busy",
                )
            chosen = table.parse_move(seat, action, notation)
            assert seat is not None
            await self._step(table, table.apply(seat, chosen))
        self.wake_bots(table)

    async def play_for(self, table: Table, seat: int, action: int) -> None:
        """Under the table's lock, as its owner (`try_hold`): play `action` for `seat` now (the
        turn clock's bot, for a person whose time ran out); the bots wake after the lock."""
        await self._step(table, table.apply(seat, action))

    async def rename(self, table: Table, seat: int | None, token: str | None, name: str) -> None:
        """A person enters (or clears) the name of the seat they hold; everyone sees it."""
        seat = table.authorise(seat, token)
        if seat is None:
            raise Forbidden("spectators have no seat to name: open a seat link", code="spectator")
        entered = clean_name(name)
        async with table.lock:
            await self.own(table)
            seats = table.data.seats
            seats[seat] = replace(seats[seat], name=entered)
            table.forget_texts()
            await asyncio.to_thread(self.store.set_seats, table.id, list(seats))
            self.workers.changed(table)
            await self.broadcast(table)

    async def _step(self, table: Table, moves: list[MoveData]) -> None:
        """Under the table's lock: store the step and send every watcher the new view, or,
        when a bot replies at once (fast speed, a quick bot), hold both back for that reply
        (`BOT_REPLY_WAIT` at most): a person then sees their move with the answer to it, and
        the server draws half the views and commits once."""
        quick = table.bot_seconds < QUICK_BOT and table.data.speed != "normal"
        if not quick or table.bot_to_move() is None:
            await self._save(table, moves)
            await self.broadcast(table)
            return
        table.unsaved += moves
        if table.view_due is None:
            loop = asyncio.get_running_loop()
            table.view_due = loop.call_later(BOT_REPLY_WAIT, self._show_due, table)

    def _show_due(self, table: Table) -> None:
        bots = table.bot_task
        if bots is not None and not bots.done():  # the reply may still come
            started = table.thinking_since
            thought = 0.0 if started is None else time.monotonic() - started
            if thought < BOT_REPLY_WAIT:
                loop = asyncio.get_running_loop()
                table.view_due = loop.call_later(BOT_REPLY_WAIT - thought, self._show_due, table)
                return
        task = asyncio.create_task(self._send_due(table), name=f"view-{table.id}")
        self._due.add(task)
        task.add_done_callback(self._due.discard)

    async def _send_due(self, table: Table) -> None:
        async with table.lock:
            if table.view_due is not None:  # no view went out since it fell due
                await self.broadcast(table)

    async def _save(self, table: Table, moves: list[MoveData]) -> None:
        """Store `moves` after those held back (`table.unsaved`), which stay held if it fails."""
        pending = table.unsaved = [*table.unsaved, *moves]
        if pending or table.data.status != PLAYING:
            data = table.data
            await self.commits.save(Step(data.id, pending, data.status, data.result, data.ending))
            table.unsaved = []
            self.workers.changed(table, pending)
            if self.turn_listener is not None:
                self.turn_listener(table, pending)

    async def store_held(self, table: Table) -> None:
        """Under the table's lock: store the moves held back for a bot's reply now."""
        if table.unsaved:
            await self._save(table, [])

    async def settle(self, table: Table) -> None:
        """Store the moves held back for a bot's reply (`_step`) before the table is shown
        another way than with that reply: a page, the API, a new socket."""
        if table.unsaved:
            async with table.lock:
                await self.store_held(table)

    # -- bots ---------------------------------------------------------------------------------
    def wake_bots(self, table: Table) -> None:
        """Start the table's bot task if a bot is to move and none is running."""
        if table.bot_to_move() is None:
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        table.bot_task = asyncio.create_task(self._run_bots(table), name=f"bots-{table.id}")

    async def _run_bots(self, table: Table) -> None:
        try:
            await self._bot_loop(table)
        except asyncio.CancelledError:
            raise
        except Exception:  # a faulty bot must not take the server down; the table waits
            log.exception("the bots of table %s stopped", table.id)

    async def _bot_loop(self, table: Table) -> None:
        delay = self.bot_delay if table.data.speed == "normal" else 0.0
        while (seat := table.bot_to_move()) is not None:
            await asyncio.sleep(delay)  # at 0 this still yields to the other tasks
            async with table.lock:
                held = await self._hold(table)
            if not held:  # another process runs this table: wait, take over if it stops
                if self.workers.shared:
                    # its owner runs the bots; `web.cluster.workers` adopts a dead owner's tables
                    return
                await asyncio.sleep(self.lease_seconds / 2)
                continue
            seat = table.bot_to_move()
            if seat is None:
                return
            version = len(table.moves)
            if version >= self.max_actions:
                async with table.lock:
                    table.data.status = ABANDONED
                    await self._step(table, [])
                return
            agent = table.bot(seat)
            position = table.state.clone_for_agent()
            loop = asyncio.get_running_loop()
            try:
                action, table.bot_seconds = await loop.run_in_executor(
                    self.bot_pool, timed_act, table, agent, position
                )
            finally:
                table.thinking_since = None
            async with table.lock:
                if not await self._hold(table):
                    continue
                if len(table.moves) == version and table.bot_to_move() == seat:
                    await self._step(table, table.apply(seat, action))

    # -- ending a table beside its game's rules (web.live.endings, web.live.idle) -------------
    async def end_table(
        self,
        table: Table,
        status: str,
        ending: dict[str, Any],
        result: list[float] | None = None,
    ) -> None:
        """Under the table's lock: end the table now (a resignation, its creator, idleness)
        with `status`, `ending` and `result`; stored, told to the other processes and shown."""
        await self.own(table)
        if table.bot_task is not None:
            table.bot_task.cancel()
        table.held = False
        table.data.status, table.data.result, table.data.ending = status, result, ending
        await self._save(table, [])
        self.workers.changed(table)  # the others read the ending from the store
        await self.broadcast(table)

    async def forget(self, table: Table) -> None:
        """A table deleted from the store: gone from memory, its pages told and closed."""
        self.tables.pop(table.id, None)
        self._held.pop(table.id, None)
        if table.bot_task is not None:
            table.bot_task.cancel()
        for connection in list(table.connections):
            with contextlib.suppress(Exception):  # a socket already gone
                await connection.socket.send_text(encode({"type": "deleted"}))
                await connection.socket.close(code=4404)
        table.connections.clear()

    # -- watchers -----------------------------------------------------------------------------
    async def connect(
        self,
        table: Table,
        socket: Any,
        seat: int | None,
        language: str = DEFAULT,
        delta: bool = False,
    ) -> Connection:
        """Send the current view, then keep `socket` informed of every step, in `language`
        (`delta`: after this first view, as deltas)."""
        connection = Connection(socket, seat, language, delta)
        async with table.lock:
            await self.store_held(table)
            view = table_view(table, seat)
            await socket.send_text(encode({"type": "view", "view": view}))
            connection.board = Markup(view["svg"]) if delta else None
            connection.shown = (table.history, tuple(table.names()), len(table.moves))
            table.connections.add(connection)
        return connection

    def disconnect(self, table: Table, connection: Connection) -> None:
        table.connections.discard(connection)

    async def refresh(self, table: Table) -> None:
        """Send every watcher a fresh view after a change beside play, then wake the bots."""
        async with table.lock:
            self.workers.changed(table)
            await self.broadcast(table)
        self.wake_bots(table)

    async def broadcast(self, table: Table) -> None:
        """Under the table's lock: send every watcher the table as it is now (stored first)."""
        await self.store_held(table)
        for hook in self.after_change:
            await hook(table)
        if table.view_due is not None:
            table.view_due.cancel()
            table.view_due = None
        messages = ViewMessages(table)
        shown = (table.history, tuple(table.names()), len(table.moves))
        for connection in list(table.connections):
            since = connection.since(*shown)
            seat, language = connection.seat, connection.language
            text = messages.text(seat, language, since, connection.board)
            connection.shown = shown
            if connection.delta:
                connection.board = messages.board(seat, language)
            try:
                await connection.socket.send_text(text)
            except Exception:  # the socket went away mid-send; it is dropped, play goes on
                table.connections.discard(connection)


def timed_act(table: Table, agent: Agent, position: State) -> tuple[int, float]:
    """The bot's action and how long it thought (in its thread, not counting the wait for one);
    `table.thinking_since` says meanwhile since when it thinks."""
    table.thinking_since = start = time.monotonic()
    action = agent.act(position)
    return action, time.monotonic() - start
