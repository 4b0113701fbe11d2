"""Several server processes on one PostgreSQL database (issue 19, part 2).

Real processes: `ludoteca serve` twice, on two ports of 127.0.0.1, sharing one database (what
`--workers 2` runs behind one port, with an address for each, so a test can pick the process a
socket talks to), and once `ludoteca serve --workers 2`. The database is a schema of the test
cluster named in the URL's search path, which the processes inherit. Skipped, like the other
PostgreSQL cases, when PostgreSQL is not installed.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import IO, Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url
from typer.testing import CliRunner
from websockets.sync.client import ClientConnection, connect

from ludoteca.cli import app as cli
from ludoteca.web.fanout import Fanout
from ludoteca.web.server import create_app
from postgres_support import Cluster, _free_port

pytestmark = pytest.mark.xdist_group("workers")  # one pair of servers for the module's tests

START_SECONDS = 30.0
"""A server process is up within this (imports and migrations on a busy machine)."""

TAKEOVER_SECONDS = 10.0
"""A killed owner's table moves again on the other process within this: the lease (4 s) runs
out, the next heartbeat (1 s) takes it over."""


@dataclass
class Server:
    """One `ludoteca serve` process (its whole process group), its address, the sockets the
    test opened to it (closed when it stops)."""

    process: subprocess.Popen[bytes]
    port: int
    log: IO[bytes]
    """Its standard error: uvicorn's log and ours."""
    sockets: ExitStack = field(default_factory=ExitStack)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def socket(self, table: str, seat: int | None = None, token: str | None = None) -> Watcher:
        query = "" if seat is None else f"?seat={seat}&token={token}"
        address = f"ws://127.0.0.1:{self.port}/ws/table/{table}{query}"
        return Watcher(self, table, seat, token, self.sockets.enter_context(connect(address)))

    def kill(self) -> None:
        """`kill -9`: no shutdown, no lease given back."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


@dataclass
class Watcher:
    """A table's WebSocket (for a seat or a spectator), keeping every view it was sent."""

    server: Server
    table: str
    seat: int | None
    token: str | None
    connection: ClientConnection
    views: list[dict[str, Any]] = field(default_factory=list)
    messages: list[dict[str, Any]] = field(default_factory=list)
    """What came beside the views (presence, chat...)."""

    def view_where(
        self, wanted: Callable[[dict[str, Any]], bool], timeout: float
    ) -> dict[str, Any]:
        """The first view (from now on, or the last one kept) that is `wanted`."""
        if self.views and wanted(self.views[-1]):
            return self.views[-1]
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"no such view within {timeout} s; last: {self.last_version()}"
            message = json.loads(self.connection.recv(timeout=left))
            if message["type"] != "view":
                self.messages.append(message)
                continue
            self.views.append(message["view"])
            if wanted(message["view"]):
                return message["view"]

    def message_of(self, kind: str, timeout: float = 5.0) -> dict[str, Any]:
        """The first message of type `kind` beside the views (kept or from now on)."""
        deadline = time.monotonic() + timeout
        while not any(m["type"] == kind for m in self.messages):
            left = deadline - time.monotonic()
            assert left > 0, f"no {kind} message within {timeout} s"
            message = json.loads(self.connection.recv(timeout=left))
            if message["type"] == "view":
                self.views.append(message["view"])
            else:
                self.messages.append(message)
        return next(m for m in self.messages if m["type"] == kind)

    def reached(self, version: int, timeout: float = 5.0) -> dict[str, Any]:
        """The first view of at least `version` moves."""
        return self.view_where(lambda view: view["version"] >= version, timeout)

    def last_version(self) -> int | None:
        return self.views[-1]["version"] if self.views else None

    def play_first_legal(self, timeout: float = 10.0) -> list[list[Any]]:
        """Wait for this seat's turn (asking its server), play its first legal move through
        the socket; returns the acknowledged log (of the first view sent after the move)."""
        deadline = time.monotonic() + timeout
        address = f"{self.server.url}/api/tables/{self.table}"
        while True:
            asked = httpx.get(address, params={"seat": self.seat, "token": self.token}, timeout=5)
            view = asked.json()
            if view["your_turn"]:
                break
            assert time.monotonic() < deadline, "the seat's turn did not come"
            time.sleep(0.05)
        self.connection.send(json.dumps({"action": view["legal"][0]["action"]}))
        left = deadline - time.monotonic()
        done = self.view_where(lambda v: v["version"] > view["version"], left)
        log: list[list[Any]] = done["log"]
        return log


