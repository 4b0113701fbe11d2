"""Every agent of every game returns a legal action, leaving the position untouched.

The positions come from seeded random playouts at the smallest and the largest table of each
game: nearly four thousand `act` calls in all. Agents run with cheap parameters (`CHEAP`); an
agent not named there (added later) runs with its defaults, so it is checked as soon as it is
registered.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

import ludoteca
from ludoteca import agents
from ludoteca.core.api import State
from ludoteca.core.chance import play_chance

CHEAP: dict[str, str] = {
    "mcts": "iterations=4,depth=4",
    "alphabeta": "depth=1",
    "minimax": "depth=1",
    "expectimax": "depth=1",
    "learned": "samples=4",  # not every chance outcome: bremen's are many (10 s a table)
}
POSITIONS: dict[str, int] = {"villa": 16, "bremen": 50}
"""Positions per table where the rules are slow (villa runs physics); others get `DEFAULT`."""
DEFAULT = 120
PLAYOUT = 240
"""Actions after which a playout starts afresh (random bremen games practically never end)."""


def tables() -> list[tuple[str, int]]:
    return [
        (info.id, players)
        for info in ludoteca.games()
        for players in sorted({info.min_players, info.max_players})
    ]


@cache
def positions(game_id: str, players: int) -> tuple[State, ...]:
    """Decision positions from random playouts, every third decision taken (seeded)."""
    game = ludoteca.load(game_id, players=players)
    rng = random.Random(f"{game_id}/{players}")
    wanted = POSITIONS.get(game_id, DEFAULT)
    found: list[State] = []
    seed = 0
    while len(found) < wanted:
        state = game.new_initial_state(seed=seed)
        seed += 1
        while len(state.history()) < PLAYOUT and len(found) < wanted:
            play_chance(state, rng)
            if state.is_terminal():
                break
            if rng.random() < 1 / 3:
                found.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return tuple(found)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), tables())
def test_every_agent_plays_only_legal_actions(game_id: str, players: int) -> None:
    game = ludoteca.load(game_id, players=players)
    names = sorted(agents.available(game))
    assert {"random", "mcts"} <= set(names)
    for name in names:
        params = CHEAP.get(name)
        bot = agents.load(f"{name}:{params}" if params else name, game, seed=len(name))
        for state in positions(game_id, players):
            history, legal = state.history(), state.legal_actions()
            action = bot.act(state)
            assert action in legal, f"{name} chose {action} in {state.to_json()}"
            assert state.history() == history, f"{name} changed the position"


def test_the_search_agents_play_only_two_player_games_without_chance() -> None:
    for info in ludoteca.games():
        for players in sorted({info.min_players, info.max_players}):
            game = ludoteca.load(info.id, players=players)
            searchable = players == 2 and not game.has_chance
            names = set(agents.available(game))
            assert ({"alphabeta", "minimax"} <= names) is searchable
            assert ({"alphabeta", "minimax"} & names == set()) is not searchable
