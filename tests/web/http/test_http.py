"""The browser app over plain HTTP: lobby, tables, seats and tokens, errors, records, replays."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.analysis.durations import load_durations
from ludoteca.core.record import Record
from ludoteca.web.server import create_app

ONE_COLOUR = {"colours_per_seat": 1}
"""Two players with one colour each: the shortest ludo game, for bot games the tests wait for."""

# -- the lobby ------------------------------------------------------------------------------


def test_lobby_lists_games_options_and_bots(web: Any) -> None:
    page = web.client.get("/")
    assert page.status_code == 200
    html = page.text
    assert "Mens erger je niet" in html
    assert "2–6 players" in html
    assert f"about {load_durations()['ludo']['minutes']} min" in html  # measured, not guessed
    assert 'name="option.three_tries"' in html  # each option from its Option.describe()
    assert "> Three tries for a 6<" in html  # ... with its title and one-line explanation
    assert "roll up to three times for a 6." in html
    assert ">Algorithm: greedy<" in html and ">Algorithm: random<" in html  # in the fold
    for level in ("easy", "medium", "hard"):  # the named strengths come first
        assert f'<option value="{level}"' in html
    assert 'value="fast"' in html


def test_rules_pages_are_served_with_their_pictures(web: Any) -> None:
    """The lobby links each game's rules page; the page is the docs Markdown as HTML."""
    assert 'href="/rules/ludo"' in web.client.get("/").text
    page = web.client.get("/rules/ludo")
    assert page.status_code == 200
    assert "<table>" in page.text  # the options table
    assert '<img src="ludo-board.svg"' in page.text
    picture = web.client.get("/rules/ludo-board.svg")
    assert picture.status_code == 200
    assert picture.headers["content-type"] == "image/svg+xml"
    assert picture.text.startswith("<svg")


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/rules/chess", "unknown game"),
        ("/rules/nothing.svg", "no picture"),
        ("/rules/ludo.md.svg", "no picture"),
        ("/rules/..%2Fapi.md", "nothing at this address"),
    ],
)
def test_missing_rules_pages_get_a_404_with_a_message(web: Any, path: str, message: str) -> None:
    page = web.client.get(path)
    assert page.status_code == 404
    assert message in page.text.lower()


def test_lobby_lists_open_and_finished_tables(web: Any) -> None:
    table = web.create(listed=True)
    done = web.create(seats=["random", "random"], speed="fast", options=ONE_COLOUR, listed=True)
    web.wait_until_over(done)
    html = web.client.get("/").text
    open_part, finished_part = html.split('id="finished-tables"')
    assert f"/table/{table.id}" in open_part
    assert f"/table/{done.id}/replay" in finished_part


def test_games_api_describes_options_and_agents(web: Any) -> None:
    listed = {game["id"]: game for game in web.client.get("/api/games").json()}
    assert listed.keys() == {info.id for info in ludoteca.games()}
    ludo = listed["ludo"]
    assert (ludo["min_players"], ludo["max_players"]) == (2, 6)
    names = {o["name"]: o for o in ludo["options"]}
    assert names["board"]["choices"] == [4, 6]
    assert {"random", "greedy"} <= {a["name"] for a in ludo["agents"]}
    assert ludo["strengths"] == [
        {"name": level, "agent": spec}
        for level, spec in ludoteca.agents.strengths(ludoteca.load("ludo")).items()
    ]


# -- creating tables ------------------------------------------------------------------------


def test_form_creates_a_table_and_sends_the_creator_to_the_first_human_seat(web: Any) -> None:
    form = {
        "game": "ludo",
        "players": "3",
        "seat0": "greedy",
        "seat1": "human",
        "seat2": "human",
        "option.three_tries": "true",
        "option.colours_per_seat": "",
        "speed": "normal",
    }
    response = web.client.post("/tables", data=form, follow_redirects=False)
    assert response.status_code == 303
    link = response.headers["location"]
    seat, token = web.token_of(link)
    assert seat == 1
    assert token == web.app.state.manager.tables[link.split("/")[2].split("?")[0]].seat(1).token
    page = web.client.get(link)
    assert page.status_code == 200
    table_id = link.split("/")[2].split("?")[0]
    table = web.app.state.manager.tables[table_id]
    assert table.game.options["three_tries"] is True
    assert [s.kind for s in table.data.seats] == ["bot", "human", "human"]
    # The creator's page invites the other human seat and spectators.
    assert f"/table/{table_id}?seat=2&amp;token={table.data.seats[2].token}" in page.text
    assert f'value="http://testserver/table/{table_id}"' in page.text


