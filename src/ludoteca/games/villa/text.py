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
from rich.table import Table
from rich.text import Text

from ludoteca.games.villa.game import (
    FLOOR,
    LANDING,
    OVER,
    PENALTY,
    PLACE,
    PROTEST_PULL,
    PROTESTING,
    PULLING,
    TURN,
)
from ludoteca.games.villa.hands import PULL_OUTCOMES
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
    """The top floor from above, one pair of characters per grid point; columns by name."""
    villa = state.villa
    if not villa.floors:
        return []
    outline = villa.outline(villa.top - 1)
    pitch = state.game.parts.pitch
    left, bottom, right, top = (round(v / pitch) for v in outline.bounds)
    names = {}
    for column in villa.on_level(villa.top):
        key = (round(villa.x[column] / pitch), round(villa.y[column] / pitch))
        names[key] = column_name(column)
    rows = []
    for j in range(top, bottom - 1, -1):
        row = ""
        for i in range(left, right + 1):
            if (i, j) in names:
                row += names[(i, j)]
            elif shapely.contains_xy(outline, i * pitch, j * pitch):
                row += EMPTY
            else:
                row += "  "
        rows.append(f"{j * pitch:5.0f} {row.rstrip()}")
    rows.append(f"{'':6}x from {left * pitch:g} to {right * pitch:g} mm")
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
def column_lines(state: VillaState) -> list[str]:
    """Each column with its floor, colour, value and frozen mark; then those out of the game."""
    villa = state.villa
    parts = state.game.parts
    lines = []
    out = []
    for column in range(len(villa.level)):
        level = villa.level[column]
        if level < 0 and level != HAND:
            out.append(column_name(column))
            continue
        kind = parts.kind_of(column)
        colour = parts.colours[state.colour_of(column)]
        where = "in hand" if level == HAND else f"on {LEVEL_NAMES[level]}"
        if villa.on[column] >= 0:
            where += f" (on {column_name(villa.on[column])})"
        frozen = "  frozen" if state.frozen[column] else ""
        lines.append(
            f"{column_name(column)} {colour:6} {kind.name:5} {kind.value}pt  {where}{frozen}"
        )
    if out:
        lines.append("out of the game: " + " ".join(out))
    return lines


def render_text(state: VillaState) -> str:
    """The whole position in plain text."""
    lines = [status_line(state)]
    if state.villa.floors:
        top = LEVEL_NAMES[state.villa.top]
        lines += [seal_line(state), "", f"Top view ({top} floor, y up, 10 mm a point):"]
        lines += top_view(state)
        lines += ["", "Side view (from the front):", *side_view(state), "", *column_lines(state)]
    return "\n".join(lines)


# -- Rich ------------------------------------------------------------------------------------------
def render_rich(state: VillaState, marks: Mapping[int, str] | None = None) -> RenderableType:
    """The same views in colour; `marks` (action -> label) are shown beside the columns."""
    parts = state.game.parts
    marks = marks or {}
    table = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
    for heading in ("", "column", "kind", "pts", "where", ""):
        table.add_column(heading)
    villa = state.villa
    for column in villa.standing() + [c for c, lv in enumerate(villa.level) if lv == HAND]:
        kind = parts.kind_of(column)
        colour = parts.colours[state.colour_of(column)]
        hex_colour = parts.column_colours[colour]
        level = villa.level[column]
        table.add_row(
            Text(marks.get(column, ""), style="bold reverse") if column in marks else "",
            Text(column_name(column), style=Style(color=hex_colour, bold=True)),
            kind.name,
            str(kind.value),
            "in hand" if level == HAND else LEVEL_NAMES[level],
            "frozen" if state.frozen[column] else "",
        )
    if not villa.floors:  # the set-up has not been drawn yet
        return Text(status_line(state), style="bold")
    top = LEVEL_NAMES[villa.top]
    return Group(
        Text(status_line(state), style="bold"),
        Text(seal_line(state)),
        Text(f"Top view ({top} floor, y up, 10 mm a point):", style="italic"),
        Text("\n".join(top_view(state)), no_wrap=True),
        Text("Side view (from the front):", style="italic"),
        Text("\n".join(side_view(state)), no_wrap=True),
        table,
    )
