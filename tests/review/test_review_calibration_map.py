"""The calibration statistics (bins, ECE, paired bootstrap) and the calibration map: fitted on
known inputs, applied only to the model it was fitted on, and in force for every shipped map."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import ludoteca
from ludoteca.agents import strongest
from ludoteca.review.calibration import (
    bin_sums,
    expected_calibration_error,
    paired_gain,
    reliability_bins,
)
from ludoteca.review.calibration_map import (
    MAPS,
    Calibrated,
    apply_map,
    fit_map,
    map_json,
    model_digest,
    with_map,
)
from ludoteca.review.net import candidates, shipped_value
from ludoteca.review.value import TensorModel, softmax


def test_ece_of_known_bins() -> None:
    # Four positions of two seats: predictions 0.3/0.7 whose seats win 1 of 4 and 3 of 4 times.
    predicted = np.array([[0.3, 0.7]] * 4)
    targets = np.array([[1.0, 0.0], [0.0, 1.0], [0.0, 1.0], [0.0, 1.0]])
    sums = bin_sums(predicted, targets)
    assert reliability_bins(sums) == [(pytest.approx(0.3), 0.25, 4), (pytest.approx(0.7), 0.75, 4)]
    assert expected_calibration_error(sums) == pytest.approx(0.05)
    perfect = bin_sums(np.array([[0.5, 0.5]] * 2), np.array([[1.0, 0.0], [0.0, 1.0]]))
    assert expected_calibration_error(perfect) == 0.0


def test_bin_sums_of_games_add_up_to_those_of_all() -> None:
    rng = np.random.default_rng(1)
    predicted = softmax(rng.normal(size=(40, 3)))
    targets = np.eye(3)[rng.integers(0, 3, 40)]
    parts = bin_sums(predicted[:15], targets[:15]) + bin_sums(predicted[15:], targets[15:])
    assert np.allclose(parts, bin_sums(predicted, targets))


def test_paired_bootstrap_resamples_whole_games() -> None:
    positions = np.array([10.0, 30.0, 20.0, 40.0])
    always = paired_gain(np.array([1.0, 3.0, 2.0, 4.0]), positions, seed=0)
    assert always == pytest.approx((0.1, 0.1, 0.1))  # every game gains 0.1 a position
    mixed = paired_gain(np.array([3.0, -3.0, 2.0, -2.0]), positions, seed=0)
    assert mixed[0] == 0.0 and mixed[1] < 0 < mixed[2]
    assert paired_gain(np.array([3.0, -3.0, 2.0, -2.0]), positions, seed=0) == mixed


def test_fit_map_recovers_a_known_temperature_and_seat_bias() -> None:
    rng = np.random.default_rng(2)
    logits = rng.normal(scale=2.0, size=(6000, 3))
    truth = apply_map(logits, 0.5, np.array([0.4, -0.1, -0.3]))
    targets = np.eye(3)[[rng.choice(3, p=p) for p in truth]]
    temperature, bias = fit_map(logits, targets)
    assert temperature == pytest.approx(0.5, abs=0.05)
    assert bias == pytest.approx([0.4, -0.1, -0.3], abs=0.08)
    assert bias.sum() == pytest.approx(0.0, abs=1e-12)


def test_a_map_applies_only_to_the_model_it_was_fitted_on(tmp_path: Path) -> None:
    game = ludoteca.load("museum", players=2)
    model = TensorModel.load(game)
    path = tmp_path / "museum-2p.json"
    path.write_text(json.dumps(map_json(model, 2.0, np.array([0.1, -0.1]))))
    other = TensorModel(game, model.weights * 1.01, model.evaluation)
    calibrated = with_map([other, model], tmp_path)  # the one it was fitted on, not the first
    assert isinstance(calibrated, Calibrated) and calibrated.model is model
    states = [game.new_initial_state(seed=3)]
    while states[-1].is_chance_node():
        states[-1].apply_action(states[-1].legal_actions()[0])
    want = softmax(model.logits(states) / 2.0 + np.array([0.1, -0.1]))
    assert np.allclose(calibrated(states), want)
    assert model_digest(calibrated) != model_digest(model)  # the review's starts see the change
    assert with_map([other], tmp_path) is None


@pytest.mark.parametrize("path", sorted(MAPS.glob("*.json")), ids=lambda p: p.stem)
def test_every_shipped_map_is_in_force(path: Path) -> None:
    data = json.loads(path.read_text())
    game = ludoteca.load(data["game"], players=data["players"])
    assert data["options"] == dict(game.options)
    fitted_on = [model_digest(model) for model in candidates(game)]
    assert data["model"] in fitted_on, "refit the map (its command): its model changed"
    assert data["agent"] == strongest(game), "refit the map (its command): the hard bot changed"
    value = shipped_value(game)
    assert isinstance(value, Calibrated) and value.temperature == data["temperature"]
    assert model_digest(value.model) == data["model"]
