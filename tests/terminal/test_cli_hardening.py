"""Every mistake a person can make on the command line is one clear line (issue 17, finding 8)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca.arena.store import ArenaStore
from ludoteca.cli import app
from ludoteca.core.chance import KEYED, Chance
from ludoteca.core.record import MAX_BYTES, MAX_MOVES, Record


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


# -- any record file, however made (issue 29, item 4) ------------------------------------------


def played_record(tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "game.json"
    played = invoke(
        "play", "ludo", "-s", "random,random", "--fast", "--seed", "2", "--record", str(path)
    )
    assert played.exit_code == 0, played.output
    obj: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return obj


DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("command", ["replay", "review"])
def test_deeply_nested_json_is_one_line_not_a_recursion_error(tmp_path: Path, command: str) -> None:
    """100,000 nested `[` then `]` printed a RecursionError traceback (exit 1)."""
    path = tmp_path / "deep.json"
    path.write_text(DEEP, encoding="utf-8")
    result = invoke(command, str(path))
    assert_one_line(result, "nested too deeply")
    assert "RecursionError" not in result.output


@pytest.mark.parametrize("field", ["version", "players", "seed", "options", "seats", "result"])
def test_a_deeply_nested_field_is_one_short_line(tmp_path: Path, field: str) -> None:
    """A field holding 900 nested lists (within what the JSON reader takes) is named in a
    line that quotes it short, not repeated 900 levels deep (nor a RecursionError)."""
    obj = played_record(tmp_path)
    text = json.dumps(obj).replace(
        f'"{field}": ', f'"{field}": ' + "[" * 900 + "1" + "]" * 900 + ', "was": ', 1
    )
    path = tmp_path / "nested.json"
    path.write_text(text, encoding="utf-8")
    result = invoke("replay", str(path))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and len(result.output) < 400
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("command", ["replay", "review"])
def test_absurd_sizes_are_refused_before_the_replay(tmp_path: Path, command: str) -> None:
    """A record of 1.8 million moves used 770 MB before its error: now the move count is
    refused first, and a file over the size limit is not even read."""
    obj = played_record(tmp_path)
    obj["moves"] = obj["moves"] * (MAX_MOVES // len(obj["moves"]) + 1)
    path = tmp_path / "long.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    assert_one_line(invoke(command, str(path)), f"at most {MAX_MOVES:,}")
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:
        file.truncate(MAX_BYTES + 1)  # sparse: nothing written, nothing read
    assert_one_line(invoke(command, str(huge)), f"a record is at most {MAX_BYTES // 2**20} MB")


def test_a_move_after_the_end_names_no_internal_number(tmp_path: Path) -> None:
    """A move appended after the last said "it was -4's turn"."""
    obj = played_record(tmp_path)
    obj["moves"].append(dict(obj["moves"][-2]))
    obj["result"] = None
    path = tmp_path / "after.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    result = invoke("replay", str(path))
    assert_one_line(result, "but the game was over")
    assert "-4" not in result.output and "-1" not in result.output


def test_the_replay_of_a_fair_tables_record_shows_no_seed(tmp_path: Path) -> None:
    """A keyed record (a fair table's) has no seed: the replay's heading shows none."""
    game = ludoteca.load("ludo", players=2)
    chance = Chance(KEYED, 0, "9d" * 16)
    state = game.new_initial_state(seed=0)
    while not state.is_terminal():
        move = chance.draw(state) if state.is_chance_node() else state.legal_actions()[0]
        state.apply_action(move)
    record = Record.of(state)
    record.scheme, record.secret = KEYED, chance.secret
    result = invoke("replay", str(record.save(tmp_path / "fair.json")))
    assert result.exit_code == 0, result.output
    heading = result.output.splitlines()[0]
    assert "started" in heading and "seed" not in heading
