"""Every bound of `web/http/limits.py`, one by one (issue 36: no test named minimax's).

docs/web.md, "Limits": "a request body is at most 64 KiB (413 beyond), a table at most 16 seats,
an agent spec at most 200 characters, a WebSocket message at most 4096 characters", and the
bots' ceilings: "at most 10 seconds per move (`mcts:seconds`, `alphabeta:time`), 200,000 MCTS
iterations, a rollout depth of 1,000, search depth 8 (minimax 4), expectimax width and samples
64, quiescence 8" (and `learned`'s width and samples 64). Each bound is checked at the bound
(allowed) and just past it (refused, the message naming the parameter and the limit).
"""

from __future__ import annotations

from typing import Any

import pytest

import ludoteca
from ludoteca import agents
from ludoteca.web.http.limits import (
    MAX_BODY,
    MAX_MESSAGE,
    MAX_SEATS,
    MAX_SPEC,
    BodyLimit,
    BotLimits,
)

# (game, the spec at the ceiling, the spec just past it, what the refusal says)
CEILINGS = [
    ("ludo", "mcts:seconds=10", "mcts:seconds=10.5", "mcts seconds=10.5 is over", "10"),
    (
        "ludo",
        "mcts:iterations=200000",
        "mcts:iterations=200001",
        "mcts iterations=200001 is over",
        "200000",
    ),
    (
        "ludo",
        "mcts:iterations=10,depth=1000",
        "mcts:iterations=10,depth=1001",
        "mcts depth=1001 is over",
        "1000",
    ),
    (
        "siege",
        "alphabeta:compiled=0,time=10",
        "alphabeta:compiled=0,time=11",
        "alphabeta time=11 is over",
        "10",
    ),
    (
        "siege",
        "alphabeta:compiled=0,depth=8",
        "alphabeta:compiled=0,depth=9",
        "alphabeta depth=9 is over",
        "8",
    ),
    (
        "siege",
        "alphabeta:compiled=0,quiescence=8",
        "alphabeta:compiled=0,quiescence=9",
        "alphabeta quiescence=9 is over",
        "8",
    ),
    ("siege", "minimax:depth=4", "minimax:depth=5", "minimax depth=5 is over", "4"),
    ("ludo", "expectimax:depth=8", "expectimax:depth=9", "expectimax depth=9 is over", "8"),
    ("ludo", "expectimax:width=64", "expectimax:width=65", "expectimax width=65 is over", "64"),
    (
        "ludo",
        "expectimax:samples=64",
        "expectimax:samples=65",
        "expectimax samples=65 is over",
        "64",
    ),
    ("ludo", "learned:width=64", "learned:width=65", "learned width=65 is over", "64"),
    ("ludo", "learned:samples=64", "learned:samples=65", "learned samples=65 is over", "64"),
]


def breach(game_id: str, spec: str, limits: BotLimits | None = None) -> str | None:
    game = ludoteca.load(game_id, players=2)
    return (limits or BotLimits()).breach(agents.load(spec, game, seed=0))


@pytest.mark.parametrize(
    ("game", "at", "past", "said", "ceiling"), CEILINGS, ids=[c[2] for c in CEILINGS]
)
def test_each_bot_ceiling_allows_its_bound_and_refuses_past_it(
    game: str, at: str, past: str, said: str, ceiling: str
) -> None:
    assert breach(game, at) is None, at
    assert breach(game, past) == f"{said} this server's limit of {ceiling}"


def test_the_default_ceilings_are_those_the_documentation_names() -> None:
    limits = BotLimits()
    assert (limits.seconds, limits.iterations, limits.rollout_depth) == (10.0, 200_000, 1000)
    assert (limits.depth, limits.minimax_depth, limits.quiescence) == (8, 4, 8)
    assert (limits.width, limits.samples) == (64, 64)


def test_minimax_has_a_ceiling_of_its_own_below_alphabetas() -> None:
    """minimax searches every branch, so its depth is bounded at 4 where alphabeta's is 8."""
    assert breach("siege", "minimax:depth=5") is not None
    assert breach("siege", "alphabeta:compiled=0,depth=5") is None
    assert breach("siege", "minimax:depth=5", BotLimits(minimax_depth=5)) is None
    assert breach("siege", "minimax:depth=4", BotLimits(depth=2)) is None  # not alphabeta's


def test_mcts_needs_iterations_or_seconds() -> None:
    """No spec gives such an agent (the parser asks for iterations >= 1 without seconds), but an
    agent built in code may: the ceiling refuses an unbounded search all the same."""
    agent = agents.load("mcts:iterations=5", ludoteca.load("ludo", players=2), seed=0)
    agent.iterations = 0
    assert BotLimits().breach(agent) == "mcts needs iterations (at most 200000) or seconds"
    agent.seconds = 1.0
    assert BotLimits().breach(agent) is None


def test_a_limit_written_as_a_person_would_write_it() -> None:
    assert breach("ludo", "mcts:seconds=1e9") == (
        "mcts seconds=1000000000 is over this server's limit of 10"
    )
    assert breach("ludo", "mcts:seconds=2.5", BotLimits(seconds=2.25)) == (
        "mcts seconds=2.5 is over this server's limit of 2.25"
    )


def test_bots_without_a_search_have_no_ceiling() -> None:
    assert breach("ludo", "random") is None
    assert breach("ludo", "greedy") is None


