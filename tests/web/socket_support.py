"""A table's WebSocket in a test: its path for a seat, the next message of a kind, the next view
(for the tests of the socket and of the features that speak over it)."""

from __future__ import annotations

from typing import Any


def socket_path(table: Any, seat: int | None = None) -> str:
    if seat is None:
        return f"/ws/table/{table.id}"
    return f"/ws/table/{table.id}?seat={seat}&token={table.tokens[seat]}"


def next_of(socket: Any, *kinds: str) -> dict[str, Any]:
    """The next message of one of `kinds`; chat, presence and the like are passed over."""
    message: dict[str, Any] = socket.receive_json()
    while message["type"] not in {*kinds, "view", "error"}:
        message = socket.receive_json()
    assert message["type"] in kinds, message
    return message


def next_view(socket: Any) -> dict[str, Any]:
    message = next_of(socket, "view")
    view: dict[str, Any] = message["view"]
    return view
