"""The lettered grid of the top floor: how a person names a placement ("place C4").

The grid covers the top floor's bounding box, one point every `grid_pitch` mm (the action
grid): letters from the left (A, B, ... Z, then AA, AB, ...), numbers from the front (1, 2, ...).
The terminal draws it over the top view; the notation reads and writes it.
"""

from __future__ import annotations

import math
import re
import string
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludoteca.games.villa.parts import load_parts, nearest_cell

if TYPE_CHECKING:
    from ludoteca.games.villa.game import VillaState

LABEL = re.compile(r"^(?P<letters>[a-z]{1,2})(?P<number>\d{1,2})$")


def letters(index: int) -> str:
    """0 -> "A", 25 -> "Z", 26 -> "AA"."""
    upper = string.ascii_uppercase
    return upper[index] if index < 26 else upper[index // 26 - 1] + upper[index % 26]


def letter_index(text: str) -> int:
    upper = text.upper()
    if len(upper) == 1:
        return string.ascii_uppercase.index(upper)
    return (string.ascii_uppercase.index(upper[0]) + 1) * 26 + string.ascii_uppercase.index(
        upper[1]
    )


@dataclass(frozen=True)
class TopGrid:
    """Grid points (in pitch units) from `left` to `left + width - 1` and from `front` back."""

    left: int
    front: int
    width: int
    depth: int

    @classmethod
    def of(cls, state: VillaState) -> TopGrid | None:
        """The grid over the top floor, or None before the villa is set up."""
        villa = state.villa
        if not villa.floors:
            return None
        pitch = load_parts().pitch
        left, front, right, back = villa.outline(villa.top - 1).bounds
        i0, j0 = math.ceil(left / pitch), math.ceil(front / pitch)
        i1, j1 = math.floor(right / pitch), math.floor(back / pitch)
        return cls(i0, j0, i1 - i0 + 1, j1 - j0 + 1)

    def label(self, x: float, y: float) -> str | None:
        """ "C4" for the grid point (x, y) mm, None off the grid."""
        pitch = load_parts().pitch
        i, j = round(x / pitch) - self.left, round(y / pitch) - self.front
        if not (0 <= i < self.width and 0 <= j < self.depth):
            return None
        return f"{letters(i)}{j + 1}"

    def cell(self, label: str) -> int | None:
        """The action grid's cell of a label like "c4" (None if it is no label of this grid)."""
        match = LABEL.match(label.strip().lower())
        if not match:
            return None
        i, j = letter_index(match["letters"]), int(match["number"]) - 1
        if not (0 <= i < self.width and 0 <= j < self.depth):
            return None
        pitch = load_parts().pitch
        return nearest_cell((self.left + i) * pitch, (self.front + j) * pitch)
