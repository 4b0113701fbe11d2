"""Messages between the server processes on one PostgreSQL database: `LISTEN/NOTIFY`.

Each process keeps two psycopg 3 async connections: one that listens (its `notifies()` wait
for the server to push, no polling) and one that sends, in order, from a queue (so a move's
path never waits for a send). A message is a small JSON object; every process, the sender
included, receives every message on the channel. The messages queued while a send runs go
together in the next one: packed as JSON arrays in as few notifications as fit, all sent in one
statement (one round trip, and one notification to read for many moves under load). The channel
is named after the connection's schema, so sites (or test runs) in different schemas of one
database do not hear each other.

When the listening connection breaks (the database restarted), it is opened again and
`on_reconnect` runs: messages sent meanwhile are lost, so whoever relies on them reads the
database again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from sqlalchemy.engine import URL

log = logging.getLogger(__name__)

RECONNECT_SECONDS = 1.0
"""Wait before opening a broken connection again."""

PACKED = 7000
"""The most bytes of messages packed in one notification (a payload holds under 8000)."""

GATHER_SECONDS = 0.01
"""A send that follows the last one sooner than this waits for the rest of it, gathering the
messages queued meanwhile: a busy server sends at most 100 statements a second, an idle one
sends at once."""

SEND = "SELECT pg_notify(%s, payload) FROM unnest(%s::text[]) AS payload"

Handler = Callable[[dict[str, Any]], None]


def conninfo(url: URL) -> str:
    """The libpq address of a SQLAlchemy URL (`postgresql+psycopg://...`), password included."""
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


def channel_name(schema: str) -> str:
    """The channel of a schema: an identifier PostgreSQL keeps whole (63 bytes at most)."""
    kept = "".join(c if c.isalnum() or c == "_" else "_" for c in schema.lower())
    return f"ludoteca_{kept}"[:63]


class Fanout:
    """Publishes messages to, and hands received ones to `handler` from, every process."""

    def __init__(
        self,
        url: URL,
        handler: Handler,
        on_reconnect: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self.address = conninfo(url)
        self.handler = handler
        self.on_reconnect = on_reconnect
        self.channel = ""
        self._outbox: asyncio.Queue[str] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._listening = asyncio.Event()
        self._last_send = 0.0

    async def start(self) -> None:
        """Connect and listen; returns once messages are heard (none sent after it is missed)."""
        self._tasks = [
            asyncio.create_task(self._listen(), name="fanout-listen"),
            asyncio.create_task(self._send(), name="fanout-send"),
        ]
        listening = asyncio.create_task(self._listening.wait())
        await asyncio.wait([listening, self._tasks[0]], return_when=asyncio.FIRST_COMPLETED)
        if not listening.done():  # the listener failed at once: say why
            listening.cancel()
            await self.stop()
            self._tasks[0].result()

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def publish(self, message: dict[str, Any]) -> None:
        """Queue `message` for every process (itself included); sent in the order queued."""
        self._outbox.put_nowait(orjson.dumps(message).decode())

    async def _next_payloads(self) -> list[str]:
        """Waits for a message (and `GATHER_SECONDS` after the last send); returns it and those
        queued behind it, packed."""
        messages = [await self._outbox.get()]
        loop = asyncio.get_running_loop()
        wait = self._last_send + GATHER_SECONDS - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        self._last_send = loop.time()
        while not self._outbox.empty():
            messages.append(self._outbox.get_nowait())
        return packed(messages)

    async def _connect(self) -> Any:
        import psycopg  # the `postgres` extra: only a server on PostgreSQL fans out

        connection = await psycopg.AsyncConnection.connect(self.address, autocommit=True)
        if not self.channel:
            cursor = await connection.execute("SELECT current_schema()")
            row = await cursor.fetchone()
            self.channel = channel_name(str(row[0]) if row and row[0] else "public")
        return connection

    async def _listen(self) -> None:
        first = True
        while True:
            try:
                connection = await self._connect()
            except Exception:
                if first:
                    raise
                log.warning("fan-out: cannot reach the database, trying again", exc_info=True)
                await asyncio.sleep(RECONNECT_SECONDS)
                continue
            try:
                await connection.execute(f'LISTEN "{self.channel}"')
                self._listening.set()
                if not first and self.on_reconnect is not None:
                    await self.on_reconnect()
                first = False
                async for notice in connection.notifies():
                    self._deliver(notice.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("fan-out: the listening connection broke, reconnecting", exc_info=True)
                await asyncio.sleep(RECONNECT_SECONDS)
            finally:
                with contextlib.suppress(Exception):
                    await connection.close()

    def _deliver(self, payload: str) -> None:
        try:
            message = orjson.loads(payload)
        except orjson.JSONDecodeError:
            log.warning("fan-out: a message that is not JSON was ignored: %r", payload[:200])
            return
        for each in message if isinstance(message, list) else [message]:
            if isinstance(each, dict):
                self.handler(each)

    async def _send(self) -> None:
        import psycopg  # the `postgres` extra: only a server on PostgreSQL fans out

        await self._listening.wait()  # the channel's name is known from here on
        connection: Any = None
        try:
            while True:
                payloads = await self._next_payloads()
                while True:
                    try:
                        if connection is None or connection.closed:
                            connection = await self._connect()
                        await self._notify(connection, payloads)
                        break
                    except psycopg.OperationalError:  # the connection broke: send it again
                        log.warning("fan-out: sending failed, reconnecting", exc_info=True)
                        if connection is not None:
                            with contextlib.suppress(Exception):
                                await connection.close()
                        connection = None
                        await asyncio.sleep(RECONNECT_SECONDS)
        finally:
            if connection is not None:
                with contextlib.suppress(Exception):
                    await connection.close()

    async def _notify(self, connection: Any, payloads: list[str]) -> None:
        """Send `payloads` in one statement; if the database refuses it, each one alone, so
        that only a payload it cannot take (too long) is lost. Equal payloads go apart: one
        transaction delivers equal notifications once."""
        import psycopg  # the `postgres` extra: only a server on PostgreSQL fans out

        if len(payloads) == 1 or len(set(payloads)) == len(payloads):
            try:
                await connection.execute(SEND, (self.channel, payloads))
                return
            except psycopg.OperationalError:
                raise
            except psycopg.Error:
                if len(payloads) == 1:
                    refused = payloads[0][:200]
                    log.error("fan-out: a message was refused: %r", refused, exc_info=True)
                    return
        for payload in payloads:
            await self._notify(connection, [payload])


def packed(messages: list[str]) -> list[str]:
    """Messages (JSON objects) as JSON arrays of at most `PACKED` bytes each (a longer message
    goes alone, as the database may still take it)."""
    payloads: list[str] = []
    batch: list[str] = []
    size = 0
    for message in messages:
        if batch and size + len(message) + 1 > PACKED:
            payloads.append(f"[{','.join(batch)}]")
            batch, size = [], 0
        batch.append(message)
        size += len(message) + 1
    payloads.append(f"[{','.join(batch)}]")
    return payloads
