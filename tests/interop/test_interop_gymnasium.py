"""One seat against bots as a Gymnasium environment: Gymnasium's checker, and the episode."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from ludoteca.core.errors import InvalidOptionError, UnknownAgentError, UnknownGameError

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from ludoteca.interop.gymnasium import LudotecaEnv, make  # noqa: E402

CONFIGURATIONS = [
    pytest.param("ludo", {"players": 2}, id="ludo"),
    pytest.param("ludo", {"players": 4, "seat": 2}, id="ludo-4"),
    pytest.param("bremen", {"players": 2, "max_length": 200}, id="bremen"),
    pytest.param("museum", {"players": 3, "seat": 1}, id="museum"),
    pytest.param("siege", {"seat": 1}, id="siege"),
    pytest.param("villa", {"players": 2, "max_length": 200}, id="villa"),
]


@pytest.mark.parametrize(("game_id", "options"), CONFIGURATIONS)
def test_gymnasium_check_env_passes(game_id: str, options: dict[str, Any]) -> None:
    check_env(make(game_id, **options).unwrapped)


@pytest.mark.parametrize("game_id", ["ludo", "bremen", "museum", "siege", "villa"])
def test_every_game_is_registered(game_id: str) -> None:
    spec = gymnasium.spec(f"ludoteca/{game_id}-v0")
    assert spec.kwargs == {"game_id": game_id}
    made = gymnasium.make(f"ludoteca/{game_id}-v0", players=2)
    assert isinstance(made.unwrapped, LudotecaEnv)


def _play_out(env: Any, seed: int) -> tuple[float, bool, bool, int]:
    """A random masked episode: its total reward, how it ended, and its steps."""
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = env.step(action)
        total += reward
        steps += 1
        if terminated or truncated:
            return total, terminated, truncated, steps


def test_an_episode_against_greedy_bots_ends_with_the_seats_return() -> None:
    env = make("museum", players=3, seat=2)
    total, terminated, truncated, steps = _play_out(env, seed=4)
    state = env.unwrapped.episode.state
    assert terminated and not truncated
    assert total == state.returns()[2]
    assert steps == sum(1 for seat in _deciders(state) if seat == 2)


def _deciders(state: Any) -> list[int]:
    """Who chose each action of a finished game (chance outcomes left out)."""
    replay = state.game.new_initial_state(seed=state.seed)
    seats = []
    for action in state.history():
        if not replay.is_chance_node():
            seats.append(replay.current_player())
        replay.apply_action(action)
    return seats


def test_opponents_are_handed_the_position_under_a_fresh_seed(seed_spy: list[int]) -> None:
    """The seed fixes the dice to come: an opponent gets `clone_for_agent()`, never that seed."""
    env = make("ludo", players=2, seat=0, opponents="seedspy")
    _play_out(env, seed=6)
    assert seed_spy and env.unwrapped.episode.state.seed not in seed_spy


def test_the_observation_is_the_seats_tensor_and_the_mask_its_legal_actions() -> None:
    env = make("siege", seat=1)
    observation, info = env.reset(seed=0)
    state = env.unwrapped.episode.state
    assert state.current_player() == 1  # the greedy attacker has moved already
    expected = env.unwrapped.tensor.encode(state, 1)
    assert np.array_equal(observation, expected)
    assert list(np.flatnonzero(info["action_mask"])) == state.legal_actions()


def test_a_game_cut_off_at_max_length_is_truncated() -> None:
    env = make("bremen", players=2, max_length=15)
    total, terminated, truncated, _ = _play_out(env, seed=1)
    assert truncated and not terminated
    assert total == 0.0


def test_an_illegal_action_forfeits_with_reward_minus_one() -> None:
    env = make("ludo", players=2)
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] is True


def test_equal_seeds_replay_the_same_episode() -> None:
    first, second = make("ludo", players=3), make("ludo", players=3)
    assert _play_out(first, seed=9) == _play_out(second, seed=9)
    assert first.unwrapped.episode.state.history() == second.unwrapped.episode.state.history()


def test_opponents_can_differ_per_seat() -> None:
    env = make("ludo", players=3, seat=1, opponents=["random", "greedy"])
    assert env.unwrapped.opponent_specs == {0: "random", 2: "greedy"}
    with pytest.raises(InvalidOptionError, match="one per other seat"):
        make("ludo", players=3, opponents=["random"])
    with pytest.raises(UnknownAgentError):
        make("ludo", players=2, opponents="grandmaster")


def test_bad_seats_and_games_are_refused_in_one_line() -> None:
    with pytest.raises(InvalidOptionError, match="seat 2 is not at a 2-player table"):
        make("siege", seat=2)
    with pytest.raises(UnknownGameError, match="valid games"):
        make("chess")


def test_ansi_render_is_the_text_board() -> None:
    env = make("siege", render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == str(env.unwrapped.episode.state)
