"""A record's edges, each sentence and bound as `core.record` says (issue 36: mutants of
`core.record` and `core.chance` that no test in the mutation run's selection noticed).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import ludoteca
from ludoteca.core.chance import KEYED, Chance, pick, play_chance, sample_outcome
from ludoteca.core.errors import StateFormatError
from ludoteca.core.record import MAX_BYTES, MAX_MOVES, Record

NAMES = ["Zoë", "Jürgen"]
"""Seat names beyond ASCII: a record is UTF-8 whatever the machine's locale."""


def short_record(moves: int = 12) -> Record:
    """A seeded ludo game of `moves` actions, first legal move each time, with `NAMES`."""
    state = ludoteca.load("ludo", players=2).new_initial_state(seed=5)
    while len(state.history()) < moves:
        if state.is_chance_node():
            state.apply_action(sample_outcome(state))
        else:
            state.apply_action(state.legal_actions()[0])
    record = Record.of(state, seats=NAMES)
    record.names = list(NAMES)
    return record


def test_a_record_is_saved_into_folders_made_for_it_and_into_one_that_exists(
    tmp_path: Path,
) -> None:
    record = short_record()
    deep = record.save(tmp_path / "games" / "2026" / "december" / "first.json")
    assert deep.parent.is_dir() and Record.load(deep).replay() == record.replay()
    beside = record.save(tmp_path / "games" / "2026" / "december" / "second.json")
    assert Record.load(beside).to_json() == record.to_json()
    again = record.save(deep)  # over a record saved before
    assert json.loads(again.read_text(encoding="utf-8")) == record.to_json()


