"""Belagerung through the game API: notation, JSON, records, options and observations."""

from __future__ import annotations

import json
import random

import pytest

import ludoteca
from ludoteca.core.errors import InvalidOptionError, NotationError, StateFormatError
from ludoteca.core.record import Record


def test_notation_round_trips_and_reads_loose_spellings() -> None:
    state = ludoteca.load("siege").new_initial_state(seed=1)
    for action in state.legal_actions():
        assert state.string_to_action(state.action_to_string(action)) == action
    assert state.string_to_action("nd0c2") == state.string_to_action("Nd0-c2")
    assert state.string_to_action(" d0 - c2 ") == state.string_to_action("Nd0-c2")
    state.apply_notation("Nd0-c2")
    state.apply_notation("Sd5-c6")
    assert state.action_to_string(state.string_to_action("c2xd4")) == "Nc2xd4"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("Sb0-c2", "holds a knight"),
        ("Nb0xc2", "nothing to capture"),
        ("Nz9-c2", "not a siege move"),
        ("Na0-b2", "not a field of the board"),
        ("", "not a siege move"),
    ],
)
def test_bad_notation_says_why(text: str, why: str) -> None:
    state = ludoteca.load("siege").new_initial_state(seed=1)
    with pytest.raises(NotationError, match=why):
        state.string_to_action(text)


def test_json_round_trip_of_a_game_in_progress() -> None:
    game = ludoteca.load("siege")
    state = game.new_initial_state(seed=4)
    rng = random.Random(4)
    for _ in range(25):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        copy = game.state_from_json(json.loads(json.dumps(state.to_json())))
        assert copy.to_json() == state.to_json()
        assert copy.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"soldiers": ["a3"]}, "moat"),
        ({"lord": "b2"}, "stays in the castle"),
        ({"knights": ["d4"], "soldiers": ["d4"]}, "two pieces"),
        ({"knights": ["g0"], "soldiers": ["b0"]}, "start square"),
        ({"turn": "nobody"}, "attacker"),
        ({"result": {"winner": "defender", "reason": "x"}}, "does not follow"),
    ],
)
def test_bad_positions_are_refused(change: dict[str, object], why: str) -> None:
    obj = {"game": "siege", "knights": ["b0"], "soldiers": ["d4"], "lord": "d6", **change}
    with pytest.raises(StateFormatError, match=why):
        ludoteca.load("siege").state_from_json(obj)


def test_record_replays_bit_for_bit() -> None:
    game = ludoteca.load("siege")
    state = game.new_initial_state(seed=6)
    rng = random.Random(6)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    record = Record.from_json(json.loads(json.dumps(Record.of(state).to_json())))
    assert record.replay().to_json() == state.to_json()


def test_options_are_checked() -> None:
    with pytest.raises(InvalidOptionError):
        ludoteca.load("siege", max_quiet_moves=-1)
    with pytest.raises(InvalidOptionError):
        ludoteca.load("siege", lord_start="c6")
    with pytest.raises(InvalidOptionError):
        ludoteca.load("siege", players=3)
    game = ludoteca.load("siege", opening_rule="false", max_quiet_moves="50")
    assert game.options == {"opening_rule": False, "lord_start": "d6", "max_quiet_moves": 50}


def test_observation_shows_everything_to_both_sides() -> None:
    state = ludoteca.load("siege").new_initial_state(seed=1)
    for seat, side in enumerate(("attacker", "defender")):
        seen = state.observation(seat)
        assert seen["side"] == side and seen["knights"] == ["b0", "d0", "e0", "g0"]
    with pytest.raises(ValueError):
        state.observation(2)
    assert ludoteca.load("siege").seat_name(0) == "attacker"
