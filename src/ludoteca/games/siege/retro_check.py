"""An independent check of the retrograde tables (`fast_retro.py`), on the rules engine.

Nothing here comes from the solver's code: the index of a position (the format documented in
`fast_retro.py` and docs/games/siege.md) is computed again in plain Python from the layer list
the tables carry (`layers.npy`), the values are read from `values.bin` bit by bit, and moves,
captures and the end of the game come from `game.py` (`SiegeState`), not the compiled kernel.
A position passes when its value is the best of its children's: won when some move wins at once
or reaches a position lost for the opponent, lost when every move reaches a position won for
the opponent (or there is none), drawn otherwise.

The positions are those after the opening (`opening_rule=False`), without the quiet-move limit
(`max_quiet_moves=0`) and with no history, so no child ends by repetition.
"""

from __future__ import annotations

import json
import random
from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np

from ludoteca.games.siege.board import WIDTH, load_board
from ludoteca.games.siege.game import ATTACKER, KNIGHT, LORD, SIDES, SOLDIER, SiegeGame, SiegeState

DRAW, WIN, LOSS = 0, 1, 2
NAMES = {DRAW: "drawn", WIN: "won", LOSS: "lost"}
# the columns of layers.npy (the file format)
N, S, M, RANK, OUT, FREE, SIZE, OFFSET = range(8)


def _unrank(rank: int, size: int) -> list[int]:
    """The places of the `size`-subset with this rank (colex order), ascending."""
    places = []
    for i in range(size, 0, -1):
        p = i - 1
        while comb(p + 1, i) <= rank:
            p += 1
        rank -= comb(p, i)
        places.append(p)
    return places[::-1]


def _flip(field: int) -> int:
    """The mirror image of a field: the same row, columns a-h reversed."""
    row, column = divmod(field, WIDTH)
    return row * WIDTH + WIDTH - 1 - column


def _rank(places: list[int]) -> int:
    return sum(comb(p, i + 1) for i, p in enumerate(sorted(places)))


@dataclass
class Reader:
    """The tables of a directory, read on their own terms."""

    directory: Path
    layers: np.ndarray = field(init=False)
    done: int = field(init=False)

    def __post_init__(self) -> None:
        self.layers = np.load(self.directory / "layers.npy")
        self.done = int(json.loads((self.directory / "progress.json").read_text())["layers_done"])
        self.values = np.memmap(self.directory / "values.bin", dtype=np.uint8, mode="r")
        board = load_board()
        self.board = board
        self.castle = sorted(board.castle)
        self.outside = sorted(set(board.fields) - board.castle)
        self.walk = [f for f in board.fields if board.on_grid(f) and f not in board.moat]
        self.by_key = {
            (int(r[N]), int(r[S]), int(r[M]), int(r[RANK])): i for i, r in enumerate(self.layers)
        }
        self.offsets = [int(v) for v in self.layers[:, OFFSET]]
        self.game = SiegeGame(opening_rule=False, max_quiet_moves=0)

    # -- the index, from the format's description -------------------------------------------
    def index(self, knights: list[int], soldiers: list[int], lord: int, side: int) -> int:
        """The global position number of a position (of its mirror image, columns a-h
        reversed, when the mirror image's outside knights have the smaller bit set)."""
        outside = [f for f in knights if f not in self.castle]
        if sum(1 << _flip(f) for f in outside) < sum(1 << f for f in outside):
            knights, soldiers, lord = (
                [_flip(f) for f in knights],
                [_flip(f) for f in soldiers],
                _flip(lord),
            )
        inside = sorted(f for f in knights if f in self.castle)
        out = sorted(f for f in knights if f not in self.castle)
        rank_o = _rank([self.outside.index(f) for f in out])
        key = (len(knights), len(soldiers), len(inside), rank_o)
        layer = self.by_key[key]
        places = len(self.castle) - len(inside)
        lord_place = [f for f in self.castle if f not in inside].index(lord)
        free = [f for f in self.walk if f not in knights and f != lord]
        rank_s = _rank([free.index(f) for f in soldiers])
        local = (
            (_rank([self.castle.index(f) for f in inside]) * places + lord_place)
            * comb(len(free), len(soldiers))
            + rank_s
        ) * 2 + side
        return self.offsets[layer] + local

    def decode(self, position: int) -> tuple[list[int], list[int], int, int]:
        """(knights, soldiers, lord, side) of a global position number."""
        layer = bisect_right(self.offsets, position) - 1
        while int(self.layers[layer, SIZE]) == 0:
            layer -= 1
        row = [int(v) for v in self.layers[layer]]
        local = position - row[OFFSET]
        side, rest = local % 2, local // 2
        count = comb(row[FREE], row[S])
        rank_s, rest = rest % count, rest // count
        places = len(self.castle) - row[M]
        lord_place, rank_c = rest % places, rest // places
        inside = [self.castle[p] for p in _unrank(rank_c, row[M])]
        out = [self.outside[p] for p in _unrank(row[RANK], row[N] - row[M])]
        lord = [f for f in self.castle if f not in inside][lord_place]
        knights = sorted(out + inside)
        free = [f for f in self.walk if f not in knights and f != lord]
        soldiers = [free[p] for p in _unrank(rank_s, row[S])]
        return knights, soldiers, lord, side

    def sample(self, rng: random.Random) -> int:
        """A position drawn uniformly from those of the solved layers."""
        sizes = [int(size) for size in self.layers[: self.done, SIZE]]
        layer = rng.choices(range(self.done), weights=sizes)[0]
        return self.offsets[layer] + rng.randrange(sizes[layer])

    def read(self, position: int) -> int:
        return int(self.values[position >> 2]) >> ((position & 3) * 2) & 3

    def solved(self, position: int) -> bool:
        layer = bisect_right(self.offsets, position) - 1
        return layer < self.done

    def value_of(self, state: SiegeState) -> int | None:
        """The table's value of an engine state (side to move), None where not yet solved."""
        cells = state.cells
        knights = [f for f in range(len(cells)) if cells[f] == KNIGHT]
        soldiers = [f for f in range(len(cells)) if cells[f] == SOLDIER]
        lord = cells.index(LORD)
        position = self.index(knights, soldiers, lord, state.turn)
        return self.read(position) if self.solved(position) else None

    # -- positions as engine states -----------------------------------------------------------
    def state(self, knights: list[int], soldiers: list[int], lord: int, side: int) -> SiegeState:
        name = self.board.name
        return SiegeState.from_json(
            self.game,
            {
                "knights": [name(f) for f in knights],
                "soldiers": [name(f) for f in soldiers],
                "lord": name(lord),
                "turn": SIDES[side],
            },
        )


