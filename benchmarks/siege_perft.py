"""Belagerung perft(1..6) on the compiled kernel beside the reference engine.

    python benchmarks/siege_perft.py                       # depths 1-6, reference to depth 5
    python benchmarks/siege_perft.py --depth 7 --reference-depth 5 --json figures.json

perft(d) counts the leaves of the game tree d plies below the starting position (default
options); both engines count the last ply in bulk (see `ludoteca.games.siege.perft`), so
leaves per second compare like for like. Times are the process's CPU seconds; the kernel is
compiled (and numba's cache loaded) before anything is timed. Where both engines ran a depth,
their counts must agree, and the ratio of their speeds is reported.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import ludoteca
from ludo_speed import machine_facts
from ludoteca.games.siege.game import SiegeState
from ludoteca.games.siege.perft import fast_perft, perft


def timed(count: Any, state: SiegeState, depth: int) -> tuple[int, float]:
    start = time.process_time()
    leaves = count(state, depth)
    return leaves, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=6, help="deepest perft on the kernel")
    parser.add_argument(
        "--reference-depth", type=int, default=5, help="deepest perft on the reference engine"
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    state = ludoteca.load("siege").new_initial_state(seed=0)
    assert isinstance(state, SiegeState)
    fast_perft(state, 2)  # compile (or load the cache) before timing
    rows: list[dict[str, Any]] = []
    print("| depth | perft | kernel s | kernel leaves/s | reference s | ref. leaves/s | ratio |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for depth in range(1, args.depth + 1):
        leaves, seconds = timed(fast_perft, state, depth)
        row: dict[str, Any] = {"depth": depth, "perft": leaves, "kernel_seconds": seconds}
        cells = ["", "", ""]
        if depth <= args.reference_depth:
            checked, ref_seconds = timed(perft, state, depth)
            if checked != leaves:
                sys.exit(f"perft({depth}): kernel {leaves}, reference {checked}: they disagree")
            row["reference_seconds"] = ref_seconds
            ratio = f"{ref_seconds / seconds:.0f}x" if min(seconds, ref_seconds) >= 1e-3 else ""
            cells = [f"{ref_seconds:.3f}", f"{leaves / max(ref_seconds, 1e-9):,.0f}", ratio]
        rows.append(row)
        rate = leaves / max(seconds, 1e-9)
        print(f"| {depth} | {leaves:,} | {seconds:.3f} | {rate:,.0f} | {' | '.join(cells)} |")
    if args.json:
        figures = {**machine_facts(0.0), "rows": rows}
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
