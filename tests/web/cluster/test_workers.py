"""Several server processes on one PostgreSQL database (issue 19, part 2).

Real processes: `ludoteca serve` three times, on three ports of 127.0.0.1, sharing one database
(what `--workers 3` runs behind one port, with an address for each, so a test can pick the
process a socket talks to), and once `ludoteca serve --workers 2`. A process takes seconds to
start on a busy machine, most of them importing, so all of them start together, once for the
module (`fleet`), forked from one process that imported the server once (`Launcher`; the
workers of `--workers 2` are spawned by uvicorn and import for themselves). Each test plays at
tables of its own, and the one that kills a process kills the third, which no other test uses.
Their lease is short (`$LUDOTECA_LEASE_SECONDS`), so a killed owner's table moves within about
two seconds. A database is a schema of the test cluster named in the URL's search path, which
the processes inherit. Skipped, like the other PostgreSQL cases, when PostgreSQL is not
installed.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import orjson
import pytest
from cluster_support import two_processes
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url
from typer.testing import CliRunner
from websockets.sync.client import ClientConnection, connect

from ludoteca.cli import app as cli
from ludoteca.core.errors import InvalidOptionError
from ludoteca.web.cluster.fanout import PACKED, Fanout, packed
from ludoteca.web.cluster.leases import SECONDS_VARIABLE, shared_seconds
from ludoteca.web.cluster.workers import SHARED_LEASE_SECONDS
from ludoteca.web.server import create_app
from postgres_support import Cluster, _free_port

pytestmark = pytest.mark.xdist_group("workers")  # one fleet of servers for the module's tests

START_SECONDS = 180.0
"""The server processes are up within this (six imports and migrations at once on a busy
machine; the wait ends as soon as they answer)."""

LEASE_SECONDS = 1.5
"""The lease of the test's processes: a killed owner's table moves again on another process
this long after its last heartbeat, plus up to one heartbeat or handover wait (0.5 s)."""

TAKEOVER_SECONDS = LEASE_SECONDS + 5.0
"""The bound on that takeover, with room for a busy machine (the test waits only as long as it
takes)."""


LAUNCHER = """
import json, os, signal, sys, threading, traceback
from ludoteca.cli import app
import ludoteca.web.server  # what `serve` imports when it runs
assert threading.active_count() == 1, "a process with threads cannot fork safely"
signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the servers are reaped as they end
while line := sys.stdin.readline():
    args, log = json.loads(line)
    pid = os.fork()
    if pid:
        print(pid, flush=True)
        continue
    os.setsid()  # its own process group: workers and all are ended together
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    nothing, errors = os.open(os.devnull, os.O_RDWR), os.open(log, os.O_WRONLY | os.O_CREAT)
    os.dup2(nothing, 0), os.dup2(nothing, 1), os.dup2(errors, 2)
    status = 1
    try:
        app(args)
    except SystemExit as exit:
        status = exit.code if isinstance(exit.code, int) else 1
    except BaseException:
        traceback.print_exc()
    sys.stderr.flush()
    os._exit(status)
"""
"""Forks a `ludoteca serve` (a process of its own session) for each line `[arguments, log]`
and answers its pid."""


@dataclass
class Forked:
    """A process forked by the launcher: not a child of the test, so watched through its pid
    (the launcher reaps it when it ends)."""

    pid: int

    def poll(self) -> int | None:
        """None while it runs (its exit status goes to the launcher)."""
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return 0
        return None

    def wait(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while self.poll() is None:
            if time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(f"process {self.pid}", timeout)
            time.sleep(0.02)


class Launcher:
    """One process that imports the server once, then forks each `ludoteca serve` from there."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.process = subprocess.Popen(
            [sys.executable, "-c", LAUNCHER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, SECONDS_VARIABLE: str(LEASE_SECONDS)},
        )

    def serve(self, database: str, *extra: str) -> Server:
        """`ludoteca serve` on a free port of 127.0.0.1 (started, not yet answering)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        port = _free_port()
        log = self.folder / f"serve-{port}.log"
        arguments = ["serve", "--port", str(port), "--database", database, *extra]
        self.process.stdin.write(json.dumps([arguments, str(log)]) + "\n")
        self.process.stdin.flush()
        pid = self.process.stdout.readline()
        assert pid, "the launcher ended"
        return Server(Forked(int(pid)), port, log)

    def close(self) -> None:
        """End the launcher (no need to wait for an interpreter's orderly exit)."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.kill()
        self.process.wait(timeout=30)


@dataclass
class Server:
    """One `ludoteca serve` process (its whole process group), its address, the sockets the
    test opened to it (closed when it stops)."""

    process: Forked
    port: int
    log: Path
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


def stop(*servers: Server) -> None:
    """Ask every server to stop, then wait for them all (they shut down side by side)."""
    for server in servers:
        server.sockets.close()
        if server.process.poll() is None:
            os.killpg(server.process.pid, signal.SIGTERM)
    for server in servers:
        try:
            server.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.process.pid, signal.SIGKILL)
            server.process.wait(timeout=15)


