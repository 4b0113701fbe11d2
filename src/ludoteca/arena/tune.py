"""Tune a game's greedy bot by self-play: the cross-entropy method over its weights.

A candidate is a vector z of log-factors: weight k plays at default_k x exp(z_k) (rounded to
four significant digits, so the spec and the file hold the same number), which keeps every
weight's sign and lets a weight of 10 and one of 0.2 move on the same scale. The search starts
at z = 0, the default greedy. A candidate's fitness is its mean return against default greedy
bots over the generation's games: every candidate plays the same seeded games (common random
numbers, so the comparison is not swamped by dice luck), each seed once from every seat.

Everything random comes from `--seed`: the sampling and the game seeds are separate streams of
one `numpy.random.SeedSequence`, and games return in a fixed order whatever the number of
worker processes, so the same arguments give the same weights.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console

import ludoteca
from ludoteca.agents.tuned import weighted_greedy
from ludoteca.arena.cem import CemSettings, Generation, Points, Scores, maximise
from ludoteca.arena.cluster import Cluster, open_runner
from ludoteca.arena.match import play_game
from ludoteca.core.api import Game
from ludoteca.core.errors import InvalidOptionError
from ludoteca.terminal.progress import games_progress

METHOD = "cross-entropy method"
REFERENCE = "greedy"
SEED_LIMIT = 2**31


@dataclass(frozen=True)
class TuneSettings:
    """Everything that determines the tuned weights (the number of worker processes does not)."""

    game: str
    players: int
    generations: int
    population: int
    games: int
    """Games per candidate per generation."""
    seed: int
    options: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("generations", "games"):
            if getattr(self, name) < 1:
                raise InvalidOptionError(f"--{name} must be at least 1, not {getattr(self, name)}")
        if self.population < 2:
            raise InvalidOptionError(f"--population must be at least 2, not {self.population}")
        if self.seed < 0:
            raise InvalidOptionError(f"--seed must not be negative, not {self.seed}")

    def command(self) -> str:
        """The command line that reproduces these weights."""
        words = [
            f"ludoteca tune {self.game} --players {self.players}",
            f"--generations {self.generations} --population {self.population}",
            f"--games {self.games} --seed {self.seed}",
            *(f"--option {key}={value}" for key, value in self.options.items()),
        ]
        return " ".join(words)


@dataclass(frozen=True)
class TuneResult:
    """The tuned weights and how they were found: the contents of `tuned.json`."""

    settings: TuneSettings
    game_options: dict[str, Any]
    weights: dict[str, float]
    defaults: dict[str, float]
    history: list[dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        s = self.settings
        return {
            "game": s.game,
            "agent": REFERENCE,
            "weights": self.weights,
            "defaults": self.defaults,
            "provenance": {
                "method": METHOD,
                "parameterisation": "weight = default x exp(z), z ~ N(mean, spread^2)",
                "fitness": f"mean return against {REFERENCE} with default weights",
                "command": s.command(),
                "seed": s.seed,
                "players": s.players,
                "options": self.game_options,
                "generations": s.generations,
                "population": s.population,
                "games_per_candidate": s.games,
                "history": self.history,
            },
        }

    def write(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_json(), indent=2) + "\n", encoding="utf-8")


def weights_at(defaults: dict[str, float], z: Sequence[float]) -> dict[str, float]:
    """The weights of log-factor vector `z`, each rounded to four significant digits."""
    return {
        name: float(f"{value * math.exp(factor):.4g}")
        for (name, value), factor in zip(defaults.items(), z, strict=True)
    }


def greedy_spec(weights: dict[str, float]) -> str:
    """`greedy:a=1.2,b=0.3`: the agent spec that plays with exactly these weights."""
    return REFERENCE + ":" + ",".join(f"{name}={value!r}" for name, value in weights.items())


@dataclass(frozen=True)
class Match:
    """One game of a candidate against reference bots: what a worker process needs."""

    game: str
    players: int
    options: tuple[tuple[str, str], ...]
    candidate: str
    seat: int
    seed: int


@cache
def _game(game_id: str, players: int, options: tuple[tuple[str, str], ...]) -> Game:
    return ludoteca.load(game_id, players=players, **dict(options))


def play_match(match: Match) -> float:
    """The candidate's return in one game (zero for a game given up unfinished)."""
    game = _game(match.game, match.players, match.options)
    specs = [REFERENCE] * match.players
    specs[match.seat] = match.candidate
    return play_game(game, specs, match.seed).returns[match.seat]


def matches(settings: TuneSettings, specs: Sequence[str], seeds: Sequence[int]) -> list[Match]:
    """Every candidate's games in one generation: game i is seed i // players from seat
    i % players, so each seed is played from every seat in turn."""
    options = tuple(settings.options.items())
    n = settings.players
    return [
        Match(settings.game, n, options, spec, seat=i % n, seed=seeds[i // n])
        for spec in specs
        for i in range(settings.games)
    ]


def tune(
    settings: TuneSettings,
    jobs: int | None = 1,
    console: Console | None = None,
    cluster: Cluster | None = None,
) -> TuneResult:
    """Run the search of the module docstring; `console` shows a progress bar with ETA.

    The games are played by `jobs` local processes, or as Ray tasks on `cluster`.
    """
    game = ludoteca.load(settings.game, players=settings.players, **settings.options)
    defaults = dict(weighted_greedy(game).weights)
    sampling, seeding = (
        np.random.default_rng(s) for s in np.random.SeedSequence(settings.seed).spawn(2)
    )
    seeds_per_generation = -(-settings.games // settings.players)
    history: list[dict[str, Any]] = []
    progress = games_progress(console)
    total = settings.generations * settings.population * settings.games
    with open_runner(cluster, jobs) as workers, progress:
        task = progress.add_task(f"tuning {settings.game}", total=total)

        def score(points: Points) -> Scores:
            specs = [greedy_spec(weights_at(defaults, z)) for z in points]
            seeds = [int(s) for s in seeding.integers(0, SEED_LIMIT, seeds_per_generation)]
            returns = []
            for value in workers.in_order(play_match, matches(settings, specs, seeds)):
                returns.append(value)
                progress.advance(task)
            per_game = np.asarray(returns, dtype=np.float64)
            fitness: Scores = per_game.reshape(settings.population, settings.games).mean(axis=1)
            return fitness

        def record(generation: Generation) -> None:
            history.append(_summary(len(history) + 1, generation, defaults))
            progress.update(
                task, description=f"tuning {settings.game}: best {generation.best:+.3f}"
            )

        cem = CemSettings(settings.generations, settings.population)
        found = maximise(score, np.zeros(len(defaults)), cem, sampling, record)
    return TuneResult(
        settings=settings,
        game_options=dict(game.options),
        weights=weights_at(defaults, found[-1].mean),
        defaults=defaults,
        history=history,
    )


def _summary(number: int, generation: Generation, defaults: dict[str, float]) -> dict[str, Any]:
    return {
        "generation": number,
        "best": round(generation.best, 4),
        "mean": round(generation.average, 4),
        "weights": weights_at(defaults, generation.mean),
    }
