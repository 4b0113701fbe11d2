"""Belagerung: the retrograde tables against the compiled proof search, on a reduced game.

    python benchmarks/siege_retro_compare.py                      # 2 knights, 1 soldier, 9 plies
    python benchmarks/siege_retro_compare.py --knights 2 --soldiers 2 --depth 11 --positions 500

Solves every position with up to `--knights` knights and `--soldiers` soldiers by retrograde
analysis (`fast_retro.solve`, tables in a scratch folder), then asks the compiled proof search
(`fast_solve.FastSolver`, the one `ludoteca solve siege` runs) of `--positions` positions drawn
uniformly from the tables whether the side to move, and whether the other side, can force a win
within `--depth` plies. The two must agree where they overlap: a proved win of the side to move
is WIN in the table, a proved win of the other side is LOSS, and a drawn position has neither.
A won position the proof search does not prove within the depth is a win longer than that.
Times are wall seconds of this process (the machine is shared: see the load average).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from ludoteca.games.siege.fast_retro import solve
from ludoteca.games.siege.fast_solve import FastSolver, Table
from ludoteca.games.siege.game import OPENING_MOVES, SiegeGame
from ludoteca.games.siege.retro_check import DRAW, LOSS, NAMES, WIN, Reader


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--knights", type=int, default=2)
    parser.add_argument("--soldiers", type=int, default=1)
    parser.add_argument("--depth", type=int, default=9)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch) / "tables"
        began = time.monotonic()
        report = solve(directory, knights=args.knights, soldiers=args.soldiers)
        retro_seconds = time.monotonic() - began
        print(
            f"retro: {report.positions:,} positions in {report.layers} layers,"
            f" {retro_seconds:.1f} s ({report.positions / retro_seconds:,.0f} positions/s,"
            f" compiling included), load average {os.getloadavg()[0]:.1f}"
        )
        reader = Reader(directory)
        rng = random.Random(args.seed)
        solver = FastSolver(SiegeGame(), None, Table.create(1 << 20))
        agree = disagree = longer = 0
        seen = {DRAW: 0, WIN: 0, LOSS: 0}
        began = time.monotonic()
        for _ in range(args.positions):
            position = rng.randrange(report.positions)
            knights, soldiers, lord, side = reader.decode(position)
            value = reader.read(position)
            seen[value] += 1
            pos = (
                sum(1 << f for f in knights),
                sum(1 << f for f in soldiers),
                lord,
                side,
                OPENING_MOVES,
                0,
            )
            mine = solver.wins(pos, side, args.depth)
            theirs = solver.wins(pos, 1 - side, args.depth)
            if (mine and value != WIN) or (theirs and value != LOSS):
                disagree += 1
                print(f"disagree: {knights} {soldiers} {lord} side {side}: table {NAMES[value]}")
            else:
                agree += 1
                longer += value != DRAW and not (mine or theirs)
        proof_seconds = time.monotonic() - began
    print(
        f"proof search to {args.depth} plies: {args.positions} positions"
        f" ({seen[WIN]} won, {seen[LOSS]} lost, {seen[DRAW]} drawn by the table),"
        f" {solver.nodes:,} nodes in {proof_seconds:.1f} s;"
        f" agree {agree}, disagree {disagree}; {longer} decided positions need more than"
        f" {args.depth} plies"
    )
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
