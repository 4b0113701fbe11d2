"""Fit the softmax-over-seats model by full-batch Adam on the regularised cross-entropy.

The targets are win shares (a shared win is 1/k for each of k seats), so the loss is the
cross-entropy between them and the predicted distribution over seats. Plain numpy: the models
are small (one weight per tensor slot) and a few thousand positions are enough.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ludoteca.review.value import softmax

Array = npt.NDArray[np.float64]


def predict(features: npt.NDArray[np.float32], weights: Array) -> Array:
    """(N, players) win probabilities of (N, players, F) features."""
    return softmax(features @ weights)


def fit(
    features: npt.NDArray[np.float32],
    targets: Array,
    l2: float = 1e-3,
    steps: int = 200,
    rate: float = 0.1,
) -> Array:
    """The weights minimising mean cross-entropy + l2/2 * |w|^2 (Adam; deterministic)."""
    count, players, width = features.shape
    flat = features.reshape(count * players, width)  # float32: one BLAS product a step
    weights = np.zeros(width)
    first, second = np.zeros(width), np.zeros(width)
    beta1, beta2 = 0.9, 0.999
    for step in range(1, steps + 1):
        scores = flat @ weights.astype(np.float32)
        residual = (softmax(scores.reshape(count, players).astype(np.float64)) - targets).ravel()
        gradient = (flat.T @ residual.astype(np.float32)) / count + l2 * weights
        first = beta1 * first + (1 - beta1) * gradient
        second = beta2 * second + (1 - beta2) * gradient**2
        corrected = first / (1 - beta1**step)
        weights -= rate * corrected / (np.sqrt(second / (1 - beta2**step)) + 1e-8)
    return weights


def cross_entropy(predicted: Array, targets: Array) -> float:
    return float(-np.mean(np.sum(targets * np.log(np.clip(predicted, 1e-12, 1.0)), axis=1)))
