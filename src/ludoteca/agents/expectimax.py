"""Depth-limited expectimax for games with chance and any number of players.

`ExpectimaxAgent` ("expectimax") searches a fixed number of *decisions* ahead (chance nodes are
free: they do not count against the depth). Every node has a value vector, one entry per seat:

- a decision node takes the child that is best for the seat to move (max^n: each player
  maximises its own entry, which is plain expectimax/minimax in two-player zero-sum games);
- a chance node takes the probability-weighted mean over `chance_outcomes()`; a chance node
  that follows `CHAIN` chance nodes with no decision between them (lost rolls in ludo, which
  could go on forever) is a leaf;
- a finished game is worth `WIN` times its returns, so a win always beats an evaluation;
- at the depth limit (chance nodes included) each seat gets the game's
  `ludoteca.games.<id>.search.evaluate(state, seat)`, a value roughly in [-1, 1].

Two parameters keep wide games affordable: `width` searches only the k moves with the best
one-ply evaluation for the mover (0: all), and `samples` replaces a chance node with more
outcomes than that by as many outcomes drawn from the agent's seeded generator (0: always
enumerate). A decision with more than `SCAN` moves (where to lay a floor in villa) looks at
`SCAN` of them drawn by the same generator. Root ties are broken by the seeded generator too,
so play is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ludoteca.agents.base import Agent, child_of
from ludoteca.core.api import Game, State
from ludoteca.core.registry import game_module
from ludoteca.i18n import N_

WIN = 100.0
"""The value of a win: far above any evaluation, so a forced win is never traded away."""

Evaluate = Callable[[State, int], float]
Values = list[float]

DEFAULTS: dict[str, int] = {"depth": 2, "width": 6, "samples": 8}
CHAIN = 2
"""Chance nodes in a row that are searched; the next one is evaluated instead."""
SCAN = 64
"""The most moves of one decision that are even generated and evaluated."""


def evaluation_of(game: Game) -> Evaluate | None:
    """The game's position evaluation `search.evaluate(state, seat)`, or None without one."""
    evaluate: Evaluate | None = getattr(game_module(game.id, "search"), "evaluate", None)
    return evaluate


class Expectimax:
    """The search itself, apart from the agent: counts nodes and keeps no state between moves."""

    def __init__(
        self,
        evaluate: Evaluate,
        players: int,
        width: int,
        samples: int,
        rng: random.Random,
    ) -> None:
        self.evaluate = evaluate
        self.players = players
        self.width = width
        self.samples = samples
        self.rng = rng
        self.nodes = 0

    def leaf(self, state: State) -> Values:
        """Returns scaled to dominate evaluations when finished, else the evaluation per seat."""
        self.nodes += 1
        if state.is_terminal():
            return [WIN * r for r in state.returns()]
        return [self.evaluate(state, seat) for seat in range(self.players)]

    def value(self, state: State, depth: int, chain: int = 0) -> Values:
        """The value vector of `state` with `depth` decisions left to look at, after `chain`
        chance nodes in a row."""
        if depth <= 0 or state.is_terminal():
            return self.leaf(state)
        if state.is_chance_node():
            return self.leaf(state) if chain >= CHAIN else self._chance(state, depth, chain + 1)
        mover = state.current_player()
        best: Values | None = None
        for _, child in self.candidates(state, state.legal_actions()):
            values = self.value(child, depth - 1)
            if best is None or values[mover] > best[mover]:
                best = values
        assert best is not None, "a decision node has at least one legal action"
        return best

    def candidates(self, state: State, actions: list[int]) -> list[tuple[int, State]]:
        """(action, child) worth searching: all, or the `width` best for the mover (stable, so
        ties keep the order given)."""
        if len(actions) > SCAN:
            actions = self.rng.sample(actions, SCAN)
        children = [(action, child_of(state, action)) for action in actions]
        if not self.width or len(children) <= self.width:
            return children
        mover = state.current_player()
        quick = [self._quick(child, mover) for _, child in children]
        ranked = sorted(range(len(children)), key=lambda i: -quick[i])
        return [children[i] for i in ranked[: self.width]]

    def _quick(self, state: State, seat: int) -> float:
        self.nodes += 1
        if state.is_terminal():
            return WIN * state.returns()[seat]
        return self.evaluate(state, seat)

    def _chance(self, state: State, depth: int, chain: int) -> Values:
        outcomes = state.chance_outcomes()
        if self.samples and len(outcomes) > self.samples:
            actions = [action for action, _ in outcomes]
            weights = [probability for _, probability in outcomes]
            drawn = self.rng.choices(actions, weights, k=self.samples)
            weighted = [(action, 1 / len(drawn)) for action in drawn]
        else:
            weighted = outcomes
        total = [0.0] * self.players
        for action, probability in weighted:
            values = self.value(child_of(state, action), depth, chain)
            for seat in range(self.players):
                total[seat] += probability * values[seat]
        return total


class ExpectimaxAgent(Agent):
    """Depth-limited expectimax over the game's evaluation; see the module docstring."""

    name = "expectimax"
    description = N_("looks a few decisions ahead, averaging over dice and cards")

    def __init__(self, game: Game, seed: int | None = None, **params: Any) -> None:
        unknown = sorted(set(params) - set(DEFAULTS))
        if unknown:
            raise ValueError(f"expectimax takes depth, width, samples; not {', '.join(unknown)}")
        evaluate = evaluation_of(game)
        if evaluate is None:
            raise ValueError(f"expectimax needs a position evaluation, which {game.id} lacks")
        super().__init__(game, seed, **params)
        self.depth = self.count(params, DEFAULTS, "depth", 1)
        self.search = Expectimax(
            evaluate,
            game.num_players,
            width=self.count(params, DEFAULTS, "width", 0),
            samples=self.count(params, DEFAULTS, "samples", 0),
            rng=self.rng,
        )

    @classmethod
    def plays(cls, game: Game) -> bool:
        """Only games with a `search.evaluate`: without one there is nothing to look ahead to."""
        return evaluation_of(game) is not None

    def act(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        mover = state.current_player()
        shuffled = self.rng.sample(legal, len(legal))
        best_value, choice = float("-inf"), shuffled[0]
        for action, child in self.search.candidates(state, shuffled):
            value = self.search.value(child, self.depth - 1)[mover]
            if value > best_value:
                best_value, choice = value, action
        return choice
