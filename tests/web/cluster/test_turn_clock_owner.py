"""The move clock with two server processes on one database (issue 33, item 2): only the
process that owns a table (its lease, the one that runs its bots) acts on its deadline, and a
process that takes a table over acts on the deadline it finds in the store, not a fresh one.

Two apps share one database as two processes would, and one test clock (processes on several
machines keep their clocks in step with NTP).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from web_support import WebKit, wait_for

from ludoteca.web.live.clocks import ManualClock
from ludoteca.web.server import create_app

TIMED = {"game": "siege", "seats": ["human", "human"], "move_hours": 1, "seed": None}


class Reminders:
    """A notifier that counts the reminders its process sent."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def turn_began(self, table_id: str, seat: int, deadline: datetime | None) -> None:
        """Turns are not counted here."""

    async def time_almost_up(self, table_id: str, seat: int, deadline: datetime) -> None:
        self.sent.append(table_id)


def process(database: str, clock: ManualClock) -> FastAPI:
    app = create_app(database, bot_delay=0.0, clock=clock, test_clock=True)
    app.state.notifier = Reminders()
    return app


def move_clock(client: TestClient, seconds: float) -> list[str]:
    answer = client.post("/api/test/clock", json={"seconds": seconds})
    assert answer.status_code == 200, answer.text
    acted: list[str] = answer.json()["acted"]
    return acted


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


def test_only_the_owner_acts_on_a_deadline(database: str, clock: ManualClock) -> None:
    owner, other = process(database, clock), process(database, clock)
    with TestClient(owner) as one, TestClient(other) as two:
        table = WebKit(owner, one).create(**TIMED)  # made there: its lease is the owner's
        watcher = WebKit(other, two)
        assert watcher.view(table)["version"] == 0  # the other process has it open too
        assert move_clock(two, 50 * 60) == []  # the reminder is due, but not the other's
        assert move_clock(one, 0) == [table.id]
        wait_for(lambda: owner.state.notifier.sent == [table.id])
        assert move_clock(two, 10 * 60) == []  # the deadline: still not the other's
        assert other.state.notifier.sent == []
        assert watcher.view(table)["version"] == 0
        assert move_clock(one, 0) == [table.id]
        wait_for(lambda: watcher.view(table)["version"] == 1)
        assert owner.state.turn_clocks.store.get(table.id).timeouts[0].what == "bot"


def test_a_process_that_takes_a_table_over_acts_on_the_stored_deadline(
    database: str, clock: ManualClock, make_kit: Any
) -> None:
    other = process(database, clock)
    with TestClient(other) as two:
        first = process(database, clock)
        with TestClient(first) as one:
            table = make_kit(first, one).create(**TIMED)
            deadline = first.state.turn_clocks.store.get(table.id).deadline
            move_clock(one, 30 * 60)
        # The owner stopped (its lease given back): the other process takes the table over
        # when its reminder falls due, 45 minutes into the hour, from the stored clock.
        assert move_clock(two, 20 * 60) == [table.id]
        assert other.state.notifier.sent == [table.id]
        assert other.state.turn_clocks.store.get(table.id).deadline == deadline
        assert move_clock(two, 10 * 60) == [table.id]  # 60 minutes: the move is timed out
        assert make_kit(other, two).view(table)["version"] == 1


def test_a_takeover_for_a_change_beside_play_keeps_the_stored_deadline(
    database: str, clock: ManualClock, make_kit: Any
) -> None:
    """The taking process had the table open from before the owner's last move: the deadline
    the owner armed for the next move is read from the store, not started again."""
    other = process(database, clock)
    with TestClient(other) as two:
        first = process(database, clock)
        with TestClient(first) as one:
            kit = make_kit(first, one)
            table = kit.create(**TIMED)
            assert make_kit(other, two).view(table)["to_move"] == 0  # open there, at move 0
            move_clock(one, 20 * 60)
            kit.play_first_moves(table, 1)
            deadline = first.state.turn_clocks.store.get(table.id).deadline
        move_clock(two, 5 * 60)
        named = two.post(
            f"/api/tables/{table.id}/name",
            json={"seat": 1, "token": table.tokens[1], "name": "Ben"},
        )
        assert named.status_code == 200, named.text  # taken over from the stopped owner
        assert other.state.turn_clocks.store.get(table.id).deadline == deadline
        assert move_clock(two, 55 * 60) == [table.id]  # the owner's hour for Ben's move is up
        assert make_kit(other, two).view(table)["pace"]["timeouts"][0][0] == 1
