"""Raub im Kunstmuseum in text: the plain museum behind `str(state)` and a coloured Rich one.

Both draw the floors from `board.json`, top floor first, with the elevator as a column on the
right: per floor a row of picture numbers (and its elevator stop), a row of what stands on each
picture (thief letter, marker letter, `#` for a guard chip) and a row of the values in euros.
The shaft fields between two stops run down the right-hand column. Lines of segments tagged
with what they show are built once; the plain text joins them, Rich colours them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ludoteca.games.museum.board import ROOF, CardKind, Field, Museum
from ludoteca.games.museum.describe import describe_action, player_name
from ludoteca.games.museum.game import COLOURS, MuseumState
from ludoteca.i18n import _, format_list, format_money, ngettext

LETTERS = "RBGY"
"""Thief letters by seat (red, blue, green, yellow); markers are the same letters in lower case."""
HEX = ("#d55e00", "#0072b2", "#009e73", "#f0e442")
"""The colours of the thieves by seat (Okabe and Ito's palette, told apart by colour-blind
players too); the SVG and the panel use the same, with a shape per seat (`pieces.py`)."""
CELL = 8
LABEL = 10
FLOORS = (4, 3, 2, 1)


@dataclass(frozen=True)
class Segment:
    """A piece of a line: its text and what it shows (`seat` for thief and marker letters)."""

    text: str
    role: str = "plain"
    seat: int = -1


Line = list[Segment]


def shaft_below(museum: Museum, floor: int) -> list[Field]:
    """The shaft fields from the stop of `floor` down to the next stop, top first."""
    if floor == 1:
        return []
    column = sorted((f for f in museum.fields if f.kind == "shaft"), key=lambda f: f.at[1])
    top = museum.by_name(f"E{floor}").at[1]
    return [f for f in column if top < f.at[1] < top + 4]


def _who(state: MuseumState) -> dict[int, int]:
    """Field -> the seat of the thief standing there (the roof is listed separately)."""
    return {place: seat for seat, place in enumerate(state.place) if place != ROOF}


def _mark(marks: Mapping[int, str], field: int) -> Segment:
    label = marks.get(field, "")
    return Segment(f"({label})" if label else "", "mark")


def _picture_cell(state: MuseumState, field: Field, marks: Mapping[int, str]) -> Line:
    who = _who(state).get(field.id, -1)
    owner = state.marker[field.id]
    guard = "#" if field.id in state.guarded() else " "
    mark = _mark(marks, field.id)
    pad = " " * (CELL - 3 - len(mark.text))
    return [
        Segment(LETTERS[who], "thief", who) if who >= 0 else Segment("."),
        Segment(LETTERS[owner].lower(), "marker", owner) if owner >= 0 else Segment("."),
        Segment(guard, "guard"),
        mark,
        Segment(pad),
    ]


def _elevator_cell(state: MuseumState, field: Field, marks: Mapping[int, str]) -> Line:
    who = _who(state).get(field.id, -1)
    thief = Segment(LETTERS[who], "thief", who) if who >= 0 else Segment("|", "shaft")
    return [Segment(f"{field.name:<3}", "elevator"), thief, _mark(marks, field.id)]


def board_lines(state: MuseumState, marks: Mapping[int, str]) -> list[Line]:
    """The museum as lines of segments: the roof, then each floor with its part of the shaft."""
    museum = state.game.museum
    on_roof = [seat for seat, place in enumerate(state.place) if place == ROOF]
    roof: Line = [Segment(f"{_('roof'):<{LABEL}}", "roof")]
    for seat in on_roof:
        roof += [Segment(LETTERS[seat], "thief", seat), Segment(" ")]
    roof += [Segment(" " if on_roof else "-"), _mark(marks, ROOF)]
    bonus = format_money(museum.roof_bonus)
    roof.append(
        Segment("   " + _("start, safe, +{bonus} at the end; leads to 22").format(bonus=bonus))
    )
    lines = [roof]
    for floor in FLOORS:
        row = museum.floor_rows(floor)
        pictures, stop = row[:-1], row[-1]
        shaft = shaft_below(museum, floor)
        numbers: Line = [Segment(f"{_('floor {n}').format(n=floor):<{LABEL}}")]
        numbers += [Segment(f"{p.name:<{CELL}}", "number") for p in pictures]
        contents: Line = [Segment(" " * LABEL)]
        for picture in pictures:
            contents += _picture_cell(state, picture, marks)
        values: Line = [Segment(" " * LABEL)]
        values += [Segment(f"{p.value:<{CELL},}", "value") for p in pictures]
        rows = [numbers, contents, values]
        if shaft:
            rows.append([Segment(" " * (LABEL + 7 * CELL))])
        rows[0] += _elevator_cell(state, stop, marks)
        for line, field in zip(rows[1:], shaft, strict=False):
            line += _elevator_cell(state, field, marks)
        lines += rows
    return lines


def plain(line: Line) -> str:
    return "".join(segment.text for segment in line).rstrip()


# -- the lines beside the museum ------------------------------------------------------------
def card_line(state: MuseumState) -> str:
    """The current card in words (its notation kept: "4/3")."""
    card = state.card()
    if card is None:
        return _("Card: none turned yet")
    return _("Card {card}: the guard checks {check}; move 0-{steps} fields").format(
        card=card.name, check=check_words(state, card), steps=card.steps
    )


def check_words(state: MuseumState, card: CardKind) -> str:
    """What the card's guard checks, and for the elevator card when."""
    if card.picture is not None:
        return _("picture {picture}").format(picture=card.picture)
    if state.game.check_on_turn:
        return _("the elevator as the card is turned")
    return _("the elevator")


