"""What a server process does with the fan-out's messages and its heartbeat (issue 36, mutants
that survived): its own messages come back to it and change nothing, late answers are let go, a
forwarded move whose storing failed is refused at once, in one sentence; the heartbeat renews,
lets ended tables go and adopts orphans (`web.workers`, `web.forwarding`).
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from cluster_support import ELSEWHERE, lease_of, live, two_processes
from fastapi.testclient import TestClient
from sqlalchemy import update
from web_support import form_table

from ludoteca.store.tables import LeaseRow
from ludoteca.web.cluster import leases
from ludoteca.web.server import create_app
from ludoteca.web.table.table import Table


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


@pytest.mark.sqlite_only  # one process handling its messages, not the storage
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


def test_a_forwarded_move_whose_storing_failed_is_refused_at_once(postgres_url: str) -> None:
    """forwarding.py `_play`: "the store failed: the person hears so at once, not after a
    wait": 409 `table_busy`, "the move could not be stored: try again"."""
    with two_processes(postgres_url) as (kit, spare):
        owner = kit.app
        one = kit.client
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


def test_a_seat_joined_through_another_process_counts_as_joined_here(postgres_url: str) -> None:
    """workers.py `joined`: "A socket for `seat` opened here: the other processes count the
    seat as joined", also the process where the table was made and waits for its people
    (docs/web.md: the game begins when every player has joined or the creator starts it)."""
    with two_processes(postgres_url) as (kit, spare):
        table_id, tokens = form_table(kit, ["human", "human"])  # it waits for both
        here = live(kit.app, table_id)
        assert here.held and here.joined == set()
        path = f"/ws/table/{table_id}?seat=1&token={tokens[1]}"
        with spare.client.websocket_connect(path) as socket:
            assert socket.receive_json()["type"] == "view"
            kit.wait_for(lambda: here.joined == {1})
        assert here.held, "seat 0 has not joined yet"


@pytest.mark.sqlite_only  # one process handling its messages, not the storage
def test_a_handed_message_nobody_here_waits_for_is_let_go(tmp_path: Path, make_kit: Any) -> None:
    """A `handed` may come after its asker stopped waiting: dropped, and the fan-out's handler
    goes on (an exception there would cut its connection)."""
    app = create_app(f"sqlite:///{tmp_path / 'handed.db'}", bot_delay=0.0)
    with TestClient(app) as client:
        kit = make_kit(app, client)
        table = kit.create()
        workers = app.state.manager.workers
        me = app.state.manager.owner
        assert client.portal is not None
        client.portal.call(
            workers._heard, {"kind": "handed", "table": table.id, "by": ELSEWHERE, "to": me}
        )
        assert workers.owners == {table.id: me} and workers._asked == {}


@pytest.mark.sqlite_only  # one process handling its messages, not the storage
def test_stopping_waits_for_the_tasks_it_cancels(tmp_path: Path) -> None:
    """`Workers.stop` cancels its tasks and waits until each has stopped."""
    app = create_app(f"sqlite:///{tmp_path / 'stop.db'}", bot_delay=0.0)
    with TestClient(app) as client:
        workers = app.state.manager.workers

        async def stopped() -> list[bool]:
            workers._spawn(asyncio.sleep(60), "sleeper")
            tasks = list(workers._tasks)
            await workers.stop()
            return [task.done() for task in tasks]

        assert client.portal is not None
        assert client.portal.call(stopped) == [True]


@pytest.mark.sqlite_only  # one process handling its messages, not the storage
def test_the_heartbeat_lets_an_ended_tables_lease_go_and_keeps_a_played_ones(
    tmp_path: Path, make_kit: Any
) -> None:
    """workers.py `_renew`: "a finished table's lease is let go (claimed again if anything is
    changed there)"."""
    app = create_app(f"sqlite:///{tmp_path / 'renew.db'}", bot_delay=0.0)
    with TestClient(app) as client:
        kit = make_kit(app, client)
        ended, played = kit.create(), kit.create()
        kit.play_first_moves(played, 1)
        manager = app.state.manager
        end = client.post(f"/api/tables/{ended.id}/end", json={"seat": 0, "token": ended.tokens[0]})
        assert end.status_code == 200, end.text[:300]
        manager._held[ended.id] = time.monotonic() + 60  # still held after its end
        assert client.portal is not None
        client.portal.call(manager.workers.renew_now)
        assert ended.id not in manager._held
        assert manager.holds(live(app, played.id))


@pytest.mark.sqlite_only  # one process handling its messages, not the storage
def test_the_heartbeat_adopts_the_tables_whose_owner_stopped(tmp_path: Path, make_kit: Any) -> None:
    """workers.py `_adopt`: the tables whose lease ran out are taken over, passing over one
    that cannot be rebuilt."""
    app = create_app(f"sqlite:///{tmp_path / 'adopt.db'}", bot_delay=0.0)
    with TestClient(app) as client:
        kit = make_kit(app, client)
        tables = [kit.create(), kit.create()]
        manager = app.state.manager
        past = datetime.now(UTC) - timedelta(seconds=5)
        with manager.store.engine.begin() as connection:
            connection.execute(update(LeaseRow).values(owner=ELSEWHERE, expires=past))
        for table in tables:
            manager._held.pop(table.id, None)
        orphans = leases.orphans(manager.store.engine)
        assert sorted(orphans) == sorted(t.id for t in tables)
        broken, adopted = orphans
        manager.workers._broken.add(broken)  # the first one listed cannot be rebuilt
        assert client.portal is not None
        client.portal.call(manager.workers._adopt)
        assert manager.holds(live(app, adopted)), "an orphan was not adopted"
        assert leases.holder(manager.store.engine, adopted) == manager.owner
        assert leases.holder(manager.store.engine, broken) is None


def test_the_heartbeat_of_a_shared_database_renews_the_leases_held(
    postgres_url: str, make_kit: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """workers.py: "The owner renews all its leases every `lease / 4` s (a heartbeat)"."""
    monkeypatch.setenv("LUDOTECA_LEASE_SECONDS", "1")
    app = create_app(postgres_url, bot_delay=0.0)
    with TestClient(app) as client:
        kit = make_kit(app, client)
        table = kit.create()
        kit.play_first_moves(table, 1)
        assert app.state.manager.lease_seconds == 1.0
        time.sleep(2.5)  # ten heartbeats; an unrenewed lease would have run out twice
        assert leases.holder(app.state.manager.store.engine, table.id) == app.state.manager.owner
        assert app.state.manager.holds(live(app, table.id))
        # It counts itself the owner for 90% of each renewal only, never past the lease's end
        # (read first: a renewal in between only moves the lease's end later).
        believed = app.state.manager._held[table.id] - time.monotonic()
        _, expires = lease_of(app, table.id)
        assert believed < (expires - datetime.now(UTC)).total_seconds(), "it writes past its lease"
