"""Agents: loading by name, who may play what, legality, reproducibility, and greedy's edge
over random."""

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
    game = ludoteca.load("ludo")
    valid = ", ".join(sorted(agents.available(game)))
    assert "greedy, learned, mcts" in valid and "alphabeta" not in valid
    with pytest.raises(UnknownAgentError, match=f"valid agents: {valid}$"):
        agents.load("grandmaster", game)


@pytest.mark.parametrize(("game_id", "players"), [("ludo", 2), ("villa", 2), ("museum", 3)])
def test_search_agents_refuse_games_with_chance_or_more_players(game_id: str, players: int) -> None:
    game = ludoteca.load(game_id, players=players)
    assert "alphabeta" not in agents.available(game)
    reason = "has dice, cards or a random set-up" if players == 2 else "two-player games"
    for name in ("alphabeta", "minimax"):
        with pytest.raises(InvalidOptionError, match=f"agent '{name}': .*{reason}"):
            agents.load(name, game)


def test_search_agents_are_general_and_play_siege() -> None:
    game = ludoteca.load("siege")
    assert {"alphabeta", "minimax", "mcts"} <= set(agents.available(game))
    assert agents.load("alphabeta:depth=2", game).plays(game)


def test_an_agent_that_cannot_play_a_game_is_refused_even_without_a_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Picky(agents.RandomAgent):
        name = "picky"

        @classmethod
        def plays(cls, game: ludoteca.Game) -> bool:
            return game.id == "siege"

    monkeypatch.setitem(agents.GENERAL, "picky", Picky)
    assert "picky" in agents.available(ludoteca.load("siege"))
    assert "picky" not in agents.available(ludoteca.load("ludo"))
    with pytest.raises(InvalidOptionError, match="agent 'picky' cannot play ludo; valid agents"):
        agents.load("picky", ludoteca.load("ludo"))


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
