"""The HTML balance report: one self-contained file, figures inline as SVG, numbers beside them."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import PackageLoader
from markupsafe import Markup

from ludoteca.agents import strongest
from ludoteca.analysis import figures
from ludoteca.analysis.run import Analysis, show_value
from ludoteca.analysis.summary import Rate, Summary, seat_names
from ludoteca.i18n import _, current, format_list, format_number, game_title, ngettext
from ludoteca.i18n.jinja import translated_environment

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
    share, low_text, high_text = (format_number(round(100 * x, 1)) for x in (rate.share, low, high))
    return f"{share}% ({low_text}-{high_text})"


def _named(analysis: Analysis) -> Summary:
    """The run's numbers with the seats named in the active language (the report's language)."""
    return replace(analysis.summary, seats=seat_names(analysis.game))


def headline(analysis: Analysis) -> str:
    """One sentence answering "who wins?", e.g. how often siege's attacker and defender win."""
    summary = _named(analysis)
    agent = analysis.run.agent
    strong = agent == strongest(analysis.game)
    parts = [
        _("{seat} wins {share}").format(seat=name, share=percent(rate))
        for name, rate in zip(summary.seats, summary.wins, strict=True)
    ]
    parts.append(_("draws or shared wins {share}").format(share=percent(summary.draws)))
    if summary.unfinished:
        parts.append(_("{count} unfinished").format(count=summary.unfinished))
    games = ngettext("{count} game", "{count} games", summary.games).format(count=summary.games)
    if strong:
        sentence = _("Under strong play ({agent}, {games}) {results}.")
    else:
        sentence = _("Under self-play ({agent}, {games}) {results}.")
    results = format_list(parts)
    wilson = _("Intervals are 95% Wilson intervals.")
    return sentence.format(agent=agent, games=games, results=results) + " " + wilson


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
    """The report's HTML, in the active language."""
    summary = _named(analysis)
    game = analysis.game
    draw = _Figures(game.id, figures_dir)
    title = game_title(game.title)
    win_title = ngettext(
        "{game}: {agent} in every seat, {count} game",
        "{game}: {agent} in every seat, {count} games",
        summary.games,
    ).format(game=title, agent=analysis.run.agent, count=summary.games)
    context: dict[str, Any] = {
        "a": analysis,
        "game": game,
        "title": title,
        "language": current(),
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
    environment = translated_environment(
        PackageLoader("ludoteca.analysis", "templates"), trim_blocks=True, lstrip_blocks=True
    )
    return environment.get_template("report.html").render(context)


def write_report(analysis: Analysis, out: Path, figures_dir: Path | None = None) -> Path:
    """Write the HTML report (and, with `figures_dir`, each figure as a PNG); returns `out`."""
    html = render_report(analysis, figures_dir)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(html, encoding="utf-8")
    return out
