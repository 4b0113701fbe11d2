"""Every mistake a person can make on the command line is one clear line (issue 17, finding 8)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ludoteca.arena.store import ArenaStore
from ludoteca.cli import app


def invoke(*args: str, input: str | None = None) -> Any:
    return CliRunner().invoke(app, list(args), input=input)


def assert_one_line(result: Any, message: str) -> None:
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_an_agent_seed_parameter_is_refused_in_one_line() -> None:
    """`random:seed=1` said "RandomAgent() got multiple values for keyword argument 'seed'"."""
    result = invoke("play", "ludo", "--seats", "human,random:seed=1")
    assert_one_line(result, "seed is not a parameter")
    assert "multiple values" not in result.output


def test_a_record_directory_is_refused_before_play(tmp_path: Path) -> None:
    """`play --record <directory>` played the whole game before refusing to save."""
    result = invoke("play", "ludo", "--seats", "random,random", "--record", str(tmp_path))
    assert_one_line(result, "is a directory")
    assert "wins" not in result.output and "won" not in result.output


@pytest.mark.parametrize("missing", ["moves", "seats", "seed", "game"])
def test_a_record_without_a_field_names_it(tmp_path: Path, missing: str) -> None:
    """Malformed records gave `KeyError('moves')`."""
    path = tmp_path / "game.json"
    played = invoke(
        "play", "ludo", "-s", "random,random", "--fast", "--seed", "2", "--record", str(path)
    )
    assert played.exit_code == 0, played.output
    obj = json.loads(path.read_text(encoding="utf-8"))
    del obj[missing]
    path.write_text(json.dumps(obj), encoding="utf-8")
    result = invoke("replay", str(path))
    assert_one_line(result, f"no field '{missing}'")
    assert "KeyError" not in result.output


def test_two_arena_commands_on_one_run_give_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two identical `arena` runs at once: one crashed with a 286-line traceback.

    The second command is made to miss the games the first stored, as it does when both run
    at the same moment.
    """
    args = ["arena", "siege", "--agents", "random,greedy", "--games", "2", "--jobs", "1"]
    args += ["--database", f"sqlite:///{tmp_path / 'arena.db'}"]
    assert invoke(*args).exit_code == 0
    monkeypatch.setattr(ArenaStore, "played", lambda self, run_id: set())
    result = invoke(*args)
    assert_one_line(result, "is being played by another arena command")
