"""Villa Paletti test helpers: build a position from a short description (JSON underneath).

Coordinates are millimetres. The blue floor lies with its centroid on (0, 0), not turned; the
crescent's solid part then covers, among others, the points (-60, 20), (60, 20), (0, -60) and
(50, 10) used by the tests:

        horn            horn          y = +60
          \\  (-60,20) . (60,20) /      y = +20   (the hollow of the crescent is above)
           \\      (0,0)  (50,10)/
            \\______(0,-60)_____/     y = -60
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ludoteca
from ludoteca.games.villa.game import VillaState

Build = Callable[..., VillaState]


def position(
    columns: dict[str, Any],
    *,
    floors: list[tuple[float, float, int]] | None = None,
    players: int = 4,
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> VillaState:
    """A state from `columns` (name -> (level, x, y) or a full entry) and other JSON fields."""
    game = ludoteca.load("villa", players=players, **(options or {}))
    entries = {
        name: (
            value if isinstance(value, dict) else {"level": value[0], "x": value[1], "y": value[2]}
        )
        for name, value in columns.items()
    }
    spots = floors if floors is not None else [(0.0, 0.0, 0)]
    obj = {
        "game": "villa",
        "floors": [{"x": x, "y": y, "turn": turn} for x, y, turn in spots],
        "columns": entries,
        **fields,
    }
    state = game.state_from_json(obj)
    assert isinstance(state, VillaState)
    return state


TRIANGLE = {"W1": (0, -60.0, 20.0), "K1": (0, 60.0, 20.0), "P1": (0, 0.0, -60.0)}
"""Three thin columns under the blue floor; its centre of mass (0, 0) is 26 mm inside."""
OFF_CENTRE = {"W1": (0, -60.0, 20.0), "K1": (0, 60.0, 20.0), "P1": (0, 20.0, -10.0)}
"""The blue floor on three thin columns with (0, 0) 8.31 mm inside (by hand: test_villa_physics)."""
OFF_CENTRE_LOADED = {**OFF_CENTRE, "W5": (1, -60.0, -40.0), "K5": (1, -40.0, -60.0)}
"""The same with two thick columns near its weakest edge: -3.53 mm, it tips."""


FAILED_PROTEST: dict[str, Any] = {
    "W1": (0, -60.0, 20.0),
    "K1": (0, 60.0, 20.0),
    "P1": (0, 0.0, -60.0),
    "K2": (0, 0, -20),
    "W3": (1, -40.0, -20.0),
    "K3": (1, 40.0, -20.0),
    "P3": (1, 0.0, -60.0),
}
"""W1 (seat 0's, white) holds the blue floor up: a protester pulling it is noticed."""


def failed_protest() -> VillaState:
    """Seat 0 declares, seat 1 protests, pulls W1 and is noticed: the penalty is seat 0's to
    take (pull K1 or K2) or decline."""
    from ludoteca.games.villa import hands
    from ludoteca.games.villa.constants import DECLARE, PROTEST
    from ludoteca.games.villa.record import column_id

    state = position(FAILED_PROTEST, options={"hand_error_mm": 0})
    state.apply_action(DECLARE)
    state.apply_action(PROTEST)
    state.apply_action(column_id("W1"))
    state.apply_action(hands.NOTICED)
    return state
