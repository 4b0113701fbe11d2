"""Belagerung: the independent check of the retrograde tables on sampled positions.

    python benchmarks/siege_retro_check.py --tables /work/siege-tables/default --positions 20000

Draws `--positions` positions uniformly from the layers the tables count as solved and checks
each with `retro_check.py` (its own index, the rules engine's moves and results): the value
must be the best of its children's, and the position's index must come back from its fields.
Prints the counts of won, lost and drawn positions seen and every mismatch; exits 1 on any.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ludoteca.games.siege.retro_check import Reader, check_sample


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=Path, required=True)
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    reader = Reader(args.tables)
    began = time.monotonic()
    report = check_sample(args.tables, args.positions, seed=args.seed)
    seconds = time.monotonic() - began
    print(
        f"{report.checked:,} positions sampled from {reader.done:,} solved layers"
        f" ({', '.join(f'{v:,} {k}' for k, v in report.counts.items())}) in {seconds:.0f} s:"
        f" {len(report.mismatches)} mismatches"
    )
    for line in report.mismatches[:20]:
        print(line)
    return 1 if report.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
