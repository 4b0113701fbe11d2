"""Belagerung compiled: the rules of `game.py` on flat integer arrays, with numba.

A batch of positions is one int64 array with a row per game: the knights and the soldiers as
bit sets over the 64 field numbers of `board.py`, the lord's field, the side to move, the
opening counters, the quiet-move counter, the result, the history's length, and the repetition
table (`SiegeState.seen`: each position since the last irreversible move with its count, in
the order first seen). A game's configuration (options and the board's move tables, as bit
sets per field) is one int64 array built from the same `SiegeGame`, so the board data still
comes from `board.json` alone. Each kernel function mirrors the method of `SiegeState` it is
named after, so a row and a reference state convert both ways (`to_row`, `to_state`) and
`ludoteca.vector.check` can compare the two engines action by action.

The repetition table has a fixed capacity per configuration (`capacity`): `max_quiet_moves`
+ 1 entries are always enough (the quiet counter ends the game first), and with the quiet
rule off the length cap + 1. Siege has no chance; the seed travels with a game only because
every reference state has one.

numba is the `ludoteca[fast]` extra; only `ludoteca.vector` and the fast search import this.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.core.api import TERMINAL
from ludoteca.games.siege.board import WIDTH
from ludoteca.games.siege.game import (
    ATTACKER,
    DEFENDER,
    EMPTY,
    KNIGHT,
    LORD,
    OPENING_MOVES,
    SOLDIER,
    SPAN,
    SiegeGame,
    SiegeState,
)
from ludoteca.games.siege.tensor import PLANES, REPEATS, UNLIMITED_QUIET_SCALE, shape

Rows = npt.NDArray[np.int64]
Config = npt.NDArray[np.int64]
Moves = npt.NDArray[np.int64]

MAX_MOVES = 128
"""More than any position's legal moves (4 knights x 8 jumps + 4 soldiers x 8 + the lord's 13)."""
RAYS, REACH = 4, 3
# -- configuration columns --------------------------------------------------------------------
C_MAX_QUIET, C_OPENING_RULE, C_LORD_START, C_CAPACITY, C_CROWN_A, C_CROWN_B = range(6)
C_FIELDS, C_CASTLE, C_MOAT, C_KNIGHT_STARTS, C_SOLDIER_STARTS, C_CELLS = range(6, 12)
C_JUMPS = 12  # per field: bits of the knight's jumps
C_STEPS = C_JUMPS + SPAN  # per field: bits of the soldier's steps
C_DIAGONALS = C_STEPS + SPAN  # per field: the diagonal ones among them (captures)
C_RAYS = C_DIAGONALS + SPAN  # per field: the lord's four rays of three fields (-1 padded)
CONFIG_WIDTH = C_RAYS + SPAN * RAYS * REACH
# -- position columns -------------------------------------------------------------------------
S_KNIGHTS, S_SOLDIERS, S_LORD, S_TURN, S_OPENING, S_UNMOVED = range(6)
S_QUIET, S_REASON, S_WINNER, S_STEP, S_SEEN_COUNT = range(6, 11)
S_SEEN = 11  # the repetition table: KEY_WIDTH columns per position
K_KNIGHTS, K_SOLDIERS, K_REST, K_UNMOVED, K_COUNT = range(5)
KEY_WIDTH = 5
NO_LORD = -1
NO_RESULT, LORD_TAKEN, KNIGHTS_TAKEN, REPEATED, QUIET, NO_MOVE = range(6)
"""Why a game ended (`S_REASON`), in the order `SiegeState._settle` asks."""


def _bits(fields: object) -> int:
    return sum(1 << f for f in fields)  # type: ignore[attr-defined]


def capacity(game: SiegeGame, max_length: int) -> int:
    """Repetition-table entries a game can need: one per move since the last irreversible one."""
    quiet = game.max_quiet
    return (min(quiet, max_length) if quiet else max_length) + 1


def config(game: SiegeGame, entries: int) -> Config:
    """The kernel's view of `game` with a repetition table of `entries` positions."""
    board = game.board
    cfg = np.zeros(CONFIG_WIDTH, dtype=np.int64)
    cfg[C_MAX_QUIET] = game.max_quiet
    cfg[C_OPENING_RULE] = game.opening_rule
    cfg[C_LORD_START] = game.lord_start
    cfg[C_CAPACITY] = entries
    cfg[C_CROWN_A], cfg[C_CROWN_B] = board.crowns
    cfg[C_FIELDS] = _bits(board.fields)
    cfg[C_CASTLE] = _bits(board.castle)
    cfg[C_MOAT] = _bits(board.moat)
    cfg[C_KNIGHT_STARTS] = _bits(board.knight_starts)
    cfg[C_SOLDIER_STARTS] = _bits(board.soldier_starts)
    cfg[C_CELLS] = (board.rows + 1) * WIDTH
    cfg[C_RAYS:] = -1
    for field in range(len(board.knight_jumps)):
        cfg[C_JUMPS + field] = _bits(board.knight_jumps[field])
        cfg[C_STEPS + field] = _bits(t for t, _ in board.soldier_steps[field])
        cfg[C_DIAGONALS + field] = _bits(
            t for t, diagonal in board.soldier_steps[field] if diagonal
        )
        for r, ray in enumerate(board.lord_rays[field]):
            for d, target in enumerate(ray):
                cfg[C_RAYS + (field * RAYS + r) * REACH + d] = target
    return cfg


