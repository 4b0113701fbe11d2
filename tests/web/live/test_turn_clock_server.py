"""Turn-based tables on a server (issue 33, item 2): the move clock is the server's, kept in
the database. A siege table whose move time runs out (a test clock, not a sleep) is played by a
bot of the chosen strength or forfeited, as its creator chose; a reminder goes out once per
move when a quarter of the time is left; a restarted server fires the same deadline."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from web_support import Seated, WebKit, wait_for

from ludoteca import agents
from ludoteca.web.live.clocks import ManualClock
from ludoteca.web.server import create_app

HOUR = 3600.0
TIMED = {"game": "siege", "seats": ["human", "human"], "names": ["Anna", "Ben"], "move_hours": 1}


class RecordingNotifier:
    """Stands in for the notify part (`TurnNotifier`): keeps every call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, int, datetime | None]] = []

    async def turn_began(self, table_id: str, seat: int, deadline: datetime | None) -> None:
        self.calls.append(("turn_began", table_id, seat, deadline))

    async def time_almost_up(self, table_id: str, seat: int, deadline: datetime) -> None:
        self.calls.append(("time_almost_up", table_id, seat, deadline))


def timed_app(database: str, clock: ManualClock) -> FastAPI:
    return create_app(database, bot_delay=0.0, clock=clock, test_clock=True)


def move_clock(client: TestClient, seconds: float) -> list[str]:
    answer = client.post("/api/test/clock", json={"seconds": seconds})
    assert answer.status_code == 200, answer.text
    acted: list[str] = answer.json()["acted"]
    return acted


def stored_deadline(app: FastAPI, table: Seated) -> datetime | None:
    clock = app.state.turn_clocks.store.get(table.id)
    return None if clock is None else clock.deadline


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def timed(database: str, clock: ManualClock) -> Any:
    app = timed_app(database, clock)
    app.state.notifier = RecordingNotifier()
    with TestClient(app) as client:
        yield WebKit(app, client)


def test_a_move_whose_time_runs_out_is_played_by_the_chosen_bot_and_the_log_says_so(
    timed: WebKit, clock: ManualClock
) -> None:
    table = timed.create(**TIMED, on_timeout="bot", timeout_bot="easy", seed=None)
    assert stored_deadline(timed.app, table) == clock.now() + timedelta(hours=1)
    view = timed.view(table, 0)
    assert view["pace"]["text"] == (
        "Turn-based: 1 hour per move. When time runs out, a bot (easy) plays the move."
    )
    assert move_clock(timed.client, HOUR - 1) == [table.id]  # the reminder, not the move yet
    assert timed.view(table)["version"] == 0
    move_clock(timed.client, 1)
    view = timed.view(table, 1)
    assert view["version"] == 1 and view["to_move"] == 1 and view["your_turn"]
    assert view["story"][0]["text"].endswith("(time ran out: a bot played it)")
    assert view["pace"]["timeouts"] == [[0, 0, "bot"]]
    assert view["pace"]["deadline"] == (clock.now() + timedelta(hours=1)).isoformat()
    live = timed.app.state.manager.tables[table.id]
    easy = agents.load("easy", live.game, seed=live.chance.agent_seed(0, 0))
    played = timed.app.state.manager.store.get(table.id).moves[0]
    assert (played.player, played.action) == (0, easy.act(live.game.new_initial_state()))


def test_a_move_the_bot_played_and_then_taken_back_is_no_longer_marked(
    timed: WebKit, clock: ManualClock
) -> None:
    table = timed.create(game="siege", seats=["human", "medium"], move_hours=8, seed=None)
    move_clock(timed.client, 8 * HOUR)
    wait_for(lambda: timed.view(table)["to_move"] == 0 and timed.view(table)["version"] == 2)
    assert timed.view(table)["pace"]["timeouts"] == [[0, 0, "bot"]]
    proof = {"seat": 0, "token": table.tokens[0]}
    assert timed.client.post(f"/api/tables/{table.id}/takeback", json=proof).status_code == 200
    view = timed.view(table, 0)
    assert view["version"] == 0 and view["story"] == [] and view["pace"]["timeouts"] == []
    assert view["pace"]["deadline"] == (clock.now() + timedelta(hours=8)).isoformat()


def test_a_seat_whose_time_runs_out_forfeits_when_the_table_says_so(
    timed: WebKit, clock: ManualClock
) -> None:
    table = timed.create(**TIMED, on_timeout="forfeit", seed=None)
    assert timed.view(table)["pace"]["text"].endswith("When time runs out, the seat forfeits.")
    timed.play_first_moves(table, 1)  # Anna moves in time; Ben's clock starts
    move_clock(timed.client, 30 * 60)
    assert timed.view(table)["status"] == "playing"
    move_clock(timed.client, 30 * 60)
    view = timed.view(table)
    assert view["status"] == "finished"
    assert view["ending"] == {"why": "timeout", "seat": 1}
    assert view["result"]["lines"] == ["Anna wins", "Ben ran out of time"]
    assert timed.act(table, 1, action=0).json()["code"] == "game_over"
    proof = {"seat": 0, "token": table.tokens[0]}
    again = timed.client.post(f"/api/tables/{table.id}/rematch", json=proof).json()["table"]
    data = timed.app.state.manager.store.get(again)
    assert (data.turn_seconds, data.on_timeout) == (3600, "forfeit")  # a rematch keeps the pace


