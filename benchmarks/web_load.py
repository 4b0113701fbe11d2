"""Load test of the web server (issue 19): ludo tables, each one scripted person and one bot.

For every count of `--tables` it starts `ludoteca serve` on a free port of 127.0.0.1 on a fresh
database, creates that many two-player ludo tables (seat 0 a person, seat 1 a `--bot`, speed
`--speed`), opens one WebSocket per person and plays for `--seconds`: a person waits a think time
drawn from `--think` (0.5-1.5 s), sends a legal move and times how long its socket takes to get
the view after that move (the first view whose version is past the one it moved in); its socket
asks for deltas after the first view (`?delta=1`), as the table's page does. The
client is one asyncio process on the same machine as the server, as in the issue; it reads the
views with orjson (as the server writes them), so that it takes less of the shared cores.

Per table count it prints p50/p95/p99 of that latency, the person's moves per second and all
decisions per second (persons' and bots', chance not counted), and the server's CPU use, also
per decision (on a busy machine the one figure that hardly depends on the other load);
`--json PATH` saves the figures. With `--speed fast` (the default) the server's bots answer at
once (bot delay 0); `--speed normal` adds the server's 0.6 s bot delay.

`--database sqlite` (a temporary file each round), `--database postgresql` (a throwaway cluster
from tests/postgres_support.py, a fresh schema each round) or any SQLAlchemy URL. `--workers N`
is passed on to `ludoteca serve`; a server that does not take it stops the run with its message.
`--profile FOLDER` runs the server under cProfile and keeps one profile per table count.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import orjson
import websockets
from rich.console import Console
from rich.table import Table as RichTable

REPOSITORY = Path(__file__).resolve().parent.parent
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


# -- the server -------------------------------------------------------------------------------
class Server:
    """`ludoteca serve` in a subprocess on 127.0.0.1, its output in a log file."""

    def __init__(
        self,
        database: str,
        workers: int | None,
        log: Path,
        profile: Path | None,
        compression: bool = True,
    ):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        ludoteca = Path(sys.executable).with_name("ludoteca")
        command = [str(ludoteca), "serve", "--port", str(self.port), "--database", database]
        if workers is not None:
            command += ["--workers", str(workers)]
        if not compression:
            command += ["--no-ws-compression"]
        if profile is not None:
            command = [sys.executable, "-m", "cProfile", "-o", str(profile), *command]
        self.log = log
        with log.open("wb") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)

    def wait_ready(self, seconds: float = 120.0) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(
                    f"the server stopped (exit {self.process.returncode}):\n{self.tail()}"
                )
            try:
                if httpx.get(self.url + "/api/games", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise SystemExit(f"the server did not answer within {seconds:.0f} s:\n{self.tail()}")

    def tail(self, lines: int = 20) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    def cpu_seconds(self) -> float:
        """User and system CPU of the server and every process below it (its workers)."""
        total = 0.0
        for pid in descendants(self.process.pid):
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
                total += (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
        return total

    def stop(self) -> None:
        """SIGINT: uvicorn shuts down cleanly (and cProfile writes its file)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def descendants(root: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                stat = (entry / "stat").read_text()
                parents[int(entry.name)] = int(stat.rpartition(")")[2].split()[1])
    found, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, parent in parents.items() if parent in frontier]
        found += frontier
    return found


