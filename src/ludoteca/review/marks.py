"""Marks for decisions by the win probability they lose, and a rating from the average loss.

The thresholds are in win probability lost by the mover (0.05 = five percentage points), in the
spirit of lichess's inaccuracy / mistake / blunder. They are lower than lichess's because these
are multi-player dice games: at a table of four a seat's chance is often near 25%, and a move
that gives away five points of it matters.
"""

from __future__ import annotations

import math

from ludoteca.i18n import N_

INACCURACY = N_("inaccuracy")
MISTAKE = N_("mistake")
BLUNDER = N_("blunder")
THRESHOLDS: tuple[tuple[float, str], ...] = ((0.15, BLUNDER), (0.07, MISTAKE), (0.03, INACCURACY))
"""(smallest loss, mark), worst first."""
MARKS = (INACCURACY, MISTAKE, BLUNDER)
EQUAL = 1e-9
"""Moves whose values differ by less than this are equivalent (a choice among them is forced)."""
ACCURACY_SCALE = 10.0


def mark(loss: float) -> str | None:
    """The mark of a decision that lost `loss` win probability, or None when it is not marked."""
    for threshold, name in THRESHOLDS:
        if loss >= threshold:
            return name
    return None


def accuracy(average_loss: float) -> float:
    """A 0-100 rating: 100 * exp(-10 * average loss); 100 for best play, ~74 at 0.03 a move."""
    return 100.0 * math.exp(-ACCURACY_SCALE * average_loss)
