"""Belagerung retrograde solver: the cost of one pass over sample layers of each class.

    python benchmarks/siege_retro_speed.py --tables /work/siege-tables/default

For each class (knights, soldiers) and each number of knights in the castle, the layer of that
kind with the fewest positions from `--min-size` to `--max-size` is given one first pass
(every position evaluated: its moves generated and its children looked up) into a scratch byte
array; the tables are only read (a layer not solved yet reads as drawn, which changes no
cost). Prints the positions evaluated per second of wall time, the basis of the time estimate in
docs/games/siege.md together with the passes the solved layers needed (`stats.npy`).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np
from numba import set_num_threads

from ludoteca.games.siege import fast_retro
from ludoteca.games.siege.board import load_board
from ludoteca.games.siege.fast_retro import L_M, L_N, L_S, L_SIZE, Geometry, lookup


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=Path, required=True)
    parser.add_argument("--min-size", type=int, default=200_000)
    parser.add_argument("--max-size", type=int, default=3_000_000)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    set_num_threads(args.threads)
    geo = Geometry.of(load_board())
    layers = np.load(args.tables / "layers.npy")
    start, layer_of = lookup(layers, len(geo.outside_fields), geo.binom)
    values = np.memmap(args.tables / "values.bin", dtype=np.uint8, mode="r")
    warm = np.zeros(int(layers[0, L_SIZE]), dtype=np.uint8)
    fast_retro._pass(0, warm, values, geo.castle_fields, geo.castle, geo.walk,
                     geo.castle_index, geo.outside_index, geo.binom, start, layer_of, layers,
                     geo.cfg)  # fmt: skip
    print(f"load average {os.getloadavg()[0]:.1f}, {args.threads} threads")
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
                work = np.zeros(size, dtype=np.uint8)
                began = time.perf_counter()
                decided = fast_retro._pass(layer, work, values, geo.castle_fields, geo.castle,
                                           geo.walk, geo.castle_index, geo.outside_index,
                                           geo.binom, start, layer_of, layers, geo.cfg)  # fmt: skip
                seconds = time.perf_counter() - began
                print(
                    f"knights {n} soldiers {s} in castle {m}: layer {layer}, {size:,} positions,"
                    f" {seconds:.2f} s, {size / seconds:,.0f} positions/s (decided {decided:,})",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