def row_width(entries: int) -> int:
    return S_SEEN + KEY_WIDTH * entries


def new_rows(cfg: Config, batch: int) -> Rows:
    return np.zeros((batch, row_width(int(cfg[C_CAPACITY]))), dtype=np.int64)


NUM_ACTIONS = SPAN * SPAN
"""Actions are `from * 64 + to`: the width of a legal-action mask."""


# -- bits ---------------------------------------------------------------------------------------
_DE_BRUIJN = np.uint64(0x03F79D71B4CB0A89)
_INDEX = np.zeros(64, dtype=np.int64)
for _k in range(64):
    _INDEX[((((1 << _k) * 0x03F79D71B4CB0A89) & ((1 << 64) - 1)) >> 58)] = _k


@njit(cache=True)
def lowest(bits: int) -> int:
    """The number of the lowest set bit of `bits` (not 0)."""
    low = np.uint64(bits & -bits)
    return int(_INDEX[(low * _DE_BRUIJN) >> np.uint64(58)])


@njit(cache=True)
def count_bits(bits: int) -> int:
    n = 0
    while bits:
        bits &= bits - 1
        n += 1
    return n


# -- the rules (SiegeState's methods) -----------------------------------------------------------
@njit(cache=True)
def current_player(s: Rows, i: int) -> int:
    return TERMINAL if s[i, S_REASON] != NO_RESULT else int(s[i, S_TURN])


@njit(cache=True)
def piece_at(s: Rows, i: int, field: int) -> int:
    if s[i, S_KNIGHTS] >> field & 1:
        return KNIGHT
    if s[i, S_SOLDIERS] >> field & 1:
        return SOLDIER
    if s[i, S_LORD] == field:
        return LORD
    return EMPTY


@njit(cache=True)
def knight_moves(cfg: Config, s: Rows, i: int, out: Moves, n: int) -> int:
    """Each knight's jumps onto an empty field or a soldier or the lord, appended at `n`."""
    knights = s[i, S_KNIGHTS]
    rest = knights
    while rest:
        field = lowest(rest)
        rest &= rest - 1
        targets = cfg[C_JUMPS + field] & ~knights
        while targets:
            out[n] = field * SPAN + lowest(targets)
            n += 1
            targets &= targets - 1
    return n


@njit(cache=True)
def _lord_targets(cfg: Config, s: Rows, i: int, field: int, out: Moves, n: int) -> int:
    knights = s[i, S_KNIGHTS]
    occupied = knights | s[i, S_SOLDIERS]
    for r in range(RAYS):
        for d in range(REACH):
            target = cfg[C_RAYS + (field * RAYS + r) * REACH + d]
            if target < 0:
                break
            if not occupied >> target & 1:
                out[n] = field * SPAN + target
                n += 1
                continue
            if knights >> target & 1:
                out[n] = field * SPAN + target
                n += 1
            break
    other = cfg[C_CROWN_B] if field == cfg[C_CROWN_A] else -1
    if field == cfg[C_CROWN_B]:
        other = cfg[C_CROWN_A]
    if other >= 0 and not s[i, S_SOLDIERS] >> other & 1:
        out[n] = field * SPAN + other
        n += 1
    return n


