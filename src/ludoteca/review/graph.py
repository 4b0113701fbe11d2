"""The win-probability graph of a review: one line per seat over the game, marks as dots."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludoteca.analysis.figures import _new_figure
from ludoteca.i18n import _
from ludoteca.review.marks import BLUNDER, INACCURACY, MISTAKE
from ludoteca.review.review import Review

if TYPE_CHECKING:
    from matplotlib.figure import Figure

MARK_SIZES = {INACCURACY: 16, MISTAKE: 30, BLUNDER: 50}


def win_graph(review: Review, seats: Sequence[str]) -> Figure:
    """Each seat's win probability before every action and after the last one."""
    figure, (axes,) = _new_figure(height=3.2)
    entries = review.entries
    xs = [*range(len(entries)), len(entries)]
    for seat, name in enumerate(seats):
        ys = [e.before[seat] for e in entries] + [entries[-1].after[seat]]
        (line,) = axes.plot(xs, ys, linewidth=1.3, label=name)
        marked = [e for e in entries if e.seat == seat and e.mark is not None]
        axes.scatter(
            [e.index + 1 for e in marked],
            [e.after[seat] for e in marked],
            s=[MARK_SIZES[e.mark] for e in marked if e.mark is not None],
            color=line.get_color(),
            edgecolors="black",
            linewidths=0.6,
            zorder=3,
        )
    axes.set_ylim(0, 1)
    axes.set_xlim(0, len(entries))
    axes.set_xlabel(_("action"))
    axes.set_ylabel(_("win probability"))
    axes.legend(loc="upper left", fontsize="small", ncols=min(len(seats), 4))
    return figure
