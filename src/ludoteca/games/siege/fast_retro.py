"""Belagerung solved backwards: retrograde analysis over the knights' progress, compiled.

The game's state after the opening (the opening rule's counters spent) is the knights' fields,
the soldiers' fields, the lord's field and the side to move; the quiet-move counter and the
repetition history are left out (a position no side can force to a win is a draw: see
"Retrograde analysis" in docs/games/siege.md for why that is the rules' value and where the
quiet-move limit could differ).

**Layers.** Outside the castle a knight only jumps forward or into the castle, and once inside
it never leaves; every knight capture removes a knight and every soldier capture a soldier. So
a position's *layer* (the number of knights n, of soldiers s, the set O of knights outside the
castle and the number m inside it) only ever moves to a layer with fewer knights, fewer
soldiers, or the same counts and more progress P = (sum of the outside knights' rows) + 7 m.
Layers are solved in the order n ascending, s ascending, P descending: every move leaving a
layer lands in a layer solved before. Inside a layer the defender's moves (and the castle
knights' jumps) can go round in circles, so a layer is solved by repeated passes: a position is
won for the side to move when a move reaches a position lost for the other side (or captures
the lord / the last knight), lost when it has no move or every move reaches a position won for
the other side; passes repeat until one decides nothing new, and what is left is drawn.

**Index** (the file format; `retro_check.py` computes it again on its own). Within a layer a
position is

    ((rank(C) * (16 - m) + lord) * binom(F, s) + rank(S)) * 2 + side

with C the castle knights' fields ranked as an m-subset of the 16 castle fields (combinatorial
number system over the castle fields in field order), `lord` the lord's place among the castle
fields without a knight, S the soldiers ranked as an s-subset of the F free fields (fields a
soldier may stand on - the grid without the moat - without knights and the lord, in field
order), `side` 0 with the attacker to move, 1 with the defender to move. Layers lie one after
the other in solving order, each starting at a multiple of four positions.

**Values**: two bits a position in `values.bin` (a numpy memmap), four positions a byte, the
lowest bits first: 0 drawn, 1 won for the side to move, 2 lost for the side to move. While a
layer is solved it lives in memory as one byte a position (3 there marks a draw no later pass
can change); `layers.npy` holds the layers (n, s, m, rank of O, O's bits, F, size, offset, P),
`stats.npy` per layer the won/lost/drawn counts for each side to move, the passes and the
milliseconds, and `progress.json` how many layers are done. A run can be stopped at any time:
a layer is written before it is counted, and a resumed run solves again the first layer not
counted.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Literal

import numpy as np
import numpy.typing as npt
from numba import njit, prange, set_num_threads, set_parallel_chunksize
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
from rich.progress import Progress as RichProgress

from ludoteca.games.siege import fast
from ludoteca.games.siege.board import WIDTH, Board, load_board
from ludoteca.games.siege.fast import (
    C_CROWN_A,
    C_CROWN_B,
    C_DIAGONALS,
    C_JUMPS,
    C_RAYS,
    C_STEPS,
    MAX_MOVES,
    RAYS,
    REACH,
)
from ludoteca.games.siege.fast_solve import symmetric
from ludoteca.games.siege.game import SPAN, SiegeGame

Ints = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.uint8]
Index = tuple[int, int, Ints, Ints, Ints, Ints, Ints, Ints]
"""What the kernels need to find a position in the tables, in this order: the castle's and the
soldiers' fields as bit sets, `Geometry.castle_index`, `.outside_index`, `.binom`, and the
layers' lookup (`start`, `layer_of`) and list (`layers`)."""

DRAW, WIN, LOSS, FINAL = 0, 1, 2, 3
"""Values: for the side to move. FINAL (working arrays only) is a draw no pass can change."""
UNKNOWN = 0
FORMAT = 1
MAX_PIECES = 4
CASTLE_FIELDS = 16
CASTLE_PROGRESS = 7
"""A knight in the castle counts as row 7: entering the castle is progress from any row."""
LAYER_COLUMNS = ("knights", "soldiers", "inside", "rank", "outside", "free", "size", "offset")
L_N, L_S, L_M, L_RANK, L_OUT, L_FREE, L_SIZE, L_OFFSET, L_PROGRESS = range(9)
STAT_COLUMNS = (
    "attacker_won",
    "attacker_lost",
    "attacker_drawn",
    "defender_won",
    "defender_lost",
    "defender_drawn",
    "passes",
    "milliseconds",
)


