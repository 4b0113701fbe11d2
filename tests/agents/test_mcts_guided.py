"""`mcts:guide=greedy`: the greedy bot orders what a node tries, progressive widening bounds how
many moves it tries, and the search stays legal and reproducible."""

from __future__ import annotations

import math

import pytest

import ludoteca
from ludoteca import agents
from ludoteca.agents.mcts import MCTSAgent
from ludoteca.agents.mcts_guided import GuidedTree
from ludoteca.core.api import State
from ludoteca.core.chance import play_chance
from ludoteca.core.errors import InvalidOptionError


def bremen_turn(seed: int = 5) -> State:
    state = ludoteca.load("bremen", players=2).new_initial_state(seed=seed)
    play_chance(state)
    return state


def test_the_first_move_tried_is_greedys_best_and_widening_bounds_the_rest() -> None:
    state = bremen_turn()
    bot = agents.load("mcts:guide=greedy,iterations=50,reuse=false", state.game, seed=1)
    assert isinstance(bot, MCTSAgent)
    action = bot.act(state.clone())
    tree = bot.tree
    assert isinstance(tree, GuidedTree)
    root = tree.root
    ranked = agents.load("greedy", state.game, seed=0).ranked(state)  # type: ignore[attr-defined]
    assert ranked[0] in root.children
    assert set(root.children) == set(ranked[: len(root.children)])  # tried in greedy's order
    assert len(root.children) <= math.ceil(math.sqrt(root.visits))
    assert len(root.children) < len(state.legal_actions())
    assert action in root.children


def test_a_wider_search_tries_more_moves() -> None:
    state = bremen_turn()
    tried = []
    for widen in ("0.5", "4"):
        bot = agents.load(f"mcts:guide=greedy,widen={widen},iterations=60", state.game, seed=2)
        bot.act(state.clone())
        assert isinstance(bot, MCTSAgent) and bot.tree is not None
        tried.append(len(bot.tree.root.children))
    assert tried[0] < tried[1]


@pytest.mark.parametrize("seed", [4, 9])
def test_a_guided_game_is_legal_and_the_same_seed_plays_it_the_same(seed: int) -> None:
    game = ludoteca.load("bremen", players=2)
    spec = "mcts:guide=greedy,iterations=12,depth=2"
    histories = []
    for _ in range(2):
        state = game.new_initial_state(seed=seed)
        bots = [agents.load(spec, game, seed=7), agents.load("greedy", game, seed=8)]
        while len(state.history()) < 80:
            play_chance(state)
            if state.is_terminal():
                break
            legal = state.legal_actions()
            action = bots[state.current_player()].act(state.clone_for_agent())
            assert action in legal
            state.apply_action(action)
        histories.append(state.history())
    assert histories[0] == histories[1]


def test_guide_and_widen_are_checked() -> None:
    game = ludoteca.load("bremen", players=2)
    with pytest.raises(InvalidOptionError, match="guide must be one of none, greedy"):
        agents.load("mcts:guide=alphabeta", game)
    with pytest.raises(InvalidOptionError, match="widen must be a number"):
        agents.load("mcts:guide=greedy,widen=-1", game)
