"""What makes a move cheap must not change what anyone sees or what is stored (issue 19).

A step's view is built and encoded once per viewpoint (seat and language) and sent as the same
text to every socket of that viewpoint; a step, a bot's included, is stored in one commit: the
decision with the chance outcomes drawn after it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from ludoteca.core.api import CHANCE
from ludoteca.store.tables import MoveData
from ludoteca.web.live import view_message
from ludoteca.web.table.table import Table


def socket_path(table: Any, seat: int | None = None) -> str:
    if seat is None:
        return f"/ws/table/{table.id}"
    return f"/ws/table/{table.id}?seat={seat}&token={table.tokens[seat]}"


def next_view_text(socket: Any) -> str:
    """The text of the next view message (presence, chat and the like are passed over)."""
    while True:
        text: str = socket.receive_text()
        if json.loads(text)["type"] == "view":
            return text


def test_two_sockets_of_one_seat_get_the_same_view_built_once(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = web.create()
    mover = web.view(table)["to_move"]
    built: list[int | None] = []
    original = view_message.table_view

    def counted(live: Table, seat: int | None, since: int | None = None) -> dict[str, Any]:
        built.append(seat)
        return original(live, seat, since)

    monkeypatch.setattr(view_message, "table_view", counted)
    with (
        web.client.websocket_connect(socket_path(table, mover)) as first,
        web.client.websocket_connect(socket_path(table, mover)) as second,
        web.client.websocket_connect(socket_path(table)) as watching,
    ):
        opening = json.loads(next_view_text(first))["view"]
        next_view_text(second)
        next_view_text(watching)
        built.clear()
        first.send_json({"action": opening["legal"][0]["action"]})
        texts = [next_view_text(s) for s in (first, second)]
        spectator = json.loads(next_view_text(watching))["view"]
        assert sorted(built, key=str) == [mover, None]  # once per viewpoint, not per socket
    assert texts[0] == texts[1]
    message = json.loads(texts[0])
    assert message["type"] == "view" and message["view"]["version"] > opening["version"]
    assert message["view"] == web.view(table, mover)  # what the API answers the seat
    assert spectator == web.view(table) and spectator["seat"] is None


def test_a_step_is_one_commit_of_a_decision_and_its_chance(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot's move and the dice drawn after it are stored together, and the stored moves
    rebuild the very position the server plays on."""
    store = web.app.state.manager.store
    commits: list[list[MoveData]] = []
    original = store.add_steps

    def recorded(steps: Any) -> None:
        commits.extend(list(step.moves) for step in steps)
        original(steps)

    monkeypatch.setattr(store, "add_steps", recorded)
    table = web.create(seats=["human", "greedy"], speed="fast")
    web.play_first_moves(table, 4)
    web.wait_for(lambda: web.view(table)["to_move"] == 0)
    decisions = [moves for moves in commits if moves and moves[0].player >= 0]
    assert {moves[0].player for moves in decisions} == {0, 1}  # the person's and the bot's
    for moves in commits:
        assert all(move.player == CHANCE for move in moves[1:])
    live = web.app.state.manager.tables[table.id]
    stored = store.get(table.id)
    assert stored is not None and stored.moves == live.moves
    assert [move for moves in commits for move in moves] == live.moves
    rebuilt, owed = Table.build(stored)
    assert owed == [] and rebuilt.state.to_json() == live.state.to_json()
