"""Which rules of Belagerung fired on one move, for balance reports (`analyze`).

`events(before, action, after)` names them from the positions either side of the move,
including why the game ended; `scores(state)` counts the pieces each side has left.
"""

from __future__ import annotations

from ludoteca.games.siege.game import DEFENDER, KNIGHT, LORD, SOLDIER, SPAN, SiegeState

_ENDINGS = (
    ("three times", "draw by repetition"),
    ("without a capture", "draw by quiet moves"),
    ("has no move", "side without a move loses"),
    ("all four knights", "all knights captured"),
)


def events(before: SiegeState, action: int, after: SiegeState) -> list[str]:
    """The rules `action` set off in `before` (leading to `after`)."""
    source, target = divmod(action, SPAN)
    piece, taken = before.cells[source], before.cells[target]
    castle = before.game.board.castle
    fired = []
    if before.turn == DEFENDER and before.opening_applies():
        fired.append("restricted opening move")
    if taken == KNIGHT:
        fired.append("knight captured by the lord" if piece == LORD else "knight captured")
    elif taken == SOLDIER:
        fired.append("soldier captured")
    elif taken == LORD:
        fired.append("lord captured")
    if piece == KNIGHT and source not in castle and target in castle:
        fired.append("knight enters the castle")
    if after.reason and taken != LORD:
        fired += [name for phrase, name in _ENDINGS if phrase in after.reason]
    return fired


def scores(state: SiegeState) -> dict[str, list[float]]:
    """Pieces left: the attacker's knights, the defender's soldiers and lord."""
    cells = state.cells
    defenders = sum(1 for c in cells if c in (SOLDIER, LORD))
    return {"pieces left": [float(cells.count(KNIGHT)), float(defenders)]}
