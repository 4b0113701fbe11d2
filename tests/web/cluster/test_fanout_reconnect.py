"""The fan-out's listening connection breaks and comes back (issue 36, a mutant that survived:
`Workers.start` giving the fan-out no `on_reconnect`).

web/fanout.py: "When the listening connection breaks (the database restarted), it is opened
again and `on_reconnect` runs: messages sent meanwhile are lost, so whoever relies on them reads
the database again." Here the watcher's listening connection is cut on the server's side and
held closed while the owner plays a move; once it listens again the watcher's socket must show
the move it never heard of.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from cluster_support import live, two_processes
from sqlalchemy import text

from ludoteca.web.cluster import fanout


def test_a_watcher_whose_listening_connection_broke_reads_what_it_missed(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fanout, "RECONNECT_SECONDS", 0.05)
    with two_processes(postgres_url) as (kit, spare):
        owner, watcher = kit.app, spare.app
        two = spare.client
        table = kit.create()
        kit.play_first_moves(table, 1)
        spare.view(table)
        listening = watcher.state.manager.workers.fanout
        sending = owner.state.manager.workers.fanout
        assert listening is not None and sending is not None

        down, release, sent = threading.Event(), threading.Event(), threading.Event()
        connect, notify = listening._connect, sending._notify

        async def held_closed() -> Any:  # the watcher's listener reconnects only when let
            down.set()
            while not release.is_set():
                await asyncio.sleep(0.02)
            return await connect()

        async def noted(connection: Any, payloads: list[str]) -> None:
            await notify(connection, payloads)
            if any('"changed"' in payload for payload in payloads):
                sent.set()

        monkeypatch.setattr(listening, "_connect", held_closed)
        monkeypatch.setattr(sending, "_notify", noted)
        with two.websocket_connect(f"/ws/table/{table.id}") as socket:
            seen = socket.receive_json()["view"]["version"]
            with owner.state.manager.store.engine.begin() as connection:
                cut = connection.execute(
                    text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                        " WHERE query = :listen"
                    ),
                    {"listen": f'LISTEN "{listening.channel}"'},
                ).all()
            assert cut, "no listening connection found"
            kit.wait_for(down.is_set)  # the watcher knows its connection broke
            kit.play_first_moves(table, 1)
            kit.wait_for(sent.is_set)  # told while the watcher did not listen: lost to it
            played = len(live(owner, table.id).moves)
            assert played > seen and len(live(watcher, table.id).moves) == seen
            release.set()

            kit.wait_for(lambda: len(live(watcher, table.id).moves) == played, timeout=10)
            while (message := socket.receive_json())["type"] != "view":
                pass
            assert message["view"]["version"] == played
