"""docs/web.md's promises about leases, hand-over and catch-up between server processes (issue 36).

Two apps on one database stand for two server processes (on SQLite and PostgreSQL alike, unless
a test needs PostgreSQL's cooperation); `tests/web/cluster/test_workers.py` runs real processes.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from cluster_support import ELSEWHERE, caught_up, lease_of, live, two_processes
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import update

from ludoteca.core.errors import InvalidOptionError
from ludoteca.store.tables import LeaseRow
from ludoteca.web.cluster import leases, workers
from ludoteca.web.cluster.workers import _apply_steps
from ludoteca.web.server import create_app


def taken_over(app: FastAPI, table_id: str, by: str = ELSEWHERE) -> None:
    """What `Store.claim` of another process does once the lease has run out: it is `by`'s."""
    until = datetime.now(UTC) + timedelta(seconds=60)
    with app.state.manager.store.engine.begin() as connection:
        connection.execute(
            update(LeaseRow).where(LeaseRow.table_id == table_id).values(owner=by, expires=until)
        )


def test_a_renewal_by_a_process_whose_table_another_took_over_renews_nothing(
    database: str, make_kit: Any
) -> None:
    """docs/web.md: "each table has one owner at a time, a lease row in the database that the
    owning process renews"; workers.py: "An owner that comes back finds its leases taken and
    stops writing"."""
    app = create_app(database, bot_delay=0.0)
    with TestClient(app) as client:
        kit = make_kit(app, client)
        table, mine = kit.create(), kit.create()
        kit.play_first_moves(table, 1)
        manager = app.state.manager
        engine, owner = manager.store.engine, manager.owner
        assert manager.holds(live(app, table.id))
        taken_over(app, table.id)
        _, theirs = lease_of(app, table.id)

        assert not leases.hand_over(engine, table.id, owner, owner, 5.0)  # not ours to give
        assert lease_of(app, table.id) == (ELSEWHERE, theirs)
        renewed = leases.renew(engine, owner, [table.id, mine.id], 5.0)
        assert renewed == {mine.id}, "renewed a lease another process holds"
        assert lease_of(app, table.id) == (ELSEWHERE, theirs)  # neither taken back nor moved on

        assert client.portal is not None
        client.portal.call(manager.workers.renew_now)  # the heartbeat's renewal
        assert not manager.holds(live(app, table.id)), "still writes a table it lost"
        assert manager.holds(live(app, mine.id))
        assert lease_of(app, table.id)[0] == ELSEWHERE


def test_an_owner_that_lost_its_table_refuses_its_moves_on_sqlite(
    database: str, make_kit: Any
) -> None:
    """docs/web.md: "On SQLite a move sent to another process is answered 409"; this process has
    become the other one (its claims are refused)."""
    if database.startswith("postgresql"):
        pytest.skip("on PostgreSQL the move is forwarded to the owner instead")
    app = create_app(database, bot_delay=0.0)
    with TestClient(app) as client:
        kit = make_kit(app, client)
        table = kit.create()
        kit.play_first_moves(table, 1)
        before = kit.view(table)["version"]
        taken_over(app, table.id)
        assert client.portal is not None
        client.portal.call(app.state.manager.workers.renew_now)
        seat = kit.view(table)["to_move"]
        legal = kit.view(table, seat)["legal"]
        refused = kit.act(table, seat, action=legal[0]["action"])
        assert refused.status_code == 409 and refused.json()["code"] == "table_busy"
        stored = app.state.manager.store.get(table.id)
        assert len(stored.moves) == before  # nothing written without the lease


