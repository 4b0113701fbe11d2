"""The static model of Villa Paletti, checked against cases computed by hand, and the hands.

Thin columns have radius 6 mm and are drawn as 24-gons (a corner every 15 degrees), so a hull
edge facing straight up or down lies exactly 6 mm from the column centres; other edges lie
6·cos(δ) out, δ the angle to the nearest corner. The blue floor weighs 137.63 g and its
centre of mass is its centroid, the point it is placed on: (0, 0) in these tests.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from shapely.geometry import Point
from villa_positions import OFF_CENTRE, OFF_CENTRE_LOADED, Build

from ludoteca.games.villa import hands
from ludoteca.games.villa.parts import load_parts
from ludoteca.games.villa.structure import FALLEN

# -- static equilibrium -------------------------------------------------------------------------


def test_floor_on_three_columns_with_its_centre_of_mass_inside(build: Build, triangle: Any) -> None:
    """Ruling: a floor stands when its combined centre of mass lies inside the convex hull of
    its contacts; the margin is the signed distance to the hull's edge.

            W1 (-60,20) ---------- K1 (60,20)      hull top edge at y = 20 + 6 = 26
                    \\    + (0,0)   /
                     \\            /                 margin = 26 mm
                       P1 (0,-60)
    """
    state = build(triangle)
    assert state.villa.margins() == pytest.approx([26.0], abs=1e-6)
    assert state.villa.stands()


def test_floor_on_three_columns_with_its_centre_of_mass_outside(build: Build) -> None:
    """The same floor on W1 (-60,20), K1 (60,20), P1 (50,10): the edge W1-P1 passes above
    (0,0). Its line lies 1600/sqrt(110²+10²) = 14.486 mm from (0,0); the hull is 6·cos(5.19°)
    = 5.975 mm further out, so the centre of mass is 8.51 mm outside: the floor tips."""
    state = build({"W1": (0, -60.0, 20.0), "K1": (0, 60.0, 20.0), "P1": (0, 50.0, 10.0)})
    assert state.villa.margin() == pytest.approx(-(14.486 - 5.975), abs=0.01)
    assert not state.villa.stands()


def test_removing_one_of_three_supports(build: Build, triangle: Any) -> None:
    """Without P1 the floor rests on W1 and K1 only: the hull is the band y in [14, 26] and the
    centre of mass (0,0) lies 14 mm in front of it."""
    state = build(triangle)
    p1 = 10
    assert state.villa.margin_without(p1) == pytest.approx(-14.0, abs=1e-6)
    assert state.villa.margin() == pytest.approx(26.0)  # the trial changed nothing


def test_an_off_centre_load_tips_a_floor(build: Build) -> None:
    """Supports W1 (-60,20), K1 (60,20), P1 (20,-10): the weakest edge W1-P1 has the outward
    normal n = (-30,-80)/85.44, and the hull lies 6·cos(5.56°) = 5.97 mm beyond that line (its
    normal points at -110.56°, the nearest corner at -105°). Bare, the centre of mass (0,0) is
    ((0+60)(-30) + (0-20)(-80))/85.44 = -2.34 mm from the line, inside: margin 5.97 + 2.34 =
    8.31. Two thick columns (15.51 g each) on the blue floor (137.63 g) at (-60,-40) and
    (-40,-60) move the centre of mass to x = y = -100·15.51/(137.63 + 2·15.51) = -9.197, which
    is ((50.803)(-30) + (-29.197)(-80))/85.44 = 9.50 mm beyond the line: margin 5.97 - 9.50 =
    -3.53, it tips. (`test_villa_mujoco` lets MuJoCo judge both villas too.)"""
    masses = (load_parts().floors[0].mass, load_parts().kinds["thick"].mass)
    assert masses == pytest.approx((137.63, 15.51), abs=0.005)  # the figures used above
    bare = build(OFF_CENTRE)
    assert bare.villa.margin() == pytest.approx(8.31, abs=0.01)
    assert bare.villa.stands()
    loaded = build(OFF_CENTRE_LOADED)
    assert loaded.villa.margin() == pytest.approx(-3.53, abs=0.01)
    assert not loaded.villa.stands()


def test_a_floor_with_nothing_under_it_falls(build: Build) -> None:
    state = build({"W1": (1, 0.0, -60.0)})
    assert state.villa.margin() == FALLEN


def test_the_load_of_upper_floors_counts_for_the_floors_below(build: Build) -> None:
    """Ruling: a floor carries everything resting on it, the floors above included: moving the
    green floor's weight changes the blue floor's margin."""
    columns = {
        "W1": (0, -60.0, 20.0),
        "K1": (0, 60.0, 20.0),
        "P1": (0, 0.0, -60.0),
        "W2": (1, -40.0, -20.0),
        "K2": (1, 40.0, -20.0),
        "P2": (1, 0.0, -60.0),
    }
    centred = build(columns, floors=[(0, 0, 0), (0, -30, 0)])
    aside = build(columns, floors=[(0, 0, 0), (10, -40, 0)])
    assert len(centred.villa.margins()) == 2
    assert centred.villa.margins()[0] != pytest.approx(aside.villa.margins()[0])


# -- where columns may stand --------------------------------------------------------------------


def test_columns_stand_only_wholly_on_the_floor(build: Build, triangle: Any) -> None:
    """Ruling: "de zuil moet altijd helemaal op de verdieping staan": a footprint partly over
    the edge is no place for a column."""
    state = build({**triangle, "W5": {"level": "hand"}})
    w5 = 4
    assert state.villa.fits(w5, 0.0, -60.0) == -1
    assert state.villa.fits(w5, 0.0, 5.0) is None  # the hollow of the crescent
    radius = load_parts().kinds["thick"].radius
    outline = state.villa.outline(0)
    for cell_x, cell_y in [(x * 10.0, y * 10.0) for x in range(-15, 16) for y in range(-15, 16)]:
        if state.villa.fits(w5, cell_x, cell_y) == -1:
            assert outline.buffer(-radius + 1e-6).contains(Point(cell_x, cell_y))


def test_columns_may_not_overlap(build: Build, triangle: Any) -> None:
    state = build({**triangle, "W2": (1, 0.0, -60.0), "W3": {"level": "hand"}})
    w3 = 2
    assert state.villa.fits(w3, 0.0, -60.0) is None  # on W2
    assert state.villa.fits(w3, 11.0, -60.0) is None  # 11 mm apart, radii 6 + 6
    assert state.villa.fits(w3, 12.5, -60.0) == -1


FIVE_FLOORS = [(0.0, 0.0, 0), (0.0, -20.0, 0), (0.0, -20.0, 0), (0.0, -20.0, 0), (0.0, -20.0, 0)]


def test_stacking_columns_only_on_the_red_floor(build: Build) -> None:
    """Ruling: only on the red (last) floor may a column stand on top of another column."""
    two = build({"W2": (2, 0.0, -20.0), "W3": {"level": "hand"}}, floors=FIVE_FLOORS[:2])
    assert two.villa.fits(2, 0.0, -20.0) is None
    five = build({"W2": (5, 0.0, -20.0), "W3": {"level": "hand"}}, floors=FIVE_FLOORS)
    assert five.villa.fits(2, 0.0, -20.0) == 1  # on W2
    assert five.villa.fits(2, 4.0, -20.0) == 1  # its centre still on W2's top
    assert five.villa.fits(2, 7.0, -20.0) is None  # off W2's top, yet touching it


def test_a_stacked_column_is_judged_on_the_column_under_it(build: Build) -> None:
    state = build(
        {"W2": (5, 0.0, -20.0), "W3": {"level": 5, "x": 4.0, "y": -20.0, "on": "W2"}},
        floors=FIVE_FLOORS,
    )
    margins = state.villa.margins()
    assert len(margins) == 6
    # W3's centre is 4 mm from W2's centre: 2 mm from the edge of W2's top
    assert margins[-1] == pytest.approx(6 * math.cos(math.radians(7.5)) - 4, abs=0.3)


# -- where the next floor may go ----------------------------------------------------------------
GREEN_BASE = {"W2": (1, -40.0, -20.0), "K2": (1, 40.0, -20.0), "P2": (1, 0.0, -60.0)}


def test_next_floor_rests_on_at_least_three_columns(build: Build) -> None:
    """Ruling: the next floor must rest on at least 3 columns of the current top floor."""
    state = build({**GREEN_BASE})
    spots = state.villa.floor_spots()
    assert spots
    feet = [load_parts().kinds["thin"].footprint(x, y) for _, x, y in GREEN_BASE.values()]
    for turn, cell in spots:
        outline = state.villa.parts.floors[1].placed(*_xy(cell), turn)
        assert sum(outline.contains(foot) for foot in feet) >= 3, (turn, cell)
    two = build({"W2": (1, -40.0, -20.0), "K2": (1, 40.0, -20.0)})
    assert two.villa.floor_spots() == []


def test_next_floor_covers_each_column_wholly_or_not_at_all(build: Build) -> None:
    state = build({**GREEN_BASE, "C1": (1, 100.0, -10.0)})
    for turn, cell in state.villa.floor_spots():
        outline = state.villa.parts.floors[1].placed(*_xy(cell), turn)
        for name, (_, x, y) in {**GREEN_BASE, "C1": (1, 100.0, -10.0)}.items():
            foot = load_parts().kinds["thin"].footprint(x, y)
            assert outline.contains(foot) or not outline.intersects(foot), name


def test_next_floor_lies_wholly_over_the_base_plate(build: Build) -> None:
    state = build({**GREEN_BASE})
    radius = load_parts().base_radius
    for turn, cell in state.villa.floor_spots():
        outline = state.villa.parts.floors[1].placed(*_xy(cell), turn)
        assert max(math.hypot(x, y) for x, y in outline.exterior.coords) <= radius + 1e-9


def _xy(cell: int) -> tuple[float, float]:
    from ludoteca.games.villa.parts import cell_xy

    return cell_xy(cell)


# -- the hands ----------------------------------------------------------------------------------
def test_pull_odds_are_safe_above_a_few_mm() -> None:
    """Ruling: the removal odds are safe above a few mm of margin."""
    assert hands.pull_odds(6.0) == [(hands.OUT, 1.0)]
    assert hands.pull_odds(30.0) == [(hands.OUT, 1.0)]


def test_pull_odds_are_risky_near_zero() -> None:
    """At 2 mm, the ruling's middle of the "out" curve: collapse 0.25·e^-(2/1.5)² = 0.0423,
    out half of the rest, 0.4789, noticed the other half."""
    odds = dict(hands.pull_odds(1.0))
    assert set(odds) == {hands.OUT, hands.NOTICED, hands.COLLAPSE}
    assert odds[hands.COLLAPSE] > 0.1
    at_two = dict(hands.pull_odds(2.0))
    assert at_two[hands.OUT] == pytest.approx(0.4789, abs=1e-4)
    assert at_two[hands.NOTICED] == pytest.approx(0.4789, abs=1e-4)
    assert at_two[hands.COLLAPSE] == pytest.approx(0.0423, abs=1e-4)


def test_pull_odds_are_almost_always_noticed_when_negative() -> None:
    """Ruling: almost always noticed when negative; never out (the villa could not stand)."""
    odds = dict(hands.pull_odds(-1.0))
    assert hands.OUT not in odds
    assert odds[hands.NOTICED] > 0.8
    assert hands.pull_odds(-10.0) == [(hands.NOTICED, 1.0)]


@pytest.mark.parametrize("margin", [-20.0, -2.0, -0.1, 0.0, 0.5, 2.0, 3.5, 8.0])
def test_pull_odds_sum_to_one(margin: float) -> None:
    odds = hands.pull_odds(margin)
    assert sum(p for _, p in odds) == pytest.approx(1.0)
    assert all(p > 0 for _, p in odds)


def test_landing_odds_leave_out_forbidden_points() -> None:
    assert hands.landing_odds([True] * 5) == [
        (0, 0.5),
        (1, 0.125),
        (2, 0.125),
        (3, 0.125),
        (4, 0.125),
    ]
    odds = hands.landing_odds([True, False, True, False, False])
    assert odds == [(0, pytest.approx(0.8)), (2, pytest.approx(0.2))]
    assert hands.steady_pull(0.5) == hands.OUT
    assert hands.steady_pull(-0.5) == hands.NOTICED
