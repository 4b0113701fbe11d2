"""A Villa Paletti position as JSON, and back: the form tests use to set up any position.

Columns are named by colour letter and number: W1-W3 are white's thin round columns, W4 its
hexagonal one, W5 its thick round one (K black, P purple, C cyan). A column missing from
"columns" has left the game; "level" is 0 for the base plate, k for the top of floor k-1
(blue is floor 0), "hand" for the column being moved, "out" once it has left the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.api import JSON
from ludoteca.core.errors import StateFormatError
from ludoteca.games.villa.constants import PHASES, PULL_KINDS
from ludoteca.games.villa.hands import PULL_OUTCOMES
from ludoteca.games.villa.layouts import COLUMNS
from ludoteca.games.villa.structure import HAND, OUT, FloorSpot, Villa

if TYPE_CHECKING:
    from ludoteca.games.villa.game import VillaGame, VillaState

LETTERS = {"white": "W", "black": "K", "purple": "P", "cyan": "C"}
PER_COLOUR = 5


def column_name(column: int) -> str:
    colour = tuple(LETTERS.values())[column // PER_COLOUR]
    return f"{colour}{column % PER_COLOUR + 1}"


def column_id(name: str) -> int:
    """The id of a column named like "W4" (case does not matter); ValueError if none."""
    text = name.strip().upper()
    letters = tuple(LETTERS.values())
    if len(text) != 2 or text[0] not in letters or text[1] not in "12345":
        raise ValueError(f"{name!r} is no column: write a colour letter (W K P C) and 1-5")
    return letters.index(text[0]) * PER_COLOUR + int(text[1]) - 1


def _seat(value: int) -> int | None:
    return value if value >= 0 else None


def position_json(state: VillaState) -> JSON:
    game = state.game
    colours = game.parts.colours
    return {
        "phase": PHASES[state.phase],
        "turn": state.turn,
        "mover": state.mover,
        "colours": [[colours[c] for c in seat] for seat in state.colours],
        "neutral": colours[state.neutral] if state.neutral >= 0 else None,
        "floors": [
            {"floor": game.parts.floors[i].name, "x": spot.x, "y": spot.y, "turn": spot.turn}
            for i, spot in enumerate(state.villa.floors)
        ],
        "columns": _columns_json(state),
        "seal": {"holder": _seat(state.holder), "previous": _seat(state.previous)},
        "declarer": _seat(state.declarer),
        "asked": _seat(state.asked),
        "protester": _seat(state.protester),
        "pulled": column_name(state.pulled) if state.pulled >= 0 else None,
        "pull": PULL_KINDS[state.pull_kind] if state.pulled >= 0 else None,
        "cell": state.cell if state.cell >= 0 else None,
        "owes_neutral": list(state.owes_neutral),
        "idle": state.idle,
        "culprit": _seat(state.culprit),
        "last": _last_json(state),
    }


def _columns_json(state: VillaState) -> dict[str, Any]:
    villa = state.villa
    shown: dict[str, Any] = {}
    for column in range(len(villa.level)):
        level = villa.level[column]
        if level == OUT:
            continue
        entry: dict[str, Any] = {"level": "hand" if level == HAND else level}
        if level != HAND:
            entry |= {"x": villa.x[column], "y": villa.y[column]}
        if villa.on[column] >= 0:
            entry["on"] = column_name(villa.on[column])
        if state.frozen[column]:
            entry["frozen"] = True
        shown[column_name(column)] = entry
    return shown


def _last_json(state: VillaState) -> JSON | None:
    if state.last_column < 0:
        return None
    return {"column": column_name(state.last_column), "outcome": PULL_OUTCOMES[state.last_outcome]}


def read_position(state: VillaState, obj: JSON) -> VillaState:
    """Fill `state`, new from `VillaGame._state_from_json`, with the position of `obj` (the game
    then checks that its phase can be reached)."""
    game = state.game
    n = game.num_players
    phase = obj.get("phase", "turn")
    if phase not in PHASES:
        raise StateFormatError(f"phase {phase!r} is not one of {', '.join(PHASES)}")
    state.phase = PHASES.index(phase)
    colours = list(game.parts.colours)
    if "colours" in obj:
        state.colours = [[colours.index(name) for name in seat] for seat in obj["colours"]]
        neutral = obj.get("neutral")
        state.neutral = colours.index(neutral) if neutral is not None else -1
        _check_colours(state.colours, state.neutral, n)
    state.villa = _villa(game, obj) if phase != "setup" else Villa()
    state.frozen = [False] * COLUMNS
    for name, entry in obj.get("columns", {}).items():
        state.frozen[column_id(name)] = bool(entry.get("frozen", False))
    state.turn = _seat_in(obj.get("turn", 0), n, "turn")
    state.mover = _seat_in(obj.get("mover", state.turn), n, "mover")
    seal = obj.get("seal", {})
    state.holder = _optional_seat(seal.get("holder"), n, "seal holder")
    state.previous = _optional_seat(seal.get("previous"), n, "previous seal holder")
    state.declarer = _optional_seat(obj.get("declarer"), n, "declarer")
    state.asked = _optional_seat(obj.get("asked"), n, "asked")
    state.protester = _optional_seat(obj.get("protester"), n, "protester")
    state.culprit = _optional_seat(obj.get("culprit"), n, "culprit")
    pulled = obj.get("pulled")
    state.pulled = column_id(pulled) if pulled is not None else -1
    state.pull_kind = PULL_KINDS.index(obj.get("pull") or "turn")
    cell = obj.get("cell")
    state.cell = int(cell) if cell is not None else -1
    owes = obj.get("owes_neutral")
    state.owes_neutral = [bool(v) for v in owes] if owes is not None else [state.neutral >= 0] * n
    if len(state.owes_neutral) != n:
        raise StateFormatError(f"owes_neutral needs one entry per seat ({n})")
    state.idle = int(obj.get("idle", 0))
    last = obj.get("last")
    if last is not None:
        state.last_column = column_id(last["column"])
        state.last_outcome = PULL_OUTCOMES.index(last["outcome"])
    if phase == "protest" and state.asked < 0:
        raise StateFormatError("phase 'protest' needs the seat being asked")
    if state.pulled >= 0 and state.villa.level[state.pulled] not in {HAND, *range(6)}:
        raise StateFormatError(f"the column being moved, {pulled}, is not in the villa")
    state._history = [int(a) for a in obj.get("history", [])]
    return state


def _villa(game: VillaGame, obj: JSON) -> Villa:
    names = [f.name for f in game.parts.floors]
    floors = []
    for i, entry in enumerate(obj.get("floors", [])):
        if entry.get("floor", names[i]) != names[i]:
            raise StateFormatError(f"floor {i} is {names[i]}, not {entry.get('floor')!r}")
        floors.append(FloorSpot(float(entry["x"]), float(entry["y"]), int(entry.get("turn", 0))))
    if not floors:
        raise StateFormatError("a villa after the set-up has at least the blue floor")
    villa = Villa(floors, [OUT] * COLUMNS, [0.0] * COLUMNS, [0.0] * COLUMNS, [-1] * COLUMNS)
    for name, entry in obj.get("columns", {}).items():
        column = column_id(name)
        level = entry.get("level", 0)
        if level == "hand":
            villa.level[column] = HAND
            continue
        if level == "out":
            continue
        if not isinstance(level, int) or not 0 <= level <= len(floors):
            raise StateFormatError(f"{name}: level {level!r} is not 0-{len(floors)}")
        villa.level[column] = level
        villa.x[column], villa.y[column] = float(entry["x"]), float(entry["y"])
        if entry.get("on") is not None:
            villa.on[column] = column_id(entry["on"])
    return villa


def _check_colours(colours: list[list[int]], neutral: int, n: int) -> None:
    used = [c for seat in colours for c in seat] + ([neutral] if neutral >= 0 else [])
    if len(colours) != n or sorted(used) != [0, 1, 2, 3]:
        raise StateFormatError(f"colours must give {n} seats the four colours between them")


def _seat_in(value: Any, n: int, what: str) -> int:
    if type(value) is not int or not 0 <= value < n:
        raise StateFormatError(f"{what} {value!r} is not a seat 0-{n - 1}")
    return value


def _optional_seat(value: Any, n: int, what: str) -> int:
    return -1 if value is None else _seat_in(value, n, what)
