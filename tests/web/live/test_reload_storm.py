"""A client that leaves is normal: a reload storm leaves no traceback in the server's log.

Issue 29, item 2: sockets opened 20 at a time and closed after their first message (seat links
with `delta=1`, and spectators) left "Exception in ASGI application" with a traceback for 94
of 100 (`WebSocketDisconnected: Cannot call "send" once a close message has been sent`, from
the greeting's chat history).
"""

from __future__ import annotations

import asyncio
import json
import logging
import urllib.request
from pathlib import Path

import pytest
from browser_support import live_server
from websockets.asyncio.client import connect

pytestmark = pytest.mark.sqlite_only  # uvicorn on a file: the sockets, not the storage


class Collected(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


async def storm(address: str, paths: list[str], at_once: int = 20) -> int:
    """Open the sockets `at_once` at a time, each closed right after its first message."""
    opened = 0

    async def one(path: str) -> None:
        nonlocal opened
        async with connect(address + path) as socket:
            await socket.recv()
            opened += 1

    for start in range(0, len(paths), at_once):
        await asyncio.gather(*(one(path) for path in paths[start : start + at_once]))
    return opened


def test_sockets_closed_after_their_first_message_leave_no_traceback(tmp_path: Path) -> None:
    collected = Collected()
    loggers = [logging.getLogger(name) for name in ("uvicorn.error", "uvicorn", "")]
    with live_server(tmp_path / "storm.db") as server:
        for logger in loggers:  # after uvicorn set up its logging, which drops handlers
            logger.addHandler(collected)
        try:
            body = json.dumps(
                {"game": "ludo", "players": 2, "seats": ["human", "greedy"], "speed": "fast"}
            ).encode()
            request = urllib.request.Request(
                server + "/api/tables", body, {"Content-Type": "application/json"}
            )
            with urllib.request.urlopen(request) as answer:
                created = json.load(answer)
            table = created["id"]
            link = next(s["link"] for s in created["seats"] if "link" in s).split("/table/")[1]
            query = link.split("?")[1]
            seat = f"/ws/table/{table}?{query}&delta=1"
            spectator = f"/ws/table/{table}"
            paths = [seat if i % 2 else spectator for i in range(100)]
            address = server.replace("http://", "ws://")
            assert asyncio.run(storm(address, paths)) == 100
            with urllib.request.urlopen(f"{server}/api/tables/{table}/presence") as answer:
                assert answer.status == 200  # and the server still answers
        finally:
            for logger in loggers:
                logger.removeHandler(collected)
    errors = [r for r in collected.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors][:3]
    assert not any("Exception in ASGI application" in r.getMessage() for r in collected.records)