@contextmanager
def running(*servers: Server) -> Iterator[None]:
    try:
        wait_until_up(*servers)
        yield
    finally:
        stop(*servers)
    for server in servers:  # no error logged: no bot that failed, no write refused
        text = server.log.read_text(errors="replace")
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


@dataclass
class Fleet:
    """The module's server processes."""

    one: Server
    two: Server
    doomed: Server
    """On the database of `one` and `two`; killed by the test that needs a dead owner."""
    pooled: Server
    """`serve --workers 2`, on a database of its own."""
    pooled_database: str


@pytest.fixture(scope="module")
def fleet(postgres_cluster: Cluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fleet]:
    """Every server process of the module, started together and stopped together."""
    launcher = Launcher(tmp_path_factory.mktemp("servers"))
    try:
        with postgres_cluster.database() as shared, postgres_cluster.database() as own:
            serve = launcher.serve
            servers = Fleet(
                serve(shared), serve(shared), serve(shared), serve(own, "--workers", "2"), own
            )
            with running(servers.one, servers.two, servers.doomed, servers.pooled):
                yield servers
    finally:
        launcher.close()


@pytest.fixture
def pair(fleet: Fleet) -> tuple[Server, Server]:
    """Two server processes on one database that stay up for the whole module."""
    return fleet.one, fleet.two


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
def test_listing_leaving_ending_and_deleting_through_one_server_reach_the_other(
    pair: tuple[Server, Server],
) -> None:
    """Issue 35.4 with two workers: each change made through `two` reaches `one`'s sockets."""
    one, two = pair
    table, tokens = create(one, game="ludo", players=3, seats=["human"] * 3, speed="fast")
    watcher = one.socket(table, 0, tokens[0])
    watcher.view_where(lambda v: True, 10)

    def post(what: str, seat: int, **body: Any) -> dict[str, Any]:
        proof = {"seat": seat, "token": tokens[seat], **body}
        answer = httpx.post(f"{two.url}/api/tables/{table}/{what}", json=proof, timeout=10)
        assert answer.status_code == 200, answer.text
        result: dict[str, Any] = answer.json()
        return result

    post("listed", 0, listed=True)
    assert watcher.view_where(lambda v: v["listed"], 10)
    assert table in {t["id"] for t in httpx.get(f"{one.url}/api/tables", timeout=5).json()["open"]}
    post("leave", 2)
    assert watcher.view_where(lambda v: v["seats"][2]["kind"] == "bot", 10)
    post("end", 0)
    assert watcher.view_where(lambda v: v["status"] == "closed", 10)["ending"] == {"why": "ended"}
    post("delete", 0)
    assert watcher.message_of("deleted", 10) == {"type": "deleted"}
    for server in pair:
        gone = httpx.get(f"{server.url}/api/tables/{table}", timeout=5)
        assert gone.status_code == 404, server.url


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
def test_a_killed_owners_table_continues_on_the_other_server(fleet: Fleet) -> None:
    one, two = fleet.doomed, fleet.two
    table, tokens = create(one, game="ludo", players=2, seats=["human", "random"], speed="fast")
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
    fleet: Fleet, postgres_cluster: Cluster
) -> None:
    server = fleet.pooled
    schema = parse_qs(urlsplit(fleet.pooled_database).query)["application_name"][0]
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
    postgres_url: str,
) -> None:
    """A name given through the other process moves the table there: its bot moves there."""
    with two_processes(postgres_url, first_bot_delay=0.5) as (kit, spare):
        other = spare.app
        two = spare.client
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


