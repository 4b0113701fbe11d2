"""Talking to a test's app the way a script would (`WebKit`, the `web` fixture of conftest.py),
importable by the tests themselves: `from web_support import WebKit`, not from a conftest, whose
module name every folder's conftest shares."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

from fastapi import FastAPI
from fastapi.testclient import TestClient

from ludoteca.core.api import State


@dataclass
class Seated:
    """A created table, the tokens of its human seats, and the creation answer."""

    id: str
    tokens: dict[int, str]
    created: dict[str, Any]


def token_of(link: str) -> tuple[int, str]:
    query = parse_qs(urlsplit(link).query)
    return int(query["seat"][0]), query["token"][0]


def wait_for(check: Callable[[], bool], timeout: float = 20.0) -> None:
    """Poll `check` until it is true (bots move in the server's background task)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out waiting for the server"
        time.sleep(0.01)


class WebKit:
    """Talks to one running app the way a script would: over the HTTP API."""

    def __init__(self, app: FastAPI, client: TestClient) -> None:
        self.app = app
        self.client = client
        self._table: Seated | None = None

    token_of = staticmethod(token_of)
    wait_for = staticmethod(wait_for)

    def create(self, **body: Any) -> Seated:
        """A table; by default two humans at a reproducible (practice) ludo game."""
        body = {"game": "ludo", "players": 2, "seats": ["human", "human"], "seed": 7, **body}
        if body.get("seed") is not None:
            body.setdefault("practice", True)
        response = self.client.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        created = response.json()
        tokens = dict(token_of(s["link"]) for s in created["seats"] if "link" in s)
        return Seated(created["id"], tokens, created)

    def created_once(self) -> Seated:
        """One table shared by the calls of a test (for property tests)."""
        if self._table is None:
            self._table = self.create()
        return self._table

    def view(self, table: Seated, seat: int | None = None) -> dict[str, Any]:
        params = {} if seat is None else {"seat": seat, "token": table.tokens[seat]}
        response = self.client.get(f"/api/tables/{table.id}", params=params)
        assert response.status_code == 200, response.text
        result: dict[str, Any] = response.json()
        return result

    def act(self, table: Seated, seat: int | None, **move: Any) -> Any:
        body = {"seat": seat, "token": table.tokens.get(seat) if seat is not None else None}
        return self.client.post(f"/api/tables/{table.id}/actions", json={**body, **move})

    def play_first_moves(self, table: Seated, count: int) -> None:
        """Whoever is to move (a human) plays its first legal move, `count` times."""
        for _ in range(count):
            # The bots' moves in between take their time, even at no delay: wait for a person.
            self.wait_for(lambda: self.view(table)["to_move"] in table.tokens)
            seat = self.view(table)["to_move"]
            legal = self.view(table, seat)["legal"]
            response = self.act(table, seat, action=legal[0]["action"])
            assert response.status_code == 200, response.text

    def wait_until_over(self, table: Seated) -> None:
        """Wait for a bot game to end, reading the server's memory (cheaper than polling views)."""
        tables = self.app.state.manager.tables
        self.wait_for(lambda: tables[table.id].data.status != "playing")

    def state(self, table: Seated) -> State:
        """The live game state on the server."""
        state: State = self.app.state.manager.tables[table.id].state
        return state


def form_table(web: WebKit, seats: list[str]) -> tuple[str, dict[int, str]]:
    """A ludo table set up in the lobby's form; its id and the tokens of its human seats."""
    fields = {"game": "ludo", "players": str(len(seats)), "speed": "fast"}
    fields.update({f"seat{i}": s for i, s in enumerate(seats)})
    answer = web.client.post("/tables", data=fields, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    seat, token = web.token_of(answer.headers["location"])
    table_id = answer.headers["location"].split("/")[2].split("?")[0]
    view = web.client.get(f"/api/tables/{table_id}", params={"seat": seat, "token": token}).json()
    tokens = {seat: token} | dict(web.token_of(i["path"]) for i in view["invites"])
    return table_id, tokens
