"""docs/web.md's promises about takebacks at a table of three or more people (issue 36).

Every other takeback test has at most two people, where "every other person accepts" and "any
other person accepts" look the same; here three people sit at the table. Nothing here depends
on which dice follow a takeback.
"""

from __future__ import annotations

from typing import Any

from test_social import next_of

from ludoteca.web.social.takeback import mirror


def three_people(web: Any) -> tuple[Any, int, list[int], int]:
    """A ludo table of three people after one move of `mover`: (table, mover, others, at),
    `at` the number of moves before it (where a takeback goes back to)."""
    table = web.create(players=3, seats=["human", "human", "human"], speed="fast")
    mover = web.view(table)["to_move"]
    at = web.view(table)["version"]
    web.play_first_moves(table, 1)
    others = [seat for seat in range(3) if seat != mover]
    return table, mover, others, at


def proof(table: Any, seat: int, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "token": table.tokens[seat], **extra}


def test_a_takeback_between_three_people_waits_until_every_other_person_accepts(web: Any) -> None:
    """docs/web.md: "with other people at the table it is a request every other person accepts"."""
    table, mover, (first, second), at = three_people(web)
    path = f"/api/tables/{table.id}/takeback"
    played = web.view(table)["version"]
    asked = web.client.post(path, json=proof(table, mover)).json()
    assert asked["state"] == "asked" and sorted(asked["waiting_for"]) == [first, second]

    one = web.client.post(path + "/answer", json=proof(table, first, accept=True)).json()
    assert one["state"] == "asked" and one["waiting_for"] == [second]  # one of two is not all
    assert web.view(table)["version"] == played, "taken back before everyone accepted"
    again = web.client.post(path + "/answer", json=proof(table, first, accept=True)).json()
    assert again["waiting_for"] == [second]  # accepting twice counts once

    done = web.client.post(path + "/answer", json=proof(table, second, accept=True)).json()
    assert done["state"] == "done" and done["at"] == at and done["seat"] == mover
    assert web.view(table)["version"] == at and web.view(table)["to_move"] == mover


def test_one_refusal_ends_a_request_that_another_person_accepted(web: Any) -> None:
    """docs/web.md: "one refusal ends it", also after someone else accepted; a new request then
    waits for everyone again."""
    table, mover, (first, second), _at = three_people(web)
    path = f"/api/tables/{table.id}/takeback"
    played = web.view(table)["version"]
    web.client.post(path, json=proof(table, mover))
    web.client.post(path + "/answer", json=proof(table, first, accept=True))
    refused = web.client.post(path + "/answer", json=proof(table, second, accept=False)).json()
    assert refused["state"] == "refused" and refused["by"] == second
    assert web.view(table)["version"] == played
    late = web.client.post(path + "/answer", json=proof(table, first, accept=True))
    assert late.status_code == 409 and late.json()["code"] == "no_takeback_request"

    asked = web.client.post(path, json=proof(table, mover)).json()
    assert sorted(asked["waiting_for"]) == [first, second]  # the earlier acceptance is gone


def test_a_request_waiting_is_told_to_a_socket_that_opens_and_to_a_spectator(web: Any) -> None:
    """docs/web.md, WebSocket: `{"type": "takeback", "state": "asked", "seat", "waiting_for"}`
    goes to everyone, "also to a new socket while it waits"; a spectator may not ask."""
    table, mover, (first, second), _at = three_people(web)
    path = f"/api/tables/{table.id}/takeback"
    web.client.post(path, json=proof(table, mover))
    web.client.post(path + "/answer", json=proof(table, first, accept=True))
    with web.client.websocket_connect(f"/ws/table/{table.id}") as late:
        told = next_of(late, "takeback")
    assert (told["state"], told["seat"], told["waiting_for"]) == ("asked", mover, [second])
    spectator = web.client.post(path, json={})
    assert spectator.status_code == 403 and spectator.json()["code"] == "not_seated"


def test_the_takeback_message_comes_before_the_view_of_the_earlier_position(web: Any) -> None:
    """docs/web.md: `"state": "done", "seat", "at", "undone", "time"`, "just before the views of
    the earlier position (whose `version` is lower)"."""
    table, mover, others, at = three_people(web)
    path = f"/api/tables/{table.id}/takeback"
    played = web.view(table)["version"]
    with web.client.websocket_connect(f"/ws/table/{table.id}") as socket:
        next_of(socket, "presence")  # greeted: what follows is news
        web.client.post(path, json=proof(table, mover))
        for seat in others:
            web.client.post(path + "/answer", json=proof(table, seat, accept=True))
        heard = [socket.receive_json()]
        while not (heard[-1]["type"] == "view" and heard[-1]["view"]["version"] < played):
            heard.append(socket.receive_json())
    done = [m for m in heard if m["type"] == "takeback" and m["state"] == "done"]
    assert len(done) == 1, "no takeback message before the view of the earlier position"
    assert set(done[0]) >= {"seat", "at", "undone", "time"} and done[0]["at"] == at
    assert len(done[0]["undone"]) == played - at
    assert heard[-1]["view"]["version"] == at


def test_nothing_can_be_taken_back_once_the_game_is_over(web: Any) -> None:
    """docs/web.md, error codes: `nothing_to_take_back`, "the seat has not moved yet, or the game
    is over"."""
    table, mover, _others, _at = three_people(web)
    ended = web.client.post(f"/api/tables/{table.id}/end", json=proof(table, 0))
    assert ended.status_code == 200, ended.text
    answer = web.client.post(f"/api/tables/{table.id}/takeback", json=proof(table, mover))
    assert answer.status_code == 409 and answer.json()["code"] == "nothing_to_take_back"
    assert answer.json()["detail"] == "the game is closed: nothing can be taken back"
    assert answer.json()["params"] == {"status": "closed"}


def test_a_person_who_has_not_moved_has_nothing_to_take_back(web: Any) -> None:
    table, _mover, others, _at = three_people(web)
    answer = web.client.post(f"/api/tables/{table.id}/takeback", json=proof(table, others[0]))
    assert answer.status_code == 409 and answer.json()["code"] == "nothing_to_take_back"
    assert answer.json()["detail"] == "you have not made a move yet: there is nothing to take back"


def test_a_request_told_by_another_process_is_kept_so_an_answer_here_counts(web: Any) -> None:
    """workers.py: a takeback request "is kept on each [process], so it may be answered through
    any" (`takeback.mirror` of the message another process told)."""
    table, mover, (first, second), at = three_people(web)
    live = web.app.state.manager.tables[table.id]
    mirror(live, {"type": "takeback", "state": "asked", "seat": mover, "waiting_for": [second]})
    assert (live.takeback.seat, live.takeback.accepted) == (mover, {first})
    path = f"/api/tables/{table.id}/takeback/answer"
    done = web.client.post(path, json=proof(table, second, accept=True)).json()
    assert done["state"] == "done" and done["at"] == at
    mirror(live, {"type": "takeback", "state": "refused", "seat": mover, "waiting_for": []})
    assert live.takeback is None
