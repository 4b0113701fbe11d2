"""Invariants over many seeded games: columns accounted for, margins fresh, games reproducible;
plus the notation, illegal actions and records."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.core.chance import sample_outcome
from ludoteca.core.errors import IllegalActionError, NotationError, StateFormatError
from ludoteca.core.record import Record
from ludoteca.games.villa.constants import DECLARE, PLACE_BASE
from ludoteca.games.villa.game import VillaState
from ludoteca.games.villa.structure import HAND, OUT

CONFIGS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 3},
    {"players": 2, "hands": "steady"},
    {"players": 4, "hand_error_mm": 0, "score_from": "green"},
]


def playout(config: dict[str, Any], seed: int, steps: int = 400) -> list[VillaState]:
    """The states of one seeded game with random choices that mostly pull and place."""
    state = ludoteca.load("villa", **config).new_initial_state(seed=seed)
    assert isinstance(state, VillaState)
    rng = random.Random(seed)
    seen = [state.clone()]
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            action = sample_outcome(state)
        else:
            legal = state.legal_actions()
            pulls = [a for a in legal if a < DECLARE]
            action = rng.choice(pulls if pulls and rng.random() < 0.85 else legal)
        state.apply_action(action)
        seen.append(state.clone())
    return seen


@pytest.mark.parametrize(
    "config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items())
)
def test_twenty_columns_are_always_accounted_for(config: dict[str, Any]) -> None:
    """Every column is on a level, in a hand, or out of the game; a frozen one stays put."""
    for seed in range(3):
        for state in playout(config, seed)[1:]:
            levels = state.villa.level
            assert len(levels) == 20
            assert all(level in {OUT, HAND} or 0 <= level <= state.villa.top for level in levels)
            assert sum(level == HAND for level in levels) <= 1
            assert all(levels[c] >= 0 for c in range(20) if state.frozen[c])


@pytest.mark.parametrize("config", CONFIGS[:2], ids=["4", "3"])
def test_margins_after_every_action_match_a_fresh_computation(config: dict[str, Any]) -> None:
    """The margins of a position equal those of the same position rebuilt from JSON."""
    for state in playout(config, seed=7):
        if not state.villa.floors:
            continue
        fresh = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
        assert isinstance(fresh, VillaState)
        assert fresh.villa.margins() == pytest.approx(state.villa.margins())
        if not state.is_terminal():
            assert state.villa.stands() or state.to_json()["phase"] in {"pulling", "landing"}


def test_seeded_games_are_reproducible() -> None:
    one = playout(CONFIGS[0], seed=4)[-1]
    two = playout(CONFIGS[0], seed=4)[-1]
    assert one.to_json() == two.to_json()
    replayed = one.game.new_initial_state(seed=4)
    for action in one.history():
        replayed.apply_action(action)
    assert replayed.to_json() == one.to_json()


def test_a_record_replays_bit_for_bit() -> None:
    state = playout(CONFIGS[1], seed=9)[-1]
    record = Record.from_json(json.loads(json.dumps(Record.of(state).to_json())))
    assert record.replay().to_json() == state.to_json()


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = playout(CONFIGS[0], seed=2, steps=3)[-1]
    before = state.to_json()
    for bad in (19 if 19 not in state.legal_actions() else 18, PLACE_BASE, 99999, -1):
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)
    with pytest.raises(NotationError):
        state.apply_notation("pull X9")
    assert state.to_json() == before


def test_bad_json_is_refused_with_the_reason() -> None:
    game = ludoteca.load("villa")
    with pytest.raises(StateFormatError, match="level"):
        game.state_from_json(
            {
                "game": "villa",
                "floors": [{"x": 0, "y": 0}],
                "columns": {"W1": {"level": 7, "x": 0, "y": 0}},
            }
        )
    with pytest.raises(StateFormatError, match="no column"):
        game.state_from_json(
            {
                "game": "villa",
                "floors": [{"x": 0, "y": 0}],
                "columns": {"Z1": {"level": 0, "x": 0, "y": 0}},
            }
        )
    with pytest.raises(StateFormatError, match="blue floor"):
        game.state_from_json({"game": "villa", "floors": [], "columns": {}})


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_every_legal_action_reads_back_from_its_notation(seed: int, players: int) -> None:
    states = playout({"players": players}, seed, steps=60)
    state = states[random.Random(seed).randrange(len(states))]
    for action in state.legal_actions():
        assert state.string_to_action(state.action_to_string(action)) == action


def test_notation_examples() -> None:
    state = playout(CONFIGS[0], seed=3, steps=2)[-1]
    assert state.string_to_action("pull W4") == 3
    assert state.string_to_action("k5") == 9
    assert state.string_to_action("declare") == DECLARE
    assert state.string_to_action("place 30,-40") == state.string_to_action("place 31.5,-38")
    assert state.string_to_action("place #485") == PLACE_BASE + 485
    assert state.action_to_string(PLACE_BASE + 485).startswith("place ")
    with pytest.raises(NotationError):
        state.string_to_action("\u2603 not a move \u2603")


def test_observation_hides_only_the_seed() -> None:
    state = playout(CONFIGS[0], seed=3, steps=5)[-1]
    seen = state.observation(1)
    assert "seed" not in seen and seen["seat"] == 1
    assert seen["columns"] == state.to_json()["columns"]
    with pytest.raises(ValueError):
        state.observation(4)
