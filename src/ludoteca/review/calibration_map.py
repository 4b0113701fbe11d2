"""A calibration map over a value function: win chances from `softmax(logits / T + b)`.

A value fitted on one kind of play (the softmax value on `medium`'s ludo games, say) may be
over- or under-confident on another; the hard bots' games are what families meet. The map
keeps the model and rescales its scores: a temperature `T` (above 1 softens, below 1 sharpens)
and a bias per seat `b` (summing to 0; the side to move first may win more often than the
features say). It is fitted by minimising the cross-entropy on the hard bots' games of seeds
kept for it (`benchmarks/calibration_table.py fit`), never on the games that measure it, and is
shipped as `maps/<game>-<players>p.json` with a digest of the model it was fitted on: a
refitted or retrained model has its old map ignored, so a map never rescales another model.
Where a network is shipped, maps are fitted over it and over the softmax value, and the one that
forecasts those games better is kept: its digest says which model reviews use.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from ludoteca.core.api import Game, State
from ludoteca.review.value import softmax

MAPS = Path(__file__).with_name("maps")
Array = npt.NDArray[np.float64]


class Weighted(Protocol):
    @property
    def weights(self) -> Array: ...


class Scored(Weighted, Protocol):
    """A value function that exposes the per-seat scores its softmax is taken of."""

    game: Game

    def logits(self, states: Sequence[State]) -> Array: ...

    def __call__(self, states: Sequence[State]) -> Array: ...


def map_path(game: Game, directory: Path | None = None) -> Path:
    return (directory or MAPS) / f"{game.id}-{game.num_players}p.json"


def model_digest(model: Weighted) -> str:
    """The fingerprint of a model's weights (the map holds only for them)."""
    return hashlib.sha256(model.weights.tobytes()).hexdigest()[:16]


def apply_map(logits: Array, temperature: float, bias: Array) -> Array:
    """Win probabilities of (N, players) scores under the map."""
    return softmax(logits / temperature + bias)


def fit_map(
    logits: Array, targets: Array, steps: int = 500, rate: float = 0.05
) -> tuple[float, Array]:
    """The temperature and seat biases minimising the mean cross-entropy against the win
    shares (full-batch Adam on log T and b; deterministic). The biases sum to 0."""
    players = logits.shape[1]
    theta = np.zeros(players + 1)  # log(1 / T), then the biases
    first, second = np.zeros_like(theta), np.zeros_like(theta)
    for step in range(1, steps + 1):
        inverse = np.exp(theta[0])
        residual = softmax(logits * inverse + theta[1:]) - targets  # d loss / d scaled logit
        gradient = np.concatenate(
            [[np.mean(np.sum(residual * logits, axis=1)) * inverse], residual.mean(axis=0)]
        )
        first = 0.9 * first + 0.1 * gradient
        second = 0.999 * second + 0.001 * gradient**2
        theta -= rate * (first / (1 - 0.9**step)) / (np.sqrt(second / (1 - 0.999**step)) + 1e-9)
    bias = theta[1:] - theta[1:].mean()
    return float(np.exp(-theta[0])), bias


class Calibrated:
    """A value function with its calibration map applied; `weights` fingerprints both."""

    def __init__(self, model: Scored, temperature: float, bias: Array) -> None:
        self.model = model
        self.game = model.game
        self.temperature = temperature
        self.bias = np.asarray(bias, dtype=np.float64)

    @property
    def weights(self) -> Array:
        return np.concatenate([self.model.weights, [self.temperature], self.bias])

    def __call__(self, states: Sequence[State]) -> Array:
        if not states:
            return np.zeros((0, self.game.num_players))
        return apply_map(self.model.logits(states), self.temperature, self.bias)


def map_json(model: Scored, temperature: float, bias: Array, **about: Any) -> dict[str, Any]:
    """The map's file: what it is for (game, players, options, the model's digest) and why."""
    return {
        "game": model.game.id,
        "players": model.game.num_players,
        "options": dict(model.game.options),
        "model": model_digest(model),
        "temperature": round(temperature, 6),
        "bias": [round(float(b), 6) for b in bias],
        **about,
    }


def with_map(models: Sequence[Scored], directory: Path | None = None) -> Calibrated | None:
    """The model of `models` that the game's shipped map was fitted on, under that map; None
    where no map is shipped for any of them (no file, or one fitted on other weights or
    options)."""
    game = models[0].game
    path = map_path(game, directory)
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("options") != dict(game.options):
        return None
    for model in models:
        if data.get("model") == model_digest(model):
            return Calibrated(model, float(data["temperature"]), np.asarray(data["bias"]))
    return None
