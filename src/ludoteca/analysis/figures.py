"""The report's figures, drawn with matplotlib (Agg) and embedded as inline SVG.

matplotlib is an optional dependency (the `analysis` extra): it is imported only when a figure
is drawn, and its absence is a readable error rather than a traceback.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ludoteca.analysis.summary import Summary
from ludoteca.core.errors import LudotecaError
from ludoteca.i18n import _

if TYPE_CHECKING:
    from matplotlib.figure import Figure  # after `use("Agg")`: no display needed

WIDTH, HEIGHT = 6.4, 3.4


class MissingDependencyError(LudotecaError):
    """An optional package that a command needs is not installed."""


def _new_figure(height: float = HEIGHT, columns: int = 1) -> tuple[Figure, Any]:
    """A figure that needs no display; raises MissingDependencyError without matplotlib."""
    try:
        import matplotlib  # the `analysis` extra: only the commands that draw need it
    except ModuleNotFoundError:
        raise MissingDependencyError(
            "balance reports draw with matplotlib: pip install 'ludoteca[analysis]'"
        ) from None
    matplotlib.use("Agg")
    matplotlib.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "ludoteca"})
    from matplotlib.figure import Figure  # after `use("Agg")`: no display needed

    figure = Figure(figsize=(WIDTH, height), layout="constrained")
    return figure, figure.subplots(1, columns, squeeze=False)[0]


def to_svg(figure: Figure) -> str:
    """The figure as an `<svg>` element (no XML prolog), reproducible from run to run."""
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def save_png(figure: Figure, path: Path) -> None:
    figure.savefig(path, format="png", dpi=110, metadata={"Software": None})


def win_rates(summary: Summary, title: str) -> Figure:
    """Bars of each seat's win rate (and the draws) with their 95% intervals."""
    figure, (axes,) = _new_figure()
    rates = [*summary.wins, summary.draws]
    labels = [*summary.seats, _("draw / shared")]
    shares = [100 * rate.share for rate in rates]
    below = [100 * (rate.share - rate.interval[0]) for rate in rates]
    above = [100 * (rate.interval[1] - rate.share) for rate in rates]
    colours = ["tab:blue"] * len(summary.wins) + ["tab:gray"]
    axes.bar(labels, shares, yerr=[below, above], capsize=4, color=colours)
    fair = 100 / len(summary.wins)
    axes.axhline(fair, color="black", linewidth=0.8, linestyle="--", label=_("equal chances"))
    axes.set_ylabel(_("games won (%)"))
    axes.set_ylim(0, 100)
    axes.set_title(title)
    axes.legend(loc="upper right")
    axes.tick_params(axis="x", labelrotation=15)
    return figure


def lengths(summary: Summary) -> Figure:
    """Histograms of decisions per game and turns per game."""
    figure, (left, right) = _new_figure(columns=2)
    for axes, values, label in (
        (left, summary.decisions, _("decisions per game")),
        (right, summary.turns, _("turns per game")),
    ):
        axes.hist(values, bins=min(30, max(1, len(set(values)))), color="tab:green")
        axes.set_xlabel(label)
        axes.set_ylabel(_("games"))
    return figure


def scores(name: str, per_seat: Sequence[Sequence[float]], seats: Sequence[str]) -> Figure:
    """Box plots of one final score, one box per seat."""
    figure, (axes,) = _new_figure()
    axes.boxplot([list(values) for values in per_seat], showmeans=True)
    axes.set_xticks(range(1, len(seats) + 1), list(seats))
    axes.set_ylabel(name)
    axes.set_title(_("final {score} by seat").format(score=name))
    axes.tick_params(axis="x", labelrotation=15)
    return figure


def rules(summary: Summary) -> Figure:
    """Horizontal bars: how often each rule fired per 100 decisions."""
    counts = list(reversed(summary.rules))
    figure, (axes,) = _new_figure(height=max(2.0, 0.6 + 0.28 * len(counts)))
    axes.barh([c.name for c in counts], [c.per_100_decisions for c in counts], color="tab:orange")
    axes.set_xlabel(_("times per 100 decisions"))
    return figure


def comparison(option: str, runs: Sequence[tuple[str, Summary]]) -> Figure:
    """Win rate by seat (with 95% intervals) and mean length for each value of `option`."""
    figure, (left, right) = _new_figure(height=3.8, columns=2)
    values = [value for value, _ in runs]
    seats = runs[0][1].seats
    width = 0.8 / len(seats)
    for seat, name in enumerate(seats):
        rates = [summary.wins[seat] for _, summary in runs]
        shares = [100 * rate.share for rate in rates]
        errors = [
            [100 * (r.share - r.interval[0]) for r in rates],
            [100 * (r.interval[1] - r.share) for r in rates],
        ]
        positions = [i + (seat - (len(seats) - 1) / 2) * width for i in range(len(runs))]
        left.bar(positions, shares, width, yerr=errors, capsize=3, label=name)
    left.set_xticks(range(len(runs)), values)
    left.set_ylabel(_("games won (%)"))
    left.set_ylim(0, 100)
    left.set_xlabel(option)
    left.legend(fontsize="small")
    means = [sum(s.decisions) / max(1, len(s.decisions)) for _, s in runs]
    right.bar(values, means, color="tab:green")
    right.set_ylabel(_("mean decisions per game"))
    right.set_xlabel(option)
    for axes in (left, right):
        axes.tick_params(axis="x", labelrotation=15)
    return figure
