"""How "your turn" by Web Push weighs on play (issue 33): per table, the move that hands the turn
to a subscribed person, how long its answer took, and how long after that answer the push
reached a stand-in push service on 127.0.0.1 (tests/web/notify_support.py; encrypted and signed
as for a real one). `--delay S` makes the stand-in answer S seconds late (a slow push service):
the moves' answers should not change.

    nice -n 19 .venv/bin/python benchmarks/notify_push.py --tables 40
    nice -n 19 .venv/bin/python benchmarks/notify_push.py --tables 40 --delay 1

Two-person ludo tables (practice seeds 1..N, so every run plays the same moves) on a fresh SQLite
file; the app runs in this process (Starlette's TestClient), so the figures are of the server's
own work, not of a network.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPOSITORY / "tests" / "web"), str(REPOSITORY / "tests")]

from fastapi.testclient import TestClient  # noqa: E402
from notify_support import BrowserSubscription, push_service  # noqa: E402
from web_support import WebKit  # noqa: E402

from ludoteca.web.server import create_app  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument(
        "--delay", type=float, default=0.0, help="the push service's answer delay (s)"
    )
    args = parser.parse_args()
    answers: list[float] = []
    arrivals: list[float] = []
    with tempfile.TemporaryDirectory() as folder, push_service() as pushes:
        pushes.delay = args.delay
        app = create_app(f"sqlite:///{folder}/notify.db", bot_delay=0.0)
        with TestClient(app) as client:
            web = WebKit(app, client)
            for seed in range(1, args.tables + 1):
                table = web.create(seed=seed)
                mover = int(web.view(table)["to_move"])
                seat = 1 - mover
                browser = BrowserSubscription.at(f"{pushes.url}/push/{seed}")
                body = {
                    "seat": seat,
                    "token": table.tokens[seat],
                    "subscription": browser.to_json(),
                }
                assert client.post(f"/api/tables/{table.id}/push", json=body).status_code == 200
                before = len(pushes.received)
                while web.view(table)["to_move"] == mover:
                    legal = web.view(table, mover)["legal"]
                    started = time.monotonic()
                    assert web.act(table, mover, action=legal[0]["action"]).status_code == 200
                    answered = time.monotonic()
                    answers.append(answered - started)
                client.portal.call(app.state.notifier.drain)
                assert len(pushes.received) == before + 1, "one push per turn handed over"
                arrivals.append(pushes.received[-1].at - args.delay - answered)
    print(f"{args.tables} tables, push service delay {args.delay:g} s")
    for name, values in (
        ("move answered (ms)", answers),
        ("push arrived after the answer (ms)", arrivals),
    ):
        ms = [v * 1000 for v in values]
        middle, high = statistics.median(ms), percentile(ms, 0.95)
        print(f"  {name}: n={len(ms)} median {middle:.1f}, p95 {high:.1f}, max {max(ms):.1f}")


if __name__ == "__main__":
    main()
