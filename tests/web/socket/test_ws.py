"""The live table over WebSockets: views pushed to every watcher, errors to the sender only."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from socket_support import next_of, next_view, socket_path
from starlette.websockets import WebSocketDisconnect

from ludoteca.web.live import manager


def test_every_watcher_gets_its_own_view_when_a_seat_moves(web: Any) -> None:
    table = web.create()
    mover = web.view(table)["to_move"]
    other = 1 - mover
    with (
        web.client.websocket_connect(socket_path(table, mover)) as moving,
        web.client.websocket_connect(socket_path(table, other)) as waiting,
        web.client.websocket_connect(socket_path(table)) as watching,
    ):
        first = next_view(moving)
        assert first["your_turn"] and first["seat"] == mover
        assert not next_view(waiting)["your_turn"]
        assert next_view(watching)["seat"] is None
        moving.send_json({"action": first["legal"][0]["action"]})
        views = {seat: next_view(s) for seat, s in ((mover, moving), (other, waiting))}
        spectator = next_view(watching)
        for seat, view in views.items():
            assert view["seat"] == seat and view["version"] > first["version"]
            assert view["log"][first["version"]] == [mover, first["legal"][0]["notation"]]
            assert view["your_turn"] == (view["to_move"] == seat)
        assert spectator["version"] == views[mover]["version"] and spectator["legal"] == []


def test_a_move_made_over_http_reaches_the_sockets(web: Any) -> None:
    table = web.create()
    with web.client.websocket_connect(socket_path(table)) as watching:
        before = next_view(watching)["version"]
        web.play_first_moves(table, 1)
        assert next_view(watching)["version"] > before


def test_notation_over_the_socket(web: Any) -> None:
    table = web.create()
    mover = web.view(table)["to_move"]
    with web.client.websocket_connect(socket_path(table, mover)) as socket:
        notation = next_view(socket)["legal"][-1]["notation"]
        socket.send_json({"notation": notation})
        assert [mover, notation] in next_view(socket)["log"]


def test_bot_moves_are_broadcast_one_by_one(web: Any) -> None:
    table = web.create(seats=["human", "greedy"], speed="normal", seed=2)
    with web.client.websocket_connect(socket_path(table, 0)) as socket:
        view = next_view(socket)
        seen = [view["version"]]
        bot_to_move = []
        for _ in range(200):  # play on until the bot has moved and it is seat 0's turn again
            if view["your_turn"] and any(p == 1 for p, _ in view["log"]):
                break
            if view["your_turn"]:
                socket.send_json({"action": view["legal"][0]["action"]})
            view = next_view(socket)
            seen.append(view["version"])
            bot_to_move.append(view["to_move"] == 1)
        assert view["your_turn"]
        assert seen == sorted(seen)
        assert any(bot_to_move)  # the positions where the bot was thinking were sent too
        assert any(p == 1 for p, _ in view["log"])


def play_until_the_bot_moves(socket: Any, view: dict[str, Any]) -> list[dict[str, Any]]:
    """Seat 0 plays its first legal moves until the bot has moved; the views received."""
    views = [view]
    for _ in range(200):
        if view["your_turn"] and any(p == 1 for p, _ in view["log"]):
            return views
        if view["your_turn"]:
            socket.send_json({"action": view["legal"][0]["action"]})
        view = next_view(socket)
        views.append(view)
    raise AssertionError("the bot never moved")


def test_at_fast_speed_a_move_is_shown_with_the_quick_bots_reply(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(manager, "BOT_REPLY_WAIT", 60.0)  # however slow this machine is
    table = web.create(seats=["human", "greedy"], speed="fast", seed=2)
    with web.client.websocket_connect(socket_path(table, 0)) as socket:
        views = play_until_the_bot_moves(socket, next_view(socket))
    assert all(view["to_move"] != 1 for view in views)  # never a view of the bot thinking
    assert any(p == 1 for p, _ in views[-1]["log"])


def test_a_slow_bots_table_shows_the_move_before_the_reply(web: Any) -> None:
    table = web.create(seats=["human", "greedy"], speed="fast", seed=2)
    web.app.state.manager.tables[table.id].bot_seconds = 1.0  # as if it thought a second
    with web.client.websocket_connect(socket_path(table, 0)) as socket:
        views = play_until_the_bot_moves(socket, next_view(socket))
    assert any(view["to_move"] == 1 for view in views)


def slow_bot(seconds: float, started: threading.Event | None = None) -> Any:
    """A `timed_act` whose bot thinks `seconds` yet says it was quick (its reply comes late);
    it sets `started` when it begins."""

    def act(table: Any, agent: Any, position: Any) -> tuple[int, float]:
        table.thinking_since = time.monotonic()
        if started is not None:
            started.set()
        time.sleep(seconds)
        return agent.act(position), 0.0

    return act


def test_a_held_view_goes_out_when_the_reply_is_late(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(manager, "BOT_REPLY_WAIT", 0.05)
    monkeypatch.setattr(manager, "timed_act", slow_bot(0.5))
    table = web.create(seats=["human", "greedy"], speed="fast", seed=2)
    with web.client.websocket_connect(socket_path(table, 0)) as socket:
        views = play_until_the_bot_moves(socket, next_view(socket))
    assert any(view["to_move"] == 1 for view in views)  # shown before the reply came


def test_a_bot_waiting_for_its_turn_to_think_does_not_count_as_late(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def queued(table: Any, agent: Any, position: Any) -> tuple[int, float]:
        time.sleep(0.5)  # as if the bot's move waited for a free thread: it has not begun
        return manager_timed_act(table, agent, position)

    manager_timed_act = manager.timed_act
    monkeypatch.setattr(manager, "BOT_REPLY_WAIT", 0.05)
    monkeypatch.setattr(manager, "timed_act", queued)
    table = web.create(seats=["human", "greedy"], speed="fast", seed=2)
    with web.client.websocket_connect(socket_path(table, 0)) as socket:
        views = play_until_the_bot_moves(socket, next_view(socket))
    assert all(view["to_move"] != 1 for view in views)


def record_commits(web: Any, monkeypatch: pytest.MonkeyPatch) -> list[list[Any]]:
    """The moves of each commit from now on (a list per commit)."""
    store = web.app.state.manager.store
    commits: list[list[Any]] = []
    add_steps = store.add_steps

    def recorded(steps: Any) -> None:
        add_steps(steps)
        commits.append([move for step in steps for move in step.moves])

    monkeypatch.setattr(store, "add_steps", recorded)
    return commits


def test_a_move_the_quick_bot_answers_is_stored_with_the_answer_in_one_commit(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(manager, "BOT_REPLY_WAIT", 60.0)
    table = web.create(seats=["human", "greedy"], speed="fast", seed=2)
    commits = record_commits(web, monkeypatch)
    with web.client.websocket_connect(socket_path(table, 0)) as socket:
        play_until_the_bot_moves(socket, next_view(socket))
    answered = next(moves for moves in commits if any(m.player == 1 for m in moves))
    players = [m.player for m in answered]
    assert 0 in players[: players.index(1)]  # the person's move, then the bot's, together


def test_a_view_shows_only_stored_moves_also_when_the_reply_is_late(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(manager, "BOT_REPLY_WAIT", 0.05)
    monkeypatch.setattr(manager, "timed_act", slow_bot(0.3))
    table = web.create(seats=["human", "greedy"], speed="fast", seed=2)
    store = web.app.state.manager.store
    with web.client.websocket_connect(socket_path(table, 0)) as socket:
        view = next_view(socket)
        for _ in range(6):
            if view["your_turn"]:
                socket.send_json({"action": view["legal"][0]["action"]})
            view = next_view(socket)
            assert len(store.get(table.id).moves) >= view["version"]


def test_a_move_held_for_the_reply_is_stored_before_a_page_shows_it(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    thinking = threading.Event()
    monkeypatch.setattr(manager, "BOT_REPLY_WAIT", 60.0)
    monkeypatch.setattr(manager, "timed_act", slow_bot(0.5, thinking))
    table = web.create(seats=["human", "greedy"], speed="fast", seed=7)
    store = web.app.state.manager.store
    with web.client.websocket_connect(socket_path(table, 0)) as socket:
        view = next_view(socket)
        for _ in range(30):  # until a move passes the turn to the bot (a six rolls again)
            while not view["your_turn"]:
                view = next_view(socket)
            # Only the bot's answer to this move counts: on a loaded machine an earlier answer
            # can start after its 3 s wait, and its event must not stand for this move's.
            thinking.clear()
            socket.send_json({"action": view["legal"][0]["action"]})
            if thinking.wait(3):
                break
            view = next_view(socket)
        assert thinking.is_set()
        page = web.client.get(
            f"/api/tables/{table.id}", params={"seat": 0, "token": table.tokens[0]}
        )
        shown = page.json()["version"]
        assert shown > view["version"]  # the page shows the move the bot is answering
        assert len(store.get(table.id).moves) >= shown  # and it was stored first


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "is a JSON object"),
        ('{"move": 3}', "unknown field 'move'"),
        ('{"action": "3"}', "is a whole number"),
        ('{"action": true}', "is a whole number"),
        ('{"notation": 3}', "is text"),
        ('{"action": 999}', "not a legal action here"),
        ('{"notation": "hop"}', "is not a ludo move"),
        ("{}", "either"),
    ],
)
def test_bad_messages_get_an_error_on_that_socket_only(web: Any, message: str, error: str) -> None:
    table = web.create()
    mover = web.view(table)["to_move"]
    with (
        web.client.websocket_connect(socket_path(table, mover)) as socket,
        web.client.websocket_connect(socket_path(table)) as watching,
    ):
        view = next_view(socket)
        next_view(watching)
        socket.send_text(message)
        reply = next_of(socket, "error")
        assert error in reply["error"]
        # The socket stays usable, and the watcher saw only the next real move.
        socket.send_json({"action": view["legal"][0]["action"]})
        assert next_view(socket)["version"] > view["version"]
        assert next_view(watching)["version"] > view["version"]


def test_a_seat_out_of_turn_and_a_spectator_are_refused(web: Any) -> None:
    table = web.create()
    other = 1 - web.view(table)["to_move"]
    with web.client.websocket_connect(socket_path(table, other)) as socket:
        next_view(socket)
        socket.send_json({"action": 44})
        assert "not yours" in next_of(socket, "error")["error"]
    with web.client.websocket_connect(socket_path(table)) as socket:
        next_view(socket)
        socket.send_json({"action": 44})
        assert "spectators cannot move" in next_of(socket, "error")["error"]


@pytest.mark.parametrize(
    ("query", "error", "code"),
    [
        ("?seat=0&token=wrong", "wrong token for seat 0", 4403),
        ("?seat=0", "wrong token for seat 0", 4403),
        ("?seat=9&token=x", "no seat 9", 4403),
        ("?seat=zero&token=x", "seat is a number", 4403),
    ],
)
def test_a_bad_seat_link_is_told_why_and_closed(
    web: Any, query: str, error: str, code: int
) -> None:
    table = web.create()
    with web.client.websocket_connect(f"/ws/table/{table.id}{query}") as socket:
        reply = socket.receive_json()
        assert reply["type"] == "error" and error in reply["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == code


def test_an_unknown_table_is_told_and_closed(web: Any) -> None:
    with web.client.websocket_connect("/ws/table/nope") as socket:
        assert "there is no table 'nope'" in socket.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4404