def test_unchecked_checkbox_turns_a_true_default_off(web: Any) -> None:
    form = [("game", "ludo"), ("players", "2"), ("seat0", "human"), ("seat1", "human")]
    form += [("option.goal_bounce", "false")]  # the hidden field; the box was not ticked
    response = web.client.post("/tables", data=dict(form), follow_redirects=False)
    table_id = response.headers["location"].split("/")[2].split("?")[0]
    assert web.app.state.manager.tables[table_id].game.options["goal_bounce"] is False


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"game": "chess", "players": "2"}, "unknown game"),
        ({"game": "ludo", "players": "5", "option.board": "4"}, "six-colour board"),
        ({"game": "ludo", "players": "two"}, "whole number"),
        ({"game": "ludo", "players": "2", "seat1": "deep-blue"}, "unknown agent"),
        ({"game": "ludo", "speed": "warp"}, "speed is one of"),
        ({"players": "2"}, "choose a game"),
    ],
)
def test_form_mistakes_show_the_lobby_with_the_message(
    web: Any, form: dict[str, str], message: str
) -> None:
    response = web.client.post("/tables", data=form, follow_redirects=False)
    assert 400 <= response.status_code < 500
    assert "New table" in response.text
    assert message in response.text


def test_api_creates_a_table_with_links_for_humans_only(web: Any) -> None:
    table = web.create(players=3, seats=["greedy", "human", "random"])
    seats = table.created["seats"]
    assert [s["kind"] for s in seats] == ["bot", "human", "bot"]
    assert "link" not in seats[0] and "link" not in seats[2]
    assert table.created["play"] == seats[1]["link"]
    assert table.created["spectate"] == f"/table/{table.id}"


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"game": "chess"}, 400, "unknown game 'chess'; valid games: "),
        ({"game": "ludo", "players": 1}, 400, "2 to 6 players, not 1"),
        ({"game": "ludo", "players": 7}, 400, "2 to 6 players, not 7"),
        ({"game": "ludo", "options": {"turbo": True}}, 400, "unknown option turbo"),
        ({"game": "ludo", "options": {"board": 5}}, 400, "option 'board' takes one of 4, 6"),
        ({"game": "ludo", "players": 5, "options": {"board": 4}}, 400, "six-colour board"),
        ({"game": "ludo", "players": 2, "seats": ["human"]}, 400, "2 players need 2 seats"),
        ({"game": "ludo", "players": 2, "seats": ["human", "ai"]}, 400, "unknown agent 'ai'"),
        ({"game": "ludo", "players": 2, "seats": ["human", "greedy:x"]}, 400, "not key=value"),
        ({"game": "ludo", "players": 2, "seats": ["human", "random:x=1"]}, 400, "random takes"),
        ({"game": "ludo", "speed": "warp"}, 422, "speed"),
        ({"game": "ludo", "seed": -1}, 422, "seed"),
        ({"game": "ludo", "players": "many"}, 422, "players"),
        ({"game": "ludo", "colour": "red"}, 422, "colour"),
        ({"players": 2}, 422, "game: Field required"),
        ([], 422, "must be a JSON object"),
    ],
)
def test_bad_table_requests_get_a_4xx_with_a_message(
    web: Any, body: Any, status: int, message: str
) -> None:
    response = web.client.post("/api/tables", json=body)
    assert response.status_code == status, response.text
    assert message in response.json()["detail"]


def test_malformed_json_gets_a_4xx_with_a_message(web: Any) -> None:
    for path in ("/api/tables", f"/api/tables/{web.create().id}/actions"):
        response = web.client.post(
            path, content=b'{"game": ', headers={"Content-Type": "application/json"}
        )
        assert response.status_code == 422
        assert "not valid JSON" in response.json()["detail"]
        response = web.client.post(path, content=b"game=ludo")
        assert response.status_code == 422
        assert "must be a JSON object" in response.json()["detail"]


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)
FIELDS = ("game", "players", "seats", "options", "speed", "seed", "seat", "token", "action")


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=JSON_VALUES
    | st.dictionaries(st.sampled_from([*FIELDS, "notation"]), JSON_VALUES, max_size=5),
    path=st.sampled_from(["/api/tables", "actions"]),
)
def test_no_request_body_gets_a_500(web: Any, body: Any, path: str) -> None:
    if path == "actions":
        table = web.created_once()
        body = {"seat": 0, "token": table.tokens[0], **body} if isinstance(body, dict) else body
        path = f"/api/tables/{table.id}/actions"
    response = web.client.post(path, json=body)
    assert response.status_code < 500
    if response.status_code >= 400:
        assert isinstance(response.json()["detail"], str)


# -- seats, tokens and turns ----------------------------------------------------------------