@njit(cache=True)
def defender_moves(cfg: Config, s: Rows, i: int, out: Moves, n: int) -> int:
    """Soldiers' steps and captures and the lord's moves, without the opening exception,
    appended at `n` (unsorted)."""
    knights, soldiers, lord = s[i, S_KNIGHTS], s[i, S_SOLDIERS], s[i, S_LORD]
    occupied = knights | soldiers
    if lord >= 0:
        occupied |= np.int64(1) << lord
    rest = soldiers
    while rest:
        field = lowest(rest)
        rest &= rest - 1
        targets = cfg[C_STEPS + field] & ~occupied | cfg[C_DIAGONALS + field] & knights
        while targets:
            out[n] = field * SPAN + lowest(targets)
            n += 1
            targets &= targets - 1
    if lord >= 0:
        n = _lord_targets(cfg, s, i, lord, out, n)
    return n


@njit(cache=True)
def capture_possible(cfg: Config, s: Rows, i: int, scratch: Moves) -> bool:
    """Whether either side has a capture in this position (whoever is to move)."""
    knights = s[i, S_KNIGHTS]
    for k in range(defender_moves(cfg, s, i, scratch, 0)):
        if knights >> (scratch[k] % SPAN) & 1:
            return True
    prey = s[i, S_SOLDIERS]
    if s[i, S_LORD] >= 0:
        prey |= np.int64(1) << s[i, S_LORD]
    rest = knights
    while rest:
        field = lowest(rest)
        rest &= rest - 1
        if cfg[C_JUMPS + field] & prey:
            return True
    return False


@njit(cache=True)
def _sort(out: Moves, n: int) -> None:
    for a in range(1, n):
        value = out[a]
        b = a - 1
        while b >= 0 and out[b] > value:
            out[b + 1] = out[b]
            b -= 1
        out[b + 1] = value


