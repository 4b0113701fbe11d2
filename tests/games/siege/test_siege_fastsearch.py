"""alphabeta on the compiled siege kernel chooses what the Python search chooses."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

import ludoteca
from ludoteca import agents
from ludoteca.agents import alphabeta
from ludoteca.agents.alphabeta import AlphaBeta, AlphaBetaAgent, hooks_for
from ludoteca.games.siege.fastsearch import FastAlphaBeta
from ludoteca.games.siege.game import SiegeGame, SiegeState


def sample_positions(game: SiegeGame, count: int, seed: int) -> list[SiegeState]:
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        state = game.new_initial_state(seed=len(positions))
        for _ in range(rng.randrange(0, 30)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            positions.append(state)
    return positions


@pytest.mark.parametrize(
    "options",
    [{}, {"max_quiet_moves": 6}, {"opening_rule": False, "lord_start": "e6"}],
)
def test_same_move_value_and_nodes_as_the_python_search(options: dict[str, object]) -> None:
    """On positions of random games (a quiet-move limit that ends lines inside the tree among
    them), one engine of each kept across the positions as an agent keeps it: the same move,
    the same value, the same depth reached and the same number of nodes."""
    game = ludoteca.load("siege", **options)
    assert isinstance(game, SiegeGame)
    slow, quick = AlphaBeta(hooks_for(game)), FastAlphaBeta(game)
    rng = random.Random(1)
    for state in sample_positions(game, 6, seed=len(options)):
        legal = state.legal_actions()
        shuffled = rng.sample(legal, len(legal))
        before = slow.nodes, quick.nodes
        assert quick.best(state, 3, 0, shuffled) == slow.best(state, 3, 0, shuffled)
        assert quick.nodes - before[1] == slow.nodes - before[0]


def test_alphabeta_agent_uses_the_compiled_search_when_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = ludoteca.load("siege")
    bot = agents.load("alphabeta:depth=2,compiled=1", game, seed=1)
    assert isinstance(bot, AlphaBetaAgent) and isinstance(bot.engine, FastAlphaBeta)
    state = game.new_initial_state(seed=1)
    assert bot.act(state) in state.legal_actions()
    assert isinstance(agents.load("alphabeta", game).engine, AlphaBeta)
    monkeypatch.setattr(alphabeta, "compiled_engine", lambda game, quiescence: None)
    with pytest.raises(ValueError, match=r"compiled=1 needs numba .* siege has none here"):
        agents.load("alphabeta:compiled=1", game)
