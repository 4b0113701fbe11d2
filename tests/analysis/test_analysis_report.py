"""The HTML report of a tiny run: well formed, with its sections, figures and numbers."""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ludoteca import i18n
from ludoteca.analysis.figures import MissingDependencyError
from ludoteca.analysis.report import headline, render_report, write_report
from ludoteca.analysis.run import Analysis, analyze, option_values
from ludoteca.analysis.selfplay import SelfPlay
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.registry import load

VOID = {"meta", "br", "img", "hr", "input", "link"}


class Structure(HTMLParser):
    """Checks that every element is closed in order, and collects section ids and svg counts."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.sections: list[str] = []
        self.svgs = 0
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "section":
            self.sections.append(dict(attrs).get("id") or "")
        if tag == "svg":
            self.svgs += 1
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass  # a self-closing element (SVG's <path/>) opens nothing

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.open[-1:] or 'nothing'}")
        else:
            self.open.pop()


def structure(html: str) -> Structure:
    parser = Structure()
    parser.feed(html)
    parser.close()
    assert parser.errors == [] and parser.open == []
    return parser


@pytest.fixture(scope="module")
def siege() -> Analysis:
    run = SelfPlay(game="siege", agent="greedy", games=3, seed=1)
    return analyze(run, compare="opening_rule")


@pytest.fixture(scope="module")
def written(siege: Analysis, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder with the report (`deep/report.html`) and its PNGs (`figures/`), drawn once:
    matplotlib takes a second or more per figure on a busy machine."""
    folder = tmp_path_factory.mktemp("report")
    write_report(siege, folder / "deep" / "report.html", folder / "figures")
    return folder


@pytest.mark.slow
def test_report_has_every_section_and_figure(written: Path) -> None:
    html = (written / "deep" / "report.html").read_text(encoding="utf-8")
    found = structure(html)
    assert found.sections == ["header", "wins", "lengths", "scores", "rules", "comparison"]
    assert found.svgs == 5  # wins, lengths, one score, rules, comparison
    assert html.startswith("<!DOCTYPE html>") and "<script" not in html
    assert "ludoteca analyze siege --agent greedy --games 3" in html
    assert "--compare opening_rule --seed 1" in html
    assert "opening_rule=true" in html


def test_siege_headline_names_attacker_and_defender(siege: Analysis) -> None:
    html = headline(siege)
    assert "Under self-play (greedy, 3 games) seat 0 (attacker) wins" in html
    assert "seat 1 (defender) wins" in html and "draws or shared wins" in html
    wins = sum(rate.hits for rate in siege.summary.wins) + siege.summary.draws.hits
    assert wins + siege.summary.unfinished == 3


def test_comparison_plays_every_value_on_the_same_seeds(siege: Analysis) -> None:
    assert [value for value, _ in siege.variants] == ["true", "false"]
    assert siege.variants[0][1] is siege.summary  # the default value reuses the main run
    assert siege.variants[1][1].games == 3


def test_default_agent_is_the_strongest() -> None:
    # a short game: drawn after four moves without a capture
    run = SelfPlay(game="siege", agent="", games=1, seed=0, options={"max_quiet_moves": 4})
    analysis = analyze(run)
    assert analysis.run.agent == "solved"  # siege's hard bot: alphabeta behind the solver's table
    assert headline(analysis).startswith("Under strong play (solved, 1 game)")


@pytest.mark.slow
def test_figures_are_also_saved_as_pngs(written: Path) -> None:
    pngs = sorted(p.name for p in (written / "figures").iterdir())
    assert pngs == [
        "siege-compare.png",
        "siege-lengths.png",
        "siege-rules.png",
        "siege-score-0.png",
        "siege-wins.png",
    ]
    assert all((written / "figures" / name).read_bytes()[:4] == b"\x89PNG" for name in pngs)


def test_compare_needs_an_option_with_fixed_values() -> None:
    game = load("bremen")
    assert option_values(game, "variant") == [
        "standard",
        "harder",
        "turbulent",
        "harder+turbulent",
    ]
    with pytest.raises(InvalidOptionError, match=r"no option 'colour'.*options: variant"):
        option_values(game, "colour")
    with pytest.raises(InvalidOptionError, match="fixed set of values"):
        option_values(load("siege"), "max_quiet_moves")


def test_without_matplotlib_a_clear_error(siege: Analysis, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(MissingDependencyError, match=r"pip install 'ludoteca\[analysis\]'"):
        render_report(siege)


def test_compared_values_the_game_refuses_are_skipped_with_the_reason() -> None:
    run = SelfPlay(game="ludo", agent="greedy", games=1, players=5)
    analysis = analyze(run, compare="board")
    assert [value for value, _ in analysis.variants] == ["6"]
    assert analysis.skipped[0][0] == "4" and "six-colour board" in analysis.skipped[0][1]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("de", ["Ausgewogenheitsbericht", "Gewinnrate nach Platz", "Platz 0 (attacker) gewinnt"]),
        ("nl", ["Balansrapport", "Winstkans per plaats", "plaats 0 (attacker) wint"]),
    ],
)
def test_the_report_speaks_the_active_language(
    siege: Analysis, language: str, words: list[str]
) -> None:
    with i18n.use(language):
        html = render_report(siege)
    assert f'<html lang="{language}">' in html
    for word in words:
        assert word in html
    assert "Win rate by seat" not in html