def test_each_move_gets_its_own_time_and_one_reminder_and_the_notifier_hears_of_it(
    timed: WebKit, clock: ManualClock
) -> None:
    table = timed.create(**TIMED, seed=None)
    notifier: RecordingNotifier = timed.app.state.notifier
    first = clock.now() + timedelta(hours=1)
    wait_for(lambda: len(notifier.calls) == 1)
    assert notifier.calls == [("turn_began", table.id, 0, first)]
    move_clock(timed.client, 50 * 60)  # a quarter of the hour is left after 45 minutes
    move_clock(timed.client, 5 * 60)
    wait_for(lambda: len(notifier.calls) == 2)
    assert notifier.calls[1] == ("time_almost_up", table.id, 0, first)
    timed.play_first_moves(table, 1)
    second = clock.now() + timedelta(hours=1)
    assert stored_deadline(timed.app, table) == second  # a fresh hour for Ben's move
    wait_for(lambda: len(notifier.calls) == 3)
    assert notifier.calls[2] == ("turn_began", table.id, 1, second)
    assert [call[0] for call in notifier.calls].count("time_almost_up") == 1


def test_my_games_hears_the_time_left_by_the_servers_clock(timed: WebKit) -> None:
    table = timed.create(**TIMED, seed=None)
    live = timed.create(game="siege", seats=["human", "human"], seed=None)
    move_clock(timed.client, 20 * 60 + 30)
    turns = timed.client.get(f"/api/turns?tables={table.id},{live.id}").json()["tables"]
    assert [t["seconds_left"] for t in turns] == [39 * 60 + 30, None]
    assert [t["turn_seconds"] for t in turns] == [3600, None]
    assert turns[0]["deadline"] is not None and turns[1]["deadline"] is None


def test_a_bad_pace_is_refused_with_a_400_that_says_what_is_allowed(timed: WebKit) -> None:
    for extra, code in [
        ({"move_hours": 2}, "bad_move_time"),
        ({"on_timeout": "pass"}, "bad_on_timeout"),
        ({"timeout_bot": "greedy"}, "bad_timeout_bot"),
    ]:
        answer = timed.client.post("/api/tables", json={**TIMED, **extra})
        assert answer.status_code == 400 and answer.json()["code"] == code, answer.text
    form = {"game": "siege", "seat0": "human", "seat1": "human", "pace": "turn"}
    answer = timed.client.post("/tables", data={**form, "move_hours": "soon"})
    assert answer.status_code == 400 and "whole number of hours" in answer.text


def test_the_lobby_form_makes_a_turn_based_table(timed: WebKit) -> None:
    form = {"game": "siege", "players": "2", "seat0": "human", "seat1": "medium"}
    fields = {**form, "pace": "turn", "move_hours": "8", "on_timeout": "forfeit"}
    made = timed.client.post("/tables", data=fields, follow_redirects=False)
    assert made.status_code == 303, made.text
    table_id = made.headers["location"].split("/")[2].split("?")[0]
    data = timed.app.state.manager.store.get(table_id)
    assert (data.turn_seconds, data.on_timeout) == (8 * 3600, "forfeit")
    live = timed.client.post("/tables", data={**form, "pace": "live"}, follow_redirects=False)
    live_id = live.headers["location"].split("/")[2].split("?")[0]
    assert timed.app.state.manager.store.get(live_id).turn_seconds is None


def test_a_restarted_server_fires_the_deadline_it_finds_in_the_store(
    database: str, clock: ManualClock
) -> None:
    first = timed_app(database, clock)
    with TestClient(first) as client:
        table = WebKit(first, client).create(**TIMED, seed=None)
        deadline = stored_deadline(first, table)
        move_clock(client, 40 * 60)
    second = timed_app(database, clock)
    with TestClient(second) as client:
        kit = WebKit(second, client)
        move_clock(client, 10 * 60)  # the reminder; the stored deadline is kept, not restarted
        assert stored_deadline(second, table) == deadline
        move_clock(client, 10 * 60)
        assert kit.view(table)["version"] == 1
        assert kit.view(table)["pace"]["timeouts"] == [[0, 0, "bot"]]


def test_the_test_clock_exists_only_when_asked_for(database: str) -> None:
    with TestClient(create_app(database, bot_delay=0.0, test_clock=False)) as client:
        assert client.post("/api/test/clock", json={"seconds": 1}).status_code == 404


def test_a_turn_based_table_waiting_for_days_is_not_closed_as_idle(
    timed: WebKit, clock: ManualClock
) -> None:
    table = timed.create(**{**TIMED, "move_hours": 72}, seed=None)
    live = timed.create(game="siege", seats=["human", "human"], seed=None)
    later = clock.now() + timedelta(hours=80)  # past the idle time of 72 hours
    closed = timed.client.portal.call(timed.app.state.idle.sweep, later)  # type: ignore[union-attr]
    assert closed == [live.id] and timed.view(table)["status"] == "playing"


def test_in_a_game_of_three_the_seat_that_runs_out_of_time_goes_to_a_bot(
    timed: WebKit,
) -> None:
    """The ruling for a person leaving a game of more than two (web/live/endings.py)."""
    table = timed.create(
        game="ludo", players=3, seats=["human"] * 3, move_hours=1, on_timeout="forfeit"
    )
    before = timed.view(table)
    out, at = before["to_move"], before["version"]
    move_clock(timed.client, HOUR)
    view = timed.view(table)
    assert view["status"] == "playing"
    assert view["seats"][out]["kind"] == "bot" and view["seats"][out]["agent"] == "medium"
    assert view["pace"]["timeouts"] == [[out, at, "forfeit"]]
    assert timed.act(table, out, action=0).json()["code"] == "bot_seat"
