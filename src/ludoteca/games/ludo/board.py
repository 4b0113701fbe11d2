"""The Mens erger je niet boards (4 and 6 colours), loaded from `board.json`.

The engine needs only the track length, the colours and where each colour enters; the
renderers (text and SVG) draw from the coordinates in the same file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

Point = tuple[float, float]


@dataclass(frozen=True)
class Board:
    """One board: its track loop, and per colour four goal and four reserve circles."""

    size: int
    colours: tuple[str, ...]
    track_length: int
    entry_spacing: int
    track: tuple[Point, ...]
    goal: tuple[tuple[Point, ...], ...]
    reserve: tuple[tuple[Point, ...], ...]
    colour_hex: dict[str, str]

    def entry(self, colour: int) -> int:
        """Track circle A of `colour` (circle 10·k on the four-colour board)."""
        return colour * self.entry_spacing


@cache
def load_board(size: int) -> Board:
    raw = json.loads(resources.files(__package__).joinpath("board.json").read_text("utf-8"))
    data = raw["boards"][str(size)]

    def points(items: list[list[float]]) -> tuple[Point, ...]:
        return tuple((float(x), float(y)) for x, y in items)

    return Board(
        size=size,
        colours=tuple(data["colours"]),
        track_length=data["track_length"],
        entry_spacing=data["entry_spacing"],
        track=points(data["track"]),
        goal=tuple(points(g) for g in data["goal"]),
        reserve=tuple(points(r) for r in data["reserve"]),
        colour_hex=dict(raw["colour_hex"]),
    )
