"""Villa Paletti in text: a top view of the top floor, a side view of the villa, the columns.

Both views are drawn from the same data as the SVG (`parts.json` and the state's villa). The top
view has one character pair per 10 mm grid point (the action grid), y upwards; the side view
looks at the villa from the front (x to the right), one character per 5 mm.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import shapely  # type: ignore[import-untyped,unused-ignore]
from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text

from ludoteca.games.villa.game import (
    FLOOR,
    LANDING,
    OVER,
    PENALTY,
    PLACE,
    PLACE_BASE,
    PROTEST_PULL,
    PROTESTING,
    PULLING,
    TURN,
)
from ludoteca.games.villa.grid import TopGrid
from ludoteca.games.villa.grid import letters as grid_letters
from ludoteca.games.villa.hands import PULL_OUTCOMES
from ludoteca.games.villa.parts import cell_xy
from ludoteca.games.villa.record import column_name
from ludoteca.games.villa.villa import HAND

if TYPE_CHECKING:
    from ludoteca.games.villa.game import VillaState

SIDE_MM = 5.0
EMPTY = ". "
LEVEL_NAMES = ("base plate", "blue", "green", "yellow", "orange", "red")


def colour_names(state: VillaState, seat: int) -> str:
    """A seat's colours: "white", or "white & cyan" with two."""
    return " & ".join(state.game.parts.colours[c] for c in state.colours[seat])


def side_label(state: VillaState) -> str:
    """Who acts: the seat's colours (the puller's at a pull or placement chance node)."""
    if state.phase == OVER:
        return "game over"
    if state.phase in {PULLING, LANDING}:
        return colour_names(state, state.mover)
    return colour_names(state, state.current_player())


def describe_chance(state: VillaState, action: int) -> str:
    """A chance outcome in words: "white pulls W4: noticed (frozen)"."""
    notation = state.action_to_string(action)
    if state.phase == PULLING:
        word = {"noticed": "noticed (frozen)", "collapse": "the villa collapses!"}
        outcome = PULL_OUTCOMES[action]
        return f"{side_label(state)} pulls {column_name(state.pulled)}: {word.get(outcome, 'out')}"
    if state.phase == LANDING:
        return f"{column_name(state.pulled)} {notation}"
    return f"set-up: {notation}"


def status_line(state: VillaState) -> str:
    """Whose turn and what is expected, in words."""
    phase = state.phase
    who = f"seat {state.current_player()} ({side_label(state)})"
    if phase == OVER:
        winner = state.winner()
        how = "collapsed" if state.culprit >= 0 else "cannot be built higher"
        won = f"seat {winner} ({colour_names(state, winner)}) wins" if winner >= 0 else "no winner"
        return f"Game over: the villa {how}; {won}"
    if phase == TURN:
        return f"{who} to pull an own column or declare"
    if phase == PLACE:
        return f"{who} to place {column_name(state.pulled)} on the top floor"
    if phase == PROTESTING:
        return f"{who}: protest against seat {state.declarer}'s declaration, or pass?"
    if phase == PROTEST_PULL:
        return f"{who} protests: pull one of seat {state.declarer}'s columns"
    if phase == PENALTY:
        return (
            f"{who}: pull one of protester seat {state.protester}'s columns out of the game,"
            " or decline"
        )
    if phase == FLOOR:
        return f"{who} lays the next floor"
    if phase in {PULLING, LANDING}:
        return f"{side_label(state)} is moving {column_name(state.pulled)}"
    return "Setting up the villa"


def seal_line(state: VillaState) -> str:
    def name(seat: int) -> str:
        return f"seat {seat} ({colour_names(state, seat)})" if seat >= 0 else "nobody"

    points = ", ".join(f"seat {s} {state.points(s)}" for s in range(state.game.num_players))
    return f"Seal: {name(state.holder)}, previous {name(state.previous)}   Points: {points}"


# -- the top view ------------------------------------------------------------------------------
def top_view(state: VillaState, marks: Mapping[int, str] | None = None) -> list[str]:
    """The top floor from above on its lettered grid (`grid.py`), one character pair per grid
    point: columns by name, "+" where the column in hand may be placed ("place C4")."""
    villa = state.villa
    grid = TopGrid.of(state)
    if grid is None:
        return []
    outline = villa.outline(villa.top - 1)
    pitch = state.game.parts.pitch
    names = {}
    for column in villa.on_level(villa.top):
        key = (round(villa.x[column] / pitch), round(villa.y[column] / pitch))
        names[key] = column_name(column)
    open_cells = set()
    if state.phase == PLACE:
        open_cells = {
            (round(x / pitch), round(y / pitch))
            for x, y in (cell_xy(a - PLACE_BASE) for a in state.legal_actions())
        }
    header = "   " + "".join(f"{grid_letters(i):<2}" for i in range(grid.width))
    rows = [header.rstrip()]
    for j in range(grid.depth - 1, -1, -1):
        row = ""
        for i in range(grid.width):
            key = (grid.left + i, grid.front + j)
            if key in names:
                row += names[key]
            elif key in open_cells:
                row += "+ "
            elif shapely.contains_xy(outline, key[0] * pitch, key[1] * pitch):
                row += EMPTY
            else:
                row += "  "
        rows.append(f"{j + 1:>2} {row.rstrip()}")
    return rows


