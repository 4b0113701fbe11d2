"""Training positions for a value network: self-play games, their decisions encoded per seat.

Each game is played by the run's agent in every seat (`arena.match.play_game`, which plays on
the compiled kernels where the agent has them) and then replayed on the game's compiled kernel
in one pass (`vector.engine`'s replay loop), which encodes every seat's observation tensor at
the decisions kept; villa, which has no kernel, is replayed on the reference engine. The target
of a position is the game's final result as win shares (a Monte-Carlo target). Game i's seed
depends only on the run's seed and i, so the positions do not depend on the number of jobs.

Test positions (`compare=True`) also carry the shipped softmax model's prediction of the same
position, so the network and today's value are compared on exactly the same positions.

With `deviate`, every training game is played a second time with one uniformly random move at a
decision drawn uniformly from the first game's, and the decisions after that move are kept too
(the first of them always), targeted by that game's result: as AlphaGo's value network was
trained, so the network also sees where the moves the bots do not play lead. Without them it
values only the positions its bots reach, and a move that leads elsewhere is read blind: by
such a network `learned` lost nearly every bremen game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca import agents
from ludoteca.analysis.selfplay import SelfPlay
from ludoteca.arena.match import play_game
from ludoteca.arena.workers import Workers
from ludoteca.core.api import Game
from ludoteca.core.bounds import MAX_ACTIONS
from ludoteca.core.chance import play_chance
from ludoteca.core.fastrng import MASK64
from ludoteca.core.registry import game_module, has_game_module
from ludoteca.interop.spaces import bounds
from ludoteca.review.value import TensorModel
from ludoteca.terminal.seats import agent_seed

Floats = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Positions:
    """Observations (N, players, size), win-share targets (N, players), the game of each, and
    (test positions only) the softmax model's predictions (N, players)."""

    observations: Floats
    targets: npt.NDArray[np.float64]
    games: npt.NDArray[np.int64]
    softmax: npt.NDArray[np.float64] | None = None
    unfinished: int = 0

    def where(self, mask: npt.NDArray[np.bool_]) -> Positions:
        softmax = None if self.softmax is None else self.softmax[mask]
        return Positions(
            self.observations[mask], self.targets[mask], self.games[mask], softmax,
            self.unfinished,
        )  # fmt: skip

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        arrays: dict[str, Any] = {
            "observations": self.observations, "targets": self.targets, "games": self.games,
            "unfinished": np.array(self.unfinished),
        }  # fmt: skip
        if self.softmax is not None:
            arrays["softmax"] = self.softmax
        with path.open("wb") as file:
            np.savez_compressed(file, **arrays)

    @classmethod
    def load(cls, path: Path) -> Positions:
        with np.load(path) as data:
            softmax = data.get("softmax")
            return cls(
                data["observations"].astype(np.float32), data["targets"], data["games"],
                softmax, int(data["unfinished"]),
            )  # fmt: skip


@dataclass(frozen=True)
class Plan:
    """Which games to play and how many decisions of each to keep."""

    run: SelfPlay
    per_game: int = 64
    compare: bool = False
    """Also value each kept position with the shipped softmax model (test positions)."""
    deviate: bool = False
    """Also keep the positions of each game played again with one random move (see above)."""
    evaluation: bool = False
    """Append each seat's evaluation by the game (`search.evaluate`) to its observation, as
    the softmax value reads it (the features of a residual network)."""


def result_shares(returns: tuple[float, ...]) -> npt.NDArray[np.float64]:
    """Win shares of a finished game's returns, as `review.value.win_shares` gives them."""
    values = np.asarray(returns, dtype=np.float64)
    best = (values >= values.max() - 1e-9).astype(np.float64)
    shares: npt.NDArray[np.float64] = best / best.sum()
    return shares


