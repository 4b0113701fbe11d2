"""What a server process does with the fan-out's messages (issue 36, mutants that survived):
its own messages come back to it and change nothing, and a forwarded move whose storing failed
is refused at once, in one sentence (`web.workers`, `web.forwarding`).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from ludoteca.web.server import create_app
from ludoteca.web.table import Table

ELSEWHERE = "another-host/4242"


def live(app: FastAPI, table_id: str) -> Table:
    table: Table = app.state.manager.tables[table_id]
    return table


def messages(table_id: str, by: str, owner: str) -> list[dict[str, Any]]:
    """One message of each kind about `table_id`, as the process `by` sends them."""
    base = {"table": table_id, "by": by}
    return [
        {**base, "kind": "changed", "moves": [], "status": "playing", "result": None},
        {**base, "kind": "changed"},
        {**base, "kind": "move", "id": f"{by}/0", "seat": 0, "token": None, "action": 0},
        {**base, "kind": "joined", "seat": 1},
        {**base, "kind": "started"},
        {**base, "kind": "told", "body": {"type": "chat", "seat": 0, "text": "hello"}},
        {**base, "kind": "handover"},
        {**base, "kind": "handed", "to": owner},
    ]


def test_a_process_hears_its_own_messages_and_leaves_them_alone(
    tmp_path: Path, make_kit: Any
) -> None:
    """fanout.py: "every process, the sender included, receives every message on the channel";
    workers.py hands a message on only when another process sent it (else a chat line would
    reach this process's sockets twice, and a process would hand its table to itself)."""
    app = create_app(f"sqlite:///{tmp_path / 'own.db'}", bot_delay=0.0)
    with TestClient(app) as client:
        kit = make_kit(app, client)
        table = kit.create()
        kit.play_first_moves(table, 1)
        manager = app.state.manager
        workers, me = manager.workers, manager.owner
        manager._held[table.id] = time.monotonic() + 60  # as the owner on PostgreSQL

        def hear(by: str) -> tuple[int, dict[str, str], list[str]]:
            for message in messages(table.id, by, me):
                workers._heard(message)
            spawned = len(workers._tasks)
            for task in list(workers._tasks):
                task.cancel()
            return spawned, dict(workers.owners), sorted(workers._news)

        assert client.portal is not None
        assert client.portal.call(hear, me) == (0, {}, []), "acted on its own messages"
        spawned, owners, news = client.portal.call(hear, ELSEWHERE)  # another's: acted on
        assert spawned >= 3 and owners == {table.id: me} and news == [table.id]


def test_a_forwarded_move_whose_storing_failed_is_refused_at_once(
    postgres_url: str, make_kit: Any
) -> None:
    """forwarding.py `_play`: "the store failed: the person hears so at once, not after a
    wait": 409 `table_busy`, "the move could not be stored: try again"."""
    owner, other = create_app(postgres_url, bot_delay=0.0), create_app(postgres_url, bot_delay=0.0)
    with TestClient(owner) as one, TestClient(other) as two:
        kit, spare = make_kit(owner, one), make_kit(other, two)
        table = kit.create()
        kit.play_first_moves(table, 1)
        spare.view(table)
        manager = owner.state.manager
        tried: list[str] = []

        async def failing(table: Table, *args: Any, **kwargs: Any) -> None:
            tried.append(table.id)
            raise OSError("the disk is full")

        manager.play = failing
        with one.websocket_connect(f"/ws/table/{table.id}"):  # watched: the owner plays it
            seat = spare.view(table)["to_move"]
            legal = spare.view(table, seat)["legal"]
            started = time.monotonic()
            refused = spare.act(table, seat, action=legal[0]["action"])
            waited = time.monotonic() - started
        assert tried == [table.id]
        assert refused.status_code == 409, refused.text[:300]
        body = refused.json()
        assert body["code"] == "table_busy"
        assert body["detail"] == "the move could not be stored: try again"
        assert waited < 5.0, "the asker waited for an answer that had come"
        assert manager.holds(live(owner, table.id))
        assert kit.view(table)["version"] == spare.view(table)["version"]
