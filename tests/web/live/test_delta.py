"""A socket that asks for deltas (`?delta=1`, as the table's page does) gets its first view
whole, then only the log and story entries it lacks, and a whole view again when the moves it
was shown are taken back or a name (and with it the story) changes (`web.live.view_message`)."""

from __future__ import annotations

from typing import Any

from ludoteca.web.live.view_message import ViewMessages
from ludoteca.web.table.board_patch import patched


def delta_path(table: Any, seat: int) -> str:
    return f"/ws/table/{table.id}?seat={seat}&token={table.tokens[seat]}&delta=1"


class Page:
    """What table.js keeps: the last view, made whole from each delta."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.view: dict[str, Any] | None = None
        self.deltas = 0
        self.patches = 0

    def next(self) -> dict[str, Any]:
        while (message := self.socket.receive_json())["type"] != "view":
            pass
        view: dict[str, Any] = message["view"]
        since = view.pop("since", None)
        if since is not None:
            assert self.view is not None and since <= len(self.view["log"])
            assert since == self.view["version"], "a delta starts where the last view ended"
            view["log"] = self.view["log"][:since] + view["log"]
            view["story"] = self.view["story"][:since] + view["story"]
            runs = view.pop("svg_patch", None)
            if runs is not None:
                view["svg"] = patched(self.view["svg"], runs)
                self.patches += 1
            self.deltas += 1
        self.view = view
        return view

    def until(self, version: int) -> dict[str, Any]:
        while (view := self.next())["version"] < version:
            pass
        return view


def whole_view(web: Any, table: Any, seat: int) -> dict[str, Any]:
    return web.view(table, seat)  # type: ignore[no-any-return]


def test_a_page_made_whole_from_deltas_shows_what_a_whole_view_shows(web: Any) -> None:
    table = web.create()
    with web.client.websocket_connect(delta_path(table, 0)) as socket:
        page = Page(socket)
        first = page.next()
        assert first["version"] == len(first["log"]) == len(first["story"])
        web.play_first_moves(table, 4)
        seen = page.until(web.view(table)["version"])
        whole = whole_view(web, table, 0)
        assert (seen["log"], seen["story"]) == (whole["log"], whole["story"])
        assert seen["svg"] == whole["svg"]
        assert page.deltas >= 1 and page.patches >= 1


def test_a_delta_carries_only_the_new_entries(web: Any) -> None:
    table = web.create()
    web.play_first_moves(table, 3)
    live = web.app.state.manager.tables[table.id]
    messages = ViewMessages(live)
    whole, since = messages.text(0, "en"), len(live.moves) - 2
    delta = messages.text(0, "en", since)
    assert len(delta) < len(whole)
    assert '"since":' + str(since) in delta and '"since"' not in whole


def test_a_takeback_or_a_new_name_sends_a_whole_view_again(web: Any) -> None:
    table = web.create(seats=["human", "random"])
    with web.client.websocket_connect(delta_path(table, 0)) as socket:
        page = Page(socket)
        page.next()
        web.play_first_moves(table, 2)
        page.until(web.view(table)["version"])
        proof = {"seat": 0, "token": table.tokens[0]}
        taken = web.client.post(f"/api/tables/{table.id}/takeback", json=proof)
        assert taken.status_code == 200, taken.text
        while "since" in (message := socket.receive_json()).get("view", {"since": 0}):
            pass
        after = message["view"]  # whole: the moves the page had are partly undone
        assert after["log"] == whole_view(web, table, 0)["log"][: after["version"]]
        named = web.client.post(f"/api/tables/{table.id}/name", json={**proof, "name": "Anna"})
        assert named.status_code == 200, named.text
        while "since" in (message := socket.receive_json()).get("view", {"since": 0}):
            pass
        assert message["view"]["seats"][0]["name"] == "Anna"