def encode_on_kernel(
    game: Game, seed: int, actions: list[int], keep: Callable[[list[int]], list[int]]
) -> Floats:
    """Replay `actions` on the game's kernel; `keep(decision nodes)` picks the nodes whose
    every seat is encoded: an array (len(kept), players, size)."""
    from ludoteca.vector import engine  # the kernels need numba, the `fast` extra

    kernel = engine.kernel(game.id)
    replay = engine.loops(game.id).replay
    cfg = kernel.config(game, max(bounds(game).max_length, len(actions) + 1))
    n, players = len(actions), game.num_players
    moves = np.array(actions, dtype=np.int64)
    offsets = np.zeros(n + 1, dtype=np.int64)

    def run(points: npt.NDArray[np.int64], size: int) -> tuple[Any, Floats]:
        who = np.empty(n + 1, dtype=np.int64)
        observed = np.zeros((len(points), size), dtype=np.float32)
        replay(
            cfg, np.uint64(seed & MASK64), moves, points.reshape(-1, 2), offsets,
            kernel.new_rows(cfg, n + 1), who, np.zeros(n + 1, dtype=np.int64),
            np.zeros(0, dtype=np.int64), np.full(n + 1, -1, dtype=np.int64),
            np.zeros(n + 1, dtype=np.int64),
            np.zeros((n + 1, kernel.MAX_OUTCOMES), dtype=np.int64),
            np.zeros((n + 1, kernel.MAX_OUTCOMES), dtype=np.float64), observed,
        )  # fmt: skip
        return who, observed

    size = int(kernel.observation_size(game))
    who, _ = run(np.zeros((0, 2), dtype=np.int64), size)
    kept = keep([j for j in range(n) if who[j] >= 0])
    points = np.array([(j, seat) for j in kept for seat in range(players)], dtype=np.int64)
    _, observed = run(points, size)
    return observed.reshape(len(kept), players, size)


DEVIATION_SALT = 0x5DEECE66D
"""Mixed into a game's seed for the generator of its deviation (its point and its move)."""


def deviating_game(
    game: Game, agent: str, seed: int, at: int, rng: random.Random
) -> tuple[list[int], tuple[float, ...] | None, int]:
    """Game `seed` played by `agent` in every seat, except that decision `at` (counted from 0)
    is a uniformly random legal move: its actions, its returns (None if cut off unfinished)
    and the index in its actions of the random move."""
    bots = [agents.load(agent, game, seed=agent_seed(seed, s)) for s in range(game.num_players)]
    state = game.new_initial_state(seed=seed)
    decision, point = 0, -1
    while len(state.history()) < MAX_ACTIONS:
        play_chance(state)
        if state.is_terminal():
            break
        if decision == at:
            point = len(state.history())
            action = rng.choice(state.legal_actions())
        else:
            action = bots[state.current_player()].act(state.clone_for_agent())
        state.apply_action(action)
        decision += 1
    returns = tuple(state.returns()) if state.is_terminal() else None
    return list(state.history()), returns, point


def deviation_positions(
    game: Game, plan: Plan, seed: int, decisions: int
) -> tuple[Floats, npt.NDArray[np.float64]] | None:
    """Observations and targets of the decisions after the random move of game `seed` played
    again with one (`deviating_game`); None if it found none or did not finish."""
    rng = random.Random(seed ^ DEVIATION_SALT)
    actions, returns, point = deviating_game(
        game, plan.run.agent, seed, rng.randrange(decisions), rng
    )
    if returns is None:
        return None

    def keep(nodes: list[int]) -> list[int]:
        after = [j for j in nodes if j > point]
        if not after:
            return []
        rest = rng.sample(after[1:], min(plan.per_game - 1, len(after) - 1))
        return sorted([after[0], *rest])

    observations = encode(game, seed, actions, keep, plan.evaluation)
    if not len(observations):
        return None
    targets = np.broadcast_to(result_shares(returns), (len(observations), game.num_players))
    return observations, targets.copy()


def encode(
    game: Game,
    seed: int,
    actions: list[int],
    keep: Callable[[list[int]], list[int]],
    evaluation: bool = False,
) -> Floats:
    """Every seat's observation at the decisions `keep(decision nodes)` picks, on the game's
    kernel, or on the reference engine for a game without one; with `evaluation`, each seat's
    evaluation after it."""
    kept: list[int] = []

    def keeping(nodes: list[int]) -> list[int]:
        kept.extend(keep(nodes))
        return kept

    if has_game_module(game.id, "fast_batch"):
        observations = encode_on_kernel(game, seed, actions, keeping)
        states = replay_states(game, seed, actions, kept) if evaluation else []
    else:
        states = replay_states(game, seed, actions, keeping(decision_nodes(game, seed, actions)))
        observations = encode_states(game, states)
    return with_evaluation(game, observations, states) if evaluation else observations