def expected_value(reader: Reader, state: SiegeState) -> int | None:
    """The best of the children's values by the rules (None if a child is not solved yet)."""
    if state.is_terminal():  # no move at all: the side to move has lost
        return LOSS
    mover = state.current_player()
    values = []
    later = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        if child.is_terminal():  # the rules' result, first: a win at once needs no table
            result = child.returns()[mover]
            values.append(WIN if result > 0 else LOSS if result < 0 else DRAW)
        else:
            later.append(child)
    if WIN in values:
        return WIN
    for child in later:
        theirs = reader.value_of(child)
        if theirs is None:
            return None
        values.append({WIN: LOSS, LOSS: WIN, DRAW: DRAW}[theirs])
    return WIN if WIN in values else DRAW if DRAW in values else LOSS


@dataclass
class CheckReport:
    checked: int = 0
    mismatches: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=lambda: {n: 0 for n in NAMES.values()})


def check_sample(directory: Path, count: int, seed: int = 0) -> CheckReport:
    """Check `count` positions drawn uniformly from the solved layers."""
    reader = Reader(directory)
    solved = (
        int(reader.layers[reader.done - 1, OFFSET] + reader.layers[reader.done - 1, SIZE])
        if reader.done
        else 0
    )
    report = CheckReport()
    rng = random.Random(seed)
    while report.checked < count and solved:
        position = rng.randrange(solved)
        knights, soldiers, lord, side = reader.decode(position)
        if reader.index(knights, soldiers, lord, side) != position:
            report.mismatches.append(f"position {position} does not round-trip its index")
            report.checked += 1
            continue
        state = reader.state(knights, soldiers, lord, side)
        got = reader.read(position)
        want = expected_value(reader, state)
        report.checked += 1
        report.counts[NAMES[got]] += 1
        if want is not None and got != want:
            report.mismatches.append(
                f"{state.position_key()}: table {NAMES[got]}, children say {NAMES[want]}"
            )
    return report


def all_positions(
    reader: Reader, knights: int, soldiers: int
) -> list[tuple[list[int], list[int], int, int]]:
    """Every position with 1..knights knights and 0..soldiers soldiers, enumerated directly."""
    board = reader.board
    knight_fields = sorted(board.fields)
    result = []
    for n in range(1, knights + 1):
        for ks in combinations(knight_fields, n):
            for lord in reader.castle:
                if lord in ks:
                    continue
                free = [f for f in reader.walk if f not in ks and f != lord]
                for s in range(soldiers + 1):
                    for ss in combinations(free, s):
                        for side in (ATTACKER, 1):
                            result.append((list(ks), list(ss), lord, side))
    return result
