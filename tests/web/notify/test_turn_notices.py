"""At a turn-based table the move clock tells a subscribed person of their turn, with the
move's deadline, and again when time is almost up; the step itself sends nothing there, so
nobody is told twice (issue 33, items 2 and 3: "Reminders before it runs out"; "the time to
live is capped at the move's deadline"). The time to live is reckoned by the move clock's time.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from notify_support import BrowserSubscription, PushService, push_service
from web_support import WebKit

from ludoteca.web.live.clocks import ManualClock
from ludoteca.web.server import create_app

HOUR = 3600


@pytest.fixture
def pushes() -> Iterator[PushService]:
    with push_service() as service:
        yield service


@pytest.fixture
def timed(database: str) -> Iterator[WebKit]:
    app = create_app(database, bot_delay=0.0, clock=ManualClock(), test_clock=True)
    with TestClient(app) as client:
        yield WebKit(app, client)


def drain(web: WebKit) -> None:
    web.client.portal.call(web.app.state.notifier.drain)


def test_a_turn_based_turn_is_told_once_with_its_deadline_and_once_more_near_its_end(
    timed: WebKit, pushes: PushService
) -> None:
    table = timed.create(game="siege", seats=["human", "human"], move_hours=1, seed=3)
    waiting = 1 - int(timed.view(table)["to_move"])
    browser = BrowserSubscription.at(f"{pushes.url}/push/seat")
    body = {"seat": waiting, "token": table.tokens[waiting], "subscription": browser.to_json()}
    assert timed.client.post(f"/api/tables/{table.id}/push", json=body).status_code == 200
    timed.play_first_moves(table, 1)
    drain(timed)
    assert len(pushes.received) == 1, "the turn was told twice (by the step and the clock)"
    assert HOUR - 60 <= int(pushes.received[0].headers["ttl"]) <= HOUR  # lives to the deadline
    answer = timed.client.post("/api/test/clock", json={"seconds": 0.8 * HOUR})
    assert answer.status_code == 200, answer.text
    drain(timed)
    assert len(pushes.received) == 2  # "time almost up", once
    left = 0.2 * HOUR  # by the server's clock, which the test moved
    assert left - 60 <= int(pushes.received[1].headers["ttl"]) <= left
    timed.client.post("/api/test/clock", json={"seconds": 60})
    drain(timed)
    assert len(pushes.received) == 2