# -- the board's geometry ---------------------------------------------------------------------
@dataclass(frozen=True)
class Geometry:
    """The field lists, index maps and move tables the kernels read."""

    castle_fields: Ints  # the 16 castle fields in field order
    outside_fields: Ints  # the fields a knight may stand on outside the castle, in field order
    castle_index: Ints  # per field: its place in castle_fields, or -1
    outside_index: Ints  # per field: its place in outside_fields, or -1
    walk: int  # bits of the fields a soldier may stand on
    castle: int  # bits of the castle
    cfg: Ints  # the kernel configuration (fast.config): jumps, steps, diagonals, rays, crowns
    binom: Ints  # binom[k, j] = k choose j

    @classmethod
    def of(cls, board: Board) -> Geometry:
        castle = sorted(board.castle)
        outside = sorted(set(board.fields) - board.castle)
        if not symmetric(board) or len(castle) != CASTLE_FIELDS:
            raise ValueError("the retrograde solver wants a symmetric board, 16 castle fields")
        castle_index = np.full(SPAN, -1, dtype=np.int64)
        outside_index = np.full(SPAN, -1, dtype=np.int64)
        for i, f in enumerate(castle):
            castle_index[f] = i
        for i, f in enumerate(outside):
            outside_index[f] = i
        walk = sum(1 << f for f in board.fields if board.on_grid(f) and f not in board.moat)
        binom = np.zeros((SPAN + 1, MAX_PIECES + 2), dtype=np.int64)
        for k in range(SPAN + 1):
            binom[k, 0] = 1
            for j in range(1, MAX_PIECES + 2):
                binom[k, j] = binom[k - 1, j - 1] + binom[k - 1, j] if k else 0
        cfg = fast.config(SiegeGame(opening_rule=False, max_quiet_moves=0), 1)
        return cls(
            np.array(castle, dtype=np.int64),
            np.array(outside, dtype=np.int64),
            castle_index,
            outside_index,
            walk,
            sum(1 << f for f in castle),
            cfg,
            binom,
        )


def rank_of(fields: list[int], places: list[int], binom: Ints) -> int:
    """The combinatorial-number-system rank of a set: sum of binom(place, i + 1), ascending."""
    return sum(int(binom[places.index(f), i + 1]) for i, f in enumerate(sorted(fields)))


