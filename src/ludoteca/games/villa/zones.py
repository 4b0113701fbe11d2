"""The placement grid cut into zones a phone can show large (issue 14: tap targets >= 32 px).

The top floor's lettered grid is up to 23 x 24 points 10 mm apart: drawn whole on a phone a
point is about 14 px wide. So where the grid is wider or deeper than `ZONE` points it is cut
into zones of at most `ZONE` x `ZONE` points: a person first taps the zone, which the board
then shows enlarged (40 px a point), and then the point. A grid that fits one zone needs no
zone tap. While a floor is laid, the grid is the box around the floor's legal centroid points.
"""

from __future__ import annotations

import itertools
import math
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludoteca.games.villa.constants import FLOOR, FLOOR_BASE, PLACE
from ludoteca.games.villa.grid import TopGrid
from ludoteca.games.villa.parts import cell_xy, load_parts

if TYPE_CHECKING:
    from ludoteca.games.villa.game import VillaState

ZONE = 8
"""The most grid points a zone spans each way (8 x 40 px fits a 390 px wide phone)."""


@dataclass(frozen=True)
class Region:
    """Grid points `left` .. `left + width - 1` (x / pitch) and `front` .. `front + depth - 1`."""

    left: int
    front: int
    width: int
    depth: int

    def holds(self, i: int, j: int) -> bool:
        return self.left <= i < self.left + self.width and self.front <= j < self.front + self.depth


@dataclass(frozen=True)
class Zones:
    """The grid (`box`) and its zones, row by row from the front; `labelled`: the grid is the
    top floor's lettered grid (placing a column), else points are named in mm (a floor)."""

    box: Region
    regions: tuple[Region, ...]
    labelled: bool

    def of_cell(self, cell: int) -> int:
        """The zone holding the action grid's `cell` (every legal cell is in one)."""
        i, j = point(cell)
        return next(k for k, region in enumerate(self.regions) if region.holds(i, j))


def point(cell: int) -> tuple[int, int]:
    """The grid point (x / pitch, y / pitch) of an action grid cell."""
    pitch = load_parts().pitch
    x, y = cell_xy(cell)
    return round(x / pitch), round(y / pitch)


def _split(start: int, length: int) -> list[tuple[int, int]]:
    """(start, length) of the fewest near-equal pieces of at most `ZONE` points."""
    count = math.ceil(length / ZONE)
    cuts = [start + round(k * length / count) for k in range(count + 1)]
    return [(a, b - a) for a, b in itertools.pairwise(cuts)]


_last: tuple[weakref.ref[VillaState], int, Zones | None] | None = None
"""The newest answer of `zones`: a page asks it once per legal action of the same position."""


def zones(state: VillaState) -> Zones | None:
    """The zones of the grid a person chooses a point on now, or None outside those phases."""
    global _last
    moves, last = len(state.history()), _last  # one read: other threads may replace it
    if last is not None and last[0]() is state and last[1] == moves:
        return last[2]
    found = _zones(state)
    _last = (weakref.ref(state), moves, found)
    return found


def _zones(state: VillaState) -> Zones | None:
    if state.phase == PLACE:
        grid = TopGrid.of(state)
        if grid is None:
            return None
        box = Region(grid.left, grid.front, grid.width, grid.depth)
        labelled = True
    elif state.phase == FLOOR:
        points = [point((a - FLOOR_BASE) % state.game.cells) for a in state.legal_actions()]
        if not points:
            return None
        i0, j0 = min(i for i, _ in points), min(j for _, j in points)
        i1, j1 = max(i for i, _ in points), max(j for _, j in points)
        box = Region(i0, j0, i1 - i0 + 1, j1 - j0 + 1)
        labelled = False
    else:
        return None
    regions = tuple(
        Region(left, front, width, depth)
        for front, depth in _split(box.front, box.depth)
        for left, width in _split(box.left, box.width)
    )
    return Zones(box, regions, labelled)
