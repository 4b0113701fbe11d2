"""`agents.alphabeta.AlphaBeta` for Belagerung, compiled on the siege kernel.

The same search, step for step: iterative deepening, negamax with alpha-beta, the
transposition table keyed by `search.zobrist` (a numba dictionary kept from move to move and
cleared past `TABLE_LIMIT` as there), two killer moves per ply, the table's move and the killers
tried first, then `search.order`; the quiescence search over captures; `search.evaluate` with
its weights, in the same floating-point operations. So for a depth budget it chooses the move
the Python search chooses, only faster (a time budget is checked every 1,024 nodes, as there).
Positions are kernel rows (`fast.py`), repetition table included, so draws by repetition and
by the quiet-move rule end the lines they end in the reference engine.

The search keeps its own stack of frames in arrays instead of recursing, so numba caches it on
disk like the kernel: a new process loads it in a moment instead of compiling it again.
"""

from __future__ import annotations

import math
import time

import numpy as np
import numpy.typing as npt
from numba import njit, objmode, types
from numba.typed import Dict

from ludoteca.agents.alphabeta import EXACT, LOWER, TABLE_LIMIT, UPPER, WIN
from ludoteca.games.siege import fast
from ludoteca.games.siege.fast import (
    C_CASTLE,
    C_JUMPS,
    MAX_MOVES,
    S_KNIGHTS,
    S_LORD,
    S_OPENING,
    S_REASON,
    S_SOLDIERS,
    S_TURN,
    S_UNMOVED,
    S_WINNER,
    Config,
    Rows,
)
from ludoteca.games.siege.game import (
    ATTACKER,
    EMPTY,
    KNIGHT,
    LORD,
    OPENING_MOVES,
    SOLDIER,
    SPAN,
    SiegeGame,
    SiegeState,
)
from ludoteca.games.siege.search import WEIGHTS, _keys

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
W_KNIGHT, W_SOLDIER, W_THREAT, W_LORD_MOVES, W_IN_CASTLE, W_ADVANCE, W_STUCK, W_EXPOSED = range(8)
WEIGHT_NAMES = (
    "knight",
    "soldier",
    "threat",
    "lord_moves",
    "in_castle",
    "advance",
    "stuck",
    "exposed",
)
ENTRY = types.Tuple((types.int64, types.int64, types.float64, types.int64))  # type: ignore[no-untyped-call]
"""A table entry: depth, flag, value, move (-1: none)."""
N_NODES, N_ABORT = 0, 1
F_SEAT, F_DEPTH, F_LEFT, F_ALPHA, F_BETA, F_START, F_BEST, F_MOVE, F_NEXT, F_COUNT = range(10)
FRAME = 10
"""A search frame's fields (`_search`): one float64 row per ply."""


def _zobrist_keys() -> npt.NDArray[np.uint64]:
    return np.array(_keys(), dtype=np.uint64)


@njit(cache=True)
def zobrist(keys: npt.NDArray[np.uint64], s: Rows, i: int) -> np.uint64:
    """`search.zobrist` of row `i`."""
    value = keys[EMPTY, s[i, S_TURN]]
    for piece, column in ((KNIGHT, S_KNIGHTS), (SOLDIER, S_SOLDIERS)):
        rest = s[i, column]
        while rest:
            value ^= keys[piece, fast.lowest(rest)]
            rest &= rest - 1
    if s[i, S_LORD] >= 0:
        value ^= keys[LORD, s[i, S_LORD]]
    if s[i, S_OPENING] < OPENING_MOVES:
        value ^= keys[LORD + 1, s[i, S_OPENING]]
        rest = s[i, S_UNMOVED]
        while rest:
            value ^= keys[LORD + 1, fast.lowest(rest)]
            rest &= rest - 1
    return np.uint64(value)


