"""Training positions: decision nodes sampled from seeded self-play games, with their results.

Each game gives at most `per_game` positions (positions of one game are strongly correlated,
so many from few games would overstate what the data knows), each with every seat's tensor and
the game's final win shares. Game i's seed depends only on the run's seed and i, so a run gives
the same samples whatever the number of jobs.
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
from ludoteca.review.value import TensorModel, win_shares


@dataclass(frozen=True)
class Samples:
    """Positions of finished games: features (N, players, F), targets (N, players), game index."""

    features: npt.NDArray[np.float32]
    targets: npt.NDArray[np.float64]
    games: npt.NDArray[np.int64]
    unfinished: int = 0
    """Games cut off before a result (not sampled)."""

    def where(self, mask: npt.NDArray[np.bool_]) -> Samples:
        return Samples(self.features[mask], self.targets[mask], self.games[mask], self.unfinished)

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as file:
            np.savez_compressed(
                file, features=self.features, targets=self.targets, games=self.games,
                unfinished=np.array(self.unfinished),
            )  # fmt: skip

    @classmethod
    def load(cls, path: Path) -> Samples:
        with np.load(path) as data:
            return cls(data["features"], data["targets"], data["games"], int(data["unfinished"]))


@dataclass(frozen=True)
class Sampling:
    """What to play and how much of it to keep."""

    run: SelfPlay
    per_game: int = 30
    evaluation: bool = True
    """Whether the features end with the game's own evaluation (see `value.TensorModel`)."""


def sample_game(task: tuple[Sampling, int]) -> tuple[int, list[Any], list[Any]] | None:
    """Features and targets of game `index` (None when it was cut off unfinished)."""
    sampling, index = task
    run = sampling.run
    game = run.load_game()
    seed = run.game_seed(index)
    result = play_game(game, [run.agent] * game.num_players, seed)
    if not result.finished:
        return None
    model = TensorModel(game, np.zeros(1), sampling.evaluation)
    state = game.new_initial_state(seed=seed)
    positions = []
    for action in result.actions:
        if not state.is_chance_node():
            positions.append(model.features(state).astype(np.float32))
        state.apply_action(action)
    chosen = random.Random(seed).sample(positions, min(sampling.per_game, len(positions)))
    return index, chosen, [win_shares(state)] * len(chosen)


def collect(
    sampling: Sampling, jobs: int = 1, progress: Callable[[int], None] | None = None
) -> Samples:
    """The samples of every game of the run, in game order."""
    sampling.run.load_game()  # a bad game or option fails here, before any worker starts
    tasks = [(sampling, index) for index in range(sampling.run.games)]
    found: list[tuple[int, list[Any], list[Any]]] = []
    unfinished = 0
    with Workers(jobs) as workers:
        for one in workers.in_order(sample_game, tasks):
            if one is None:
                unfinished += 1
            else:
                found.append(one)
            if progress is not None:
                progress(1)
    features = [x for _, xs, _ in found for x in xs]
    targets = [y for _, _, ys in found for y in ys]
    games = [index for index, xs, _ in found for _ in xs]
    return Samples(
        np.stack(features), np.stack(targets), np.array(games, dtype=np.int64), unfinished
    )
