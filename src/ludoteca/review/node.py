"""Values of nodes: the model at decision nodes, the exact result at the end, and at chance
nodes the expectation over the listed outcomes.

Defining a chance node's value as `sum(p(o) * V(o))` is what makes a review add up: the luck of
an outcome is then exactly the change it causes, so decision changes plus luck telescope to the
final value minus the first one for every seat.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import numpy as np

from ludoteca.core.api import State
from ludoteca.core.errors import LudotecaError
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
    """The decision or terminal nodes a state stands for, with the probability of reaching each.

    Chance outcomes can lead to further chance nodes, and in a loop: in ludo, with every pawn
    in reserve, the seats roll in turn until one throws a six. The chance nodes reachable
    through chance alone are collected, and the probability that each first reaches a decision
    or terminal node is solved exactly as an absorbing Markov chain.
    """
    if not state.is_chance_node():
        return [(1.0, state)]
    index: dict[str, int] = {_key(state): 0}
    nodes, edges = [state], []
    leaves: dict[str, tuple[int, State]] = {}
    for node in nodes:  # grows while it is read: a breadth-first walk
        out: list[tuple[float, str, int]] = []
        for action, probability in node.chance_outcomes():
            child = node.clone()
            child.apply_action(action)
            key = _key(child)
            if child.is_chance_node():
                if key not in index:
                    if len(nodes) >= MAX_CHANCE_NODES:
                        raise LudotecaError(f"more than {MAX_CHANCE_NODES} chance nodes in a row")
                    index[key] = len(nodes)
                    nodes.append(child)
                out.append((probability, "chance", index[key]))
            else:
                leaves.setdefault(key, (len(leaves), child))
                out.append((probability, "leaf", leaves[key][0]))
        edges.append(out)
    among = np.zeros((len(nodes), len(nodes)))
    exits = np.zeros((len(nodes), len(leaves)))
    for row, out in enumerate(edges):
        for probability, kind, column in out:
            (among if kind == "chance" else exits)[row, column] += probability
    try:
        reach = np.linalg.solve(np.eye(len(nodes)) - among, exits)[0]
    except np.linalg.LinAlgError:
        raise LudotecaError("chance alone can go on for ever from this position") from None
    return [(float(reach[column]), leaf) for column, leaf in leaves.values()]


MAX_CHANCE_NODES = 2000
"""A bound on the chance nodes reachable through chance alone (ludo's start needs a few dozen)."""


def _key(state: State) -> str:
    """The position without its history and seed: the same position by any path is one node."""
    position = state.to_json()
    position.pop("history")
    position.pop("seed")
    return json.dumps(position, sort_keys=True)
