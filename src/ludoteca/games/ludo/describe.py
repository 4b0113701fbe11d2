"""Mens erger je niet in words: names, the move log's sentences, the score, the position.

The shared table reads these (see the table contract): "Anna rolls a 6", "Anna enters a pawn",
"Anna moves from 12 to 17 and sends Red home", "Green begins". Every text goes through the
translation catalog; the notation (`12-17`, `R-0`, `start:1`) never shows here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludoteca.games.ludo.game import MOVE, RESERVE
from ludoteca.i18n import N_, _, format_list, format_number, ngettext

if TYPE_CHECKING:
    from ludoteca.games.ludo.game import LudoGame, LudoState

COLOUR_NAMES = {
    "red": N_("Red"),
    "blue": N_("Blue"),
    "yellow": N_("Yellow"),
    "green": N_("Green"),
    "purple": N_("Purple"),
    "orange": N_("Orange"),
}
"""The board's colour ids (`board.json`) as people read them."""

GOAL_LETTERS = "abcd"


def colour_name(game: LudoGame, colour: int) -> str:
    """A colour of the board in the active language: "Red", "Rood", "Rot"."""
    return _(COLOUR_NAMES[game.colour_name(colour)])


def player_name(game: LudoGame, seat: int) -> str:
    """The seat's colours: "Blue", or "Red & Yellow" for a seat that plays two."""
    return " & ".join(colour_name(game, c) for c in game.seat_colours(seat))


def _who(game: LudoGame, colour: int, names: Sequence[str]) -> str:
    """The person behind `colour`; with the colour added when their seat plays several."""
    seat = game.owner[colour]
    if len(game.seat_colours(seat)) == 1:
        return names[seat]
    return _("{name} ({colour})").format(name=names[seat], colour=colour_name(game, colour))


def describe_action(before: LudoState, action: int, names: Sequence[str]) -> str:
    """One sentence for `action` at `before`: the start draw, a roll, or a pawn's move."""
    game = before.game
    position = before.position_json()
    phase = position["phase"]
    if phase == "start":
        return _("{name} begins").format(name=names[action])
    colour = game.colours[before.turn]
    who = _who(game, colour, names)
    if phase == "roll":
        after = before.clone()
        after.apply_action(action)
        rolled = _("{name} rolls a {number}").format(name=who, number=format_number(action))
        if after.phase == MOVE:  # the phase alone, not the whole position
            return rolled
        return _("{rolled} and cannot move").format(rolled=rolled)
    return _describe_move(before, colour, action, who, names)


def _describe_move(
    before: LudoState, colour: int, action: int, who: str, names: Sequence[str]
) -> str:
    game = before.game
    track = game.track_length
    if action == game.enter_action:
        entry = game.entries[colour]
        sentence = _("{name} enters a pawn").format(name=who)
        return _with_capture(before, entry, sentence, names)
    progress = game.progress_of[colour][action]
    target = before._target(colour, progress, before.die)
    source = _circle(action, track)
    if target >= track:
        sentence = _("{name} moves from {source} to goal circle {goal}").format(
            name=who, source=source, goal=GOAL_LETTERS[target - track]
        )
        finished = bin(before.goal_mask[colour] | 1 << (target - track)).count("1") == 4
        if finished:
            sentence = _("{sentence}: all four pawns are home").format(sentence=sentence)
        return sentence
    square = (game.entries[colour] + target) % track
    sentence = _("{name} moves from {source} to {target}").format(
        name=who, source=source, target=format_number(square)
    )
    return _with_capture(before, square, sentence, names)


def _circle(square: int, track: int) -> str:
    """A track circle by its number; a goal circle as "goal circle b"."""
    if square < track:
        return format_number(square)
    return _("goal circle {goal}").format(goal=GOAL_LETTERS[square - track])


def _with_capture(before: LudoState, square: int, sentence: str, names: Sequence[str]) -> str:
    """Adds "and sends Red home" when a pawn stands on the circle the move ends on (the seed's
    `capture_own` rule lets a mover hit its own pawn: "sends its own pawn home")."""
    victim = before.occupant[square]
    if victim < 0:
        return sentence
    if victim == before.game.colours[before.turn]:
        return _("{sentence} and sends its own pawn home").format(sentence=sentence)
    return _("{sentence} and sends {victim} home").format(
        sentence=sentence, victim=_who(before.game, victim, names)
    )


def pawns_home(state: LudoState, seat: int) -> int:
    """How many of the seat's pawns stand on goal circles (all its colours together)."""
    game = state.game
    return sum(bin(state.goal_mask[c]).count("1") for c in game.seat_colours(seat))


def standing(state: LudoState, seat: int) -> tuple[int, int]:
    """How the result orders the seats the winner left behind (the seed names only the
    winner; our ruling, docs/games/ludo.md *Winning and returns*): pawns home, then the steps
    all its pawns have walked from their circles A (a pawn in reserve has walked none)."""
    game = state.game
    colours = game.seat_colours(seat)
    walked = sum(p + 1 for c in colours for p in state.pawns[c] if p != RESERVE)
    return pawns_home(state, seat), walked


def score_text(state: LudoState, seat: int) -> str | None:
    """The seat's pawns home: "3 pawns home"."""
    home = pawns_home(state, seat)
    return ngettext("{n} pawn home", "{n} pawns home", home).format(n=format_number(home))


def describe_position(state: LudoState, names: Sequence[str]) -> str:
    """Where every colour's pawns stand and whose turn it is, for screen readers."""
    game = state.game
    track = game.track_length
    lines = []
    for colour in game.colours:
        pawns = state.pawns[colour]
        waiting = pawns.count(-1)
        home = bin(state.goal_mask[colour]).count("1")
        circles = sorted(game.square_of[colour][p] for p in pawns if 0 <= p < track)
        parts = [
            ngettext("{n} pawn waiting", "{n} pawns waiting", waiting).format(
                n=format_number(waiting)
            )
        ]
        if circles:
            parts.append(
                _("on {circles}").format(circles=format_list([format_number(c) for c in circles]))
            )
        parts.append(ngettext("{n} home", "{n} home", home).format(n=format_number(home)))
        lines.append(
            _("{colour} ({name}): {pawns}").format(
                colour=colour_name(game, colour),
                name=names[game.owner[colour]],
                pawns=", ".join(parts),
            )
        )
    lines.append(_turn_text(state, names))
    return ". ".join(lines) + "."


def _turn_text(state: LudoState, names: Sequence[str]) -> str:
    game = state.game
    position = state.position_json()
    phase = position["phase"]
    if phase == "start":
        return _("Rolling to see who begins")
    if phase == "over":
        return _("Game over: {name} wins").format(name=names[position["finished"][0]])
    who = _who(game, game.colours[state.turn], names)
    if phase == "roll":
        return _("{name} to roll").format(name=who)
    return _("{name} to move with a {number}").format(
        name=who, number=format_number(position["die"])
    )
