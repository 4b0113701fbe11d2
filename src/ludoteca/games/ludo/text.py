"""Mens erger je niet in text: the plain board behind `str(state)` and a coloured Rich board.

Both are drawn from the coordinates in `board.json` (the same data as the SVG) on a character
grid, two characters per cell so the board looks square. `pawn_spots` and `action_spot` say where
each pawn stands and which pawn an action moves; the SVG renderer uses them too.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Literal

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ludoteca.games.ludo.board import Board, Point, load_board
from ludoteca.games.ludo.describe import colour_name, player_name
from ludoteca.i18n import N_, _, format_list

if TYPE_CHECKING:
    from ludoteca.games.ludo.game import LudoState

LETTERS = {"red": "R", "blue": "B", "yellow": "Y", "green": "G", "purple": "P", "orange": "N"}
"""Pawn letters; orange is N because `o` is an empty track circle."""
GOALS = "abcd"
EMPTY_TRACK = "o"
EMPTY_GOAL = "."
EMPTY_RESERVE = "."
_SCALES = (1.0, 1.1, 1.2, 1.25, 1.5, 1.75, 2.0)

Kind = Literal["track", "goal", "reserve"]
Cell = tuple[int, int]


@dataclass(frozen=True)
class Spot:
    """A circle of the board: a track circle, or goal/reserve circle `index` of `colour`."""

    kind: Kind
    index: int
    colour: int = -1


# -- where the pawns are ----------------------------------------------------------------------
def pawn_spots(state: LudoState) -> Iterator[tuple[Spot, int]]:
    """Each pawn as (spot, colour). Reserve pawns fill their reserve circles from the first."""
    game = state.game
    names = {game.colour_name(c): c for c in game.colours}
    for name, places in state.position_json()["pawns"].items():
        colour = names[name]
        waiting = 0
        for place in places:
            if place == "R":
                yield Spot("reserve", waiting, colour), colour
                waiting += 1
            elif place in GOALS:
                yield Spot("goal", GOALS.index(place), colour), colour
            else:
                yield Spot("track", int(place)), colour


def mover(state: LudoState) -> int:
    """The colour whose turn it is."""
    return state.game.colours[state.turn]


def action_spot(state: LudoState, action: int) -> Spot:
    """The pawn `action` moves: its track or goal circle, or the last filled reserve circle."""
    game = state.game
    track = game.track_length
    colour = mover(state)
    if action < track:
        return Spot("track", action)
    if action < track + 4:
        return Spot("goal", action - track, colour)
    waiting = state.position_json()["pawns"][game.colour_name(colour)].count("R")
    return Spot("reserve", max(waiting - 1, 0), colour)


def spot_point(board: Board, spot: Spot) -> Point:
    """The board coordinates of a circle."""
    if spot.kind == "track":
        return board.track[spot.index]
    circles = board.goal if spot.kind == "goal" else board.reserve
    return circles[spot.colour][spot.index]


# -- the character grid -------------------------------------------------------------------------
@dataclass(frozen=True)
class Grid:
    """Every circle of a board placed on a character grid (columns, rows from the top left)."""

    columns: int
    rows: int
    cells: dict[Spot, Cell]


def _all_spots(board: Board) -> Iterator[Spot]:
    for index in range(board.track_length):
        yield Spot("track", index)
    for colour in range(board.size):
        for index in range(4):
            yield Spot("goal", index, colour)
            yield Spot("reserve", index, colour)


@cache
def grid(size: int) -> Grid:
    """The smallest scale at which no two circles of the board share a cell."""
    board = load_board(size)
    spots = list(_all_spots(board))
    for scale in _SCALES:
        raw = {s: _scaled(spot_point(board, s), scale) for s in spots}
        if len(set(raw.values())) == len(raw):
            break
    left = min(x for x, _ in raw.values())
    top = min(y for _, y in raw.values())
    cells = {s: (x - left, y - top) for s, (x, y) in raw.items()}
    assert len(set(cells.values())) == len(spots), f"board {size}: circles share a text cell"
    return Grid(
        columns=max(x for x, _ in cells.values()) + 1,
        rows=max(y for _, y in cells.values()) + 1,
        cells=cells,
    )


def _scaled(point: Point, scale: float) -> Cell:
    return round(point[0] * scale), round(point[1] * scale)


# -- what each cell shows -----------------------------------------------------------------------
@dataclass(frozen=True)
class Glyph:
    """One cell's two characters and what they stand for (the Rich board colours by it)."""

    text: str
    role: Literal["track", "entry", "goal", "reserve", "pawn"]
    colour: int = -1
    label: str = ""


