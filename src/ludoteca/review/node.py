"""Values of nodes: how the review turns a value function into the value of every position.

Two values, both exact in a game whose value function is exact:

- the *static* value `S`: the model, or the result at the end. Alternatives of a decision are
  compared by the static value of where they lead, often a chance node (the next roll): the
  model reads it directly, as expanding every outcome there would multiply the cost by their
  number (36 rolls in bremen) at every move of every decision.
- the *node* value `N`, the one the review reports before and after every action: at a
  decision node the static value of the mover's best move (a one-move look-ahead, as GNU
  Backgammon values a position after a roll by its best play), and at a chance node the
  expectation of `N` over the outcomes. A roll is then worth what the best move with it is
  worth, so its luck, `N(after) - sum(p(o) * N(o))`, is the luck of the roll, and since a chance
  node's value is that expectation, luck plus the changes at decisions add up to the final value
  minus the first one for every seat.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import numpy as np

from ludoteca.agents.base import child_of
from ludoteca.core.api import State
from ludoteca.core.errors import LudotecaError
from ludoteca.review.value import ValueFunction, Values, win_shares


class NodeValues:
    """Evaluates states of one game with a value function, batching the model's calls."""

    def __init__(
        self, model: ValueFunction, players: int, known: dict[str, Values] | None = None
    ) -> None:
        """`known`: node values worked out before, by position (`review.starts` ships the
        costly value of a game's first position)."""
        self.model = model
        self.players = players
        self._node: dict[str, Values] = dict(known or {})
        self._moves: dict[str, list[Values]] = {}

    def static(self, states: Sequence[State]) -> list[Values]:
        """`S` of each state, one (players,) array per state."""
        asked = [state for state in states if not state.is_terminal()]
        modelled = iter(self.model(asked))
        return [win_shares(s) if s.is_terminal() else next(modelled) for s in states]

    def after_each(self, state: State) -> list[Values]:
        """`S` after each legal move of a decision node, in the order of `legal_actions()`."""
        return self.after_each_of([state])[0]

    def after_each_of(self, states: Sequence[State]) -> list[list[Values]]:
        """`after_each` of several decision nodes, the new ones valued `BATCH` positions per
        model call (a chance node can lead to thousands: 24,000 at villa's start)."""
        keys = [position_key(state) for state in states]
        waiting: dict[str, list[State]] = {}
        count = 0
        for key, state in zip(keys, states, strict=True):
            if key in self._moves or key in waiting:
                continue
            waiting[key] = [child_of(state, a) for a in state.legal_actions()]
            count += len(waiting[key])
            if count >= BATCH:
                self._value_children(waiting)
                waiting, count = {}, 0
        self._value_children(waiting)
        return [self._moves[key] for key in keys]

    def _value_children(self, children: dict[str, list[State]]) -> None:
        valued = iter(self.static([child for row in children.values() for child in row]))
        for key, row in children.items():
            self._moves[key] = [next(valued) for _ in row]

    def node(self, state: State) -> Values:
        """`N` of a state (remembered, like `after_each`: consecutive actions share positions)."""
        key = position_key(state)
        known = self._node.get(key)
        if known is None:
            known = self._node[key] = self._node_value(state)
        return known

    def _node_value(self, state: State) -> Values:
        total = np.zeros(self.players)
        leaves = _leaves(state)
        deciding = [leaf for _, leaf in leaves if not leaf.is_terminal()]
        moves = iter(self.after_each_of(deciding))
        for weight, leaf in leaves:
            if leaf.is_terminal():
                total += weight * win_shares(leaf)
            else:
                total += weight * best(leaf, next(moves))
        return total


def best(state: State, valued: Sequence[Values]) -> Values:
    """The values after the mover's best move (the first of equals)."""
    mover = state.current_player()
    return valued[int(np.argmax([v[mover] for v in valued]))]


def _leaves(state: State) -> list[tuple[float, State]]:
    """The decision or terminal nodes a state stands for, with the probability of reaching each.

    Chance outcomes can lead to further chance nodes, and in a loop: in ludo, with every pawn
    in reserve, the seats roll in turn until one throws a six. The chance nodes reachable
    through chance alone are collected, and the probability that each first reaches a decision
    or terminal node is solved exactly as an absorbing Markov chain.
    """
    if not state.is_chance_node():
        return [(1.0, state)]
    index: dict[str, int] = {position_key(state): 0}
    nodes, edges = [state], []
    leaves: dict[str, tuple[int, State]] = {}
    for node in nodes:  # grows while it is read: a breadth-first walk
        out: list[tuple[float, str, int]] = []
        for action, probability in node.chance_outcomes():
            child = node.clone()
            child.apply_action(action)
            key = position_key(child)
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


BATCH = 512
"""Positions valued per model call: large enough to amortise it, small enough that the start
of villa (150,000 positions, 28 KB of features each) never sits in memory at once."""
MAX_CHANCE_NODES = 2000
"""A bound on the chance nodes reachable through chance alone (ludo's start needs a few dozen)."""


def position_key(state: State) -> str:
    """The position without its history and seed: the same position by any path is one node."""
    position = state.to_json()
    position.pop("history")
    position.pop("seed")
    return json.dumps(position, sort_keys=True)
