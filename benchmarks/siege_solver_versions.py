"""Belagerung's compiled solver against the one of an earlier commit, in one process.

    python benchmarks/siege_solver_versions.py --before main --depth 15 --rounds 3

Loads `src/ludoteca/games/siege/fast_solve.py` as it was at `--before` (through `git show`)
beside the current one, and proves "no forced win" from the starting position for depths 1 to
`--depth` with each, in turn, `--rounds` times (a fresh table of 4M slots each time), after one
untimed round that compiles both. Both must prove the same; it prints each round's positions,
CPU seconds and positions per second, and the ratio of the best times. The two may count
different positions for the same proof when the later one cuts more of the tree.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

from ludoteca.games.siege import fast_solve
from ludoteca.games.siege.game import ATTACKER, DEFENDER, SiegeGame
from ludoteca.games.siege.solve import start_position

SOURCES = ("src/ludoteca/games/siege/fast_solve.py", "src/ludoteca/games/siege/fastsolve.py")
"""The solver's file, and its name before the compiled modules were named alike (issue 32)."""


def load_version(revision: str, folder: Path) -> ModuleType:
    """`fast_solve` as it was at `revision`, as a module of its own."""
    for source in SOURCES:
        shown = subprocess.run(
            ["git", "show", f"{revision}:{source}"],
            cwd=Path(__file__).resolve().parents[1],
            capture_output=True,
            text=True,
        )
        if shown.returncode == 0:
            break
    shown.check_returncode()
    text = shown.stdout
    path = folder / "fast_solve_before.py"
    path.write_text(text, "utf-8")
    spec = importlib.util.spec_from_file_location("fast_solve_before", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module


def prove(module: ModuleType, depth: int) -> tuple[int, float]:
    """(positions, CPU seconds) of proving depths 1..`depth` from the start with `module`."""
    solver = module.FastSolver(SiegeGame(), table=module.Table.create(1 << 22))
    start, pos = time.process_time(), start_position()
    for plies in range(1, depth + 1):
        if solver.wins(pos, ATTACKER if plies % 2 else DEFENDER, plies):
            sys.exit(f"{module.__name__} found a forced win in {plies} plies")
    return solver.nodes, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="main", help="git revision of the earlier solver")
    parser.add_argument("--depth", type=int, default=15)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        engines = {args.before: load_version(args.before, Path(folder)), "current": fast_solve}
        for module in engines.values():
            prove(module, 3)  # compile before timing
        best = dict.fromkeys(engines, float("inf"))
        for _ in range(args.rounds):
            for name, module in engines.items():
                nodes, seconds = prove(module, args.depth)
                best[name] = min(best[name], seconds)
                print(
                    f"{name}: {args.depth} plies, {nodes:,} positions, {seconds:.2f} s,"
                    f" {nodes / seconds:,.0f} positions/s",
                    flush=True,
                )
    print(f"current is {best[args.before] / best['current']:.2f}x as fast as {args.before}")


if __name__ == "__main__":
    main()