def _glyphs(state: LudoState, marks: Mapping[int, str]) -> dict[Cell, Glyph]:
    board = state.game.board
    layout = grid(board.size)
    entries = {board.entry(c): c for c in range(board.size)}
    shown: dict[Cell, Glyph] = {}
    for spot, cell in layout.cells.items():
        if spot.kind == "track" and spot.index in entries:
            colour = entries[spot.index]
            shown[cell] = Glyph(_letter(board, colour).lower(), "entry", colour)
        elif spot.kind == "track":
            shown[cell] = Glyph(EMPTY_TRACK, "track")
        elif spot.kind == "goal":
            shown[cell] = Glyph(EMPTY_GOAL, "goal", spot.colour)
        else:
            shown[cell] = Glyph(EMPTY_RESERVE, "reserve", spot.colour)
    labels = {action_spot(state, action): label for action, label in marks.items()}
    for spot, colour in pawn_spots(state):
        label = labels.get(spot, "")
        cell = layout.cells[spot]
        shown[cell] = Glyph(_letter(board, colour), "pawn", colour, label)
    return shown


def _letter(board: Board, colour: int) -> str:
    return LETTERS[board.colours[colour]]


def _cell_text(glyph: Glyph) -> str:
    """Two characters: the glyph and a space, or a pawn's letter and its one-character label."""
    if glyph.label:
        return (glyph.text + glyph.label)[:2] if len(glyph.label) == 1 else glyph.label[:2]
    return glyph.text + " "


def _board_rows(state: LudoState, marks: Mapping[int, str]) -> list[list[Glyph | None]]:
    layout = grid(state.game.board.size)
    shown = _glyphs(state, marks)
    return [[shown.get((x, y)) for x in range(layout.columns)] for y in range(layout.rows)]


# -- the lines under the board ------------------------------------------------------------------
PHASES = {
    "start": N_("drawing who begins"),
    "roll": N_("rolling"),
    "move": N_("moving"),
    "over": N_("game over"),
}
"""The phases of `position_json()` as people read them."""


def _owner_name(state: LudoState, colour: int) -> str:
    """The player behind a colour, by their colours: "Red", or "Red & Yellow"."""
    return player_name(state.game, state.game.owner[colour])


def _finished(state: LudoState) -> str:
    """The seats that are home, in order, by their colours."""
    return format_list([player_name(state.game, s) for s in state.position_json()["finished"]])


def _colour_entry(state: LudoState, colour: int) -> str:
    """A colour's legend entry: "Red", or "Red (Red & Yellow)" when a seat plays several."""
    name = colour_name(state.game, colour)
    owner = _owner_name(state, colour)
    return name if owner == name else _("{colour} ({player})").format(colour=name, player=owner)


def legend(state: LudoState) -> str:
    """Which letter is which colour, and which seat plays it."""
    game = state.game
    return "   ".join(f"{_letter(game.board, c)} {_colour_entry(state, c)}" for c in game.colours)


def key(state: LudoState) -> str:
    """What the other characters mean."""
    entries = " ".join(LETTERS[name].lower() for name in state.game.board.colours)
    return _("{track} track circle   {entries} empty circle A   . goal or reserve circle").format(
        track=EMPTY_TRACK, entries=entries
    )


def status_line(state: LudoState) -> str:
    """Whose turn (colour and seat), the die, the phase and the finished seats."""
    position = state.position_json()
    colour = mover(state)
    die = position["die"]
    parts = [
        _("Turn: {name}").format(name=_owner_name(state, colour)),
        _("Die: {number}").format(number=die if die else "-"),
        _("Phase: {phase}").format(phase=_(PHASES[position["phase"]])),
        _("Finished: {names}").format(names=_finished(state) or "-"),
    ]
    if position["phase"] == "over":
        parts[0] = _("Winner: {name}").format(name=player_name(state.game, position["finished"][0]))
    elif position["phase"] == "start":
        parts[0] = _("Turn: drawing the seat that begins")
    return "   ".join(parts)


def _notes(state: LudoState) -> list[str]:
    must_move = state.position_json()["must_move"]
    if must_move is None:
        return []
    return [
        _("The pawn just brought in on {circle} must move with this roll.").format(circle=must_move)
    ]


# -- plain text --------------------------------------------------------------------------------
def render_text(state: LudoState) -> str:
    """The board in plain text, then the legend and the status lines."""
    lines = [
        "".join(_cell_text(g) if g else "  " for g in row).rstrip()
        for row in _board_rows(state, {})
    ]
    lines += ["", legend(state), key(state), status_line(state), *_notes(state)]
    return "\n".join(lines)


# -- Rich ------------------------------------------------------------------------------------------
PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)),
}
"""Pip positions (column, row) on a 3x3 die face; the SVG draws the same faces."""

_GREY = "#8a8a8a"


