"""`ludoteca arena` end to end: a rigged pair, resume after Ctrl-C, exports, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ludoteca.arena import command
from ludoteca.arena.runner import PlayedGame
from ludoteca.arena.tournament import play_tournament
from ludoteca.cli import app

RIGGED = ["siege", "--agents", "alphabeta:depth=2,random", "--seed", "4", "--jobs", "1"]


@pytest.fixture
def database(tmp_path: Path) -> list[str]:
    return ["--database", f"sqlite:///{tmp_path / 'arena.db'}"]


def arena(*args: str) -> Any:
    return CliRunner().invoke(app, ["arena", *args])


def test_a_rigged_pair_ends_as_expected_in_table_and_json(
    database: list[str], tmp_path: Path
) -> None:
    out, table = tmp_path / "run.json", tmp_path / "games.csv"
    result = arena(*RIGGED, "--games", "4", *database, "--json", str(out), "--csv", str(table))
    assert result.exit_code == 0, result.output
    assert "4 games: 4 finished, 0 drawn" in result.output
    assert len(table.read_text().splitlines()) == 1 + 4
    assert "/replay" in result.output and "ludoteca serve --database sqlite:///" in result.output
    summary = json.loads(out.read_text())["summary"]
    best, worst = summary["agents"]
    assert (best["agent"], best["games"], best["wins"], best["draws"]) == (
        "alphabeta:depth=2",
        4,
        4.0,
        0,
    )
    assert best["mean_return"] == 1.0 and worst["mean_return"] == -1.0
    assert best["win_interval"]["high"] == 1.0 and best["win_interval"]["low"] > 0.5
    assert best["ordinal"] > worst["ordinal"]
    assert {(s["agent"], s["seat"], s["games"]) for s in summary["seats"]} == {
        (agent, seat, 2) for agent in ("alphabeta:depth=2", "random") for seat in (0, 1)
    }


def test_ctrl_c_keeps_finished_games_and_the_same_command_resumes(
    database: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def interrupted_after_two(*args: Any, **kwargs: Any) -> int:
        done: list[PlayedGame] = []

        def hook(played: PlayedGame) -> None:
            done.append(played)
            if len(done) == 2:
                raise KeyboardInterrupt

        return play_tournament(*args, **{**kwargs, "on_game": hook})

    monkeypatch.setattr(command, "play_tournament", interrupted_after_two)
    stopped = arena(*RIGGED, "--games", "6", *database)
    assert stopped.exit_code == 130
    assert "interrupted: 2 of 6 games kept; rerun the same command to resume" in stopped.output

    monkeypatch.undo()
    out = tmp_path / "run.json"
    resumed = arena(*RIGGED, "--games", "6", *database, "--json", str(out))
    assert resumed.exit_code == 0, resumed.output
    assert [g["index"] for g in json.loads(out.read_text())["games"]] == list(range(6))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["siege", "-a", "greedy,random", "--games", "0"], "--games must be at least 1"),
        (["siege", "-a", "greedy,random", "--games", "3"], "use 2 or 4"),
        (["siege", "-a", "greedy,nobody"], "unknown agent 'nobody'"),
        (["siege", "-a", "greedy"], "at least two agents"),
        (["siege", "-a", "greedy,greedy"], "more than once"),
        (["chess", "-a", "greedy,random"], "chess"),
        (["ludo", "-a", "greedy,random", "-o", "colour"], "not key=value"),
    ],
)
def test_mistakes_are_one_red_line(database: list[str], args: list[str], message: str) -> None:
    result = arena(*args, *database)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("url", ["nonsense", "sqlite:////no/such/folder/arena.db"])
def test_a_database_that_cannot_be_used_is_one_red_line(url: str) -> None:
    result = arena("siege", "-a", "greedy,random", "-n", "2", "--database", url)
    assert result.exit_code == 2
    assert f"--database {url!r} cannot be used" in result.output
    assert len(result.output.strip().splitlines()) == 1