def test_a_watcher_whose_copy_has_no_move_yet_catches_up_from_the_store(database: str) -> None:
    """leases.py: a process "reads only the moves it has not seen yet"; workers.py: `catch_up`
    brings a table up to what is stored. Siege begins with a decision, so the watcher's copy of
    a new table has no move at all."""
    with two_processes(database) as (kit, spare):
        owner, watcher = kit.app, spare.app
        table = kit.create(game="siege")
        spare.view(table)  # opened on the watcher, with no move
        watching = live(watcher, table.id)
        assert watching.moves == []
        kit.play_first_moves(table, 3)
        rebuilt: list[str] = []
        store = watcher.state.manager.store
        original = store.get
        store.get = lambda table_id: rebuilt.append(table_id) or original(table_id)
        assert caught_up(spare, watching) is True
        assert [m.action for m in watching.moves] == [m.action for m in live(owner, table.id).moves]
        assert len(watching.moves) == 3
        assert [m.index for m in watching.moves] == [0, 1, 2]
        assert str(watching.state) == str(live(owner, table.id).state)
        assert rebuilt == [], "rebuilt the whole table instead of reading the new moves"
        assert caught_up(spare, watching) is False  # nothing new: nothing changes
        assert caught_up(spare, watching, []) is False  # no message heard: the same
        kit.play_first_moves(table, 2)  # and on from a copy that has moves
        assert caught_up(spare, watching) is True
        assert [m.action for m in watching.moves] == [m.action for m in live(owner, table.id).moves]
        assert rebuilt == [], "rebuilt the whole table instead of reading the new moves"


def test_a_watcher_rebuilds_a_table_whose_moves_were_taken_back(database: str) -> None:
    """workers.py `catch_up`: "moves taken back, seats or listing changed, ended: build it
    again"."""
    with two_processes(database) as (kit, spare):
        owner, watcher = kit.app, spare.app
        one = kit.client
        table = kit.create(game="siege", seats=["human", "random"], speed="fast")
        kit.play_first_moves(table, 2)
        kit.wait_for(lambda: kit.view(table)["to_move"] == 0)
        spare.view(table)
        watching = live(watcher, table.id)
        seen = len(watching.moves)
        done = one.post(
            f"/api/tables/{table.id}/takeback", json={"seat": 0, "token": table.tokens[0]}
        )
        assert done.status_code == 200, done.text
        other_move = kit.view(table, 0)["legal"][-1]["action"]  # another line of play
        assert other_move != kit.view(table, 0)["legal"][0]["action"]
        assert kit.act(table, 0, action=other_move).status_code == 200
        kit.wait_for(lambda: kit.view(table)["to_move"] == 0)
        assert seen > 0
        assert caught_up(spare, watching) is True
        assert [m.action for m in watching.moves] == [m.action for m in live(owner, table.id).moves]
        assert str(watching.state) == str(live(owner, table.id).state)


def test_a_change_beside_play_sent_to_another_process_has_the_owner_hand_the_table_over(
    postgres_url: str,
) -> None:
    """docs/web.md: "a change beside play, such as a name or a takeback, has the owner hand the
    table over" (PostgreSQL: the processes cooperate)."""
    with two_processes(postgres_url) as (kit, spare):
        owner, other = kit.app, spare.app
        one, two = kit.client, spare.client
        table = kit.create()
        kit.play_first_moves(table, 1)
        spare.view(table)
        with one.websocket_connect(f"/ws/table/{table.id}") as on_owner:
            assert on_owner.receive_json()["type"] == "view"
            named = two.post(
                f"/api/tables/{table.id}/name",
                json={"seat": 0, "token": table.tokens[0], "name": "Anna"},
            )
            assert named.status_code == 200, named.text
            assert other.state.manager.holds(live(other, table.id))
            assert not owner.state.manager.holds(live(owner, table.id))
            assert lease_of(other, table.id)[0] == other.state.manager.owner
            while (message := on_owner.receive_json())["type"] != "view":
                pass
            assert message["view"]["seats"][0]["name"] == "Anna"  # its sockets are told


def test_a_busy_owner_that_never_answers_a_forwarded_move_gives_table_busy(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/web.md: "409 `table_busy` remains for a table whose owner neither answers (within
    15 s) nor lets its lease expire in time" (here within 1.5 s)."""
    monkeypatch.setattr("ludoteca.web.cluster.forwarding.FORWARD_PATIENCE", 1.5)
    monkeypatch.setattr("ludoteca.web.cluster.forwarding.FORWARD_WAIT", 0.25)
    with two_processes(postgres_url) as (kit, spare):
        owner, other = kit.app, spare.app
        table = kit.create()
        spare.view(table)
        kit.play_first_moves(table, 1)  # the other process hears who writes the table
        kit.wait_for(lambda: table.id in other.state.manager.workers.owners)
        owner.state.manager.workers.forwarder.asked = lambda *_: None  # alive, never answers
        seat = kit.view(table)["to_move"]
        legal = kit.view(table, seat)["legal"]
        refused = spare.act(table, seat, action=legal[0]["action"])
        assert refused.status_code == 409 and refused.json()["code"] == "table_busy"
        assert "did not answer" in refused.json()["detail"]
        assert owner.state.manager.holds(live(owner, table.id))  # the owner kept its table


