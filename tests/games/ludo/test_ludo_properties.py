"""Mens erger je niet: properties of whole random games under many seeds and option sets.

Hypothesis draws the game seed (which fixes every die) and the seed of a uniformly random
policy; each property plays complete games and checks an invariant at every step.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.core.api import State
from ludoteca.core.chance import SEED_BITS, sample_outcome
from ludoteca.core.record import Record

CONFIGS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 2},
    {"players": 3},
    {"players": 6, "board": 6},
    {"players": 2, "board": 6},
    {"players": 4, "ruleset": "schmidt"},
    {"players": 2, "colours_per_seat": 1, "play_out": True, "must_capture": True},
    {
        "players": 4,
        "start_pawn_on_a": False,
        "three_tries": True,
        "goal_jump": False,
        "play_out": True,
    },
    {"players": 5, "capture_own": False, "goal_bounce": False, "move_new_pawn": False},
]
MAX_STEPS = 30_000  # the longest of thousands of random six-player games takes ~5,000 steps

configs = st.sampled_from(CONFIGS)
seeds = st.integers(min_value=0, max_value=(1 << SEED_BITS) - 1)
policy_seeds = st.integers(min_value=0, max_value=2**32 - 1)


def playout(config: dict[str, Any], seed: int, policy_seed: int) -> Iterator[tuple[State, int]]:
    """Yield (state, action) before each action of a random game, then the final state once.

    The final item's action is -1; the state is the one object the game is played on.
    """
    game = ludoteca.load("ludo", **config)
    state = game.new_initial_state(seed=seed)
    policy = random.Random(policy_seed)
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            yield state, -1
            return
        if state.is_chance_node():
            action = sample_outcome(state)
        else:
            action = policy.choice(state.legal_actions())
        yield state, action
        state.apply_action(action)
    pytest.fail(f"{config} seed {seed}: no end after {MAX_STEPS} actions")


def final(config: dict[str, Any], seed: int, policy_seed: int) -> State:
    for state, action in playout(config, seed, policy_seed):
        if action < 0:
            return state
    raise AssertionError("unreachable")


def check_pawns(state: State) -> dict[str, Any]:
    """Four pawns per colour; one pawn at most per track circle and per goal circle. Returns
    the position's JSON."""
    position = state.to_json()
    pawns = position["pawns"]
    game: Any = state.game
    assert list(pawns) == [game.colour_name(c) for c in game.colours]
    track: Counter[str] = Counter()
    for name, places in pawns.items():
        assert len(places) == 4, name
        goal = [p for p in places if p in {"a", "b", "c", "d"}]
        assert len(goal) == len(set(goal)), f"{name} doubles a goal circle: {places}"
        for place in places:
            if place not in {"R", "a", "b", "c", "d"}:
                assert 0 <= int(place) < game.track_length
                track[place] += 1
    doubled = [circle for circle, count in track.items() if count > 1]
    assert not doubled, f"two pawns on track circle(s) {doubled}: {pawns}"
    return position


def check_move(before: dict[str, list[str]], after: dict[str, list[str]], mover: str) -> None:
    """A move changes the pawns of the colour to move and at most one other pawn, which a
    capture sends back to reserve (R)."""
    others = [name for name in before if name != mover and before[name] != after[name]]
    assert len(others) <= 1, f"{mover}'s move changed {others}: {before} -> {after}"
    for name in others:
        left = Counter(before[name]) - Counter(after[name])
        arrived = Counter(after[name]) - Counter(before[name])
        assert sum(left.values()) == 1 and arrived == Counter({"R": 1}), (before, after)


@settings(deadline=None, max_examples=40)
@given(configs, seeds, policy_seeds)
def test_games_end_with_sound_pawns_and_moves(config, seed, policy_seed) -> None:
    """The pawns stay sound, a die roll moves none, a move only the mover's and a captured one;
    returns are 0 until a zero-sum end."""
    last: tuple[dict[str, list[str]], str | None] | None = None  # pawns; mover, None: a roll
    for state, action in playout(config, seed, policy_seed):
        position = check_pawns(state)
        pawns = position["pawns"]
        if last is not None:
            before, mover = last
            if mover is None:
                assert pawns == before, "a die roll moved a pawn"
            else:
                check_move(before, pawns, mover)
        if action < 0:
            break
        assert state.returns() == [0.0] * state.game.num_players
        last = pawns, None if state.is_chance_node() else position["turn"]
    assert state.is_terminal()
    returns = state.returns()
    assert sum(returns) == pytest.approx(0, abs=1e-9)
    assert max(returns) == 1.0
    finished = state.to_json()["finished"]
    if config.get("play_out"):
        assert sorted(finished) == list(range(state.game.num_players))
    else:
        assert len(finished) == 1 and returns[finished[0]] == 1.0