def serve(database: str, *extra: str) -> Server:
    port = _free_port()
    command = [sys.executable, "-c", "from ludoteca.cli import app; app()", "serve"]
    log = tempfile.TemporaryFile()  # noqa: SIM115 (open while the server runs, read after)
    process = subprocess.Popen(
        [*command, "--port", str(port), "--database", database, *extra],
        stdout=subprocess.DEVNULL,
        stderr=log,
        start_new_session=True,  # its own process group: workers and all are ended together
    )
    return Server(process, port, log)


def wait_until_up(*servers: Server) -> None:
    deadline = time.monotonic() + START_SECONDS
    for server in servers:
        while True:
            assert server.process.poll() is None, "the server process ended"
            try:
                if httpx.get(f"{server.url}/api/games", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)


def stop(server: Server) -> None:
    server.sockets.close()
    if server.process.poll() is None:
        os.killpg(server.process.pid, signal.SIGTERM)
        try:
            server.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.process.pid, signal.SIGKILL)
            server.process.wait()


@contextmanager
def running(*servers: Server) -> Iterator[None]:
    try:
        wait_until_up(*servers)
        yield
    finally:
        for server in servers:
            stop(server)
    for server in servers:  # no error logged: no bot that failed, no write refused
        server.log.seek(0)
        text = server.log.read().decode(errors="replace")
        server.log.close()
        assert "Traceback" not in text and "ERROR" not in text, text[-4000:]


def create(server: Server, **body: Any) -> tuple[str, dict[int, str]]:
    """A table made through `server`: its id and the tokens of its human seats."""
    response = httpx.post(f"{server.url}/api/tables", json=body, timeout=10)
    assert response.status_code == 201, response.text
    created = response.json()
    tokens = {}
    for seat in created["seats"]:
        if "link" in seat:
            query = parse_qs(urlsplit(seat["link"]).query)
            tokens[int(query["seat"][0])] = query["token"][0]
    return created["id"], tokens


def stored_log(server: Server, table: str) -> list[list[Any]]:
    log: list[list[Any]] = httpx.get(f"{server.url}/api/tables/{table}", timeout=10).json()["log"]
    return log


def listeners(cluster: Cluster, schema: str) -> int:
    """How many processes listen on the channel of `schema` (each fan-out holds one)."""
    import psycopg

    address = f"host=127.0.0.1 port={cluster.port} user=ludoteca dbname=postgres"
    with psycopg.connect(address, autocommit=True) as connection:
        row = connection.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s"
            " AND query LIKE 'LISTEN%%'",
            (schema,),
        ).fetchone()
    return int(row[0]) if row else 0


@contextmanager
def two_servers(database: str) -> Iterator[tuple[Server, Server]]:
    servers = serve(database), serve(database)
    with running(*servers):
        yield servers


@pytest.fixture(scope="module")
def pair(postgres_cluster: Cluster) -> Iterator[tuple[Server, Server]]:
    """Two server processes on one database, shared by the tests that keep both alive (a
    process takes seconds to start on a busy machine)."""
    with postgres_cluster.database() as database, two_servers(database) as servers:
        yield servers


@pytest.fixture
def doomed_pair(postgres_url: str) -> Iterator[tuple[Server, Server]]:
    """Two server processes of the test's own, the first of which it will kill."""
    with two_servers(postgres_url) as servers:
        yield servers


@pytest.mark.slow
def test_a_move_through_either_server_reaches_the_sockets_of_the_other(
    pair: tuple[Server, Server],
) -> None:
    one, two = pair
    table, tokens = create(one, game="ludo", players=2, seats=["human", "human"], speed="fast")
    players = [one.socket(table, 0, tokens[0]), two.socket(table, 1, tokens[1])]
    onlookers = [one.socket(table), two.socket(table)]
    for turn in range(4):  # each seat moves through its own server: the table changes hands
        to_move = httpx.get(f"{one.url}/api/tables/{table}", timeout=5).json()["to_move"]
        acknowledged = players[to_move].play_first_legal()
        for watcher in [*players, *onlookers]:
            seen = watcher.reached(len(acknowledged))
            assert seen["log"][: len(acknowledged)] == acknowledged, f"turn {turn}"


