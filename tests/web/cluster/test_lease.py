"""One owner per table (issue 17, finding 6): two servers on one database never both advance it.

Two server processes on one database both resumed every unfinished table's bots: their views
diverged (270 actions against 2) and a bot died on `UNIQUE constraint failed: moves`. Here two
apps share one SQLite file, as two processes would.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from ludoteca.core.record import Record
from ludoteca.web.server import create_app


def count_writes(app: FastAPI) -> Counter[str]:
    """How many steps each table's moves were stored by `app`."""
    store = app.state.manager.store
    writes: Counter[str] = Counter()
    original = store.add_steps

    def add_steps(steps: Any) -> None:
        for step in steps:
            if step.moves:
                writes[step.table_id] += 1
        original(steps)

    store.add_steps = add_steps
    return writes


def only_on_sqlite(database: str) -> None:
    """On PostgreSQL the owner hands the table over instead (tests/web/cluster/test_workers.py)."""
    if database.startswith("postgresql"):
        pytest.skip("on PostgreSQL the owner hands a table over to the process asked")


@pytest.mark.slow  # two bot games to the end on a shared file: about 10 s
def test_two_servers_never_both_run_a_tables_bots(database: str, make_kit: Any) -> None:
    waiting = create_app(database, bot_delay=60.0)
    with TestClient(waiting) as client:
        kit = make_kit(waiting, client)
        tables = [kit.create(seed=None, seats=["random", "random"]) for _ in range(3)]
    first, second = create_app(database, bot_delay=0.0), create_app(database, bot_delay=0.0)
    writes = {app: count_writes(app) for app in (first, second)}
    with TestClient(first) as one, TestClient(second) as two:  # both resume every table
        kits = [make_kit(first, one), make_kit(second, two)]
        store = first.state.manager.store
        kits[0].wait_for(lambda: all(store.get(t.id).status != "playing" for t in tables), 60)
        for table in tables:
            runners = [app for app in (first, second) if writes[app][table.id]]
            assert len(runners) == 1, "both servers advanced the table"
            record = Record.from_json(one.get(f"/table/{table.id}/record.json").json())
            assert record.replay().is_terminal()  # one consistent game, all outcomes verified


def test_a_move_sent_to_the_other_server_is_refused_until_the_owner_stops(
    database: str, make_kit: Any
) -> None:
    only_on_sqlite(database)
    owner, other = create_app(database, bot_delay=0.0), create_app(database, bot_delay=0.0)
    with TestClient(other) as two:
        spare = make_kit(other, two)
        with TestClient(owner) as one:
            kit = make_kit(owner, one)
            table = kit.create()
            kit.play_first_moves(table, 2)
            seat = kit.view(table)["to_move"]
            legal = kit.view(table, seat)["legal"]
            refused = spare.act(table, seat, action=legal[0]["action"])
            assert refused.status_code == 409
            assert "another server process" in refused.json()["detail"]
            kit.play_first_moves(table, 2)
            moved = kit.view(table)["version"]
        # The owner has stopped (its lease given back): the other takes over, reloading first.
        spare.play_first_moves(table, 1)
        assert spare.view(table)["version"] > moved


def test_a_crashed_owners_table_is_taken_over_after_its_lease_expires(database: str) -> None:
    owner = create_app(database, bot_delay=0.0)
    owner.state.manager.lease_seconds = 0.3
    other = create_app(database, bot_delay=0.0)
    with TestClient(owner) as one, TestClient(other) as two:
        table = one.post(
            "/api/tables",
            json={"game": "ludo", "players": 2, "seats": ["human", "human"]},
        ).json()
        before = one.get(f"/api/tables/{table['id']}").json()["version"]
        two.get(f"/api/tables/{table['id']}")  # the other server has it in memory, stale later
        links = {s["seat"]: parse_qs(urlsplit(s["link"]).query)["token"][0] for s in table["seats"]}
        seat = one.get(f"/api/tables/{table['id']}").json()["to_move"]
        view = one.get(f"/api/tables/{table['id']}", params={"seat": seat, "token": links[seat]})
        action = view.json()["legal"][0]["action"]
        body = {"seat": seat, "token": links[seat], "action": action}
        assert one.post(f"/api/tables/{table['id']}/actions", json=body).status_code == 200
        time.sleep(0.5)  # the owner goes silent (as after kill -9) past its lease
        seat = two.get(f"/api/tables/{table['id']}").json()["to_move"]
        view = two.get(f"/api/tables/{table['id']}", params={"seat": seat, "token": links[seat]})
        action = view.json()["legal"][0]["action"]
        body = {"seat": seat, "token": links[seat], "action": action}
        taken = two.post(f"/api/tables/{table['id']}/actions", json=body)
        assert taken.status_code == 200, taken.text
        assert taken.json()["version"] > before + 1  # it holds the owner's move as well


def test_changes_beside_play_are_refused_by_the_server_that_does_not_own_the_table(
    database: str, make_kit: Any
) -> None:
    """A takeback or a name sent to the other process would change a table it does not run."""
    only_on_sqlite(database)
    owner, other = create_app(database, bot_delay=0.0), create_app(database, bot_delay=0.0)
    with TestClient(other) as two, TestClient(owner) as one:
        kit = make_kit(owner, one)
        table = kit.create(seats=["human", "random"])
        kit.play_first_moves(table, 2)
        body = {"seat": 0, "token": table.tokens[0]}
        named = two.post(f"/api/tables/{table.id}/name", json={**body, "name": "Anna"})
        assert named.status_code == 409, named.text
        taken = two.post(f"/api/tables/{table.id}/takeback", json=body)
        assert taken.status_code == 409, taken.text
        assert "another server process" in taken.json()["detail"]
        renamed = one.post(f"/api/tables/{table.id}/name", json={**body, "name": "Anna"})
        assert renamed.status_code == 200  # the owner accepts the same change


def test_a_name_given_through_the_owner_shows_at_the_other_server_before_any_move(
    database: str, make_kit: Any
) -> None:
    """The other process had the table in memory and read the store again only when the moves
    or the status differed, so a seat renamed through the owner kept its old name there until
    the next move."""
    owner, other = create_app(database, bot_delay=0.0), create_app(database, bot_delay=0.0)
    with TestClient(other) as two, TestClient(owner) as one:
        kit = make_kit(owner, one)
        table = kit.create(seats=["human", "human"])
        kit.play_first_moves(table, 1)
        assert two.get(f"/api/tables/{table.id}").status_code == 200  # open there too
        body = {"seat": 0, "token": table.tokens[0], "name": "Anna"}
        assert one.post(f"/api/tables/{table.id}/name", json=body).status_code == 200
        seats = two.get(f"/api/tables/{table.id}").json()["seats"]
        assert seats[0]["name"] == "Anna"


def test_a_server_on_a_host_with_a_long_name_still_holds_its_tables(
    database: str, monkeypatch: pytest.MonkeyPatch, make_kit: Any
) -> None:
    """Host names reach 63 characters (container names): the owner must still fit the lease's
    column, which PostgreSQL, unlike SQLite, enforces."""
    monkeypatch.setattr("socket.gethostname", lambda: "pod-" + "x" * 59)
    app = create_app(database, bot_delay=0.0)
    with TestClient(app) as client:
        web = make_kit(app, client)
        table = web.create()
        web.play_first_moves(table, 2)
        played = [notation for seat, notation in web.view(table)["log"] if seat >= 0]
    assert len(played) == 2
