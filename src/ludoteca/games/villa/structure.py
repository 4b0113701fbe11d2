"""The villa as a physical structure, and the static model that decides whether it stands.

Levels: level 0 is the base plate (grondplaat); level k is the upper face of floor k-1, so the
blue floor (floor 0) rests on columns of level 0 and the top floor's columns have level
`len(floors)`. On the red floor a column may also stand on another column (`on`).

The model (static equilibrium of rigid bodies on a flat support): a floor stands when the
combined centre of mass of the floor and everything it carries (its columns, the floors above
and their columns) lies inside the convex hull of its contact areas with the columns under it.
The *margin* is the signed distance (mm) from that centre of mass to the hull's edge, positive
inside; a column stacked on another column is judged the same way on the top of the lower one.
The villa stands when every margin is positive.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import shapely  # type: ignore[import-untyped,unused-ignore]
from shapely.geometry import Point  # type: ignore[import-untyped,unused-ignore]
from shapely.geometry.base import BaseGeometry  # type: ignore[import-untyped,unused-ignore]

from ludoteca.games.villa.parts import ColumnKind, Parts, grid, load_parts, turned_floor

OUT = -1
"""Level of a column that has left the game."""
HAND = -2
"""Level of a column being moved (taken out, not yet placed)."""
FALLEN = -1e9
"""The margin of a floor with nothing under it."""


@dataclass(frozen=True)
class FloorSpot:
    """Where a floor lies: its centroid's point (mm) and its turn (steps of 15 degrees)."""

    x: float
    y: float
    turn: int


