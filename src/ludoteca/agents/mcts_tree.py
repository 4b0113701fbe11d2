"""The search tree of `mcts`: UCT for any number of players, with chance nodes sampled.

Every node keeps, per seat, the sum of the returns of the simulations that passed through it,
so a decision node can pick the child best for the seat to move there (max^n), whoever that
is. A chance node draws its outcome by `chance_outcomes()` probabilities from the searcher's
own generator, never from the game's seed: the bot must not know the future dice or cards.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ludoteca.core.api import CHANCE, TERMINAL, State
from ludoteca.core.chance import pick

Rollout = Callable[[State], list[float]]
"""Plays a simulation on from a state (changing it) and gives one value per seat."""


class Node:
    """One position of the tree: who is to move, what is left to try, what was seen below."""

    __slots__ = ("children", "outcomes", "player", "totals", "untried", "visits")

    def __init__(self, state: State, rng: random.Random) -> None:
        self.player = state.current_player()
        self.visits = 0
        self.totals = [0.0] * state.game.num_players
        self.children: dict[int, Node] = {}
        self.outcomes: list[tuple[int, float]] = []
        self.untried: list[int] = []
        if self.player == CHANCE:
            self.outcomes = state.chance_outcomes()
        elif self.player != TERMINAL:
            self.untried = state.legal_actions()
            rng.shuffle(self.untried)  # expansion order: popped from the end

    def mean(self, seat: int) -> float:
        """The mean return of `seat` over the simulations through this node."""
        return self.totals[seat] / self.visits if self.visits else 0.0

    def most_visited(self, rng: random.Random) -> int:
        """The child action tried most often (the move to play); ties go to `rng`."""
        top = max(child.visits for child in self.children.values())
        return rng.choice([a for a, child in self.children.items() if child.visits == top])


class Tree:
    """A UCT search from one root position; `grow` adds simulations to it."""

    def __init__(
        self, root: Node, exploration: float, rollout: Rollout, rng: random.Random
    ) -> None:
        self.root = root
        self.exploration = exploration
        self.rollout = rollout
        self.rng = rng

    def grow(self, state: State) -> None:
        """One simulation from `state` (the root's position, left unchanged)."""
        walker = state.clone()
        node = self.root
        path = [node]
        while node.player != TERMINAL:
            if node.player == CHANCE:
                action = pick(node.outcomes, self.rng.random())
            elif node.untried and self.widens(node):
                action = node.untried.pop()
                walker.apply_action(action)
                node.children[action] = node = self.new_node(walker)
                path.append(node)
                break
            else:
                action = self._select(node)
            walker.apply_action(action)
            child = node.children.get(action)
            if child is None:  # a chance outcome not drawn before
                child = node.children[action] = self.new_node(walker)
            node = child
            path.append(node)
        values = walker.returns() if walker.is_terminal() else self.rollout(walker)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat, value in enumerate(values):
                totals[seat] += value

    def new_node(self, state: State) -> Node:
        """A node for `state`, its untried actions in expansion order (popped from the end)."""
        return Node(state, self.rng)

    def widens(self, node: Node) -> bool:
        """Whether `node` tries a new action now rather than choose among those it has."""
        return True

    def _select(self, node: Node) -> int:
        """UCB1 for the seat to move: its mean return plus the exploration bonus."""
        seat = node.player
        scale = self.exploration * math.sqrt(math.log(node.visits))
        best_action, best_score = -1, -math.inf
        for action, child in node.children.items():
            score = child.totals[seat] / child.visits + scale / math.sqrt(child.visits)
            if score > best_score:
                best_action, best_score = action, score
        return best_action


def descend(node: Node, actions: list[int]) -> Node | None:
    """The node reached from `node` along `actions`, or None if the tree never went there."""
    for action in actions:
        child = node.children.get(action)
        if child is None:
            return None
        node = child
    return node
