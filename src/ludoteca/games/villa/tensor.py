"""A fixed-shape numpy observation of a Villa Paletti position (for learning agents).

A flat float32 vector in [0, 1], seen from one seat. Seats are rotated so that "me" is seat +0;
the four colours are ordered as the seats own them (mine first, then seat +1's, ..., the
neutral colour last), and the 20 columns follow that order (colour slot j's columns are
5j..5j+4: three thin, the hexagonal, the thick). Which real colour sits in each slot is
encoded too. Positions (mm) are scaled from [-R, R] to [0, 1] with R the base plate's radius
plus the largest hand error, so a slipped column still fits. Everything is public.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ludoteca.core.bounds import MAX_ACTIONS, Bounds
from ludoteca.core.slots import describe_groups, flat_shape
from ludoteca.games.villa.constants import (
    FLOOR_BASE,
    MAX_HAND_ERROR,
    PERMUTATIONS,
    PHASES,
    PULL_KINDS,
)
from ludoteca.games.villa.game import VillaGame, VillaState
from ludoteca.games.villa.hands import DIRECTIONS, PULL_OUTCOMES
from ludoteca.games.villa.layouts import COLUMNS, LAYOUTS
from ludoteca.games.villa.parts import cell_xy, load_parts
from ludoteca.games.villa.structure import HAND

Tensor = npt.NDArray[np.float32]
COLOURS = 4
PER_COLOUR = COLUMNS // COLOURS
SEAT_ROLES = {
    "turn": "whose turn it is",
    "mover": "the seat acting now",
    "declarer": "the declarer",
    "asked": "the seat asked whether it protests",
    "protester": "the protester",
    "holder": "the seal's holder",
    "previous": "the seal's previous holder",
    "culprit": "the seat that brought the villa down",
}
"""Seats named by the position (state attribute: meaning), each one-hot by seat +k."""


def _levels() -> int:
    """Column levels 0 (the base plate) .. one per floor."""
    return len(load_parts().floors) + 1


def _column_width() -> int:
    return _levels() + 2 + 2 + 1 + COLUMNS


def _floor_width() -> int:
    return 1 + 2 + load_parts().turns


def _groups(game: VillaGame) -> list[tuple[int, str]]:
    """(width, meaning) of each slot group, in order."""
    parts = load_parts()
    n = game.num_players
    levels = _levels()
    groups: list[tuple[int, str]] = []
    width = _column_width()
    layout = (
        f"level 0-{levels - 1} one-hot (0 the base plate) at +0-{levels - 1}, in a hand"
        f" +{levels}, out of the game +{levels + 1}, x and y scaled to [0, 1] (0 when not in"
        f" the villa) +{levels + 2}-{levels + 3}, frozen (noticed) +{levels + 4}, stands on"
        f" column +c at +{levels + 5}+c (all 0 on a floor)"
    )
    for slot in range(COLUMNS):
        name = f"column +{slot} (colour slot {slot // PER_COLOUR}, kind {slot % PER_COLOUR + 1})"
        groups.append((width, f"{name}: {layout}" if slot == 0 else f"{name}: as column +0"))
    for index, floor in enumerate(parts.floors):
        groups += [
            (1, f"floor {index} ({floor.name}) is laid"),
            (2, f"floor {index} ({floor.name}) centroid x, y scaled to [0, 1]"),
            (parts.turns, f"floor {index} ({floor.name}) turned t * {parts.turn_degrees} deg"),
        ]
    groups.append((COLOURS * COLOURS, "colour slot j is real colour c (4j + c, parts.json order)"))
    groups.append((len(PHASES), f"phase {'/'.join(PHASES)} (one-hot)"))
    groups += [
        (n, f"{meaning}: seat +k (one-hot; all 0: nobody)") for meaning in SEAT_ROLES.values()
    ]
    groups += [
        (COLUMNS, "the column being pulled or placed, column +c (one-hot)"),
        (len(PULL_KINDS), f"that pull is a {'/'.join(PULL_KINDS)} pull (one-hot)"),
        (3, "a landing is pending; the chosen grid point's x, y scaled to [0, 1]"),
        (n, "seat +k still owes a neutral move (three players)"),
        (1, "declarations in a row that laid no floor / players"),
        (COLUMNS, "the last pull's column, column +c (one-hot)"),
        (len(PULL_OUTCOMES), f"the last pull's outcome {'/'.join(PULL_OUTCOMES)} (one-hot)"),
    ]
    return groups


@lru_cache(maxsize=32)
def shape(game: VillaGame) -> tuple[int, ...]:
    return flat_shape(_groups(game))


def describe(game: VillaGame) -> list[str]:
    """The slot groups of `encode`, in order, with their inclusive slot ranges."""
    return describe_groups(_groups(game))


def _reach() -> float:
    """Coordinates (mm) run from -reach to reach: the base plate plus the largest slip."""
    return load_parts().base_radius + MAX_HAND_ERROR


def encode(state: VillaState, seat: int) -> Tensor:
    """`state` as `seat` sees it (everything is public), in the layout of `describe`."""
    game = state.game
    state._check_seat(seat)
    n = game.num_players
    parts = load_parts()
    levels = _levels()
    out = np.zeros(shape(game), dtype=np.float32)
    seats = [(seat + k) % n for k in range(n)]
    colour_order = [c for s in seats for c in state.colours[s]]
    colour_order += [state.neutral] if state.neutral >= 0 else []
    slot_of_colour = {colour: j for j, colour in enumerate(colour_order)}

    def slot(column: int) -> int:
        return slot_of_colour[column // PER_COLOUR] * PER_COLOUR + column % PER_COLOUR

    reach = _reach()

    def scale(value: float) -> float:
        """A coordinate in [0, 1] (clipped with the whole vector at the end)."""
        return (value + reach) / (2 * reach)

    villa = state.villa
    width = _column_width()
    for column, level in enumerate(villa.level):
        base = slot(column) * width
        if level >= 0:
            out[base + level] = 1.0
            out[base + levels + 2] = scale(villa.x[column])
            out[base + levels + 3] = scale(villa.y[column])
        else:
            out[base + levels + (0 if level == HAND else 1)] = 1.0
        out[base + levels + 4] = float(state.frozen[column])
        if villa.on[column] >= 0:
            out[base + levels + 5 + slot(villa.on[column])] = 1.0
    at = COLUMNS * width
    for spot in villa.floors:
        out[at] = 1.0
        out[at + 1] = scale(spot.x)
        out[at + 2] = scale(spot.y)
        out[at + 3 + spot.turn] = 1.0
        at += _floor_width()
    at = COLUMNS * width + len(parts.floors) * _floor_width()
    for j, colour in enumerate(colour_order):
        out[at + COLOURS * j + colour] = 1.0
    at += COLOURS * COLOURS
    out[at + state.phase] = 1.0
    at += len(PHASES)
    for role in SEAT_ROLES:
        who: int = getattr(state, role)
        if who >= 0:
            out[at + (who - seat) % n] = 1.0
        at += n
    if state.pulled >= 0:
        out[at + slot(state.pulled)] = 1.0
        out[at + COLUMNS + state.pull_kind] = 1.0
    at += COLUMNS + len(PULL_KINDS)
    if state.cell >= 0:
        x, y = cell_xy(state.cell)
        out[at : at + 3] = (1.0, scale(x), scale(y))
    at += 3
    for player, owes in enumerate(state.owes_neutral):
        out[at + (player - seat) % n] = float(owes)
    at += n
    out[at] = min(state.idle, n) / n
    at += 1
    if state.last_column >= 0:
        out[at + slot(state.last_column)] = 1.0
        out[at + COLUMNS + state.last_outcome] = 1.0
    return np.clip(out, 0.0, 1.0, out=out)


def bounds(game: VillaGame) -> Bounds:
    """The RL interfaces' sizes: floors are laid as FLOOR_BASE + turn * cells + cell, by far
    the largest ids; chance is a layout, a seating, a pull's outcome or its direction. A game
    can go on for ever, so it is capped."""
    actions = FLOOR_BASE + game.parts.turns * game.cells
    chance = max(LAYOUTS, len(PERMUTATIONS), len(PULL_OUTCOMES), len(DIRECTIONS))
    return Bounds(actions, chance, MAX_ACTIONS, capped=True)