def test_a_game_that_bots_play_on_without_an_end_is_abandoned(database: str, make_kit: Any) -> None:
    """docs/web.md: "A game that bots keep playing for 20,000 actions without an end is stopped
    (status *abandoned*)" (here after 40: `create_app(max_actions=...)`)."""
    app = create_app(database, bot_delay=0.0, max_actions=40)
    with TestClient(app) as client:
        kit = make_kit(app, client)
        table = kit.create(seats=["random", "random"], speed="fast")
        kit.wait_until_over(table)
        view = kit.view(table)
        assert view["status"] == "abandoned" and view["version"] == 40
        assert app.state.manager.store.get(table.id).status == "abandoned"


def test_a_watcher_applies_the_moves_a_step_message_carries(database: str) -> None:
    """workers.py: "A step's message carries its moves, status and result, so each process that
    has the table open applies them without a read"."""
    with two_processes(database) as (kit, spare):
        owner, watcher = kit.app, spare.app
        table = kit.create(game="siege")
        spare.view(table)
        watching = live(watcher, table.id)
        kit.play_first_moves(table, 2)
        moves = [[m.index, m.player, m.action, m.notation] for m in live(owner, table.id).moves]
        steps = [{"moves": moves[:1], "status": "playing", "result": None}]
        steps.append({"moves": moves[1:], "status": "playing", "result": None})
        assert _apply_steps(watching, steps) is True
        assert [m.action for m in watching.moves] == [m[2] for m in moves]
        assert str(watching.state) == str(live(owner, table.id).state)


