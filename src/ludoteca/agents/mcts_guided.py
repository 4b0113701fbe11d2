"""Guided expansion for `mcts` (`guide=greedy`): the game's greedy bot says which moves a node
tries first, and progressive widening keeps a node to its first few until it has been visited
often enough to deserve more.

Plain UCT tries every legal move once before it tries any twice; with bremen's 40 to 150 moves a
turn, a search of a few hundred simulations barely gets past that. Here a decision node tries
its moves in the greedy bot's order (its `ranked(state)`, best first, where the bot has one;
else its own choice first and the rest in random order) and may have at most
`widen * sqrt(visits)` children (at least one): the search spends its simulations on the moves
worth it and still reaches the others in a long search.
"""

from __future__ import annotations

import math
import random
from typing import Protocol

from ludoteca.agents.base import Agent
from ludoteca.agents.mcts_tree import Node, Rollout, Tree
from ludoteca.core.api import State


class Ranking(Protocol):
    def ranked(self, state: State) -> list[int]:
        """The legal actions of `state`, best first."""
        ...


class Guide:
    """Makes nodes whose untried moves are in the guiding bot's order."""

    def __init__(self, bot: Agent, widen: float, rng: random.Random) -> None:
        self.bot = bot
        self.widen = widen
        self.rng = rng

    def node(self, state: State) -> Node:
        node = Node(state, self.rng)
        if node.untried:
            node.untried = self.order(state)[::-1]  # popped from the end: the best last
        return node

    def order(self, state: State) -> list[int]:
        """The legal actions of `state`, the bot's favourite first."""
        ranked = getattr(self.bot, "ranked", None)
        if ranked is not None:
            result: list[int] = ranked(state)
            return result
        legal = state.legal_actions()
        first = self.bot.act(state.clone())
        rest = [action for action in legal if action != first]
        self.rng.shuffle(rest)
        return [first, *rest]

    def allows(self, node: Node) -> bool:
        """Whether `node` may try one more move: fewer than widen * sqrt(visits) so far."""
        return len(node.children) < max(1, math.ceil(self.widen * math.sqrt(node.visits)))


class GuidedTree(Tree):
    """The UCT tree of `mcts_tree`, its nodes made and widened by a `Guide`."""

    def __init__(
        self, root: Node, exploration: float, rollout: Rollout, rng: random.Random, guide: Guide
    ) -> None:
        super().__init__(root, exploration, rollout, rng)
        self.guide = guide

    def new_node(self, state: State) -> Node:
        return self.guide.node(state)

    def widens(self, node: Node) -> bool:
        return self.guide.allows(node)
