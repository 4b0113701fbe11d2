"""Around the game: whose turn at my tables, presence and the wait to begin, rematch, chat."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from socket_support import next_view
from web_support import form_table

from ludoteca.store.social import WritingTooFast
from ludoteca.web.server import create_app
from ludoteca.web.social.rematch import rematch_request
from ludoteca.web.table.new_table import new_table

ONE_COLOUR = {"colours_per_seat": 1}


def next_of(socket: Any, kind: str) -> dict[str, Any]:
    """The next message of `kind`, passing over every other."""
    message: dict[str, Any] = socket.receive_json()
    while message["type"] != kind:
        message = socket.receive_json()
    return message


def link(table_id: str, seat: int, tokens: dict[int, str]) -> str:
    return f"/ws/table/{table_id}?seat={seat}&token={tokens[seat]}"


def finish(web: Any, table: Any) -> None:
    """Seat 0 plays its first legal move against the bot until the game is over."""
    live = web.app.state.manager.tables[table.id]
    while live.playing:
        web.wait_for(lambda: live.to_move() == 0 or not live.playing)
        if live.playing:
            web.play_first_moves(table, 1)


# -- your tables --------------------------------------------------------------------------------


def test_turns_tell_whose_turn_it_is_at_each_table_and_which_ids_are_unknown(web: Any) -> None:
    table = web.create()
    to_move = web.view(table)["to_move"]
    answer = web.client.get("/api/turns", params={"tables": f"{table.id},nope,{table.id}"})
    assert answer.status_code == 200
    body = answer.json()
    assert body["unknown"] == ["nope"]
    [summary] = body["tables"]
    assert summary["id"] == table.id and summary["to_move"] == to_move
    assert summary["status"] == "playing" and summary["game"] == "ludo"
    assert len(summary["seats"]) == 2 and "token" not in answer.text


def test_turns_refuse_too_many_ids(web: Any) -> None:
    ids = ",".join(f"t{i}" for i in range(51))
    answer = web.client.get("/api/turns", params={"tables": ids})
    assert answer.status_code == 400 and "at most 50" in answer.json()["detail"]


# -- presence -----------------------------------------------------------------------------------


def test_a_table_of_two_people_waits_until_both_have_joined(web: Any) -> None:
    table_id, tokens = form_table(web, ["human", "human"])
    with web.client.websocket_connect(link(table_id, 0, tokens)) as first:
        waiting = next_view(first)
        assert waiting["to_move"] is None and waiting["message"] == "Waiting for everyone to join"
        presence = next_of(first, "presence")
        assert presence["waiting"] and presence["connected"] == [0] and presence["joined"] == [0]
        refused = web.client.post(
            f"/api/tables/{table_id}/actions", json={"seat": 0, "token": tokens[0], "action": 0}
        )
        assert refused.status_code == 409 and "every player has joined" in refused.text
        with web.client.websocket_connect(link(table_id, 1, tokens)) as second:
            next_view(second)
            assert next_of(first, "presence")["connected"] == [0, 1]
            assert next_view(first)["to_move"] in {0, 1}  # the game has begun
        assert not next_of(first, "presence")["waiting"]
    assert web.client.get(f"/api/tables/{table_id}/presence").json()["connected"] == []


def test_the_creator_starts_early_and_gives_the_empty_seat_to_a_bot(web: Any) -> None:
    table_id, tokens = form_table(web, ["human", "human"])
    start = f"/api/tables/{table_id}/start"
    intruder = web.client.post(start, json={"seat": 1, "token": tokens[1]})
    assert intruder.status_code == 403 and "creator" in intruder.json()["detail"]
    bad_bot = web.client.post(start, json={"seat": 0, "token": tokens[0], "bots": "nobot"})
    assert bad_bot.status_code == 400
    started = web.client.post(start, json={"seat": 0, "token": tokens[0], "bots": "greedy"})
    assert started.status_code == 200 and not started.json()["waiting"]
    assert web.client.post(start, json={"seat": 0, "token": tokens[0]}).status_code == 409
    seats = web.client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot"]
    stored = web.app.state.manager.store.get(table_id)
    assert stored.seats[1].agent == "greedy"  # kept across a restart


def test_api_tables_begin_at_once(web: Any) -> None:
    table = web.create()
    assert web.view(table)["to_move"] is not None


# -- rematch ------------------------------------------------------------------------------------


@pytest.mark.slow
def test_rematch_rotates_the_seats_and_offers_each_player_their_link(web: Any) -> None:
    table = web.create(seats=["human", "greedy"], speed="fast", options=ONE_COLOUR, seed=3)
    path = f"/api/tables/{table.id}/rematch"
    early = web.client.post(path, json={"seat": 0, "token": table.tokens[0]})
    assert early.status_code == 409 and "still being played" in early.json()["detail"]
    finish(web, table)
    assert web.client.post(path, json={}).status_code == 403  # spectators cannot ask
    with web.client.websocket_connect(f"/ws/table/{table.id}") as watching:
        next_view(watching)
        answer = web.client.post(path, json={"seat": 0, "token": table.tokens[0]})
        assert answer.status_code == 200
        offer = answer.json()
        assert next_of(watching, "rematch")["path"] == f"/table/{offer['table']}"
    seat, _token = web.token_of(offer["path"])
    assert seat == 1  # whoever sat first sits second
    view = web.client.get(offer["path"].replace("/table/", "/api/tables/")).json()
    assert [s["kind"] for s in view["seats"]] == ["bot", "human"]
    assert view["seats"][0]["agent"] == "greedy" and view["options"] == web.view(table)["options"]
    again = web.client.post(path, json={"seat": 0, "token": table.tokens[0]}).json()
    assert again["table"] == offer["table"]  # one rematch, however many ask
    with web.client.websocket_connect(f"/ws/table/{table.id}?seat=0&token={table.tokens[0]}") as s:
        assert next_of(s, "rematch")["path"] == offer["path"]


# -- chat ---------------------------------------------------------------------------------------


def test_chat_reaches_everyone_and_is_kept_as_plain_text(web: Any) -> None:
    table = web.create()
    path = f"/api/tables/{table.id}/chat"
    with web.client.websocket_connect(f"/ws/table/{table.id}") as watching:
        next_view(watching)
        sent = web.client.post(
            path, json={"seat": 1, "token": table.tokens[1], "text": " <b>hi</b>\nthere "}
        )
        assert sent.status_code == 201
        line = next_of(watching, "chat")["line"]
    assert line["seat"] == 1 and line["text"] == "<b>hi</b> there"
    assert web.client.get(path).json()["lines"] == [line]
    with web.client.websocket_connect(f"/ws/table/{table.id}") as later:
        assert next_of(later, "chat-history")["lines"] == [line]


def test_chat_lines_stay_on_one_line_whatever_the_separator(web: Any) -> None:
    """Issue 29, item 5: NUL, ESC, CR LF and U+202E became spaces, U+2028 (line separator)
    was kept. Every control or format character and every separator becomes a space."""
    table = web.create()
    text = "a\u2028b\u2029c\x00d\x1be\r\nf\u202eg\u00a0h\ti\u200bj\u0085k"
    body = {"seat": 0, "token": table.tokens[0], "text": text}
    sent = web.client.post(f"/api/tables/{table.id}/chat", json=body)
    assert sent.status_code == 201
    assert sent.json()["text"] == "a b c d e  f g h i j k"
    blank = web.client.post(f"/api/tables/{table.id}/chat", json={**body, "text": "\u2028\u2029"})
    assert blank.status_code == 422 and blank.json()["code"] == "chat_empty"


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"text": "hello"}, 403, "only a seated player"),
        ({"seat": 0, "token": "wrong", "text": "hello"}, 403, "wrong token"),
        ({"seat": 0, "text": "   "}, 422, "needs some text"),
        ({"seat": 0, "text": "x" * 301}, 422, "at most 300 characters"),
        ({"seat": 0, "text": 5}, 422, "text"),
    ],
)
def test_bad_chat_lines_are_refused(web: Any, body: Any, status: int, message: str) -> None:
    table = web.create()
    if body.get("seat") == 0 and "token" not in body:
        body = {**body, "token": table.tokens[0]}
    answer = web.client.post(f"/api/tables/{table.id}/chat", json=body)
    assert answer.status_code == status and message in answer.json()["detail"]


def test_chat_is_limited_in_rate(web: Any) -> None:
    table = web.create()
    body = {"seat": 0, "token": table.tokens[0], "text": "hi"}
    codes = [web.client.post(f"/api/tables/{table.id}/chat", json=body) for _ in range(6)]
    assert [c.status_code for c in codes] == [201] * 5 + [429]
    assert "slow down" in codes[-1].json()["detail"]


def test_the_chat_limit_holds_across_server_processes(web: Any, database: str) -> None:
    """Issue 29, item 3: with two workers, 30 lines of one seat in a burst had 10 accepted,
    5 on each (the count was kept in each process's memory). The count is the stored lines."""
    table = web.create()
    body = {"seat": 0, "token": table.tokens[0], "text": "hi"}
    other = create_app(database, bot_delay=0.0)
    with TestClient(other) as second:
        clients = [web.client, second]
        codes = [
            clients[i % 2].post(f"/api/tables/{table.id}/chat", json=body).status_code
            for i in range(12)
        ]
    assert codes == [201] * 5 + [429] * 7
    assert len(web.client.get(f"/api/tables/{table.id}/chat").json()["lines"]) == 5
    other_seat = {"seat": 1, "token": table.tokens[1], "text": "me too"}
    assert web.client.post(f"/api/tables/{table.id}/chat", json=other_seat).status_code == 201


def test_chat_lines_sent_at_once_from_many_threads_keep_the_limit(web: Any) -> None:
    """Lines racing each other on the database: the table's row is locked while one is
    counted and stored, so exactly five of twelve get in."""
    table = web.create()
    social = web.app.state.social
    with ThreadPoolExecutor(12) as pool:
        tried = list(pool.map(lambda _i: stored_or_refused(social, table.id), range(12)))
    assert sorted(tried) == [False] * 7 + [True] * 5


@pytest.mark.parametrize("game", ["ludo", "bremen", "museum", "siege", "villa"])
def test_every_game_sets_up_its_rematch_with_the_same_options(web: Any, game: str) -> None:
    table = web.create(game=game, seats=["human", "random"], speed="fast")
    live = web.app.state.manager.tables[table.id]
    again = new_table(rematch_request(live))
    assert (again.game, again.options, again.speed) == (game, live.data.options, "fast")
    assert [s.kind for s in again.seats] == ["bot", "human"]
    assert again.seats[1].token != live.data.seats[0].token  # a fresh link


def stored_or_refused(social: Any, table_id: str) -> bool:
    try:
        social.add_line(table_id, 0, "hi", (5, 10.0))
    except WritingTooFast:
        return False
    return True
