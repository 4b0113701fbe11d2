"""Which rules of Mens erger je niet fired on one action, for balance reports (`analyze`).

`events(before, action, after)` names them from the positions either side of the action, so
the rules module needs no bookkeeping for statistics; `scores(state)` counts pawns home.
"""

from __future__ import annotations

from ludoteca.games.ludo.game import MOVE, OVER, ROLL, LudoState


def events(before: LudoState, action: int, after: LudoState) -> list[str]:
    """The rules `action` set off in `before` (leading to `after`)."""
    if before.phase == ROLL:
        return _roll_events(before, action, after)
    if before.phase != MOVE:
        return []
    game = before.game
    colour = game.colours[before.turn]
    track = game.track_length
    fired = []
    if action == game.enter_action:
        fired.append("pawn brought in")
        landing = game.entries[colour]
    else:
        progress = before._progress(colour, action)
        if progress + before.die > track + 3:
            fired.append("goal bounce")
        target = before._target(colour, progress, before.die)
        landing = (game.entries[colour] + target) % track if target < track else -1
        if target >= track > progress:
            fired.append("pawn reaches the goal")
    victim = before.occupant[landing] if landing >= 0 else -1
    if victim >= 0:
        own = game.owner[victim] == game.owner[colour]
        fired.append("own pawn captured" if own else "capture")
    if len(after.finished) > len(before.finished):
        fired.append("seat brings all pawns home")
    if before.die == 6 and after.phase != OVER and after.turn == before.turn:
        fired.append("extra roll after a six")
    return fired


def _roll_events(before: LudoState, die: int, after: LudoState) -> list[str]:
    if after.phase != ROLL:
        return []
    fired = ["roll without a move"]
    if die == 6:
        fired.append("extra roll after a six")
    elif after.tries > before.tries:
        fired.append("three tries: another roll")
    return fired


def scores(state: LudoState) -> dict[str, list[float]]:
    """Pawns on the goal circles per seat (four per colour the seat plays win)."""
    game = state.game
    home = [
        float(sum(bin(state.goal_mask[c]).count("1") for c in game.seat_colours(seat)))
        for seat in range(game.num_players)
    ]
    return {"pawns home": home}