@njit(cache=True)
def evaluate(cfg: Config, w: Floats, s: Rows, i: int, seat: int, scratch: Ints) -> float:
    """`search.evaluate(state, seat)`, the same operations in the same order."""
    knights, lord = s[i, S_KNIGHTS], s[i, S_LORD]
    lord_moves = fast._lord_targets(cfg, s, i, lord, scratch, 0) if lord >= 0 else 0
    value = (
        w[W_KNIGHT] * fast.count_bits(knights)
        - w[W_SOLDIER] * fast.count_bits(s[i, S_SOLDIERS])
        - w[W_LORD_MOVES] * lord_moves
    )
    exposed = 0
    for k in range(fast.defender_moves(cfg, s, i, scratch, 0)):
        exposed |= (np.int64(1) << (scratch[k] % SPAN)) & knights
    rest = knights
    while rest:
        field = fast.lowest(rest)
        rest &= rest - 1
        targets = cfg[C_JUMPS + field] & ~knights
        if lord >= 0 and targets >> lord & 1:
            value += w[W_THREAT] * (2 if lord_moves == 0 else 1)
        if not targets:
            value -= w[W_STUCK]
        if cfg[C_CASTLE] >> field & 1:
            value += w[W_IN_CASTLE]
        else:
            value += w[W_ADVANCE] * (field // 8)
        if exposed >> field & 1:
            value -= w[W_EXPOSED]
    return float(value if seat == ATTACKER else -value)


@njit(cache=True)
def _rank(s: Rows, i: int, action: int) -> int:
    target = action % SPAN
    if s[i, S_LORD] == target:
        return 0
    return 1 if (s[i, S_KNIGHTS] | s[i, S_SOLDIERS]) >> target & 1 else 2


@njit(cache=True)
def _order(s: Rows, i: int, moves: Ints, n: int, out: Ints) -> None:
    """`search.order`: lord captures, other captures, the rest, each in the given order."""
    k = 0
    for rank in range(3):
        for m in range(n):
            if _rank(s, i, moves[m]) == rank:
                out[k] = moves[m]
                k += 1


@njit(cache=True)
def _terminal_value(s: Rows, i: int, seat: int, ply: int) -> float:
    winner = s[i, S_WINNER]
    if winner < 0:
        return 0.0
    result = 1.0 if winner == seat else -1.0
    return result * WIN - math.copysign(ply, result)


@njit(cache=True)
def _tick(stats: Ints, deadline: float) -> bool:
    """Count a node; True once the time is up (checked every 1,024 nodes)."""
    stats[N_NODES] += 1
    if stats[N_NODES] & 0x3FF == 0 and deadline > 0:
        with objmode(now="float64"):
            now = time.monotonic()
        if now > deadline:
            stats[N_ABORT] = 1
    return bool(stats[N_ABORT] != 0)


@njit(cache=True)
def _enter(
    cfg: Config,
    keys: npt.NDArray[np.uint64],
    w: Floats,
    table: Dict,
    killers: Ints,
    s: Rows,
    legal: Ints,
    counts: Ints,
    order: Ints,
    stats: Ints,
    deadline: float,
    f: Floats,
    hashes: npt.NDArray[np.uint64],
    ply: int,
) -> bool:
    """Open the frame of row `ply` (its seat, depth, alpha, beta and `left` already in
    `f[ply]`): count the node, then either settle its value at once into `f[ply, F_BEST]`
    (False: the evaluation, a table hit, the time up) or order its moves into `order[ply]`
    (True: the frame has `f[ply, F_COUNT]` children to try). `AlphaBeta._search` and
    `_quiesce` up to their loops over the moves."""
    seat, depth = int(f[ply, F_SEAT]), int(f[ply, F_DEPTH])
    alpha, beta = f[ply, F_ALPHA], f[ply, F_BETA]
    f[ply, F_NEXT] = 0
    if _tick(stats, deadline):
        f[ply, F_BEST] = 0.0
        return False
    if depth <= 0:  # the evaluation, or better if a capture improves on it
        stand = evaluate(cfg, w, s, ply, seat, order[ply])
        f[ply, F_BEST] = stand
        if stand >= beta or f[ply, F_LEFT] <= 0:
            return False
        f[ply, F_ALPHA] = max(alpha, stand)
        occupied = s[ply, S_KNIGHTS] | s[ply, S_SOLDIERS]
        if s[ply, S_LORD] >= 0:
            occupied |= np.int64(1) << s[ply, S_LORD]
        noisy = legal[ply, MAX_MOVES:]
        n = 0
        for k in range(counts[ply]):
            if occupied >> (legal[ply, k] % SPAN) & 1:
                noisy[n] = legal[ply, k]
                n += 1
        _order(s, ply, noisy, n, order[ply])
        f[ply, F_COUNT] = n
        return n > 0
    key = zobrist(keys, s, ply)
    hashes[ply] = key
    hint = -1
    if key in table:
        e_depth, e_flag, e_value, e_move = table[key]
        hint = e_move
        if e_depth >= depth:
            if e_flag == EXACT:
                f[ply, F_BEST] = e_value
                return False
            if e_flag == LOWER:
                alpha = max(alpha, e_value)
            else:
                beta = min(beta, e_value)
            if alpha >= beta:
                f[ply, F_BEST] = e_value
                return False
    f[ply, F_ALPHA], f[ply, F_BETA], f[ply, F_START] = alpha, beta, alpha
    f[ply, F_BEST], f[ply, F_MOVE] = -math.inf, -1
    n = counts[ply]
    moves = order[ply]
    _order(s, ply, legal[ply], n, moves)
    front = 0
    for candidate in (hint, killers[ply, 0], killers[ply, 1]):
        if candidate < 0:
            continue
        for k in range(front, n):
            if moves[k] == candidate:
                for m in range(k, front, -1):
                    moves[m] = moves[m - 1]
                moves[front] = candidate
                front += 1
                break
    f[ply, F_COUNT] = n
    if n == 0:
        _close(table, f, hashes, ply)
    return bool(n > 0)


@njit(cache=True)
def _close(table: Dict, f: Floats, hashes: npt.NDArray[np.uint64], ply: int) -> None:
    """A frame of the main search has tried its moves: store its result in the table."""
    best, beta = f[ply, F_BEST], f[ply, F_BETA]
    flag = UPPER if best <= f[ply, F_START] else LOWER if best >= beta else EXACT
    move = np.int64(f[ply, F_MOVE])
    table[hashes[ply]] = (np.int64(f[ply, F_DEPTH]), np.int64(flag), best, move)


@njit(cache=True)
def _search(
    cfg: Config,
    keys: npt.NDArray[np.uint64],
    w: Floats,
    table: Dict,
    killers: Ints,
    s: Rows,
    legal: Ints,
    counts: Ints,
    order: Ints,
    stats: Ints,
    deadline: float,
    quiescence: int,
    f: Floats,
    hashes: npt.NDArray[np.uint64],
    top: int,
    seat: int,
    depth: int,
    alpha: float,
    beta: float,
    left: int,
) -> float:
    """`AlphaBeta._search` at row `top` (whose legal moves are `legal[top, :counts[top]]`),
    and below depth 0 `AlphaBeta._quiesce` with `left` plies of captures to go.

    Without recursion, so that numba caches it: the frame of row `ply` is `f[ply]` (seat,
    depth, alpha, beta, captures left, the best value and move so far, the alpha it began
    with, the next move to try and how many), and its child is row `ply + 1`. The moves are
    tried in the same order and the same nodes counted as by the recursive Python search.
    When the time is up the value is void (0.0) and `stats[N_ABORT]` is set."""
    f[top, F_SEAT], f[top, F_DEPTH], f[top, F_LEFT] = seat, depth, left
    f[top, F_ALPHA], f[top, F_BETA] = alpha, beta
    ply = top
    opened = _enter(
        cfg, keys, w, table, killers, s, legal, counts, order, stats, deadline, f, hashes, ply
    )
    while True:
        if stats[N_ABORT]:
            return 0.0
        if opened:  # try the frame's next move
            k = int(f[ply, F_NEXT])
            action = order[ply, k]
            child = ply + 1
            s[child] = s[ply]
            counts[child] = fast.apply(cfg, s, child, action, legal[child])
            me = int(f[ply, F_SEAT])
            if s[child, S_REASON] == fast.NO_RESULT:
                quiet = f[ply, F_DEPTH] <= 0
                f[child, F_DEPTH] = 0 if quiet else f[ply, F_DEPTH] - 1
                f[child, F_LEFT] = f[ply, F_LEFT] - 1 if quiet else quiescence
                if s[child, S_TURN] == me:
                    f[child, F_SEAT] = me
                    f[child, F_ALPHA], f[child, F_BETA] = f[ply, F_ALPHA], f[ply, F_BETA]
                else:
                    f[child, F_SEAT] = 1 - me
                    f[child, F_ALPHA], f[child, F_BETA] = -f[ply, F_BETA], -f[ply, F_ALPHA]
                ply = child
                opened = _enter(
                    cfg, keys, w, table, killers, s, legal, counts, order, stats, deadline, f,
                    hashes, ply,
                )  # fmt: skip
                continue
            value = _terminal_value(s, child, me, child)
        else:  # the frame's value is settled: hand it to its parent
            value = f[ply, F_BEST]
            if ply == top:
                return float(value)
            ply -= 1
            if f[ply + 1, F_SEAT] != f[ply, F_SEAT]:
                value = -value
        k = int(f[ply, F_NEXT])
        f[ply, F_NEXT] = k + 1
        opened = k + 1 < f[ply, F_COUNT]
        if f[ply, F_DEPTH] <= 0:  # `_quiesce`'s loop
            f[ply, F_BEST] = max(f[ply, F_BEST], value)
            f[ply, F_ALPHA] = max(f[ply, F_ALPHA], value)
            if f[ply, F_ALPHA] >= f[ply, F_BETA]:
                opened = False
            continue
        if value > f[ply, F_BEST]:  # `_search`'s loop
            f[ply, F_BEST], f[ply, F_MOVE] = value, order[ply, k]
        f[ply, F_ALPHA] = max(f[ply, F_ALPHA], value)
        if f[ply, F_ALPHA] >= f[ply, F_BETA]:
            action = order[ply, k]
            if killers[ply, 0] != action and killers[ply, 1] != action:
                killers[ply, 1] = killers[ply, 0]
                killers[ply, 0] = action
            opened = False
        if not opened:
            _close(table, f, hashes, ply)


@njit(cache=True)
def _root(
    cfg: Config,
    keys: npt.NDArray[np.uint64],
    w: Floats,
    table: Dict,
    killers: Ints,
    s: Rows,
    legal: Ints,
    counts: Ints,
    order: Ints,
    stats: Ints,
    deadline: float,
    quiescence: int,
    f: Floats,
    hashes: npt.NDArray[np.uint64],
    shuffled: Ints,
    first: int,
    seat: int,
    depth: int,
) -> tuple[int, float]:
    """`AlphaBeta._root`: the best move of row 0 and its value (`first` tried first)."""
    moves = order[0]
    _order(s, 0, shuffled, len(shuffled), moves)
    for k in range(len(shuffled)):
        if moves[k] == first:
            for m in range(k, 0, -1):
                moves[m] = moves[m - 1]
            moves[0] = first
            break
    alpha, best = -math.inf, first
    for k in range(len(shuffled)):
        action = moves[k]
        s[1] = s[0]
        counts[1] = fast.apply(cfg, s, 1, action, legal[1])
        if s[1, S_REASON] != fast.NO_RESULT:
            value = _terminal_value(s, 1, seat, 1)
        elif s[1, S_TURN] == seat:
            value = _search(
                cfg, keys, w, table, killers, s, legal, counts, order, stats, deadline,
                quiescence, f, hashes, 1, seat, depth - 1, alpha, math.inf, quiescence,
            )  # fmt: skip
        else:
            value = -_search(
                cfg, keys, w, table, killers, s, legal, counts, order, stats, deadline,
                quiescence, f, hashes, 1, 1 - seat, depth - 1, -math.inf, -alpha, quiescence,
            )  # fmt: skip
        if stats[N_ABORT]:
            break
        if value > alpha:
            alpha, best = value, action
    return best, alpha


class FastAlphaBeta:
    """`agents.alphabeta.AlphaBeta` for siege on the kernel: the same `best` and `nodes`."""

    def __init__(self, game: SiegeGame, quiescence: int = 4) -> None:
        self.game = game
        self.quiescence = quiescence
        self.table = Dict.empty(key_type=types.uint64, value_type=ENTRY)
        self.keys = _zobrist_keys()
        self.weights = np.array([WEIGHTS[name] for name in WEIGHT_NAMES], dtype=np.float64)
        self.nodes = 0

    def best(
        self, state: SiegeState, depth: int, seconds: float, shuffled: list[int]
    ) -> tuple[int, float, int]:
        """(action, value, depth completed) for the player to move; `shuffled` breaks ties."""
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        deadline = time.monotonic() + seconds if seconds > 0 else 0.0
        plies = depth + self.quiescence + 2
        cfg = fast.config(state.game, len(state.seen) + plies + 1)
        rows = np.zeros((plies + 1, fast.row_width(int(cfg[fast.C_CAPACITY]))), dtype=np.int64)
        fast.to_row(state, cfg, rows, 0)
        legal = np.zeros((plies + 1, 2 * MAX_MOVES), dtype=np.int64)
        order = np.zeros((plies + 1, 2 * MAX_MOVES), dtype=np.int64)
        counts = np.zeros(plies + 1, dtype=np.int64)
        killers = np.full((plies + 1, 2), -1, dtype=np.int64)
        frames = np.zeros((plies + 1, FRAME), dtype=np.float64)
        hashes = np.zeros(plies + 1, dtype=np.uint64)
        stats = np.zeros(2, dtype=np.int64)
        moves = np.array(shuffled, dtype=np.int64)
        seat = state.current_player()
        choice, value, reached = shuffled[0], -math.inf, 0
        for target in range(1, depth + 1):
            found, score = _root(
                cfg, self.keys, self.weights, self.table, killers, rows, legal, counts, order,
                stats, deadline, self.quiescence, frames, hashes, moves, choice, seat, target,
            )  # fmt: skip
            if stats[N_ABORT]:
                break
            choice, value, reached = int(found), float(score), target
            if abs(value) > WIN / 2:
                break  # a forced result: deeper search changes nothing
        self.nodes += int(stats[N_NODES])
        return choice, value, reached
