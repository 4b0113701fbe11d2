"""The shape of each seat, so that a thief and its markers never differ by colour alone.

Red is a circle, blue a square, green a triangle and yellow a diamond, on the board (thieves,
markers) and in the panel (the thieves' rows), together with the colour-blind-safe palette.
"""

from __future__ import annotations

SHAPES = ("circle", "square", "triangle", "diamond")
"""The shape of each seat, in seat order."""


def seat_shape(seat: int, r: float, fill: str, stroke: str) -> str:
    """The seat's shape as an SVG element centred on 0,0 with "radius" `r`."""
    paint = f'fill="{fill}" stroke="{stroke}" stroke-width="1.5"'
    shape = SHAPES[seat]
    if shape == "circle":
        return f'<circle r="{r:g}" {paint}/>'
    corners = {
        "square": ((-0.85, -0.85), (0.85, -0.85), (0.85, 0.85), (-0.85, 0.85)),
        "triangle": ((0, -1.15), (1.1, 0.85), (-1.1, 0.85)),
        "diamond": ((0, -1.2), (1.2, 0), (0, 1.2), (-1.2, 0)),
    }[shape]
    points = " ".join(f"{x * r:.3g},{y * r:.3g}" for x, y in corners)
    return f'<polygon points="{points}" {paint}/>'