def with_evaluation(game: Game, observations: Floats, states: list[Any]) -> Floats:
    """`observations` (N, players, size) with each seat's evaluation of its state appended."""
    search = game_module(game.id, "search")
    assert search is not None, f"{game.id} has no evaluation"
    players = game.num_players
    column = np.array(
        [[search.evaluate(s, seat) for seat in range(players)] for s in states], dtype=np.float32
    ).reshape(len(states), players, 1)
    return np.concatenate([observations, column], axis=2)


def decision_nodes(game: Game, seed: int, actions: list[int]) -> list[int]:
    """The indices of the actions a seat chose (not chance) in a game replayed on the
    reference engine."""
    state = game.new_initial_state(seed=seed)
    decisions = []
    for j, action in enumerate(actions):
        if not state.is_chance_node():
            decisions.append(j)
        state.apply_action(action)
    return decisions


def replay_states(game: Game, seed: int, actions: list[int], kept: list[int]) -> list[Any]:
    """The states before actions `kept` of a game replayed on the reference engine."""
    wanted, states = set(kept), []
    state = game.new_initial_state(seed=seed)
    for j, action in enumerate(actions):
        if j in wanted:
            states.append(state.clone())
        state.apply_action(action)
    return states


def encode_states(game: Game, states: list[Any]) -> Floats:
    """Every seat's observation tensor of each state by the game's `tensor` module."""
    tensor = game_module(game.id, "tensor")
    assert tensor is not None, f"{game.id} has no observation tensor"
    players = game.num_players
    if not states:
        return np.zeros((0, players, 0), dtype=np.float32)
    return np.stack(
        [np.stack([np.ravel(tensor.encode(s, seat)) for seat in range(players)]) for s in states]
    ).astype(np.float32)


def play_positions(task: tuple[Plan, int]) -> tuple[int, Floats, Any, Any] | None:
    """Observations, targets and (with `compare`) softmax values of game `index`'s kept
    decisions (and, with `deviate`, its deviating game's after them); None for a game cut off
    unfinished."""
    plan, index = task
    run = plan.run
    game = run.load_game()
    seed = run.game_seed(index)
    result = play_game(game, [run.agent] * game.num_players, seed)
    if not result.finished:
        return None
    actions = list(result.actions)
    chooser = random.Random(seed)

    def keep(decisions: list[int]) -> list[int]:
        return sorted(chooser.sample(decisions, min(plan.per_game, len(decisions))))

    softmax = None
    if plan.compare:
        kept = keep(decision_nodes(game, seed, actions))
        softmax = TensorModel.load(game)(replay_states(game, seed, actions, kept))
        observations = encode(game, seed, actions, lambda _: kept, plan.evaluation)
    else:
        observations = encode(game, seed, actions, keep, plan.evaluation)
    targets = np.broadcast_to(result_shares(result.returns), (len(observations), game.num_players))
    targets = targets.copy()
    if plan.deviate:
        deviated = deviation_positions(game, plan, seed, sum(result.decisions))
        if deviated is not None:
            observations = np.concatenate([observations, deviated[0]])
            targets = np.concatenate([targets, deviated[1]])
    return index, observations, targets, softmax


def collect(plan: Plan, jobs: int = 1, progress: Callable[[int], None] | None = None) -> Positions:
    """The positions of every game of the plan, in game order."""
    plan.run.load_game()  # a bad game or option fails here, before any worker starts
    tasks = [(plan, index) for index in range(plan.run.games)]
    observations, targets, games, softmax = [], [], [], []
    unfinished = 0
    with Workers(jobs) as workers:
        for one in workers.in_order(play_positions, tasks):
            if progress is not None:
                progress(1)
            if one is None:
                unfinished += 1
                continue
            index, x, y, s = one
            observations.append(x)
            targets.append(y)
            games.append(np.full(len(x), index, dtype=np.int64))
            if s is not None:
                softmax.append(s)
    return Positions(
        np.concatenate(observations),
        np.concatenate(targets),
        np.concatenate(games),
        np.concatenate(softmax) if softmax else None,
        unfinished,
    )
