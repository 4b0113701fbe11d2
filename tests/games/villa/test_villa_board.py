"""The data the 3D villa is drawn from (`board.board_data`): heights from the parts, the spots
of the column in hand per placement action, the next floor's spots per floor action."""

from __future__ import annotations

from villa_positions import Build

from ludoteca.games.villa.board_data import board_data, surface
from ludoteca.games.villa.constants import DECLARE, PASS
from ludoteca.games.villa.parts import cell_xy, load_parts
from ludoteca.games.villa.record import column_id

LOADED = {
    "W1": (0, -60.0, 20.0),
    "K1": (0, 60.0, 20.0),
    "P1": (0, 0.0, -60.0),
    "W2": (0, 0, -20),
    "W5": (0, 30, 0),
    "K3": (1, 40.0, -20.0),
}


def test_heights_follow_the_parts(build: Build) -> None:
    parts = load_parts()
    data = board_data(build(LOADED, options={"hands": "steady"}))
    assert surface(parts, 0) == parts.base_thickness == 10
    assert data["floors"] == [{"index": 0, "x": 0.0, "y": 0.0, "angle": 0, "z": 70.0}]
    k3 = next(c for c in data["columns"] if c["name"] == "K3")
    assert (k3["z"], k3["kind"], k3["colour"]) == (78.0, "thin", "black")
    assert data["spots"] == {} and data["floor_spots"] == {}


def test_every_placement_has_its_spot_on_the_top_floor(build: Build) -> None:
    state = build(LOADED, options={"hands": "steady"})
    state.apply_action(column_id("W5"))
    data = board_data(state)
    assert set(data["spots"]) == set(state.legal_actions())
    for action, (x, y, z) in data["spots"].items():
        assert (x, y) == cell_xy(action - 100) and z == 78.0
    assert next(c for c in data["columns"] if c["name"] == "W5")["level"] == "hand"
    assert data["pulled"] == column_id("W5")


SOLID = {
    "W1": (0, -60.0, 20.0),
    "K1": (0, 60.0, 20.0),
    "P1": (0, 0.0, -60.0),
    "W2": (0, 0, -20),
    "W3": (1, -40.0, -20.0),
    "K3": (1, 40.0, -20.0),
    "P3": (1, 0.0, -60.0),
}
"""Three columns on the blue floor: the green floor can be laid on them."""


def test_every_floor_action_has_its_spot_and_turn(build: Build) -> None:
    state = build(SOLID, options={"hands": "steady"})
    state.apply_action(DECLARE)
    for _ in range(3):
        state.apply_action(PASS)
    data = board_data(state)
    assert data["phase"] == "floor"
    assert set(data["floor_spots"]) == set(state.legal_actions())
    assert {angle % 15 for _x, _y, angle in data["floor_spots"].values()} == {0}
