"""What the routes share: the request's manager and table, the seat proof, the store, messages.

Chat, presence, rematch and takeback answer over HTTP and tell everyone at the table over the
table's WebSockets with messages of their own type (`{"type": "chat", ...}`), next to the views.
Every router takes the manager from here (`manager_of`), not from the JSON API.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import Request
from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr

from ludoteca.store.social import SocialStore
from ludoteca.web.http.errors import Conflict, Forbidden
from ludoteca.web.live.manager import TableManager
from ludoteca.web.table.table import Connection, Table


def manager_of(request: Request) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


async def finished_table(request: Request, table_id: str) -> Table:
    """A table whose game has ended: only then are its record (with the seed) and replay open."""
    table = await manager_of(request).get(table_id)
    if table.playing:
        raise Conflict(
            "the game is not finished yet: its record (with the seed of the dice) and its replay"
            " open when it ends",
            code="game_not_over",
        )
    return table


class SeatProof(BaseModel):
    """The seat a request acts for, proven by the token of its link."""

    model_config = ConfigDict(extra="forbid")

    seat: StrictInt | None = None
    token: StrictStr | None = None


def social_of(app: Any) -> SocialStore:
    store: SocialStore = app.state.social
    return store


def seated(table: Table, proof: SeatProof, doing: str) -> int:
    """The seat of a request that only a seated person may make (`doing`: what it does)."""
    seat = table.authorise(proof.seat, proof.token)
    if seat is None:
        raise Forbidden(f"only a seated player may {doing}: use your seat link", code="not_seated")
    return seat


def request_social(request: Request) -> SocialStore:
    return social_of(request.app)


async def tell(table: Table, message: Callable[[Connection], dict[str, Any] | None]) -> None:
    """Send each watcher its own `message(connection)` (None: nothing for that one)."""
    for connection in list(table.connections):
        body = message(connection)
        if body is None:
            continue
        try:
            await connection.socket.send_json(body)
        except Exception:  # the socket went away mid-send; the view broadcast drops it
            table.connections.discard(connection)


async def tell_all(table: Table, body: dict[str, Any]) -> None:
    await tell(table, lambda _connection: body)
