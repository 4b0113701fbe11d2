"""A fixed-shape numpy observation of a Belagerung position (for learning agents).

Planes over the board grid (7 rows 0-6 by 8 columns a-h; plane[r, c] is field `c r`, so row 0
holds the knights' start squares), float32 in [0, 1]. The two sides are not alike, so the board
is never flipped: "me" is told by a plane (am I the attacker) and by whose turn it is. Pieces,
the opening exception's unmoved soldiers and the board's fixed regions come first, then
constant planes for the counters and the result. Everything in siege is public.

Not encoded: which earlier positions were seen and how often (only the current position's
count is), so a net cannot tell which of its moves would repeat an older position.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ludoteca.core.bounds import MAX_ACTIONS, Bounds
from ludoteca.games.siege.board import WIDTH
from ludoteca.games.siege.game import (
    ATTACKER,
    KNIGHT,
    LORD,
    OPENING_MOVES,
    SOLDIER,
    SPAN,
    SiegeGame,
    SiegeState,
)

Tensor = npt.NDArray[np.float32]
REPEATS = 3
"""The position count that ends the game in a draw."""
UNLIMITED_QUIET_SCALE = 200
"""Scale of the quiet-move counter when `max_quiet_moves` is 0 (never drawn); clipped to 1."""

PLANES = (
    "knight",
    "soldier",
    "lord",
    "soldier not yet moved (opening exception; empty once the opening is over)",
    "field is on the board",
    "field is in the castle",
    "field is on the moat",
    "constant: I am the attacker (0: the defender)",
    "constant: the side to move is me (kept once the game is over)",
    f"constant: defender's opening moves made / {OPENING_MOVES}",
    "constant: moves without a capture / max_quiet_moves (/ 200 when 0: never; at most 1)",
    f"constant: times the current position has occurred / {REPEATS}",
    "constant: the game is over",
    "constant: I won",
    "constant: I lost",
)


def shape(game: SiegeGame) -> tuple[int, ...]:
    return (len(PLANES), game.board.rows + 1, WIDTH)


def describe(game: SiegeGame) -> list[str]:
    """One name per plane, in order."""
    return [f"plane {k}: {name}" for k, name in enumerate(PLANES)]


def _board_planes(game: SiegeGame) -> Tensor:
    """The three fixed region planes (on board, castle, moat) of this board."""
    board = game.board
    planes = np.zeros((3, (board.rows + 1) * WIDTH), dtype=np.float32)
    planes[0, list(board.fields)] = 1.0
    planes[1, list(board.castle)] = 1.0
    planes[2, list(board.moat)] = 1.0
    return planes.reshape(3, board.rows + 1, WIDTH)


def encode(state: SiegeState, seat: int) -> Tensor:
    """`state` as `seat` sees it (everything is public), in the layout of `describe`."""
    if seat not in (0, 1):
        raise ValueError(f"seat {seat} is not at this table (0 attacker, 1 defender)")
    game = state.game
    rows = game.board.rows + 1
    out = np.zeros(shape(game), dtype=np.float32)
    cells = np.asarray(state.cells[: rows * WIDTH]).reshape(rows, WIDTH)
    out[0] = cells == KNIGHT
    out[1] = cells == SOLDIER
    out[2] = cells == LORD
    for field in state.unmoved:
        out[3, field // WIDTH, field % WIDTH] = 1.0
    out[4:7] = _board_planes(game)
    out[7] = float(seat == ATTACKER)
    out[8] = float(state.turn == seat)
    out[9] = min(state.opening_moves, OPENING_MOVES) / OPENING_MOVES
    out[10] = min(1.0, state.quiet / (game.max_quiet or UNLIMITED_QUIET_SCALE))
    out[11] = min(state.seen.get(state.position_key(), 0), REPEATS) / REPEATS
    if state.reason:
        out[12] = 1.0
        out[13] = float(state.winner == seat)
        out[14] = float(state.winner == 1 - seat)
    return out


def bounds(game: SiegeGame) -> Bounds:
    """The RL interfaces' sizes: an action is `from * 64 + to`, and no chance. With a
    quiet-move limit the length is bounded: between captures at most `quiet` moves (the capture
    included), after the last one at most `quiet` more, and the lord's or the last knight's
    capture ends the game, so no more captures happen than there are soldiers and knights.
    Without one a game can go on for ever, so it is capped."""
    quiet = game.max_quiet
    if not quiet:
        return Bounds(SPAN * SPAN, 0, MAX_ACTIONS, capped=True)
    board = game.board
    captures = len(board.soldier_starts) + len(board.knight_starts)
    return Bounds(SPAN * SPAN, 0, (captures + 1) * quiet, capped=False)
