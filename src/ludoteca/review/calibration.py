"""Calibration on held-out games: Brier scores against the constant baseline, reliability bins.

The Brier score here is the multi-class one, the mean over positions of the squared distance
between the predicted win probabilities and the win shares (0 is perfect). The constant
baseline predicts each seat's training win rate everywhere: a model is worth having when it
beats it. Reliability pools every (position, seat) pair: in the bin of predictions near p the
seats should win about p of the time; the expected calibration error is the pairs' mean
distance between the two. Positions of one game are alike, so intervals resample whole games.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca.analysis.figures import _new_figure, save_png
from ludoteca.i18n import _

Array = npt.NDArray[np.float64]
BINS = 10


def brier(predicted: Array, targets: Array) -> float:
    return float(np.mean(np.sum((predicted - targets) ** 2, axis=1)))


@dataclass(frozen=True)
class Calibration:
    """How well held-out results match the predictions."""

    positions: int
    games: int
    brier: float
    baseline: float
    bins: list[tuple[float, float, int]]
    """(mean prediction, observed win share, pairs) per non-empty bin."""

    @property
    def skill(self) -> float:
        """1 - brier / baseline: the share of the baseline's error the model removes."""
        return 1 - self.brier / self.baseline

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "skill": round(self.skill, 4)}


def bin_sums(predicted: Array, targets: Array) -> Array:
    """Per prediction bin of every (position, seat) pair: (pairs, sum of predictions, sum of
    outcomes), a (BINS, 3) array; sums of games add up to the sums of all of them."""
    flat_p, flat_y = predicted.ravel(), targets.ravel()
    which = np.minimum((flat_p * BINS).astype(int), BINS - 1)
    sums: Array = np.stack(
        [
            np.bincount(which, minlength=BINS).astype(np.float64),
            np.bincount(which, weights=flat_p, minlength=BINS),
            np.bincount(which, weights=flat_y, minlength=BINS),
        ],
        axis=1,
    )
    return sums


def reliability_bins(sums: Array) -> list[tuple[float, float, int]]:
    """(mean prediction, observed win share, pairs) of each non-empty bin of `bin_sums`."""
    return [(float(p / n), float(y / n), int(n)) for n, p, y in sums if n > 0]


def expected_calibration_error(sums: Array) -> float:
    """Mean |observed share - mean prediction| over the bins, weighted by their pairs."""
    count = sums[:, 0]
    used = count > 0
    gaps = np.abs(sums[used, 2] - sums[used, 1]) / count[used]
    return float(np.sum(count[used] * gaps) / np.sum(count[used]))


def paired_gain(
    gains: Array, positions: Array, seed: int, resamples: int = 2000
) -> tuple[float, float, float]:
    """Mean gain per position, with a 95% bootstrap interval resampling whole games.

    `gains[g]` is game g's summed gain (one model's squared error minus the other's, on the same
    positions), `positions[g]` its number of positions: paired, since both models are scored on
    every resampled position.
    """
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, len(gains), size=(resamples, len(gains)))
    means = gains[picks].sum(axis=1) / positions[picks].sum(axis=1)
    low, high = np.quantile(means, [0.025, 0.975])
    return float(gains.sum() / positions.sum()), float(low), float(high)


def calibrate(predicted: Array, targets: Array, base_rates: Array, games: int) -> Calibration:
    baseline = np.broadcast_to(base_rates, targets.shape)
    bins = reliability_bins(bin_sums(predicted, targets))
    return Calibration(
        len(targets), games, brier(predicted, targets), brier(baseline, targets), bins
    )


def reliability_plot(
    calibration: Calibration,
    title: str,
    path: Path,
    compare: list[tuple[float, float, int]] | None = None,
) -> None:
    """Observed win share against the prediction, per bin, with the diagonal; saved as PNG.

    `compare`: another model's bins on the same positions, drawn in grey behind.
    """
    figure, (axes,) = _new_figure(height=3.6)
    axes.plot([0, 1], [0, 1], color="#999999", linewidth=1, linestyle="--")
    if compare:
        axes.plot([b[0] for b in compare], [b[1] for b in compare], color="#aaaaaa",
                  linewidth=1.2, marker="o", markersize=3)  # fmt: skip
    xs = [b[0] for b in calibration.bins]
    ys = [b[1] for b in calibration.bins]
    sizes = [20 + 200 * b[2] / max(c for *_, c in calibration.bins) for b in calibration.bins]
    axes.plot(xs, ys, color="#1f6fb2", linewidth=1.5)
    axes.scatter(xs, ys, s=sizes, color="#1f6fb2", zorder=3)
    axes.set_xlim(0, 1)
    axes.set_ylim(0, 1)
    axes.set_aspect("equal")
    axes.set_xlabel(_("predicted win probability"))
    axes.set_ylabel(_("observed win share"))
    axes.set_title(
        _("{title}: Brier {brier:.3f} (constant {baseline:.3f})").format(
            title=title, brier=calibration.brier, baseline=calibration.baseline
        )
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    save_png(figure, path)
