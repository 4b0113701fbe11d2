"""What the 3D villa in the browser (`static/board.js`) draws from: the parts and the position.

The parts are the engine's own (`parts.py`, read from `parts.json`): the base plate, each floor
as its convex pieces around its centroid, the column kinds; all in millimetres. The position
gives every floor and column its place and height, the spots where the column in hand may
stand (per placement action) and where the next floor may go (per floor action), so the page
never has to know the rules. Texts come translated into the viewer's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.api import JSON
from ludoteca.games.villa.constants import FLOOR, FLOOR_BASE, OVER, PHASES, PLACE, PLACE_BASE
from ludoteca.games.villa.describe import seat_colours, seat_name
from ludoteca.games.villa.parts import Parts, cell_xy, load_parts
from ludoteca.games.villa.record import column_name
from ludoteca.games.villa.structure import HAND
from ludoteca.i18n import _

if TYPE_CHECKING:
    from ludoteca.games.villa.game import VillaState


def parts_json(parts: Parts) -> JSON:
    """The box's parts as the browser needs them (lengths in mm)."""
    return {
        "base": {"radius": parts.base_radius, "thickness": parts.base_thickness},
        "floor_thickness": parts.floor_thickness,
        "column_height": parts.column_height,
        "kinds": {
            name: {"shape": kind.shape, "radius": kind.radius, "value": kind.value}
            for name, kind in parts.kinds.items()
        },
        "colours": dict(parts.column_colours),
        "floors": [
            {"name": f.name, "colour": f.colour, "pieces": [list(map(list, p)) for p in f.pieces]}
            for f in parts.floors
        ],
    }


def surface(parts: Parts, level: int) -> float:
    """The height (mm above the table) of level `level`: 0 the base plate, k the top of floor
    k-1."""
    return parts.base_thickness + level * (parts.column_height + parts.floor_thickness)


def board_data(state: VillaState) -> JSON:
    """Everything `static/board.js` draws for `state`."""
    parts = load_parts()
    villa = state.villa
    floors = [
        {
            "index": i,
            "x": spot.x,
            "y": spot.y,
            "angle": spot.turn * parts.turn_degrees,
            "z": surface(parts, i) + parts.column_height,
        }
        for i, spot in enumerate(villa.floors)
    ]
    columns = []
    for column, level in enumerate(villa.level):
        if level < 0 and level != HAND:
            continue
        kind = parts.kind_of(column)
        entry: dict[str, Any] = {
            "id": column,
            "name": column_name(column),
            "kind": kind.name,
            "colour": parts.colours[state.colour_of(column)],
            "frozen": state.frozen[column],
            "level": "hand" if level == HAND else level,
        }
        if level != HAND:
            stacked = parts.column_height if villa.on[column] >= 0 else 0.0
            entry |= {"x": villa.x[column], "y": villa.y[column]}
            entry["z"] = surface(parts, level) + stacked
        columns.append(entry)
    return {
        "parts": parts_json(parts),
        "phase": PHASES[state.phase],
        "floors": floors,
        "columns": columns,
        "pulled": state.pulled if state.pulled >= 0 else None,
        "collapsed": state.phase == OVER and state.culprit >= 0,
        "spots": _spots(state),
        "floor_spots": _floor_spots(state),
        "players": [
            {"name": seat_name(state, seat), "colours": seat_colours(state, seat)}
            for seat in range(state.game.num_players)
        ],
        "texts": texts(),
    }


def _spots(state: VillaState) -> dict[int, list[float]]:
    """Placement action -> (x, y, z) where the column in hand would stand."""
    if state.phase != PLACE:
        return {}
    parts = load_parts()
    top = surface(parts, state.villa.top)
    spots = {}
    for action in state.legal_actions():
        x, y = cell_xy(action - PLACE_BASE)
        base = state.villa.fits(state.pulled, x, y)
        spots[action] = [x, y, top + (parts.column_height if base is not None and base >= 0 else 0)]
    return spots


def _floor_spots(state: VillaState) -> dict[int, list[float]]:
    """Floor action -> (x, y, angle in degrees) of the next floor's centroid."""
    if state.phase != FLOOR:
        return {}
    parts = load_parts()
    spots = {}
    for action in state.legal_actions():
        turn, cell = divmod(action - FLOOR_BASE, state.game.cells)
        x, y = cell_xy(cell)
        spots[action] = [x, y, float(turn * parts.turn_degrees)]
    return spots


def texts() -> dict[str, str]:
    """The 3D board's words in the active language."""
    return {
        "pull": _("Tap one of your highlighted columns to pull it."),
        "place": _(
            "Move the column over the top floor (the ring shows where it stands), then confirm."
        ),
        "floor": _("Choose where the new floor goes, turn it, then confirm."),
        "confirm": _("Confirm"),
        "turn_left": _("Turn left"),
        "turn_right": _("Turn right"),
        "declare": _("Declare: I cannot pull"),
        "protest": _("Protest"),
        "pass": _("No protest"),
        "decline": _("Decline the penalty"),
        "flat": _("Flat view"),
        "three_d": _("3D view"),
        "label": _("The villa in 3D: drag to turn it, pinch or scroll to zoom"),
    }
