"""Cross-check of the static model against a rigid-body simulator (MuJoCo).

Each villa is built as bodies in MuJoCo (metres and kilograms): the base plate fixed, every
column and floor free. Round columns are cylinders, hexagonal ones convex prisms, and a floor
is the union of its convex pieces as prisms in one body, all of wood density. The scene is let
settle for `SETTLE_SECONDS`; the villa *stood* when no floor tilted more than `TILT_DEGREES`.
`compare` pairs that verdict with the static one (`Villa.stands`) and the margin.

Contacts are made stiff (solref 2 ms, a 0.5 ms step): with MuJoCo's default softness a floor
loaded near its edge sinks a little on that side, its load leans out, and villas with 1-3 mm
of margin fell in the simulator though a rigid villa stands.

    python -m ludoteca.games.villa.mujoco_check 300     # agreement on 300 random villas

Only this module imports `mujoco` (the `physics` or `test` extra).
"""

from __future__ import annotations

import math
import random
import sys
from dataclasses import dataclass

import mujoco  # type: ignore[import-untyped,unused-ignore]
import numpy as np

from ludoteca.games.villa.layouts import COLUMNS, LAYOUTS, layout
from ludoteca.games.villa.parts import cell_xy, load_parts
from ludoteca.games.villa.structure import HAND, FloorSpot, Villa

SETTLE_SECONDS = 1.0
TIMESTEP = 0.0005
CHECK_EVERY = 100
TILT_DEGREES = 4.0
FRICTION = 0.6
CLEAR = 3.0
"""|margin| (mm) beyond which the two verdicts must agree."""


@dataclass(frozen=True)
class Verdict:
    """One villa judged twice: by the static model and by the simulator."""

    margin: float
    static: bool
    simulated: bool
    tilt: float

    @property
    def agrees(self) -> bool:
        return self.static == self.simulated


def surface_height(level: int) -> float:
    """Height (mm) of level `level`: 0 the base plate's top, k the top of floor k-1."""
    parts = load_parts()
    return level * (parts.column_height + parts.floor_thickness)


def _prism(name: str, corners: list[tuple[float, float]], half: float) -> str:
    vertices = " ".join(
        f"{x / 1000:.6f} {y / 1000:.6f} {z:.6f}" for x, y in corners for z in (-half, half)
    )
    return f'<mesh name="{name}" vertex="{vertices}"/>'


def build_xml(villa: Villa) -> str:
    """The villa as an MJCF model."""
    parts = load_parts()
    density = parts.density * 1e6  # g/mm^3 -> kg/m^3
    height = parts.column_height / 1000
    thickness = parts.floor_thickness / 1000
    meshes = []
    bodies = []
    for c in range(len(villa.level)):
        level = villa.level[c]
        if level < 0:
            continue
        kind = villa.kind(c)
        bottom = surface_height(level) / 1000 + (height if villa.on[c] >= 0 else 0.0)
        position = f"{villa.x[c] / 1000:.6f} {villa.y[c] / 1000:.6f} {bottom + height / 2:.6f}"
        if kind.shape == "hexagon":
            meshes.append(_prism(f"column{c}", list(kind.outline), height / 2))
            geom = f'<geom type="mesh" mesh="column{c}" density="{density}"/>'
        else:
            geom = (
                f'<geom type="cylinder" size="{kind.radius / 1000:.6f} {height / 2:.6f}"'
                f' density="{density}"/>'
            )
        bodies.append(f'<body name="column{c}" pos="{position}"><freejoint/>{geom}</body>')
    for f, spot in enumerate(villa.floors):
        shape = parts.floors[f]
        angle = math.radians(spot.turn * parts.turn_degrees)
        cos, sin = math.cos(angle), math.sin(angle)
        geoms = []
        for p, piece in enumerate(shape.pieces):
            turned = [(x * cos - y * sin, x * sin + y * cos) for x, y in piece]
            meshes.append(_prism(f"floor{f}_{p}", turned, thickness / 2))
            geoms.append(f'<geom type="mesh" mesh="floor{f}_{p}" density="{density}"/>')
        z = (surface_height(f) + parts.column_height + parts.floor_thickness / 2) / 1000
        bodies.append(
            f'<body name="floor{f}" pos="{spot.x / 1000:.6f} {spot.y / 1000:.6f} {z:.6f}">'
            f"<freejoint/>{''.join(geoms)}</body>"
        )
    base = parts.base_radius / 1000
    half = parts.base_thickness / 2000
    return (
        '<mujoco model="villa"><compiler inertiafromgeom="true"/>'
        f'<option timestep="{TIMESTEP}" gravity="0 0 -9.81" cone="elliptic"'
        ' noslip_iterations="2"/>'
        f'<default><geom friction="{FRICTION} 0.005 0.0001" condim="4"'
        ' solref="0.002 1" solimp="0.99 0.999 0.0002"/></default>'
        f"<asset>{''.join(meshes)}</asset><worldbody>"
        f'<geom type="cylinder" size="{base:.6f} {half:.6f}" pos="0 0 {-half:.6f}"/>'
        f"{''.join(bodies)}</worldbody></mujoco>"
    )


