"""Private tables that tidy themselves (issue 35.4): unlisted unless their creator lists them,
a person resigns (two seats) or leaves (a bot plays on), the creator ends or deletes a table,
and a table nobody touched for the set time is closed, its record kept."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select

from ludoteca.store.social import ChatRow
from ludoteca.store.tables import MoveRow, TableRow

TWO = {"seats": ["human", "human"]}


def listed_ids(web: Any) -> set[str]:
    listing = web.client.get("/api/tables").json()
    return {t["id"] for rows in listing.values() for t in rows}


def post(web: Any, table: Any, seat: int, what: str, **body: Any) -> Any:
    proof = {"seat": seat, "token": table.tokens[seat]}
    return web.client.post(f"/api/tables/{table.id}/{what}", json={**proof, **body})


def test_a_new_table_is_private_until_its_creator_lists_it(web: Any) -> None:
    table = web.create(**TWO, names=["Anna", "Ben"])
    assert table.id not in listed_ids(web)
    assert "Anna" not in web.client.get("/").text  # the family's names are not on show
    assert web.client.get(f"/table/{table.id}").status_code == 200  # its links still open it
    assert web.view(table)["listed"] is False
    assert post(web, table, 1, "listed", listed=True).json()["code"] == "not_creator"
    assert post(web, table, 0, "listed", listed=True).json() == {"listed": True}
    assert table.id in listed_ids(web) and "Anna" in web.client.get("/").text
    assert web.view(table)["listed"] is True
    post(web, table, 0, "listed", listed=False)
    assert table.id not in listed_ids(web)


def test_the_lobby_form_may_list_a_table_and_a_rematch_keeps_it_so(web: Any) -> None:
    form = {"game": "ludo", "players": "2", "seat0": "human", "seat1": "random", "speed": "fast"}
    made = web.client.post("/tables", data={**form, "listed": "true"}, follow_redirects=False)
    table_id = made.headers["location"].split("/")[2].split("?")[0]
    assert table_id in listed_ids(web)
    hidden = web.client.post("/tables", data={**form, "listed": "false"}, follow_redirects=False)
    assert hidden.headers["location"].split("/")[2].split("?")[0] not in listed_ids(web)


def test_leaving_a_game_of_two_resigns_it_and_the_other_wins(web: Any) -> None:
    table = web.create(**TWO, names=["Anna", "Ben"])
    web.play_first_moves(table, 1)
    assert post(web, table, 0, "leave").status_code == 200
    view = web.view(table)
    assert view["status"] == "finished"
    assert view["ending"] == {"why": "resigned", "seat": 0}
    assert view["result"]["winners"] == [1]
    assert view["result"]["lines"] == ["Ben wins", "Anna resigned"]
    assert web.act(table, 1, action=0).json()["code"] == "game_over"
    assert web.client.get(f"/table/{table.id}/record.json").status_code == 200
    assert post(web, table, 1, "leave").json()["code"] == "game_over"


def test_leaving_a_game_of_more_gives_the_seat_to_a_bot_and_the_game_goes_on(web: Any) -> None:
    """Our ruling (web/live/endings.py): the others play on; the game's medium bot takes the
    seat."""
    table = web.create(game="ludo", players=3, seats=["human", "human", "human"], seed=3)
    assert post(web, table, 1, "leave").status_code == 200
    view = web.view(table)
    assert view["status"] == "playing" and view["ending"] is None
    assert view["seats"][1]["kind"] == "bot" and view["seats"][1]["agent"] == "medium"
    assert (
        web.client.get(
            f"/api/tables/{table.id}", params={"seat": 1, "token": table.tokens[1]}
        ).json()["code"]
        == "bot_seat"
    )
    web.play_first_moves(table, 3)  # the bot plays seat 1 between the people's moves
    players = {player for player, _notation in web.view(table)["log"]}
    assert 1 in players


def test_only_a_seated_person_may_leave(web: Any) -> None:
    table = web.create(**TWO)
    answer = web.client.post(f"/api/tables/{table.id}/leave", json={})
    assert answer.status_code == 403 and answer.json()["code"] == "not_seated"


def test_the_creator_ends_a_table_which_leaves_the_lists_and_keeps_its_record(web: Any) -> None:
    table = web.create(**TWO, listed=True)
    web.play_first_moves(table, 2)
    assert post(web, table, 1, "end").json()["code"] == "not_creator"
    ended = post(web, table, 0, "end").json()
    assert ended["status"] == "closed" and ended["ending"] == {"why": "ended"}
    assert ended["message"].startswith("This table was closed by")
    assert table.id not in listed_ids(web)
    record = web.client.get(f"/table/{table.id}/record.json")
    assert record.status_code == 200 and len(record.json()["moves"]) == len(ended["log"])
    assert web.client.get(f"/table/{table.id}/replay").status_code == 200
    assert web.act(table, web.view(table)["to_move"] or 0, action=0).json()["code"] == "game_over"
    with web.client.websocket_connect(f"/ws/table/{table.id}") as watching:
        assert watching.receive_json()["view"]["status"] == "closed"


def test_the_creator_deletes_a_table_with_all_it_stored(web: Any) -> None:
    table = web.create(**TWO, listed=True)
    web.play_first_moves(table, 1)
    said = web.client.post(
        f"/api/tables/{table.id}/chat", json={"seat": 1, "token": table.tokens[1], "text": "hi"}
    )
    assert said.status_code == 201
    assert post(web, table, 1, "delete").json()["code"] == "not_creator"
    with web.client.websocket_connect(f"/ws/table/{table.id}") as watching:
        watching.receive_json()  # the view
        assert post(web, table, 0, "delete").json() == {"deleted": table.id}
        # Read up to the notice: how many updates come before it depends on timing (a loaded
        # machine may have sent the bot's moves already), and the socket closes after it.
        messages: list[Any] = []
        while {"type": "deleted"} not in messages and len(messages) < 10:
            messages.append(watching.receive_json())
        assert {"type": "deleted"} in messages
    assert web.client.get(f"/table/{table.id}").status_code == 404
    assert web.client.get(f"/api/tables/{table.id}").json()["code"] == "unknown_table"
    engine = web.app.state.manager.store.engine
    with engine.connect() as connection:
        for row, column in (
            (TableRow, TableRow.id),
            (MoveRow, MoveRow.table_id),
            (ChatRow, ChatRow.table_id),
        ):
            count = connection.execute(
                select(func.count()).select_from(row).where(column == table.id)
            )
            assert count.scalar_one() == 0, row.__tablename__


def test_a_table_nobody_touched_for_the_set_time_is_closed_with_its_moves(web: Any) -> None:
    idle = web.app.state.idle
    assert idle.after == timedelta(hours=72)  # the documented default
    forgotten = web.create(**TWO, listed=True)
    web.play_first_moves(forgotten, 2)
    moves = len(web.view(forgotten)["log"])
    later = datetime.now(UTC) + timedelta(hours=73)
    assert web.client.portal.call(idle.sweep, datetime.now(UTC)) == []  # touched just now
    closed = web.client.portal.call(idle.sweep, later)
    assert forgotten.id in closed
    view = web.view(forgotten)
    assert view["status"] == "closed" and view["ending"] == {"why": "idle"}
    assert view["message"] == "This table was closed: nobody played at it for a long time"
    assert len(view["log"]) == moves and forgotten.id not in listed_ids(web)
    assert web.client.portal.call(idle.sweep, later) == []  # closed once


def test_opening_a_seat_or_writing_counts_as_touching_the_table(web: Any) -> None:
    idle = web.app.state.idle
    table = web.create(**TWO)
    soon = datetime.now(UTC) + timedelta(hours=73)
    engine = web.app.state.manager.store.engine
    with engine.begin() as connection:  # made and last moved long ago
        connection.execute(
            TableRow.__table__.update()
            .where(TableRow.id == table.id)
            .values(created=datetime.now(UTC) - timedelta(days=30))
        )
    link = f"/ws/table/{table.id}?seat=1&token={table.tokens[1]}"
    with web.client.websocket_connect(link) as friend:
        friend.receive_json()
    assert web.client.portal.call(idle.sweep, soon - timedelta(hours=2)) == []
    assert web.client.portal.call(idle.sweep, soon) == [table.id]
