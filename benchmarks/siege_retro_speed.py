"""Belagerung retrograde solver: the cost of one pass over sample layers of each class, with one
and with two threads.

    python benchmarks/siege_retro_speed.py --tables /work/siege-tables/default --threads 1,2

For each class (knights, soldiers) and each number of knights in the castle, the layer of that
kind with the fewest positions from `--min-size` to `--max-size` is given one first pass
(every position evaluated: its moves generated and its children looked up) into a scratch byte
array, once with each thread count in turn, so every count sees the same layers under the same
load; the tables are only read (a layer not solved yet reads as drawn, which changes no cost).
Prints the positions evaluated per second of wall time per layer and in all (and in all per CPU
second, which shows what a thread costs where the machine has no core to spare): the basis of the
time estimate in docs/games/siege.md, together with the passes the solved layers needed
(`stats.npy`). (One pass's decisions may differ between thread counts: the threads read each
other's fresh values; the solved tables do not, see tests/games/siege/test_siege_retro.py.)
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np
from numba import set_num_threads

from ludoteca.games.siege.fast_retro import L_M, L_N, L_S, L_SIZE, RetroTables


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=Path, required=True)
    parser.add_argument("--min-size", type=int, default=200_000)
    parser.add_argument("--max-size", type=int, default=3_000_000)
    parser.add_argument("--threads", default="1,2", help="thread counts, comma-separated")
    args = parser.parse_args()
    counts = [int(t) for t in args.threads.split(",")]
    tables = RetroTables.open(args.tables, writable=False)
    layers = tables.layers
    for threads in counts:  # compile and warm up with every thread count
        set_num_threads(threads)
        tables.sweep(0, np.zeros(int(layers[0, L_SIZE]), dtype=np.uint8))
    print(f"load average {os.getloadavg()[0]:.1f}, threads {args.threads}")
    totals = dict.fromkeys(counts, 0.0)
    cpu = dict.fromkeys(counts, 0.0)
    positions = 0
    for n in range(1, 5):
        for s in range(5):
            for m in range(n + 1):
                chosen = np.flatnonzero(
                    (layers[:, L_N] == n)
                    & (layers[:, L_S] == s)
                    & (layers[:, L_M] == m)
                    & (layers[:, L_SIZE] >= args.min_size)
                    & (layers[:, L_SIZE] <= args.max_size)
                )
                if not len(chosen):
                    continue
                layer = int(chosen[np.argmin(layers[chosen, L_SIZE])])
                size = int(layers[layer, L_SIZE])
                positions += size
                rates = []
                for threads in counts:
                    set_num_threads(threads)
                    work = np.zeros(size, dtype=np.uint8)
                    began, used = time.perf_counter(), time.process_time()
                    tables.sweep(layer, work)
                    seconds = time.perf_counter() - began
                    totals[threads] += seconds
                    cpu[threads] += time.process_time() - used
                    rates.append(f"{threads} threads {size / seconds:,.0f}/s")
                print(
                    f"knights {n} soldiers {s} in castle {m}: layer {layer}, {size:,} positions:"
                    f" {', '.join(rates)}",
                    flush=True,
                )
    for threads in counts:
        print(
            f"all: {threads} threads {positions / totals[threads]:,.0f} positions/s"
            f" ({positions / cpu[threads]:,.0f} per CPU second, all threads together)"
        )
    print(f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
