"""Batched random ludo playouts on the compiled kernel, beside the reference engine and OpenSpiel.

    python benchmarks/vector_speed.py                        # 4 players, batch 1..4096
    python benchmarks/vector_speed.py --seconds 2 --players 2 4 --json figures.json
    python benchmarks/vector_speed.py --game museum          # or bremen: another kernel

Each row runs in its own fresh process, one after the other, timed on the process's CPU clock
after a warm-up (which also loads numba's compiled code). numba runs the kernel on one thread, so
every figure is one core's. Three ways of playing random games:

- `kernel`: `KernelBatch.play_random`, the whole loop compiled (moves drawn uniformly from the
  legal ones, chance from each game's seed, autoreset), for batch sizes 1 to 4096;
- `arrays`: the array API driven from Python, one `step` call per action of every game (legal
  masks, a random legal action per game chosen with numpy, chance and autoreset inside);
- `ludoteca` and `openspiel`: one game at a time through the Python API, as `ludo_speed.py`
  (`--game museum`: the reference engine only, as OpenSpiel has no such game).

A step is one action applied, chance outcomes included (as in `ludo_speed.py`).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ludo_speed import PLAYOUTS, Playout, api_playout, machine_facts, version

BATCHES = (1, 4, 16, 64, 256, 1024, 4096)
TARGET = 20.0
"""The issue's target: the kernel at least 20 times OpenSpiel maedn's steps per second."""


def measure_kernel(
    game: str, players: int, batch: int, seconds: float, warmup: float
) -> dict[str, Any]:
    from ludoteca import vector

    sim = vector.simulator(game, batch=batch, seed=batch, players=players)
    chunk = max(1, 100_000 // batch)  # actions per game per call: ~100k actions a call
    end = time.process_time() + warmup
    while time.process_time() < end:
        sim.play_random(chunk)
    steps = games = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        games += sim.play_random(chunk)
        steps += chunk * batch
    return {"steps": steps, "games": games, "seconds": elapsed}


def measure_arrays(
    game: str, players: int, batch: int, seconds: float, warmup: float
) -> dict[str, Any]:
    from ludoteca import vector

    step_column = importlib.import_module(f"ludoteca.games.{game}.fast").S_STEP
    sim = vector.simulator(game, batch=batch, seed=batch, players=players)
    rng = np.random.default_rng(batch)
    counts = {"steps": 0, "games": 0}

    def one_step() -> None:
        mask = sim.legal_mask()
        actions = np.argmax(rng.random(mask.shape) * mask, axis=1)  # uniform over legal ones
        before = sim.rows[:, step_column].sum()
        done = sim.step(actions, autoreset=False)
        counts["steps"] += int(sim.rows[:, step_column].sum() - before)
        ended = done.ended != 0
        if ended.any():
            counts["games"] += int(ended.sum())
            sim.restart(ended)

    end = time.process_time() + warmup
    while time.process_time() < end:
        one_step()
    counts.update(steps=0, games=0)
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        one_step()
    return {"steps": counts["steps"], "games": counts["games"], "seconds": elapsed}


def reference_playout(game: str, players: int, rng: random.Random) -> Playout:
    """One game at a time through ludoteca's Python API (any game; ludo as `ludo_speed.py`)."""
    import itertools

    import ludoteca

    loaded = ludoteca.load(game, players=players)
    seeds = itertools.count()
    return api_playout(lambda: loaded.new_initial_state(seed=next(seeds)), rng)


def measure_api(
    game: str, engine: str, players: int, seconds: float, warmup: float
) -> dict[str, Any]:
    rng = random.Random(players)
    if game == "ludo":
        playout = PLAYOUTS[engine](players, rng)
    elif engine == "ludoteca":
        playout = reference_playout(game, players, rng)
    else:
        raise ImportError(f"{engine} has no {game}")
    end = time.process_time() + warmup
    while time.process_time() < end:
        playout()
    steps = games = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        steps += playout()
        games += 1
    return {"steps": steps, "games": games, "seconds": elapsed}