def _names(state: MuseumState, seats: list[int] | tuple[int, ...]) -> str:
    return format_list([player_name(state.game, seat) for seat in seats])


def status_line(state: MuseumState) -> str:
    """The round, and who is to do what (or the winner)."""
    total = state.game.deck.size
    round_no = len(state.discard)
    phase = state.position_json()["phase"]
    if phase == "over":
        scores = state.scores()
        best = max(scores)
        winners = _names(state, [s for s, v in enumerate(scores) if v == best])
        return _("Game over after {total} rounds: {names} won with {money}").format(
            total=total, names=winners, money=format_money(best)
        )
    if phase == "start":
        return _("Drawing the start player")
    if phase == "draw":
        return _("Round {round} of {total}: {name} turns the next card").format(
            round=round_no + 1, total=total, name=player_name(state.game, state.start_player)
        )
    name = player_name(state.game, state.turn)
    if phase == "move":
        doing = _("{name} to move").format(name=name)
    else:
        doing = _("{name} to rob the picture or pass").format(name=name)
    if not state.rounds_left():
        return _("Round {round} of {total} (last round): {doing}").format(
            round=round_no, total=total, doing=doing
        )
    return _("Round {round} of {total}: {doing}").format(round=round_no, total=total, doing=doing)


def thief_lines(state: MuseumState) -> list[Line]:
    """Per thief: where it stands, markers in hand, banked and at risk, euros so far."""
    scores = state.scores()
    lines = []
    for seat, place in enumerate(state.place):
        markers = state.position_json()["markers"][COLOURS[seat]]
        banked = " ".join(map(str, markers["banked"])) or "-"
        at_risk = " ".join(map(str, markers["at_risk"])) or "-"
        text = _(
            "{name} on {field}: hand {hand}, banked {banked}, at risk {at_risk}; {money}"
        ).format(
            name=player_name(state.game, seat),
            field=state.field_name(place),
            hand=state.hand(seat),
            banked=banked,
            at_risk=at_risk,
            money=format_money(scores[seat]),
        )
        lines.append([Segment(LETTERS[seat], "thief", seat), Segment(" " + text)])
    return lines


