"""Random ludo playouts per second through each engine's Python API: ludoteca, OpenSpiel, LUDOpy.

    python benchmarks/ludo_speed.py                      # ~10 s per engine and player count
    python benchmarks/ludo_speed.py --seconds 3 --players 2 --json figures.json
    python benchmarks/ludo_speed.py --profile 300        # cProfile ludoteca's playout loop

Every engine runs in its own fresh process (one after the other, so they never share a core),
with a short warm-up before the timed run. Time is the process's own CPU time by default
(`--clock wall` for elapsed time), so other load on a shared machine barely shifts the figures;
with `--repeat N` the engines take N turns and the fastest run of each is kept.

A step is one action applied: for ludoteca and OpenSpiel's `maedn` that includes each chance
outcome (die roll, starting seat); LUDOpy has no chance nodes, so its step is one answered
observation (a roll and its move together). The rules differ between the engines, so steps per
game differ: steps per second is the fair comparison.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import importlib.metadata
import io
import itertools
import json
import os
import platform
import pstats
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ludoteca.core.chance import pick

ENGINES = ("ludoteca", "openspiel", "ludopy")
LABELS = {"ludoteca": "ludoteca", "openspiel": "OpenSpiel maedn", "ludopy": "LUDOpy"}
DISTRIBUTIONS = {"ludoteca": "ludoteca", "openspiel": "open_spiel", "ludopy": "ludopy"}
LUDOPY_GHOSTS = {2: [1, 3], 3: [3], 4: []}
"""LUDOpy always seats 4; the others sit out as its "ghost players" (2 players face each other)."""
TARGET_SHARE = 0.25
"""ludoteca should reach at least this share of OpenSpiel's steps per second."""

Playout = Callable[[], int]
"""Plays one whole random game; returns the number of steps it took."""


def api_playout(new_state: Callable[[], Any], rng: random.Random) -> Playout:
    """Random playouts through an OpenSpiel-style API (ludoteca's and pyspiel's alike)."""

    def playout() -> int:
        state = new_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                action = pick(state.chance_outcomes(), rng.random())
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
        return steps

    return playout


# -- one playout per engine -------------------------------------------------------------------
def ludoteca_playout(players: int, rng: random.Random, **options: Any) -> Playout:
    import ludoteca

    game = ludoteca.load("ludo", players=players, **options)
    seeds = itertools.count()
    return api_playout(lambda: game.new_initial_state(seed=next(seeds)), rng)


def openspiel_playout(players: int, rng: random.Random) -> Playout:
    import pyspiel

    game = pyspiel.load_game("maedn", {"players": players})
    return api_playout(game.new_initial_state, rng)


def ludopy_playout(players: int, rng: random.Random) -> Playout:
    import ludopy
    import numpy as np

    if players not in LUDOPY_GHOSTS:
        raise ValueError(f"LUDOpy seats 2-4 players, not {players}")
    ghosts = LUDOPY_GHOSTS[players]
    np.random.seed(rng.randrange(2**32))  # LUDOpy rolls its die with numpy's global generator

    def playout() -> int:
        game = ludopy.Game(ghost_players=ghosts)
        steps = 0
        there_is_a_winner = False
        while not there_is_a_winner:
            (_dice, move_pieces, *_rest), _player = game.get_observation()
            piece = rng.choice(move_pieces) if len(move_pieces) else -1
            there_is_a_winner = game.answer_observation(piece)[5]
            steps += 1
        return steps

    return playout


PLAYOUTS: dict[str, Callable[[int, random.Random], Playout]] = {
    "ludoteca": ludoteca_playout,
    "openspiel": openspiel_playout,
    "ludopy": ludopy_playout,
}


# -- measuring --------------------------------------------------------------------------------
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
"""`cpu` (the default) counts only this process's own CPU time, so other load on the machine
hardly moves the figures; `wall` is elapsed time, right on an otherwise idle machine."""


def measure(playout: Playout, seconds: float, warmup: float, clock_name: str) -> dict[str, float]:
    """Whole games for `seconds` after `warmup` seconds of untimed games, on the chosen clock."""
    clock = CLOCKS[clock_name]
    end = clock() + warmup
    while clock() < end:
        playout()
    games = steps = 0
    wall_start = time.perf_counter()
    start = clock()
    elapsed = 0.0
    while elapsed < seconds:
        steps += playout()
        games += 1
        elapsed = clock() - start
    return {
        "games": games,
        "steps": steps,
        "seconds": elapsed,
        "wall_seconds": time.perf_counter() - wall_start,
        "games_per_s": games / elapsed,
        "steps_per_s": steps / elapsed,
        "steps_per_game": steps / games,
    }


def worker(engine: str, players: list[int], seconds: float, warmup: float, clock: str) -> None:
    """Measure one engine in this process; one JSON line per player count on stdout."""
    for n in players:
        rng = random.Random(n)
        try:
            playout = PLAYOUTS[engine](n, rng)
        except ImportError as exc:
            print(json.dumps({"engine": engine, "players": n, "error": f"not installed: {exc}"}))
            return
        except ValueError as exc:
            print(json.dumps({"engine": engine, "players": n, "error": str(exc)}))
            continue
        figures = measure(playout, seconds, warmup, clock)
        print(json.dumps({"engine": engine, "players": n, **figures}), flush=True)