@dataclass
class Villa:
    """Floors placed so far and the 20 columns: level, position and what each stands on."""

    floors: list[FloorSpot] = field(default_factory=list)
    level: list[int] = field(default_factory=list)
    x: list[float] = field(default_factory=list)
    y: list[float] = field(default_factory=list)
    on: list[int] = field(default_factory=list)

    @property
    def parts(self) -> Parts:
        return load_parts()

    @property
    def top(self) -> int:
        """The level of the top floor's upper face (where pulled columns go)."""
        return len(self.floors)

    def clone(self) -> Villa:
        return Villa(list(self.floors), self.level[:], self.x[:], self.y[:], self.on[:])

    def kind(self, column: int) -> ColumnKind:
        return self.parts.kind_of(column)

    def outline(self, floor: int) -> BaseGeometry:
        """Floor `floor` as it lies in the villa."""
        spot = self.floors[floor]
        return self.parts.floors[floor].placed(spot.x, spot.y, spot.turn)

    def standing(self) -> list[int]:
        """Columns in the villa (not out of the game, not in a hand)."""
        return [c for c, level in enumerate(self.level) if level >= 0]

    def on_level(self, level: int) -> list[int]:
        return [c for c, lv in enumerate(self.level) if lv == level]

    def _under(self, floor: int, column: int) -> bool:
        """Whether `column` (standing on level `floor`) is covered by floor `floor`."""
        outline = self.outline(floor)
        return bool(shapely.contains_xy(outline, self.x[column], self.y[column]))

    def supports(self, floor: int) -> list[int]:
        """The columns floor `floor` rests on: those of its level that it covers."""
        return [c for c in self.on_level(floor) if self.on[c] < 0 and self._under(floor, c)]

    # -- the static model -----------------------------------------------------------------------
    def margins(self) -> list[float]:
        """One margin per floor (blue first), then one per stacked column."""
        result = [
            _signed(hull, mx / total, my / total) for total, mx, my, hull in self._floor_loads()
        ]
        for column in self.standing():
            below = self.on[column]
            if below >= 0:
                contact = (
                    self.kind(column)
                    .footprint(self.x[column], self.y[column])
                    .intersection(self.kind(below).footprint(self.x[below], self.y[below]))
                )
                result.append(signed_distance(contact, self.x[column], self.y[column]))
        return result

    def _floor_loads(self) -> list[tuple[float, float, float, BaseGeometry | None]]:
        """Per floor: the mass it and its load weigh, their moments (g mm) and its support
        hull (None when nothing is under it)."""
        parts = self.parts
        standing = self.standing()
        mass = np.array([self.kind(c).mass for c in standing])
        xs = np.array([self.x[c] for c in standing])
        ys = np.array([self.y[c] for c in standing])
        levels = np.array([self.level[c] for c in standing])
        loads = []
        for floor in range(len(self.floors)):
            carried = levels > floor
            total = float(mass[carried].sum())
            mx = float((mass[carried] * xs[carried]).sum())
            my = float((mass[carried] * ys[carried]).sum())
            for above in range(floor, len(self.floors)):
                spot = self.floors[above]
                weight = parts.floors[above].mass
                total += weight
                mx += weight * spot.x
                my += weight * spot.y
            loads.append((total, mx, my, self._hull(self.supports(floor))))
        return loads

    def margins_with_load(self, mass: float, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """The smallest floor margin once a mass stands at each (x, y) of the top floor."""
        worst = np.full(len(xs), np.inf)
        for total, mx, my, hull in self._floor_loads():
            cx = (mx + mass * xs) / (total + mass)
            cy = (my + mass * ys) / (total + mass)
            if hull is None:
                return np.full(len(xs), FALLEN)
            edge = shapely.distance(hull.boundary, shapely.points(cx, cy))
            inside = shapely.contains_xy(hull, cx, cy)
            worst = np.minimum(worst, np.where(inside, edge, -edge))
        return worst

    def margin(self) -> float:
        """The smallest margin: how far the weakest part is from tipping (mm)."""
        return min(self.margins(), default=float("inf"))

    def stands(self) -> bool:
        return self.margin() > 0

    def _hull(self, supports: list[int]) -> BaseGeometry | None:
        """The convex hull of the supports' footprints: where a floor's weight may act."""
        if not supports:
            return None
        corners = np.concatenate(
            [np.add(self.kind(c).outline, (self.x[c], self.y[c])) for c in supports]
        )
        return shapely.convex_hull(shapely.multipoints(corners))

    def margin_without(self, column: int) -> float:
        """The margin once `column` is taken out (what a player pulling it risks)."""
        trial = self.clone()
        trial.level[column] = HAND
        return trial.margin()

    # -- where a column may go ------------------------------------------------------------------
    def fits(self, column: int, x: float, y: float) -> int | None:
        """How `column` may stand at (x, y) on the top floor: -1 on the floor, the id of the
        column it is stacked on (red floor only), or None where it may not stand."""
        return _first(self._fit_masks(column, np.array([x]), np.array([y])))

    def place_cells(self, column: int) -> list[int]:
        """Grid points where `column` may be stood on the top floor.

        Remembered per geometry: a review asks it for the same villa under every colour
        permutation and every alternative of a decision (24 times per layout at the start).
        """
        key = (column, tuple(self.floors), tuple(self.level), tuple(self.x), tuple(self.y),
               tuple(self.on))  # fmt: skip
        known = _PLACE_CELLS.get(key)
        if known is None:
            if len(_PLACE_CELLS) >= PLACE_CELLS_KEPT:
                _PLACE_CELLS.clear()
            known = _PLACE_CELLS[key] = self._place_cells(column)
        return list(known)

    def _place_cells(self, column: int) -> list[int]:
        xs, ys = grid()
        on_floor, stacks = self._fit_masks(column, xs, ys)
        legal = on_floor.copy()
        for mask in stacks.values():
            legal |= mask
        return [int(c) for c in np.flatnonzero(legal)]

    def _fit_masks(
        self, column: int, xs: np.ndarray, ys: np.ndarray
    ) -> tuple[np.ndarray, dict[int, np.ndarray]]:
        """Points where `column` fits wholly on the top floor without touching another column,
        and, per column it could stand on (red floor only), the points on that column's top."""
        top = self.top
        radius = self.kind(column).radius
        inside = turned_floor(top - 1, self.floors[-1].turn, -radius)
        spot = self.floors[-1]
        on_floor = shapely.contains_xy(inside, xs - spot.x, ys - spot.y)
        stacks: dict[int, np.ndarray] = {}
        here = [c for c in self.on_level(top) if c != column]
        lower = [c for c in here if self.on[c] < 0]
        for other in lower:
            reach = radius + self.kind(other).radius
            on_floor &= np.hypot(xs - self.x[other], ys - self.y[other]) >= reach
        if top < len(self.parts.floors):
            return on_floor, stacks
        stacked = [c for c in here if self.on[c] >= 0]
        for base in lower:
            if base in self.on:
                continue
            room = np.hypot(xs - self.x[base], ys - self.y[base]) < self.kind(base).inner_radius
            for other in stacked:
                reach = radius + self.kind(other).radius
                room &= np.hypot(xs - self.x[other], ys - self.y[other]) >= reach
            stacks[base] = room
        return on_floor, stacks

    # -- where the next floor may go ------------------------------------------------------------
    def floor_spots(self) -> list[tuple[int, int]]:
        """(turn, cell) pairs where the next floor may be laid: over the base plate, resting on
        at least 3 columns of the top floor, covering each of them wholly or not at all."""
        parts = self.parts
        floor = len(self.floors)
        if floor >= len(parts.floors):
            return []
        columns = self.on_level(floor)
        if len(columns) < 3:
            return []
        xs, ys = grid()
        spots = []
        for turn in range(parts.turns):
            corners = np.array(turned_floor(floor, turn, 0.0).exterior.coords)
            far = np.hypot(xs[:, None] + corners[:, 0], ys[:, None] + corners[:, 1]).max(axis=1)
            ok = far <= parts.base_radius
            covered = np.zeros(len(xs), dtype=int)
            for column in columns:
                radius = self.kind(column).radius
                cx, cy = self.x[column], self.y[column]
                whole = shapely.contains_xy(turned_floor(floor, turn, -radius), cx - xs, cy - ys)
                near = shapely.contains_xy(turned_floor(floor, turn, radius), cx - xs, cy - ys)
                ok &= whole | ~near
                covered += whole
            ok &= covered >= 3
            spots += [(turn, int(cell)) for cell in np.flatnonzero(ok)]
        return spots


PLACE_CELLS_KEPT = 20_000
"""Geometries whose place cells are remembered (a few MB; the memo starts over when full)."""
_PLACE_CELLS: dict[tuple[object, ...], list[int]] = {}


def _signed(hull: BaseGeometry | None, x: float, y: float) -> float:
    return FALLEN if hull is None else signed_distance(hull, x, y)


def signed_distance(region: BaseGeometry, x: float, y: float) -> float:
    """Distance (mm) from (x, y) to the edge of `region`: positive inside, negative outside."""
    if region.is_empty:
        return FALLEN
    point = Point(x, y)
    edge = region.boundary.distance(point)
    return float(edge if region.contains(point) else -edge)


def _first(masks: tuple[np.ndarray, dict[int, np.ndarray]]) -> int | None:
    on_floor, stacks = masks
    if on_floor[0]:
        return -1
    for base, mask in stacks.items():
        if mask[0]:
            return base
    return None
