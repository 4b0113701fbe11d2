"""Values of nodes: the model at decision nodes, the exact result at the end, and at chance
nodes the expectation over the listed outcomes.

Defining a chance node's value as `sum(p(o) * V(o))` is what makes a review add up: the luck of
an outcome is then exactly the change it causes, so decision changes plus luck telescope to the
final value minus the first one for every seat.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ludoteca.core.api import State
from ludoteca.review.value import ValueFunction, Values, win_shares


class NodeValues:
    """Evaluates states of one game with a value function, batching the model's calls."""

    def __init__(self, model: ValueFunction, players: int) -> None:
        self.model = model
        self.players = players

    def of(self, states: Sequence[State]) -> list[Values]:
        """The value of each state, one (players,) array per state."""
        leaves: list[tuple[int, float, State]] = []
        for index, state in enumerate(states):
            leaves.extend((index, weight, leaf) for weight, leaf in _leaves(state))
        asked = [leaf for _, _, leaf in leaves if not leaf.is_terminal()]
        modelled = iter(self.model(asked))
        totals = [np.zeros(self.players) for _ in states]
        for index, weight, leaf in leaves:
            value = win_shares(leaf) if leaf.is_terminal() else next(modelled)
            totals[index] += weight * value
        return totals

    def one(self, state: State) -> Values:
        return self.of([state])[0]

    def after_each(self, state: State, actions: Sequence[int]) -> list[Values]:
        """The value after each of `actions` from `state`."""
        children = []
        for action in actions:
            child = state.clone()
            child.apply_action(action)
            children.append(child)
        return self.of(children)


def _leaves(state: State) -> list[tuple[float, State]]:
    """The decision or terminal nodes a state stands for, with their probabilities."""
    if not state.is_chance_node():
        return [(1.0, state)]
    leaves: list[tuple[float, State]] = []
    for action, probability in state.chance_outcomes():
        child = state.clone()
        child.apply_action(action)
        leaves.extend((probability * weight, leaf) for weight, leaf in _leaves(child))
    return leaves