@contextlib.contextmanager
def databases(kind: str) -> Iterator[Iterator[str]]:
    """Yields an iterator of fresh database URLs, one per round."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory(prefix="web-load-") as folder:
            yield (f"sqlite:///{folder}/round{i}.db" for i in range(1_000_000))
    elif kind == "postgresql":
        sys.path.insert(0, str(REPOSITORY / "tests"))
        from postgres_support import Cluster, find_binaries

        binaries = find_binaries()
        if binaries is None:
            raise SystemExit("--database postgresql needs PostgreSQL's initdb and pg_ctl")
        cluster = Cluster(binaries)
        try:
            with contextlib.ExitStack() as schemas:
                yield (schemas.enter_context(cluster.database()) for _ in range(1_000_000))
        finally:
            cluster.stop()
    else:
        yield (kind for _ in range(1_000_000))


# -- the players ------------------------------------------------------------------------------
@dataclass
class Figures:
    """What one round measured."""

    tables: int
    seconds: float
    latencies: list[float] = field(default_factory=list)
    decisions: int = 0
    errors: int = 0
    error_codes: dict[str, int] = field(default_factory=dict)
    """How many error answers of each code (the server's `code`, or the exception's name)."""
    finished: int = 0
    server_cpu: float = 0.0

    def count_error(self, code: str) -> None:
        self.errors += 1
        self.error_codes[code] = self.error_codes.get(code, 0) + 1

    def summary(self) -> dict[str, Any]:
        ordered = sorted(self.latencies)

        def quantile(q: float) -> float | None:
            if not ordered:
                return None
            return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)

        return {
            "tables": self.tables,
            "seconds": round(self.seconds, 1),
            "moves": len(ordered),
            "p50_ms": quantile(0.50),
            "p95_ms": quantile(0.95),
            "p99_ms": quantile(0.99),
            "mean_ms": round(1000 * statistics.fmean(ordered), 1) if ordered else None,
            "person_moves_per_s": round(len(ordered) / self.seconds, 1),
            "decisions_per_s": round(self.decisions / self.seconds, 1),
            "errors": self.errors,
            "error_codes": dict(sorted(self.error_codes.items())),
            "finished_games": self.finished,
            "server_cpu_percent": round(100 * self.server_cpu / self.seconds, 1),
            "server_cpu_ms_per_move": (
                round(1000 * self.server_cpu / self.decisions, 2) if self.decisions else None
            ),
        }


@dataclass
class Round:
    """The shared clock of one round: moves are counted between `start` and `end`."""

    url: str
    bot: str
    speed: str
    think: tuple[float, float]
    figures: Figures
    start: float = 0.0
    end: float = 0.0
    connected: int = 0
    rng: random.Random = field(default_factory=lambda: random.Random(19))

    def counting(self, moment: float) -> bool:
        return self.start <= moment < self.end


async def new_table(client: httpx.AsyncClient, round_: Round) -> tuple[str, str]:
    body = {"game": "ludo", "players": 2, "seats": ["human", round_.bot], "speed": round_.speed}
    for attempt in range(3):  # a kept-alive connection the server closed as it was reused
        try:
            answer = await client.post("/api/tables", json=body)
            break
        except httpx.TransportError:
            if attempt == 2:
                raise
    if answer.status_code != 201:
        raise SystemExit(f"creating a table failed: {answer.status_code} {answer.text[:300]}")
    created = answer.json()
    link = next(seat["link"] for seat in created["seats"] if seat["seat"] == 0)
    return created["id"], parse_qs(urlsplit(link).query)["token"][0]


async def person(client: httpx.AsyncClient, round_: Round, ready: asyncio.Event) -> None:
    """One table's person for the whole round; a finished game is followed by a new table."""
    figures = round_.figures
    address = round_.url.replace("http://", "ws://")
    table, token = await new_table(client, round_)
    while True:
        uri = f"{address}/ws/table/{table}?seat=0&token={token}&delta=1"  # as the page asks
        async with websockets.connect(uri, max_size=None, open_timeout=120) as ws:
            waiting: tuple[int, float] | None = None  # (version moved in, time sent)
            seen = -1
            log: list[Any] = []  # the whole log: a delta view carries its entries from `since`
            round_.connected += 1
            await ready.wait()
            async for text in ws:
                message = orjson.loads(text)
                if message["type"] == "error":
                    figures.count_error(str(message.get("code")))
                    waiting = None
                    continue
                if message["type"] != "view":
                    continue
                view = message["view"]
                since = view.get("since")
                log = view["log"] if since is None else log[:since] + view["log"]
                version = view["version"]
                now = time.monotonic()
                if waiting is not None and version > waiting[0]:
                    if round_.counting(waiting[1]):
                        figures.latencies.append(now - waiting[1])
                    waiting = None
                if seen >= 0 and round_.counting(now):
                    figures.decisions += sum(1 for who, _ in log[seen:] if who >= 0)
                seen = max(seen, version)
                if view["status"] != "playing":
                    figures.finished += round_.counting(now)
                    break
                if view["your_turn"] and waiting is None and view["legal"]:
                    await asyncio.sleep(round_.rng.uniform(*round_.think))
                    if time.monotonic() >= round_.end:
                        return
                    move = round_.rng.choice(view["legal"])["action"]
                    waiting = (version, time.monotonic())
                    await ws.send(orjson.dumps({"action": move}).decode())
        table, token = await new_table(client, round_)


