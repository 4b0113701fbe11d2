"""Load and kill checks of the web server (issue 17), bounded, on 127.0.0.1 only.

`python benchmarks/hardening.py` starts `ludoteca serve` in a subprocess on a temporary SQLite
file and measures:

- `huge_form`: seconds to answer a lobby form with `players=99999999999999999999` (before the fix:
  no answer after 8 s, memory 110 to 747 MB);
- `move_under_bots`: with `--busy` tables whose bot thinks `mcts:seconds=<--think>` per move,
  the seconds of a human move on another table and of `GET /api/tables` (before: 12.9 s and 14.2 s
  with six bots at 15 s);
- `kills`: `--kills` rounds of: let bots play, `kill -9` the server, restart it; checks that no
  acknowledged move is lost and that every table still replays (its dice verified).

It prints one JSON object with the figures and exits 1 when a check fails.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def request(url: str, body: Any = None, form: bool = False, timeout: float = 30) -> Any:
    data = None
    headers = {}
    if body is not None:
        if form:
            data = urllib.parse.urlencode(body).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        else:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as answer:
            text = answer.read().decode()
            status = answer.status
    except urllib.error.HTTPError as error:
        text, status = error.read().decode(), error.code
    try:
        return status, json.loads(text)
    except json.JSONDecodeError:
        return status, text


class Server:
    """`ludoteca serve` on a free port of 127.0.0.1, started and killed on demand."""

    def __init__(self, database: str) -> None:
        self.database = database
        self.process: subprocess.Popen[bytes] | None = None
        self.url = ""

    def start(self) -> None:
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        ludoteca = Path(sys.executable).with_name("ludoteca")
        command = [str(ludoteca), "serve", "--port", str(port)]
        command += ["--database", self.database]
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                request(self.url + "/api/games", timeout=2)
                return
            except OSError:
                time.sleep(0.2)
        raise SystemExit("the server did not start")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)


def timed(call: Any) -> tuple[float, Any]:
    started = time.monotonic()
    result = call()
    return time.monotonic() - started, result


def human_table(url: str) -> tuple[str, dict[int, str]]:
    status, created = request(url + "/api/tables", {"game": "ludo", "players": 2})
    assert status == 201, created
    tokens = {}
    for seat in created["seats"]:
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(seat["link"]).query)
        tokens[seat["seat"]] = query["token"][0]
    return created["id"], tokens


def human_move(url: str, table: str, tokens: dict[int, str]) -> int:
    _, view = request(f"{url}/api/tables/{table}")
    seat = view["to_move"]
    _, mine = request(f"{url}/api/tables/{table}?seat={seat}&token={tokens[seat]}")
    body = {"seat": seat, "token": tokens[seat], "action": mine["legal"][0]["action"]}
    status, _ = request(f"{url}/api/tables/{table}/actions", body)
    return int(status)


def check_huge_form(server: Server) -> dict[str, Any]:
    seconds, (status, _) = timed(
        lambda: request(
            server.url + "/tables", {"game": "ludo", "players": "9" * 20}, form=True, timeout=8
        )
    )
    return {"seconds": round(seconds, 3), "status": status, "ok": status == 400}


def check_move_under_bots(server: Server, busy: int, think: float) -> dict[str, Any]:
    for _ in range(busy):
        body = {"game": "ludo", "players": 2, "seats": ["human", f"mcts:seconds={think}"]}
        status, created = request(server.url + "/api/tables", body)
        assert status == 201, created
    time.sleep(1.0)  # let the bots start thinking
    table, tokens = human_table(server.url)
    move, status = timed(lambda: human_move(server.url, table, tokens))
    listing, _ = timed(lambda: request(server.url + "/api/tables"))
    ok = status == 200 and move < 2.0 and listing < 2.0
    return {"busy": busy, "move_s": round(move, 3), "listing_s": round(listing, 3), "ok": ok}


def check_kills(server: Server, kills: int, play: float) -> dict[str, Any]:
    tables = []
    for _ in range(3):
        body = {"game": "ludo", "players": 2, "seats": ["greedy", "greedy"], "speed": "fast"}
        status, created = request(server.url + "/api/tables", body)
        assert status == 201, created
        tables.append(created["id"])
    lost = 0
    seen: dict[str, int] = {}
    for _ in range(kills):
        time.sleep(play)
        for table in tables:
            seen[table] = request(f"{server.url}/api/tables/{table}")[1]["version"]
        server.kill()
        server.start()
        for table in tables:
            after = request(f"{server.url}/api/tables/{table}")[1]["version"]
            lost += max(0, seen[table] - after)
    return {"kills": kills, "lost_moves": lost, "acknowledged": sum(seen.values()), "ok": not lost}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--busy", type=int, default=6, help="tables whose bot thinks long")
    parser.add_argument("--think", type=float, default=5.0, help="their mcts seconds per move")
    parser.add_argument("--kills", type=int, default=5, help="kill -9 rounds")
    parser.add_argument("--play", type=float, default=1.0, help="seconds of play between kills")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(f"sqlite:///{Path(folder) / 'hardening.db'}")
        server.start()
        try:
            figures = {
                "huge_form": check_huge_form(server),
                "move_under_bots": check_move_under_bots(server, args.busy, args.think),
                "kills": check_kills(server, args.kills, args.play),
            }
        finally:
            server.stop()
    print(json.dumps(figures, indent=1))
    sys.exit(0 if all(f["ok"] for f in figures.values()) else 1)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
