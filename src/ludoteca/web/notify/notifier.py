"""Who is told that their turn began (or that their time is almost up), and the sending.

The manager tells `Notifier.turn_passed` of every step it stores; when the step hands the turn
at a live table to a person whose seat has no page open here, `turn_began` words the notice on
the event loop and a thread of the notifier's own sends it: the push to each of the seat's
subscriptions, a mail to its address, so no move waits for a push service or an SMTP server.
Only the process holding the table's lease sends, so with several workers nobody is told twice.
At turn-based tables the move clock calls the same two methods (its `TurnNotifier` protocol,
which `Notifier` fulfils), with the move's deadline.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any

from ludoteca.store.notify import MailAddress, NotifyStore
from ludoteca.store.tables import MoveData
from ludoteca.web.http.errors import WebError
from ludoteca.web.live.clocks import Clock
from ludoteca.web.live.manager import TableManager
from ludoteca.web.live.views import seat_link
from ludoteca.web.notify.mail import Mail, Mailer
from ludoteca.web.notify.push import Delivery, send_push
from ludoteca.web.notify.texts import (
    ALMOST_UP,
    TURN,
    Waiting,
    Words,
    digest_mail,
    notice_mail,
    words,
)
from ludoteca.web.notify.vapid import SiteKey
from ludoteca.web.table.table import HUMAN, Table

log = logging.getLogger(__name__)

DEFAULT_TTL = 24 * 3600
"""How long a push service keeps a "your turn" for an offline browser when the move has no
deadline: a day; after that the digest mail (where there is one) says it."""

MAX_TTL = 28 * 24 * 3600
"""The longest time to live push services accept (four weeks)."""

ICON = "/static/icons/icon-192.png"
"""The notice's icon: the app's, the five games' pieces."""

UNSUBSCRIBE = "/notify/unsubscribe/"

DIGEST_HOUR = 8
"""The digest goes out on the first look after this hour (UTC) of each day..."""

DIGEST_LOOK_SECONDS = 900.0
"""... and each process looks every this many seconds; the first to take the day sends it."""


def time_to_live(deadline: datetime | None, now: datetime) -> int:
    """Seconds a push may wait for an offline browser: until the deadline (capped), or a day."""
    if deadline is None:
        return DEFAULT_TTL
    return max(0, min(MAX_TTL, int((deadline - now).total_seconds())))


def unsubscribe_link(mail: MailAddress) -> str:
    return f"{mail.site}{UNSUBSCRIBE}{mail.token}"


