"""Bremer Stadtmusikanten in text: the plain board behind `str(state)` and a coloured Rich board.

Both are drawn from the coordinates in `board.json` (the same data as the SVG). Each field is a
cell `NN·dhcr`: its name, a mark (`*` start field, `=` bridge, `^` house), then four slots for
the donkey, dog, cat and rooster standing there, each the animal's colour letter or `.`.
The robber's field shows `<RB>` in its slots. Fields side by side on a ring are linked; the
links between the rings (and the bridges) are listed under the board, since a grid of cells
cannot show which neighbours are joined.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ludoteca.games.bremen.board import Board, load_board
from ludoteca.games.bremen.constants import COLOUR_LETTERS, OVER, R_FACE, START, colour_of, size_of
from ludoteca.games.bremen.describe import describe_action, player_name
from ludoteca.i18n import N_, _

if TYPE_CHECKING:
    from ludoteca.games.bremen.game import BremenState

MARKS = {"start": "*", "bridge": "=", "house": "^", "road": " ", "forest": " "}
EMPTY = "."
ROBBER_SLOTS = "<RB>"
CELL = 8
"""Characters per cell: two for the name, one mark, four slots, one space."""


@cache
def layout() -> tuple[dict[int, tuple[int, int]], int, int]:
    """Each field's (column, row) on the text grid, and the grid's size."""
    board = load_board()
    xs = sorted({x for x, _ in board.points})
    ys = sorted({y for _, y in board.points})
    cells = {f: (xs.index(x), ys.index(y)) for f, (x, y) in enumerate(board.points)}
    return cells, len(xs), len(ys)


def slots(state: BremenState, field: int) -> str:
    """Four characters: the colour letter of the donkey, dog, cat and rooster on `field`."""
    if field == state.robber:
        return ROBBER_SLOTS
    shown = [EMPTY] * 4
    for animal in state.stacks[field]:
        shown[4 - size_of(animal)] = COLOUR_LETTERS[colour_of(animal)]
    return "".join(shown)


def _cell(board: Board, state: BremenState, field: int) -> str:
    return f"{board.names[field]:>2}{MARKS[board.kinds[field]]}{slots(state, field)} "


def _grid(state: BremenState) -> list[list[int | None]]:
    cells, columns, rows = layout()
    grid: list[list[int | None]] = [[None] * columns for _ in range(rows)]
    for field, (column, row) in cells.items():
        grid[row][column] = field
    return grid


def dice_text(state: BremenState) -> str:
    """The dice in words: "5 and 3", "5 and R"."""
    plain, rdie = state.dice
    if not plain:
        return "-"
    return _("{plain} and {robber_die}").format(
        plain=plain, robber_die="R" if rdie == R_FACE else rdie
    )


PHASE_WORDS = (
    N_("drawing who begins"),
    N_("rolling"),
    N_("moving the robber"),
    N_("moving"),
    N_("game over"),
)
"""The game's `PHASES` as people read them, in the same order."""

KIND_WORDS = (N_("donkey"), N_("dog"), N_("cat"), N_("rooster"))
"""The game's `KINDS` (the slots of a field, in order) as people read them."""


def seat_text(state: BremenState, seat: int) -> str:
    """The seat by its colours: "Red", or "Red & Yellow"."""
    return player_name(state.game, seat)


def status_lines(state: BremenState) -> list[str]:
    """Whose turn, the dice and what is left of them, and the scores."""
    scores = "   ".join(f"{seat_text(state, s)}: {p}" for s, p in enumerate(state.scores))
    if state.phase == OVER:
        head = _("Game over: {name} wins").format(name=seat_text(state, state.winner))
    elif state.phase == START:
        head = _("Drawing the seat that begins")
    else:
        head = "   ".join(
            [
                _("Turn: {name}").format(name=seat_text(state, state.turn)),
                _("Phase: {phase}").format(phase=_(PHASE_WORDS[state.phase])),
                _("Dice: {dice}").format(dice=dice_text(state)),
            ]
        )
        if state.left:
            head += "   " + _("To use: {numbers}").format(numbers=", ".join(map(str, state.left)))
    lines = [head, _("Scores (7 wins): {scores}").format(scores=scores)]
    if state.game.num_players == 3:
        lines.append(_("Green is neutral: its animals move only as foreign animals."))
    return lines