def test_views_show_each_seat_its_own_moves_and_leak_no_token(web: Any) -> None:
    seed = 123_456_789_012
    table = web.create(seed=seed)
    to_move = web.view(table)["to_move"]
    other = 1 - to_move
    mover, waiter, spectator = (web.view(table, to_move), web.view(table, other), web.view(table))
    assert mover["your_turn"] and mover["legal"]
    assert 'data-action="' in mover["svg"]
    assert not waiter["your_turn"] and waiter["legal"] == []
    assert 'data-action="' not in waiter["svg"]
    assert spectator["seat"] is None and spectator["legal"] == []
    assert "observation" not in spectator and "invites" not in spectator
    assert mover["message"].startswith("Your turn")
    names = ("Red & Yellow", "Blue & Green")  # two players play two colours each
    assert waiter["message"] == f"Waiting for {names[to_move]}..."
    # Seat 0 created the table, so only its view holds seat 1's link; nobody sees the seed.
    for seat, view in ((0, web.view(table, 0)), (1, web.view(table, 1)), (None, spectator)):
        text = json.dumps(view)
        assert (table.tokens[1] in text) == (seat == 0)
        assert table.tokens[0] not in text
        assert str(seed) not in text and '"seed":' not in text


def test_a_seat_cannot_act_for_another_or_with_a_bad_token(web: Any) -> None:
    table = web.create()
    seat = web.view(table)["to_move"]
    action = web.view(table, seat)["legal"][0]["action"]
    before = web.view(table)["version"]
    cases = [
        ({"seat": seat, "token": table.tokens[1 - seat]}, 403, "wrong token"),
        ({"seat": seat, "token": "guess"}, 403, "wrong token"),
        ({"seat": seat, "token": '\u3cdb"b'}, 403, "wrong token"),  # not ASCII: no 500
        ({"seat": seat}, 403, "wrong token"),
        ({}, 403, "spectators cannot move"),
        ({"token": table.tokens[seat]}, 403, "needs its seat"),
        ({"seat": 5, "token": table.tokens[seat]}, 403, "no seat 5"),
        ({"seat": 1 - seat, "token": table.tokens[1 - seat]}, 409, "not yours"),
    ]
    for who, status, message in cases:
        response = web.client.post(
            f"/api/tables/{table.id}/actions", json={**who, "action": action}
        )
        assert response.status_code == status, (who, response.text)
        assert message in response.json()["detail"]
    assert web.view(table)["version"] == before


def test_a_bot_seat_cannot_be_played_by_a_person(web: Any) -> None:
    table = web.create(seats=["human", "greedy"], speed="normal")
    response = web.client.post(
        f"/api/tables/{table.id}/actions", json={"seat": 1, "token": "x", "action": 0}
    )
    assert response.status_code == 403
    assert "played by the bot greedy" in response.json()["detail"]


def test_views_need_the_right_token_too(web: Any) -> None:
    table = web.create()
    response = web.client.get(f"/api/tables/{table.id}", params={"seat": 0, "token": "nope"})
    assert response.status_code == 403 and "wrong token" in response.json()["detail"]
    page = web.client.get(f"/table/{table.id}", params={"seat": 0, "token": "nope"})
    assert page.status_code == 403 and "This link does not fit the seat of Red" in page.text


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ({"action": 999}, "is not a legal action here; legal:"),
        ({"notation": "zz"}, "is not a ludo move"),
        ({"action": 1, "notation": "1"}, "either"),
        ({}, "either"),
    ],
)
def test_illegal_and_unreadable_moves_get_a_422(web: Any, move: Any, message: str) -> None:
    table = web.create()
    seat = web.view(table)["to_move"]
    response = web.act(table, seat, **move)
    assert response.status_code == 422, response.text
    assert message in response.json()["detail"]


@pytest.mark.parametrize("action", ["12", 1.5, True, None, [1]])
def test_an_action_must_be_a_whole_number(web: Any, action: Any) -> None:
    table = web.create()
    seat = web.view(table)["to_move"]
    body = {"seat": seat, "token": table.tokens[seat], "action": action}
    if action is None:
        body["notation"] = 5
    response = web.client.post(f"/api/tables/{table.id}/actions", json=body)
    assert response.status_code == 422
    assert response.json()["detail"].startswith("malformed request")


def test_a_move_in_notation_is_applied_and_logged(web: Any) -> None:
    table = web.create()
    seat = web.view(table)["to_move"]
    notation = web.view(table, seat)["legal"][0]["notation"]
    response = web.act(table, seat, notation=notation)
    assert response.status_code == 200
    view = response.json()
    assert [seat, notation] in view["log"]
    assert view["version"] == len(web.state(table).history())


def test_unknown_tables_are_404_everywhere(web: Any) -> None:
    for path in ("/api/tables/nope", "/table/nope", "/table/nope/record.json"):
        response = web.client.get(path)
        assert response.status_code == 404, path
        assert "there is no table" in response.text
    response = web.client.post("/api/tables/nope/actions", json={"seat": 0, "action": 1})
    assert response.status_code == 404


