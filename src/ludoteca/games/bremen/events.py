"""Which rules of Bremer Stadtmusikanten fired on one action, for balance reports (`analyze`).

`events(before, action, after)` names them from the positions either side of the action;
`scores(state)` gives each seat's points (seven win).
"""

from __future__ import annotations

from ludoteca.games.bremen.constants import MOVE, R_FACE, ROBBER, ROLL
from ludoteca.games.bremen.game import BremenState


def events(before: BremenState, action: int, after: BremenState) -> list[str]:
    """The rules `action` set off in `before` (leading to `after`)."""
    if before.phase == ROLL:
        if action % 10 == R_FACE:
            return ["robber die"]
        return ["roll without a move"] if after.phase == ROLL else []
    if before.phase == ROBBER:
        fired = ["robber moves"]
        if _sent_home(before, after, moved=-1):
            fired.append("robber sends animals home")
        return fired
    if before.phase != MOVE:
        return []
    game = before.game
    animal, end, _ = game.split_move(action)
    fired = []
    if before.owner(animal) != before.turn:
        fired.append("foreign animal moved")
    if end == game.board.house:
        fired.append("storm of the house")
        if before.robber == game.board.house:
            fired.append("storm bonus (robber at home)")
        return fired
    if end == before.robber:
        fired.append("robber chased home")
    if _sent_home(before, after, moved=animal):
        fired.append("animals sent home")
    if end in game.own_starts[before.turn]:
        fired.append("landing on an own start field")
    if after.phase == ROLL:
        if after.turn == before.turn:
            fired.append("extra roll")
        if len(before.left) == 2:
            fired.append("second die lost")
    return fired


def _sent_home(before: BremenState, after: BremenState, moved: int) -> bool:
    """Whether an animal other than the moved one and its riders changed field."""
    riders = set(before.carried(moved)) if moved >= 0 else set()
    return any(before.at[a] != after.at[a] for a in range(len(before.at)) if a not in riders)


def scores(state: BremenState) -> dict[str, list[float]]:
    """Each seat's points."""
    return {"points": [float(s) for s in state.scores]}
