"""The live table: `/ws/table/<id>?seat=&token=` sends views and takes moves.

The server sends `{"type": "view", "view": {...}}` on connect and after every step (with
`?delta=1`, after the first only the new log and story entries: `web.live.view_message`), and
`{"type": "error", "error": "<message>", "code", "params"}` (as the API's error bodies) to this
socket alone when something it sent is wrong.
The client sends `{"action": <int>}` or `{"notation": "<text>"}`. Beside the views the socket
carries the messages of presence, chat, rematch and takeback (`web.socket.greeting`, docs/web.md).
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketDisconnected

from ludoteca.i18n import DEFAULT
from ludoteca.web.http.errors import NotFound, Unprocessable, WebError
from ludoteca.web.http.limits import MAX_MESSAGE
from ludoteca.web.live.deps import social_of
from ludoteca.web.live.manager import TableManager
from ludoteca.web.socket.greeting import farewell, greet

router = APIRouter()

CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404

GONE = (WebSocketDisconnect, WebSocketDisconnected)
"""The client left: mid-send (`WebSocketDisconnect`), or before a send, after another task's
send to it had found it closed (`WebSocketDisconnected`: a presence told to everyone while
this socket was being greeted). Normal on a reload, and nothing to log."""


def read_move(text: str) -> tuple[int | None, str | None]:
    """The action or notation of a client message; `Unprocessable` says what is wrong."""
    if len(text) > MAX_MESSAGE:
        raise Unprocessable(
            f"a message is at most {MAX_MESSAGE} characters",
            code="message_too_long",
            limit=MAX_MESSAGE,
        )
    try:
        message: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise Unprocessable(
            f"a message is a JSON object; this is not JSON ({exc})", code="bad_message"
        ) from exc
    except RecursionError as exc:
        raise Unprocessable(
            "a message is a flat JSON object, not deeply nested", code="bad_message"
        ) from exc
    if not isinstance(message, dict):
        raise Unprocessable('a message is a JSON object like {"action": 12}', code="bad_message")
    unknown = sorted(set(message) - {"action", "notation"})
    if unknown:
        raise Unprocessable(
            f'unknown field {unknown[0]!r}: send "action" or "notation"', code="bad_message"
        )
    action = message.get("action")
    notation = message.get("notation")
    if action is not None and (type(action) is not int):
        raise Unprocessable(f'"action" is a whole number, not {action!r}', code="bad_message")
    if notation is not None and not isinstance(notation, str):
        raise Unprocessable(f'"notation" is text, not {notation!r}', code="bad_message")
    return action, notation


def _seat_param(text: str | None) -> int | None:
    if text is None or text == "":
        return None
    if not text.strip().lstrip("-").isdigit():
        raise WebError(f"seat is a number, not {text!r}", code="bad_seat", seat=text)
    return int(text)


def _error(exc: WebError) -> dict[str, Any]:
    """The socket's error message: the English text with its code and values."""
    return {"type": "error", "error": exc.message, "code": exc.code, "params": exc.params}


@router.websocket("/ws/table/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    manager: TableManager = websocket.app.state.manager
    await websocket.accept()
    token = websocket.query_params.get("token")
    try:
        table = await manager.get(table_id)
        seat = table.authorise(_seat_param(websocket.query_params.get("seat")), token)
    except WebError as exc:
        code = CLOSE_NOT_FOUND if isinstance(exc, NotFound) else CLOSE_FORBIDDEN
        with contextlib.suppress(*GONE):
            await websocket.send_json(_error(exc))
            await websocket.close(code=code, reason=exc.message[:120])
        return
    language = websocket.scope.get("state", {}).get("language", DEFAULT)
    delta = websocket.query_params.get("delta") == "1"
    try:
        connection = await manager.connect(table, websocket, seat, language, delta)
    except GONE:  # left before its first view
        return
    try:
        await greet(manager, social_of(websocket.app), table, connection)
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                text = (message.get("bytes") or b"").decode("utf-8", errors="replace")
            try:
                action, notation = read_move(text)
                await manager.act(table, seat, token, action, notation)
            except WebError as exc:
                await websocket.send_json(_error(exc))
    except GONE:  # the client went away while it was greeted or a reply was being sent
        pass
    finally:
        manager.disconnect(table, connection)
        await farewell(table)
