"""The `learned` agent (issue 30): exact values on the toy game of test_expectimax, legal and
reproducible play at every game and player count, its parameters checked.

On the toy game (see test_expectimax's docstring) the value model is a stub that gives the
decision positions these win probabilities (seat 0, seat 1); finished games are scored exactly:

    reply   (0.5, 0.5)      choose1 (0.6, 0.4)      x (0.7, 0.3)      y (0.4, 0.6)

Depth 1 values move 0 at 1/4 x 1 + 3/4 x 0.5 = 0.625 (the chance node's expectation) and move 1
at 0.6, so it plays 0. Depth 2 lets seat 1 reply: after 0 it takes its win (seat 0: 1/4 x 1 +
3/4 x 0 = 0.25), after 1 it takes y (seat 0: 0.4), so it plays 1.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

import numpy as np
import pytest
from tests.agents.test_expectimax import ToyGame, ToyState, after

import ludoteca
from ludoteca import agents
from ludoteca.agents import valued
from ludoteca.agents.valued import LearnedAgent
from ludoteca.arena.match import play_game
from ludoteca.core.api import State
from ludoteca.core.chance import play_chance
from ludoteca.core.errors import InvalidOptionError

STUB = {"reply": [0.5, 0.5], "choose1": [0.6, 0.4], "x": [0.7, 0.3], "y": [0.4, 0.6]}


def stub_model(states: Sequence[State]) -> np.ndarray:
    for state in states:
        assert isinstance(state, ToyState) and not state.is_terminal()
    return np.array([STUB[state.node] for state in states if isinstance(state, ToyState)])


def toy_agent(monkeypatch: pytest.MonkeyPatch, **params: object) -> LearnedAgent:
    monkeypatch.setattr(valued, "value_of", lambda game: stub_model)
    return LearnedAgent(ToyGame(), seed=0, **params)


def test_depth_one_takes_the_expectation_over_chance_and_scores_the_end_exactly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    agent = toy_agent(monkeypatch)
    leaves = [agent.leaves(after(0), 0), agent.leaves(after(1), 0)]
    rows = agent.valued(leaves)
    means = [valued._mean(group, row)[0] for group, row in zip(leaves, rows, strict=True)]
    assert means == pytest.approx([0.625, 0.6])
    assert agent.act(after()) == 0


def test_depth_two_lets_the_next_seat_reply_with_its_best_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert toy_agent(monkeypatch, depth=2).act(after()) == 1


@pytest.mark.parametrize("spec", ["learned:depth=0", "learned:depth=3"])
def test_a_depth_out_of_range_is_refused_clearly(spec: str) -> None:
    with pytest.raises(InvalidOptionError, match=r"depth=1 or 2\), not [03]"):
        agents.load(spec, ludoteca.load("ludo", 2))


def test_unknown_parameters_and_a_game_without_a_value_are_refused() -> None:
    with pytest.raises(
        InvalidOptionError, match="learned takes depth, width, samples, net; not wide"
    ):
        agents.load("learned:wide=2", ludoteca.load("ludo", 2))
    variant = ludoteca.load("ludo", players=4, board=6)  # no value fitted for this board
    assert "learned" not in agents.available(variant)
    with pytest.raises(InvalidOptionError, match="learned needs a learned value"):
        agents.load("learned", variant)


def pairs() -> list[tuple[str, int]]:
    return [
        (info.id, players)
        for info in ludoteca.games()
        for players in range(info.min_players, info.max_players + 1)
    ]


@cache
def positions(game_id: str, players: int, count: int = 4) -> tuple[State, ...]:
    """Decision positions with a choice, from a seeded random playout."""
    game = ludoteca.load(game_id, players=players)
    rng = random.Random(f"learned/{game_id}/{players}")
    found: list[State] = []
    state = game.new_initial_state(seed=3)
    while len(found) < count:
        play_chance(state, rng)
        if state.is_terminal():
            state = game.new_initial_state(seed=len(found) + 4)
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.3:
            found.append(state.clone())
        state.apply_action(rng.choice(legal))
    return tuple(found)


@pytest.mark.parametrize(("game_id", "players"), pairs())
def test_it_plays_every_pair_legally_and_the_same_with_the_same_seed(
    game_id: str, players: int
) -> None:
    game = ludoteca.load(game_id, players=players)
    assert "learned" in agents.available(game)
    checks = [("learned", 4), ("learned:depth=2,width=1,samples=4", 1)]
    if game_id == "villa":  # its pull odds run the physics: one position, depth 1
        checks = [("learned", 1)]
    for spec, count in checks:
        first, again = agents.load(spec, game, seed=5), agents.load(spec, game, seed=5)
        for state in positions(game_id, players)[:count]:
            history = state.history()
            action = first.act(state)
            assert action in state.legal_actions(), f"{spec} chose {action}"
            assert state.history() == history, f"{spec} changed the position"
            assert again.act(state) == action


@pytest.mark.parametrize(("game_id", "players"), [("ludo", 2), ("siege", 2), ("museum", 2)])
def test_a_seeded_game_against_greedy_is_legal_and_replays_alike(
    game_id: str, players: int
) -> None:
    game = ludoteca.load(game_id, players=players)
    specs = ["learned", *["greedy"] * (players - 1)]
    first, again = play_game(game, specs, 17), play_game(game, specs, 17)
    assert first.finished and first.actions == again.actions
