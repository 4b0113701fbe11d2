"""MCTS simulations per second in 4-player ludo, full random rollouts: ours beside OpenSpiel's C++.

    python benchmarks/mcts_speed.py                       # every engine, ~5 s each
    python benchmarks/mcts_speed.py --seconds 2 --engines compiled openspiel --json figures.json
    python benchmarks/mcts_speed.py --game museum --players 2 --engines rollout reference

Every engine searches the positions of the same kind of game: a seeded game of random moves,
and at each decision with more than one legal move the engine searches `--simulations`
simulations with random rollouts played to the end of the game, a fresh tree each move. Time is
the process's CPU time over the searches alone (not the random moves between them), after a
warm-up search (which also loads numba's compiled code); each engine runs in its own process.

- `compiled`: `mcts:depth=0,reuse=false` on ludo, the whole search compiled
  (`games/ludo/fast_search.py`);
- `rollout`: the same with `kernel=rollout`: the Python tree, compiled rollouts;
- `reference`: the same with `kernel=off`: the Python tree on the reference engine;
- `openspiel`: OpenSpiel's C++ `MCTSBot` (`pyspiel.MCTSBot` with `RandomRolloutEvaluator`,
  one rollout, no solver) on its `maedn` with 4 players, from Python.

`--game` measures another game's `mcts` the same way (no OpenSpiel row): `compiled` is then
whatever `kernel=auto` finds there (museum: compiled rollouts under the Python tree).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ludo_speed import machine_facts, version
from ludoteca.core.chance import pick

SPECS = {
    "compiled": "mcts:depth=0,reuse=false",
    "rollout": "mcts:depth=0,reuse=false,kernel=rollout",
    "reference": "mcts:depth=0,reuse=false,kernel=off",
}
ENGINES = (*SPECS, "openspiel")
Searcher = Callable[[Any], Any]


def positions(new_state: Callable[[], Any], rng: random.Random) -> Any:
    """Decisions with a choice from endless random games (OpenSpiel-style API)."""
    while True:
        state = new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(pick(state.chance_outcomes(), rng.random()))
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                yield state
            state.apply_action(rng.choice(legal))


def ours(
    engine: str, simulations: int, game_id: str, players: int
) -> tuple[Callable[[], Any], Searcher]:
    import ludoteca
    from ludoteca import agents

    game = ludoteca.load(game_id, players=players)
    bot = agents.load(f"{SPECS[engine]},iterations={simulations}", game, seed=1)
    seeds = iter(range(10**9))
    return lambda: game.new_initial_state(seed=next(seeds)), lambda s: bot.act(s.clone())


def openspiel(simulations: int) -> tuple[Callable[[], Any], Searcher]:
    import pyspiel

    game = pyspiel.load_game("maedn", {"players": 4})
    evaluator = pyspiel.RandomRolloutEvaluator(1, 7)
    bot = pyspiel.MCTSBot(game, evaluator, 1.4, simulations, 1000, False, 7, False)
    return game.new_initial_state, bot.step


def measure(engine: str, args: argparse.Namespace) -> dict[str, Any]:
    simulations, seconds = args.simulations, args.seconds
    if engine == "openspiel":
        if (args.game, args.players) != ("ludo", 4):
            return {"error": "OpenSpiel's maedn is 4-player ludo only"}
        new_state, search = openspiel(simulations)
    else:
        new_state, search = ours(engine, simulations, args.game, args.players)
    stream = positions(new_state, random.Random(5))
    search(next(stream))  # warm-up
    searches = 0
    spent = 0.0
    while spent < seconds:
        state = next(stream)
        start = time.process_time()
        search(state)
        spent += time.process_time() - start
        searches += 1
    return {"searches": searches, "simulations": searches * simulations, "seconds": spent}


def run(engine: str, args: argparse.Namespace) -> dict[str, Any]:
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", engine]
    command += ["--seconds", str(args.seconds), "--simulations", str(args.simulations)]
    command += ["--game", args.game, "--players", str(args.players)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        reason = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        return {"engine": engine, "error": reason}
    row: dict[str, Any] = json.loads(lines[-1])
    if "error" not in row:
        row["simulations_per_s"] = row["simulations"] / row["seconds"]
    return row


def report(rows: list[dict[str, Any]], args: argparse.Namespace) -> None:
    from rich.console import Console
    from rich.table import Table

    theirs = next(
        (r["simulations_per_s"] for r in rows if r["engine"] == "openspiel" and "error" not in r),
        None,
    )
    table = Table(
        title=f"MCTS in {args.players}-player {args.game}, {args.simulations} simulations a"
        " search, full random rollouts"
    )
    for name in ("engine", "searches", "simulations/s", "÷ OpenSpiel C++"):
        table.add_column(name, justify="left" if name == "engine" else "right")
    for r in rows:
        if "error" in r:
            table.add_row(r["engine"], "-", "-", r["error"])
            continue
        rate = r["simulations_per_s"]
        ratio = "-" if theirs is None else f"{rate / theirs:.2f}"
        table.add_row(r["engine"], str(r["searches"]), f"{rate:,.0f}", ratio)
    Console(width=max(Console().width, 100)).print(table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="timed CPU seconds per engine")
    parser.add_argument("--simulations", type=int, default=400, help="per search")
    parser.add_argument("--engines", nargs="+", choices=ENGINES, default=list(ENGINES))
    parser.add_argument("--game", default="ludo", help="the game (default: ludo)")
    parser.add_argument("--players", type=int, default=4, help="seats (default: 4)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        try:
            row = {"engine": args.worker, **measure(args.worker, args)}
        except ImportError as exc:
            row = {"engine": args.worker, "error": f"not installed: {exc}"}
        print(json.dumps(row))
        return
    rows = [run(engine, args) for engine in args.engines]
    report(rows, args)
    if args.json:
        figures = {
            **machine_facts(args.seconds),
            "versions": {"open_spiel": version("openspiel"), "ludoteca": version("ludoteca")},
            "simulations_per_search": args.simulations,
            "game": args.game,
            "players": args.players,
            "results": rows,
        }
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
