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
from ludoteca.games.bremen.game import (
    COLOUR_LETTERS,
    KINDS,
    OVER,
    PHASES,
    R_FACE,
    START,
    colour_of,
    size_of,
)

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
    return f"{plain} and {'R' if rdie == R_FACE else rdie}"


def seat_text(state: BremenState, seat: int) -> str:
    return f"seat {seat} ({state.game.seat_name(seat)})"


def status_lines(state: BremenState) -> list[str]:
    """Whose turn, the dice and what is left of them, and the scores."""
    scores = "   ".join(f"{seat_text(state, s)}: {p}" for s, p in enumerate(state.scores))
    if state.phase == OVER:
        head = f"Game over: {seat_text(state, state.winner)} wins"
    elif state.phase == START:
        head = "Drawing the seat that begins"
    else:
        head = f"Turn: {seat_text(state, state.turn)}   Phase: {PHASES[state.phase]}"
        head += f"   Dice: {dice_text(state)}"
        if state.left:
            head += f"   To use: {', '.join(map(str, state.left))}"
    lines = [head, f"Scores (7 wins): {scores}"]
    if state.game.num_players == 3:
        lines.append("Green is neutral: its animals move only as foreign animals.")
    return lines


def key() -> str:
    kinds = " ".join(KINDS)
    return (
        f"cell = field, mark (* start = bridge ^ house), slots {kinds}; "
        f"r b y g colours, . empty, {ROBBER_SLOTS} the robber"
    )


def ring_of(board: Board, field: int) -> float:
    """How far out a field lies: the road, the middle ring, the inner ring, a bridge, H."""
    x, y = board.points[field]
    return max(abs(x), abs(y))


@cache
def joins() -> str:
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
    return f"rings joined at {links}; bridges {bridges}"


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
        return "chance" if state.phase == START else ""
    return state.game.seat_name(state.turn)


def describe_chance(state: BremenState, action: int) -> str:
    """A roll in words ("red rolls 5 and R: the robber walks 5"), or who begins."""
    if state.phase == START:
        return f"{state.game.seat_name(action)} (seat {action}) begins"
    plain, rdie = divmod(action, 10)
    who = state.game.seat_name(state.turn)
    if rdie == R_FACE:
        return f"{who} rolls {plain} and R: the robber walks {plain}"
    after = state.clone()
    after.apply_action(action)
    lost = " — no move" if after.is_chance_node() and after.turn != state.turn else ""
    return f"{who} rolls {plain} and {rdie}{lost}"