def run_engine(engine: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Measure `engine` in a fresh interpreter so no other engine's imports or heap weigh in."""
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", engine]
    command += ["--seconds", str(args.seconds), "--warmup", str(args.warmup)]
    command += ["--clock", args.clock, "--players"]
    command += [str(n) for n in args.players]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    rows = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0:
        reason = done.stderr.strip().splitlines()[-1:] or [f"exit status {done.returncode}"]
        rows.append({"engine": engine, "players": None, "error": reason[0]})
    return rows


def best_of(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The fastest run of each engine and player count: other load only ever slows a run down."""
    best: dict[tuple[str, Any], dict[str, Any]] = {}
    for row in rows:
        key = (row["engine"], row["players"])
        kept = best.get(key)
        if kept is None or row.get("steps_per_s", 0) > kept.get("steps_per_s", 0):
            best[key] = row
    return list(best.values())


def version(engine: str) -> str | None:
    try:
        return importlib.metadata.version(DISTRIBUTIONS[engine])
    except importlib.metadata.PackageNotFoundError:
        return None


def ratios(rows: list[dict[str, Any]]) -> dict[str, dict[int, float]]:
    """ludoteca's steps per second divided by each other engine's, per player count."""
    speed = {(r["engine"], r["players"]): r["steps_per_s"] for r in rows if "error" not in r}
    out: dict[str, dict[int, float]] = {}
    for (engine, n), steps_per_s in speed.items():
        ours = speed.get(("ludoteca", n))
        if engine != "ludoteca" and ours is not None:
            out.setdefault(engine, {})[n] = ours / steps_per_s
    return out


def report(rows: list[dict[str, Any]], share: dict[str, dict[int, float]], clock: str) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(
        title=f"Random playouts through the Python API (per {clock} second)",
        caption="step: one action applied, chance outcomes included (LUDOpy: a roll and its"
        " move); last column: ludoteca's steps/s over the engine's",
    )
    for name in ("engine", "players", "games", "games/s", "steps/s", "steps/game"):
        table.add_column(name, justify="left" if name == "engine" else "right")
    table.add_column("ludoteca ÷ it", justify="right")
    for r in rows:
        label = LABELS[r["engine"]]
        if "error" in r:
            table.add_row(label, str(r["players"] or "-"), "-", "-", "-", "-", r["error"])
            continue
        ratio = share.get(r["engine"], {}).get(r["players"])
        table.add_row(
            label,
            str(r["players"]),
            f"{r['games']:,}",
            f"{r['games_per_s']:,.1f}",
            f"{r['steps_per_s']:,.0f}",
            f"{r['steps_per_game']:,.0f}",
            "-" if ratio is None else f"{ratio:.2f}",
        )
    console = Console(width=max(Console().width, 100))
    console.print(table)
    for n, ratio in sorted(share.get("openspiel", {}).items()):
        verdict = "yes" if ratio >= TARGET_SHARE else "NO"
        console.print(
            f"{n} players: ludoteca at {ratio:.0%} of OpenSpiel's steps/s"
            f" (at least a quarter: {verdict})"
        )


def profile(players: int, games: int, top: int) -> None:
    """cProfile ludoteca's playout loop over `games` games; print the hottest functions."""
    playout = ludoteca_playout(players, random.Random(players))
    profiler = cProfile.Profile()  # wall clock: a CPU-time timer costs a system call per event
    start = time.process_time()
    profiler.enable()
    steps = sum(playout() for _ in range(games))
    profiler.disable()
    elapsed = time.process_time() - start
    print(f"{games} games, {steps} steps, {elapsed:.2f} CPU s under cProfile")
    for order in ("tottime", "cumulative"):
        text = io.StringIO()
        pstats.Stats(profiler, stream=text).strip_dirs().sort_stats(order).print_stats(top)
        print(text.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="timed run per measurement")
    parser.add_argument("--warmup", type=float, default=1.0, help="untimed games before it")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="time measured")
    parser.add_argument("--repeat", type=int, default=1, help="rounds over the engines; best kept")
    parser.add_argument("--engines", nargs="+", choices=ENGINES, default=list(ENGINES))
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--profile", type=int, metavar="GAMES", help="profile ludoteca only")
    parser.add_argument("--worker", choices=ENGINES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.players, args.seconds, args.warmup, args.clock)
        return
    if args.profile:
        profile(args.players[0], args.profile, top=25)
        return
    rows = best_of(
        [
            row
            for _ in range(args.repeat)
            for engine in args.engines
            for row in run_engine(engine, args)
        ]
    )
    share = ratios(rows)
    report(rows, share, args.clock)
    if args.json:
        figures = {
            **machine_facts(args.seconds),
            "clock": args.clock,
            "repeat": args.repeat,
            "versions": {engine: version(engine) for engine in args.engines},
            "results": rows,
            "ludoteca_over": share,
        }
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


def machine_facts(seconds: float) -> dict[str, Any]:
    """Where and how long a benchmark ran, saved beside its figures so runs can be compared."""
    return {
        "date": datetime.date.today().isoformat(),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "seconds": seconds,
    }


if __name__ == "__main__":
    main()
