"""The random set-up: 20 columns stood at random under where the blue floor goes.

"Alle zuilen worden willekeurig op de grondplaat gezet. Vervolgens wordt de blauwe verdieping
hier bovenop gelegd." The set-up is one chance event with `LAYOUTS` equally likely outcomes;
outcome i is the layout a generator seeded with i draws: the blue floor's turn, then each column
at a uniform point where it stands wholly under the floor without touching another; a layout on
which the blue floor would stand with less than `SETUP_MARGIN` mm is drawn again.
"""

from __future__ import annotations

import random
from functools import lru_cache

import shapely  # type: ignore[import-untyped,unused-ignore]

from ludoteca.games.villa.parts import load_parts, turned_floor
from ludoteca.games.villa.structure import FloorSpot, Villa

LAYOUTS = 1000
SETUP_MARGIN = 8.0
COLUMNS = 20


@lru_cache(maxsize=64)
def _layout(index: int) -> Villa:
    parts = load_parts()
    rng = random.Random(0x5E7_0000 + index)
    while True:
        turn = rng.randrange(parts.turns)
        middle = shapely.minimum_bounding_circle(turned_floor(0, turn, 0.0)).centroid
        villa = Villa(floors=[FloorSpot(round(-middle.x, 1), round(-middle.y, 1), turn)])
        for column in range(COLUMNS):
            _drop(villa, column, rng)
        if villa.margin() >= SETUP_MARGIN:
            return villa


def layout(index: int) -> Villa:
    """Layout `index` (0 <= index < LAYOUTS) as a fresh villa with only the blue floor."""
    return _layout(index).clone()


def _drop(villa: Villa, column: int, rng: random.Random) -> None:
    kind = villa.kind(column)
    spot = villa.floors[0]
    room = turned_floor(0, spot.turn, -kind.radius)
    left, bottom, right, top = room.bounds
    while True:
        x, y = spot.x + rng.uniform(left, right), spot.y + rng.uniform(bottom, top)
        if not shapely.contains_xy(room, x - spot.x, y - spot.y):
            continue
        clear = all(
            (x - villa.x[c]) ** 2 + (y - villa.y[c]) ** 2
            >= (kind.radius + villa.kind(c).radius) ** 2
            for c in range(column)
        )
        if clear:
            villa.level.append(0)
            villa.x.append(round(x, 1))
            villa.y.append(round(y, 1))
            villa.on.append(-1)
            return
