"""The games as OpenSpiel Python games: OpenSpiel's own checks, its MCTS and its evaluation."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.core.chance import play_chance
from ludoteca.core.errors import InvalidOptionError
from ludoteca.interop.spaces import ObservationTensor, bounds

pyspiel = pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("ludoteca.interop.openspiel")
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402

# OpenSpiel's random simulations run every check at every step: cut the long games short.
SIMULATED = [
    pytest.param("ludo", {"players": 2}, 1, id="ludo"),
    pytest.param("ludo", {"players": 5, "max_length": 150}, 1, id="ludo-5"),
    pytest.param("bremen", {"max_length": 60}, 1, id="bremen"),
    pytest.param("museum", {"players": 3}, 1, id="museum"),
    pytest.param("siege", {"max_length": 150}, 2, id="siege"),
    pytest.param("villa", {"players": 2, "max_length": 80}, 1, id="villa"),
]
GAMES = ("ludo", "bremen", "museum", "siege", "villa")


@pytest.mark.parametrize(("game_id", "params", "sims"), SIMULATED)
def test_openspiel_random_simulation_test_passes(
    game_id: str, params: dict[str, Any], sims: int
) -> None:
    game = openspiel.load_game(game_id, **params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_game_type_describes_the_game(game_id: str) -> None:
    game = openspiel.load_game(game_id)
    kind = game.get_type()
    modes = pyspiel.GameType.ChanceMode
    expected_mode = modes.DETERMINISTIC if game_id == "siege" else modes.EXPLICIT_STOCHASTIC
    assert kind.chance_mode == expected_mode
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    cls = ludoteca.core.registry.game_class(game_id)
    assert (kind.min_num_players, kind.max_num_players) == (cls.min_players, cls.max_players)
    assert game.num_players() == cls.default_players


def test_sizes_follow_the_configuration() -> None:
    four = openspiel.load_game("ludo", players=4)
    six = openspiel.load_game("ludo", players=6)
    assert four.num_distinct_actions() == 45  # 40 circles, 4 goal circles, bringing in
    assert six.num_distinct_actions() == 53  # the six-colour board has 48 circles
    assert four.max_chance_outcomes() == 7  # die faces 1-6 (and seats 0-3)
    assert openspiel.load_game("siege").max_chance_outcomes() == 0
    assert openspiel.load_game("museum", players=2).max_game_length() == 1 + 32 * 5


def test_options_pass_through_and_text_is_read_as_their_type() -> None:
    game = openspiel.load_game("ludo", players="2", three_tries="true", board="6")
    assert game.ludoteca.options["three_tries"] is True
    assert game.ludoteca.options["board"] == 6
    assert game.num_players() == 2
    default_board = pyspiel.load_game("ludoteca_ludo(players=5)")
    assert default_board.ludoteca.options["board"] == 6  # 0 stands for the game's default
    with pytest.raises(InvalidOptionError, match="no option 'speed'"):
        openspiel.load_game("ludo", speed=3)


def _play_to_decision(state: Any, rng: random.Random) -> None:
    while state.is_chance_node():
        actions, odds = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, odds)[0])


def test_serialization_and_pickle_restore_the_position() -> None:
    game = openspiel.load_game("bremen", players=3)
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(12):
        _play_to_decision(state, rng)
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert state2.history() == state.history()
    assert state2.ludoteca == state.ludoteca
    unpickled = pickle.loads(pickle.dumps(state))
    assert unpickled.ludoteca == state.ludoteca
    assert unpickled.legal_actions() == state.legal_actions()


def test_clone_is_independent() -> None:
    game = openspiel.load_game("siege")
    state = game.new_initial_state()
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert state.history() == []
    assert state.ludoteca.history() == []
    assert copy.ludoteca.history() == copy.history()


def test_a_game_cut_off_at_max_length_is_terminal_with_zero_returns() -> None:
    game = openspiel.load_game("ludo", players=2, max_length=9)
    assert game.max_game_length() == 9
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            _play_to_decision(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.history()) == 9
    assert not state.ludoteca.is_terminal()
    assert state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


@pytest.mark.parametrize("game_id", GAMES)
def test_observation_tensor_is_the_games_documented_tensor(game_id: str) -> None:
    game = openspiel.load_game(game_id, players=2)
    state = game.new_initial_state()
    rng = random.Random(2)
    _play_to_decision(state, rng)
    state.apply_action(state.legal_actions()[0])
    _play_to_decision(state, rng)
    tensor = ObservationTensor(game.ludoteca)
    assert game.observation_tensor_shape() == list(tensor.shape)
    for seat in range(2):
        expected = tensor.encode(state.ludoteca, seat).ravel()
        assert np.array_equal(np.asarray(state.observation_tensor(seat)), expected)
        assert state.observation_string(seat) == str(state)


def test_action_strings_are_the_games_notation() -> None:
    game = openspiel.load_game("siege")
    state = game.new_initial_state()
    action = state.legal_actions()[0]
    assert state.action_to_string(action) == state.ludoteca.action_to_string(action)


def test_openspiel_mcts_and_evaluate_bots_play_siege_against_a_ludoteca_agent() -> None:
    game = openspiel.load_game("siege", max_length=30)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    theirs = mcts.MCTSBot(game, 1.4, 8, evaluator, solve=False, random_state=rng)
    ours = openspiel.LudotecaBot(game, "greedy", seed=1)
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [theirs, ours], rng)
    assert len(returns) == 2
    assert sum(returns) == 0


def test_a_ludoteca_bot_is_handed_the_position_under_a_fresh_seed(seed_spy: list[int]) -> None:
    """The adapter's state keeps a seed (0) although OpenSpiel draws chance itself; the bot is
    handed `clone_for_agent()` all the same, as everywhere agents choose."""
    game = openspiel.load_game("siege")
    state = game.new_initial_state()
    openspiel.LudotecaBot(game, "seedspy", seed=1).step(state)
    assert len(seed_spy) == 1 and seed_spy[0] != state.ludoteca.seed


def test_openspiel_mcts_plays_ludo_with_chance_nodes() -> None:
    game = openspiel.load_game("ludo", players=2, max_length=120)
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=60)
    bots = [
        mcts.MCTSBot(game, 1.4, 4, evaluator, solve=False, random_state=rng),
        openspiel.LudotecaBot(game, "random", seed=2),
    ]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    assert sum(returns) == pytest.approx(0.0)
    assert len(state.history()) <= 120


@settings(max_examples=40, deadline=None)
@given(
    game_id=st.sampled_from(GAMES),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
)
def test_action_and_chance_ids_stay_below_the_declared_bounds(
    game_id: str, players: int, seed: int
) -> None:
    if game_id == "siege":
        players = 2
    game = ludoteca.load(game_id, players=players)
    found = bounds(game)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(60):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = [action for action, _ in state.chance_outcomes()]
            assert all(0 <= action < found.num_chance_outcomes for action in outcomes)
            state.apply_action(rng.choice(outcomes))
        else:
            legal = state.legal_actions()
            assert all(0 <= action < found.num_actions for action in legal)
            state.apply_action(rng.choice(legal))


@pytest.mark.parametrize(
    ("game_id", "options"), [("museum", {"players": 4}), ("siege", {"max_quiet_moves": 12})]
)
def test_random_games_end_within_the_real_length_bound(
    game_id: str, options: dict[str, Any]
) -> None:
    game = ludoteca.load(game_id, **options)
    found = bounds(game)
    assert not found.capped
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            play_chance(state)
            if not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        assert len(state.history()) <= found.max_length