# -- finished games: records and replays -----------------------------------------------------


def test_bots_play_to_the_end_and_the_record_replays_to_the_live_state(web: Any) -> None:
    table = web.create(seats=["greedy", "random"], speed="fast", options=ONE_COLOUR)
    web.wait_until_over(table)
    view = web.view(table)
    result = view["result"]
    assert result["text"].startswith(("Red (medium bot) wins", "Yellow (easy bot) wins"))
    assert result["headline"] == result["text"]  # spectators see who won
    assert len(result["lines"]) == 2 and " is 2nd" in result["lines"][1]
    assert view["message"].startswith("Game over")
    response = web.client.get(f"/table/{table.id}/record.json")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = Record.from_json(response.json())
    assert record.seats == ["greedy", "random"]
    live = web.state(table)
    assert record.replay() == live
    assert record.result == live.returns()
    assert record.moves == Record.of(live, seats=record.seats).moves


def test_record_and_replay_wait_for_the_end(web: Any) -> None:
    table = web.create()
    for path in ("record.json", "replay", "replay/0.json"):
        response = web.client.get(f"/table/{table.id}/{path}")
        assert response.status_code == 409
        assert "not finished" in response.text


def test_replay_steps_through_every_position(web: Any) -> None:
    table = web.create(seats=["random", "random"], speed="fast", options=ONE_COLOUR)
    web.wait_until_over(table)
    view = web.view(table)
    moves, story = view["log"], view["story"]
    base = f"/table/{table.id}/replay"
    page = web.client.get(base)
    assert page.status_code == 200 and 'id="slider"' in page.text
    first = web.client.get(f"{base}/0.json").json()
    assert (first["step"], first["last"], first["caption"]) == (0, len(moves), "Start")
    step = web.client.get(f"{base}/3.json").json()
    assert story[2]["text"] in step["caption"].split(" · ")  # with the rest of its turn
    assert step["svg"].startswith("<svg") and 'data-action="' not in step["svg"]
    svg = web.client.get(f"{base}/{len(moves)}.svg")
    assert svg.headers["content-type"].startswith("image/svg+xml")
    assert "Game over" in svg.text
    outside = web.client.get(f"{base}/{len(moves) + 1}.json")
    assert outside.status_code == 404 and "outside this game" in outside.json()["detail"]


def test_a_runaway_bot_game_is_stopped_at_the_cap(database: str, make_kit: Any) -> None:
    app = create_app(database, bot_delay=0.0, max_actions=40)
    with TestClient(app) as client:
        web = make_kit(app, client)
        table = web.create(players=4, seats=["random"] * 4, speed="fast")
        web.wait_until_over(table)
        view = web.view(table)
        assert web.app.state.manager.store.get(table.id).status == "abandoned"
        record = Record.from_json(client.get(f"/table/{table.id}/record.json").json())
        assert record.replay() == web.state(table) and record.result is None
    assert view["status"] == "abandoned"
    assert "stopped after" in view["message"]


# -- persistence ---------------------------------------------------------------------------


def test_a_restarted_server_continues_every_game(database: str, make_kit: Any) -> None:
    first = create_app(database, bot_delay=0.0)
    with TestClient(first) as client:
        web = make_kit(first, client)
        table = web.create(seed=11)
        web.play_first_moves(table, 12)
        before = web.state(table).to_json()
        log = web.view(table)["log"]
    second = create_app(database, bot_delay=0.0)
    with TestClient(second) as client:
        web = make_kit(second, client)
        assert web.state(table).to_json() == before  # rebuilt from the seed and stored moves
        assert web.view(table)["log"] == log
        web.play_first_moves(table, 3)
        after = web.state(table).to_json()
    third = create_app(database, bot_delay=0.0)
    with TestClient(third) as client:
        assert make_kit(third, client).state(table).to_json() == after


def test_bots_resume_after_a_restart(database: str, make_kit: Any) -> None:
    slow = create_app(database, bot_delay=60.0)
    with TestClient(slow) as client:
        web = make_kit(slow, client)
        table = web.create(seats=["human", "greedy"], speed="normal", seed=3)
        while web.view(table)["to_move"] == 0:
            web.play_first_moves(table, 1)
        assert web.view(table)["to_move"] == 1  # the bot waits its 60 s
        waiting = web.view(table)["version"]
    fast = create_app(database, bot_delay=0.0)
    with TestClient(fast) as client:
        web = make_kit(fast, client)
        web.wait_for(lambda: web.view(table)["to_move"] != 1 or web.view(table)["result"])
        assert web.view(table)["version"] > waiting
