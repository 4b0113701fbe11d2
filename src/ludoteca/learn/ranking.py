"""Does a network rank moves as well as the value it would replace? The check before shipping.

Hints and the review's mistake marks rank the legal moves of a decision by the review value,
as `learned` plays, so a network that forecasts games better but ranks moves worse gives
families worse hints: bremen's first networks did (`learned` with them lost nearly every game
against `greedy`). The check replays games of the run's agent and, at `per_game` decisions of
each with more than one legal move, asks which move each value ranks first (`learned`'s
choice: every move's afterstate, dice and cards averaged); the share that is the agent's own
move is that value's agreement. Both values are asked at the same decisions, so the comparison
is paired: the network fails when it agrees less often than the shipped value with 95%
confidence (a one-sided sign test on the decisions where exactly one of them agrees).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ludoteca.agents.valued import LearnedAgent
from ludoteca.analysis.selfplay import SelfPlay
from ludoteca.arena.match import play_game
from ludoteca.arena.stats import sign_test
from ludoteca.core.api import State
from ludoteca.review.net import Model

LEVEL = 0.05
"""The one-sided level of the sign test."""


class Paired:
    """What both checks before shipping share: the network against the shipped value at the
    same cases (decisions, or seeds), judged by the cases where exactly one did better."""

    cases: int
    only_network: int
    only_current: int

    @property
    def p_worse(self) -> float:
        """P(at most `only_network` of the discordant cases | both values equally good)."""
        return sign_test(self.only_network, self.only_current)

    @property
    def worse(self) -> bool:
        return self.p_worse < LEVEL

    def share(self, count: float) -> float:
        return count / self.cases if self.cases else 0.0


@dataclass(frozen=True)
class Ranking(Paired):
    """How often each value's first move is the agent's, at the same decisions."""

    cases: int
    """Decisions asked."""
    network: int
    current: int
    """Agreements of the value shipped today (`review.net.base_value`)."""
    only_network: int
    """Decisions where the network agrees with the agent and the shipped value does not."""
    only_current: int


def agent_decisions(run: SelfPlay, per_game: int) -> list[tuple[State, int]]:
    """`per_game` decisions with a choice of each of the run's games (seeded by the game), with
    the move the agent made there."""
    game = run.load_game()
    found: list[tuple[State, int]] = []
    for index in range(run.games):
        seed = run.game_seed(index)
        result = play_game(game, [run.agent] * game.num_players, seed)
        state = game.new_initial_state(seed=seed)
        choices: list[tuple[State, int]] = []
        for action in result.actions:
            if not state.is_chance_node() and len(state.legal_actions()) > 1:
                choices.append((state.clone_for_agent(), action))
            state.apply_action(action)
        found += random.Random(seed).sample(choices, min(per_game, len(choices)))
    return found


def compare(run: SelfPlay, network: Model, current: Model, per_game: int = 2) -> Ranking:
    """The agreement of `network` and `current` with the run's agent at the same decisions."""
    game = run.load_game()
    by_network = LearnedAgent.playing(game, network, seed=run.seed)
    by_current = LearnedAgent.playing(game, current, seed=run.seed)
    counts = [0, 0, 0, 0]
    decisions = agent_decisions(run, per_game)
    for state, action in decisions:
        a = by_network.act(state.clone()) == action
        b = by_current.act(state.clone()) == action
        counts[0] += a
        counts[1] += b
        counts[2] += a and not b
        counts[3] += b and not a
    return Ranking(len(decisions), *counts)
