"""The edges of forwarding, hand-over and catch-up between server processes (issue 36: mutants
of `web.forwarding`, `web.leases` and `web.workers` that survived the tests of the promises).

Two apps on one PostgreSQL database stand for two server processes, unless a test needs no
cooperation (then SQLite).
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from cluster_support import ELSEWHERE, caught_up, lease_of, live, two_processes
from fastapi.testclient import TestClient

from ludoteca.store.tables import MoveData
from ludoteca.web.cluster import leases
from ludoteca.web.cluster.workers import _apply_steps
from ludoteca.web.http.errors import Unprocessable
from ludoteca.web.server import create_app


def written_by_one(kit: Any, spare: Any) -> Any:
    """A siege table opened on both processes, after a first move on `kit`'s (which holds its
    lease from then on), once the other has heard who writes it."""
    table = kit.create(game="siege")
    spare.view(table)
    kit.play_first_moves(table, 1)
    kit.wait_for(lambda: table.id in spare.app.state.manager.workers.owners)
    return table


def test_a_move_forwarded_by_its_notation_is_played_by_the_owner(postgres_url: str) -> None:
    """docs/api.md: a move is an `action` or its `notation`; forwarded, it is the same move."""
    with two_processes(postgres_url) as (kit, spare):
        owner = kit.app
        one = kit.client
        table = written_by_one(kit, spare)
        with one.websocket_connect(f"/ws/table/{table.id}"):  # watched there: played there
            seat = spare.view(table)["to_move"]
            move = spare.view(table, seat)["legal"][-1]
            answer = spare.act(table, seat, notation=move["notation"])
            assert answer.status_code == 200, answer.text[:300]
        assert owner.state.manager.holds(live(owner, table.id)), "the owner kept its table"
        assert live(owner, table.id).moves[-1].action == move["action"]
        assert answer.json()["log"][-1] == [seat, move["notation"]]


@pytest.mark.parametrize(
    ("token", "action", "notation"),
    [(5, None, "a1-a2"), (None, "12", None), (None, None, 7)],
    ids=["token", "action", "notation"],
)
def test_a_forwarded_move_that_is_not_well_formed_is_refused_as_such(
    postgres_url: str, token: Any, action: Any, notation: Any
) -> None:
    """forwarding.py `_play`: a forwarded move whose fields are not of their kinds is
    `bad_message`, whichever field it is."""
    with two_processes(postgres_url) as (kit, spare):
        owner, other = kit.app, spare.app
        one, two = kit.client, spare.client
        table = written_by_one(kit, spare)
        forwarder = other.state.manager.workers.forwarder
        here = live(other, table.id)
        assert two.portal is not None
        with (
            one.websocket_connect(f"/ws/table/{table.id}"),
            pytest.raises(Unprocessable) as refused,
        ):
            two.portal.call(forwarder.move, here, 1, token, action, notation)
        assert refused.value.code == "bad_message"
        assert len(live(owner, table.id).moves) == 1


def test_an_owner_nobody_watches_answers_that_the_table_is_now_the_askers(
    postgres_url: str,
) -> None:
    """forwarding.py: an owner with no socket of the table hands it over and answers `handed`;
    the asker hears it (`"yours"`) instead of waiting for an owner it thinks gone."""
    with two_processes(postgres_url) as (kit, spare):
        owner, other = kit.app, spare.app
        two = spare.client
        table = written_by_one(kit, spare)
        forwarder = other.state.manager.workers.forwarder
        assert two.portal is not None
        legal = spare.view(table, 1)["legal"][0]["action"]
        started = time.monotonic()
        outcome = two.portal.call(
            forwarder.move, live(other, table.id), 1, table.tokens[1], legal, None
        )
        assert outcome == "yours"
        assert time.monotonic() - started < 5.0
        assert lease_of(owner, table.id)[0] == other.state.manager.owner


@pytest.mark.sqlite_only  # one process handling its messages, not the storage
def test_an_answer_nobody_waits_for_any_more_is_let_go(tmp_path: Path) -> None:
    """An `answer` may come after its asker stopped waiting (the owner was slow): it is
    dropped, and the fan-out's handler goes on (an exception there would cut its connection)."""
    app = create_app(f"sqlite:///{tmp_path / 'late.db'}", bot_delay=0.0)
    with TestClient(app):
        forwarder = app.state.manager.workers.forwarder
        forwarder.answered({"id": "another-host/4242/17", "error": None})
        forwarder.answered({"error": None})
        assert forwarder._waiting == {}