@njit(cache=True)
def moves(cfg: Config, s: Rows, i: int, out: Moves) -> int:
    """The sorted legal actions of the side to move into `out` (opening exception applied);
    returns how many (0 once the game is over). `out` needs room for 2 x `MAX_MOVES`."""
    if s[i, S_REASON] != NO_RESULT:
        return 0
    if s[i, S_TURN] == ATTACKER:
        return knight_moves(cfg, s, i, out, 0)  # fields and jumps ascending: sorted
    n = defender_moves(cfg, s, i, out, 0)
    _sort(out, n)
    if s[i, S_OPENING] >= OPENING_MOVES or capture_possible(cfg, s, i, out[MAX_MOVES:]):
        return n
    unmoved, starts = s[i, S_UNMOVED], cfg[C_SOLDIER_STARTS]
    kept = 0
    for k in range(n):
        action = out[k]
        if unmoved >> (action // SPAN) & 1 and not starts >> (action % SPAN) & 1:
            out[kept] = action
            kept += 1
    if kept == 0:  # our ruling: when no soldier can open the castle, the defender moves freely
        n = defender_moves(cfg, s, i, out, 0)
        _sort(out, n)
        return n
    return kept


@njit(cache=True)
def _see(cfg: Config, s: Rows, i: int) -> int:
    """Count the current position in the repetition table; returns its count."""
    opening = s[i, S_OPENING]
    rest = (s[i, S_LORD] + 1) | s[i, S_TURN] << 6 | min(opening, OPENING_MOVES) << 7
    unmoved = s[i, S_UNMOVED] if opening < OPENING_MOVES else 0
    knights, soldiers = s[i, S_KNIGHTS], s[i, S_SOLDIERS]
    count = s[i, S_SEEN_COUNT]
    for k in range(count):
        at = S_SEEN + k * KEY_WIDTH
        if (
            s[i, at + K_KNIGHTS] == knights
            and s[i, at + K_SOLDIERS] == soldiers
            and s[i, at + K_REST] == rest
            and s[i, at + K_UNMOVED] == unmoved
        ):
            s[i, at + K_COUNT] += 1
            return int(s[i, at + K_COUNT])
    if count >= cfg[C_CAPACITY]:
        raise IndexError("the repetition table is full: give the kernel a larger capacity")
    at = S_SEEN + count * KEY_WIDTH
    s[i, at + K_KNIGHTS] = knights
    s[i, at + K_SOLDIERS] = soldiers
    s[i, at + K_REST] = rest
    s[i, at + K_UNMOVED] = unmoved
    s[i, at + K_COUNT] = 1
    s[i, S_SEEN_COUNT] = count + 1
    return 1


@njit(cache=True)
def seen_now(s: Rows, i: int) -> int:
    """How often the current position has occurred (`seen[position_key()]`)."""
    opening = s[i, S_OPENING]
    rest = (s[i, S_LORD] + 1) | s[i, S_TURN] << 6 | min(opening, OPENING_MOVES) << 7
    unmoved = s[i, S_UNMOVED] if opening < OPENING_MOVES else 0
    for k in range(s[i, S_SEEN_COUNT]):
        at = S_SEEN + k * KEY_WIDTH
        if (
            s[i, at + K_KNIGHTS] == s[i, S_KNIGHTS]
            and s[i, at + K_SOLDIERS] == s[i, S_SOLDIERS]
            and s[i, at + K_REST] == rest
            and s[i, at + K_UNMOVED] == unmoved
        ):
            return int(s[i, at + K_COUNT])
    return 0


@njit(cache=True)
def initial(cfg: Config, s: Rows, i: int) -> None:
    """`SiegeState.__init__`: the starting position, counted once."""
    s[i, S_KNIGHTS] = cfg[C_KNIGHT_STARTS]
    s[i, S_SOLDIERS] = cfg[C_SOLDIER_STARTS]
    s[i, S_LORD] = cfg[C_LORD_START]
    s[i, S_TURN] = ATTACKER
    rule = cfg[C_OPENING_RULE] != 0
    s[i, S_OPENING] = 0 if rule else OPENING_MOVES
    s[i, S_UNMOVED] = cfg[C_SOLDIER_STARTS] if rule else 0
    s[i, S_QUIET] = 0
    s[i, S_REASON] = NO_RESULT
    s[i, S_WINNER] = -1
    s[i, S_STEP] = 0
    s[i, S_SEEN_COUNT] = 0
    _see(cfg, s, i)


@njit(cache=True)
def apply(cfg: Config, s: Rows, i: int, action: int, out: Moves) -> int:
    """`SiegeState._apply` and `_settle`: play `action`; returns the number of legal moves of
    the position reached, written into `out` (0 when the game is over)."""
    source, target = action // SPAN, action % SPAN
    here, there = np.int64(1) << source, np.int64(1) << target
    piece, taken = piece_at(s, i, source), piece_at(s, i, target)
    if taken == KNIGHT:
        s[i, S_KNIGHTS] &= ~there
    elif taken == SOLDIER:
        s[i, S_SOLDIERS] &= ~there
    elif taken == LORD:
        s[i, S_LORD] = NO_LORD
    irreversible = taken != EMPTY
    if piece == KNIGHT:
        s[i, S_KNIGHTS] ^= here | there
        if not cfg[C_CASTLE] & here:
            irreversible = True  # outside the castle knights only go forward
    elif piece == SOLDIER:
        s[i, S_SOLDIERS] ^= here | there
    else:
        s[i, S_LORD] = target
    s[i, S_UNMOVED] &= ~(here | there)
    if s[i, S_TURN] == DEFENDER and s[i, S_OPENING] < OPENING_MOVES:
        s[i, S_OPENING] += 1
        irreversible = True
    s[i, S_QUIET] = 0 if taken != EMPTY else s[i, S_QUIET] + 1
    s[i, S_TURN] = 1 - s[i, S_TURN]
    if irreversible:
        s[i, S_SEEN_COUNT] = 0
    repeated = _see(cfg, s, i)
    s[i, S_STEP] += 1
    return settle(cfg, s, i, repeated, out)


@njit(cache=True)
def settle(cfg: Config, s: Rows, i: int, repeated: int, out: Moves) -> int:
    """Decide whether the position ends the game, in the order of `SiegeState._settle`."""
    if s[i, S_LORD] < 0:
        s[i, S_REASON], s[i, S_WINNER] = LORD_TAKEN, ATTACKER
    elif s[i, S_KNIGHTS] == 0:
        s[i, S_REASON], s[i, S_WINNER] = KNIGHTS_TAKEN, DEFENDER
    elif repeated >= REPEATS:
        s[i, S_REASON] = REPEATED
    elif cfg[C_MAX_QUIET] and s[i, S_QUIET] >= cfg[C_MAX_QUIET]:
        s[i, S_REASON] = QUIET
    else:
        n = moves(cfg, s, i, out)
        if n:
            return n
        s[i, S_REASON], s[i, S_WINNER] = NO_MOVE, 1 - s[i, S_TURN]
    return 0


@njit(cache=True)
def returns(s: Rows, i: int, out: npt.NDArray[np.float64]) -> None:
    winner = s[i, S_WINNER]
    out[0] = 0.0 if winner < 0 else (1.0 if winner == ATTACKER else -1.0)
    out[1] = -out[0]


@njit(cache=True)
def encode(cfg: Config, s: Rows, i: int, seat: int, out: npt.NDArray[np.float32]) -> None:
    """`tensor.encode(state, seat)`, flattened, into `out` (already zeroed)."""
    cells = cfg[C_CELLS]
    for field in range(cells):
        if s[i, S_KNIGHTS] >> field & 1:
            out[field] = 1.0
        elif s[i, S_SOLDIERS] >> field & 1:
            out[cells + field] = 1.0
        elif s[i, S_LORD] == field:
            out[2 * cells + field] = 1.0
        if s[i, S_UNMOVED] >> field & 1:
            out[3 * cells + field] = 1.0
        if cfg[C_FIELDS] >> field & 1:
            out[4 * cells + field] = 1.0
        if cfg[C_CASTLE] >> field & 1:
            out[5 * cells + field] = 1.0
        if cfg[C_MOAT] >> field & 1:
            out[6 * cells + field] = 1.0
    quiet_scale = cfg[C_MAX_QUIET] if cfg[C_MAX_QUIET] else UNLIMITED_QUIET_SCALE
    over = s[i, S_REASON] != NO_RESULT
    winner = s[i, S_WINNER]
    constants = (
        1.0 if seat == ATTACKER else 0.0,
        1.0 if s[i, S_TURN] == seat else 0.0,
        min(s[i, S_OPENING], OPENING_MOVES) / OPENING_MOVES,
        min(1.0, s[i, S_QUIET] / quiet_scale),
        min(seen_now(s, i), REPEATS) / REPEATS,
        1.0 if over else 0.0,
        1.0 if over and winner == seat else 0.0,
        1.0 if over and winner == 1 - seat else 0.0,
    )
    for k in range(8):
        out[(7 + k) * cells : (8 + k) * cells] = constants[k]


def observation_size(game: SiegeGame) -> int:
    return int(np.prod(shape(game)))


assert len(PLANES) == 7 + 8, "encode writes 7 board planes and 8 constant ones"


# -- conversion both ways ---------------------------------------------------------------------
def _reason(state: SiegeState) -> int:
    """The kernel's code for why `state` ended (the order of `_settle`)."""
    if not state.reason:
        return NO_RESULT
    if LORD not in state.cells:
        return LORD_TAKEN
    if KNIGHT not in state.cells:
        return KNIGHTS_TAKEN
    if max(state.seen.values(), default=0) >= REPEATS:
        return REPEATED
    if state.game.max_quiet and state.quiet >= state.game.max_quiet:
        return QUIET
    return NO_MOVE


def _key_values(
    knights: int, soldiers: int, lord: int, turn: int, opening: int, unmoved: int
) -> list[int]:
    rest = (lord + 1) | turn << 6 | min(opening, OPENING_MOVES) << 7
    return [knights, soldiers, rest, unmoved if opening < OPENING_MOVES else 0]


def _key_state(game: SiegeGame, values: list[int]) -> SiegeState:
    """A scratch reference state holding a repetition-table entry (for its `position_key`)."""
    knights, soldiers, rest, unmoved = values[:4]
    state = SiegeState.__new__(SiegeState)
    state.game = game
    state.cells = [EMPTY] * SPAN
    for field in range(SPAN):
        if knights >> field & 1:
            state.cells[field] = KNIGHT
        elif soldiers >> field & 1:
            state.cells[field] = SOLDIER
    lord = (rest & 63) - 1
    if lord >= 0:
        state.cells[lord] = LORD
    state.turn = rest >> 6 & 1
    state.opening_moves = rest >> 7
    state.unmoved = {f for f in range(SPAN) if unmoved >> f & 1}
    return state


def _parse_key(game: SiegeGame, text: str) -> list[int]:
    """A `position_key` as table values; ValueError for text that is not one."""
    board = game.board
    try:
        side, knights, soldiers, lord, opening = text.split(" ")
        bits = [
            _bits(board.field(n) for n in part[1:].split(",") if n) for part in (knights, soldiers)
        ]
        made, _, unmoved = opening.partition(":")
        values = _key_values(
            bits[0],
            bits[1],
            board.field(lord[1:]) if lord[1:] else NO_LORD,
            "ad".index(side),
            OPENING_MOVES if made == "-" else int(made),
            _bits(board.field(n) for n in unmoved.split(",") if n),
        )
    except ValueError as exc:
        raise ValueError(f"{text!r} is not a siege position key: {exc}") from exc
    if _key_state(game, values).position_key() != text:
        raise ValueError(f"{text!r} is not a siege position key")
    return values


def pieces(state: SiegeState) -> tuple[int, int, int]:
    """The knights' and the soldiers' fields as bit sets, and the lord's field (or NO_LORD)."""
    cells = state.cells
    lord = cells.index(LORD) if LORD in cells else NO_LORD
    return (
        _bits(f for f in range(SPAN) if cells[f] == KNIGHT),
        _bits(f for f in range(SPAN) if cells[f] == SOLDIER),
        lord,
    )


def row_values(state: SiegeState) -> list[int]:
    """Reference `state` as the values of a kernel row, up to the last repetition entry."""
    values = [
        *pieces(state),
        state.turn,
        state.opening_moves,
        _bits(state.unmoved),
        state.quiet,
        _reason(state),
        -1 if state.winner is None else state.winner,
        len(state._history),
        len(state.seen),
    ]
    for key, count in state.seen.items():
        values += _parse_key(state.game, key)
        values.append(count)
    return values


def to_row(state: SiegeState, cfg: Config, rows: Rows, i: int) -> np.uint64:
    """Write reference `state` into row `i`; returns its seed (for the batch's seed array)."""
    values = row_values(state)
    if len(state.seen) > cfg[C_CAPACITY]:
        raise ValueError(
            f"the state has {len(state.seen)} positions in its repetition table;"
            f" the kernel holds {cfg[C_CAPACITY]}"
        )
    rows[i, :] = 0
    rows[i, : len(values)] = values
    return np.uint64(state.seed & ((1 << 64) - 1))


def to_state(
    game: SiegeGame, rows: Rows, i: int, seed: int, history: list[int] | None = None
) -> SiegeState:
    """The reference state of row `i` (the row keeps only the history's length: pass the
    actions to get them back; without them the history is empty)."""
    row = [int(v) for v in rows[i]]
    if history is not None and len(history) != row[S_STEP]:
        raise ValueError(f"the row has {row[S_STEP]} actions of history, not {len(history)}")
    state = SiegeState(game, seed)
    state.cells = [EMPTY] * SPAN
    for field in range(SPAN):
        state.cells[field] = (
            KNIGHT
            if row[S_KNIGHTS] >> field & 1
            else SOLDIER
            if row[S_SOLDIERS] >> field & 1
            else LORD
            if row[S_LORD] == field
            else EMPTY
        )
    state.turn = row[S_TURN]
    state.opening_moves = row[S_OPENING]
    state.unmoved = {f for f in range(SPAN) if row[S_UNMOVED] >> f & 1}
    state.quiet = row[S_QUIET]
    state.seen = {}
    for k in range(row[S_SEEN_COUNT]):
        at = S_SEEN + k * KEY_WIDTH
        key = _key_state(game, row[at : at + K_COUNT]).position_key()
        state.seen[key] = row[at + K_COUNT]
    state._history = list(history or [])
    state._legal = None
    state.winner, state.reason = None, ""
    state._settle()
    return state