def simulate(villa: Villa) -> float:
    """Settle the villa in MuJoCo; the largest tilt (degrees) any floor ends with."""
    model = mujoco.MjModel.from_xml_string(build_xml(villa))
    data = mujoco.MjData(model)
    steps = int(SETTLE_SECONDS / TIMESTEP)
    floors = [model.body(f"floor{f}").id for f in range(len(villa.floors))]
    worst = 0.0
    for step in range(1, steps + 1):
        mujoco.mj_step(model, data)
        if step % CHECK_EVERY == 0 or step == steps:
            worst = max(_tilt(data, body) for body in floors)
            if worst >= TILT_DEGREES:  # it is falling: no need to watch it land
                break
    return worst


def _tilt(data: mujoco.MjData, body: int) -> float:
    """How far (degrees) a body's up axis leans from the vertical."""
    up = data.xmat[body].reshape(3, 3)[:, 2]
    return math.degrees(math.acos(min(1.0, abs(float(up[2])))))


def judge(villa: Villa) -> Verdict:
    tilt = simulate(villa)
    return Verdict(villa.margin(), villa.stands(), tilt < TILT_DEGREES, tilt)


# -- random villas -------------------------------------------------------------------------------
def random_villa(rng: random.Random) -> Villa:
    """A set-up layout with most columns taken away, some of them stood on the blue floor and,
    half the time, a green floor laid on those with a few more columns on it: floors rest on
    few columns and loads sit off centre, so many villas are near the tipping point."""
    villa = layout(rng.randrange(LAYOUTS))
    order = list(range(COLUMNS))
    rng.shuffle(order)
    lifted = order[rng.randint(3, 10) :]
    for column in lifted:
        villa.level[column] = HAND
    upstairs = rng.randint(0, 5)
    for column in lifted[:upstairs]:
        _stand_somewhere(villa, column, rng)
    spots = villa.floor_spots() if rng.random() < 0.5 else []
    if spots:
        turn, cell = rng.choice(spots)
        villa.floors.append(FloorSpot(*cell_xy(cell), turn))
        for column in lifted[upstairs : upstairs + rng.randint(0, 3)]:
            _stand_somewhere(villa, column, rng)
    return villa


def _stand_somewhere(villa: Villa, column: int, rng: random.Random) -> None:
    cells = villa.place_cells(column)
    if not cells:
        return
    x, y = cell_xy(rng.choice(cells))
    base = villa.fits(column, x, y)
    villa.level[column], villa.x[column], villa.y[column] = villa.top, x, y
    villa.on[column] = -1 if base is None else base


def sample_villas(count: int, seed: int = 0, near_share: float = 0.4) -> list[Villa]:
    """`count` random villas, about `near_share` of them near the edge (|margin| <= CLEAR)."""
    rng = random.Random(seed)
    near_wanted = round(count * near_share)
    near: list[Villa] = []
    rest: list[Villa] = []
    while len(near) < near_wanted or len(rest) < count - near_wanted:
        villa = random_villa(rng)
        group, limit = (
            (near, near_wanted) if abs(villa.margin()) <= CLEAR else (rest, count - near_wanted)
        )
        if len(group) < limit:
            group.append(villa)
    return near + rest


def compare(count: int, seed: int = 0) -> list[Verdict]:
    return [judge(villa) for villa in sample_villas(count, seed)]


def summary(verdicts: list[Verdict]) -> str:
    clear = [v for v in verdicts if abs(v.margin) > CLEAR]
    near = [v for v in verdicts if abs(v.margin) <= CLEAR]

    def share(group: list[Verdict]) -> str:
        agree = sum(v.agrees for v in group)
        return f"{agree}/{len(group)}" + (f" ({100 * agree / len(group):.1f}%)" if group else "")

    standing = sum(v.static for v in verdicts)
    return (
        f"{len(verdicts)} villas ({standing} standing by the static model): agreement where"
        f" |margin| > {CLEAR:g} mm: {share(clear)}; near the edge: {share(near)}"
    )


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    verdicts = compare(count)
    print(summary(verdicts))
    for v in verdicts:
        if not v.agrees:
            print(f"  disagree: margin {v.margin:7.2f} mm, tilt {v.tilt:5.1f} deg")
    margins = np.array([v.margin for v in verdicts])
    print(f"margins: {np.percentile(margins, [0, 25, 50, 75, 100]).round(1)}")


if __name__ == "__main__":
    main()