@pytest.mark.slow
def test_a_new_table_waits_for_people_on_both_servers_and_carries_their_chat(
    pair: tuple[Server, Server],
) -> None:
    one, two = pair
    form = {"game": "ludo", "players": "2", "speed": "fast", "seat0": "human", "seat1": "human"}
    made = httpx.post(f"{one.url}/tables", data=form, timeout=10)
    assert made.status_code == 303, made.text
    query = parse_qs(urlsplit(made.headers["location"]).query)
    table = made.headers["location"].split("/")[2].split("?")[0]
    creator = {"seat": 0, "token": query["token"][0]}
    view = httpx.get(f"{one.url}/api/tables/{table}", params=creator, timeout=10).json()
    friend = parse_qs(urlsplit(view["invites"][0]["path"]).query)["token"][0]
    first = one.socket(table, 0, creator["token"])
    assert first.view_where(lambda v: True, 10)["message"] == "Waiting for everyone to join"
    second = two.socket(table, 1, friend)  # the friend's page reached the other server
    second.view_where(lambda v: True, 10)
    begun = first.view_where(lambda v: v["to_move"] is not None, 5)  # released on `one` too
    assert begun["message"] != "Waiting for everyone to join"
    said = {"seat": 1, "token": friend, "text": "hallo"}
    written = httpx.post(f"{two.url}/api/tables/{table}/chat", json=said, timeout=10)
    assert written.status_code == 201, written.text
    assert first.message_of("chat")["line"]["text"] == "hallo"


@pytest.mark.slow
def test_a_takeback_asked_on_one_server_is_answered_on_the_other(
    pair: tuple[Server, Server],
) -> None:
    one, two = pair
    table, tokens = create(one, game="ludo", players=2, seats=["human", "human"], speed="fast")
    players = [one.socket(table, 0, tokens[0]), two.socket(table, 1, tokens[1])]
    servers = [one, two]
    for _ in range(3):
        to_move = httpx.get(f"{one.url}/api/tables/{table}", timeout=5).json()["to_move"]
        log = players[to_move].play_first_legal()
    asker = next(seat for seat, _ in reversed(log) if seat >= 0)  # the last to decide
    other = 1 - asker
    back_to = max(i for i, (seat, _) in enumerate(log) if seat == asker)
    proof = {"seat": asker, "token": tokens[asker]}
    asked = httpx.post(f"{servers[asker].url}/api/tables/{table}/takeback", json=proof, timeout=5)
    assert asked.status_code == 200, asked.text
    assert players[other].message_of("takeback")["state"] == "asked"
    answer = {"seat": other, "token": tokens[other], "accept": True}
    address = f"{servers[other].url}/api/tables/{table}/takeback/answer"
    accepted = httpx.post(address, json=answer, timeout=10)
    assert accepted.status_code == 200, accepted.text
    assert accepted.json()["state"] == "done"
    for player in players:
        player.message_of("takeback")  # "asked" or "done": each page learns of it
        assert player.view_where(lambda v: v["version"] == back_to, 5)["log"] == log[:back_to]
    assert stored_log(two, table) == log[:back_to]


@pytest.mark.slow
def test_bots_move_once_while_their_table_changes_servers(pair: tuple[Server, Server]) -> None:
    """The person's moves go alternately through each server, so the lease (and with it the
    bots) moves back and forth; every bot move must be stored once, in one history."""
    one, two = pair
    seats = ["human", "random", "random"]
    table, tokens = create(one, game="ludo", players=3, seats=seats, speed="fast")
    person = [one.socket(table, 0, tokens[0]), two.socket(table, 0, tokens[0])]
    for turn in range(6):
        person[turn % 2].play_first_legal()
    final = stored_log(two, table)
    assert stored_log(one, table) == final
    for watcher in person:
        for view in watcher.views:  # every view showed a beginning of the one history
            assert view["log"] == final[: len(view["log"])]
    assert sum(1 for seat, _ in final if seat == 0) == 6
    assert any(seat in (1, 2) for seat, _ in final), "the bots moved"


