"""A move sent to the server process that does not own its table is forwarded to the owner
(issue 19, part 3: `web.cluster.forwarding`), which keeps the table.

In one test process, two apps on one PostgreSQL database stand for two server processes (quick
to start); `tests/web/cluster/test_workers.py` runs real processes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from cluster_support import live, two_processes
from fastapi.testclient import TestClient

from ludoteca.web.cluster.forwarding import error_body, error_from
from ludoteca.web.cluster.workers import _apply_steps
from ludoteca.web.http.errors import Conflict, Unprocessable, WebError
from ludoteca.web.server import create_app


def test_a_move_sent_to_the_process_that_does_not_own_the_table_is_played_by_the_owner(
    postgres_url: str,
) -> None:
    with two_processes(postgres_url) as (kit, spare):
        owner, other = kit.app, spare.app
        one, two = kit.client, spare.client
        table = kit.create()
        kit.play_first_moves(table, 1)
        path = f"/ws/table/{table.id}?seat=0&token={table.tokens[0]}"
        with one.websocket_connect(path) as on_owner, two.websocket_connect(path) as on_other:
            before = on_owner.receive_json()["view"]["version"]
            assert on_other.receive_json()["view"]["version"] == before
            seat = spare.view(table)["to_move"]
            legal = spare.view(table, seat)["legal"]
            answer = spare.act(table, seat, action=legal[0]["action"])
            assert answer.status_code == 200, answer.text
            assert answer.json()["version"] > before  # the answer shows the move
            for socket in (on_owner, on_other):  # both processes' sockets see it
                while (message := socket.receive_json())["type"] != "view":
                    pass
                assert message["view"]["log"] == answer.json()["log"]
        assert owner.state.manager.holds(live(owner, table.id)), "the owner keeps the table"
        assert not other.state.manager.holds(live(other, table.id))
        assert kit.view(table)["log"] == spare.view(table)["log"]


def test_the_owners_refusal_of_a_forwarded_move_reaches_the_asker(postgres_url: str) -> None:
    with two_processes(postgres_url) as (kit, spare):
        other = spare.app
        one, two = kit.client, spare.client
        table = kit.create()
        spare.view(table)  # open on the other process
        seat = kit.view(table)["to_move"]
        forwarder = other.state.manager.workers.forwarder
        here = live(other, table.id)
        assert two.portal is not None
        with (
            one.websocket_connect(f"/ws/table/{table.id}"),
            pytest.raises(Unprocessable) as refused,
        ):
            two.portal.call(forwarder.move, here, seat, table.tokens[seat], 10_000, None)
        assert refused.value.code == "illegal_move"
        assert kit.view(table)["version"] == spare.view(table)["version"]


def test_an_owner_nobody_watches_hands_the_table_to_the_process_a_move_reached(
    postgres_url: str,
) -> None:
    """The table goes once to where its people are; their next moves need no forwarding."""
    with two_processes(postgres_url) as (kit, spare):
        owner, other = kit.app, spare.app
        table = kit.create()
        kit.play_first_moves(table, 1)
        spare.play_first_moves(table, 2)  # no socket on the owner: handed over, then played here
        assert other.state.manager.holds(live(other, table.id))
        assert not owner.state.manager.holds(live(owner, table.id))
        assert kit.view(table)["log"] == spare.view(table)["log"]


def test_a_move_for_a_table_whose_owner_stopped_takes_the_table_over(
    postgres_url: str, make_kit: Any
) -> None:
    owner, other = create_app(postgres_url, bot_delay=0.0), create_app(postgres_url, bot_delay=0.0)
    with TestClient(other) as two:
        spare = make_kit(other, two)
        with TestClient(owner) as one:
            kit = make_kit(owner, one)
            table = kit.create()
            kit.play_first_moves(table, 1)
            spare.view(table)
        spare.play_first_moves(table, 1)  # nobody answers the forwarded move: taken over
        assert other.state.manager.holds(live(other, table.id))


def test_an_error_crosses_between_processes_as_the_same_error() -> None:
    sent = Conflict("not your turn: seat 1 is to move", code="not_your_turn", seat=1)
    back = error_from(error_body(sent))
    assert isinstance(back, Conflict)
    assert (back.status, back.code, back.params, back.message) == (
        409,
        "not_your_turn",
        {"seat": 1},
        sent.message,
    )
    assert type(error_from({**error_body(sent), "status": 418})) is WebError


@pytest.mark.sqlite_only  # the watcher's memory, not the storage
def test_a_watcher_applies_announced_moves_only_without_a_gap(
    tmp_path: Path, make_kit: Any
) -> None:
    """The moves of `changed` messages are applied in memory when they continue the table's
    own; a gap (a message missed) means the store must be read (None)."""
    app = create_app(f"sqlite:///{tmp_path / 'watcher.db'}", bot_delay=0.0)
    with TestClient(app) as client:
        kit = make_kit(app, client)
        table = kit.create()
        kit.play_first_moves(table, 2)
        here = live(app, table.id)
        moves = [[m.index, m.player, m.action, m.notation] for m in here.moves]
        status = {"status": "playing", "result": None}
        assert _apply_steps(here, [{"moves": moves, **status}]) is False  # all known already
        gap = [[len(moves) + 1, 0, 0, "?"]]
        assert _apply_steps(here, [{"moves": gap, **status}]) is None
        assert _apply_steps(here, [{"moves": "broken"}]) is None
        assert len(here.moves) == len(moves)
