"""The siege solver's proof search (`solve.Solver`) compiled on the siege kernel, with symmetry
and a disk-backed table.

The same question and the same answers as `solve.Solver.wins`: can `winner` force a win within
`depth` plies (repetitions and the quiet rule left out, as there)? Positions are kernel rows
(`fast.py`) and moves come from the kernel's `moves`, so the rules are the tested ones.

- **Symmetry**: when the board is its own mirror image left to right (checked on the board's
  tables, not assumed), a position and its mirror image have the same answer, so the table
  stores each pair once, under the smaller of the two keys.
- **Table**: an open-addressing hash table in numpy arrays (`Table`): per slot the key (knights,
  soldiers, unmoved soldiers, and lord, side, opening moves and winner packed), the value as in
  `solve.Solver.table` (>= 0: plies proved not enough; < 0: minus the plies of a proved win) and
  a move (the winning move of a proved win where the winner moves; the refutation where the
  loser moved). With a path the arrays are a `numpy.memmap` file, so a later run (and the `hard`
  bot) reads what earlier runs proved. When a slot's four probes are taken, the shallowest
  entry is overwritten: the table is a cache of proved facts, and the search stays correct.
- **Reach**: a node is answered "no" at once when the winner cannot possibly capture in the
  plies left, on bounds that ignore every blocking piece (`Reach`): the attacker needs a knight
  that can jump onto a field the lord can have reached by then, counting knight jumps and lord
  moves on the empty board; the defender needs a move per knight left, as each move takes at
  most one. Such a node could only be won by leaving the loser without a move, which never
  happens on this board (`solve.py`), so the answers stay those of `solve.Solver`.
- **Budget**: the compiled search looks at the clock every 65,536 nodes; when time is up it
  unwinds without storing anything, so the table only ever holds proved facts.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
from numba import njit, objmode

from ludoteca.core.fastrng import mix64
from ludoteca.games.siege import fast
from ludoteca.games.siege.board import WIDTH, Board
from ludoteca.games.siege.fast import (
    C_JUMPS,
    MAX_MOVES,
    S_KNIGHTS,
    S_LORD,
    S_OPENING,
    S_SOLDIERS,
    S_TURN,
    S_UNMOVED,
    Config,
    Rows,
)
from ludoteca.games.siege.game import ATTACKER, OPENING_MOVES, SPAN, SiegeGame
from ludoteca.games.siege.solve import OutOfTime, Position

Ints = npt.NDArray[np.int64]
PROBES = 4
KEY_WORDS = 4
DEFAULT_SLOTS = 1 << 22
"""4M slots, 192 MiB (48 bytes a slot). A table file made larger beforehand (`Table.create`
with more slots) keeps its size when a run opens it."""
MAX_PLIES = 256
REACH_MOVES = 64
"""The reach bounds are tabled up to this many moves of a side (and stay true beyond it)."""

_REVERSED = np.array([int(f"{b:08b}"[::-1], 2) for b in range(256)], dtype=np.int64)


def symmetric(board: Board) -> bool:
    """Whether mirroring columns (a <-> h) maps the board and every move table onto itself."""

    def mirror(field: int) -> int:
        return field - field % WIDTH + WIDTH - 1 - field % WIDTH

    def same(fields: Iterable[int]) -> bool:
        items = set(fields)
        return {mirror(f) for f in items} == items

    if not all(same(x) for x in (board.fields, board.castle, board.moat, board.crowns)):
        return False
    if not same(board.knight_starts) or not same(board.soldier_starts):
        return False
    size = len(board.knight_jumps)
    return all(
        {mirror(t) for t in board.knight_jumps[f]} == set(board.knight_jumps[mirror(f)])
        and {(mirror(t), d) for t, d in board.soldier_steps[f]}
        == set(board.soldier_steps[mirror(f)])
        and {tuple(mirror(t) for t in ray) for ray in board.lord_rays[f]}
        == set(board.lord_rays[mirror(f)])
        for f in range(size)
    )


@dataclass(frozen=True)
class Reach:
    """The bounds behind the reach cut (see the module docstring), from the board's tables.

    `captures[a, f]`: the fields a knight on `f` could capture on within `a` of its moves (its
    jumps on an empty board); `lord[m, g]`: the fields the lord on `g` could stand on after at
    most `m` of its moves (its rays run to their ends and the crown move, on an empty board).
    Both as bit sets; a number of moves past `REACH_MOVES` reads row `REACH_MOVES`."""

    captures: Ints
    lord: Ints

    @classmethod
    def of(cls, board: Board) -> Reach:
        size = len(board.knight_jumps)
        captures = np.zeros((REACH_MOVES + 1, SPAN), dtype=np.int64)
        lord = np.zeros((REACH_MOVES + 1, SPAN), dtype=np.int64)
        lord_steps = [
            {t for ray in board.lord_rays[f] for t in ray} | _crown_move(board, f)
            for f in range(size)
        ]
        for f in range(size):
            stood = {f}  # where the knight can stand after fewer than `a` moves
            lord_seen = {f}
            for a in range(REACH_MOVES + 1):
                if a:
                    captures[a, f] = _bit_set(t for g in stood for t in board.knight_jumps[g])
                    stood = {t for g in stood for t in board.knight_jumps[g]} | stood
                    lord_seen |= {t for g in lord_seen for t in lord_steps[g]}
                lord[a, f] = _bit_set(lord_seen)
        return cls(captures, lord)


def _crown_move(board: Board, field: int) -> set[int]:
    a, b = board.crowns
    return {b} if field == a else {a} if field == b else set()


def _bit_set(fields: Iterable[int]) -> int:
    bits = 0
    for field in set(fields):
        bits |= 1 << field
    return bits - (1 << 64) if bits >> 63 else bits  # as a signed int64


@dataclass
class Table:
    """The proof table's arrays (see the module docstring); `path`: a memmap file or None."""

    keys: npt.NDArray[np.int64]
    values: Ints
    moves: Ints
    path: Path | None = None

    @classmethod
    def create(cls, slots: int = DEFAULT_SLOTS, path: Path | None = None) -> Table:
        """A table of `slots` entries; with `path`, that file (an existing one keeps its size)."""
        width = (KEY_WORDS + 2) * 8
        if path is not None and path.exists():
            slots = path.stat().st_size // width if path.stat().st_size % width == 0 else 0
        if slots < PROBES or slots & (slots - 1):
            raise ValueError(f"a table has a power of two slots (at least {PROBES}), not {slots}")
        if path is None:
            words = np.zeros(slots * (KEY_WORDS + 2), dtype=np.int64)
        else:
            size = (slots * (KEY_WORDS + 2),)
            if path.exists():
                words = np.memmap(path, dtype=np.int64, mode="r+", shape=size)
            else:
                words = np.memmap(path, dtype=np.int64, mode="w+", shape=size)
        keys = words[: slots * KEY_WORDS].reshape(slots, KEY_WORDS)
        return cls(keys, words[slots * KEY_WORDS : slots * (KEY_WORDS + 1)], words[-slots:], path)

    @classmethod
    def open(cls, path: Path) -> Table:
        """An existing table file, read only (for the `hard` bot)."""
        slots = path.stat().st_size // ((KEY_WORDS + 2) * 8)
        if slots < PROBES or slots & (slots - 1):
            raise ValueError(f"{path} is not a siege solver table")
        words = np.memmap(path, dtype=np.int64, mode="r")
        keys = words[: slots * KEY_WORDS].reshape(slots, KEY_WORDS)
        return cls(keys, words[slots * KEY_WORDS : slots * (KEY_WORDS + 1)], words[-slots:], path)

    def __len__(self) -> int:
        return int(np.count_nonzero(self.keys[:, 3]))

    def flush(self) -> None:
        if isinstance(self.keys.base, np.memmap):
            self.keys.base.flush()


