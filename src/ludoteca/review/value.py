"""The value function: each seat's probability of winning a position, shared wins split.

A `ValueFunction` maps a state to one probability per seat summing to 1. The shipped one is a
softmax over seats of a linear score of each seat's features: its observation tensor
(`games/<id>/tensor.py`) and, where the model says so, the game's own evaluation
(`games/<id>/search.py`, the bots' hand-written judgement of a position). Both are seen from the
seat, so one weight vector serves every seat, and the seats' values always sum to 1. The weights
are fitted on self-play games (`ludoteca review-fit`, `review.fit`) and shipped as
`params/<game>-<players>p.json`; a game without a file has no value function, and says so.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from ludoteca.core.api import Game, State
from ludoteca.core.errors import LudotecaError
from ludoteca.core.registry import game_module

Values = npt.NDArray[np.float64]
"""One win probability per seat (sum 1)."""
PARAMS = Path(__file__).with_name("params")


class NoValueFunctionError(LudotecaError):
    """A game (or player count) has no fitted value function, so it cannot be reviewed."""


class ValueFunction(Protocol):
    """Win probabilities per seat of a non-terminal state (terminal ones are scored exactly)."""

    def __call__(self, states: Sequence[State]) -> npt.NDArray[np.float64]:
        """A (len(states), players) array; each row sums to 1."""
        ...


def win_shares(state: State) -> Values:
    """The result as win shares: the seats with the best return split the win equally.

    Every game's returns rank the seats; a draw (siege) or a tie (museum) gives several seats
    the best return, and they share the win.
    """
    returns = np.asarray(state.returns(), dtype=np.float64)
    best = (returns >= returns.max() - 1e-9).astype(np.float64)
    shares: Values = best / best.sum()
    return shares


def params_path(game: Game) -> Path:
    return PARAMS / f"{game.id}-{game.num_players}p.json"


class TensorModel:
    """Softmax over seats of `weights . features(state, seat)`: a multinomial logistic model."""

    def __init__(
        self, game: Game, weights: npt.NDArray[np.float64], evaluation: bool = True
    ) -> None:
        self.game = game
        self.weights = weights
        self.evaluation = evaluation
        tensor, search = game_module(game.id, "tensor"), game_module(game.id, "search")
        if tensor is None or (evaluation and search is None):
            raise NoValueFunctionError(f"{game.id} has no observation tensor or evaluation")
        self._encode = tensor.encode
        self._evaluate = search.evaluate if evaluation and search is not None else None

    def features(self, state: State) -> npt.NDArray[np.float64]:
        """A (players, features) array: each seat's tensor, flattened, then its evaluation."""
        rows = []
        for seat in range(self.game.num_players):
            row = self._encode(state, seat).ravel().astype(np.float64)
            if self._evaluate is not None:
                row = np.append(row, self._evaluate(state, seat))
            rows.append(row)
        return np.stack(rows)

    def logits(self, states: Sequence[State]) -> npt.NDArray[np.float64]:
        """The (len(states), players) scores the win probabilities are the softmax of."""
        scores: npt.NDArray[np.float64] = (
            np.stack([self.features(s) for s in states]) @ self.weights
        )
        return scores

    def __call__(self, states: Sequence[State]) -> npt.NDArray[np.float64]:
        if not states:
            return np.zeros((0, self.game.num_players))
        return softmax(self.logits(states))

    def to_json(self, **about: Any) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "players": self.game.num_players,
            "options": dict(self.game.options),
            "evaluation": self.evaluation,
            **about,
            "weights": [round(float(w), 6) for w in self.weights],
        }

    @classmethod
    def load(cls, game: Game) -> TensorModel:
        """The shipped model of `game`; NoValueFunctionError if there is none for it."""
        path = params_path(game)
        if not path.exists():
            fitted = sorted(p.stem for p in PARAMS.glob("*.json")) or ["none"]
            raise NoValueFunctionError(
                f"{game.id} with {game.num_players} players has no fitted value function, so it"
                f" cannot be reviewed (fitted: {', '.join(fitted)}); fit one with"
                f" ludoteca review-fit {game.id} --players {game.num_players}"
            )
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("options") != dict(game.options):
            raise NoValueFunctionError(
                f"the {game.id} value function was fitted with the options {data.get('options')},"
                f" not {dict(game.options)}: a review of this variant would be uncalibrated"
            )
        return cls(game, np.asarray(data["weights"], dtype=np.float64), bool(data["evaluation"]))


def softmax(scores: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Softmax over the last axis, stable for large scores."""
    shifted = np.exp(scores - scores.max(axis=-1, keepdims=True))
    result: npt.NDArray[np.float64] = shifted / shifted.sum(axis=-1, keepdims=True)
    return result
