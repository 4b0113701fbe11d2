"""The Bremer Stadtmusikanten pieces as SVG artwork: four animal silhouettes and four colours.

Each animal is a side-view silhouette (donkey, dog, cat, rooster), drawn from one path scaled to
its size, filled with its colour's pattern: the colour carries a pattern too
(red plain, blue stripes, yellow dots, green checks) so that colour is never the only cue. The
palette is Okabe and Ito's, which colour-blind players can tell apart. Sizes follow the game:
the donkey is the biggest and carries the others, so a stack reads as a pyramid.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.games.bremen.board import load_board

INK = "#33291f"


@dataclass(frozen=True)
class Shape:
    """One animal's silhouette: its path in a 100-wide box, and its size on the board.

    `width` and `height` are in board units; `back` is how far up (a share of the height) the
    next animal's feet rest on it.
    """

    path: str
    box_height: float
    width: float
    height: float
    back: float


SHAPES = (
    Shape(  # donkey: long ears, long face, a tuft on the tail
        "M16 24Q40 18 66 22L74 9L75 0L80 8L83 1L85 11L97 21L98 28L92 30L84 28L78 38L78 48"
        "L77 70L70 70L68 50L34 50L31 70L24 70L22 47Q14 42 15 32L9 44L5 42L12 27Z",
        70,
        1.25,
        0.78,
        0.55,
    ),
    Shape(  # dog: pointed snout, an ear up, the tail raised
        "M20 27L68 27L73 11L80 4L84 10L92 13L100 18L98 24L86 26L82 33L80 46L80 70L73 70"
        "L71 48L33 48L30 70L23 70L21 45Q15 38 17 30L5 14L9 11Z",
        70,
        0.95,
        0.62,
        0.55,
    ),
    Shape(  # cat: two pointed ears, a tail curled up behind
        "M20 32Q46 24 70 30L74 12L80 21L86 21L92 11L94 27Q96 38 88 42L82 45L81 70L75 70"
        "L73 50L34 50L31 70L25 70L23 46Q15 42 16 36Q5 30 3 15Q3 6 8 8Q10 25 20 32Z",
        70,
        0.78,
        0.52,
        0.56,
    ),
    Shape(  # rooster: a comb, a beak, a tall tail and thin legs
        "M32 40Q22 22 8 10Q22 11 31 24Q26 8 21 2Q38 8 40 31L62 33L64 17L61 12L66 8L69 12"
        "L73 5L77 11L75 17L86 23L76 27L74 37Q76 57 58 61L57 82L65 86L50 86L51 63L46 63"
        "L45 86L36 86L44 82L44 61Q30 57 32 40Z",
        86,
        0.55,
        0.55,
        1.0,
    ),
)
"""Donkey, dog, cat, rooster (the game's kinds 0-3)."""

PALETTE = load_board().colour_hex
"""The players' colours from `board.json`: Okabe and Ito's colour-blind-safe vermillion, blue,
yellow and bluish green."""


def fill_of(colour: str) -> str:
    """The fill of a piece of `colour`: its pattern (plain red is the plain colour)."""
    return PALETTE[colour] if colour == "red" else f"url(#bremen-{colour})"


def defs() -> str:
    """The `<defs>` every board needs: the colour patterns (the same on every board, so two
    boards on one page may share them)."""
    blue, yellow, green = PALETTE["blue"], PALETTE["yellow"], PALETTE["green"]
    patterns = (
        '<pattern id="bremen-blue" width="8" height="8" patternUnits="userSpaceOnUse">'
        f'<rect width="8" height="8" fill="{blue}"/>'
        '<rect y="5" width="8" height="3" fill="#fff" fill-opacity=".55"/></pattern>'
        '<pattern id="bremen-yellow" width="8" height="8" patternUnits="userSpaceOnUse">'
        f'<rect width="8" height="8" fill="{yellow}"/>'
        f'<circle cx="4" cy="4" r="1.9" fill="{INK}" fill-opacity=".7"/></pattern>'
        '<pattern id="bremen-green" width="10" height="10" patternUnits="userSpaceOnUse">'
        f'<rect width="10" height="10" fill="{green}"/>'
        '<rect width="5" height="5" fill="#fff" fill-opacity=".4"/>'
        '<rect x="5" y="5" width="5" height="5" fill="#fff" fill-opacity=".4"/></pattern>'
    )
    return f"<defs>{patterns}</defs>"
