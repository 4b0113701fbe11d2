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

from ludoteca.games.villa.constants import (
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
from ludoteca.games.villa.describe import (
    FLOOR_WORDS,
    describe_action,
    seat_name,
)
from ludoteca.games.villa.grid import TopGrid
from ludoteca.games.villa.grid import letters as grid_letters
from ludoteca.games.villa.parts import cell_xy
from ludoteca.games.villa.record import column_name
from ludoteca.games.villa.structure import HAND
from ludoteca.i18n import _

if TYPE_CHECKING:
    from ludoteca.games.villa.game import VillaState

SIDE_MM = 5.0
EMPTY = ". "
LEVEL_NAMES = ("base plate", "blue", "green", "yellow", "orange", "red")


def seat_text(state: VillaState, seat: int) -> str:
    """A seat by its colours once drawn ("White", "Black & Cyan"), before that by number."""
    return seat_name(state, seat)


def side_label(state: VillaState) -> str:
    """Who acts (the puller at a pull or placement chance node), with their colours."""
    if state.phase == OVER:
        return _("game over")
    if state.phase in {PULLING, LANDING}:
        return seat_text(state, state.mover)
    return seat_text(state, state.current_player())


def describe_chance(state: VillaState, action: int) -> str:
    """A chance outcome in the table's words ("The column comes out")."""
    names = [seat_name(state, seat) for seat in range(state.game.num_players)]
    return describe_action(state, action, names)


def status_line(state: VillaState) -> str:
    """Whose turn and what is expected, in words."""
    phase = state.phase
    who = side_label(state)
    column = column_name(state.pulled) if state.pulled >= 0 else ""
    if phase == OVER:
        winner = state.winner()
        if winner < 0:
            return _("Game over: the villa collapsed; no winner")
        if state.culprit >= 0:
            text = _("Game over: the villa collapsed; {name} wins")
        else:
            text = _("Game over: the villa cannot be built higher; {name} wins")
        return text.format(name=seat_text(state, winner))
    if phase == TURN:
        return _("{name} to pull an own column or declare").format(name=who)
    if phase == PLACE:
        return _("{name} to place {column} on the top floor").format(name=who, column=column)
    if phase == PROTESTING:
        return _("{name}: protest against {declarer}'s declaration, or pass?").format(
            name=who, declarer=seat_name(state, state.declarer)
        )
    if phase == PROTEST_PULL:
        return _("{name} protests: pull one of {declarer}'s columns").format(
            name=who, declarer=seat_name(state, state.declarer)
        )
    if phase == PENALTY:
        return _("{name}: pull one of {protester}'s columns out of the game, or decline").format(
            name=who, protester=seat_name(state, state.protester)
        )
    if phase == FLOOR:
        return _("{name} lays the next floor").format(name=who)
    if phase in {PULLING, LANDING}:
        return _("{name} is moving {column}").format(name=who, column=column)
    return _("Setting up the villa")


def seal_line(state: VillaState) -> str:
    """Who holds the builder's seal, who held it before, and everyone's points."""

    def name(seat: int) -> str:
        return seat_text(state, seat) if seat >= 0 else _("nobody")

    points = ", ".join(
        f"{seat_name(state, s)} {state.points(s)}" for s in range(state.game.num_players)
    )
    return _("Seal: {holder}, previous {previous}   Points: {points}").format(
        holder=name(state.holder), previous=name(state.previous), points=points
    )


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
def legend() -> str:
    """What a column's number and the star mean."""
    return _("Columns: 1-3 thin (1 pt), 4 hexagonal (2 pt), 5 thick (3 pt); * frozen")


def column_rows(state: VillaState) -> list[tuple[str, list[int]]]:
    """(where, columns) from the top floor down to the base plate, in hand and out of the game:
    one short line each, so the whole screen fits 50 rows."""
    villa = state.villa
    rows = [(_("in hand"), [c for c, level in enumerate(villa.level) if level == HAND])]
    rows += [(_(FLOOR_WORDS[level]), villa.on_level(level)) for level in range(villa.top, -1, -1)]
    out = [c for c, level in enumerate(villa.level) if level < 0 and level != HAND]
    rows.append((_("out of the game"), out))
    return [(where, columns) for where, columns in rows if columns]


def _column_word(state: VillaState, column: int, marks: Mapping[int, str]) -> str:
    frozen = "*" if state.frozen[column] else ""
    mark = f"={marks[column]}" if column in marks else ""
    return f"{column_name(column)}{frozen}{mark}"


def column_lines(state: VillaState, marks: Mapping[int, str] | None = None) -> list[str]:
    """The columns by where they stand (with the menu's numbers as "W4=3"), and the legend."""
    marks = marks or {}
    rows = column_rows(state)
    width = max((len(where) for where, _columns in rows), default=0)
    lines = [
        f"{where:>{width}}: " + " ".join(_column_word(state, c, marks) for c in columns)
        for where, columns in rows
    ]
    return [*lines, legend()]


def top_title(state: VillaState) -> str:
    return _("Top view ({floor}, front at the bottom):").format(
        floor=_(FLOOR_WORDS[state.villa.top])
    )


def side_title() -> str:
    return _("Side view (from the front):")


def render_text(state: VillaState) -> str:
    """The whole position in plain text."""
    lines = [status_line(state)]
    if state.villa.floors:
        lines += [seal_line(state), "", top_title(state)]
        lines += top_view(state)
        lines += ["", side_title(), *side_view(state), "", *column_lines(state)]
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
    rows = column_rows(state)
    width = max((len(where) for where, _placed in rows), default=0)
    for where, placed in rows:
        columns.append(f"{where:>{width}}: ")
        for column in placed:
            colour = parts.column_colours[parts.colours[state.colour_of(column)]]
            columns.append(column_name(column), style=Style(color=colour, bold=True))
            columns.append("*" if state.frozen[column] else "")
            if column in marks:
                columns.append(f"={marks[column]}", style="bold reverse")
            columns.append(" ")
        columns.append("\n")
    columns.append(legend(), style="dim")
    return Group(
        Text(status_line(state), style="bold"),
        Text(seal_line(state)),
        Text(top_title(state), style="italic"),
        Text("\n".join(top_view(state)), no_wrap=True),
        Text(side_title(), style="italic"),
        Text("\n".join(side_view(state)), no_wrap=True),
        columns,
    )