def test_a_late_heartbeat_costs_one_renewal_not_a_claim_per_table(
    postgres_url: str, make_kit: Any
) -> None:
    """Under load the heartbeat came late, every move then claimed its table on its own, and the
    extra round trips made the loop later still (1,000 tables: half the moves per second)."""
    app = create_app(postgres_url, bot_delay=0.0)
    with TestClient(app) as client:
        tables = [make_kit(app, client).create() for _ in range(3)]
        manager = app.state.manager
        claims: list[str] = []
        claim = manager.store.claim

        def counted(table_id: str, *rest: Any) -> str:
            claims.append(table_id)
            answer: str = claim(table_id, *rest)
            return answer

        manager.store.claim = counted

        async def late() -> list[bool]:
            live = [manager.tables[table.id] for table in tables]
            for table in live:  # renewed more than half a lease ago: still held, for a while
                manager._held[table.id] = time.monotonic() + 0.4 * manager.lease_seconds

            async def hold(table: Any) -> bool:
                async with table.lock:
                    held: bool = await manager._hold(table)
                    return held

            return list(await asyncio.gather(*(hold(table) for table in live)))

        assert client.portal.call(late) == [True, True, True]
        assert claims == []
        left = [manager._held[t.id] - time.monotonic() for t in tables]
        assert min(left) > manager.lease_seconds / 2  # renewed, all together


def test_messages_queued_together_all_arrive_in_order(postgres_url: str) -> None:
    """They go in one statement, packed (equal ones too: one transaction would drop those)."""
    sent = [{"kind": "changed", "table": f"t{i % 7}", "pad": "y" * (i % 500)} for i in range(400)]
    sent += [{"kind": "handover", "table": "same"}] * 3

    async def exchange() -> list[dict[str, Any]]:
        heard: list[dict[str, Any]] = []
        fanout = Fanout(make_url(postgres_url), heard.append)
        await fanout.start()
        for message in sent:
            fanout.publish(message)
        deadline = time.monotonic() + 10
        while len(heard) < len(sent) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        await fanout.stop()
        return heard

    assert asyncio.run(exchange()) == sent


def test_packed_messages_fit_a_notification_and_keep_their_order() -> None:
    messages = [orjson.dumps({"n": i, "pad": "z" * (i * 37 % 3000)}).decode() for i in range(60)]
    payloads = packed(messages)
    assert 1 < len(payloads) < len(messages)
    assert all(len(p) <= PACKED + 2 for p in payloads)
    assert [m for p in payloads for m in orjson.loads(p)] == [orjson.loads(m) for m in messages]
    assert packed(["x" * 9000]) == [f"[{'x' * 9000}]"]  # too long: alone, the database decides


@pytest.mark.sqlite_only  # the refusal of SQLite itself
def test_several_workers_need_postgresql(tmp_path: Any) -> None:
    database = f"sqlite:///{tmp_path / 'ludoteca.db'}"
    result = CliRunner().invoke(cli, ["serve", "--workers", "2", "--database", database])
    assert result.exit_code == 2
    assert "--workers 2 needs PostgreSQL" in result.output
    assert "Traceback" not in result.output


def test_the_lease_of_shared_tables_is_set_through_the_environment(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(SECONDS_VARIABLE, raising=False)
    assert shared_seconds(SHARED_LEASE_SECONDS) == SHARED_LEASE_SECONDS == 4.0
    monkeypatch.setenv(SECONDS_VARIABLE, str(LEASE_SECONDS))
    manager = create_app(postgres_url).state.manager
    manager.store.close()
    assert manager.lease_seconds == LEASE_SECONDS
    for wrong in ("soon", "0.1", "-2", "inf", "nan"):
        monkeypatch.setenv(SECONDS_VARIABLE, wrong)
        with pytest.raises(InvalidOptionError) as refused:
            shared_seconds(SHARED_LEASE_SECONDS)
        assert str(refused.value) == (
            f"${SECONDS_VARIABLE} must be a number of seconds of at least 0.5, not '{wrong}'"
        )