class Notifier:
    """Web Push (with the site's `key`; None: off) and mail (with `mailer`; None: off) for the
    seats that asked, on the tables of `manager`; the time is `clock`'s, the move clock's."""

    def __init__(
        self,
        manager: TableManager,
        store: NotifyStore,
        key: SiteKey | None,
        contact: str,
        mailer: Mailer | None,
        clock: Clock,
    ) -> None:
        self.manager = manager
        self.clock = clock
        self.store = store
        self.key = key
        self.contact = contact
        self.mailer = mailer
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="ludoteca-notify")
        self._pending: set[asyncio.Future[Any]] = set()
        self._digests: asyncio.Task[None] | None = None

    # -- life cycle -------------------------------------------------------------------------------
    def start(self) -> None:
        self.manager.turn_listener = self.turn_passed
        if self.mailer is not None:
            self._digests = asyncio.create_task(self._digest_loop(), name="mail-digest")

    async def stop(self) -> None:
        if self._digests is not None:
            self._digests.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._digests
        await self.drain()
        self._pool.shutdown(wait=True)

    async def drain(self) -> None:
        """Wait until every notice sent so far is delivered (or given up)."""
        while self._pending:
            await asyncio.gather(*list(self._pending), return_exceptions=True)

    # -- who is told ------------------------------------------------------------------------------
    def turn_passed(self, table: Table, moves: Sequence[MoveData]) -> None:
        """The manager's listener, after it stored `moves`: when they hand the turn to a person
        at a live table, that person's turn began (at a turn-based table the move clock says so,
        with the deadline, `web.live.turn_clock`)."""
        if table.data.turn_seconds is not None:
            return
        seat = table.to_move()
        decided = [move.player for move in moves if move.player >= 0]
        if seat is None or not decided or decided[-1] == seat or table.seat(seat).kind != HUMAN:
            return
        self._track(asyncio.ensure_future(self.turn_began(table.id, seat, None)))

    async def turn_began(self, table_id: str, seat: int, deadline: datetime | None) -> None:
        self._notify(table_id, seat, TURN, deadline)

    async def time_almost_up(self, table_id: str, seat: int, deadline: datetime) -> None:
        self._notify(table_id, seat, ALMOST_UP, deadline)

    def _notify(self, table_id: str, seat: int, kind: str, deadline: datetime | None) -> None:
        """Word the notice and hand it to the sending thread, if this process runs the table
        and the seat has no page open here (the service worker leaves out a push for a page
        open through another process). With several processes (PostgreSQL) the one holding
        the table's lease sends (each renews its leases all the time); on SQLite one process
        serves, whose lease on a table lapses while nobody moves, and it sends."""
        if self.key is None and self.mailer is None:
            return
        table = self.manager.tables.get(table_id)
        if table is None or not table.playing:
            return
        if self.manager.workers.shared and not self.manager.holds(table):
            return
        if any(connection.seat == seat for connection in table.connections):
            return
        said = words(table, kind, deadline)
        ttl = time_to_live(deadline, self.clock.now())
        self._run(self._deliver, table_id, seat, said, seat_link(table, seat), ttl)

    # -- sending, in the notifier's thread ------------------------------------------------------
    def _deliver(
        self, table_id: str, seat: int, said: dict[str, Words], link: str, ttl: int
    ) -> None:
        if self.key is not None:
            for subscription in self.store.pushes(table_id, seat):
                shown = said[subscription.language]
                payload = {
                    "title": shown.title,
                    "body": shown.body,
                    "url": link,
                    "icon": ICON,
                    "tag": f"ludoteca-{table_id}-{seat}",
                }
                delivery = send_push(self.key, self.contact, subscription, payload, ttl)
                if delivery is Delivery.GONE:
                    self.store.forget_endpoint(subscription.endpoint)
        mail = self.store.mail(table_id, seat) if self.mailer is not None else None
        if mail is not None:
            shown = said[mail.language]
            self._mail(
                notice_mail(
                    mail.address, mail.language, shown, mail.site + link, unsubscribe_link(mail)
                )
            )

    def _mail(self, mail: Mail) -> None:
        assert self.mailer is not None
        for attempt in (1, 2):
            try:
                self.mailer.send(mail)
                return
            except Exception as exc:  # smtplib's errors and OSError: the server away, refusing
                log.warning("mail failed (try %d of 2): %r", attempt, exc)

    def _run(self, job: Callable[..., None], *args: Any) -> None:
        loop = asyncio.get_running_loop()
        self._track(loop.run_in_executor(self._pool, job, *args))

    def _track(self, future: Awaitable[Any]) -> None:
        done = asyncio.ensure_future(future)
        self._pending.add(done)
        done.add_done_callback(self._finished)

    def _finished(self, future: asyncio.Future[Any]) -> None:
        self._pending.discard(future)
        if not future.cancelled() and future.exception() is not None:
            log.error("a notice was not sent", exc_info=future.exception())

    # -- the daily digest -------------------------------------------------------------------------
    async def daily_digest(self) -> int:
        """Mail each address the tables that wait for its move (none waiting: no mail);
        returns how many mails went out."""
        if self.mailer is None:
            return 0
        waiting: dict[str, tuple[str, list[Waiting]]] = {}
        for mail in await asyncio.to_thread(self.store.every_mail):
            try:
                table = await self.manager.get(mail.table_id)
            except WebError:  # deleted, or it cannot be rebuilt: nothing to wait for
                continue
            if table.to_move() != mail.seat:
                continue
            said = words(table, TURN, None)[mail.language]
            entry = Waiting(said, mail.site + seat_link(table, mail.seat), unsubscribe_link(mail))
            waiting.setdefault(mail.address, (mail.language, []))[1].append(entry)
        for address, (language, tables) in waiting.items():
            self._run(self._mail, digest_mail(address, language, tables))
        await self.drain()
        return len(waiting)

    async def _digest_loop(self) -> None:
        while True:
            now = self.clock.now()
            try:
                if now.hour >= DIGEST_HOUR and await asyncio.to_thread(
                    self.store.take_digest, now.date()
                ):
                    await self.daily_digest()
            except Exception:  # the database away for a moment: the next look tries again
                log.exception("the daily digest failed")
            await asyncio.sleep(DIGEST_LOOK_SECONDS)
