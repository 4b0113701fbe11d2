"""The value model's fit and its calibration figures, on synthetic data and a tiny self-play."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from ludoteca.analysis.selfplay import SelfPlay
from ludoteca.core.registry import load
from ludoteca.review.calibration import brier, calibrate
from ludoteca.review.fit import fit_game
from ludoteca.review.samples import Sampling
from ludoteca.review.softmax_fit import cross_entropy, fit, predict
from ludoteca.review.value import TensorModel


def synthetic(seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Three seats, five features; winners drawn from a known softmax model."""
    rng = np.random.default_rng(seed)
    truth = np.array([2.0, -1.0, 0.5, 0.0, 1.5])
    features = rng.random((2000, 3, 5)).astype(np.float32)
    chances = predict(features, truth)
    winners = [rng.choice(3, p=p) for p in chances]
    return features, np.eye(3)[winners], truth


def test_fit_recovers_the_weights_of_a_known_softmax_model() -> None:
    features, targets, truth = synthetic()
    weights = fit(features, targets, l2=0.0, steps=600)
    assert weights == pytest.approx(truth, abs=0.35)
    fitted, true = predict(features, weights), predict(features, truth)
    assert cross_entropy(fitted, targets) <= cross_entropy(true, targets) + 1e-3


def test_brier_is_zero_for_certain_right_predictions_and_the_baseline_is_constant() -> None:
    targets = np.array([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]])
    assert brier(targets, targets) == 0
    calibration = calibrate(targets, targets, np.array([0.5, 0.5]), games=3)
    assert calibration.brier == 0 and calibration.baseline == pytest.approx(1 / 3)
    assert calibration.skill == 1
    assert sum(count for *_, count in calibration.bins) == targets.size


def test_review_fit_writes_weights_with_their_command_and_calibration(tmp_path: Path) -> None:
    run = SelfPlay(game="bremen", agent="greedy", games=10, seed=3)
    fitted = fit_game(Sampling(run, per_game=4), l2=0.1, directory=tmp_path)
    data = json.loads(fitted.path.read_text())
    assert fitted.path == tmp_path / "bremen-2p.json"
    assert data["command"] == (
        "ludoteca review-fit bremen --agent greedy --games 10 --per-game 4 --l2 0.1 --seed 3"
    )
    assert data["train_games"] == 7 and data["calibration"]["games"] == 3
    model = TensorModel(load("bremen"), np.array(data["weights"]), data["evaluation"])
    assert model([load("bremen").new_initial_state(seed=1)]).sum() == pytest.approx(1.0)