# -- keys ----------------------------------------------------------------------------------------
@njit(cache=True)
def _mirror_bits(bits: int) -> int:
    out = 0
    for byte in range(8):
        out |= _REVERSED[bits >> (8 * byte) & 0xFF] << (8 * byte)
    return out


@njit(cache=True)
def mirror_field(field: int) -> int:
    return field - field % WIDTH + WIDTH - 1 - field % WIDTH


@njit(cache=True)
def _key(s: Rows, i: int, winner: int, mirrored: bool, out: Ints) -> None:
    lord = s[i, S_LORD]
    knights, soldiers, unmoved = s[i, S_KNIGHTS], s[i, S_SOLDIERS], s[i, S_UNMOVED]
    if mirrored:
        knights, soldiers, unmoved = (
            _mirror_bits(knights),
            _mirror_bits(soldiers),
            _mirror_bits(unmoved),
        )
        lord = mirror_field(lord) if lord >= 0 else lord
    opened = min(s[i, S_OPENING], OPENING_MOVES)
    out[0], out[1], out[2] = knights, soldiers, unmoved if opened < OPENING_MOVES else 0
    out[3] = (lord + 1) | s[i, S_TURN] << 6 | opened << 7 | winner << 10 | 1 << 11


@njit(cache=True)
def _canonical(s: Rows, i: int, winner: int, symmetry: bool, out: Ints, other: Ints) -> bool:
    """The table key of position `i` into `out`; True when it is the mirror image's."""
    _key(s, i, winner, False, out)
    if not symmetry:
        return False
    _key(s, i, winner, True, other)
    for w in range(KEY_WORDS):
        if other[w] != out[w]:
            if other[w] < out[w]:
                out[:] = other
                return True
            return False
    return False


