"""The HTML balance report: one self-contained file, figures inline as SVG, numbers beside them."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from ludoteca.agents import strongest
from ludoteca.analysis import figures
from ludoteca.analysis.run import Analysis, show_value
from ludoteca.analysis.summary import Rate

if TYPE_CHECKING:
    from matplotlib.figure import Figure


@dataclass(frozen=True)
class Spread:
    """Mean, median and range of one per-game quantity, for the tables."""

    mean: float
    median: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        if not values:
            return cls(0.0, 0.0, 0.0, 0.0)
        return cls(statistics.fmean(values), statistics.median(values), min(values), max(values))


def percent(rate: Rate) -> str:
    """`41.0% (35.2-47.0)`: the share and its 95% interval."""
    low, high = rate.interval
    return f"{100 * rate.share:.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def headline(analysis: Analysis) -> str:
    """One sentence answering "who wins?", e.g. how often siege's attacker and defender win."""
    summary = analysis.summary
    agent = analysis.run.agent
    play = "strong play" if agent == strongest(analysis.game) else "self-play"
    parts = [
        f"{_side(name)} wins {percent(rate)}"
        for name, rate in zip(summary.seats, summary.wins, strict=True)
    ]
    parts.append(f"draws or shared wins {percent(summary.draws)}")
    ending = f"; {summary.unfinished} unfinished" if summary.unfinished else ""
    return (
        f"Under {play} ({agent}, {summary.games} games) " + ", ".join(parts) + ending + "."
        " Intervals are 95% Wilson intervals."
    )


def _side(seat: str) -> str:
    """ "seat 0 (attacker)" -> "the attacker"; a seat without a name keeps its number."""
    if "(" in seat:
        return "the " + seat[seat.index("(") + 1 : -1]
    return seat


class _Figures:
    """Turns figures into inline SVG and, when asked, also saves each as a PNG."""

    def __init__(self, prefix: str, directory: Path | None) -> None:
        self.prefix = prefix
        self.directory = directory
        if directory is not None:
            directory.mkdir(parents=True, exist_ok=True)

    def inline(self, name: str, figure: Figure) -> Markup:
        if self.directory is not None:
            figures.save_png(figure, self.directory / f"{self.prefix}-{name}.png")
        return Markup(figures.to_svg(figure))


def render_report(analysis: Analysis, figures_dir: Path | None = None) -> str:
    """The report's HTML."""
    summary = analysis.summary
    game = analysis.game
    draw = _Figures(game.id, figures_dir)
    win_title = f"{game.title}: {analysis.run.agent} in every seat, {summary.games} games"
    context: dict[str, Any] = {
        "a": analysis,
        "game": game,
        "summary": summary,
        "headline": headline(analysis),
        "percent": percent,
        "options": {name: show_value(value) for name, value in game.options.items()},
        "win_figure": draw.inline("wins", figures.win_rates(summary, win_title)),
        "length_figure": draw.inline("lengths", figures.lengths(summary)),
        "decisions": Spread.of(summary.decisions),
        "turns": Spread.of(summary.turns),
        "scores": [
            (
                name,
                draw.inline(f"score-{index}", figures.scores(name, per_seat, summary.seats)),
                [Spread.of(values) for values in per_seat],
            )
            for index, (name, per_seat) in enumerate(summary.scores.items())
        ],
        "rules_figure": draw.inline("rules", figures.rules(summary)) if summary.rules else None,
        "variants": [(value, s, Spread.of(s.decisions)) for value, s in analysis.variants],
        "compare_figure": (
            draw.inline("compare", figures.comparison(analysis.compare, analysis.variants))
            if analysis.compare and analysis.variants
            else None
        ),
    }
    environment = Environment(
        loader=PackageLoader("ludoteca.analysis", "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return environment.get_template("report.html").render(context)
