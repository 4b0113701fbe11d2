"""The shipped values of each game's first position (`review.starts`): they are what the model
gives, they are used instead of recomputing, and only for the weights they came from."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import ludoteca
from ludoteca.review.net import shipped_value
from ludoteca.review.node import NodeValues
from ludoteca.review.starts import compute, review_values, shipped
from ludoteca.review.value import PARAMS, TensorModel

FITTED = [("bremen", 2), ("ludo", 4), ("museum", 4), ("siege", 2)]


@pytest.mark.parametrize(("game_id", "players"), FITTED)
def test_the_shipped_start_value_is_the_one_the_model_gives(game_id: str, players: int) -> None:
    game = ludoteca.load(game_id, players)
    model = shipped_value(game)
    entry = compute(game)
    assert shipped(model) == {entry["position"]: pytest.approx(np.asarray(entry["value"]))}
    (value,) = shipped(model).values()
    assert value.tolist() == entry["value"]  # exactly: JSON keeps every bit of a float


@pytest.mark.parametrize("path", sorted(PARAMS.glob("*p.json")), ids=lambda p: p.stem)
def test_every_fitted_pair_ships_its_start_value(path: Path) -> None:
    """`python -m ludoteca.review.starts` was run after the last fit (or network shipped)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    game = ludoteca.load(data["game"], data["players"], **data["options"])
    assert shipped(shipped_value(game)), f"run python -m ludoteca.review.starts for {path.stem}"


@pytest.mark.slow
def test_villas_shipped_start_value_is_the_one_the_model_gives() -> None:
    game = ludoteca.load("villa", 4)
    entry = compute(game)  # about a minute: what the shipped value saves every review
    (value,) = shipped(shipped_value(game)).values()
    assert value.tolist() == entry["value"]


def test_a_review_takes_villas_start_from_the_shipped_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = ludoteca.load("villa", 4)
    values = review_values(game)

    def recompute(self: NodeValues, state: object) -> None:
        raise AssertionError("the start was valued again")

    monkeypatch.setattr(NodeValues, "_node_value", recompute)
    start = game.new_initial_state(seed=123)  # any seed: the first position is the same
    assert values.node(start).sum() == pytest.approx(1.0)


def test_a_start_value_is_not_used_for_other_weights() -> None:
    game = ludoteca.load("museum", 4)
    assert shipped(shipped_value(game))
    model = TensorModel.load(game)
    refitted = TensorModel(game, model.weights * 1.01, model.evaluation)
    assert shipped(refitted) == {}