@njit(cache=True)
def _holds(keys: npt.NDArray[np.int64], slot: int, key: Ints) -> bool:
    for w in range(KEY_WORDS):  # noqa: SIM110 (numba compiles no generator inside all())
        if keys[slot, w] != key[w]:
            return False
    return True


@njit(cache=True)
def _slot(keys: npt.NDArray[np.int64], values: Ints, key: Ints, insert: bool) -> int:
    """The slot holding `key` (-1 if none); with `insert`, else a slot to write it to."""
    h = mix64(np.uint64(key[0]) ^ mix64(np.uint64(key[1]) ^ mix64(np.uint64(key[2] ^ key[3]))))
    mask = keys.shape[0] - 1
    start = np.int64(h & np.uint64(mask))
    victim, shallowest = start, 1 << 62
    for p in range(PROBES):
        slot = (start + p) & mask
        if _holds(keys, slot, key):
            return int(slot)
        if keys[slot, 3] == 0:
            return int(slot) if insert else -1
        if abs(values[slot]) < shallowest:
            victim, shallowest = slot, abs(values[slot])
    return int(victim) if insert else -1


# -- the search ------------------------------------------------------------------------------
@njit(cache=True)
def _takes_all_now(cfg: Config, s: Rows, i: int, side: int, scratch: Ints) -> int:
    """The move with which `side`, to move, wins at once (takes the lord or the last knight),
    or -1: `solve.Rules.takes_all_now`."""
    knights, lord = s[i, S_KNIGHTS], s[i, S_LORD]
    if side == ATTACKER:
        if lord < 0:
            return -1
        rest = knights
        while rest:
            field = fast.lowest(rest)
            rest &= rest - 1
            if cfg[C_JUMPS + field] >> lord & 1:
                return int(field * SPAN + lord)
        return -1
    if knights & (knights - 1):
        return -1
    for k in range(fast.defender_moves(cfg, s, i, scratch, 0)):
        if knights >> (scratch[k] % SPAN) & 1:
            return int(scratch[k])
    return -1


@njit(cache=True)
def _play(s: Rows, i: int, action: int) -> None:
    """`solve.Rules.play` from row `i` into row `i + 1` (no repetition table, no quiet count)."""
    s[i + 1, :] = s[i, :]
    source, target = action // SPAN, action % SPAN
    here, there = np.int64(1) << source, np.int64(1) << target
    j = i + 1
    if s[j, S_TURN] == ATTACKER:
        s[j, S_KNIGHTS] ^= here | there
        s[j, S_SOLDIERS] &= ~there
        if s[j, S_LORD] == target:
            s[j, S_LORD] = -1
    else:
        s[j, S_KNIGHTS] &= ~there
        if s[j, S_LORD] == source:
            s[j, S_LORD] = target
        else:
            s[j, S_SOLDIERS] ^= here | there
        if s[j, S_OPENING] < OPENING_MOVES:
            s[j, S_OPENING] += 1
    s[j, S_UNMOVED] &= ~(here | there)
    s[j, S_TURN] = 1 - s[j, S_TURN]