def layer_table(geo: Geometry, knights: int, soldiers: int) -> Ints:
    """Every layer with 1..knights knights and 0..soldiers soldiers, in solving order, with its
    offset; a row per layer (columns `L_*`)."""
    rows = []
    outside = [int(f) for f in geo.outside_fields]
    walk = geo.walk
    soldier_fields = bin(walk).count("1")
    castle_count = len(geo.castle_fields)
    for n in range(1, knights + 1):
        for s in range(soldiers + 1):
            block = []
            for m in range(min(n, castle_count) + 1):
                for combo in combinations(range(len(outside)), n - m):
                    bits = sum(1 << outside[p] for p in combo)
                    if mirror_bits(bits) < bits:
                        continue  # its mirror image's layer holds it
                    rank = sum(int(geo.binom[p, i + 1]) for i, p in enumerate(combo))
                    progress = sum(outside[p] // WIDTH for p in combo) + CASTLE_PROGRESS * m
                    free = soldier_fields - bin(bits & walk).count("1") - m - 1
                    size = (
                        int(geo.binom[castle_count, m])
                        * (castle_count - m)
                        * int(geo.binom[free, s])
                        * 2
                    )
                    block.append((n, s, m, rank, bits, free, size, 0, progress))
            block.sort(key=lambda row: (-row[L_PROGRESS], row[L_M], row[L_RANK]))
            rows += block
    table = np.array(rows, dtype=np.int64)
    sizes = (table[:, L_SIZE] + 3) // 4 * 4
    table[:, L_OFFSET] = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    return table


def mirror_bits(bits: int) -> int:
    """The fields' mirror image, columns a-h reversed (each row's byte reversed)."""
    mirrored = 0
    for f in range(SPAN):
        if bits >> f & 1:
            mirrored |= 1 << (f ^ 7)
    return mirrored


def lookup(table: Ints, outside_count: int, binom: Ints) -> tuple[Ints, Ints]:
    """`(start, layer_of)`: the layer of (n, s, m, rank of O) is layer_of[start[n, s, m] + rank]
    (-1 for an O that is not its mirror class's representative)."""
    start = np.full((MAX_PIECES + 1, MAX_PIECES + 1, MAX_PIECES + 1), -1, dtype=np.int64)
    at = 0
    for n in range(1, MAX_PIECES + 1):
        for s in range(MAX_PIECES + 1):
            for m in range(n + 1):
                start[n, s, m] = at
                at += int(binom[outside_count, n - m])
    layer_of = np.full(at, -1, dtype=np.int64)
    for i in range(len(table)):
        n, s, m, rank = (int(v) for v in table[i, [L_N, L_S, L_M, L_RANK]])
        layer_of[start[n, s, m] + rank] = i
    return start, layer_of


@njit(cache=True, inline="always")
def _mirror(x: int) -> int:
    """Reverse the bits of each byte: the mirror image of a set of fields (columns a-h)."""
    x = ((x >> 1) & 0x5555555555555555) | ((x & 0x5555555555555555) << 1)
    x = ((x >> 2) & 0x3333333333333333) | ((x & 0x3333333333333333) << 2)
    return ((x >> 4) & 0x0F0F0F0F0F0F0F0F) | ((x & 0x0F0F0F0F0F0F0F0F) << 4)


# -- the kernels ------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _popcount(x: int) -> int:
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return int((x * 0x0101010101010101) >> 56) & 0xFF


@njit(cache=True, inline="always")
def _read(values: Bytes, position: int) -> int:
    return int(values[position >> 2] >> ((position & 3) << 1)) & 3


@njit(cache=True, inline="always")
def _locate(
    knights: int,
    soldiers: int,
    lord: int,
    side: int,
    index: Index,
) -> tuple[int, int]:
    """(layer, index within it) of a position (the module's index), or of its mirror image when
    that one's outside knights have the smaller bits."""
    castle, walk, castle_index, outside_index, binom, start, layer_of, layers = index
    out = knights & ~castle
    flipped = _mirror(out)
    if flipped < out:
        knights = _mirror(knights)
        soldiers = _mirror(soldiers)
        lord ^= 7
        out = flipped
    inside = knights & castle
    n = _popcount(knights)
    s = _popcount(soldiers)
    m = _popcount(inside)
    rank_o = 0
    i = 0
    rest = out
    while rest:
        f = fast.lowest(rest)
        rest &= rest - 1
        i += 1
        rank_o += binom[outside_index[f], i]
    rank_c = 0
    i = 0
    rest = inside
    while rest:
        f = fast.lowest(rest)
        rest &= rest - 1
        i += 1
        rank_c += binom[castle_index[f], i]
    layer = layer_of[start[n, s, m] + rank_o]
    below = (1 << lord) - 1
    place = castle_index[lord] - _popcount(inside & below)
    free = walk & ~knights & ~(1 << lord)
    rank_s = 0
    i = 0
    rest = soldiers
    while rest:
        f = fast.lowest(rest)
        rest &= rest - 1
        i += 1
        rank_s += int(binom[_popcount(free & ((1 << f) - 1)), i])
    count = layers[layer, L_FREE]
    local = ((rank_c * (16 - m) + place) * binom[count, s] + rank_s) * 2 + side
    return layer, local


@njit(cache=True, inline="always")
def _children(knights: int, soldiers: int, lord: int, side: int, cfg: Ints, out: Ints) -> int:
    """The positions after each move of `side` into `out` (rows: knights, soldiers, lord);
    returns how many. A move that wins at once leaves the lord -1 (taken) or no knight."""
    n = 0
    one = 1
    if side == 0:
        rest = knights
        while rest:
            f = fast.lowest(rest)
            rest &= rest - 1
            targets = cfg[C_JUMPS + f] & ~knights
            while targets:
                t = fast.lowest(targets)
                targets &= targets - 1
                out[n, 0] = knights ^ (one << f) ^ (one << t)
                out[n, 1] = soldiers & ~(one << t)
                out[n, 2] = -1 if t == lord else lord
                n += 1
        return n
    occupied = knights | soldiers | (one << lord)
    rest = soldiers
    while rest:
        f = fast.lowest(rest)
        rest &= rest - 1
        targets = cfg[C_STEPS + f] & ~occupied | cfg[C_DIAGONALS + f] & knights
        while targets:
            t = fast.lowest(targets)
            targets &= targets - 1
            out[n, 0] = knights & ~(one << t)
            out[n, 1] = soldiers ^ (one << f) ^ (one << t)
            out[n, 2] = lord
            n += 1
    # the lord: 1-3 fields along a diagonal over empty fields (a knight ends the ray), and the
    # step between the crown fields
    for r in range(RAYS):
        for d in range(REACH):
            t = cfg[C_RAYS + (lord * RAYS + r) * REACH + d]
            if t < 0 or (soldiers >> t) & 1:
                break
            out[n, 0] = knights & ~(one << t)
            out[n, 1] = soldiers
            out[n, 2] = t
            n += 1
            if (knights >> t) & 1:
                break
    other = -1
    if lord == cfg[C_CROWN_A]:
        other = cfg[C_CROWN_B]
    elif lord == cfg[C_CROWN_B]:
        other = cfg[C_CROWN_A]
    if other >= 0 and not (soldiers >> other) & 1:
        out[n, 0] = knights & ~(one << other)
        out[n, 1] = soldiers
        out[n, 2] = other
        n += 1
    return n


@njit(cache=True)
def _evaluate(
    knights: int,
    soldiers: int,
    lord: int,
    side: int,
    current: int,
    work: Bytes,
    values: Bytes,
    kids: Ints,
    index: Index,
    cfg: Ints,
) -> int:
    """WIN, LOSS, FINAL (a draw for good) or UNKNOWN (a child in this layer is undecided);
    `kids` is scratch space for the children (`MAX_MOVES` rows of 3)."""
    count = _children(knights, soldiers, lord, side, cfg, kids)
    pending = False
    all_won = True  # every move so far reaches a position won for the opponent
    for c in range(count):
        child_knights, child_soldiers, child_lord = kids[c, 0], kids[c, 1], kids[c, 2]
        if child_lord < 0 or child_knights == 0:
            return WIN
        layer, local = _locate(
            child_knights,
            child_soldiers,
            child_lord,
            1 - side,
            index,
        )
        if layer == current:
            v = int(work[local])
            if v == UNKNOWN:
                pending = True
        else:
            v = _read(values, index[7][layer, L_OFFSET] + local)
        if v == LOSS:
            return WIN
        if v != WIN:
            all_won = False
    if all_won:  # no move at all, too
        return LOSS
    return UNKNOWN if pending else FINAL


@njit(cache=True, parallel=True)
def _pass(
    current: int,
    work: Bytes,
    values: Bytes,
    castle_fields: Ints,
    index: Index,
    cfg: Ints,
) -> int:
    """One pass over the layer's undecided positions; returns how many became won or lost."""
    walk, binom, layers = index[1], index[4], index[7]
    m = layers[current, L_M]
    s = layers[current, L_S]
    out = layers[current, L_OUT]
    count = layers[current, L_FREE]
    places = 16 - m
    outer = binom[16, m] * places
    inner = binom[count, s] if count >= s else 0
    decided = np.zeros(outer, dtype=np.int64)
    one = 1
    for o in prange(outer):
        rank_c = o // places
        place = o % places
        inside = 0
        r = rank_c
        for i in range(m, 0, -1):
            p = i - 1
            while binom[p + 1, i] <= r:
                p += 1
            r -= binom[p, i]
            inside |= one << castle_fields[p]
        lord = -1
        seen = 0
        for k in range(16):
            f = castle_fields[k]
            if not (inside >> f) & 1:
                if seen == place:
                    lord = f
                    break
                seen += 1
        knights = out | inside
        free = walk & ~knights & ~(one << lord)
        free_fields = np.zeros(64, dtype=np.int64)
        nf = 0
        rest = free
        while rest:
            free_fields[nf] = fast.lowest(rest)
            nf += 1
            rest &= rest - 1
        combo = np.arange(max(s, 1), dtype=np.int64)
        kids = np.zeros((MAX_MOVES, 3), dtype=np.int64)
        for q in range(inner):
            soldiers = 0
            for j in range(s):
                soldiers |= one << free_fields[combo[j]]
            for side in range(2):
                slot = (o * inner + q) * 2 + side
                if work[slot] == UNKNOWN:
                    v = _evaluate(
                        knights,
                        soldiers,
                        lord,
                        side,
                        current,
                        work,
                        values,
                        kids,
                        index,
                        cfg,
                    )
                    if v != UNKNOWN:
                        work[slot] = v
                        if v != FINAL:
                            decided[o] += 1
            # the next soldier set in colex order (the rank's order)
            if s > 0:
                j = 0
                while j < s - 1 and combo[j] + 1 == combo[j + 1]:
                    j += 1
                combo[j] += 1
                for k in range(j):
                    combo[k] = k
    return int(decided.sum())


@njit(cache=True, parallel=True)
def _pack(work: Bytes, values: Bytes, offset: int) -> None:
    """Write a solved layer (bytes, FINAL and UNKNOWN as draws) as two bits a position."""
    size = work.shape[0]
    first = offset >> 2
    for b in prange((size + 3) // 4):
        byte = 0
        for k in range(4):
            i = b * 4 + k
            if i < size:
                v = work[i]
                if v == WIN or v == LOSS:  # noqa: SIM109 (kept plain for numba)
                    byte |= int(v) << (2 * k)
        values[first + b] = byte


@njit(cache=True)
def _count(work: Bytes, out: Ints) -> None:
    """Won, lost, drawn for the attacker to move, then for the defender to move."""
    for i in range(work.shape[0]):
        v = work[i]
        side = i & 1
        if v == WIN:
            out[3 * side] += 1
        elif v == LOSS:
            out[3 * side + 1] += 1
        else:
            out[3 * side + 2] += 1


# -- tables on disk ---------------------------------------------------------------------------
class RetroTables:
    """A directory of solved layers: `manifest.json`, `layers.npy`, `values.bin` (two bits a
    position), `stats.npy` and `progress.json` (layers done)."""

    def __init__(
        self, directory: Path, knights: int, soldiers: int, *, writable: bool = True
    ) -> None:
        self.directory = directory
        self.knights = knights
        self.soldiers = soldiers
        self.geo = Geometry.of(load_board())
        self.layers = np.load(directory / "layers.npy")
        self.start, self.layer_of = lookup(
            self.layers, len(self.geo.outside_fields), self.geo.binom
        )
        self.positions = int(self.layers[-1, L_OFFSET] + self.layers[-1, L_SIZE])
        geo = self.geo
        self.index: Index = (
            geo.castle, geo.walk, geo.castle_index, geo.outside_index, geo.binom, self.start,
            self.layer_of, self.layers,
        )  # fmt: skip
        mode: Literal["r+", "r"] = "r+" if writable else "r"
        self.values = np.memmap(directory / "values.bin", dtype=np.uint8, mode=mode)
        self.stats = np.load(directory / "stats.npy", mmap_mode=mode)
        self.done = int(json.loads((directory / "progress.json").read_text())["layers_done"])

    @classmethod
    def create(cls, directory: Path, knights: int = 4, soldiers: int = 4) -> RetroTables:
        """New tables (sparse files; nothing solved), or the existing ones of the same shape."""
        if (directory / "manifest.json").exists():
            return cls.open(directory, knights, soldiers)
        directory.mkdir(parents=True, exist_ok=True)
        geo = Geometry.of(load_board())
        layers = layer_table(geo, knights, soldiers)
        positions = int(layers[-1, L_OFFSET] + layers[-1, L_SIZE])
        np.save(directory / "layers.npy", layers)
        np.save(directory / "stats.npy", np.zeros((len(layers), len(STAT_COLUMNS)), np.int64))
        with open(directory / "values.bin", "wb") as handle:
            handle.truncate((positions + 3) // 4)
        _write_json(directory / "progress.json", {"layers_done": 0})
        manifest = {
            "format": FORMAT,
            "knights": knights,
            "soldiers": soldiers,
            "layers": len(layers),
            "positions": positions,
            "layer_columns": [*LAYER_COLUMNS, "progress"],
            "stat_columns": list(STAT_COLUMNS),
            "values": "2 bits a position, 4 a byte, lowest first: 0 drawn, 1 won, 2 lost"
            " for the side to move",
        }
        _write_json(directory / "manifest.json", manifest)
        return cls(directory, knights, soldiers)

    @classmethod
    def open(
        cls,
        directory: Path,
        knights: int | None = None,
        soldiers: int | None = None,
        *,
        writable: bool = True,
    ) -> RetroTables:
        """Existing tables (of the given shape, where given); `writable=False` only reads."""
        manifest = json.loads((directory / "manifest.json").read_text())
        if manifest["format"] != FORMAT:
            raise ValueError(f"{directory}: table format {manifest['format']}, not {FORMAT}")
        for name, wanted in (("knights", knights), ("soldiers", soldiers)):
            if wanted is not None and manifest[name] != wanted:
                raise ValueError(f"{directory} holds {manifest[name]} {name}, not {wanted}")
        knights, soldiers = int(manifest["knights"]), int(manifest["soldiers"])
        return cls(directory, knights, soldiers, writable=writable)

    def locate(self, knights: int, soldiers: int, lord: int, side: int) -> tuple[int, int]:
        return _locate(knights, soldiers, lord, side, self.index)

    def value(self, knights: int, soldiers: int, lord: int, side: int) -> int | None:
        """DRAW, WIN or LOSS for the side to move, or None while its layer is not solved."""
        layer, local = self.locate(knights, soldiers, lord, side)
        if layer >= self.done:
            return None
        return int(_read(self.values, int(self.layers[layer, L_OFFSET]) + local))

    def sweep(self, layer: int, work: Bytes) -> int:
        """One pass over the undecided positions of `layer` (its working bytes `work`); returns
        how many became won or lost. The threads take the layer's blocks one at a time as they
        come free, not half each, so a thread that the machine's other work slows down does not
        hold the pass up."""
        geo = self.geo
        previous = set_parallel_chunksize(1)
        try:
            return int(_pass(layer, work, self.values, geo.castle_fields, self.index, geo.cfg))
        finally:
            set_parallel_chunksize(previous)

    def solve_layer(self, layer: int) -> tuple[int, int]:
        """Solve one layer and write it (not yet counted as done); (passes, positions)."""
        size = int(self.layers[layer, L_SIZE])
        work = np.zeros(size, dtype=np.uint8)
        passes = 0
        if size:
            passes = 1
            while self.sweep(layer, work):
                passes += 1
            _pack(work, self.values, int(self.layers[layer, L_OFFSET]))
        counts = np.zeros(6, dtype=np.int64)
        _count(work, counts)
        self.stats[layer, :6] = counts
        self.stats[layer, 6] = passes
        return passes, size

    def checkpoint(self, done: int) -> None:
        """Make the layers before `done` durable, then count them."""
        self.values.flush()
        self.stats.flush()
        _write_json(self.directory / "progress.json", {"layers_done": done})
        self.done = done


def _write_json(path: Path, data: object) -> None:
    scratch = path.with_suffix(".tmp")
    scratch.write_text(json.dumps(data, indent=1) + "\n")
    scratch.replace(path)


@dataclass
class RunReport:
    layers_done: int
    layers: int
    positions_done: int
    positions: int
    seconds: float
    positions_solved_now: int

    @property
    def rate(self) -> float:
        return self.positions_solved_now / self.seconds if self.seconds else 0.0


def solve(
    directory: Path,
    *,
    knights: int = 4,
    soldiers: int = 4,
    seconds: float | None = None,
    stop_after: int | None = None,
    threads: int | None = None,
    checkpoint_every: float = 30.0,
    report: Callable[[RunReport], None] | None = None,
) -> RunReport:
    """Solve (or go on solving) the tables in `directory`: layers in order from the first one
    not done, until all are done, `seconds` have passed or `stop_after` layers are done."""
    if threads:
        set_num_threads(threads)
    tables = RetroTables.create(directory, knights, soldiers)
    layers = tables.layers
    sizes = layers[:, L_SIZE]
    total = int(sizes.sum())
    began = time.monotonic()
    last = began
    solved_now = 0
    layer = tables.done
    end = len(layers) if stop_after is None else min(len(layers), stop_after)

    def now_report() -> RunReport:
        done_positions = int(sizes[:layer].sum())
        return RunReport(
            layer, len(layers), done_positions, total, time.monotonic() - began, solved_now
        )

    while layer < end:
        if seconds is not None and time.monotonic() - began >= seconds:
            break
        t0 = time.monotonic()
        _, size = tables.solve_layer(layer)
        tables.stats[layer, 7] = int((time.monotonic() - t0) * 1000)
        solved_now += size
        layer += 1
        if time.monotonic() - last >= checkpoint_every or layer == end:
            tables.checkpoint(layer)
            last = time.monotonic()
            if report is not None:
                report(now_report())
    if tables.done != layer:
        tables.checkpoint(layer)
    return now_report()


def run(
    console: Console,
    directory: Path,
    *,
    seconds: float | None = None,
    knights: int = 4,
    soldiers: int = 4,
    threads: int | None = None,
    log: Path | None = None,
) -> RunReport:
    """`ludoteca solve siege --method retro --tables DIR`: solve on with a Rich progress bar
    (positions done and their rate) and, with `log`, a line per checkpoint in that file."""
    with RichProgress(
        TextColumn("layers {task.fields[layers]}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("positions, {task.fields[rate]}/s"),
        TimeElapsedColumn(),
        console=console,
    ) as bar:
        tables = RetroTables.create(directory, knights, soldiers)
        sizes = tables.layers[:, L_SIZE]
        task = bar.add_task(
            "solving",
            total=int(sizes.sum()),
            completed=int(sizes[: tables.done].sum()),
            layers=f"{tables.done}/{len(sizes)}",
            rate="-",
        )

        def report(progress: RunReport) -> None:
            rate = f"{progress.rate:,.0f}"
            bar.update(
                task,
                completed=progress.positions_done,
                layers=f"{progress.layers_done}/{progress.layers}",
                rate=rate,
            )
            if log is not None:
                stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())
                with open(log, "a", encoding="utf-8") as handle:
                    handle.write(
                        f"{stamp} UTC layers {progress.layers_done}/{progress.layers}"
                        f" positions {progress.positions_done}/{progress.positions}"
                        f" this run {progress.positions_solved_now} in {progress.seconds:.0f} s"
                        f" ({rate}/s)\n"
                    )

        result = solve(
            directory,
            knights=knights,
            soldiers=soldiers,
            seconds=seconds,
            threads=threads,
            report=report,
        )
    console.print(
        f"{result.layers_done} of {result.layers} layers solved,"
        f" {result.positions_done:,} of {result.positions:,} positions;"
        f" this run {result.positions_solved_now:,} in {result.seconds:,.0f} s"
    )
    return result
