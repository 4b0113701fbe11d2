"""`mcts`: Monte Carlo tree search (UCT) for any ludoteca game, any number of players.

Parameters (`mcts:iterations=2000,rollout=greedy`), all optional:

- `iterations`: simulations per move (default per game, see `game_defaults`);
- `seconds`: a time budget per move: alone, as many simulations as fit; with `iterations`,
  the search stops at whichever limit comes first. A time budget depends on the machine, so
  a search that it cuts short is not reproducible;
- `c`: the exploration constant of UCB1 (returns lie in [-1, 1]; default 1.4);
- `rollout`: `random` (default) or `greedy` (the game's greedy bot plays the simulations);
- `depth`: actions a simulation plays before it stops and the game's
  `search.evaluate(state, seat)` (squashed into (-1, 1) by tanh) scores it for every seat, or
  0 for every seat in a game without one; 0 means play to the end;
- `reuse`: `true` (default) keeps the tree between moves and continues from the subtree the
  game has reached since (chance outcomes included); `false` starts afresh each move;
- `kernel`: `auto` (default) searches on the game's compiled kernel where it has one and the
  rollouts are random (`agents.kernels`: the whole tree compiled, else compiled rollouts under
  the Python tree); `rollout` keeps the Python tree with compiled rollouts; `off` plays on the
  reference engine alone. The compiled search is as reproducible from its seed, with its own
  random stream, so it plays other (equally strong) moves than the reference one;
- `guide`: `none` (default) or `greedy`: the game's greedy bot orders the moves each node
  tries, and a node has at most `widen` (default 1) x sqrt(visits) children
  (`agents.mcts_guided`: progressive widening); a guided search runs the Python tree.

The defaults differ per game because a simulation costs very different amounts: a random
bremen game practically never ends and a villa action runs the physics.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from ludoteca.agents.base import Agent
from ludoteca.agents.expectimax import evaluation_of
from ludoteca.agents.kernels import CompiledSearch, Rollout, rollout_kernel, search_kernel
from ludoteca.agents.mcts_guided import Guide, GuidedTree
from ludoteca.agents.mcts_tree import Node, Tree, descend
from ludoteca.core.api import Game, State
from ludoteca.core.chance import sample_outcome
from ludoteca.core.registry import game_module
from ludoteca.i18n import N_

PARAMETERS = ("iterations", "seconds", "c", "rollout", "depth", "reuse", "kernel", "guide", "widen")
BASE_DEFAULTS: dict[str, str] = {
    "iterations": "400",
    "seconds": "0",
    "c": "1.4",
    "rollout": "random",
    "depth": "0",
    "reuse": "true",
    "kernel": "auto",
    "guide": "none",
    "widen": "1",
}
Evaluate = Callable[[State, int], float]


def game_defaults(game: Game) -> dict[str, str]:
    """What the game's `search.MCTS_DEFAULTS` changes of `BASE_DEFAULTS`: each game sets a budget
    under which a move takes well under a second (see docs/agents.md)."""
    defaults: dict[str, str] = getattr(game_module(game.id, "search"), "MCTS_DEFAULTS", {})
    return defaults


def _count(params: dict[str, str], key: str, low: int) -> int:
    text = params[key]
    try:
        value = int(text)
    except ValueError:
        value = low - 1
    if value < low:
        raise ValueError(f"mcts {key} must be a whole number >= {low}, not {text!r}")
    return value


def _real(params: dict[str, str], key: str, low: float) -> float:
    text = params[key]
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not value >= low or math.isinf(value):
        raise ValueError(f"mcts {key} must be a number >= {low:g}, not {text!r}")
    return value


def _choice(params: dict[str, str], key: str, options: tuple[str, ...]) -> str:
    value = params[key].lower()
    if value not in options:
        raise ValueError(f"mcts {key} must be one of {', '.join(options)}, not {params[key]!r}")
    return value


class MCTSAgent(Agent):
    """UCT with per-seat returns, sampled chance nodes and tree reuse (see the module)."""

    name = "mcts"
    description = N_("Monte Carlo tree search: simulates many games from the position")

    def __init__(self, game: Game, seed: int | None = None, **params: Any) -> None:
        unknown = sorted(set(params) - set(PARAMETERS))
        if unknown:
            raise ValueError(f"mcts takes {', '.join(PARAMETERS)}; not {', '.join(unknown)}")
        super().__init__(game, seed, **params)
        given = {**BASE_DEFAULTS, **game_defaults(game)}
        given.update({key: str(value) for key, value in params.items()})
        self.seconds = _real(given, "seconds", 0.0)
        if self.seconds and "iterations" not in params:
            given["iterations"] = "0"  # a time budget alone: as many as fit
        self.iterations = _count(given, "iterations", 0 if self.seconds else 1)
        self.exploration = _real(given, "c", 0.0)
        self.depth = _count(given, "depth", 0)
        self.reuse = _choice(given, "reuse", ("true", "false")) == "true"
        rollout = _choice(given, "rollout", ("random", "greedy"))
        self.evaluate: Evaluate | None = evaluation_of(game)
        self.policy: Agent | None = None
        """The bot that plays the rollouts; None: uniformly random moves."""
        if rollout == "greedy":
            self.policy = self._greedy()(game, seed=self.rng.getrandbits(48))
        self.guide: Guide | None = None
        if _choice(given, "guide", ("none", "greedy")) == "greedy":
            widen = _real(given, "widen", 0.0)
            self.guide = Guide(self._greedy()(game, seed=self.rng.getrandbits(48)), widen, self.rng)
        self.tree: Tree | None = None
        self.tree_history: list[int] = []
        kernel = _choice(given, "kernel", ("auto", "rollout", "off"))
        self.compiled: CompiledSearch | None = None
        """The whole search compiled (`kernel=auto`, random rollouts, where the game has it)."""
        self.fast_rollout: Rollout | None = None
        """The compiled random rollout under the Python tree."""
        if rollout == "random" and kernel == "auto" and self.guide is None:
            self.compiled = search_kernel(game, self.exploration, self.depth, self.reuse, self.rng)
        if rollout == "random" and kernel != "off" and self.compiled is None:
            self.fast_rollout = rollout_kernel(game)

    def act(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.compiled is not None:
            return self.compiled.act(state, self.iterations, self.seconds, self.rng)
        tree = self._tree_for(state)
        deadline = time.monotonic() + self.seconds if self.seconds else math.inf
        done = 0
        while done < self.iterations or not self.iterations:
            tree.grow(state)
            done += 1
            if time.monotonic() >= deadline:
                break
        return tree.root.most_visited(self.rng)

    def _tree_for(self, state: State) -> Tree:
        """The kept tree moved on to `state`, or a fresh one."""
        history = state.history()
        root = None
        known = len(self.tree_history)
        if self.reuse and self.tree is not None and history[:known] == self.tree_history:
            root = descend(self.tree.root, history[known:])
        if root is None or root.player != state.current_player():
            root = Node(state, self.rng) if self.guide is None else self.guide.node(state)
        if self.guide is None:
            self.tree = Tree(root, self.exploration, self._simulate, self.rng)
        else:
            self.tree = GuidedTree(root, self.exploration, self._simulate, self.rng, self.guide)
        self.tree_history = history if self.reuse else []
        return self.tree

    def _greedy(self) -> type[Agent]:
        greedy = _game_bots(self.game).get("greedy")
        if greedy is None:
            raise ValueError(f"{self.game.id} has no greedy bot to play or guide mcts")
        return greedy

    def _simulate(self, state: State) -> list[float]:
        """Play on from `state` by the rollout policy; score it at the depth cut-off."""
        rng = self.rng
        if self.fast_rollout is not None:
            return self.fast_rollout(state, self.depth, rng)
        policy = self.policy
        left = self.depth or math.inf
        while not state.is_terminal():
            if left <= 0:
                return self._cut_off(state)
            left -= 1
            if state.is_chance_node():
                state.apply_action(sample_outcome(state, rng))
            elif policy is not None:
                state.apply_action(policy.act(state))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        return state.returns()

    def _cut_off(self, state: State) -> list[float]:
        evaluate = self.evaluate
        seats = range(self.game.num_players)
        if evaluate is None:
            return [0.0 for _ in seats]
        return [math.tanh(evaluate(state, seat)) for seat in seats]


def _game_bots(game: Game) -> dict[str, type[Agent]]:
    bots: dict[str, type[Agent]] = getattr(game_module(game.id, "bots"), "AGENTS", {})
    return bots