def test_minimax_past_its_ceiling_is_a_400_naming_it(web: Any) -> None:
    body = {"game": "siege", "players": 2, "seats": ["human", "minimax:depth=5"]}
    response = web.client.post("/api/tables", json=body)
    assert response.status_code == 400 and response.json()["code"] == "bad_agent"
    assert "minimax depth=5 is over this server's limit of 4" in response.json()["detail"]
    body["seats"] = ["human", "minimax:depth=4"]
    assert web.client.post("/api/tables", json=body).status_code == 201


def test_an_agent_spec_of_200_characters_is_read_and_one_of_201_is_not(web: Any) -> None:
    padded = "random" + " " * (MAX_SPEC - len("random"))  # 200 characters, a spec once stripped
    assert len(padded) == MAX_SPEC == 200
    at = web.client.post("/api/tables", json={"game": "ludo", "seats": ["human", padded]})
    assert at.status_code != 422, at.text
    past = web.client.post("/api/tables", json={"game": "ludo", "seats": ["human", padded + " "]})
    assert past.status_code == 422 and "seats.1" in past.json()["detail"]


def test_a_table_of_16_seats_is_read_and_one_of_17_is_not(web: Any) -> None:
    at = web.client.post("/api/tables", json={"game": "ludo", "seats": ["human"] * MAX_SEATS})
    assert MAX_SEATS == 16 and at.status_code == 400  # read, and refused by the game's count
    assert at.json()["code"] == "wrong_seat_count"
    past = web.client.post("/api/tables", json={"game": "ludo", "seats": ["human"] * 17})
    assert past.status_code == 422 and past.json()["code"] == "validation_error"


def test_a_body_of_64_kib_is_read_and_one_byte_more_is_not(web: Any) -> None:
    def body(size: int) -> bytes:  # a table request padded with white space
        start, end = b'{"game": "ludo"', b"}"
        return start + b" " * (size - len(start) - len(end)) + end

    assert MAX_BODY == 64 * 1024
    json = {"content-type": "application/json"}
    at = web.client.post("/api/tables", content=body(MAX_BODY), headers=json)
    assert len(body(MAX_BODY)) == MAX_BODY and at.status_code == 201, at.text
    past = web.client.post("/api/tables", content=body(MAX_BODY + 1), headers=json)
    assert past.status_code == 413 and past.json()["params"] == {"limit": MAX_BODY}


def test_a_socket_message_of_4096_characters_is_read_and_one_more_is_not(web: Any) -> None:
    table = web.create()
    mover = web.view(table)["to_move"]
    path = f"/ws/table/{table.id}?seat={mover}&token={table.tokens[mover]}"

    def message(size: int) -> str:
        start, end = '{"notation": "', '"}'
        return start + "z" * (size - len(start) - len(end)) + end

    with web.client.websocket_connect(path) as socket:
        socket.receive_json()
        replies = []
        for size in (MAX_MESSAGE, MAX_MESSAGE + 1):
            socket.send_text(message(size))
            reply = socket.receive_json()
            while reply["type"] != "error":
                reply = socket.receive_json()
            replies.append(reply)
    assert MAX_MESSAGE == 4096
    assert replies[0]["code"] == "bad_notation"  # read, and not a move of this game
    assert replies[1]["code"] == "message_too_long" and replies[1]["params"]["limit"] == 4096


def limited(headers: list[tuple[bytes, bytes]], chunks: list[bytes]) -> tuple[list[Any], int]:
    """What `BodyLimit` (limit 10 bytes) sends for a request with `headers` whose body comes
    in `chunks`, and how many times it read the body."""
    import asyncio

    sent: list[Any] = []
    reads = 0

    async def app(scope: Any, receive: Any, send: Any) -> None:
        while (await receive()).get("more_body"):
            pass
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    async def receive() -> dict[str, Any]:
        nonlocal reads
        reads += 1
        last = reads >= len(chunks)
        return {"type": "http.request", "body": chunks[reads - 1], "more_body": not last}

    async def send(message: Any) -> None:
        sent.append(message)

    scope = {"type": "http", "headers": headers}
    asyncio.run(BodyLimit(app, limit=10)(scope, receive, send))
    return sent, reads


def test_a_declared_length_over_the_limit_is_refused_before_the_body_is_read() -> None:
    sent, reads = limited([(b"content-length", b"11")], [b"x" * 11])
    assert reads == 0 and sent[0]["status"] == 413
    body = sent[1]["body"]
    assert dict(sent[0]["headers"])[b"content-length"] == str(len(body)).encode()
    assert dict(sent[0]["headers"])[b"content-type"] == b"application/json"
    assert b'"code": "too_large"' in body and b'"limit": 10' in body
    for declared in (b"ten", b"-1", b"1e3"):  # not a length: refused too
        sent, reads = limited([(b"content-length", declared)], [b"x"])
        assert reads == 0 and sent[0]["status"] == 413, declared


def test_a_body_is_counted_as_it_comes_and_cut_off_past_the_limit() -> None:
    sent, reads = limited([(b"content-length", b"10")], [b"x" * 10])
    assert [m.get("status") for m in sent] == [200, None] and reads == 1  # the limit is allowed
    sent, _reads = limited([], [b"x" * 6, b"x" * 4])  # streamed: 10 bytes in all
    assert sent[0]["status"] == 200
    sent, _reads = limited([], [b"x" * 6, b"x" * 5])  # 11: refused, the app's answer dropped
    assert [m.get("status") for m in sent] == [413, None]
    assert b"too_large" in sent[1]["body"]


def test_a_socket_passes_the_body_limit_untouched() -> None:
    import asyncio

    seen: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.append(scope["type"])

    async def nothing() -> Any:
        raise AssertionError("not read")

    asyncio.run(BodyLimit(app, limit=1)({"type": "websocket"}, nothing, nothing))
    assert seen == ["websocket"]
