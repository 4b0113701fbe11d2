"""The placement grid cut into zones a phone can show large (`zones.py`, issue 14), and the
panel that draws the chosen zone lettered as the notation writes it ("place C4")."""

from __future__ import annotations

import re

from test_villa_render import states_of_a_game

from ludoteca.games.villa.constants import FLOOR, FLOOR_BASE, PLACE, PLACE_BASE
from ludoteca.games.villa.game import VillaState
from ludoteca.games.villa.panel import panel_html
from ludoteca.games.villa.zones import ZONE, point, zones

CELL_TITLE = re.compile(r'data-click="cell:(\d+)"><title>([^<]+)</title>')


def placing_states() -> list[VillaState]:
    return [s for seed in (1, 2) for s in states_of_a_game(seed) if s.phase in {PLACE, FLOOR}]


def test_every_legal_point_lies_in_one_zone_of_at_most_zone_points_each_way() -> None:
    states = placing_states()
    assert any(s.phase == PLACE for s in states)
    for state in states:
        grid = zones(state)
        assert grid is not None
        for region in grid.regions:
            assert 0 < region.width <= ZONE and 0 < region.depth <= ZONE
        assert sum(r.width * r.depth for r in grid.regions) == grid.box.width * grid.box.depth
        base = PLACE_BASE if state.phase == PLACE else FLOOR_BASE
        for action in state.legal_actions():
            i, j = point((action - base) % state.game.cells)
            assert sum(region.holds(i, j) for region in grid.regions) == 1


def test_the_enlarged_grid_names_each_point_as_the_notation_does() -> None:
    """The tooltip of a point in the enlarged grid is the label `place C4` uses."""
    state = next(s for s in placing_states() if s.phase == PLACE)
    panel = panel_html(state, seat=state.current_player(), interactive=True)
    titles = dict(CELL_TITLE.findall(panel))
    assert len(titles) == len(state.legal_actions())
    for cell, title in titles.items():
        notation = state.action_to_string(PLACE_BASE + int(cell))
        assert notation.split()[1] == title, (notation, title)