def key() -> str:
    kinds = " ".join(_(word) for word in KIND_WORDS)
    return _(
        "cell = field, mark (* start = bridge ^ house), slots {kinds}; "
        "r b y g colours, . empty, {robber} the robber"
    ).format(kinds=kinds, robber=ROBBER_SLOTS)


def ring_of(board: Board, field: int) -> float:
    """How far out a field lies: the road, the middle ring, the inner ring, a bridge, H."""
    x, y = board.points[field]
    return max(abs(x), abs(y))


def joins() -> str:
    """The rings' links and the bridges in the active language."""
    links, bridges = _joins()
    return _("rings joined at {links}; bridges {bridges}").format(links=links, bridges=bridges)


@cache
def _joins() -> tuple[str, str]:
    """The links between the rings, outside in, then each bridge with the fields it joins."""
    board = load_board()
    names = board.names
    pairs = sorted(
        (-max(ring_of(board, a), ring_of(board, b)), a, b)
        for a in range(board.size)
        for b in board.neighbours[a]
        if ring_of(board, a) > ring_of(board, b)
        and not board.is_bridge(a)
        and not board.is_bridge(b)
    )
    links = " ".join(f"{names[a]}-{names[b]}" for _, a, b in pairs)
    bridges = ", ".join(
        "=".join(names[f] for f in (ends[0], bridge, ends[-1]))
        for bridge in range(board.size)
        if board.is_bridge(bridge)
        for ends in [sorted(board.neighbours[bridge], key=lambda f: -ring_of(board, f))]
    )
    return links, bridges


def render_text(state: BremenState) -> str:
    """The board in plain text, then the links between the rings, the key and the status."""
    board = state.game.board
    lines = [
        "".join(_cell(board, state, f) if f is not None else " " * CELL for f in row).rstrip()
        for row in _grid(state)
    ]
    return "\n".join([*lines, "", joins(), key(), *status_lines(state)])


# -- Rich ------------------------------------------------------------------------------------
def render_rich(state: BremenState, marks: Mapping[int, str] | None = None) -> RenderableType:
    """The board in colour (each animal a letter on its colour) beside the status lines, with
    the links between the rings and the key below it.

    Moves are listed by the terminal with their notation; `marks` are not drawn on the board,
    since one animal usually has several destinations.
    """
    board = state.game.board
    rows = Text("\n").join(_rich_row(state, board, row) for row in _grid(state))
    side = Table.grid()
    side.add_column()
    for line in status_lines(state):
        side.add_row(Text(line))
    table = Table.grid(padding=(0, 3))
    table.add_column(no_wrap=True)
    table.add_column()
    table.add_row(rows, side)
    return Group(table, Text(joins(), style=Style(dim=True)), Text(key(), style=Style(dim=True)))


def _rich_row(state: BremenState, board: Board, row: list[int | None]) -> Text:
    text = Text(no_wrap=True)
    for field in row:
        if field is None:
            text.append(" " * CELL)
            continue
        kind = board.kinds[field]
        name_style = Style(dim=kind == "road", bold=kind != "road")
        text.append(f"{board.names[field]:>2}{MARKS[kind]}", name_style)
        if field == state.robber:
            text.append(ROBBER_SLOTS, Style(color="white", bgcolor="black", bold=True))
        else:
            shown = slots(state, field)
            for letter in shown:
                if letter == EMPTY:
                    text.append(letter, Style(dim=True))
                else:
                    hex_colour = board.colour_hex[board.colours[COLOUR_LETTERS.index(letter)]]
                    text.append(letter.upper(), Style(color="black", bgcolor=hex_colour))
        text.append(" ")
    return text


# -- hooks for the terminal ------------------------------------------------------------------
def side_label(state: BremenState) -> str:
    """Who is to act (also at the roll): the seat's colours, e.g. "red & yellow"."""
    if state.phase in (START, OVER):
        return _("chance") if state.phase == START else ""
    return player_name(state.game, state.turn)


def describe_chance(state: BremenState, action: int) -> str:
    """A roll in words, the seats named by their colours ("Red rolls 5 and 3"), or who begins."""
    names = [player_name(state.game, seat) for seat in range(state.game.num_players)]
    return describe_action(state, action, names)
