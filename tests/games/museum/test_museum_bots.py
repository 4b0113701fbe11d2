"""Raub im Kunstmuseum: the card odds against brute-force enumeration, and the greedy bot."""

from __future__ import annotations

import itertools
import random

import pytest

import ludoteca
from ludoteca import agents
from ludoteca.core.chance import play_chance
from ludoteca.core.errors import InvalidOptionError
from ludoteca.games.museum.board import load_deck
from ludoteca.games.museum.bots import GreedyAgent
from ludoteca.games.museum.game import PASS, ROB_ACTION
from ludoteca.games.museum.odds import avoid, safe_rounds

# A small deck: P = the thief's pictures, E = elevator cards, . = harmless cards.
SMALL = "PPEE..."


def enumerate_safe(deck: str, exposed: list[bool]) -> float:
    """The share of all orders of `deck` in which no card catches the thief (by brute force)."""
    orders = list(itertools.permutations(range(len(deck))))
    safe = 0
    for order in orders:
        drawn = [deck[i] for i in order[: len(exposed)]]
        caught = any(
            card == "P" or (card == "E" and in_lift)
            for card, in_lift in zip(drawn, exposed, strict=False)
        )
        safe += not caught
    return safe / len(orders)


@pytest.mark.parametrize("draws", range(0, 9))
def test_avoid_is_the_hypergeometric_chance(draws: int) -> None:
    """C(left - marked, draws) / C(left, draws), checked against every order of a small deck."""
    deck = "PP......"
    assert avoid(len(deck), 2, draws) == pytest.approx(enumerate_safe(deck, [False] * draws))
    assert 1 - avoid(len(deck), 1, draws) == pytest.approx(min(draws, 8) / 8)  # one picture


def test_safe_rounds_matches_brute_force_enumeration() -> None:
    rng = random.Random(4)
    for _ in range(12):
        rounds = rng.randint(0, len(SMALL))
        exposed = [rng.random() < 0.5 for _ in range(rounds)]
        exact = safe_rounds(len(SMALL), SMALL.count("P"), SMALL.count("E"), exposed)
        assert exact == pytest.approx(enumerate_safe(SMALL, exposed)), exposed


def test_every_unchecked_picture_is_visited_before_the_end() -> None:
    """All cards are turned: a picture whose card is left is visited with probability 1."""
    assert avoid(20, 1, 20) == 0.0
    assert safe_rounds(20, 0, 4, [False] * 20) == pytest.approx(1.0)
    assert safe_rounds(20, 0, 4, [True] * 20) == pytest.approx(0.0)


# -- the greedy bot ----------------------------------------------------------------------------
def test_greedy_is_found_by_name_and_rejects_unknown_weights() -> None:
    game = ludoteca.load("museum")
    bot = agents.load("greedy:reach=0.3", game, seed=1)
    assert isinstance(bot, GreedyAgent) and bot.w["reach"] == 0.3
    with pytest.raises(InvalidOptionError, match="greedy takes the weights"):
        agents.load("greedy:nerve=2", game, seed=1)


def test_greedy_does_not_rob_the_picture_the_guard_checks(museum) -> None:
    state = museum.position({"red": "4"}, discard=["4/3"], phase="rob")
    assert GreedyAgent(state.game, seed=1).act(state) == PASS


def test_greedy_robs_a_picture_the_guard_has_checked(museum) -> None:
    state = museum.position({"red": "4"}, discard=["4/3", "9/1"], phase="rob")
    assert GreedyAgent(state.game, seed=1).act(state) == ROB_ACTION


def test_greedy_brings_its_pictures_home_when_the_deck_runs_low(museum) -> None:
    """With two cards left and pictures at risk, the roof is worth more than another picture."""
    names = [k.name for k in load_deck().kinds for _ in range(k.count)]
    discard = [*[n for n in names if n != "22/5"][:-1], "22/5"]  # one E/4 is left
    state = museum.position(
        {"red": "24"}, discard=discard, markers={"red": {"at_risk": [23, 25]}}, players=2
    )
    assert state.rounds_left() == 1
    move = GreedyAgent(state.game, seed=1).act(state)
    assert state.action_to_string(move) == "24-roof"


@pytest.mark.slow
def test_greedy_never_plays_an_illegal_action_and_beats_random() -> None:
    game = ludoteca.load("museum", players=4)
    wins = 0.0
    for seed in range(24):
        state = game.new_initial_state(seed=seed)
        seat = seed % 4
        bots = [agents.load("random", game, seed=seed * 7 + s) for s in range(4)]
        bots[seat] = agents.load("greedy", game, seed=seed)
        while True:
            play_chance(state)
            if state.is_terminal():
                break
            action = bots[state.current_player()].act(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        returns = state.returns()
        wins += returns[seat] == max(returns)
    assert wins >= 18  # a fair share would be 6 of 24
