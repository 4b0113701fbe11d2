"""Belagerung in words: names, the move log's sentences and the position.

The shared table reads these (see the table contract): "Anna jumps a knight from b0 to c2",
"Bert moves a soldier from d4 to c3 and captures a knight". The pieces keep the seed's words
in Dutch (ridder, landsknecht, burchtheer). Fields are named as the board labels them (d6).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludoteca.games.siege.game import EMPTY, KNIGHT, LORD, SOLDIER, SPAN
from ludoteca.i18n import N_, _, format_list, format_number, ngettext

if TYPE_CHECKING:
    from ludoteca.games.siege.game import SiegeGame, SiegeState

SIDE_NAMES = (N_("Attacker"), N_("Defender"))

MOVES = {
    KNIGHT: N_("{name} jumps a knight from {source} to {target}"),
    SOLDIER: N_("{name} moves a soldier from {source} to {target}"),
    LORD: N_("{name} moves the lord from {source} to {target}"),
}
CAPTURES = {
    (KNIGHT, SOLDIER): N_("{name} jumps a knight from {source} to {target} and captures a soldier"),
    (KNIGHT, LORD): N_("{name} jumps a knight from {source} to {target} and captures the lord"),
    (SOLDIER, KNIGHT): N_("{name} moves a soldier from {source} to {target} and captures a knight"),
    (LORD, KNIGHT): N_("{name} moves the lord from {source} to {target} and captures a knight"),
}
"""Every capture the rules allow: a knight takes a soldier or the lord; they take a knight."""


def player_name(game: SiegeGame, seat: int) -> str:
    """The side the seat plays: "Attacker" (the knights) or "Defender" (soldiers and lord)."""
    return _(SIDE_NAMES[seat])


def describe_action(before: SiegeState, action: int, names: Sequence[str]) -> str:
    """One sentence for a move, naming the piece and any piece it captures."""
    board = before.game.board
    source, target = divmod(action, SPAN)
    piece, taken = before.cells[source], before.cells[target]
    text = MOVES[piece] if taken == EMPTY else CAPTURES[(piece, taken)]
    return _(text).format(
        name=names[before.current_player()], source=board.name(source), target=board.name(target)
    )


def score_text(state: SiegeState, seat: int) -> str | None:
    """Belagerung has no score: a side wins, loses or draws."""
    return None


def describe_position(state: SiegeState, names: Sequence[str]) -> str:
    """Where every piece stands and whose turn it is, for screen readers."""
    position = state.position_json()
    knights = sorted(position["knights"])
    soldiers = sorted(position["soldiers"])
    pieces = [
        ngettext("{n} knight on {fields}", "{n} knights on {fields}", len(knights)).format(
            n=format_number(len(knights)), fields=format_list(knights)
        )
        if knights
        else _("no knights"),
        ngettext("{n} soldier on {fields}", "{n} soldiers on {fields}", len(soldiers)).format(
            n=format_number(len(soldiers)), fields=format_list(soldiers)
        )
        if soldiers
        else _("no soldiers"),
        _("the lord on {field}").format(field=position["lord"])
        if position["lord"]
        else _("the lord is captured"),
    ]
    if not state.is_terminal():
        turn = _("{name} to move").format(name=names[state.current_player()])
    elif state.winner is None:
        turn = _("Game over: a draw")
    else:
        turn = _("Game over: {name} wins").format(name=names[state.winner])
    return _("Position: {pieces}.").format(pieces="; ".join(pieces)) + " " + turn + "."


def end_reason(state: SiegeState) -> str:
    """Why the game ended, in words (the checks in the order the rules apply them)."""
    cells = state.cells
    if LORD not in cells:
        return _("the lord is captured")
    if KNIGHT not in cells:
        return _("all four knights are captured")
    if max(state.seen.values(), default=0) >= 3:
        return _("the same position occurred three times")
    quiet = state.game.max_quiet
    if quiet and state.quiet >= quiet:
        return ngettext("{n} move without a capture", "{n} moves without a capture", quiet).format(
            n=quiet
        )
    return _("{name} cannot move").format(name=player_name(state.game, state.turn))