def render_rich(state: LudoState, marks: Mapping[int, str] | None = None) -> RenderableType:
    """The board in colour beside the die and whose turn it is.

    `marks` maps action ids to short labels (e.g. "1", "2") drawn on the pawn each move moves:
    the circle it leaves, or the mover's top reserve pawn for bringing a pawn in.
    """
    board = state.game.board
    in_play = set(state.game.colours)
    rows = Text("\n").join(
        _rich_row(row, board, in_play) for row in _board_rows(state, marks or {})
    )
    side = Table.grid(padding=(0, 0))
    side.add_column()
    die = _rich_die(state)
    if die is not None:
        side.add_row(die)
        side.add_row(Text(""))
    for line in _rich_side_lines(state):
        side.add_row(line)
    layout = Table.grid(padding=(0, 3))
    layout.add_column(no_wrap=True)
    layout.add_column()
    layout.add_row(rows, side)
    notes = [Text(note, style="italic") for note in _notes(state)]
    return Group(layout, *notes) if notes else layout


def _rich_row(row: list[Glyph | None], board: Board, in_play: set[int]) -> Text:
    text = Text(no_wrap=True)
    while row and row[-1] is None:
        row = row[:-1]
    for glyph in row:
        if glyph is None:
            text.append("  ")
        elif glyph.role == "pawn":
            _append_pawn(text, glyph, board)
        else:
            text.append(_cell_text(glyph), _rich_style(glyph, board, in_play))
    return text


def _append_pawn(text: Text, glyph: Glyph, board: Board) -> None:
    colour = board.colour_hex[board.colours[glyph.colour]]
    pawn = Style(color=ink_on(colour), bgcolor=colour, bold=True)
    if not glyph.label:
        text.append(glyph.text + " ", pawn)
        return
    label = Style(color="black", bgcolor="bright_white", bold=True)
    if len(glyph.label) == 1:
        text.append(glyph.text, pawn)
        text.append(glyph.label, label)
    else:
        text.append(glyph.label[:2], label)


def _rich_style(glyph: Glyph, board: Board, in_play: set[int]) -> Style:
    if glyph.role == "track":
        return Style()
    colour = board.colour_hex[board.colours[glyph.colour]] if glyph.colour in in_play else _GREY
    if glyph.role == "entry":
        return Style(color=mix(colour, _GREY, 0.35), bold=True)
    if glyph.role == "goal":
        return Style(color=colour, bold=True)
    return Style(color=mix(colour, _GREY, 0.5))


def _rich_die(state: LudoState) -> RenderableType | None:
    """The die as a 3x3 face of pips in a box edged in the mover's colour (none once over)."""
    position = state.position_json()
    if position["phase"] in {"start", "over"}:
        return None
    die = position["die"]
    colour = mover(state)
    board = state.game.board
    hex_colour = board.colour_hex[board.colours[colour]]
    pips = set(PIPS.get(die or 0, ()))
    face = Text(no_wrap=True)
    for row in range(3):
        if row:
            face.append("\n")
        for column in range(3):
            face.append(" ●" if (column, row) in pips else "  ")
        face.append(" ")
    title = _("die: {number}").format(number=die) if die else _("die")
    return Panel(face, title=title, border_style=hex_colour, expand=False, padding=(0, 1))


def _rich_side_lines(state: LudoState) -> list[Text]:
    position = state.position_json()
    board = state.game.board
    lines = []
    if position["phase"] == "over":
        winner = player_name(state.game, position["finished"][0])
        lines.append(Text(_("Game over: {name} wins").format(name=winner), style="bold"))
    elif position["phase"] == "start":
        lines.append(Text(_("Drawing the seat that begins")))
    else:
        colour = mover(state)
        hex_colour = board.colour_hex[board.colours[colour]]
        turn = Text()
        name = _owner_name(state, colour)
        sentence = _("{name} to roll") if position["phase"] == "roll" else _("{name} to move")
        before, _name, after = sentence.partition("{name}")
        turn.append(before)
        turn.append(name, Style(color=hex_colour, bold=True))
        turn.append(after)
        lines.append(turn)
    if position["finished"]:
        lines.append(Text(_("Finished: {names}").format(names=_finished(state))))
    lines.append(Text(""))
    for colour in state.game.colours:
        entry = Text()
        hex_colour = board.colour_hex[board.colours[colour]]
        entry.append(
            f"{_letter(board, colour)} ",
            Style(color=ink_on(hex_colour), bgcolor=hex_colour, bold=True),
        )
        entry.append(f" {_colour_entry(state, colour)}")
        lines.append(entry)
    return lines


def rgb(hex_colour: str) -> tuple[int, int, int]:
    value = hex_colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


@cache
def mix(hex_colour: str, other: str, amount: float) -> str:
    """`hex_colour` moved `amount` of the way towards `other` (kept: boards draw it often)."""
    a, b = rgb(hex_colour), rgb(other)
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b, strict=True))


def ink_on(hex_colour: str) -> str:
    """Black or white, whichever reads better on `hex_colour`."""
    r, g, b = rgb(hex_colour)
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "white"
