"""The ranking check before a review network ships (issue 30; `learn.ranking`): hints rank moves
by the review value, so a network that ranks them worse than today's value is refused."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from ludoteca.analysis.selfplay import SelfPlay
from ludoteca.core.api import State
from ludoteca.learn.ranking import Ranking, agent_decisions, compare
from ludoteca.review.net import base_value

RUN = SelfPlay("ludo", "greedy", 20, seed=8, players=2)


class Inverted:
    """A value that wants what the shipped one fears: the worst possible ranking."""

    def __init__(self, value: object) -> None:
        self.value = value

    def __call__(self, states: Sequence[State]) -> np.ndarray:
        p = 1.0 - np.asarray(self.value(states))  # type: ignore[operator]
        return p / p.sum(axis=1, keepdims=True)


def test_the_sign_test_counts_only_the_decisions_where_the_values_differ() -> None:
    assert Ranking(100, 40, 40, 0, 0).p_worse == 1.0  # no discordant decision: no evidence
    assert Ranking(100, 30, 40, 2, 12).worse  # P(X <= 2 | 14, 1/2) = 0.0065
    assert not Ranking(100, 38, 40, 5, 7).worse
    assert Ranking(100, 30, 40, 2, 12).p_worse == pytest.approx(106 / 2**14)


def test_decisions_are_those_with_a_choice_and_the_agents_own_move() -> None:
    found = agent_decisions(RUN, 2)
    assert 20 <= len(found) <= 40
    for state, action in found:
        assert action in state.legal_actions() and len(state.legal_actions()) > 1
    assert [a for _, a in agent_decisions(RUN, 2)] == [a for _, a in found]  # seeded


def test_the_shipped_value_against_itself_is_not_worse_and_an_inverted_one_is() -> None:
    game = RUN.load_game()
    shipped = base_value(game)
    same = compare(RUN, shipped, shipped)
    assert same.network == same.current and same.only_network == same.only_current == 0
    assert not same.worse
    inverted = compare(RUN, Inverted(shipped), shipped, per_game=6)  # type: ignore[arg-type]
    assert inverted.network < inverted.current and inverted.worse
