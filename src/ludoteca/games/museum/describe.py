"""Raub im Kunstmuseum in words: thieves' names, each action as a sentence, scores, the position.

The shared table calls these for its move log, its result line and its screen-reader text
(see the table contract in docs/web.md). Every sentence uses the game's own words (the guard,
the roof, pictures, markers, the elevator) and never the notation (`card:20/2`, `=24`, `s3`).
German and Dutch need a different preposition for each kind of field, so each kind of place
has its own sentence rather than one sentence with a place pasted in.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.games.museum.board import ROOF, CardKind, Field
from ludoteca.games.museum.game import (
    DRAW,
    MOVE,
    OVER,
    ROB,
    ROB_ACTION,
    START,
    MuseumGame,
    MuseumState,
)
from ludoteca.i18n import _, format_list, format_money, format_number, ngettext


def player_name(game: MuseumGame, seat: int) -> str:
    """The thief's colour: "Red", "Blue", "Green", "Yellow"."""
    return colour_name(seat)


def colour_name(seat: int) -> str:
    """The colour of the thief of `seat` in the active language."""
    return (_("Red"), _("Blue"), _("Green"), _("Yellow"))[seat]


def describe_action(before: MuseumState, action: int, names: Sequence[str]) -> str:
    """One sentence for `action` at `before`; the move ending a round also names who is caught."""
    phase = before.phase
    if phase == START:
        return _("{name} begins").format(name=names[action])
    if phase == DRAW:
        card = before.game.deck.kinds[action]
        return card_sentence(card, names[before.start_player]) + _caught_text(
            caught_by(before, action), names
        )
    name = names[before.turn]
    if phase == MOVE:
        text = _move_sentence(before, action, name)
    elif phase == ROB:
        picture = before.place[before.turn]
        if action == ROB_ACTION:
            value = format_money(before.game.museum.fields[picture].value)
            text = _("{name} puts a marker on picture {picture} ({value})").format(
                name=name, picture=picture, value=value
            )
        else:
            text = _("{name} leaves picture {picture} unmarked").format(name=name, picture=picture)
    else:
        raise ValueError("the game is over: no action to describe")
    return text + _caught_text(caught_by(before, action), names)


def _caught_text(caught: Sequence[int], names: Sequence[str]) -> str:
    if not caught:
        return ""
    who = format_list([names[seat] for seat in caught])
    return ". " + ngettext("{names} is caught", "{names} are caught", len(caught)).format(names=who)


def card_sentence(card: CardKind, name: str) -> str:
    """ "Anna turns the card: guard at picture 20, up to 2 steps"."""
    steps = ngettext("up to {n} step", "up to {n} steps", card.steps).format(n=card.steps)
    if card.picture is None:
        return _("{name} turns the card: guard at the elevator, {steps}").format(
            name=name, steps=steps
        )
    return _("{name} turns the card: guard at picture {picture}, {steps}").format(
        name=name, picture=card.picture, steps=steps
    )


def card_words(card: CardKind) -> str:
    """The card without who turned it: "guard at picture 20, up to 2 steps"."""
    steps = ngettext("up to {n} step", "up to {n} steps", card.steps).format(n=card.steps)
    if card.picture is None:
        return _("guard at the elevator, {steps}").format(steps=steps)
    return _("guard at picture {picture}, {steps}").format(picture=card.picture, steps=steps)


def _move_sentence(before: MuseumState, field_id: int, name: str) -> str:
    seat = before.turn
    here = before.place[seat]
    field = before.game.museum.fields[field_id]
    if field_id == here:
        return _stay_sentence(field, name)
    if field_id == ROOF:
        secured = len(before.at_risk(seat)) if before.game.roof_banks else 0
        if secured:
            return ngettext(
                "{name} climbs back to the roof and secures {n} picture",
                "{name} climbs back to the roof and secures {n} pictures",
                secured,
            ).format(name=name, n=secured)
        return _("{name} climbs back to the roof").format(name=name)
    if field.kind == "picture":
        return _("{name} moves to picture {picture}").format(name=name, picture=field.name)
    if field.kind == "stop":
        return _("{name} moves to the elevator on floor {floor}").format(
            name=name, floor=field.floor
        )
    return _("{name} moves into the elevator shaft").format(name=name)


def _stay_sentence(field: Field, name: str) -> str:
    if field.kind == "roof":
        return _("{name} stays on the roof").format(name=name)
    if field.kind == "picture":
        return _("{name} stays at picture {picture}").format(name=name, picture=field.name)
    if field.kind == "stop":
        return _("{name} stays at the elevator on floor {floor}").format(
            name=name, floor=field.floor
        )
    return _("{name} stays in the elevator shaft").format(name=name)


def caught_by(before: MuseumState, action: int) -> list[int]:
    """The seats the guard catches by `action`: the turned elevator card (option
    `elevator_check=on_turn`) or the move that ends the round (else none)."""
    on_turn = before.game.check_on_turn
    after = before.clone()
    if before.phase == DRAW:
        if not (on_turn and before.game.deck.kinds[action].picture is None):
            return []
        after.apply_action(action)
        return list(after.caught)
    card = before.card()
    if before.phase not in (MOVE, ROB) or (on_turn and card is not None and card.picture is None):
        return []
    after.apply_action(action)
    return list(after.caught) if after.phase in (DRAW, OVER) else []


def place_words(field: Field) -> str:
    """Where a thief stands: "on the roof", "at picture 12", "in the elevator shaft"."""
    if field.kind == "roof":
        return _("on the roof")
    if field.kind == "picture":
        return _("at picture {picture}").format(picture=field.name)
    if field.kind == "stop":
        return _("at the elevator on floor {floor}").format(floor=field.floor)
    return _("in the elevator shaft")


def score_text(state: MuseumState, seat: int) -> str:
    """The thief's euros: its marked pictures plus the roof bonus if it stands on the roof."""
    return format_money(state.scores()[seat])


def thief_words(state: MuseumState, seat: int, name: str) -> str:
    """ "Anna: at picture 12, 3 pictures marked (1 at risk), 17.500 €"."""
    museum = state.game.museum
    marked = museum.markers_per_thief - state.hand(seat)
    risk = len(state.at_risk(seat))
    pictures = ngettext("{n} picture marked", "{n} pictures marked", marked).format(
        n=format_number(marked)
    )
    if risk and marked:
        pictures += " " + _("({n} at risk)").format(n=format_number(risk))
    where = place_words(museum.fields[state.place[seat]])
    return f"{name}: {where}, {pictures}, {score_text(state, seat)}"


def round_words(state: MuseumState) -> str:
    """ "Round 5 of 32" (before the first card: "Before the first card")."""
    total = len(state.discard) + state.rounds_left()
    if not state.discard:
        return _("Before the first card")
    return _("Round {round} of {total}").format(round=len(state.discard), total=total)


def describe_position(state: MuseumState, names: Sequence[str]) -> str:
    """The round, the card, every thief and who acts, for screen readers."""
    parts = [round_words(state)]
    card = state.card()
    if card is not None:
        parts.append(_("Card: {card}").format(card=card_words(card)))
    parts += [thief_words(state, seat, names[seat]) for seat in range(len(state.place))]
    if state.is_terminal():
        parts.append(_("Game over"))
    elif state.phase == MOVE:
        parts.append(_("{name} to move").format(name=names[state.turn]))
    elif state.phase == ROB:
        parts.append(
            _("{name} decides whether to mark picture {picture}").format(
                name=names[state.turn], picture=state.place[state.turn]
            )
        )
    return ". ".join(parts) + "."