# -- the side view -----------------------------------------------------------------------------
def side_view(state: VillaState) -> list[str]:
    """The villa from the front: floors as bars of their initial, columns as their letter."""
    villa = state.villa
    radius = state.game.parts.base_radius
    width = int(2 * radius / SIDE_MM) + 1

    def at(x: float) -> int:
        return min(max(round((x + radius) / SIDE_MM), 0), width - 1)

    rows = []
    for level in range(villa.top, -1, -1):
        if level < villa.top:
            bar = [" "] * width
            left, _, right, _ = villa.outline(level).bounds
            for i in range(at(left), at(right) + 1):
                bar[i] = LEVEL_NAMES[level + 1][0].upper()
            rows.append("".join(bar).rstrip())
        line = [" "] * width
        for column in villa.on_level(level):
            letter = column_name(column)[0]
            line[at(villa.x[column])] = "*" if state.frozen[column] else letter
        rows.append("".join(line).rstrip())
    rows.append("#" * width)
    return rows


# -- the columns -------------------------------------------------------------------------------
LEGEND = "Columns: 1-3 thin (1 pt), 4 hexagonal (2 pt), 5 thick (3 pt); * frozen"


def column_rows(state: VillaState) -> list[tuple[str, list[int]]]:
    """(where, columns) from the top floor down to the base plate, in hand and out of the game:
    one short line each, so the whole screen fits 50 rows."""
    villa = state.villa
    rows = [("in hand", [c for c, level in enumerate(villa.level) if level == HAND])]
    rows += [
        (f"on {LEVEL_NAMES[level]}", villa.on_level(level)) for level in range(villa.top, -1, -1)
    ]
    rows.append(("out", [c for c, level in enumerate(villa.level) if level < 0 and level != HAND]))
    return [(where, columns) for where, columns in rows if columns]


def _column_word(state: VillaState, column: int, marks: Mapping[int, str]) -> str:
    frozen = "*" if state.frozen[column] else ""
    mark = f"={marks[column]}" if column in marks else ""
    return f"{column_name(column)}{frozen}{mark}"


def column_lines(state: VillaState, marks: Mapping[int, str] | None = None) -> list[str]:
    """The columns by where they stand (with the menu's numbers as "W4=3"), and the legend."""
    marks = marks or {}
    lines = [
        f"{where:>13}: " + " ".join(_column_word(state, c, marks) for c in columns)
        for where, columns in column_rows(state)
    ]
    return [*lines, LEGEND]


def render_text(state: VillaState) -> str:
    """The whole position in plain text."""
    lines = [status_line(state)]
    if state.villa.floors:
        top = LEVEL_NAMES[state.villa.top]
        lines += [seal_line(state), "", f"Top view ({top} floor, front at the bottom):"]
        lines += top_view(state)
        lines += ["", "Side view (from the front):", *side_view(state), "", *column_lines(state)]
    return "\n".join(lines)


# -- Rich ------------------------------------------------------------------------------------------
def render_rich(state: VillaState, marks: Mapping[int, str] | None = None) -> RenderableType:
    """The same views in colour; `marks` (action -> label) are shown beside the columns."""
    parts = state.game.parts
    marks = marks or {}
    villa = state.villa
    if not villa.floors:  # the set-up has not been drawn yet
        return Text(status_line(state), style="bold")
    columns = Text()
    for where, placed in column_rows(state):
        columns.append(f"{where:>13}: ")
        for column in placed:
            colour = parts.column_colours[parts.colours[state.colour_of(column)]]
            columns.append(column_name(column), style=Style(color=colour, bold=True))
            columns.append("*" if state.frozen[column] else "")
            if column in marks:
                columns.append(f"={marks[column]}", style="bold reverse")
            columns.append(" ")
        columns.append("\n")
    columns.append(LEGEND, style="dim")
    top = LEVEL_NAMES[villa.top]
    return Group(
        Text(status_line(state), style="bold"),
        Text(seal_line(state)),
        Text(f"Top view ({top} floor, front at the bottom):", style="italic"),
        Text("\n".join(top_view(state)), no_wrap=True),
        Text("Side view (from the front):", style="italic"),
        Text("\n".join(side_view(state)), no_wrap=True),
        columns,
    )
