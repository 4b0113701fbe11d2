"""Web Push when the page is closed (issue 33, item 3): a seat's subscription is stored, and when
the turn passes to that person a push goes to a stand-in push service, encrypted (aes128gcm)
and signed (VAPID), kept no longer than the move's deadline; a 410 deletes the subscription.

Issue 33: "A subscription the push service rejects (404/410) is deleted; the time to live is
capped at the move's deadline."
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from notify_support import BrowserSubscription, PushService, push_service
from py_vapid import Vapid02
from web_support import Seated, WebKit

from ludoteca.store.notify import NotifyStore
from ludoteca.web.server import create_app


@pytest.fixture
def pushes() -> Iterator[PushService]:
    with push_service() as service:
        yield service


def subscribe(
    web: WebKit, table: Seated, seat: int, browser: BrowserSubscription, **more: Any
) -> Any:
    body = {"seat": seat, "token": table.tokens[seat], "subscription": browser.to_json(), **more}
    return web.client.post(f"/api/tables/{table.id}/push", json=body)


def waiting_seat(web: WebKit, table: Seated) -> int:
    """The seat of a two-person table that is not to move now."""
    return 1 - int(web.view(table)["to_move"])


def hand_turn_to(web: WebKit, table: Seated, seat: int) -> None:
    """Play the other seat's moves until `seat` is to move."""
    while web.view(table)["to_move"] != seat:
        web.play_first_moves(table, 1)


def drain(web: WebKit) -> None:
    web.client.portal.call(web.app.state.notifier.drain)  # type: ignore[union-attr]


def store_of(web: WebKit) -> NotifyStore:
    store: NotifyStore = web.app.state.notifier.store
    return store


def test_the_turn_passing_to_a_subscribed_seat_sends_it_an_encrypted_signed_push(
    web: WebKit, pushes: PushService
) -> None:
    table = web.create()
    seat = waiting_seat(web, table)
    browser = BrowserSubscription.at(f"{pushes.url}/push/seat")
    answer = subscribe(web, table, seat, browser, language="nl")
    assert answer.status_code == 200, answer.text
    assert [s.endpoint for s in store_of(web).pushes(table.id, seat)] == [browser.endpoint]
    hand_turn_to(web, table, seat)
    drain(web)
    assert len(pushes.received) == 1
    push = pushes.received[0]
    assert push.path == "/push/seat"
    assert push.headers["content-encoding"] == "aes128gcm"
    assert int(push.headers["ttl"]) == 24 * 3600  # no deadline: a day
    scheme, _, signed = push.headers["authorization"].partition(" ")
    assert scheme == "vapid"
    assert Vapid02.verify(push.headers["authorization"])  # signed by the key it names
    public = web.client.get(
        f"/api/tables/{table.id}/notify", params={"seat": seat, "token": table.tokens[seat]}
    ).json()["push"]
    assert f"k={public}" in signed  # the key the page subscribed with
    assert b"Your turn" not in push.body and b"/table/" not in push.body  # not plaintext
    said = json.loads(browser.decrypt(push.body))
    assert said["title"] == "Jij bent aan de beurt bij Mens erger je niet"
    assert said["url"] == f"/table/{table.id}?seat={seat}&token={table.tokens[seat]}"
    assert said["icon"].startswith("/static/icons/")


def test_a_subscription_the_push_service_says_is_gone_is_deleted(
    web: WebKit, pushes: PushService
) -> None:
    table = web.create()
    gone = BrowserSubscription.at(f"{pushes.url}/push/expired")
    kept = BrowserSubscription.at(f"{pushes.url}/push/kept")
    pushes.gone.add("/push/expired")
    seat = waiting_seat(web, table)
    for browser in (gone, kept):
        assert subscribe(web, table, seat, browser).status_code == 200
    hand_turn_to(web, table, seat)
    drain(web)
    assert sorted(r.path for r in pushes.received) == ["/push/expired", "/push/kept"]
    assert [s.endpoint for s in store_of(web).pushes(table.id, seat)] == [kept.endpoint]


def test_the_time_to_live_is_the_time_left_to_the_deadline(
    web: WebKit, pushes: PushService
) -> None:
    table = web.create()
    browser = BrowserSubscription.at(f"{pushes.url}/push/clock")
    assert subscribe(web, table, 0, browser).status_code == 200
    deadline = datetime.now(UTC) + timedelta(hours=2)
    notifier = web.app.state.notifier
    web.client.portal.call(notifier.time_almost_up, table.id, 0, deadline)  # type: ignore[union-attr]
    drain(web)
    ttl = int(pushes.received[0].headers["ttl"])
    assert 7200 - 60 <= ttl <= 7200
    said = json.loads(browser.decrypt(pushes.received[0].body))
    assert said["title"] == "Time is almost up at Mens erger je niet"


