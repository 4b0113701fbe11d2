"""Raub im Kunstmuseum: invariants of whole random games under thousands of seeds.

Each game is seeded (the seed fixes every card) and played by a seeded uniformly random
policy; the checks run after every action and compare each position with the one before.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.core.chance import SEED_BITS, sample_outcome
from ludoteca.core.record import Record
from ludoteca.games.museum.board import ROOF
from ludoteca.games.museum.game import ROB_ACTION, MuseumState

CONFIGS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 2},
    {"players": 3, "roof_banks": False},
    {"players": 4, "roof_banks": False},
    {"players": 4, "elevator_check": "after_move"},
]
GAMES_PER_CONFIG = 500
MARKERS = 10
DECK = 32


def check_step(before: MuseumState, action: int, after: MuseumState) -> None:
    """What one action may change: markers, places, guard chips."""
    for seat in range(after.game.num_players):
        # Markers are conserved: ten per thief between hand and board.
        assert after.hand(seat) + after.marker.count(seat) == MARKERS
        assert 0 <= after.hand(seat) <= MARKERS
    # Thieves share no field but the roof.
    standing = [p for p in after.place if p != ROOF]
    assert len(standing) == len(set(standing))
    if after.discard != before.discard or after.phase != before.phase:
        # Guard chips only ever grow, and only on pictures whose card was turned.
        guarded = after.guarded()
        assert before.guarded() <= guarded
        kinds = after.game.deck.kinds
        assert guarded <= {kinds[k].picture for k in after.discard}
    robbed = before.phase == 3 and action == ROB_ACTION
    for picture, owner in enumerate(after.marker):
        was = before.marker[picture]
        if owner == was:
            continue
        if owner >= 0:  # a marker appears only by its thief robbing where it stands
            assert robbed and owner == before.turn and before.place[owner] == picture
        else:  # a marker leaves only when its thief is caught, and only if it was at risk
            assert was in after.caught and after.place[was] == ROOF
            assert not before.banked[picture]


def play_game(config: dict[str, Any], seed: int) -> MuseumState:
    game = ludoteca.load("museum", **config)
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, MuseumState)
    policy = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_outcome(state)
        else:
            action = policy.choice(state.legal_actions())
        before = state.clone()
        state.apply_action(action)
        check_step(before, action, state)
    # Every game ends after the last card's round: all 32 cards turned, and each picture was
    # guarded exactly once (one picture card each, every chip placed).
    assert len(state.discard) == DECK and state.rounds_left() == 0
    pictures = [state.game.deck.kinds[k].picture for k in state.discard]
    checked = [p for p in pictures if p is not None]
    assert sorted(checked) == list(range(1, 29))
    assert state.guarded() == set(checked)
    return state


@pytest.mark.slow
@pytest.mark.parametrize(
    "config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items())
)
def test_random_games_keep_markers_guard_and_end(config: dict[str, Any]) -> None:
    for seed in range(GAMES_PER_CONFIG):
        state = play_game(config, seed)
        returns = state.returns()
        assert sum(returns) == pytest.approx(0)
        scores = state.scores()
        winners = [seat for seat, score in enumerate(scores) if score == max(scores)]
        assert winners == [seat for seat, value in enumerate(returns) if value == max(returns)]


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(min_value=0, max_value=(1 << SEED_BITS) - 1),
)
def test_json_and_record_round_trip_every_position(config: dict[str, Any], seed: int) -> None:
    """Every position rebuilds from its JSON; the record replays bit for bit, cards included."""
    game = ludoteca.load("museum", **config)
    state = game.new_initial_state(seed=seed)
    policy = random.Random(seed)
    while not state.is_terminal():
        obj = json.loads(json.dumps(state.to_json()))
        copy = game.state_from_json(obj)
        assert copy.to_json() == state.to_json()
        assert copy.legal_actions() == state.legal_actions()
        action = (
            sample_outcome(state)
            if state.is_chance_node()
            else policy.choice(state.legal_actions())
        )
        state.apply_action(action)
    record = Record.from_json(json.loads(json.dumps(Record.of(state).to_json())))
    cards = [m.notation for m in record.moves if m.player < 0 and m.notation.startswith("card:")]
    assert len(cards) == DECK
    assert record.replay().to_json() == state.to_json()
