"""Every input is bounded before work is done (issue 17, findings 1, 3, 4 and the bot ceilings).

Each test names the finding of the outside review it guards against.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.web.http.limits import MAX_BODY, MAX_SEATS, BotLimits
from ludoteca.web.server import create_app


def test_a_huge_player_count_in_the_form_is_refused_at_once(web: Any) -> None:
    """Finding 1: `players=99999999999999999999` built that many seats before any check."""
    started = time.monotonic()
    for count in ("99999999999999999999", "10000000", str(MAX_SEATS + 1)):
        response = web.client.post("/tables", data={"game": "ludo", "players": count})
        assert response.status_code == 400
        assert f"at most {MAX_SEATS}" in response.text
    assert time.monotonic() - started < 10.0  # before: no answer after 8 s for the first


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "ludo", "players": 10**12}, "players"),
        ({"game": "ludo", "seats": ["human"] * (MAX_SEATS + 1)}, "seats"),
        ({"game": "ludo", "seats": ["x" * 1000, "human"]}, "seats.0"),
    ],
)
def test_oversized_api_requests_are_refused_with_the_field(
    web: Any, body: dict[str, Any], message: str
) -> None:
    """Finding 1: list lengths and counts are bounded by the request model."""
    response = web.client.post("/api/tables", json=body)
    assert response.status_code == 422
    assert message in response.json()["detail"]


def test_a_body_over_the_limit_is_answered_413(web: Any) -> None:
    """Finding 1: the body itself is bounded before it is parsed."""
    padding = "x" * (MAX_BODY + 1)
    response = web.client.post(
        "/api/tables", content=f'{{"game": "ludo", "pad": "{padding}"}}'.encode()
    )
    assert response.status_code == 413
    assert f"over {MAX_BODY} bytes" in response.json()["detail"]

    def chunks() -> Any:  # no Content-Length: the stream is counted as it comes
        yield b'{"game": "ludo", "pad": "'
        for _ in range(MAX_BODY // 1000 + 2):
            yield b"x" * 1000
        yield b'"}'

    streamed = web.client.post("/api/tables", content=chunks())
    assert streamed.status_code == 413


@pytest.mark.parametrize("where", ["api", "form"])
def test_players_given_as_an_option_is_a_400(web: Any, where: str) -> None:
    """Finding 3: `options: {"players": 3}` answered 500 (multiple values for `players`)."""
    if where == "api":
        response = web.client.post("/api/tables", json={"game": "ludo", "options": {"players": 3}})
        assert response.status_code == 400
        assert "not an option" in response.json()["detail"]
    else:
        response = web.client.post("/tables", data={"game": "ludo", "option.players": "3"})
        assert response.status_code == 400
        assert "not an option" in response.text
    assert web.client.get("/api/games").status_code == 200  # the connection still serves


GREETINGS = {"chat-history", "presence", "rematch", "takeback"}


def test_a_deeply_nested_socket_message_gets_an_error_not_a_drop(web: Any) -> None:
    """Finding 4: 5,000 nested `[` raised RecursionError and dropped the socket."""
    table = web.create()
    mover = web.view(table)["to_move"]
    path = f"/ws/table/{table.id}?seat={mover}&token={table.tokens[mover]}"
    with web.client.websocket_connect(path) as socket:
        view = socket.receive_json()["view"]
        for message in ("[" * 3000, "[" * 5000, '{"notation": "' + "a" * 5000 + '"}'):
            socket.send_text(message)
            reply = socket.receive_json()
            while reply["type"] in GREETINGS:  # what a new socket is told first (chat, presence)
                reply = socket.receive_json()
            assert reply["type"] == "error"
            assert "nested" in reply["error"] or "at most" in reply["error"]
        socket.send_json({"action": view["legal"][0]["action"]})
        assert socket.receive_json()["view"]["version"] > view["version"]


@pytest.mark.parametrize(
    ("spec", "limit"),
    [
        ("mcts:seconds=1e9", "seconds=1000000000 is over this server's limit of 10"),
        ("mcts:iterations=1000000000000", "iterations=1000000000000 is over this server's limit"),
        ("alphabeta:depth=1000", "depth=1000 is over this server's limit of 8"),
        ("expectimax:width=100000", "width=100000 is over this server's limit of 64"),
    ],
)
def test_bot_specs_beyond_the_servers_ceiling_are_a_400_naming_it(
    web: Any, spec: str, limit: str
) -> None:
    """Finding 2: bot specs had no upper bound (`mcts:seconds=1e9` was accepted)."""
    game = "siege" if spec.startswith("alphabeta") else "ludo"
    response = web.client.post(
        "/api/tables", json={"game": game, "players": 2, "seats": ["human", spec]}
    )
    assert response.status_code == 400, response.text
    assert limit in response.json()["detail"]


def test_the_ceilings_are_per_server(database: str) -> None:
    """A server may allow more (or less) than the default ceilings."""
    app = create_app(database, bot_delay=0.0, bot_limits=BotLimits(iterations=50))
    with TestClient(app) as client:
        body = {"game": "ludo", "players": 2, "seats": ["human", "mcts:iterations=60"]}
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400
        assert "limit of 50" in response.json()["detail"]
        body["seats"] = ["human", "mcts:iterations=40"]
        assert client.post("/api/tables", json=body).status_code == 201


def test_the_default_strengths_fit_the_default_ceilings() -> None:
    """Every game's named strengths stay playable on a server with the default limits."""
    import ludoteca
    from ludoteca import agents

    for info in ludoteca.games():
        for players in range(info.min_players, info.max_players + 1):
            game = ludoteca.load(info.id, players=players)
            for spec in agents.strengths(game).values():
                assert BotLimits().breach(agents.load(spec, game, seed=0)) is None, spec


def test_an_agent_seed_parameter_is_one_clear_sentence(web: Any) -> None:
    """Finding 8: `random:seed=1` gave "got multiple values for keyword argument 'seed'"."""
    response = web.client.post(
        "/api/tables", json={"game": "ludo", "players": 2, "seats": ["human", "random:seed=1"]}
    )
    assert response.status_code == 400
    detail = response.json()["detail"]
    assert "seed is not a parameter" in detail and "multiple values" not in detail