def worker(game: str, engine: str, players: int, batch: int, seconds: float, warmup: float) -> None:
    try:
        if engine == "kernel":
            row = measure_kernel(game, players, batch, seconds, warmup)
        elif engine == "arrays":
            row = measure_arrays(game, players, batch, seconds, warmup)
        else:
            row = measure_api(game, engine, players, seconds, warmup)
    except ImportError as exc:
        row = {"error": f"not installed: {exc}"}
    print(json.dumps({"engine": engine, "players": players, "batch": batch, **row}))


def run(engine: str, players: int, batch: int, args: argparse.Namespace) -> dict[str, Any]:
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", engine]
    command += ["--game", args.game]
    command += ["--players", str(players), "--batches", str(batch)]
    command += ["--seconds", str(args.seconds), "--warmup", str(args.warmup)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        reason = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        return {"engine": engine, "players": players, "batch": batch, "error": reason}
    row: dict[str, Any] = json.loads(lines[-1])
    if "error" not in row:
        row["steps_per_s"] = row["steps"] / row["seconds"]
    return row


def report(rows: list[dict[str, Any]], game: str = "ludo") -> None:
    from rich.console import Console
    from rich.table import Table

    base = {
        (r["engine"], r["players"]): r["steps_per_s"]
        for r in rows
        if r["engine"] in ("openspiel", "ludoteca") and "error" not in r
    }
    table = Table(title=f"Random {game} playouts, steps per CPU second of one core")
    for name in ("engine", "players", "batch", "steps/s", "÷ ludoteca API", "÷ OpenSpiel"):
        table.add_column(name, justify="left" if name == "engine" else "right")
    for r in rows:
        if "error" in r:
            table.add_row(r["engine"], str(r["players"]), str(r["batch"]), "-", "-", r["error"])
            continue
        ours = r["steps_per_s"]
        ratios = [base.get((e, r["players"])) for e in ("ludoteca", "openspiel")]
        table.add_row(
            r["engine"],
            str(r["players"]),
            str(r["batch"]),
            f"{ours:,.0f}",
            *("-" if b is None else f"{ours / b:.1f}" for b in ratios),
        )
    console = Console(width=max(Console().width, 100))
    console.print(table)
    for n in sorted({r["players"] for r in rows}):
        best = max(
            (r for r in rows if r["engine"] == "kernel" and r["players"] == n and "error" not in r),
            key=lambda r: r["steps_per_s"],
            default=None,
        )
        theirs = base.get(("openspiel", n))
        if best and theirs:
            ratio = best["steps_per_s"] / theirs
            verdict = "yes" if ratio >= TARGET else "NO"
            console.print(
                f"{n} players: kernel at batch {best['batch']} runs {ratio:.1f}x OpenSpiel maedn's"
                f" steps/s (target {TARGET:.0f}x: {verdict})"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="timed CPU seconds per row")
    parser.add_argument("--warmup", type=float, default=0.5, help="untimed CPU seconds before")
    parser.add_argument("--game", default="ludo", help="a game with a compiled kernel")
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument("--batches", type=int, nargs="+", default=list(BATCHES))
    parser.add_argument(
        "--engines",
        nargs="+",
        choices=["kernel", "arrays", "ludoteca", "openspiel"],
        help="default: all four (no openspiel for a game other than ludo)",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.game, args.worker, args.players[0], args.batches[0], args.seconds, args.warmup)
        return
    if args.engines is None:
        args.engines = ["kernel", "arrays", "ludoteca"]
        if args.game == "ludo":
            args.engines.append("openspiel")
    rows = []
    for n in args.players:
        for engine in args.engines:
            batches = args.batches if engine in ("kernel", "arrays") else [1]
            rows += [run(engine, n, batch, args) for batch in batches]
    report(rows, args.game)
    if args.json:
        figures = {
            **machine_facts(args.seconds),
            "game": args.game,
            "versions": {"open_spiel": version("openspiel"), "ludoteca": version("ludoteca")},
            "results": rows,
        }
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
