"""The hands: how a pull and a placement go, as chance events driven by the physics.

Pulling a column (wegnemen) ends one of three ways, with odds that depend only on the margin m
(mm) the villa would have once the column is out (see `Villa.margin_without`):

- out: the column comes out cleanly. Impossible when m <= 0 (the villa could not stand without
  it); otherwise `OUT_SHARE(m) = 1 / (1 + exp(-(m - OUT_MID) / OUT_WIDTH))`;
- collapse: the hand shakes the villa down. `COLLAPSE_PEAK * exp(-(m / COLLAPSE_WIDTH)^2)`:
  most likely right at the edge, negligible a few mm away on either side;
- noticed: the player feels it would topple and puts it back (the column is frozen): the rest.

Outcomes under `NEGLIGIBLE` are dropped and the rest renormalised, so a safe pull is a single
sure outcome. With m = 6 mm a pull is out for sure; at m = 2 mm it is out half the time; below
zero it is almost always noticed. `docs_plot` draws these curves for the rules page.

Placing: the column lands at the chosen point plus an offset of `hand_error_mm` in one of four
directions (each `SLIP` likely) or exactly (the rest); offsets that would put it where it may not
stand are left out (a careful hand never puts a column over an edge) and the rest renormalised.
"""

from __future__ import annotations

import math
from pathlib import Path

OUT, NOTICED, COLLAPSE = 0, 1, 2
PULL_OUTCOMES = ("out", "noticed", "collapse")

OUT_MID = 2.0
OUT_WIDTH = 0.75
COLLAPSE_PEAK = 0.25
COLLAPSE_WIDTH = 1.5
NEGLIGIBLE = 0.01
SLIP = 0.125
DIRECTIONS = ((0, 0), (1, 0), (0, 1), (-1, 0), (0, -1))
"""Placement offsets in units of `hand_error_mm`: exact, then right, back, left, front."""


def pull_odds(margin: float) -> list[tuple[int, float]]:
    """(outcome, probability) of pulling a column that leaves the villa with `margin` mm."""
    collapse = COLLAPSE_PEAK * math.exp(-((margin / COLLAPSE_WIDTH) ** 2))
    out = 0.0
    if margin > 0:
        out = (1 - collapse) / (1 + math.exp(-(margin - OUT_MID) / OUT_WIDTH))
    raw = [(OUT, out), (NOTICED, 1 - out - collapse), (COLLAPSE, collapse)]
    kept = [(outcome, p) for outcome, p in raw if p >= NEGLIGIBLE]
    total = sum(p for _, p in kept)
    return [(outcome, p / total) for outcome, p in kept]


def steady_pull(margin: float) -> int:
    """`hands=steady`: out exactly when the villa stands without the column, else noticed."""
    return OUT if margin > 0 else NOTICED


def landing_odds(possible: list[bool]) -> list[tuple[int, float]]:
    """(direction, probability) over the `DIRECTIONS` whose landing point is allowed."""
    weights = [(d, (1 - 4 * SLIP) if d == 0 else SLIP) for d, ok in enumerate(possible) if ok]
    total = sum(w for _, w in weights)
    return [(d, w / total) for d, w in weights]


def docs_plot(path: str | Path) -> Path:
    """Draw the pull odds against the margin (the picture on the rules page)."""
    # matplotlib is the `analysis` extra, needed only to draw the rules page's picture.
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "villa"  # the same file on every run
    import matplotlib.pyplot as plt  # after `use("Agg")`: no display needed

    margins = [i / 20 for i in range(-120, 201)]
    curves = {name: [0.0] * len(margins) for name in PULL_OUTCOMES}
    for i, margin in enumerate(margins):
        for outcome, p in pull_odds(margin):
            curves[PULL_OUTCOMES[outcome]][i] = p
    figure, axes = plt.subplots(figsize=(7, 3.6))
    for (name, values), colour in zip(
        curves.items(), ("#2a9d4b", "#3d6fc4", "#cf3b32"), strict=True
    ):
        axes.plot(margins, values, label=name, color=colour, linewidth=2)
    axes.axvline(0, color="#888888", linewidth=1, linestyle="--")
    axes.set_xlabel("margin after the pull (mm)")
    axes.set_ylabel("probability")
    axes.set_title("Villa Paletti: how a pull ends")
    axes.legend(loc="center right")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    target = Path(path)
    figure.savefig(target, format="svg", metadata={"Date": None})
    plt.close(figure)
    return target
