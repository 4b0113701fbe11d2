"""Several server processes on one PostgreSQL database: who writes a table, and how the others
hear of it.

A table has one writer, the process holding its lease (`Store.claim`): it stores the moves and
runs the bots. Every process accepts every table's sockets and moves. These messages go
over `web.cluster.fanout` (PostgreSQL `LISTEN/NOTIFY`):

- `changed`: the owner committed a change to a table (moves, status, seats). A step's message
  carries its moves, status and result, so each process that has the table open applies them
  without a read (it reads the store when one is missing or seats or history changed) and sends
  its own sockets fresh views.
- `move` and `answer`: a process was sent a move for a table another one owns. It forwards the
  move to the owner, which plays it and answers (`web.cluster.forwarding`). So a move is stored
  once, by whoever holds the lease, and it is acknowledged only after its commit.
- `handover`: a process was sent a change beside play (a name, a takeback, an early start) for
  a table another one owns, or a forwarded move got no answer. It asks the owner to give the
  lease up; the owner finishes the step it is in (under the table's lock), hands the lease over
  in one statement and answers `handed`. The asker then reads the owner's last moves and makes
  the change itself, as the new single writer.
- `handed`: the lease of a table now belongs to the process named in it.

Beside the game, `joined` and `started` carry presence (a person opened the table, the creator
started it early: a table waiting for everyone is released on every process) and `told` a chat
line or a takeback message to the sockets of the other processes (a takeback request is kept
on each, so it may be answered through any).

The owner renews all its leases every `lease / 4` s (a heartbeat), so a lease of
`SHARED_LEASE_SECONDS` runs out only when its owner is gone: killed, frozen, cut off. Each
heartbeat also looks for such tables and takes them over (reading their stored moves first):
every acknowledged move is in the database, so none is lost, and the bots continue on the
process that took the table. An owner that comes back finds its leases taken and stops
writing (its claims are refused; a write that slips through meets the moves' primary key).

With SQLite (one process) none of this runs: `shared` is False and every hook does nothing.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson

from ludoteca.store.tables import REFUSED, MoveData
from ludoteca.web.cluster import leases
from ludoteca.web.cluster.fanout import Fanout
from ludoteca.web.cluster.forwarding import Forwarder, Outcome
from ludoteca.web.http.errors import WebError
from ludoteca.web.table.table import Table

if TYPE_CHECKING:
    from ludoteca.web.live.manager import TableManager

log = logging.getLogger(__name__)

SHARED_LEASE_SECONDS = 4.0
"""A table's lease on PostgreSQL: a killed owner's tables continue elsewhere this long after
its last heartbeat (plus up to one heartbeat)."""

MAX_TOLD = 7000
"""The longest message relayed (PostgreSQL's `NOTIFY` carries less than 8000 bytes)."""

HANDOVER_WAIT = 0.5
"""How long a process waits for the owner's `handed` before it asks again (or, the owner being
gone, claims the expired lease itself)."""


@dataclass(frozen=True)
class Listeners:
    """The features' answers to what another process tells of a table (`Workers.listen`)."""

    joined: Callable[[Table, int], Awaitable[None]]
    started: Callable[[Table], Awaitable[None]]
    told: Callable[[Table, dict[str, Any]], Awaitable[None]]


class Workers:
    """The manager's link to the other server processes on its database."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.shared = manager.store.engine.dialect.name == "postgresql"
        self.fanout: Fanout | None = None
        self._asked: dict[str, asyncio.Future[None]] = {}
        self._syncing: set[str] = set()
        self._news: dict[str, list[dict[str, Any] | None]] = {}
        """`changed` messages heard per table and not applied yet (None: read the store)."""
        self._tasks: set[asyncio.Task[object]] = set()
        self._heartbeat: asyncio.Task[None] | None = None
        self._renewing: asyncio.Future[None] | None = None
        self._broken: set[str] = set()
        """Tables that could not be rebuilt: not adopted again at every heartbeat."""
        self.forwarder = Forwarder(manager, self._publish, self._spawn, self._hand_over)
        self.owners: dict[str, str] = {}
        """Table id -> the process last heard writing it (`changed`) or given it (`handed`)."""
        self._listeners: Listeners | None = None

    # -- life cycle ---------------------------------------------------------------------------
    async def start(self) -> None:
        """Listen to the other processes and start the heartbeat (PostgreSQL only)."""
        if not self.shared:
            return
        self.fanout = Fanout(self.manager.store.engine.url, self._heard, self._missed)
        await self.fanout.start()
        self._heartbeat = asyncio.create_task(self._beat(), name="lease-heartbeat")

    async def stop(self) -> None:
        tasks = [*self._tasks, *([self._heartbeat] if self._heartbeat else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.fanout is not None:
            await self.fanout.stop()

    def _spawn(self, work: Coroutine[Any, Any, object], name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[object]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("workers: %s failed", task.get_name(), exc_info=task.exception())

    def _publish(self, kind: str, table_id: str, **extra: Any) -> None:
        if self.fanout is not None:
            owner = self.manager.owner
            self.fanout.publish({"kind": kind, "table": table_id, "by": owner, **extra})

    # -- the owner's side ---------------------------------------------------------------------
    def changed(self, table: Table, moves: list[MoveData] | None = None) -> None:
        """The owner committed a change to `table`: the other processes update their sockets.
        `moves`: the step's new moves (the whole change); None: read the store."""
        if self.fanout is None or not self.manager.holds(table):
            return
        if moves is None:
            self._publish("changed", table.id)
            return
        step = {
            "moves": [[m.index, m.player, m.action, m.notation] for m in moves],
            "status": table.data.status,
            "result": table.data.result,
        }
        if len(orjson.dumps(step)) < MAX_TOLD:
            self._publish("changed", table.id, **step)
        else:
            self._publish("changed", table.id)

    async def _hand_over(self, table_id: str, to: str) -> bool:
        """Give the table's lease to the process `to`; False: this one did not hold it."""
        table = self.manager.tables.get(table_id)
        if table is None:
            return False
        async with table.lock:  # the step in progress is committed first
            if not self.manager.holds(table):
                return False
            await self.manager.store_held(table)
            engine, seconds = self.manager.store.engine, self.manager.lease_seconds
            moved = await asyncio.to_thread(
                leases.hand_over, engine, table_id, self.manager.owner, to, seconds
            )
            self.manager._held.pop(table_id, None)
        if moved:
            self._publish("handed", table_id, to=to)
        return moved

    # -- beside the game ----------------------------------------------------------------------
    def joined(self, table: Table, seat: int | None) -> None:
        """A socket for `seat` opened here: the other processes count the seat as joined."""
        if seat is not None:
            self._publish("joined", table.id, seat=seat)

    def started(self, table: Table) -> None:
        """The creator started the table here before everyone joined."""
        self._publish("started", table.id)

    def told(self, table: Table, body: dict[str, Any]) -> None:
        """`body` was sent to this process's sockets of `table`: the others send it to theirs."""
        if len(orjson.dumps(body)) < MAX_TOLD:
            self._publish("told", table.id, body=body)

    def listen(
        self,
        joined: Callable[[Table, int], Awaitable[None]],
        started: Callable[[Table], Awaitable[None]],
        told: Callable[[Table, dict[str, Any]], Awaitable[None]],
    ) -> None:
        """What the features beside the game do when another process tells of a table: a seat
        `joined` there, the table `started` early there, a message `told` to its sockets there.
        The server registers them (`web.server`), so that this layer imports none of them."""
        self._listeners = Listeners(joined, started, told)

    async def _joined(self, table: Table, seat: int) -> None:
        if seat not in table.joined and self._listeners is not None:
            await self._listeners.joined(table, seat)

    async def _started(self, table: Table) -> None:
        if table.held:
            table.held = False
            if self._listeners is not None:
                await self._listeners.started(table)
            await self.manager.refresh(table)

    async def _told(self, table: Table, body: dict[str, Any]) -> None:
        if self._listeners is not None:
            await self._listeners.told(table, body)

    # -- the asker's side ---------------------------------------------------------------------
    async def forward(
        self,
        table: Table,
        seat: int,
        token: str | None,
        action: int | None,
        notation: str | None,
    ) -> Outcome:
        """Have the table's owner play this move (`web.cluster.forwarding`; raises its refusal)."""
        if self.fanout is None:
            return "gone"
        return await self.forwarder.move(table, seat, token, action, notation)

    async def sync_now(self, table: Table, version: int) -> None:
        """After a forwarded move: bring the table up to it here (and show it to the sockets
        here), unless its `changed` was applied already (the usual case)."""
        async with table.lock:
            if self.manager.holds(table) or len(table.moves) > version:
                return
            if await self.catch_up(table, self._news.pop(table.id, None)):
                await self.manager.broadcast(table)

    async def take_over(self, table: Table) -> bool:
        """Under the table's lock, when another process holds its lease: have it handed over
        (or wait for it to expire, its owner gone). False when neither happens in time."""
        if self.fanout is None:
            return False
        manager = self.manager
        deadline = time.monotonic() + manager.lease_seconds + 2 * HANDOVER_WAIT
        while time.monotonic() < deadline:
            answered = asyncio.get_running_loop().create_future()
            self._asked[table.id] = answered
            self._publish("handover", table.id)
            await asyncio.wait({answered}, timeout=HANDOVER_WAIT)
            self._asked.pop(table.id, None)
            if await manager._claim(table) != REFUSED:
                await self.catch_up(table)
                owed = table.resolve_chance()  # a crash between a move and its dice
                if owed:
                    await manager._save(table, owed)
                manager.wake_bots(table)  # the old owner's bots stopped when it handed over
                return True
        return False

    # -- the watchers' side -------------------------------------------------------------------
    async def catch_up(self, table: Table, news: list[dict[str, Any] | None] | None = None) -> bool:
        """Under the table's lock: bring it up to what is stored, from the `changed` messages
        in `news` when they carry every step since ours, else from the store (also when
        `news` is None). False: nothing had changed."""
        if news is not None and None not in news:
            steps: list[dict[str, Any]] = [n for n in news if n is not None]
            if not steps:
                return False
            applied = _apply_steps(table, steps)
            if applied is not None:
                return applied
        local = len(table.moves)
        engine = self.manager.store.engine
        stored = await asyncio.to_thread(leases.read_since, engine, table.id, max(local - 1, 0))
        if stored is None:  # its creator deleted it through another process
            await self.manager.forget(table)
            return True
        continues = local == 0 or stored.moves[:1] == table.moves[-1:]
        if continues and not table.row_differs(stored):
            new = stored.moves[1:] if local else stored.moves
            if not new and (stored.status, stored.result) == (
                table.data.status,
                table.data.result,
            ):
                return False
            table.catch_up(new, stored.status, stored.result)
        else:  # moves taken back, seats or listing changed, ended: build it again
            data = await asyncio.to_thread(self.manager.store.get, table.id)
            if data is None:
                return False
            table.reload(data)
        if table.held and any(move.player >= 0 for move in table.moves):
            table.held = False  # someone has moved on another process: the game has begun
        return True

    def _heard(self, message: dict[str, Any]) -> None:
        kind, table_id, by = message.get("kind"), message.get("table"), message.get("by")
        if not isinstance(table_id, str) or by == self.manager.owner:
            return
        table = self.manager.tables.get(table_id)
        if table is None:
            return
        if kind == "changed":
            self.owners[table_id] = by if isinstance(by, str) else ""
            self._sync_soon(table_id, message if "moves" in message else None)
        elif kind == "move" and isinstance(by, str):
            self.forwarder.asked(table, message)
        elif kind == "answer" and message.get("to") == self.manager.owner:
            self.forwarder.answered(message)
        elif kind == "joined" and isinstance(message.get("seat"), int):
            self._spawn(self._joined(table, message["seat"]), f"joined-{table_id}")
        elif kind == "started":
            self._spawn(self._started(table), f"started-{table_id}")
        elif kind == "told" and isinstance(message.get("body"), dict):
            self._spawn(self._told(table, message["body"]), f"told-{table_id}")
        elif kind == "handover" and table_id in self.manager._held and isinstance(by, str):
            self._spawn(self._hand_over(table_id, by), f"hand-over-{table_id}")
        elif kind == "handed" and isinstance(message.get("to"), str):
            self.owners[table_id] = message["to"]
            if message["to"] != self.manager.owner:
                return
            answered = self._asked.get(table_id)
            if answered is not None and not answered.done():
                answered.set_result(None)

    def _sync_soon(self, table_id: str, news: dict[str, Any] | None) -> None:
        """Bring an open table up to date; messages arriving meanwhile are covered by it."""
        if table_id not in self.manager.tables:
            return
        self._news.setdefault(table_id, []).append(news)
        if table_id not in self._syncing:
            self._syncing.add(table_id)
            self._spawn(self._sync(self.manager.tables[table_id]), f"sync-{table_id}")

    async def _sync(self, table: Table) -> None:
        async with table.lock:
            self._syncing.discard(table.id)  # a later message syncs again
            news = self._news.pop(table.id, [])
            if self.manager.holds(table):
                return
            if not table.connections:
                return  # nobody watches it here: read when asked for (`TableManager.get`)
            if await self.catch_up(table, news):
                await self.manager.broadcast(table)

    async def _missed(self) -> None:
        """The listening connection was down: every open table may have changed."""
        for table_id in list(self.manager.tables):
            self._sync_soon(table_id, None)

    # -- heartbeat ----------------------------------------------------------------------------
    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(self.manager.lease_seconds / 4)
            try:
                await self.renew_now()
                await self._adopt()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is away for a moment: the next beat tries again
                log.warning("workers: the lease heartbeat failed", exc_info=True)

    async def renew_now(self) -> None:
        """Renew every lease this process holds now, in one statement, or wait for the renewal
        under way: a table whose lease the heartbeat renewed late (a loop busy for a second)
        then costs no claim of its own, which under load made the lag worse."""
        if self._renewing is None or self._renewing.done():
            self._renewing = asyncio.ensure_future(self._renew())
        await asyncio.shield(self._renewing)

    async def _renew(self) -> None:
        """Renew the leases of the tables this process holds and still plays; a finished
        table's lease is let go (claimed again if anything is changed there)."""
        manager = self.manager
        for table_id in list(manager._held):
            table = manager.tables.get(table_id)
            if table is None or not (table.playing or table.lock.locked()):  # ended, told
                manager._held.pop(table_id, None)
        held = list(manager._held)
        started = time.monotonic()
        engine, seconds = manager.store.engine, manager.lease_seconds
        kept = await asyncio.to_thread(leases.renew, engine, manager.owner, held, seconds)
        for table_id in held:
            if table_id not in manager._held:
                continue  # handed over meanwhile: renewed just before, but no longer ours
            if table_id in kept:
                manager._held[table_id] = started + seconds * 0.9
            else:
                manager._held.pop(table_id, None)

    async def _adopt(self) -> None:
        """Take over the tables whose owner stopped renewing their leases."""
        manager = self.manager
        for table_id in await asyncio.to_thread(leases.orphans, manager.store.engine):
            if table_id in self._broken:
                continue
            try:
                table = await manager.get(table_id)
            except WebError:  # a table that cannot be rebuilt stays as it is
                self._broken.add(table_id)
                continue
            async with table.lock:
                held = await manager._hold(table)
            if held:
                log.info("workers: took over table %s from a process that stopped", table_id)
                self.changed(table)
                manager.wake_bots(table)


def _apply_steps(table: Table, steps: list[dict[str, Any]]) -> bool | None:
    """Apply the moves of `changed` messages (in the order heard) that `table` lacks; None:
    they leave a gap (a message was missed), so the store must be read."""
    try:
        moves = [MoveData(*move) for step in steps for move in step["moves"]]
        status, result = steps[-1]["status"], steps[-1]["result"]
    except (KeyError, TypeError):
        return None
    local = len(table.moves)
    new = [move for move in moves if move.index >= local]
    if any(move.index != local + i for i, move in enumerate(new)):
        return None
    if not new and (status, result) == (table.data.status, table.data.result):
        return False
    table.catch_up(new, status, result)
    if table.held and any(move.player >= 0 for move in table.moves):
        table.held = False  # someone has moved on another process: the game has begun
    return True
