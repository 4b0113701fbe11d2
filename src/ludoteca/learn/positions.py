"""Training positions for a value network: self-play games, their decisions encoded per seat.

Each game is played by the run's agent in every seat (`arena.match.play_game`, which plays on
the compiled kernels where the agent has them) and then replayed on the game's compiled kernel
in one pass (`vector.engine`'s replay loop), which encodes every seat's observation tensor at
the decisions kept; villa, which has no kernel, is replayed on the reference engine. The target
of a position is the game's final result as win shares (a Monte-Carlo target). Game i's seed
depends only on the run's seed and i, so the positions do not depend on the number of jobs.

Test positions (`compare=True`) also carry the shipped softmax model's prediction of the same
position, so the network and today's value are compared on exactly the same positions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca.analysis.selfplay import SelfPlay
from ludoteca.arena.match import play_game
from ludoteca.arena.workers import Workers
from ludoteca.core.api import Game
from ludoteca.core.fastrng import MASK64
from ludoteca.core.registry import game_module, has_game_module
from ludoteca.interop.spaces import bounds
from ludoteca.review.value import TensorModel

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


def play_positions(task: tuple[Plan, int]) -> tuple[int, Floats, Any, Any] | None:
    """Observations, targets and (with `compare`) softmax values of game `index`'s kept
    decisions; None for a game cut off unfinished."""
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
    if plan.compare or not has_game_module(game.id, "fast_batch"):
        # Two passes on the reference engine: which nodes are decisions, then the kept ones.
        state = game.new_initial_state(seed=seed)
        decisions = []
        for j, action in enumerate(actions):
            if not state.is_chance_node():
                decisions.append(j)
            state.apply_action(action)
        kept = keep(decisions)
        wanted, states = set(kept), []
        state = game.new_initial_state(seed=seed)
        for j, action in enumerate(actions):
            if j in wanted:
                states.append(state.clone())
            state.apply_action(action)
        if plan.compare:
            softmax = TensorModel.load(game)(states)
        if has_game_module(game.id, "fast_batch"):
            observations = encode_on_kernel(game, seed, actions, lambda _: kept)
        else:
            tensor = game_module(game.id, "tensor")
            assert tensor is not None, f"{game.id} has no observation tensor"
            encode = tensor.encode
            observations = np.stack(
                [
                    np.stack([np.ravel(encode(s, seat)) for seat in range(game.num_players)])
                    for s in states
                ]
            ).astype(np.float32)
    else:
        observations = encode_on_kernel(game, seed, actions, keep)
    targets = np.broadcast_to(result_shares(result.returns), (len(observations), game.num_players))
    return index, observations, targets.copy(), softmax


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