def test_no_push_while_the_seat_has_its_page_open(web: WebKit, pushes: PushService) -> None:
    table = web.create()
    browser = BrowserSubscription.at(f"{pushes.url}/push/open")
    seat = waiting_seat(web, table)
    assert subscribe(web, table, seat, browser).status_code == 200
    with web.client.websocket_connect(
        f"/ws/table/{table.id}?seat={seat}&token={table.tokens[seat]}"
    ) as socket:
        socket.receive_json()
        hand_turn_to(web, table, seat)
        drain(web)
    assert pushes.received == []


def test_with_several_processes_only_the_one_holding_the_lease_sends(
    web: WebKit, pushes: PushService
) -> None:
    """On PostgreSQL, where several processes serve; on SQLite the one process sends, also
    once its lease on a table nobody moves at has lapsed (the move clock's reminders)."""
    table = web.create()
    seat = waiting_seat(web, table)
    assert (
        subscribe(web, table, seat, BrowserSubscription.at(f"{pushes.url}/push/l")).status_code
        == 200
    )
    manager = web.app.state.manager
    manager._held.pop(table.id)  # the lease lapsed, or another process holds it now
    notifier = web.app.state.notifier
    web.client.portal.call(notifier.turn_began, table.id, seat, None)  # type: ignore[union-attr]
    drain(web)
    assert len(pushes.received) == (0 if manager.workers.shared else 1)


def test_turning_the_switch_off_deletes_the_subscription(web: WebKit, pushes: PushService) -> None:
    table = web.create()
    browser = BrowserSubscription.at(f"{pushes.url}/push/off")
    seat = waiting_seat(web, table)
    assert subscribe(web, table, seat, browser).status_code == 200
    wrong = {"seat": seat, "token": "not-the-token", "endpoint": browser.endpoint}
    assert (
        web.client.request("DELETE", f"/api/tables/{table.id}/push", json=wrong).status_code == 403
    )
    body = {"seat": seat, "token": table.tokens[seat], "endpoint": browser.endpoint}
    answer = web.client.request("DELETE", f"/api/tables/{table.id}/push", json=body)
    assert answer.status_code == 200, answer.text
    assert store_of(web).pushes(table.id, seat) == []
    hand_turn_to(web, table, seat)
    drain(web)
    assert pushes.received == []


def test_a_slow_push_service_keeps_no_move_waiting(web: WebKit, pushes: PushService) -> None:
    table = web.create()
    seat = waiting_seat(web, table)
    assert (
        subscribe(web, table, seat, BrowserSubscription.at(f"{pushes.url}/push/slow")).status_code
        == 200
    )
    pushes.delay = 2.0
    started = time.monotonic()
    hand_turn_to(web, table, seat)
    moved = time.monotonic() - started
    assert moved < 1.5, f"the moves took {moved:.2f} s: they waited for the push"
    drain(web)
    assert len(pushes.received) == 1


def test_a_push_goes_each_time_the_turn_is_handed_to_the_seat_and_only_then(
    web: WebKit, pushes: PushService
) -> None:
    """A seat's own steps within its turn (a roll, then the move it allows) tell it nothing."""
    table = web.create()
    seat = waiting_seat(web, table)
    assert (
        subscribe(web, table, seat, BrowserSubscription.at(f"{pushes.url}/push/turns")).status_code
        == 200
    )
    handed = 0
    for _ in range(40):
        mover = web.view(table)["to_move"]
        legal = web.view(table, mover)["legal"]
        assert web.act(table, mover, action=legal[0]["action"]).status_code == 200
        after = web.view(table)["to_move"]
        handed += after == seat and mover != seat
    drain(web)
    assert handed >= 2
    assert len(pushes.received) == handed


def test_two_server_processes_send_one_push_per_turn_between_them(
    postgres_url: str, pushes: PushService
) -> None:
    """Two apps on one PostgreSQL database stand for two processes (as in tests/web/cluster):
    the moves go to the one that did not create the table; nobody gets two pushes."""
    first = create_app(postgres_url, bot_delay=0.0)
    second = create_app(postgres_url, bot_delay=0.0)
    with TestClient(first) as one, TestClient(second) as two:
        creator, elsewhere = WebKit(first, one), WebKit(second, two)
        table = creator.create()
        elsewhere.view(table)  # open on both processes
        seat = waiting_seat(creator, table)
        browser = BrowserSubscription.at(f"{pushes.url}/push/two")
        assert subscribe(elsewhere, table, seat, browser).status_code == 200
        hand_turn_to(elsewhere, table, seat)
        for kit in (creator, elsewhere):
            drain(kit)
    assert len(pushes.received) == 1
