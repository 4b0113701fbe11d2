"""Which rules of Raub im Kunstmuseum fired on one action, for balance reports (`analyze`).

`events(before, action, after)` names them from the positions either side of the action;
`scores(state)` gives each thief's euros (pictures plus the roof bonus).
"""

from __future__ import annotations

from ludoteca.games.museum.board import ROOF
from ludoteca.games.museum.game import DRAW, MOVE, NOBODY, OVER, ROB, ROB_ACTION, MuseumState


def events(before: MuseumState, action: int, after: MuseumState) -> list[str]:
    """The rules `action` set off in `before` (leading to `after`)."""
    if before.phase == DRAW:
        if before.game.deck.kinds[action].picture is not None:
            return []
        if before.game.check_on_turn:  # the elevator is checked as the card is turned
            return ["elevator card", *_guard_events(before, after)]
        return ["elevator card"]
    if before.phase not in (MOVE, ROB):
        return []
    fired = []
    seat = before.turn
    if before.phase == ROB:
        fired.append("robbery" if action == ROB_ACTION else "robbery declined")
    elif action == ROOF and before.place[seat] != ROOF:
        fired.append("thief climbs onto the roof")
        if any(a and not b for a, b in zip(after.banked, before.banked, strict=True)):
            fired.append("pictures banked on the roof")
    card = after.card()
    checked_on_turn = card is not None and card.picture is None and after.game.check_on_turn
    if after.phase in (DRAW, OVER) and not checked_on_turn:  # the guard checked this round
        fired += _guard_events(before, after)
    if after.phase == OVER:
        fired += ["roof bonus"] * after.place.count(ROOF)
    return fired


def _guard_events(before: MuseumState, after: MuseumState) -> list[str]:
    card = after.card()
    caught = after.caught
    fired = ["guard catches a thief"] * len(caught)
    if caught and card is not None and card.picture is None:
        fired += ["thief caught in the elevator"] * len(caught)
    lost = sum(
        1 for p, owner in enumerate(before.marker) if owner != NOBODY and after.marker[p] == NOBODY
    )
    fired += ["picture lost by a caught thief"] * lost
    return fired


def scores(state: MuseumState) -> dict[str, list[float]]:
    """Each thief's euros: at the end the final score."""
    return {"euros": [float(s) for s in state.scores()]}
