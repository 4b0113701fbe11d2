"""What the features around the game share: the seat proof of a request, the store, messages.

Chat, presence, rematch and takeback answer over HTTP and tell everyone at the table over the
table's WebSockets with messages of their own type (`{"type": "chat", ...}`), next to the views.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import Request
from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr

from ludoteca.store.social import SocialStore
from ludoteca.web.errors import Forbidden
from ludoteca.web.table import Connection, Table


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