def pile_lines(state: MuseumState) -> list[str]:
    """The discard pile (oldest first) and the cards still in the deck, by kind."""
    deck = state.game.deck
    pile = " ".join(deck.kinds[k].name for k in state.discard) or "-"
    pictures = [k for k in deck.kinds if k.picture is not None and state.left[k.id]]
    lifts = [f"{k.name} x{state.left[k.id]}" for k in deck.kinds if k.picture is None]
    left = " ".join(k.name for k in pictures)
    count = state.rounds_left()
    deck_line = ngettext(
        "Deck: {n} card left: {cards}; elevator cards {elevator}",
        "Deck: {n} cards left: {cards}; elevator cards {elevator}",
        count,
    ).format(n=count, cards=left or "-", elevator=", ".join(lifts))
    return [_("Discard pile: {cards}").format(cards=pile), deck_line]


def notes(state: MuseumState) -> list[str]:
    if not state.caught:
        return []
    names = _names(state, state.caught)
    return [
        _("Caught by the guard in the last check: {names} (back on the roof)").format(names=names)
    ]


def key() -> str:
    """What the letters and signs on the museum mean."""
    return _("R B G Y thieves   r b g y markers   # guard chip (checked)   | elevator   (n) move n")


def render_text(state: MuseumState) -> str:
    """The museum in plain text, then the card, the turn, the thieves and the cards."""
    lines = [plain(line) for line in board_lines(state, {})]
    lines += ["", key(), card_line(state), status_line(state)]
    lines += [plain(line) for line in thief_lines(state)]
    lines += pile_lines(state) + notes(state)
    return "\n".join(lines)


# -- Rich ---------------------------------------------------------------------------------------
def _style(segment: Segment) -> Style:
    if segment.role == "thief":
        return Style(color="black" if segment.seat == 3 else "white", bgcolor=HEX[segment.seat])
    if segment.role == "marker":
        return Style(color=HEX[segment.seat], bold=True)
    styles = {
        "guard": Style(color="#777777", bold=True),
        "mark": Style(color="black", bgcolor="bright_white", bold=True),
        "number": Style(bold=True),
        "value": Style(color="#a08a3c"),
        "elevator": Style(color="#6a6a9a", bold=True),
        "shaft": Style(color="#6a6a9a"),
        "roof": Style(color="#2e9e4a", bold=True),
    }
    return styles.get(segment.role, Style())


def _rich(line: Line) -> Text:
    text = Text(no_wrap=True)
    for segment in line:
        text.append(segment.text, _style(segment))
    text.rstrip()
    return text


def render_rich(state: MuseumState, marks: Mapping[int, str] | None = None) -> RenderableType:
    """The museum in colour beside the card, the turn, the thieves and the cards.

    `marks` (action -> label) are drawn on the fields the moves end on; robbing decisions have
    no field and are listed by the terminal.
    """
    shown = marks if marks and state.position_json()["phase"] == "move" else {}
    board = Text("\n").join(_rich(line) for line in board_lines(state, shown))
    side = Table.grid()
    side.add_column()
    side.add_row(Text(status_line(state), style="bold"))
    side.add_row(Text(card_line(state)))
    side.add_row(Text(""))
    for line in thief_lines(state):
        side.add_row(_rich(line))
    side.add_row(Text(""))
    for words in pile_lines(state):
        side.add_row(Text(words))
    for note in notes(state):
        side.add_row(Text(note, style="italic"))
    return Group(board, Text(key(), style="dim"), side)


def side_label(state: MuseumState) -> str:
    """Who acts: the thief to move or rob, or at a card turn the start player."""
    if state.is_terminal():
        return _("game over")
    if state.position_json()["phase"] == "start":
        return _("chance")
    return player_name(state.game, state.turn)


def describe_chance(state: MuseumState, action: int) -> str:
    """A card turn or the start player in the table's words."""
    names = [player_name(state.game, seat) for seat in range(state.game.num_players)]
    return describe_action(state, action, names)
