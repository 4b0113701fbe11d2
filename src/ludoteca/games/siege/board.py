"""The Belagerung board, loaded from `board.json`, with the move tables the rules need.

A field is numbered `row * 8 + column` (a0 = 0, h6 = 55); the grid is rows 1-6 and row 0 holds
only the knights' start squares. Which fields are castle, moat (the blue "gracht") and crown
fields comes from the data file, which the engine, the solver and both renderers read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

WIDTH = 8
KNIGHT_JUMPS = ((1, 2), (-1, 2), (2, 1), (-2, 1), (1, -2), (-1, -2), (2, -1), (-2, -1))
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
LORD_REACH = 3
"""The lord moves one, two or three fields along a diagonal ("één, twee of drie velden")."""


@dataclass(frozen=True)
class Board:
    """The fields and, per field, where each kind of piece may go from it."""

    columns: str
    rows: int
    fields: tuple[int, ...]
    knight_starts: tuple[int, ...]
    castle: frozenset[int]
    moat: frozenset[int]
    crowns: tuple[int, int]
    soldier_starts: tuple[int, ...]
    colours: dict[str, str]
    knight_jumps: tuple[tuple[int, ...], ...]
    soldier_steps: tuple[tuple[tuple[int, bool], ...], ...]
    lord_rays: tuple[tuple[tuple[int, ...], ...], ...]

    def name(self, field: int) -> str:
        """`d6` for field 51."""
        return f"{self.columns[field % WIDTH]}{field // WIDTH}"

    def field(self, name: str) -> int:
        """The number of a field name; ValueError for a name that is not on the board."""
        text = name.strip().lower()
        if len(text) == 2 and text[0] in self.columns and text[1].isdigit():
            number = int(text[1]) * WIDTH + self.columns.index(text[0])
            if number in self.fields:
                return number
        raise ValueError(f"{name!r} is not a field of the board (a1-h6, or b0 d0 e0 g0)")

    def on_grid(self, field: int) -> bool:
        return field >= WIDTH


def _shift(field: int, dx: int, dy: int, rows: int) -> int | None:
    """The field `dx` columns and `dy` rows away, or None off rows 0..rows / columns a-h."""
    x, y = field % WIDTH + dx, field // WIDTH + dy
    return y * WIDTH + x if 0 <= x < WIDTH and 0 <= y <= rows else None


def _knight_jumps(field: int, grid: set[int], castle: frozenset[int], rows: int) -> tuple[int, ...]:
    """Forward jumps (towards row 6); any jump into the castle; inside it, only castle fields."""
    targets = []
    for dx, dy in KNIGHT_JUMPS:
        target = _shift(field, dx, dy, rows)
        if target is None or target not in grid:
            continue
        inside_only = field in castle  # a knight in the castle never leaves it
        if target in castle or (not inside_only and dy > 0):
            targets.append(target)
    return tuple(sorted(targets))


def _soldier_steps(field: int, walkable: set[int], rows: int) -> tuple[tuple[int, bool], ...]:
    """(target, diagonal) for each neighbour a soldier may step to (grid fields, no moat)."""
    steps = []
    for dx, dy in STEPS:
        target = _shift(field, dx, dy, rows)
        if target is not None and target in walkable:
            steps.append((target, dx != 0 and dy != 0))
    return tuple(sorted(steps))


def _lord_rays(field: int, castle: frozenset[int], rows: int) -> tuple[tuple[int, ...], ...]:
    """Per diagonal, the castle fields the lord passes, nearest first (at most three)."""
    if field not in castle:
        return ()
    rays = []
    for dx, dy in DIAGONALS:
        ray = []
        for distance in range(1, LORD_REACH + 1):
            target = _shift(field, dx * distance, dy * distance, rows)
            if target is None or target not in castle:
                break
            ray.append(target)
        if ray:
            rays.append(tuple(ray))
    return tuple(rays)


@cache
def load_board() -> Board:
    raw = json.loads(resources.files(__package__).joinpath("board.json").read_text("utf-8"))
    columns: str = raw["columns"]
    rows: int = raw["rows"]

    def number(name: str) -> int:
        return int(name[1:]) * WIDTH + columns.index(name[0])

    starts = tuple(number(n) for n in raw["knight_starts"])
    grid = set(range(WIDTH, (rows + 1) * WIDTH))
    fields = tuple(sorted(grid | set(starts)))
    castle = frozenset(number(n) for n in raw["castle"])
    moat = frozenset(number(n) for n in raw["moat"])
    walkable = grid - moat
    size = (rows + 1) * WIDTH
    crowns = tuple(number(n) for n in raw["crowns"])
    assert len(crowns) == 2, "the board has two crown fields"
    return Board(
        columns=columns,
        rows=rows,
        fields=fields,
        knight_starts=starts,
        castle=castle,
        moat=moat,
        crowns=(crowns[0], crowns[1]),
        soldier_starts=tuple(number(n) for n in raw["soldier_starts"]),
        colours=dict(raw["colours"]),
        knight_jumps=tuple(
            _knight_jumps(f, grid, castle, rows) if f in fields else () for f in range(size)
        ),
        soldier_steps=tuple(
            _soldier_steps(f, walkable, rows) if f in walkable else () for f in range(size)
        ),
        lord_rays=tuple(_lord_rays(f, castle, rows) for f in range(size)),
    )
