"""Which rules of Villa Paletti fired on one action, for balance reports (`analyze`).

`events(before, action, after)` names them from the positions either side of the action (the
pull's outcome, a placement, a declaration and its protest, a new floor, the seal, the
collapse); `scores(state)` gives each seat's points on the top floor.
"""

from __future__ import annotations

from ludoteca.games.villa.constants import (
    COLOURS,
    DECLARE,
    DECLINE,
    OVER,
    PENALTY,
    PROTEST,
    PROTEST_PULL,
    PROTESTING,
    SETUP,
    TURN,
)
from ludoteca.games.villa.game import VillaState
from ludoteca.games.villa.structure import HAND, OUT


def events(before: VillaState, action: int, after: VillaState) -> list[str]:
    """The rules `action` set off in `before` (leading to `after`)."""
    if before.phase in (SETUP, COLOURS):
        return []
    fired = []
    if before.phase == PENALTY and action == DECLINE:
        fired.append("penalty declined")
    elif before.phase in (TURN, PROTEST_PULL, PENALTY) and action != DECLARE:
        fired.append("column pull")
    elif before.phase == TURN:
        fired.append("declaration")
    if before.phase == PROTESTING and action == PROTEST:
        fired.append("protest")
    old, new = before.villa.level, after.villa.level
    for column, level in enumerate(new):
        if level == HAND and old[column] != HAND:
            fired.append("column comes out")
        elif level >= 0 and old[column] == HAND:
            fired.append("column placed on top")
        elif level == OUT and old[column] != OUT:
            fired.append("column removed from the game")
    fired += ["column frozen"] * sum(
        1 for was, now in zip(before.frozen, after.frozen, strict=True) if now and not was
    )
    if len(after.villa.floors) > len(before.villa.floors):
        fired.append("floor laid")
    if after.holder != before.holder:
        fired.append("seal changes hands")
    if after.phase == OVER:
        fired.append("collapse" if after.culprit >= 0 else "no floor can be laid")
    return fired


def scores(state: VillaState) -> dict[str, list[float]]:
    """Each seat's column values on the top floor (what the seal is awarded for)."""
    return {"top-floor points": [float(state.points(s)) for s in range(state.game.num_players)]}
