"""Villa Paletti in words: player names, every action and chance outcome, scores, the position.

What the shared table shows in its move log, its result and its screen-reader text (see
`docs/web.md`). Everything is translated; no notation reaches a sentence (columns are named by
kind and colour, floors by colour, places by where they are on the floor).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludoteca.games.villa.constants import (
    COLOURS,
    DECLARE,
    DECLINE,
    FLOOR,
    FLOOR_BASE,
    LANDING,
    OVER,
    PASS,
    PENALTY,
    PLACE,
    PLACE_BASE,
    PROTEST,
    PROTEST_PULL,
    PROTESTING,
    PULL_KINDS,
    PULLING,
    SETUP,
    TURN,
)
from ludoteca.games.villa.game import VillaGame
from ludoteca.games.villa.hands import COLLAPSE, NOTICED
from ludoteca.games.villa.parts import cell_xy
from ludoteca.i18n import N_, _, format_list, format_number, ngettext, pgettext

if TYPE_CHECKING:
    from ludoteca.games.villa.game import VillaState

COLOUR_WORDS = {
    "white": N_("white"),
    "black": N_("black"),
    "purple": N_("purple"),
    "cyan": N_("cyan"),
}
"""The columns' colours (the seats' colours once they are drawn)."""

FLOOR_WORDS = (
    N_("the base plate"),
    N_("the blue floor"),
    N_("the green floor"),
    N_("the yellow floor"),
    N_("the orange floor"),
    N_("the red floor"),
)
"""The levels by name: the base plate, then the top of each floor."""
FROM_FLOOR = (
    N_("from the base plate"),
    N_("from the blue floor"),
    N_("from the green floor"),
    N_("from the yellow floor"),
    N_("from the orange floor"),
    N_("from the red floor"),
)
ONTO_FLOOR = (
    N_("onto the base plate"),
    N_("onto the blue floor"),
    N_("onto the green floor"),
    N_("onto the yellow floor"),
    N_("onto the orange floor"),
    N_("onto the red floor"),
)
"""Separate phrases, so that each language can inflect them (German: von der / auf die)."""


def player_name(game: VillaGame, seat: int) -> str:
    """Seats have no colour of their own before the seal is thrown, so they go by number."""
    return _("Player {n}").format(n=format_number(seat + 1))


def colours_drawn(state: VillaState) -> bool:
    """Whether the seal has been thrown: from then on every seat has its colours."""
    return state.phase not in {SETUP, COLOURS}


def seat_name(state: VillaState, seat: int) -> str:
    """The seat by its colours once the seal has given them, as the other games call their
    seats ("White", "White & Cyan" for a seat of two colours); "Player 1" before that."""
    if not colours_drawn(state):
        return player_name(state.game, seat)
    return " & ".join(capitalised(colour_word(state, c)) for c in state.colours[seat])


def capitalised(word: str) -> str:
    return word[:1].upper() + word[1:]


def colour_word(state: VillaState, colour: int) -> str:
    return _(COLOUR_WORDS[state.game.parts.colours[colour]])


def seat_colours(state: VillaState, seat: int) -> str:
    """ "white", or "white and cyan" for a seat playing two colours."""
    return format_list([colour_word(state, c) for c in state.colours[seat]])


def level_word(level: int) -> str:
    return _(FLOOR_WORDS[level])


def column_words(state: VillaState, column: int) -> str:
    """ "a thin white column", "the hexagonal black column", "the thick purple column"."""
    colour = _column_colour(state.game.parts.colours[state.colour_of(column)])
    kind = state.game.parts.kind_of(column).name
    if kind == "thin":
        return pgettext("villa", "a thin {colour} column").format(colour=colour)
    if kind == "hex":
        return pgettext("villa", "the hexagonal {colour} column").format(colour=colour)
    return pgettext("villa", "the thick {colour} column").format(colour=colour)


def _column_colour(name: str) -> str:
    """A colour as the adjective of a column (Dutch "witte", German "weiße")."""
    words = {
        "white": pgettext("villa column", "white"),
        "black": pgettext("villa column", "black"),
        "purple": pgettext("villa column", "purple"),
        "cyan": pgettext("villa column", "cyan"),
    }
    return words[name]


def where_on_floor(x: float, y: float, centre: tuple[float, float], reach: float) -> str:
    """A place on a floor in words, seen from the front: "at the back left", "in the middle"."""
    dx, dy = x - centre[0], y - centre[1]
    third = reach / 3
    side = "left" if dx < -third else "right" if dx > third else ""
    depth = "front" if dy < -third else "back" if dy > third else ""
    words = {
        ("", ""): pgettext("villa", "in the middle"),
        ("left", ""): pgettext("villa", "on the left"),
        ("right", ""): pgettext("villa", "on the right"),
        ("", "front"): pgettext("villa", "at the front"),
        ("", "back"): pgettext("villa", "at the back"),
        ("left", "front"): pgettext("villa", "at the front left"),
        ("right", "front"): pgettext("villa", "at the front right"),
        ("left", "back"): pgettext("villa", "at the back left"),
        ("right", "back"): pgettext("villa", "at the back right"),
    }
    return words[(side, depth)]


def _top_place(state: VillaState, x: float, y: float) -> str:
    villa = state.villa
    outline = villa.outline(villa.top - 1)
    left, bottom, right, top = outline.bounds
    centre = (outline.centroid.x, outline.centroid.y)
    return where_on_floor(x, y, centre, max(right - left, top - bottom) / 2)


def describe_action(before: VillaState, action: int, names: Sequence[str]) -> str:
    """One sentence for `action` at `before`: a decision or a chance outcome."""
    phase = before.phase
    if phase in {SETUP, COLOURS, PULLING, LANDING}:
        return _describe_chance(before, action, names)
    name = names[before.current_player()]
    if action == DECLARE:
        return _("{name} declares that none of their columns can be pulled").format(name=name)
    if action == PROTEST:
        return _("{name} protests: that column can be pulled!").format(name=name)
    if action == PASS:
        return _("{name} does not protest").format(name=name)
    if action == DECLINE:
        return _("{name} declines the penalty and lays the next floor").format(name=name)
    if phase == PLACE:
        return _describe_place(before, action - PLACE_BASE, name)
    if phase == FLOOR:
        return _describe_floor(before, action - FLOOR_BASE, name)
    level = _(FROM_FLOOR[before.villa.level[action]])
    column = column_words(before, action)
    if phase == PROTEST_PULL:
        return _("{name} tries to pull {column} {from_level} to prove the protest").format(
            name=name, column=column, from_level=level
        )
    if phase == PENALTY:
        return _("{name} pulls {column} {from_level}: it leaves the game if it comes out").format(
            name=name, column=column, from_level=level
        )
    return _("{name} pulls {column} {from_level}").format(
        name=name, column=column, from_level=level
    )


def _describe_chance(before: VillaState, action: int, names: Sequence[str]) -> str:
    phase = before.phase
    if phase == SETUP:
        return _("The villa is set up")
    if phase == COLOURS:
        colours, neutral = before.game.seat_colours(action)
        plays = [
            _("{name} plays {colours}").format(
                name=names[seat],
                colours=format_list([colour_word(before, c) for c in own]),
            )
            for seat, own in enumerate(colours)
        ]
        text = _("The colours are drawn: {plays}").format(plays=format_list(plays))
        if neutral >= 0:
            text += ". " + _("The {colour} columns are neutral").format(
                colour=colour_word(before, neutral)
            )
        return text
    if phase == PULLING:
        if action == COLLAPSE:
            return _("The villa collapses!")
        if action == NOTICED:
            return _("The villa wobbles: the column is pushed back and may not be moved again")
        if PULL_KINDS[before.pull_kind] == "penalty":
            return _("The column comes out and leaves the game")
        return _("The column comes out")
    return _describe_landing(before, action)


def _describe_landing(before: VillaState, direction: int) -> str:
    if direction == 0:
        return _("The column stands exactly where it was put")
    mm = format_number(before.game.hand_error)
    texts = {
        1: _("The column slips {mm} mm to the right"),
        2: _("The column slips {mm} mm to the back"),
        3: _("The column slips {mm} mm to the left"),
        4: _("The column slips {mm} mm to the front"),
    }
    return texts[direction].format(mm=mm)


def _describe_place(before: VillaState, cell: int, name: str) -> str:
    x, y = cell_xy(cell)
    villa = before.villa
    where = _top_place(before, x, y)
    base = villa.fits(before.pulled, x, y)
    if base is not None and base >= 0:
        return _("{name} stands it on top of {column}, {where}").format(
            name=name, column=column_words(before, base), where=where
        )
    return _("{name} places it {onto_level}, {where}").format(
        name=name, onto_level=_(ONTO_FLOOR[villa.top]), where=where
    )


def _describe_floor(before: VillaState, code: int, name: str) -> str:
    parts = before.game.parts
    turn, _cell = divmod(code, before.game.cells)
    floor = level_word(len(before.villa.floors) + 1)
    degrees = format_number(turn * parts.turn_degrees)
    if turn == 0:
        return _("{name} lays {floor} on the villa").format(name=name, floor=floor)
    return _("{name} lays {floor} on the villa, turned {degrees}°").format(
        name=name, floor=floor, degrees=degrees
    )


def score_text(state: VillaState, seat: int) -> str | None:
    """The seat's points on the top floor, and the builder's seal if it holds it. Once the
    game is over the winner's score is the seal, which is what wins (its points may be 0: a
    previous holder wins when the holder brought the villa down)."""
    if not state.villa.floors:
        return None
    if state.phase == OVER and seat == state.winner():
        if seat == state.holder:
            return pgettext("villa result", "the builder's seal")
        return pgettext("villa result", "the builder's seal, as its holder brought the villa down")
    points = state.points(seat)
    text = ngettext("{n} point", "{n} points", points).format(n=format_number(points))
    if seat == state.holder:
        if state.phase == OVER:
            return text + ", " + _("brought the villa down")
        text += ", " + _("holds the builder's seal")
    return text


def standing(state: VillaState, seat: int) -> tuple[int]:
    """How the result orders the seats behind the winner (the seed names only the winner):
    their points on the top floor, which decide who holds the seal."""
    return (state.points(seat),)


def describe_position(state: VillaState, names: Sequence[str]) -> str:
    """The whole position in a few sentences, for screen readers."""
    villa = state.villa
    if not villa.floors:
        return _("The villa is being set up.")
    floors = len(villa.floors)
    sentences = [
        ngettext(
            "The villa has {n} floor; the top is {level}.",
            "The villa has {n} floors; the top is {level}.",
            floors,
        ).format(n=format_number(floors), level=level_word(villa.top))
    ]
    on_top = villa.on_level(villa.top)
    if on_top:
        columns = format_list([column_words(state, c) for c in on_top])
        sentences.append(_("On top stand: {columns}.").format(columns=columns))
    players = [
        _("{name} ({colours}): {score}").format(
            name=names[seat], colours=seat_colours(state, seat), score=score_text(state, seat)
        )
        if names[seat] != seat_name(state, seat)
        else _("{name}: {score}").format(name=names[seat], score=score_text(state, seat))
        for seat in range(state.game.num_players)
    ]
    sentences.append(format_list(players) + ".")
    if state.phase == OVER:
        winner = state.winner()
        if state.culprit >= 0:
            sentences.append(_("The villa has collapsed."))
        if winner >= 0:
            sentences.append(_("{name} wins.").format(name=names[winner]))
    elif state.phase in {TURN, PLACE, PROTESTING, PROTEST_PULL, PENALTY, FLOOR}:
        sentences.append(_("{name} is to move.").format(name=names[state.current_player()]))
    return " ".join(sentences)
