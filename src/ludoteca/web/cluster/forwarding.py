"""A move sent to a server process that does not own its table is played by the owner.

With several processes (`web.cluster.workers`) a person's socket may reach any of them, but a
table has one writer: the process holding its lease. The process a move arrives at, not holding the
table, forwards it over the fan-out (`move`, with a request id); the owner checks and applies it
as if it had arrived there (stored, shown to its sockets, announced with `changed`, after which
the bots answer) and says how it went (`answer`: nothing, or the error to give the person). The
asker relays the error to its client, or shows the move to its own sockets.

So the table stays where it is: two processes do not hand it back and forth whenever people
at one table are connected to both. One exception: an owner with no socket of the table (its
people all reached other processes) hands the table over instead (answering `handed`), and
the asker plays the move as the new owner: a table goes, once, to where its people are. An
owner that is slow to answer (a busy machine) is waited for as long as its lease is current;
only when no process holds a current lease (its owner was killed or let the table go) does the
asker take the table over (`Workers.take_over`).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Literal

from ludoteca.web.cluster import leases
from ludoteca.web.http.errors import (
    BadRequest,
    Conflict,
    Forbidden,
    NotFound,
    TooMany,
    Unprocessable,
    WebError,
)

if TYPE_CHECKING:
    from ludoteca.web.live.manager import TableManager
    from ludoteca.web.table.table import Table

log = logging.getLogger(__name__)

FORWARD_WAIT = 1.0
"""How long the asker waits for the owner's answer before it looks at the owner's lease: a
current lease means a busy owner, waited for again; an expired one an owner gone, whose table
the asker takes over."""

FORWARD_PATIENCE = 15.0
"""How long a busy owner is waited for before the person is told to try again."""

_BY_STATUS: dict[int, type[WebError]] = {
    error.status: error for error in (BadRequest, Forbidden, NotFound, Conflict, Unprocessable)
} | {TooMany.status: TooMany}


def error_body(exc: WebError) -> dict[str, Any]:
    """What an `answer` carries of the owner's refusal."""
    return {"status": exc.status, "message": exc.message, "code": exc.code, "params": exc.params}


def error_from(body: dict[str, Any]) -> WebError:
    """The owner's refusal, raised again on the asker as the same kind of error."""
    kind = _BY_STATUS.get(body["status"], WebError)
    return kind(body["message"], code=body["code"], **body["params"])


Outcome = Literal["played", "yours", "gone"]
"""How a forwarded move went: the owner played it, handed the table to the asker instead (who
plays it), or no owner answered (the asker takes the table over)."""


class Forwarder:
    """The asker's requests waiting for an answer, and the owner's side of them."""

    def __init__(
        self,
        manager: TableManager,
        publish: Callable[..., None],
        spawn: Callable[..., None],
        hand_over: Callable[[str, str], Awaitable[bool]],
    ) -> None:
        self.manager = manager
        self._publish = publish
        self._spawn = spawn
        self._hand_over = hand_over
        self._numbers = itertools.count()
        self._waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}

    async def move(
        self,
        table: Table,
        seat: int,
        token: str | None,
        action: int | None,
        notation: str | None,
    ) -> Outcome:
        """Have the owner play this move (raises the error it refused the move with)."""
        request = f"{self.manager.owner}/{next(self._numbers)}"
        answered: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[request] = answered
        try:
            self._publish(
                "move",
                table.id,
                id=request,
                seat=seat,
                token=token,
                action=action,
                notation=notation,
            )
            if not await self._answer_of(table, answered):
                return "gone"
        finally:
            self._waiting.pop(request, None)
        answer = answered.result()
        if answer.get("handed") is True:
            return "yours"
        error = answer.get("error")
        if isinstance(error, dict):
            raise error_from(error)
        return "played"

    async def _answer_of(self, table: Table, answered: asyncio.Future[Any]) -> bool:
        """Wait for the answer while the owner is alive (its lease current: a busy owner is
        waited for, not replaced); False: the owner is gone, or another process adopted the
        table meanwhile (with three or more, one may adopt a dead owner's table before this
        one sees it expire: that one never heard the request, so it is asked to hand over)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + FORWARD_PATIENCE
        manager = self.manager
        asked = manager.workers.owners.get(table.id)
        while True:
            done, _ = await asyncio.wait({answered}, timeout=FORWARD_WAIT)
            if done:
                return True
            engine = manager.store.engine
            holder = await asyncio.to_thread(leases.holder, engine, table.id)
            if holder in (None, manager.owner) or (asked and holder != asked):
                return False
            if loop.time() > deadline:
                raise Conflict(
                    "the server process that runs this table did not answer: try again",
                    code="table_busy",
                )

    def answered(self, message: dict[str, Any]) -> None:
        """An `answer` to one of this process's requests arrived."""
        waiting = self._waiting.get(str(message.get("id")))
        if waiting is not None and not waiting.done():
            waiting.set_result(message)

    def asked(self, table: Table, message: dict[str, Any]) -> None:
        """A `move` for `table` arrived: played here if this process is its owner (the others
        stay silent, so the asker's wait ends with the owner's answer or none)."""
        if self.manager.holds(table):
            self._spawn(self._play(table, message), f"forwarded-{table.id}")

    async def _play(self, table: Table, message: dict[str, Any]) -> None:
        seat, action, notation = message.get("seat"), message.get("action"), message.get("notation")
        token, asker = message.get("token"), message.get("by")
        answer = {"id": message.get("id"), "to": asker}
        nobody_here = not table.connections  # nobody watches the table on this process
        if nobody_here and isinstance(asker, str) and await self._hand_over(table.id, asker):
            self._publish("answer", table.id, handed=True, **answer)
            return
        error: dict[str, Any] | None = None
        try:
            if not (
                isinstance(seat, int)
                and (token is None or isinstance(token, str))
                and (action is None or isinstance(action, int))
                and (notation is None or isinstance(notation, str))
            ):
                raise Unprocessable("a forwarded move that is not well formed", code="bad_message")
            seat = table.authorise(seat, token)
            assert seat is not None
            await self.manager.play(table, seat, action, notation)
        except WebError as exc:
            error = error_body(exc)
        except Exception:  # the store failed: the person hears so at once, not after a wait
            log.exception("a move forwarded for table %s failed", table.id)
            busy = Conflict("the move could not be stored: try again", code="table_busy")
            error = error_body(busy)
        self._publish("answer", table.id, error=error, **answer)