def test_leases_run_out_on_the_clock_of_the_world_not_of_the_machine(
    database: str, make_kit: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lease renewed now is current and not an orphan; one that ran out is an orphan while its
    table is played (`leases.orphans`: "tables still being played whose lease has expired"),
    whatever time zone the server's machine is set to."""
    import time as clock

    monkeypatch.setenv("TZ", "Pacific/Kiritimati")  # 14 hours ahead of UTC
    clock.tzset()
    try:
        app = create_app(database, bot_delay=0.0)
        with TestClient(app) as client:
            kit = make_kit(app, client)
            table, ended = kit.create(), kit.create()
            engine, owner = app.state.manager.store.engine, app.state.manager.owner
            assert client.post(
                f"/api/tables/{ended.id}/end", json={"seat": 0, "token": ended.tokens[0]}
            ).is_success
            assert leases.renew(engine, owner, [table.id], 30.0) == {table.id}
            expires = lease_of(app, table.id)[1]
            assert timedelta(seconds=25) < expires - datetime.now(UTC) < timedelta(seconds=35)
            assert leases.holder(engine, table.id) == owner
            assert table.id not in leases.orphans(engine)
            past = datetime.now(UTC) - timedelta(seconds=5)
            with engine.begin() as connection:
                connection.execute(update(LeaseRow).values(expires=past))
            assert leases.holder(engine, table.id) is None
            orphans = leases.orphans(engine)
            assert table.id in orphans and ended.id not in orphans  # an ended table is nobody's
    finally:
        monkeypatch.delenv("TZ")
        clock.tzset()


@pytest.mark.parametrize(
    ("value", "said"),
    [("abc", "'abc'"), ("0.1", "'0.1'"), ("inf", "'inf'"), ("nan", "'nan'")],
)
def test_a_lease_length_that_is_not_a_number_of_seconds_is_refused_in_one_sentence(
    monkeypatch: pytest.MonkeyPatch, value: str, said: str
) -> None:
    monkeypatch.setenv(leases.SECONDS_VARIABLE, value)
    with pytest.raises(InvalidOptionError) as refused:
        leases.shared_seconds(4.0)
    assert str(refused.value) == (
        f"$LUDOTECA_LEASE_SECONDS must be a number of seconds of at least 0.5, not {said}"
    )
    monkeypatch.setenv(leases.SECONDS_VARIABLE, " 0.5 ")
    assert leases.shared_seconds(4.0) == 0.5
    monkeypatch.setenv(leases.SECONDS_VARIABLE, "")
    assert leases.shared_seconds(4.0) == 4.0


def test_a_takeback_asked_through_one_process_is_answered_through_the_other(
    postgres_url: str,
) -> None:
    """workers.py: a takeback message is told to the other processes, "a takeback request is kept
    on each, so it may be answered through any"."""
    with two_processes(postgres_url) as (kit, spare):
        second = spare.app
        one, two = kit.client, spare.client
        table = kit.create(players=3, seats=["human", "human", "human"], speed="fast")
        mover = kit.view(table)["to_move"]
        at = kit.view(table)["version"]
        kit.play_first_moves(table, 1)
        others = [seat for seat in range(3) if seat != mover]
        spare.view(table)
        path = f"/api/tables/{table.id}/takeback"
        one.post(path, json={"seat": mover, "token": table.tokens[mover]})
        there = live(second, table.id)
        kit.wait_for(lambda: there.takeback is not None)
        for seat in others:
            answer = two.post(
                path + "/answer", json={"seat": seat, "token": table.tokens[seat], "accept": True}
            )
            assert answer.status_code == 200, answer.text
        assert answer.json()["state"] == "done" and answer.json()["at"] == at


def test_a_change_beside_play_is_table_busy_when_the_owner_neither_hands_over_nor_stops(
    postgres_url: str,
) -> None:
    """workers.py `take_over`: "False when neither happens in time" (a 409 `table_busy`)."""
    with two_processes(postgres_url) as (kit, spare):
        owner, other = kit.app, spare.app
        two = spare.client
        table = kit.create()
        kit.play_first_moves(table, 1)
        spare.view(table)

        async def never(_table_id: str, _to: str) -> bool:
            return False

        owner.state.manager.workers._hand_over = never
        other.state.manager.lease_seconds = 1.0  # waits a lease and a little: not 4 s
        named = two.post(
            f"/api/tables/{table.id}/name",
            json={"seat": 0, "token": table.tokens[0], "name": "Anna"},
        )
        assert named.status_code == 409 and named.json()["code"] == "table_busy"
        assert owner.state.manager.holds(live(owner, table.id))
        assert not other.state.manager.holds(live(other, table.id))


@pytest.mark.parametrize("too_long", [False, True], ids=["carried", "too-long"])
def test_a_watcher_with_a_socket_shows_a_step_from_its_message_without_reading_the_store(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch, too_long: bool
) -> None:
    """workers.py: "A step's message carries its moves, status and result, so each process that
    has the table open applies them without a read ... and sends its own sockets fresh views";
    a step too long for a message (here every one: `MAX_TOLD` of 1 byte) is told without its
    moves, and the watcher reads it from the store."""
    if too_long:
        monkeypatch.setattr(workers, "MAX_TOLD", 1)
    with two_processes(postgres_url) as (kit, spare):
        two = spare.client
        table = kit.create(game="siege")
        spare.view(table)
        reads: list[int] = []
        real = leases.read_since
        monkeypatch.setattr(
            leases, "read_since", lambda *args: reads.append(args[2]) or real(*args)
        )
        with two.websocket_connect(f"/ws/table/{table.id}") as watching:
            assert watching.receive_json()["view"]["version"] == 0
            kit.play_first_moves(table, 1)
            while (message := watching.receive_json())["type"] != "view":
                pass
        assert message["view"]["version"] == 1
        if too_long:
            assert reads == [0], "the watcher did not read the step it was not told"
        else:
            assert reads == [], "the watcher read the store for a step its message carried"


def test_a_move_that_reached_a_process_the_owner_handed_the_table_to_is_played(
    postgres_url: str,
) -> None:
    """forwarding.py: an owner nobody watches "hands the table over instead (answering
    `handed`), and the asker plays the move as the new owner"."""
    with two_processes(postgres_url) as (kit, spare):
        other = spare.app
        table = kit.create()
        kit.play_first_moves(table, 1)
        before = spare.view(table)["version"]
        seat = spare.view(table)["to_move"]
        legal = spare.view(table, seat)["legal"]
        moved = spare.act(table, seat, action=legal[0]["action"])
        assert moved.status_code == 200, moved.text
        assert moved.json()["version"] > before, "the handed-over table lost the move"
        assert other.state.manager.holds(live(other, table.id))
        assert len(other.state.manager.store.get(table.id).moves) == moved.json()["version"]
