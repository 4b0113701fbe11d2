"""What a game-tree search needs to know about Belagerung (the hooks of `agents.alphabeta`).

`evaluate(state, seat)` scores a position that is not over, in "knights" (a captured lord or
the last knight is worth far more: the search scores finished games itself). From the
attacker's side, with the weights of `WEIGHTS`:

- material: +`knight` per knight, -`soldier` per soldier;
- threat: +`threat` per knight that can jump onto the lord now, doubled when the lord has no
  move (it can neither step away nor take the knight);
- lord mobility: -`lord_moves` per move the lord has;
- castle: +`in_castle` per knight inside the castle (it can reach the lord from any side);
- advance: +`advance` x the rows a knight outside the castle has come forward (it must get
  near the castle to threaten anything);
- stuck: -`stuck` per knight with no jump at all (outside the castle on row 6, or hemmed in);
- exposed: -`exposed` per knight a soldier or the lord could take next move (not on the moat).

The defender's score is the negative. `zobrist(state)` hashes pieces, side to move and the
opening state; `order(state, actions)` puts captures of the lord, then other captures first;
`noisy(state, action)` marks captures, which the search follows past its depth.
"""

from __future__ import annotations

import importlib.util
import random
from functools import cache
from typing import TYPE_CHECKING

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

if TYPE_CHECKING:
    # Only now that numba (the fast extra) is known to be there: the compiled half needs it.
    from ludoteca.games.siege.fast_alphabeta import FastAlphaBeta

WEIGHTS: dict[str, float] = {
    "knight": 1.0,
    "soldier": 0.7,
    "threat": 0.4,
    "lord_moves": 0.05,
    "in_castle": 0.25,
    "advance": 0.05,
    "stuck": 0.4,
    "exposed": 0.3,
}


def evaluate(state: SiegeState, seat: int, weights: dict[str, float] | None = None) -> float:
    """The position's value for `seat` (see the module docstring for the terms)."""
    w = WEIGHTS if weights is None else weights
    cells = state.cells
    board = state.game.board
    jumps = board.knight_jumps
    castle = board.castle
    knights = [f for f in range(SPAN) if cells[f] == KNIGHT]
    soldiers = sum(1 for c in cells if c == SOLDIER)
    lord = cells.index(LORD) if LORD in cells else -1
    lord_moves = len(state.lord_targets(lord)) if lord >= 0 else 0
    value = w["knight"] * len(knights) - w["soldier"] * soldiers - w["lord_moves"] * lord_moves
    exposed = {a % SPAN for a in state.defender_moves() if cells[a % SPAN] == KNIGHT}
    for field in knights:
        targets = [t for t in jumps[field] if cells[t] != KNIGHT]
        if lord in targets:
            value += w["threat"] * (2 if lord_moves == 0 else 1)
        if not targets:
            value -= w["stuck"]
        if field in castle:
            value += w["in_castle"]
        else:
            value += w["advance"] * (field // 8)
        if field in exposed:
            value -= w["exposed"]
    return value if seat == ATTACKER else -value


@cache
def _keys() -> tuple[tuple[int, ...], ...]:
    """Fixed random 64-bit numbers per (piece, field), and for the side and opening state."""
    rng = random.Random(0x5E1E6E)
    return tuple(tuple(rng.getrandbits(64) for _ in range(SPAN)) for _ in range(LORD + 2))


def zobrist(state: SiegeState) -> int:
    """A 64-bit hash of the position (pieces, side to move, opening moves and unmoved soldiers)."""
    keys = _keys()
    cells = state.cells
    value = keys[EMPTY][state.turn]
    for field in range(SPAN):
        piece = cells[field]
        if piece != EMPTY:
            value ^= keys[piece][field]
    if state.opening_moves < OPENING_MOVES:
        value ^= keys[LORD + 1][state.opening_moves]
        for field in state.unmoved:
            value ^= keys[LORD + 1][field]
    return value


def noisy(state: SiegeState, action: int) -> bool:
    """Captures: the moves a search keeps following at its horizon."""
    return state.cells[action % SPAN] != EMPTY


def order(state: SiegeState, actions: list[int]) -> list[int]:
    """Taking the lord first, then other captures, then the rest in action order."""
    cells = state.cells

    def rank(action: int) -> int:
        taken = cells[action % SPAN]
        return 0 if taken == LORD else 1 if taken != EMPTY else 2

    return sorted(actions, key=rank)


def compiled(game: SiegeGame, quiescence: int) -> FastAlphaBeta | None:
    """The alphabeta search compiled on the siege kernel (`fast_alphabeta`), when numba is there:
    the same moves as the Python search, many times faster."""
    if importlib.util.find_spec("numba") is None:
        return None
    # Only now that numba (the fast extra) is known to be there: the compiled half needs it.
    from ludoteca.games.siege.fast_alphabeta import FastAlphaBeta

    return FastAlphaBeta(game, quiescence)


MCTS_DEFAULTS: dict[str, str] = {"iterations": "500", "depth": "4"}
"""The `mcts` budget for this game (see `ludoteca.agents.mcts`): measured so that a move takes
well under a second."""
