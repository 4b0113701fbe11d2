"""Agents: loading by name, legality, reproducibility, and greedy's edge over random."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca import agents
from ludoteca.core.chance import play_chance
from ludoteca.core.errors import InvalidOptionError, UnknownAgentError


def play(game: ludoteca.Game, specs: list[str], seed: int) -> tuple[list[float], list[int]]:
    state = game.new_initial_state(seed=seed)
    bots = [agents.load(spec, game, seed=seed * 31 + seat) for seat, spec in enumerate(specs)]
    while True:
        play_chance(state)
        if state.is_terminal():
            return state.returns(), state.history()
        legal = state.legal_actions()
        action = bots[state.current_player()].act(state)
        assert action in legal
        state.apply_action(action)


def test_available_lists_general_and_game_bots() -> None:
    names = agents.available(ludoteca.load("ludo"))
    assert {"random", "greedy"} <= set(names)
    assert all(cls.description for cls in names.values())


def test_unknown_agent_names_the_valid_ones() -> None:
    with pytest.raises(UnknownAgentError, match="valid agents: greedy, random"):
        agents.load("grandmaster", ludoteca.load("ludo"))


def test_agent_spec_parameters_are_parsed_and_checked() -> None:
    assert agents.parse_spec("mcts:iterations=2000,rollout=greedy") == (
        "mcts",
        {"iterations": "2000", "rollout": "greedy"},
    )
    with pytest.raises(UnknownAgentError, match="not key=value"):
        agents.parse_spec("greedy:fast")
    with pytest.raises(InvalidOptionError, match="random takes no parameters"):
        agents.load("random:depth=2", ludoteca.load("ludo"))
    with pytest.raises(InvalidOptionError, match="greedy takes the weights"):
        agents.load("greedy:depth=2", ludoteca.load("ludo"))
    bot = agents.load("greedy:danger=2.5", ludoteca.load("ludo"))
    assert bot.w["danger"] == 2.5  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_bots_play_only_legal_moves_and_finish(players: int) -> None:
    game = ludoteca.load("ludo", players=players)
    specs = ["greedy", "random"] * 3
    for seed in range(5):
        returns, _ = play(game, specs[:players], seed)
        assert sum(returns) == pytest.approx(0)


def test_seeded_agents_reproduce_the_same_game() -> None:
    game = ludoteca.load("ludo", players=4)
    first = play(game, ["greedy", "random", "greedy", "random"], seed=11)
    again = play(game, ["greedy", "random", "greedy", "random"], seed=11)
    assert first == again


def test_greedy_beats_random_clearly() -> None:
    """One greedy against three random wins far more than its fair 25% (seeded: not flaky)."""
    game = ludoteca.load("ludo", players=4)
    wins = 0
    for seed in range(120):
        seat = seed % 4
        specs = ["random"] * 4
        specs[seat] = "greedy"
        wins += play(game, specs, seed)[0][seat] > 0
    assert wins / 120 > 0.5