@pytest.mark.slow
def test_a_killed_owners_table_continues_on_the_other_server(
    doomed_pair: tuple[Server, Server],
) -> None:
    one, two = doomed_pair
    table, tokens = create(one, game="ludo", players=2, seats=["human", "random"])
    person = one.socket(table, 0, tokens[0])
    onlooker = two.socket(table)
    for _ in range(2):
        acknowledged = person.play_first_legal()
    onlooker.reached(len(acknowledged))
    one.kill()  # the owner dies mid-game, holding the table's lease
    killed = time.monotonic()
    again = two.socket(table, 0, tokens[0])  # the person's page reconnects, to the other
    after = again.play_first_legal(timeout=TAKEOVER_SECONDS)
    assert time.monotonic() - killed < TAKEOVER_SECONDS
    assert after[: len(acknowledged)] == acknowledged, "an acknowledged move was lost"
    last = again.play_first_legal()  # and the bot goes on answering
    assert stored_log(two, table)[: len(last)] == last


@pytest.mark.slow
def test_serve_with_two_workers_starts_them_and_shares_a_table(
    postgres_url: str, postgres_cluster: Cluster
) -> None:
    server = serve(postgres_url, "--workers", "2")
    with running(server):
        schema = parse_qs(urlsplit(postgres_url).query)["application_name"][0]
        deadline = time.monotonic() + START_SECONDS
        while listeners(postgres_cluster, schema) < 2:  # both workers listen for the other
            assert time.monotonic() < deadline, "two workers did not start"
            time.sleep(0.1)
        table, tokens = create(server, game="ludo", players=2, seats=["human", "human"])
        watchers = [server.socket(table) for _ in range(4)]  # spread over the workers
        for watcher in watchers:
            watcher.view_where(lambda v: True, 10)
        players = [server.socket(table, seat, tokens[seat]) for seat in (0, 1)]
        for _ in range(2):
            seat = httpx.get(f"{server.url}/api/tables/{table}", timeout=5).json()["to_move"]
            acknowledged = players[seat].play_first_legal()
        for watcher in [*watchers, *players]:
            seen = watcher.reached(len(acknowledged))
            assert seen["log"][: len(acknowledged)] == acknowledged


def test_a_table_handed_over_while_its_bot_is_to_move_goes_on_with_its_bot(
    postgres_url: str, make_kit: Any
) -> None:
    """A name given through the other process moves the table there: its bot moves there."""
    owner, other = create_app(postgres_url, bot_delay=0.5), create_app(postgres_url, bot_delay=0.0)
    with TestClient(owner) as one, TestClient(other) as two:
        kit, spare = make_kit(owner, one), make_kit(other, two)
        table = kit.create(seats=["human", "random"])
        spare.view(table)  # the other process has the table open from here on
        while kit.view(table)["to_move"] != 1:  # the owner's bot waits half a second
            kit.play_first_moves(table, 1)
        body = {"seat": 0, "token": table.tokens[0], "name": "Anna"}
        assert two.post(f"/api/tables/{table.id}/name", json=body).status_code == 200
        spare.wait_for(lambda: spare.view(table)["to_move"] == 0, 10)
        assert other.state.manager.holds(other.state.manager.tables[table.id])


def test_the_fanout_drops_a_message_too_long_for_notify_and_sends_the_next(
    postgres_url: str,
) -> None:
    async def exchange() -> list[dict[str, Any]]:
        heard: list[dict[str, Any]] = []
        fanout = Fanout(make_url(postgres_url), heard.append)
        await fanout.start()
        fanout.publish({"kind": "told", "body": "x" * 9000})  # NOTIFY carries < 8000 bytes
        fanout.publish({"kind": "changed", "table": "t"})
        deadline = time.monotonic() + 5
        while not heard and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        await fanout.stop()
        return heard

    assert asyncio.run(exchange()) == [{"kind": "changed", "table": "t"}]


def test_several_workers_need_postgresql(tmp_path: Any) -> None:
    database = f"sqlite:///{tmp_path / 'ludoteca.db'}"
    result = CliRunner().invoke(cli, ["serve", "--workers", "2", "--database", database])
    assert result.exit_code == 2
    assert "--workers 2 needs PostgreSQL" in result.output
    assert "Traceback" not in result.output