async def play_round(round_: Round, tables: int, seconds: float, server: Server) -> None:
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=round_.url, timeout=120, limits=limits) as client:
        ready = asyncio.Event()
        people = [asyncio.create_task(person(client, round_, ready)) for _ in range(tables)]
        # Every table is created and its socket open before anyone moves.
        while round_.connected < tables:
            failed = next((t for t in people if t.done()), None)
            if failed is not None:
                failed.result()  # raises what stopped it
                raise SystemExit("a person stopped before the round began")
            await asyncio.sleep(0.2)
        round_.start = time.monotonic() + 2.0  # the first think times pass
        round_.end = round_.start + seconds
        ready.set()
        await asyncio.sleep(2.0)
        cpu = server.cpu_seconds()
        await asyncio.sleep(seconds)
        round_.figures.server_cpu = server.cpu_seconds() - cpu
        await asyncio.sleep(2.0)  # answers to moves sent just before the end
        for task in people:
            task.cancel()
        done = await asyncio.gather(*people, return_exceptions=True)
        for outcome in done:
            if isinstance(outcome, BaseException) and not isinstance(
                outcome, asyncio.CancelledError
            ):
                round_.figures.count_error(type(outcome).__name__)
                if isinstance(outcome, SystemExit):
                    raise outcome


def run_round(args: argparse.Namespace, tables: int, database: str, folder: Path) -> Figures:
    profile = args.profile / f"server-{tables}.prof" if args.profile else None
    log = folder / f"server-{tables}.log"
    server = Server(database, args.workers, log, profile, args.ws_compression)
    try:
        server.wait_ready()
        figures = Figures(tables, args.seconds)
        round_ = Round(server.url, args.bot, args.speed, tuple(args.think), figures)
        asyncio.run(play_round(round_, tables, args.seconds, server))
        if server.process.poll() is not None:
            raise SystemExit(f"the server stopped during the round:\n{server.tail()}")
        return figures
    finally:
        server.stop()


def show(console: Console, rows: list[dict[str, Any]], title: str) -> None:
    table = RichTable(title=title)
    columns = [
        ("tables", "tables"),
        ("p50_ms", "p50 ms"),
        ("p95_ms", "p95 ms"),
        ("p99_ms", "p99 ms"),
        ("person_moves_per_s", "person moves/s"),
        ("decisions_per_s", "all moves/s"),
        ("server_cpu_percent", "server CPU %"),
        ("server_cpu_ms_per_move", "server CPU ms/move"),
        ("errors", "errors"),
    ]
    for _, heading in columns:
        table.add_column(heading, justify="right")
    for row in rows:
        table.add_row(*("-" if row[key] is None else str(row[key]) for key, _ in columns))
    console.print(table)


def table_counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"table counts are whole numbers: {text!r}") from None
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"at least one table count of 1 or more: {text!r}")
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=table_counts, default=[100, 300], help="e.g. 100,300")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured seconds per round")
    parser.add_argument("--database", default="sqlite", help="sqlite, postgresql or a URL")
    parser.add_argument("--workers", type=int, default=None, help="passed to ludoteca serve")
    parser.add_argument(
        "--ws-compression",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="--no-ws-compression is passed to ludoteca serve",
    )
    parser.add_argument("--bot", default="greedy", help="the bot's agent spec")
    parser.add_argument("--speed", choices=["fast", "normal"], default="fast")
    parser.add_argument("--think", type=float, nargs=2, default=[0.5, 1.5], metavar=("MIN", "MAX"))
    parser.add_argument("--json", type=Path, default=None, help="write the figures here")
    parser.add_argument("--profile", type=Path, default=None, help="cProfile the server here")
    args = parser.parse_args()
    if args.seconds <= 0 or args.seconds > 600:
        parser.error("--seconds is more than 0 and at most 600")
    if max(args.tables) > 5000:
        parser.error("at most 5000 tables (one process holds their sockets)")
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
    console = Console(width=max(Console().width, 120))
    rows = []
    with databases(args.database) as urls, tempfile.TemporaryDirectory() as logs:
        for tables in args.tables:
            console.print(f"{tables} tables, {args.seconds:g} s ...")
            figures = run_round(args, tables, next(urls), Path(logs))
            rows.append(figures.summary())
            console.print(rows[-1])
    workers = f", {args.workers} workers" if args.workers else ""
    title = f"move -> view latency, {args.database.split(':')[0]}{workers}, speed {args.speed}"
    show(console, rows, title)
    if args.json:
        setup = {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()}
        facts = {"load_average": os.getloadavg(), "cpus": os.cpu_count()}
        args.json.write_text(json.dumps({"setup": setup, "machine": facts, "rounds": rows}))


if __name__ == "__main__":
    main()
