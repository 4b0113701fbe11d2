"""`play_game`: one seeded game between agents, the unit of the arena."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.arena.match import GameResult, play_game


def test_a_seeded_game_between_seeded_agents_plays_out_the_same_again() -> None:
    game = ludoteca.load("ludo", players=2)
    first = play_game(game, ["greedy", "random"], seed=11)
    assert first == play_game(game, ["greedy", "random"], seed=11)
    assert first.finished and sorted(first.returns) == [-1.0, 1.0]


def test_agents_are_handed_the_position_under_a_fresh_seed(seed_spy: list[int]) -> None:
    """The seed fixes the dice to come: an agent gets `clone_for_agent()`, never that seed."""
    result = play_game(ludoteca.load("ludo", players=2), ["seedspy", "random"], seed=11)
    assert result.decisions[0] == len(seed_spy) > 0
    assert 11 not in seed_spy


def test_the_record_replays_to_the_finished_position() -> None:
    game = ludoteca.load("museum", players=3)
    result = play_game(game, ["greedy", "random", "random"], seed=5)
    state = game.new_initial_state(seed=result.seed)
    for action in result.actions:
        state.apply_action(action)
    assert state.is_terminal() and tuple(state.returns()) == result.returns
    assert sum(result.decisions) < len(result.actions)  # the rest are card turns


def test_a_game_past_the_action_cap_ends_unfinished_with_zero_returns() -> None:
    game = ludoteca.load("siege")
    result = play_game(game, ["random", "random"], seed=1, max_actions=6)
    assert not result.finished and result.returns == (0.0, 0.0)
    assert len(result.actions) == 6


def test_the_result_survives_json() -> None:
    result = play_game(ludoteca.load("siege"), ["greedy", "random"], seed=2)
    assert GameResult.from_json(result.to_json()) == result


def test_one_agent_per_seat_is_required() -> None:
    with pytest.raises(ValueError, match="needs as many agents"):
        play_game(ludoteca.load("ludo", players=3), ["greedy"], seed=1)
