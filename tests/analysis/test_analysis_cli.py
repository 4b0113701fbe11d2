"""`ludoteca analyze` through Typer's test runner: it writes the report, errors are one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app

runner = CliRunner()


@pytest.mark.slow
def test_analyze_writes_the_report(tmp_path: Path) -> None:
    out = tmp_path / "bremen.html"
    result = runner.invoke(
        app,
        [
            *("analyze", "bremen", "--agent", "greedy", "--games", "2", "--seed", "3"),
            *("--option", "variant=harder", "--out", str(out)),
        ],
    )
    assert result.exit_code == 0, result.output
    assert f"report written to {out}" in result.output.replace("\n", "")
    html = out.read_text(encoding="utf-8")
    assert "variant=harder" in html and "<svg" in html
    assert "ludoteca analyze bremen --agent greedy --games 2 --players 2" in html


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["analyze", "chess"], "unknown game 'chess'"),
        (["analyze", "siege", "--compare", "speed"], "siege has no option 'speed' to compare"),
        (["analyze", "siege", "--compare", "max_quiet_moves"], "fixed set of values"),
        (["analyze", "siege", "--option", "fast"], "is not key=value"),
        (["analyze", "siege", "--option", "lord_start=a1"], "option 'lord_start' takes"),
        (["analyze", "siege", "--agent", "oracle"], "unknown agent 'oracle'"),
        (["analyze", "ludo", "--players", "7"], "2 to 6 players"),
    ],
)
def test_mistakes_are_one_red_line(arguments: list[str], message: str, tmp_path: Path) -> None:
    result = runner.invoke(app, [*arguments, "--games", "1", "--out", str(tmp_path / "r.html")])
    assert result.exit_code == 2
    assert message in result.output.replace("\n", "")
    assert "Traceback" not in result.output
    assert not (tmp_path / "r.html").exists()