def test_a_move_forwarded_from_a_process_nobody_watches_shows_in_its_answer(
    postgres_url: str,
) -> None:
    """workers.py `sync_now`: after a forwarded move the asker brings its copy up to it, also
    when no socket there has it read the owner's `changed` message."""
    with two_processes(postgres_url) as (kit, spare):
        owner = kit.app
        one = kit.client
        table = written_by_one(kit, spare)
        with one.websocket_connect(f"/ws/table/{table.id}"):
            before = spare.view(table)["version"]
            seat = spare.view(table)["to_move"]
            legal = spare.view(table, seat)["legal"][0]["action"]
            answer = spare.act(table, seat, action=legal)
        assert answer.status_code == 200, answer.text[:300]
        assert answer.json()["version"] == before + 1
        assert owner.state.manager.holds(live(owner, table.id))


@pytest.mark.sqlite_only  # one process handling its messages, not the storage
def test_a_lease_handed_over_belongs_to_the_process_it_was_given_to(
    tmp_path: Path, make_kit: Any
) -> None:
    """leases.py `hand_over`: the lease moves, in one statement, to the process named, for a
    whole lease from now."""
    app = create_app(f"sqlite:///{tmp_path / 'hand.db'}", bot_delay=0.0)
    with TestClient(app) as client:
        kit = make_kit(app, client)
        table = kit.create()
        manager = app.state.manager
        engine, me = manager.store.engine, manager.owner
        assert lease_of(app, table.id)[0] == me
        given = datetime.now(UTC)
        assert leases.hand_over(engine, table.id, me, ELSEWHERE, 300.0)  # not SQLite's 30 s
        holder, expires = lease_of(app, table.id)
        assert holder == ELSEWHERE
        assert given + timedelta(seconds=299) < expires < given + timedelta(seconds=302)
        assert leases.holder(engine, table.id) == ELSEWHERE
        assert not leases.hand_over(engine, table.id, me, me, 300.0)  # no longer ours


def test_a_watcher_catches_up_with_who_moved_and_how_the_table_ended(postgres_url: str) -> None:
    """leases.py `read_since` gives the moves with their players and the table's row with its
    ending; the watcher's copy takes both (its views say who moved and why it ended)."""
    with two_processes(postgres_url) as (kit, spare):
        owner, watcher = kit.app, spare.app
        one = kit.client
        table = kit.create(game="siege")
        spare.view(table)
        watching = live(watcher, table.id)
        kit.play_first_moves(table, 3)
        assert caught_up(spare, watching) is True
        written = live(owner, table.id)
        assert [(m.player, m.action) for m in watching.moves] == [
            (m.player, m.action) for m in written.moves
        ]
        ended = one.post(f"/api/tables/{table.id}/end", json={"seat": 0, "token": table.tokens[0]})
        assert ended.status_code == 200, ended.text[:300]
        assert caught_up(spare, watching) is True
        assert written.data.ending is not None
        assert (watching.data.status, watching.data.ending) == (
            written.data.status,
            written.data.ending,
        )


@pytest.mark.sqlite_only  # one process handling its messages, not the storage
def test_a_step_message_that_ends_the_game_carries_its_result(
    tmp_path: Path, make_kit: Any
) -> None:
    """workers.py: "A step's message carries its moves, status and result"; applied, the copy
    has the result."""
    app = create_app(f"sqlite:///{tmp_path / 'step.db'}", bot_delay=0.0)
    with TestClient(app) as client:
        kit = make_kit(app, client)
        table = kit.create(game="siege")
        here = live(app, table.id)
        action = here.state.legal_actions()[0]
        move = MoveData(0, here.state.current_player(), action, here.state.action_to_string(action))
        step = {
            "moves": [[0, move.player, move.action, move.notation]],
            "status": "finished",
            "result": [1.0, 0.0],
        }
        assert _apply_steps(here, [step]) is True
        assert here.moves == [move]
        assert (here.data.status, here.data.result) == ("finished", [1.0, 0.0])


def test_a_change_beside_play_waits_for_the_owners_handed_not_for_its_patience(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """workers.py: the owner "hands the lease over in one statement and answers `handed`"; the
    asker goes on when it hears it (here it would otherwise wait 30 s before it claims)."""
    monkeypatch.setattr("ludoteca.web.cluster.workers.HANDOVER_WAIT", 30.0)
    with two_processes(postgres_url) as (kit, spare):
        other = spare.app
        one, two = kit.client, spare.client
        table = kit.create()
        kit.play_first_moves(table, 1)
        spare.view(table)
        with one.websocket_connect(f"/ws/table/{table.id}"):
            started = time.monotonic()
            named = two.post(
                f"/api/tables/{table.id}/name",
                json={"seat": 0, "token": table.tokens[0], "name": "Anna"},
            )
            waited = time.monotonic() - started
        assert named.status_code == 200, named.text[:300]
        assert waited < 10.0, f"the asker waited {waited:.1f} s for the hand-over"
        assert other.state.manager.holds(live(other, table.id))
