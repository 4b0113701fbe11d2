"""The games as PettingZoo AEC environments: PettingZoo's own checks, and how episodes end."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import numpy as np
import pytest

from ludoteca.interop import MissingExtraError, require

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test

from ludoteca.interop.pettingzoo import env

CONFIGURATIONS = [
    pytest.param("ludo", {"players": 2}, id="ludo"),
    pytest.param("ludo", {"players": 6}, id="ludo-6"),
    pytest.param("bremen", {"players": 3, "max_length": 150}, id="bremen"),
    pytest.param("museum", {"players": 4}, id="museum"),
    pytest.param("siege", {}, id="siege"),
    pytest.param("villa", {"players": 3, "max_length": 150}, id="villa"),
]


# The checker's advice for plain-array observations: ours are the dict PettingZoo's own board
# games use (observation and action_mask).
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(("game_id", "options"), CONFIGURATIONS)
def test_pettingzoo_api_test_passes(game_id: str, options: dict[str, Any]) -> None:
    api_test(env(game_id, **options), num_cycles=60)


@pytest.mark.parametrize(("game_id", "options"), CONFIGURATIONS)
def test_pettingzoo_seed_test_passes(game_id: str, options: dict[str, Any]) -> None:
    seed_test(lambda: env(game_id, **options), num_cycles=60)


def _play_out(aec: Any, seed: int) -> dict[str, float]:
    """A random masked game to its end; the final rewards per agent."""
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final: dict[str, float] = {}
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            final[agent] = reward
            aec.step(None)
            continue
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return final


def test_a_finished_game_pays_its_zero_sum_returns_once() -> None:
    aec = env("museum", players=3)
    final = _play_out(aec, seed=5)
    assert set(final) == {"player_0", "player_1", "player_2"}
    assert sum(final.values()) == pytest.approx(0.0)
    assert max(final.values()) > 0
    assert aec.agents == []


def test_only_the_agent_to_move_has_legal_actions() -> None:
    aec = env("ludo", players=3)
    aec.reset(seed=2)
    for _ in range(40):
        mover = aec.agent_selection
        for agent in aec.agents:
            mask = aec.observe(agent)["action_mask"]
            assert mask.any() == (agent == mover)
        observation, *_ = aec.last()
        aec.step(int(np.flatnonzero(observation["action_mask"])[0]))


def test_a_game_cut_off_at_max_length_is_truncated_with_zero_rewards() -> None:
    aec = env("bremen", players=2, max_length=25)
    final = _play_out(aec, seed=3)
    assert final == {"player_0": 0.0, "player_1": 0.0}
    assert aec.unwrapped.episode.truncated
    assert len(aec.unwrapped.episode.state.history()) == 25


def test_an_illegal_action_forfeits_the_game() -> None:
    aec = env("siege")
    aec.reset(seed=0)
    offender = aec.agent_selection
    illegal = int(np.flatnonzero(aec.observe(offender)["action_mask"] == 0)[0])
    aec.step(illegal)
    assert all(aec.terminations.values())
    assert aec.rewards == {offender: -1.0, "player_1": 1.0}
    assert aec.infos[offender]["illegal_action"] is True


def test_equal_seeds_give_equal_games_and_the_seed_replays_in_ludoteca() -> None:
    first, second = env("ludo", players=2), env("ludo", players=2)
    _play_out(first, seed=11)
    _play_out(second, seed=11)
    one, two = first.unwrapped.episode.state, second.unwrapped.episode.state
    assert one.history() == two.history()
    replay = one.game.new_initial_state(seed=one.seed)
    for action in one.history():
        replay.apply_action(action)
    assert replay == one


def test_agents_carry_the_games_seat_names() -> None:
    aec = env("siege")
    aec.reset(seed=0)
    assert aec.possible_agents == ["player_0", "player_1"]
    assert aec.infos["player_0"]["seat_name"] == "attacker"


@pytest.mark.parametrize("game_id", ["ludo", "bremen", "museum", "siege", "villa"])
def test_render_modes_give_the_text_board_and_the_svg(game_id: str) -> None:
    text = env(game_id, players=2, render_mode="ansi")
    text.reset(seed=1)
    board = text.render()
    assert isinstance(board, str) and board == str(text.unwrapped.episode.state)
    picture = env(game_id, players=2, render_mode="svg")
    picture.reset(seed=1)
    assert picture.render().lstrip().startswith("<svg")


def test_unknown_render_mode_is_refused_in_one_line() -> None:
    with pytest.raises(Exception, match="render_mode 'human'"):
        env("ludo", render_mode="human")


def test_a_missing_interface_library_names_the_extra() -> None:
    with pytest.raises(MissingExtraError, match=r"pip install 'ludoteca\[rl\]'"):
        require("no_such_interface_library")


def test_importing_ludoteca_imports_no_interface_library() -> None:
    code = (
        "import sys, ludoteca; ludoteca.load('ludo').new_initial_state(seed=1);"
        "print(sorted(m for m in ('pyspiel', 'pettingzoo', 'gymnasium') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
