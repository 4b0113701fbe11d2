"""The parts of the box as data: base plate, five floors and the columns, from `parts.json`.

Lengths are millimetres, masses grams (the units are stated in the file). A floor is the union
of convex pieces (the physics check in MuJoCo builds it from the same pieces); the loader moves
each floor's local origin to its centroid, so placing a floor means putting its centroid on a
point and turning it about that point. Engine, text and SVG renderers all read this module.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np
import shapely  # type: ignore[import-untyped,unused-ignore]
from shapely import affinity  # type: ignore[import-untyped,unused-ignore]
from shapely.geometry import Polygon  # type: ignore[import-untyped,unused-ignore]
from shapely.geometry.base import BaseGeometry  # type: ignore[import-untyped,unused-ignore]

Xy = tuple[float, float]


@dataclass(frozen=True)
class ColumnKind:
    """A column shape (zuil): thin round, hexagonal or thick round, with its points."""

    name: str
    shape: str
    radius: float
    """Circumradius: the radius of a round column, the corner distance of a hexagonal one."""
    value: int
    mass: float
    outline: tuple[Xy, ...]
    """The footprint's corners around its centre (a 24-gon for a round column)."""

    @property
    def inner_radius(self) -> float:
        """The largest circle inside the footprint (what a column stacked on it may use)."""
        return self.radius * (math.sqrt(3) / 2 if self.shape == "hexagon" else 1.0)

    def footprint(self, x: float, y: float) -> Polygon:
        return Polygon([(x + dx, y + dy) for dx, dy in self.outline])


@dataclass(frozen=True)
class FloorShape:
    """One floor (verdieping): convex pieces around its centroid, its area and mass."""

    name: str
    colour: str
    pieces: tuple[tuple[Xy, ...], ...]
    area: float
    mass: float

    @property
    def polygon(self) -> BaseGeometry:
        return _union(self.pieces)

    def placed(self, x: float, y: float, turn: int) -> BaseGeometry:
        """The floor's outline with its centroid on (x, y), turned `turn` steps anticlockwise."""
        return _placed(self.name, x, y, turn)


@dataclass(frozen=True)
class Parts:
    """Everything in the box, with the grid of placement points used by the actions."""

    density: float
    base_radius: float
    base_thickness: float
    floor_thickness: float
    column_height: float
    pitch: float
    turn_degrees: int
    kinds: dict[str, ColumnKind]
    column_kinds: tuple[str, ...]
    column_colours: dict[str, str]
    floors: tuple[FloorShape, ...]

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(self.column_colours)

    @property
    def turns(self) -> int:
        """How many floor turns the action grid offers (24 for 15-degree steps)."""
        return 360 // self.turn_degrees

    def kind_of(self, column: int) -> ColumnKind:
        """Columns are numbered colour by colour: 5k..5k+4 are colour k's thin, hex and thick."""
        return self.kinds[self.column_kinds[column % len(self.column_kinds)]]


@cache
def load_parts() -> Parts:
    raw = json.loads(resources.files(__package__).joinpath("parts.json").read_text("utf-8"))
    density = float(raw["wood_density_g_per_mm3"])
    height = float(raw["column_height"])
    thickness = float(raw["floor_thickness"])
    kinds = {
        name: _column_kind(name, spec, height, density)
        for name, spec in raw["column_kinds"].items()
    }
    floors = []
    for name in raw["floor_order"]:
        pieces = [
            tuple((float(x), float(y)) for x, y in piece) for piece in raw["floors"][name]["pieces"]
        ]
        union = _union(tuple(pieces))
        cx, cy = union.centroid.x, union.centroid.y
        centred = tuple(tuple((x - cx, y - cy) for x, y in piece) for piece in pieces)
        floors.append(
            FloorShape(
                name=name,
                colour=raw["floor_colours"][name],
                pieces=centred,
                area=union.area,
                mass=union.area * thickness * density,
            )
        )
    return Parts(
        density=density,
        base_radius=float(raw["base_plate"]["radius"]),
        base_thickness=float(raw["base_plate"]["thickness"]),
        floor_thickness=thickness,
        column_height=height,
        pitch=float(raw["grid_pitch"]),
        turn_degrees=int(raw["floor_turn_step_degrees"]),
        kinds=kinds,
        column_kinds=tuple(raw["columns_per_colour"]),
        column_colours=dict(raw["column_colours"]),
        floors=tuple(floors),
    )


def _column_kind(name: str, spec: dict[str, object], height: float, density: float) -> ColumnKind:
    radius = float(spec["radius"])  # type: ignore[arg-type]
    corners = 6 if spec["shape"] == "hexagon" else 24
    outline = tuple(
        (radius * math.cos(2 * math.pi * i / corners), radius * math.sin(2 * math.pi * i / corners))
        for i in range(corners)
    )
    area = Polygon(outline).area if corners == 6 else math.pi * radius**2
    return ColumnKind(
        name=name,
        shape=str(spec["shape"]),
        radius=radius,
        value=int(spec["value"]),  # type: ignore[call-overload]
        mass=area * height * density,
        outline=outline,
    )


@cache
def _union(pieces: tuple[tuple[Xy, ...], ...]) -> BaseGeometry:
    return shapely.union_all([Polygon(piece) for piece in pieces])


@cache
def _placed(name: str, x: float, y: float, turn: int) -> BaseGeometry:
    parts = load_parts()
    shape = next(f for f in parts.floors if f.name == name)
    turned = affinity.rotate(shape.polygon, turn * parts.turn_degrees, origin=(0, 0))
    placed = affinity.translate(turned, x, y)
    shapely.prepare(placed)
    return placed


@cache
def turned_floor(index: int, turn: int, grow: float) -> BaseGeometry:
    """Floor `index` turned about its centroid (at the origin), grown or shrunk by `grow` mm."""
    parts = load_parts()
    turned = affinity.rotate(parts.floors[index].polygon, turn * parts.turn_degrees, origin=(0, 0))
    shaped = turned.buffer(grow, quad_segs=6) if grow else turned
    shapely.prepare(shaped)
    return shaped


# -- the grid of placement points ------------------------------------------------------------
@cache
def grid() -> tuple[np.ndarray, np.ndarray]:
    """The x and y (mm) of every grid point over the base plate, row by row from the front."""
    parts = load_parts()
    steps = int(parts.base_radius // parts.pitch)
    ticks = np.arange(-steps, steps + 1) * parts.pitch
    ys, xs = np.meshgrid(ticks, ticks, indexing="ij")
    xs.setflags(write=False)
    ys.setflags(write=False)
    return xs.ravel(), ys.ravel()


def cell_count() -> int:
    return len(grid()[0])


def cell_xy(cell: int) -> Xy:
    xs, ys = grid()
    return float(xs[cell]), float(ys[cell])


def nearest_cell(x: float, y: float) -> int:
    """The grid point closest to (x, y): how the notation maps an exact point to an action."""
    parts = load_parts()
    steps = int(parts.base_radius // parts.pitch)
    side = 2 * steps + 1
    column = min(max(round(x / parts.pitch) + steps, 0), side - 1)
    row = min(max(round(y / parts.pitch) + steps, 0), side - 1)
    return row * side + column
