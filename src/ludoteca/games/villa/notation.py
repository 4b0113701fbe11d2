"""Villa Paletti notation: read and write every action.

    pull W4              pull white's hexagonal column (colour letter W K P C, number 1-5)
    place C4             stand the column in hand on point C4 of the top floor's lettered grid
                         (letters from the left, numbers from the front, 10 mm apart; see
                         `grid.py`); "C4" alone while placing; "place C4 on K2": on top of K2.
                         Also read: "place 30,-40" (x, y in mm; the nearest grid point),
                         "place #485" (a cell of the action grid)
    floor 20,-10 r45     lay the next floor, centroid on (20, -10), turned 45 degrees
    declare / protest / pass / decline (the penalty after a failed protest)
Chance outcomes: "layout 17" (the set-up), "colours 5" (the colour draw), "out" / "noticed" /
"collapse" (a pull), "lands" / "slips right|back|left|front" (a placement).
The grid has one point every `grid_pitch` mm (10) over the base plate; floor turns go in steps
of 15 degrees.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ludoteca.core.errors import NotationError
from ludoteca.games.villa.constants import (
    COLOURS,
    DECLARE,
    DECLINE,
    FLOOR,
    FLOOR_BASE,
    LANDING,
    PASS,
    PERMUTATIONS,
    PLACE,
    PLACE_BASE,
    PROTEST,
    PULLING,
    SETUP,
)
from ludoteca.games.villa.grid import TopGrid
from ludoteca.games.villa.grid import letters as grid_letters
from ludoteca.games.villa.hands import PULL_OUTCOMES
from ludoteca.games.villa.layouts import COLUMNS, LAYOUTS
from ludoteca.games.villa.parts import cell_xy, nearest_cell
from ludoteca.games.villa.record import column_id, column_name

if TYPE_CHECKING:
    from ludoteca.games.villa.game import VillaState

SLIPS = ("lands", "slips right", "slips back", "slips left", "slips front")
WORDS = {"declare": DECLARE, "protest": PROTEST, "pass": PASS, "decline": DECLINE}
_NUMBER = r"-?\d+(?:\.\d+)?"
_POINT = re.compile(rf"^(?:place\s+)?(?P<x>{_NUMBER})\s*,\s*(?P<y>{_NUMBER})(?:\s+on\s+\w\w)?$")
_CELL = re.compile(r"^(?:place\s+)?(?:#|cell\s*)(?P<cell>\d+)(?:\s+on\s+\w\w)?$")
_GRID = re.compile(r"^(?:place\s+)?(?P<label>[a-z]{1,2}\d{1,2})(?:\s+on\s+\w\w)?$")
_FLOOR = re.compile(rf"^floor\s+(?P<x>{_NUMBER})\s*,\s*(?P<y>{_NUMBER})\s+r(?P<deg>{_NUMBER})$")


def _mm(value: float) -> str:
    return f"{value:g}"


def action_to_string(state: VillaState, action: int) -> str:
    if type(action) is not int:
        raise NotationError(f"{action!r} is not a villa action")
    chance = _chance_name(state, action)
    if chance is not None:
        return chance
    if 0 <= action < COLUMNS:
        return f"pull {column_name(action)}"
    if action in WORDS.values():
        return next(word for word, value in WORDS.items() if value == action)
    cells = state.game.cells
    if PLACE_BASE <= action < PLACE_BASE + cells:
        x, y = cell_xy(action - PLACE_BASE)
        grid = TopGrid.of(state)
        label = grid.label(x, y) if grid is not None else None
        text = f"place {label}" if label else f"place {_mm(x)},{_mm(y)}"
        if state.pulled >= 0 and state.phase != FLOOR:
            base = state.villa.fits(state.pulled, x, y)
            if base is not None and base >= 0:
                text += f" on {column_name(base)}"
        return text
    if FLOOR_BASE <= action < FLOOR_BASE + cells * state.game.parts.turns:
        turn, cell = divmod(action - FLOOR_BASE, cells)
        x, y = cell_xy(cell)
        return f"floor {_mm(x)},{_mm(y)} r{turn * state.game.parts.turn_degrees}"
    raise NotationError(f"{action} is not a villa action")


def _chance_name(state: VillaState, action: int) -> str | None:
    phase = state.phase
    if phase == SETUP:
        if 0 <= action < LAYOUTS:
            return f"layout {action}"
        raise NotationError(f"a set-up layout is 0-{LAYOUTS - 1}, not {action}")
    if phase == COLOURS:
        if 0 <= action < len(PERMUTATIONS):
            return f"colours {action}"
        raise NotationError(f"a colour draw is 0-{len(PERMUTATIONS) - 1}, not {action}")
    if phase == PULLING:
        if 0 <= action < len(PULL_OUTCOMES):
            return PULL_OUTCOMES[action]
        raise NotationError(f"a pull ends out (0), noticed (1) or collapse (2), not {action}")
    if phase == LANDING:
        if 0 <= action < len(SLIPS):
            return SLIPS[action]
        raise NotationError(f"a placement lands (0) or slips (1-4), not {action}")
    return None


def string_to_action(state: VillaState, text: str) -> int:
    if not isinstance(text, str):
        raise NotationError(f"a move is text, not {type(text).__name__}")
    raw = " ".join(text.strip().lower().split())
    readers = [_read_chance, _read_word, _read_pull, _read_place, _read_floor]
    if state.phase == PLACE:  # "C4" while placing is a grid point, not the cyan column C4
        readers.insert(0, _read_place)
    for reader in readers:
        action = reader(state, raw)
        if action is not None:
            return action
    raise NotationError(
        f"{text!r} is not a villa move: write e.g. 'pull W4', 'place C4', "
        "'floor 20,-10 r45', 'declare', 'protest', 'pass' or 'decline'"
    )


def _read_chance(state: VillaState, raw: str) -> int | None:
    """Outcome words are read only at their own chance node ("out" is no move elsewhere)."""
    phase = state.phase
    if phase == PULLING and raw in PULL_OUTCOMES:
        return PULL_OUTCOMES.index(raw)
    if phase == LANDING and raw in SLIPS:
        return SLIPS.index(raw)
    for prefix, size, at in (("layout ", LAYOUTS, SETUP), ("colours ", len(PERMUTATIONS), COLOURS)):
        number = raw.removeprefix(prefix)
        if phase == at and number != raw and number.isdigit() and int(number) < size:
            return int(number)
    return None


def _read_word(state: VillaState, raw: str) -> int | None:
    return WORDS.get(raw)


def _read_pull(state: VillaState, raw: str) -> int | None:
    name = raw.removeprefix("pull ").strip()
    try:
        return column_id(name)
    except ValueError:
        return None


def _read_place(state: VillaState, raw: str) -> int | None:
    match = _GRID.match(raw)
    grid = TopGrid.of(state)
    if match and grid is not None:
        cell = grid.cell(match["label"])
        if cell is None:
            raise NotationError(
                f"{match['label'].upper()} is not on the top floor's grid: letters "
                f"A-{grid_letters(grid.width - 1)}, numbers 1-{grid.depth}"
            )
        return PLACE_BASE + cell
    match = _CELL.match(raw)
    if match:
        cell = int(match["cell"])
        if cell >= state.game.cells:
            raise NotationError(f"cell {cell}: the grid has cells 0-{state.game.cells - 1}")
        return PLACE_BASE + cell
    match = _POINT.match(raw)
    if match:
        return PLACE_BASE + nearest_cell(float(match["x"]), float(match["y"]))
    return None


def _read_floor(state: VillaState, raw: str) -> int | None:
    match = _FLOOR.match(raw)
    if not match:
        return None
    parts = state.game.parts
    turn = round(float(match["deg"]) / parts.turn_degrees) % parts.turns
    cell = nearest_cell(float(match["x"]), float(match["y"]))
    return FLOOR_BASE + turn * state.game.cells + cell