@settings(deadline=None, max_examples=10)
@given(configs, seeds, policy_seeds)
def test_json_round_trips_at_every_step(config, seed, policy_seed) -> None:
    """`state_from_json(to_json())` gives the same JSON and the same legal actions."""
    for state, _ in playout(config, seed, policy_seed):
        obj = state.to_json()
        copy = state.game.state_from_json(obj)
        assert copy.to_json() == obj, f"after history {obj['history'][-6:]}"
        assert copy.legal_actions() == state.legal_actions()
        assert copy.current_player() == state.current_player()


@settings(deadline=None, max_examples=30)
@given(configs, seeds, policy_seeds)
def test_clone_is_independent(config, seed, policy_seed) -> None:
    """Playing on a clone never changes the original, and the clone starts equal to it."""
    rng = random.Random(policy_seed)
    for state, action in playout(config, seed, policy_seed):
        if action < 0 or rng.random() > 0.05:
            continue
        before = state.to_json()
        legal = state.legal_actions()
        twin = state.clone()
        assert twin.to_json() == before and twin.legal_actions() == legal
        for _ in range(12):
            if twin.is_terminal():
                break
            twin_legal = twin.legal_actions()
            twin.apply_action(sample_outcome(twin) if twin.is_chance_node() else twin_legal[-1])
        assert state.to_json() == before
        assert state.legal_actions() == legal


@settings(deadline=None, max_examples=40)
@given(configs, seeds, policy_seeds)
def test_history_replays_to_the_same_state(config, seed, policy_seed) -> None:
    """Replaying `history()` on `new_initial_state(seed)` rebuilds the final state exactly."""
    state = final(config, seed, policy_seed)
    replayed = state.game.new_initial_state(seed=seed)
    for action in state.history():
        replayed.apply_action(action)
    assert replayed.to_json() == state.to_json()
    assert replayed.returns() == state.returns()


@settings(deadline=None, max_examples=100)
@given(configs, seeds, policy_seeds, st.integers(min_value=0, max_value=400))
def test_record_round_trip_replays_to_the_state(config, seed, policy_seed, cut) -> None:
    """`Record.of(state).to_json()` -> `Record.from_json(...).replay()` equals the state,
    finished or cut short after `cut` actions.
    """
    for state, action in playout(config, seed, policy_seed):
        if action < 0 or len(state.history()) == cut:
            break
    names = ["ann", "bob", "cy", "di", "ed", "flo"][: state.game.num_players]
    record = Record.from_json(Record.of(state, seats=names).to_json())
    assert record.seats == names
    replayed = record.replay()
    assert replayed.to_json() == state.to_json()
    assert record.result == (state.returns() if state.is_terminal() else None)


@settings(deadline=None, max_examples=30)
@given(configs, seeds)
def test_same_seed_and_choices_give_the_same_game(config, seed) -> None:
    """The seed fixes the dice: two runs with the same seed and policy are identical."""
    one = final(config, seed, 7)
    two = final(config, seed, 7)
    assert one.to_json() == two.to_json()


# Games per configuration (same order as CONFIGS): fewer on the slow six-colour boards.
GAMES = [400, 250, 300, 60, 40, 300, 300, 200, 150]


BLOCKS = 4
"""The 2,000 games in four blocks, each with every fourth game of every option set: `make test`
plays one block, `--slow=all` all four (the same 2,000 games)."""


@pytest.mark.slow
@pytest.mark.parametrize("block", range(BLOCKS))
def test_thousands_of_seeded_random_games_end(block: int) -> None:
    """2,000 seeded random games over every option set all end, zero-sum."""
    assert sum(GAMES) == 2_000
    for index, (config, count) in enumerate(zip(CONFIGS, GAMES, strict=True)):
        game = ludoteca.load("ludo", **config)
        for n in range(block, count, BLOCKS):
            seed = index * 100_000 + n
            state = game.new_initial_state(seed=seed)
            policy = random.Random(seed)
            steps = 0
            while not state.is_terminal():
                assert steps < MAX_STEPS, f"{config} seed {seed}: no end after {steps} actions"
                if state.is_chance_node():
                    action = sample_outcome(state)
                else:
                    action = policy.choice(state.legal_actions())
                state.apply_action(action)
                steps += 1
            assert sum(state.returns()) == pytest.approx(0, abs=1e-9)
