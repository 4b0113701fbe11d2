"""The `ludoteca` command end to end, through Typer's runner with typed-in input."""

from __future__ import annotations

import json
import re
import sys
import types
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca.cli import app
from ludoteca.core.chance import play_chance
from ludoteca.core.record import Record
from ludoteca.terminal.seats import load_seats
from ludoteca.web.notify.settings import NotifySettings

runner = CliRunner()


def invoke(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


def play_human(record: Path, typed: str):  # type: ignore[no-untyped-def]
    """Seat 0 human (answering with `typed`), seat 1 random, seed 3, no pauses."""
    return invoke(
        "play",
        "ludo",
        "--seats",
        "human,random",
        "--fast",
        "--seed",
        "3",
        "--record",
        str(record),
        input=typed,
    )


def play_bots(record: Path, seed: int = 3, seats: str = "random,random") -> str:
    result = invoke(
        "play", "ludo", "--seats", seats, "--fast", "--seed", str(seed), "--record", str(record)
    )
    assert result.exit_code == 0, result.output
    return result.output


def test_games_lists_ludo() -> None:
    result = invoke("games")
    assert result.exit_code == 0
    assert "ludo" in result.output
    assert "Mens erger je niet" in result.output
    assert "2-6" in result.output


def test_rules_show_options_defaults_bots_and_page() -> None:
    result = invoke("rules", "ludo")
    assert result.exit_code == 0
    for option in ludoteca.load("ludo").option_specs:
        assert option.name in result.output
    assert "schmidt" in result.output
    assert "random" in result.output
    assert "docs/games/ludo.md" in result.output.replace("\n", "")


def test_bots_play_to_the_end_and_the_record_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    output = play_bots(path)
    assert "wins!" in output
    assert f"Record saved to {path}" in output.replace("\n", "")
    record = Record.load(path)
    final = record.replay()
    assert final.is_terminal()
    assert record.seed == 3
    assert record.seats == ["random", "random"]
    assert record.result == final.returns()


def test_same_seed_and_seats_play_the_same_game(tmp_path: Path) -> None:
    play_bots(tmp_path / "a.json", seed=11, seats="greedy,random,random")
    play_bots(tmp_path / "b.json", seed=11, seats="greedy,random,random")
    first, second = Record.load(tmp_path / "a.json"), Record.load(tmp_path / "b.json")
    assert first.moves == second.moves


def test_record_defaults_to_records_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke("play", "ludo", "--seats", "random,random", "--fast", "--seed", "8")
    assert result.exit_code == 0, result.output
    saved = list((tmp_path / "records").glob("ludo-*-8.json"))
    assert len(saved) == 1
    assert Record.load(saved[0]).replay().is_terminal()


def test_without_seats_a_person_plays_the_default_bots(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    result = invoke("play", "ludo", "--seed", "1", "--fast", "--record", str(path), input="quit\n")
    assert result.exit_code == 0, result.output
    assert Record.load(path).seats == ["human", "medium", "medium", "medium"]


def test_a_record_that_cannot_be_written_exits_2(tmp_path: Path) -> None:
    result = invoke(
        "play", "ludo", "--seats", "human,random", "--record", str(tmp_path), input="quit\n"
    )
    assert result.exit_code == 2
    assert "cannot save the record" in result.output
    assert "Traceback" not in result.output


def test_human_moves_by_number_with_bad_input_asked_again(tmp_path: Path) -> None:
    path = tmp_path / "h.json"
    result = play_human(path, "banana\n" + "1\n" * 2000)
    assert result.exit_code == 0, result.output
    assert "'banana' is not a ludo move" in result.output
    assert "Your move, red (seat 0, human)" in result.output
    record = Record.load(path)
    assert record.replay().is_terminal()
    # every move of seat 0 was the first of its list
    state = ludoteca.load("ludo", players=2).new_initial_state(seed=3)
    for move in record.moves:
        if move.player == 0:
            assert move.action == state.legal_actions()[0]
        state.apply_action(move.action)


def _human_inputs(seed: int, specs: list[str]) -> tuple[list[str], list[int]]:
    """Plays the game the command will play, the person always taking the last listed move;
    returns what they type (in notation) and the game's history."""
    game = ludoteca.load("ludo", players=len(specs))
    state = game.new_initial_state(seed=seed)
    seats = load_seats(specs, game, state.seed)
    typed = []
    while True:
        play_chance(state)
        if state.is_terminal():
            return typed, state.history()
        seat = seats[state.current_player()]
        if seat.agent is None:
            action = state.legal_actions()[-1]
            typed.append(state.action_to_string(action))
        else:
            action = seat.agent.act(state.clone())
        state.apply_action(action)


def test_human_moves_by_notation(tmp_path: Path) -> None:
    typed, history = _human_inputs(5, ["human", "greedy"])
    typed = typed[:40]  # then the input ends: the game stops and is saved
    assert any("-" in text or "x" in text for text in typed)  # real moves like 12-17
    path = tmp_path / "n.json"
    result = invoke(
        "play",
        "ludo",
        "--seats",
        "human,greedy",
        "--fast",
        "--seed",
        "5",
        "--record",
        str(path),
        input="".join(f"{text}\n" for text in typed),
    )
    assert result.exit_code == 0, result.output
    assert "is not one of your moves" not in result.output
    played = Record.load(path).replay().history()
    assert sum(1 for m in Record.load(path).moves if m.player == 0) == len(typed)
    assert played == history[: len(played)]


def test_auto_single_plays_forced_moves_without_asking(tmp_path: Path) -> None:
    args = ["play", "ludo", "--seats", "human,random", "--fast", "--seed", "3"]
    asked = invoke(*args, "--record", str(tmp_path / "a.json"), input="1\n" * 30)
    auto = invoke(*args, "--record", str(tmp_path / "b.json"), "--auto-single", input="1\n" * 30)
    assert asked.exit_code == auto.exit_code == 0
    assert "(only move)" in auto.output
    assert "(only move)" not in asked.output
    # thirty answered prompts, and the one where the input ended
    assert asked.output.count("Your move") == auto.output.count("Your move") == 31
    asked_moves = Record.load(tmp_path / "a.json").moves
    auto_moves = Record.load(tmp_path / "b.json").moves
    assert len(auto_moves) > len(asked_moves)
    assert auto_moves[: len(asked_moves)] == asked_moves


@pytest.mark.parametrize(
    ("typed", "reason", "human_moves"),
    [("1\n1\nquit\n", "stopped at your request", 2), ("1\n", "input ended", 1)],
)
def test_stopping_early_saves_the_game_so_far(
    tmp_path: Path, typed: str, reason: str, human_moves: int
) -> None:
    path = tmp_path / "stopped.json"
    result = play_human(path, typed)
    assert result.exit_code == 0, result.output
    assert f"Game stopped: {reason}" in result.output
    assert "Traceback" not in result.output
    record = Record.load(path)
    assert not record.replay().is_terminal()
    assert sum(1 for m in record.moves if m.player == 0) == human_moves


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess", "--seats", "human,random"], "unknown game 'chess'; valid games: "),
        (["play", "ludo", "--seats", "human,nobot"], "unknown agent 'nobot' for ludo"),
        (["play", "ludo", "--seats", "human,random", "-o", "turbo=1"], "unknown option turbo"),
        (["play", "ludo", "--seats", "human,random", "-o", "goal_jump=maybe"], "goal_jump"),
        (["play", "ludo", "--seats", "human,random", "-o", "turbo"], "is not key=value"),
        (
            ["play", "ludo", "--seats", ",".join(["random"] * 7)],
            "7 seats; ludo is played by 2 to 6",
        ),
        (["play", "ludo", "--seats", "human"], "1 seat; ludo is played by 2 to 6 players"),
        (
            ["play", "ludo", "--option", "board=4", "-s", "human,random,random,random,random"],
            "5 players need the six-colour board",
        ),
        (["play", "ludo", "--seats", "human,,random"], "empty seat"),
        (["rules", "chess"], "unknown game 'chess'"),
    ],
)
def test_bad_names_exit_2_with_one_line_and_no_traceback(args: list[str], message: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Error:" in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_bad_agent_parameters_exit_2() -> None:
    result = invoke("play", "ludo", "--seats", "human,greedy:nerve=3")
    assert result.exit_code == 2
    assert "nerve" in result.output
    assert "Traceback" not in result.output


def test_replay_prints_moves_and_result(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    play_bots(path, seed=4)
    record = Record.load(path)
    result = invoke("replay", str(path))
    assert result.exit_code == 0, result.output
    told = re.findall(r"\[([^\]\s]+)\]", result.output)  # each move's sentence, then [notation]
    assert told == [m.notation for m in record.moves if m.player >= 0]
    assert " moves from " in result.output
    assert "rolls" in result.output
    assert f"{len(record.moves):5}. " in result.output
    assert "wins!" in result.output


def unfinished_record(path: Path) -> Record:
    """A short game: a person plays ten moves, then the input ends."""
    result = invoke(
        "play",
        "ludo",
        "--seats",
        "human,random",
        "--fast",
        "--seed",
        "6",
        "--record",
        str(path),
        input="1\n" * 10,
    )
    assert result.exit_code == 0, result.output
    return Record.load(path)


def test_replay_step_fast_shows_every_position(tmp_path: Path) -> None:
    path = tmp_path / "short.json"
    record = unfinished_record(path)
    plain = invoke("replay", str(path))
    stepped = invoke("replay", str(path), "--step", "--fast")
    assert plain.exit_code == stepped.exit_code == 0
    assert f"The record stops after {len(record.moves)} moves" in plain.output
    assert plain.output.count("position after move") == 1
    assert f"position after move {len(record.moves)} " in plain.output
    assert stepped.output.count("position after move") == len(record.moves)


def test_replay_step_waits_for_enter_and_q_runs_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "short.json"
    record = unfinished_record(path)
    result = invoke("replay", str(path), "--step", input="\n\nq\n")
    assert result.exit_code == 0
    assert result.output.count("[Enter: next move, q: to the end]") == 3
    assert f"{len(record.moves):5}. " in result.output


def test_replay_shows_seat_names_as_written(tmp_path: Path) -> None:
    path = tmp_path / "short.json"
    record = unfinished_record(path)
    record.seats = ["[/bold] Ann", "[red]Bob"]
    record.save(path)
    result = invoke("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "seat 0, [/bold] Ann" in result.output
    assert "seat 1, [red]Bob" in result.output


def test_replay_uses_the_names_a_record_carries(tmp_path: Path) -> None:
    """A record from a table names its players: the replay calls them so, not "seat 0"."""
    path = tmp_path / "game.json"
    play_bots(path, seed=4)
    record = Record.load(path)
    record.names = ["Anna", "Blue & Green (greedy bot)"]  # as the table showed them
    record.save(path)
    result = invoke("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "seat 0" not in result.output and "seat 1" not in result.output
    assert "  Anna (red & yellow)\n" in result.output  # a person's name with the colours
    # Each move in the game's sentence, the player by name with the colour that moves.
    assert "Anna (Red) moves " in result.output and "Anna (Yellow) moves " in result.output
    assert "Blue & Green (greedy bot) (Blue) rolls " in result.output
    assert "Blue & Green (greedy bot) wins!" in result.output


def test_replay_of_a_non_json_file_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{ not json", encoding="utf-8")
    result = invoke("replay", str(path))
    assert result.exit_code == 2
    assert "is not JSON" in result.output
    assert "Traceback" not in result.output


def test_replay_of_a_record_with_a_wrong_move_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    play_bots(path, seed=4)
    obj = json.loads(path.read_text(encoding="utf-8"))
    player_moves = [m for m in obj["moves"] if m["player"] >= 0]
    player_moves[3]["notation"] = "R-99"
    path.write_text(json.dumps(obj), encoding="utf-8")
    result = invoke("replay", str(path))
    assert result.exit_code == 2
    assert "does not replay" in result.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"format": "something-else"}', "not a ludoteca record"),
        (b"\xff\xfe\x00garbage", "not a text file"),
    ],
)
def test_replay_of_other_files_exits_2(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "other.json"
    path.write_bytes(content)
    result = invoke("replay", str(path))
    assert result.exit_code == 2
    assert message in result.output


def test_replay_of_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = invoke("replay", str(tmp_path / "nothing.json"))
    assert result.exit_code == 2
    assert "does not exist" in result.output


def test_serve_passes_host_port_and_database(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    fake = types.ModuleType("ludoteca.web.server")
    fake.serve = lambda *given, **named: calls.append((*given, named))  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ludoteca.web.server", fake)
    assert invoke("serve").exit_code == 0
    assert invoke("serve", "--host", "0.0.0.0", "--port", "9000", "--database", "sqlite://")
    assert invoke("serve", "--workers", "2", "--database", "postgresql+psycopg://x@h/db")
    assert invoke("serve", "--no-ws-compression")
    assert invoke("serve", "--public-url", "https://games.example.org", "--idle-hours", "0")
    notify = NotifySettings()
    default = {"ws_compression": True, "public_url": None, "idle_hours": 72.0, "notify": notify}
    off = {**default, "ws_compression": False}
    public = {**default, "public_url": "https://games.example.org", "idle_hours": 0.0}
    assert calls == [
        ("127.0.0.1", 8000, None, 1, default),
        ("0.0.0.0", 9000, "sqlite://", 1, default),
        ("127.0.0.1", 8000, "postgresql+psycopg://x@h/db", 2, default),
        ("127.0.0.1", 8000, None, 1, off),
        ("127.0.0.1", 8000, None, 1, public),
    ]


@pytest.mark.parametrize(
    ("url", "told"),
    [
        ("nonsense", "cannot be used: Could not parse"),
        ("postgresql+psycopg://nobody@127.0.0.1:1/none", "cannot be used: (psycopg.Operational"),
        ("mysql+pymysql://nobody@127.0.0.1:1/none", "needs the Python package 'pymysql'"),
    ],
)
def test_serve_says_why_a_database_cannot_be_used(url: str, told: str) -> None:
    """A bad URL, a server nobody runs (nothing listens on port 1), a driver not installed."""
    result = invoke("serve", "--database", url)
    assert result.exit_code == 2
    assert result.output.startswith(f"Error: --database {url!r} {told}")
    assert "Traceback" not in result.output