@njit(cache=True)
def _ordered(cfg: Config, s: Rows, i: int, out: Ints, first: int) -> int:
    """Legal moves, captures first, `first` (a remembered refutation) before all."""
    n = fast.moves(cfg, s, i, out)
    if s[i, S_TURN] == ATTACKER:
        enemy = s[i, S_SOLDIERS]
        if s[i, S_LORD] >= 0:
            enemy |= np.int64(1) << s[i, S_LORD]
    else:
        enemy = s[i, S_KNIGHTS]
    scratch = out[MAX_MOVES:]
    front = 0
    for k in range(n):
        if enemy >> (out[k] % SPAN) & 1:
            scratch[front] = out[k]
            front += 1
    back = front
    for k in range(n):
        if not enemy >> (out[k] % SPAN) & 1:
            scratch[back] = out[k]
            back += 1
    out[:n] = scratch[:n]
    if first >= 0:
        for k in range(n):
            if out[k] == first:
                for m in range(k, 0, -1):
                    out[m] = out[m - 1]
                out[0] = first
                break
    return n


@njit(cache=True)
def _mirror_move(action: int) -> int:
    return mirror_field(action // SPAN) * SPAN + mirror_field(action % SPAN)


@njit(cache=True)
def _out_of_reach(
    s: Rows, i: int, winner: int, depth: int, captures: Ints, lord_reach: Ints
) -> bool:
    """Whether `winner` cannot possibly capture what it must within `depth` plies (the reach
    cut of the module docstring)."""
    first = s[i, S_TURN] == winner
    own = (depth + 1) // 2 if first else depth // 2  # the winner's moves left
    knights = s[i, S_KNIGHTS]
    if winner != ATTACKER:
        return fast.count_bits(knights) > own
    lord = s[i, S_LORD]
    if lord < 0:
        return False
    fields = lord_reach[min(own - 1 if first else own, REACH_MOVES), lord]
    row = min(own, REACH_MOVES)
    rest = knights
    while rest:
        if captures[row, fast.lowest(rest)] & fields:
            return False
        rest &= rest - 1
    return True


@njit(cache=True)
def wins(
    cfg: Config,
    keys: npt.NDArray[np.int64],
    values: Ints,
    table_moves: Ints,
    symmetry: bool,
    captures: Ints,
    lord_reach: Ints,
    s: Rows,
    moves: npt.NDArray[np.int64],
    scratch: Ints,
    ply: int,
    winner: int,
    depth: int,
    stats: Ints,
    deadline: float,
) -> bool:
    """`solve.Solver.wins` for row `ply` of the stack `s`; `stats`: nodes, and 1 in stats[1]
    once the deadline has passed (from then on nothing is stored and the answer is void).
    `scratch[ply]` holds the position's two keys (its own and its mirror image's), so no
    node allocates memory."""
    if stats[1]:
        return False
    side = s[ply, S_TURN]
    if depth < 3 and side == winner:  # a later move of the winner would come too late
        stats[0] += 1
        return depth >= 1 and _takes_all_now(cfg, s, ply, winner, moves[ply]) >= 0
    if depth < 2:
        return False
    if _out_of_reach(s, ply, winner, depth, captures, lord_reach):
        stats[0] += 1
        return False
    key, other = scratch[ply, :KEY_WORDS], scratch[ply, KEY_WORDS:]
    flipped = _canonical(s, ply, winner, symmetry, key, other)
    slot = _slot(keys, values, key, False)
    known, hint = -1, -1
    if slot >= 0:
        known = values[slot]
        if known < 0:
            if -known <= depth:
                return True
        elif known >= depth:
            return False
        hint = table_moves[slot]
        if hint >= 0 and flipped:
            hint = _mirror_move(hint)
    stats[0] += 1
    if stats[0] & 0xFFFF == 0 and deadline > 0:
        with objmode(now="float64"):
            now = time.monotonic()
        if now > deadline:
            stats[1] = 1
            return False
    result, best = False, -1
    if side == winner:
        best = _takes_all_now(cfg, s, ply, winner, moves[ply])
        if best >= 0:
            result = True
        else:
            n = _ordered(cfg, s, ply, moves[ply], hint)
            for k in range(n):
                _play(s, ply, moves[ply, k])
                if wins(
                    cfg, keys, values, table_moves, symmetry, captures, lord_reach, s, moves,
                    scratch, ply + 1, winner, depth - 1, stats, deadline,
                ):  # fmt: skip
                    result, best = True, int(moves[ply, k])
                    break
    elif _takes_all_now(cfg, s, ply, 1 - winner, moves[ply]) < 0:  # else the loser wins at once
        result = True
        n = _ordered(cfg, s, ply, moves[ply], hint)
        for k in range(n):
            _play(s, ply, moves[ply, k])
            if not wins(
                cfg, keys, values, table_moves, symmetry, captures, lord_reach, s, moves,
                scratch, ply + 1, winner, depth - 1, stats, deadline,
            ):  # fmt: skip
                result, best = False, int(moves[ply, k])
                break
    if stats[1]:
        return False
    slot = _slot(keys, values, key, True)
    known = values[slot] if _holds(keys, slot, key) else -1  # -1: new, or overwritten since
    if result:
        value = -depth
    elif known < 0 or depth > known:
        value = depth
    else:
        value = known
    if value != known or best >= 0:
        keys[slot, :] = key
        values[slot] = value
        if best >= 0:
            table_moves[slot] = _mirror_move(best) if flipped else best
        elif known < 0:
            table_moves[slot] = -1
    return result


def to_stack(position: Position) -> Rows:
    """A search stack whose row 0 is the solver's `Position` tuple."""
    stack = np.zeros((MAX_PLIES + 2, fast.row_width(1)), dtype=np.int64)
    knights, soldiers, lord, side, opened, unmoved = position
    stack[0, [S_KNIGHTS, S_SOLDIERS, S_LORD, S_TURN, S_OPENING, S_UNMOVED]] = (
        knights,
        soldiers,
        lord,
        side,
        opened,
        unmoved,
    )
    return stack


class FastSolver:
    """`solve.Solver` on the compiled kernel: `wins`, `nodes`, `table_size` as there."""

    def __init__(
        self,
        game: SiegeGame,
        deadline: float | None = None,
        table: Table | None = None,
    ) -> None:
        self.game = game
        self.cfg = fast.config(game, 1)
        self.symmetry = symmetric(game.board)
        self.reach = Reach.of(game.board)
        self.table = Table.create() if table is None else table
        self.deadline = deadline
        self.nodes = 0
        self.moves = np.zeros((MAX_PLIES + 2, 2 * MAX_MOVES), dtype=np.int64)
        self.scratch = np.zeros((MAX_PLIES + 2, 2 * KEY_WORDS), dtype=np.int64)

    def wins(self, pos: Position, winner: int, depth: int) -> bool:
        """Whether `winner` can force a win within `depth` plies from `pos` (OutOfTime when
        the deadline passes first)."""
        if depth > MAX_PLIES:
            raise ValueError(f"the compiled search goes to {MAX_PLIES} plies, not {depth}")
        stack = to_stack(pos)
        stats = np.zeros(2, dtype=np.int64)
        t = self.table
        won = wins(
            self.cfg, t.keys, t.values, t.moves, self.symmetry, self.reach.captures,
            self.reach.lord, stack, self.moves, self.scratch, 0, winner, depth, stats,
            self.deadline or 0.0,
        )  # fmt: skip
        self.nodes += int(stats[0])
        if stats[1]:
            raise OutOfTime
        return bool(won)

    def table_size(self) -> int:
        return len(self.table)

    def proven_move(self, pos: Position) -> tuple[int, int] | None:
        """(move, plies) of a win the table holds for the side to move at `pos`, or None."""
        stack = to_stack(pos)
        key = np.empty(KEY_WORDS, dtype=np.int64)
        flipped = _canonical(stack, 0, pos[3], self.symmetry, key, np.empty_like(key))
        slot = _slot(self.table.keys, self.table.values, key, False)
        if slot < 0 or self.table.values[slot] >= 0 or self.table.moves[slot] < 0:
            return None
        move = int(self.table.moves[slot])
        return (int(_mirror_move(move)) if flipped else move), int(-self.table.values[slot])
