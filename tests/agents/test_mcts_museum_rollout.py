"""`mcts` in Raub im Kunstmuseum plays its random rollouts on the compiled rules
(`games/museum/fast_search.py` through `agents.kernels.playout`): the same kind of result as
the reference rollout, the state left as it was, a cut-off scored by `search.evaluate`."""

from __future__ import annotations

import math
import random

import pytest

pytest.importorskip("numba")

import ludoteca
from ludoteca.agents.kernels import rollout_kernel
from ludoteca.agents.mcts import MCTSAgent
from ludoteca.core.api import State
from ludoteca.core.chance import play_chance
from ludoteca.games.museum import search


def a_decision(game: ludoteca.Game, seed: int, after: int = 12) -> State:
    """A thief's decision with a choice, `after` actions or more into a random game."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        if state.is_chance_node():
            play_chance(state)
            continue
        legal = state.legal_actions()
        if len(state.history()) >= after and len(legal) > 1:
            return state
        state.apply_action(rng.choice(legal))
    raise AssertionError("the game had no choice that late")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_compiled_rollout_ends_the_game_and_leaves_the_state_alone(players: int) -> None:
    game = ludoteca.load("museum", players=players)
    roll = rollout_kernel(game)
    assert roll is not None
    state = a_decision(game, seed=players)
    before = state.to_json()
    ends = [roll(state, 0, random.Random(k)) for k in range(40)]
    assert state.to_json() == before
    # `MuseumState.returns`: seats outscored less seats outscoring, over n - 1; they sum to 0
    for values in ends:
        assert len(values) == players and abs(sum(values)) < 1e-9
        assert all(-1.0 <= v <= 1.0 for v in values)
    assert len({tuple(v) for v in ends}) > 1  # the rollouts differ: the cards are drawn anew


def test_a_cut_off_is_scored_by_the_games_evaluation_one_move_away() -> None:
    game = ludoteca.load("museum", players=3)
    roll = rollout_kernel(game)
    assert roll is not None
    state = a_decision(game, seed=7)
    one_away = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        one_away.append([math.tanh(search.evaluate(child, s)) for s in range(3)])  # type: ignore[arg-type]
    rng = random.Random(2)
    for _ in range(10):
        assert roll(state, 1, rng) in [pytest.approx(v) for v in one_away]


def test_museum_mcts_uses_the_compiled_rollout_and_repeats_with_its_seed() -> None:
    game = ludoteca.load("museum", players=2)
    assert MCTSAgent(game, seed=1).fast_rollout is not None
    assert MCTSAgent(game, seed=1, kernel="off").fast_rollout is None
    state = a_decision(game, seed=4)
    moves = {MCTSAgent(game, seed=9, iterations=200).act(state.clone()) for _ in range(2)}
    assert len(moves) == 1 and moves <= set(state.legal_actions())
