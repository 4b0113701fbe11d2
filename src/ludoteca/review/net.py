"""A learned value function: a small network over each seat's observation tensor, in numpy.

The network (trained by `ludoteca train`, `ludoteca.learn`) scores each seat from its own
observation tensor (`games/<id>/tensor.py`, the same numbers the compiled kernels encode) with
a few dense layers, and a softmax over the seats' scores gives the win probabilities, so they
always sum to 1 and one set of weights serves every seat, as in `value.TensorModel`. Play and
review need no training library: the weights are a small `.npz` file in `nets/`, read here with
numpy, with what made them (`about`: the command, seed, training time and held-out figures).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca.core.api import Game, State
from ludoteca.core.registry import game_module
from ludoteca.review.calibration_map import Calibrated, with_map
from ludoteca.review.value import NoValueFunctionError, TensorModel, softmax

NETS = Path(__file__).with_name("nets")
FORMAT = 1
"""The layout of a weight file; a file of another layout is refused."""

Array = npt.NDArray[np.float64]


def net_path(game: Game, directory: Path | None = None) -> Path:
    return (directory or NETS) / f"{game.id}-{game.num_players}p.npz"


class NetModel:
    """Softmax over seats of `mlp(features(state, seat))`: dense layers, ReLU between them.

    The features are the seat's observation tensor, flattened, and (`evaluation`) the game's
    own evaluation after it, as the softmax value reads them. A *residual* network
    (`linear`, from `ludoteca train --residual`) adds a linear score of the same features,
    started from the softmax value's weights: the network learns what the softmax value
    misses, and ranks moves as it does wherever it has nothing better to say.
    """

    def __init__(
        self,
        game: Game,
        layers: list[tuple[Array, Array]],
        about: dict[str, Any],
        linear: Array | None = None,
        evaluation: bool = False,
    ):
        tensor, search = game_module(game.id, "tensor"), game_module(game.id, "search")
        if tensor is None or (evaluation and search is None):
            raise NoValueFunctionError(f"{game.id} has no observation tensor or evaluation")
        self.game = game
        self.layers = layers
        self.about = about
        self.linear = linear
        self.evaluation = evaluation
        self._encode = tensor.encode
        self._evaluate = search.evaluate if evaluation and search is not None else None

    @property
    def weights(self) -> Array:
        """Every parameter in one flat array (its bytes fingerprint the model, `starts`)."""
        parts = [part.ravel() for layer in self.layers for part in layer]
        return np.concatenate(parts if self.linear is None else [*parts, self.linear])

    def features(self, state: State) -> npt.NDArray[np.float64]:
        """A (players, size) array: each seat's observation tensor, flattened, then (with
        `evaluation`) its evaluation."""
        rows = []
        for seat in range(self.game.num_players):
            row = np.ravel(self._encode(state, seat)).astype(np.float64)
            if self._evaluate is not None:
                row = np.append(row, self._evaluate(state, seat))
            rows.append(row)
        return np.stack(rows)

    def scores(self, features: npt.NDArray[np.floating[Any]]) -> Array:
        """The network's score of (..., size) features: shape (...)."""
        x = np.asarray(features, dtype=np.float64)
        inputs = x
        for k, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if k < len(self.layers) - 1:
                x = np.maximum(x, 0.0)
        result: Array = x[..., 0]
        if self.linear is not None:
            result = result + inputs @ self.linear
        return result

    def predict(self, features: npt.NDArray[np.floating[Any]]) -> Array:
        """(N, players) win probabilities of (N, players, size) features."""
        return softmax(self.scores(features))

    def logits(self, states: Sequence[State]) -> Array:
        """The (len(states), players) scores the win probabilities are the softmax of."""
        return self.scores(np.stack([self.features(s) for s in states]))

    def __call__(self, states: Sequence[State]) -> Array:
        if not states:
            return np.zeros((0, self.game.num_players))
        return softmax(self.logits(states))

    def save(self, path: Path) -> None:
        """Write the weights and `about` (with the game it is for) as one `.npz` file."""
        arrays: dict[str, Any] = {}
        for k, (w, b) in enumerate(self.layers):
            arrays[f"w{k}"], arrays[f"b{k}"] = w.astype(np.float32), b.astype(np.float32)
        if self.linear is not None:
            arrays["linear"] = self.linear.astype(np.float32)
        meta = {
            "format": FORMAT,
            "game": self.game.id,
            "players": self.game.num_players,
            "options": dict(self.game.options),
            "observation_size": int(self.layers[0][0].shape[0]) - self.evaluation,
            "layers": len(self.layers),
            **self.about,
            "evaluation": self.evaluation,
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as file:
            np.savez_compressed(file, meta=np.array(json.dumps(meta, sort_keys=True)), **arrays)

    @classmethod
    def read(cls, game: Game, path: Path) -> NetModel:
        """The network in `path`, checked to be one for `game`: same game, player count,
        options and observation size (NoValueFunctionError with the reason otherwise)."""
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                count = int(meta["layers"])
                layers = [
                    (data[f"w{k}"].astype(np.float64), data[f"b{k}"].astype(np.float64))
                    for k in range(count)
                ]
                linear = data["linear"].astype(np.float64) if "linear" in data else None
        except (OSError, KeyError, ValueError, TypeError) as exc:
            raise NoValueFunctionError(
                f"{path.name} is not a ludoteca weight file ({exc})"
            ) from exc
        if meta.get("format") != FORMAT:
            raise NoValueFunctionError(
                f"{path.name} has weight format {meta.get('format')}, this ludoteca reads {FORMAT}"
            )
        wanted = (game.id, game.num_players, dict(game.options))
        found = (meta.get("game"), meta.get("players"), meta.get("options"))
        if found != wanted:
            raise NoValueFunctionError(
                f"{path.name} holds a value network for {found[0]} with {found[1]} players and the"
                f" options {found[2]}, not for {game.id} with {game.num_players} players and"
                f" {dict(game.options)}"
            )
        size, evaluation = _observation_size(game), bool(meta.get("evaluation", False))
        read = layers[0][0].shape[0] - evaluation
        if read != size or meta.get("observation_size") != size:
            raise NoValueFunctionError(
                f"{path.name} reads observations of {read} numbers, but"
                f" {game.id} with {game.num_players} players encodes {size}"
            )
        if linear is not None and linear.shape != (layers[0][0].shape[0],):
            raise NoValueFunctionError(f"{path.name} has a linear part of another size")
        about = {k: v for k, v in meta.items() if k not in ("format", "layers", "evaluation")}
        return cls(game, layers, about, linear, evaluation)

    @classmethod
    def load(cls, game: Game) -> NetModel | None:
        """The shipped network of `game`, or None where none is shipped for its options (a
        variant: the softmax model then says what it was fitted with)."""
        path = net_path(game)
        if not path.exists():
            return None
        with np.load(path, allow_pickle=False) as data:
            options = json.loads(str(data["meta"])).get("options") if "meta" in data else None
        return cls.read(game, path) if options == dict(game.options) else None


def _observation_size(game: Game) -> int:
    tensor = game_module(game.id, "tensor")
    if tensor is None:
        raise NoValueFunctionError(f"{game.id} has no observation tensor")
    return int(np.prod(tensor.shape(game)))


Model = TensorModel | NetModel | Calibrated


def base_value(game: Game) -> TensorModel | NetModel:
    """The shipped network of `game` (only networks that beat the softmax model on held-out
    games are shipped), else its fitted softmax model (NoValueFunctionError where neither
    exists); without a calibration map."""
    return NetModel.load(game) or TensorModel.load(game)


def candidates(game: Game) -> list[TensorModel | NetModel]:
    """The models a calibration map may be fitted on: `base_value`, and the softmax value
    too where a network is shipped."""
    base = base_value(game)
    return [base] if isinstance(base, TensorModel) else [base, TensorModel.load(game)]


def shipped_value(game: Game) -> Model:
    """The value function reviews, analyses and hints use for `game`: the candidate its shipped
    calibration map was fitted on, under that map (`review.calibration_map`); `base_value`
    where no map is shipped for either."""
    models = candidates(game)
    return with_map(models) or models[0]
