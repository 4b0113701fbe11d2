"""Fit and check a game's value function: self-play, fit on 70% of the games, calibrate on the
rest, ship the weights with their calibration (`ludoteca review-fit GAME`).

The split is by game, never by position, so the held-out figures are about games the model has
not seen. The command that made a file is stored in it, so anyone can make it again.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rich.console import Console

from ludoteca.agents import strongest
from ludoteca.core.errors import InvalidOptionError
from ludoteca.i18n import game_title
from ludoteca.review.calibration import Calibration, calibrate, reliability_plot
from ludoteca.review.samples import Samples, Sampling, collect
from ludoteca.review.softmax_fit import cross_entropy, fit, predict
from ludoteca.review.value import PARAMS, TensorModel, params_path
from ludoteca.terminal.progress import games_progress

HELD_OUT = 0.3
"""The share of games (the last ones) kept out of the fit to calibrate on."""
VALIDATION = 0.25
"""The share of the fitting games (their last ones) that chooses the weight decay."""
L2_GRID = (1e-2, 3e-2, 1e-1, 3e-1)
"""Weight decays tried: positions of one game are alike, so the fit overfits without enough."""


@dataclass(frozen=True)
class Fitted:
    model: TensorModel
    calibration: Calibration
    train_games: int
    unfinished: int
    path: Path


def fit_game(
    sampling: Sampling,
    l2: float | None = None,
    jobs: int = 1,
    plot: Path | None = None,
    console: Console | None = None,
    cache: Path | None = None,
    directory: Path = PARAMS,
) -> Fitted:
    """Self-play, fit, calibrate, and write the parameters (and the reliability plot).

    Without `l2` the weight decay is the one of `L2_GRID` with the best validation loss.
    With `cache`, the samples are read from that file if it exists, else saved to it (to try
    other fits without playing again: the file must come from the same run).
    """
    run = sampling.run
    game = run.load_game()
    if not run.agent:
        sampling = replace(sampling, run=replace(run, agent=strongest(game)))
        run = sampling.run
    if run.games < 10:
        raise InvalidOptionError(f"--games must be at least 10 to hold some out, not {run.games}")
    if cache is not None and cache.exists():
        samples = Samples.load(cache)
    else:
        with games_progress(console) as progress:
            task = progress.add_task("self-play", total=run.games)
            samples = collect(sampling, jobs, lambda done: progress.advance(task, done))
        if cache is not None:
            samples.save(cache)
    cut = int(run.games * (1 - HELD_OUT))
    train, test = samples.where(samples.games < cut), samples.where(samples.games >= cut)
    if l2 is None:
        l2 = choose_l2(train, cut)
    weights = fit(train.features, train.targets, l2=l2)
    calibration = calibrate(
        predict(test.features, weights),
        test.targets,
        train.targets.mean(axis=0),
        len(set(test.games.tolist())),
    )
    model = TensorModel(game, weights, sampling.evaluation)
    path = directory / params_path(game).name
    about: dict[str, Any] = {
        "command": _command(sampling, l2),
        "agent": run.agent,
        "train_games": len(set(train.games.tolist())),
        "unfinished": samples.unfinished,
        "positions": len(train.targets),
        "calibration": calibration.to_json(),
    }
    path.write_text(json.dumps(model.to_json(**about), indent=1) + "\n", encoding="utf-8")
    if plot is not None:
        reliability_plot(calibration, game_title(game.title), plot)
    return Fitted(model, calibration, about["train_games"], samples.unfinished, path)


def choose_l2(train: Samples, games: int) -> float:
    """The weight decay whose fit on most of `train` predicts its last games best."""
    cut = int(games * (1 - VALIDATION))
    fitting, validation = train.where(train.games < cut), train.where(train.games >= cut)
    losses = {}
    for l2 in L2_GRID:
        weights = fit(fitting.features, fitting.targets, l2=l2)
        losses[l2] = cross_entropy(predict(validation.features, weights), validation.targets)
    return min(losses, key=lambda l2: losses[l2])


def _command(sampling: Sampling, l2: float) -> str:
    run = sampling.run
    words = ["ludoteca", "review-fit", run.game, "--agent", run.agent, "--games", str(run.games)]
    if run.players is not None:
        words += ["--players", str(run.players)]
    words += ["--per-game", str(sampling.per_game), "--l2", str(l2), "--seed", str(run.seed)]
    if not sampling.evaluation:
        words.append("--no-evaluation")
    return " ".join(shlex.quote(word) for word in words)
