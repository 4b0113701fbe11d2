"""The cross-entropy method (CEM): a derivative-free search that tolerates noisy scores.

Each generation samples a population of points from a diagonal Gaussian, scores them all, and
moves the Gaussian towards the best few (the elite): its mean to their mean, its spread to their
spread, each blended with the old value (`smoothing`) so one lucky generation cannot throw the
search off. Single scores may be noisy (a few hundred dice games each); the elite average is
much less so, which is why CEM suits tuning bot weights by self-play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

Points = NDArray[np.float64]
Scores = NDArray[np.float64]


@dataclass(frozen=True)
class Generation:
    """What one generation found, and where it left the search."""

    best: float
    """The highest score in the population."""
    average: float
    """The population's mean score."""
    mean: tuple[float, ...]
    """The search distribution's mean after refitting to the elite."""
    spread: tuple[float, ...]
    """Its standard deviation per dimension after refitting."""


@dataclass(frozen=True)
class CemSettings:
    """The knobs of the search; the defaults suit a handful of weights in log scale."""

    generations: int
    population: int
    spread: float = 0.5
    """The starting standard deviation in every dimension."""
    elite_fraction: float = 0.25
    smoothing: float = 0.7
    """The weight of the elite's statistics against the previous ones in each refit."""
    min_spread: float = 0.15
    """A floor under the spread: noisy scores otherwise make it collapse too early."""

    def __post_init__(self) -> None:
        if self.generations < 1:
            raise ValueError(f"generations must be at least 1, not {self.generations}")
        if self.population < 2:
            raise ValueError(f"population must be at least 2, not {self.population}")
        if not 0 < self.elite_fraction <= 1:
            raise ValueError(f"elite_fraction must be in (0, 1], not {self.elite_fraction}")
        if not 0 < self.smoothing <= 1:
            raise ValueError(f"smoothing must be in (0, 1], not {self.smoothing}")

    @property
    def elite(self) -> int:
        """How many of the best points each refit uses (at least two, to measure a spread)."""
        return min(self.population, max(2, round(self.elite_fraction * self.population)))


def maximise(
    score: Callable[[Points], Scores],
    start: Points,
    settings: CemSettings,
    rng: np.random.Generator,
    on_generation: Callable[[Generation], None] | None = None,
) -> list[Generation]:
    """Search for the point with the highest expected `score`, starting around `start`.

    `score` gets a (population, dimensions) array and returns one score per row. All sampling
    comes from `rng`, so the same generator state gives the same search. The last
    generation's `mean` is the answer: unlike the best single point, it is not picked for
    its luck.
    """
    mean = np.asarray(start, dtype=np.float64).copy()
    spread = np.full_like(mean, settings.spread)
    history: list[Generation] = []
    for _ in range(settings.generations):
        points = mean + spread * rng.standard_normal((settings.population, mean.size))
        scores = np.asarray(score(points), dtype=np.float64)
        if scores.shape != (settings.population,):
            raise ValueError(f"score returned shape {scores.shape}, not ({settings.population},)")
        elite = points[np.argsort(-scores, kind="stable")[: settings.elite]]
        mean = settings.smoothing * elite.mean(axis=0) + (1 - settings.smoothing) * mean
        spread = settings.smoothing * elite.std(axis=0) + (1 - settings.smoothing) * spread
        spread = np.maximum(spread, settings.min_spread)
        generation = Generation(
            best=float(scores.max()),
            average=float(scores.mean()),
            mean=tuple(float(x) for x in mean),
            spread=tuple(float(x) for x in spread),
        )
        history.append(generation)
        if on_generation is not None:
            on_generation(generation)
    return history
