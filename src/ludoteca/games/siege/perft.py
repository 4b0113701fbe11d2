"""Perft for Belagerung: the number of move sequences of a given length from a position.

As in chess engines, perft counts the leaves of the full game tree to a depth: a finished game
is a leaf with no moves, so it counts only at the exact depth. Counting it on two engines
catches any difference in move generation at once. `perft` walks the reference engine
(`SiegeState.clone` and `apply_action`); `fast_perft` the compiled kernel (`fast.py`), an
explicit stack of kernel rows. Both count the last ply in bulk (the number of legal moves of
each position one ply above the leaves), so their speeds compare like for like.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.games.siege import fast
from ludoteca.games.siege.fast import MAX_MOVES, Config, Rows
from ludoteca.games.siege.game import SiegeState


def perft(state: SiegeState, depth: int) -> int:
    """Leaves of the reference engine's game tree `depth` plies below `state`."""
    if depth == 0:
        return 1
    legal = state.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        child = state.clone()
        child.apply_action(action)
        total += perft(child, depth - 1)
    return total


@njit(cache=True)
def _perft(cfg: Config, start: npt.NDArray[np.int64], depth: int) -> int:
    stack = np.empty((depth + 1, start.shape[0]), dtype=np.int64)
    moves = np.empty((depth + 1, 2 * MAX_MOVES), dtype=np.int64)
    counts = np.zeros(depth + 1, dtype=np.int64)
    index = np.zeros(depth + 1, dtype=np.int64)
    stack[0] = start
    counts[0] = fast.moves(cfg, stack, 0, moves[0])
    if depth <= 1:
        return 1 if depth == 0 else int(counts[0])
    total = 0
    level = 0
    while level >= 0:
        if index[level] >= counts[level]:
            level -= 1
            continue
        action = moves[level, index[level]]
        index[level] += 1
        stack[level + 1] = stack[level]
        n = fast.apply(cfg, stack, level + 1, action, moves[level + 1])
        if level + 2 == depth:
            total += n
        else:
            level += 1
            counts[level] = n
            index[level] = 0
    return total


def fast_perft(state: SiegeState, depth: int) -> int:
    """`perft(state, depth)` on the compiled kernel."""
    if depth < 0:
        raise ValueError(f"perft depth is 0 or more, not {depth}")
    cfg = fast.config(state.game, len(state.seen) + depth + 1)
    rows: Rows = fast.new_rows(cfg, 1)
    fast.to_row(state, cfg, rows, 0)
    return int(_perft(cfg, rows[0], depth))
