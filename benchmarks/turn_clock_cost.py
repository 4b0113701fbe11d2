"""What the turn clock costs a server: a person's move at a turn-based table against the same
move at a live one, and one look for due deadlines among many turn-based tables.

    python benchmarks/turn_clock_cost.py                      # SQLite in a temporary folder
    python benchmarks/turn_clock_cost.py --moves 200 --tables 2000 --seed 5

Two people play siege through the HTTP API of one app (FastAPI's TestClient, in process), on a
live table and on a turn-based one (1 hour per move), move after move in turns, each side
playing its first legal move; the time of each move's request is taken, the median and the
quartiles reported for both. Then `--tables` turn-based tables are made with nothing due, and
`TurnClockStore.due` (the query every process runs every 15 s) is timed `--looks` times.
Wall-clock seconds: run it on a quiet machine, under `nice`, several times.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from ludoteca.web.live.clocks import ManualClock
from ludoteca.web.server import create_app


def quartiles(seconds: list[float]) -> str:
    low, mid, high = statistics.quantiles([s * 1000 for s in seconds], n=4)
    return f"median {mid:.2f} ms (quartiles {low:.2f}-{high:.2f}, {len(seconds)} moves)"


def move_times(
    client: TestClient, body: dict[str, Any], moves: int, rng: random.Random
) -> list[float]:
    """Play `moves` moves (a fresh table whenever a game ends) and time each request."""
    times: list[float] = []
    while len(times) < moves:
        created = client.post("/api/tables", json=body).json()
        tokens = {s["seat"]: s["link"].split("token=")[1] for s in created["seats"]}
        table = created["id"]
        while len(times) < moves:
            view = client.get(f"/api/tables/{table}").json()
            seat = view["to_move"]
            if seat is None:
                break
            legal = client.get(f"/api/tables/{table}", params={"seat": seat, "token": tokens[seat]})
            action = rng.choice(legal.json()["legal"])["action"]
            started = time.perf_counter()
            answer = client.post(
                f"/api/tables/{table}/actions",
                json={"seat": seat, "token": tokens[seat], "action": action},
            )
            times.append(time.perf_counter() - started)
            assert answer.status_code == 200, answer.text
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--looks", type=int, default=50)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        clock = ManualClock()
        app = create_app(f"sqlite:///{Path(folder) / 'cost.db'}", bot_delay=0.0, clock=clock)
        people = {"game": "siege", "seats": ["human", "human"]}
        with TestClient(app) as client:
            live = move_times(client, people, args.moves, rng)
            timed = move_times(client, {**people, "move_hours": 1}, args.moves, rng)
            print(f"a move at a live table:       {quartiles(live)}")
            print(f"a move at a turn-based table: {quartiles(timed)}")
            for _ in range(args.tables):
                client.post("/api/tables", json={**people, "move_hours": 24})
            store = app.state.turn_clocks.store
            looks = []
            for _ in range(args.looks):
                started = time.perf_counter()
                due = store.due(clock.now())
                looks.append(time.perf_counter() - started)
            print(
                f"one look for due deadlines among {args.tables} turn-based tables "
                f"({len(due)} due): median {statistics.median(looks) * 1000:.2f} ms"
                f" over {args.looks} looks"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