def test_a_record_is_read_as_utf_8_whatever_the_locale(tmp_path: Path) -> None:
    """A record written by another program with its names in UTF-8 (`save` itself writes
    ASCII, JSON's escapes) loads in a process whose locale is plain ASCII (`LC_ALL=C` without
    Python's UTF-8 mode) with the names unchanged."""
    path = tmp_path / "names.json"
    path.write_text(json.dumps(short_record().to_json(), ensure_ascii=False), encoding="utf-8")
    assert "Zoë".encode() in path.read_bytes()
    script = "import sys; from ludoteca.core.record import Record\n"
    script += "print(ascii(Record.load(sys.argv[1]).names))\n"
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}
    env["PYTHONPATH"] = os.pathsep.join(sys.path)  # this ludoteca, as under mutation testing
    done = subprocess.run(
        [sys.executable, "-c", script, str(path)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == ascii(NAMES)


def test_a_file_over_the_size_limit_is_refused_unread_in_megabytes(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(MAX_BYTES + 1)
    with pytest.raises(StateFormatError) as refused:
        Record.load(path)
    assert str(refused.value) == f"{path} is 16 MB: a record is at most 16 MB"


def test_json_nested_too_deeply_is_refused_in_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(StateFormatError) as refused:
        Record.load(path)
    assert str(refused.value) == f"{path} is not a record: its JSON is nested too deeply"


def test_a_record_of_more_moves_than_the_limit_is_refused_before_it_is_read() -> None:
    obj = short_record().to_json()
    move = obj["moves"][0]
    obj["moves"] = [move] * (MAX_MOVES + 1)
    with pytest.raises(StateFormatError) as refused:
        Record.from_json(obj)
    assert str(refused.value) == "the record has 25,001 moves: a record holds at most 25,000"
    obj["moves"] = [move] * MAX_MOVES  # at the limit: read (and refused only on replay)
    assert len(Record.from_json(obj).moves) == MAX_MOVES


@pytest.mark.parametrize("version", [3, "2", None])
def test_a_version_not_supported_is_named(version: Any) -> None:
    obj = {**short_record().to_json(), "version": version}
    with pytest.raises(StateFormatError) as refused:
        Record.from_json(obj)
    assert str(refused.value) == f"record version {version!r} is not supported (this is 2)"


def test_options_that_are_not_plain_values_are_quoted_in_the_sentence() -> None:
    obj = {**short_record().to_json(), "options": {"board": [4]}}
    with pytest.raises(StateFormatError) as refused:
        Record.from_json(obj)
    assert str(refused.value) == (
        "malformed record: 'options' maps names to plain values, not {'board': [4]}"
    )


def test_a_takeback_to_the_very_start_is_a_redraw_at_zero() -> None:
    """`"redraws"` holds move counts from 0 (a takeback of the first move) to the number of
    moves; -1 and one past the end are refused."""
    obj = short_record().to_json()
    obj["chance"] = {"scheme": 1, "redraws": [0]}
    assert Record.from_json(obj).redraws == [0]
    moves = len(obj["moves"])
    obj["chance"] = {"scheme": 1, "redraws": [moves]}
    assert Record.from_json(obj).redraws == [moves]
    for wrong in ([-1], [moves + 1], [True], "0"):
        obj["chance"] = {"scheme": 1, "redraws": wrong}
        with pytest.raises(StateFormatError, match="from 0 to 12"):
            Record.from_json(obj)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        # a seat moving where the die was to be rolled
        (lambda moves: moves.insert(0, {**moves[1], "player": 0}), "a die, a card or a draw"),
        # the die rolling where a seat was to move
        (lambda moves: moves.insert(2, {**moves[1], "player": -1}), "it was "),
    ],
)
def test_a_move_out_of_turn_says_whose_turn_it_was(change: Any, says: str) -> None:
    obj = short_record().to_json()
    change(obj["moves"])
    with pytest.raises(StateFormatError) as refused:
        Record.from_json(obj).replay()
    assert "moved, but " + says in str(refused.value)


def test_a_move_after_the_end_says_the_game_was_over() -> None:
    state = ludoteca.load("siege").new_initial_state(seed=0)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    obj = Record.of(state).to_json()
    obj["moves"].append({**obj["moves"][-2]})
    with pytest.raises(StateFormatError) as refused:
        Record.from_json(obj).replay()
    assert "moved, but the game was over" in str(refused.value)


def test_play_chance_resolves_every_chance_node_and_returns_the_outcomes() -> None:
    """`ludoteca.play_chance`: the outcomes up to the next decision, from the seed or from the
    generator given."""
    game = ludoteca.load("ludo", players=2)
    state = game.new_initial_state(seed=5)
    reference = game.new_initial_state(seed=5)
    drawn = play_chance(state)
    assert drawn and not state.is_chance_node()
    for outcome in drawn:
        assert reference.is_chance_node() and sample_outcome(reference) == outcome
        reference.apply_action(outcome)
    assert state.history() == reference.history() == drawn
    assert play_chance(state) == []  # a seat is to move: nothing to draw

    class First:
        def random(self) -> float:
            return 0.0

    ruled = game.new_initial_state(seed=5)
    chosen = play_chance(ruled, First())  # type: ignore[arg-type]
    replayed = game.new_initial_state(seed=5)
    for outcome in chosen:  # each the first outcome: from the generator, not the seed
        assert outcome == pick(replayed.chance_outcomes(), 0.0)
        replayed.apply_action(outcome)
    assert chosen != drawn and not ruled.is_chance_node() and ruled.history() == chosen


def test_a_draw_at_the_top_of_the_unit_interval_is_the_last_outcome() -> None:
    """`pick`: six faces of 1/6 add up to 0.9999999999999999 in floating point, which is the
    largest number a draw gives (1 - 2**-53): it falls past the sum and is the last face."""
    die = [(face, 1 / 6) for face in range(1, 7)]
    top = 1 - 2**-53
    assert sum(p for _, p in die) <= top
    assert pick(die, top) == 6
    assert pick(die, 0.0) == 1 and pick(die, 0.5) == 4


def test_a_keyed_chance_names_the_length_of_the_secret_it_needs() -> None:
    with pytest.raises(ValueError) as refused:
        Chance(KEYED, 0, "ab")
    assert str(refused.value) == "a keyed chance needs a secret of 32 hex digits"
