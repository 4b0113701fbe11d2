"""`ludoteca train GAME --players N`: self-play positions, a trained network, its held-out test.

The run plays `games` seeded self-play games (the agent the pair's softmax value was fitted
on, so both learn from the same kind of play), keeps `per_game` decisions of each, trains on
the first 85% of the games and early-stops on the rest, then tests on `test_games` games of
another seed that neither model saw: Brier score of the network, of the shipped softmax value
on the same positions, and of the constant forecast, with a paired bootstrap over test games of
the network's gain, and on the first `RANK_GAMES` of them it checks how the network ranks moves
(`learn.ranking`). It ships the weights (`review/nets/`) only with `--ship`, only when the
network beats the softmax value with 95% confidence, and only when it does not rank moves worse
than the value shipped today (hints and mistake marks rank by it); otherwise it says so and
leaves them in `--work`.
"""

from __future__ import annotations

import hashlib
import json
import shlex
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ludoteca.agents import strongest
from ludoteca.analysis.figures import _new_figure, save_png
from ludoteca.analysis.selfplay import SelfPlay
from ludoteca.core.api import Game
from ludoteca.core.errors import InvalidOptionError
from ludoteca.learn.duel import GAMES as DUEL_GAMES
from ludoteca.learn.duel import OPPONENT, Duel, duel
from ludoteca.learn.positions import Plan, Positions, collect
from ludoteca.learn.ranking import Ranking, compare
from ludoteca.learn.train import Curve, Settings, Trainer
from ludoteca.review.calibration import brier, calibrate
from ludoteca.review.net import NETS, NetModel, base_value, net_path
from ludoteca.review.value import TensorModel, params_path
from ludoteca.terminal.progress import games_progress

VALIDATION = 0.15
"""The share of the training games (their last ones) that early-stops the training."""
TEST_SEED_OFFSET = 1_000_003
"""Test games are those of seed `seed + TEST_SEED_OFFSET`: other seeds than any training game."""
BOOTSTRAP = 2000
RANK_GAMES = 100
"""Test games whose decisions check the network's ranking of moves (two decisions each)."""


@dataclass(frozen=True)
class Job:
    """One training run of `ludoteca train`."""

    game: str
    players: int | None = None
    agent: str = ""
    games: int = 1500
    per_game: int = 64
    test_games: int = 150
    steps: int = 20000
    settings: Settings = field(default_factory=Settings)
    jobs: int = 1
    work: Path = Path(".runs/train")
    """Where the positions, the checkpoint and the weights of the run are kept."""
    ship: bool = False
    deviate: bool = False
    """Also learn from each game played again with one random move (`learn.positions`)."""
    residual: bool = False
    """Learn beside the softmax value, from its features and weights (`learn.train`)."""
    duel_games: int = DUEL_GAMES
    """Seeds at which `learned` plays by the network and by the shipped value (`learn.duel`)."""

    def load_game(self) -> Game:
        return SelfPlay(self.game, self.agent, 1, players=self.players).load_game()

    def stem(self) -> str:
        game = self.load_game()
        return f"{game.id}-{game.num_players}p-s{self.settings.seed}"

    def tag(self) -> str:
        """A short name of the settings: a checkpoint resumes only the run of its settings."""
        words: list[Any] = [asdict(self.settings), self.games, self.per_game]
        if self.deviate:  # runs without it keep the tags they had
            words.append("deviate")
        if self.residual:
            words.append("residual")
        text = json.dumps(words, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:8]

    def command(self) -> str:
        s = self.settings
        words = ["ludoteca", "train", self.game, "--players", str(self.load_game().num_players)]
        words += ["--agent", self.agent, "--games", str(self.games)]
        words += ["--per-game", str(self.per_game), "--test-games", str(self.test_games)]
        words += ["--steps", str(self.steps), "--hidden", ",".join(map(str, s.hidden))]
        words += ["--rate", str(s.rate), "--weight-decay", str(s.weight_decay)]
        words += ["--batch", str(s.batch), "--check-every", str(s.check_every)]
        words += ["--patience", str(s.patience), "--seed", str(s.seed)]
        if self.deviate:
            words.append("--deviate")
        if self.residual:
            words.append("--residual")
        return shlex.join(words)


@dataclass(frozen=True)
class Outcome:
    """What a run measured on its test games, and where it left the weights."""

    positions: int
    games: int
    brier: float
    softmax: float
    constant: float
    gain: tuple[float, float, float]
    """Brier of the softmax value minus the network's: mean and 95% bootstrap interval."""
    ece: float
    path: Path
    shipped: bool
    seconds: float
    curve: Curve
    best_step: int
    training_seconds: float
    ranking: Ranking | None = None
    duel: Duel | None = None
    """Played only for a network that passed the other checks."""

    @property
    def beats_softmax(self) -> bool:
        return self.gain[1] > 0

    @property
    def ranks_worse(self) -> bool:
        return self.ranking is not None and self.ranking.worse

    @property
    def plays_worse(self) -> bool:
        return self.duel is not None and self.duel.worse

    @property
    def ships(self) -> bool:
        """Whether the network may replace the shipped value: it forecasts better, and ranks
        and plays no worse (the duel is played before this is asked)."""
        return self.beats_softmax and not self.ranks_worse and not self.plays_worse


def default_agent(game: Game) -> str:
    """The agent the pair's softmax value was fitted on (its positions are the same kind)."""
    path = params_path(game)
    if path.exists():
        agent = json.loads(path.read_text(encoding="utf-8")).get("agent")
        if agent:
            return str(agent)
    return strongest(game)


def positions(plan: Plan, path: Path, jobs: int, console: Console | None, label: str) -> Positions:
    if path.exists():
        return Positions.load(path)
    with games_progress(console) as progress:
        task = progress.add_task(label, total=plan.run.games)
        found = collect(plan, jobs, lambda done: progress.advance(task, done))
    found.save(path)
    return found


def paired_gain(
    net: npt.NDArray[np.float64],
    softmax: npt.NDArray[np.float64],
    targets: npt.NDArray[np.float64],
    games: npt.NDArray[np.int64],
    seed: int,
) -> tuple[float, float, float]:
    """Mean Brier gain of the network over the softmax value (positive: the network is better),
    with a 95% interval from a bootstrap that resamples whole test games (paired: both models
    on the same resampled positions)."""
    gain = np.sum((softmax - targets) ** 2, axis=1) - np.sum((net - targets) ** 2, axis=1)
    ids, where = np.unique(games, return_inverse=True)
    sums = np.bincount(where, weights=gain, minlength=len(ids))
    counts = np.bincount(where, minlength=len(ids)).astype(np.float64)
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, len(ids), size=(BOOTSTRAP, len(ids)))
    means = sums[picks].sum(axis=1) / counts[picks].sum(axis=1)
    low, high = np.quantile(means, [0.025, 0.975])
    return float(gain.mean()), float(low), float(high)


def expected_calibration_error(
    predicted: npt.NDArray[np.float64], targets: npt.NDArray[np.float64]
) -> float:
    """Mean |observed - predicted| over ten prediction bins of every (position, seat) pair,
    weighted by the pairs in each bin."""
    c = calibrate(predicted, targets, targets.mean(axis=0), 1)
    total = sum(n for *_, n in c.bins)
    return float(sum(n * abs(o - p) for p, o, n in c.bins) / total)


def train(job: Job, console: Console | None = None) -> Outcome:
    """The whole run: positions (cached in `job.work`), training (checkpointed), the test."""
    began = time.perf_counter()
    game = job.load_game()
    if not job.agent:
        job = replace(job, agent=default_agent(game))
    work = job.work
    stem = job.stem()
    run = SelfPlay(job.game, job.agent, job.games, job.settings.seed, game.num_players)
    softmax = TensorModel.load(game)
    evaluation = job.residual and softmax.evaluation
    evaluated = "-eval" if evaluation else ""
    deviating = "-deviate" if job.deviate else ""
    cached = work / f"{stem}-train-{job.games}x{job.per_game}{deviating}{evaluated}.npz"
    plan = Plan(run, job.per_game, deviate=job.deviate, evaluation=evaluation)
    data = positions(plan, cached, job.jobs, console, "self-play")
    test_run = replace(run, games=job.test_games, seed=job.settings.seed + TEST_SEED_OFFSET)
    cached = work / f"{stem}-test-{job.test_games}x30{evaluated}.npz"
    plan = Plan(test_run, 30, compare=True, evaluation=evaluation)
    test = positions(plan, cached, job.jobs, console, "test games")
    cut = int(job.games * (1 - VALIDATION))
    fit, check = data.where(data.games < cut), data.where(data.games >= cut)
    checkpoint = work / f"{stem}-{job.tag()}.ckpt"
    linear = softmax.weights if job.residual else None
    trainer = Trainer(job.settings, (fit.observations, fit.targets),
                      (check.observations, check.targets), checkpoint, linear)  # fmt: skip
    with _training_progress(console) as progress:
        task = progress.add_task("training", total=job.steps, completed=trainer.step, loss="-")

        def advance(done: int, loss: float | None) -> None:
            if loss is None:
                progress.advance(task, done)
            else:
                progress.update(task, advance=done, loss=f"{loss:.4f}")

        trainer.train_to(job.steps, advance)
    trainer.save()
    model = NetModel(game, trainer.best_layers(), {}, linear, evaluation)
    if trainer.best_step == 0:
        raise InvalidOptionError("no check was made: --steps must be at least --check-every")
    predicted = model.predict(test.observations)
    assert test.softmax is not None
    base = np.broadcast_to(fit.targets.mean(axis=0), test.targets.shape)
    gain = paired_gain(predicted, test.softmax, test.targets, test.games, job.settings.seed)
    rank_run = replace(test_run, games=min(job.test_games, RANK_GAMES))
    ranking = compare(rank_run, model, base_value(game))
    seconds = time.perf_counter() - began
    outcome = Outcome(
        positions=len(test.targets),
        games=len(set(test.games.tolist())),
        brier=brier(predicted, test.targets),
        softmax=brier(test.softmax, test.targets),
        constant=brier(base, test.targets),
        gain=gain,
        ece=expected_calibration_error(predicted, test.targets),
        path=work / f"{stem}-{job.tag()}.npz",
        shipped=False,
        seconds=seconds,
        curve=trainer.curve,
        best_step=trainer.best_step,
        training_seconds=trainer.seconds,
        ranking=ranking,
    )
    model = _save(NetModel(game, model.layers, {}, model.linear, evaluation), job, outcome, fit)
    if outcome.beats_softmax and not outcome.ranks_worse:
        against = replace(test_run, agent=OPPONENT, games=job.duel_games)
        with games_progress(console) as progress:
            task = progress.add_task(f"learned against {OPPONENT}", total=job.duel_games)
            fought = duel(against, outcome.path, job.jobs, lambda n: progress.advance(task, n))
        seconds = time.perf_counter() - began
        outcome = replace(outcome, duel=fought, seconds=seconds)
        model = _save(model, job, outcome, fit)
    if job.ship and outcome.ships:
        model.save(net_path(game, NETS))
        outcome = replace(outcome, shipped=True)
    return outcome


def _save(model: NetModel, job: Job, outcome: Outcome, fit: Positions) -> NetModel:
    """The network with what the run measured, saved at the run's weights."""
    about = _about(job, outcome, len(fit.targets))
    saved = NetModel(model.game, model.layers, about, model.linear, model.evaluation)
    saved.save(outcome.path)
    return saved


def _about(job: Job, outcome: Outcome, trained_on: int) -> dict[str, Any]:
    return {
        "command": job.command(),
        "agent": job.agent,
        "seed": job.settings.seed,
        "hidden": list(job.settings.hidden),
        "training_positions": trained_on,
        "steps": job.steps,
        "best_step": outcome.best_step,
        "training_seconds": round(outcome.training_seconds, 1),
        "made": time.strftime("%Y-%m-%d", time.gmtime()),
        "test": {
            "games": outcome.games,
            "positions": outcome.positions,
            "brier": round(outcome.brier, 5),
            "softmax_brier": round(outcome.softmax, 5),
            "constant_brier": round(outcome.constant, 5),
            "gain": [round(g, 5) for g in outcome.gain],
            "ece": round(outcome.ece, 4),
        },
        **({"ranking": asdict(outcome.ranking)} if outcome.ranking else {}),
        **({"duel": asdict(outcome.duel)} if outcome.duel else {}),
    }


def _training_progress(console: Console | None) -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("steps, validation loss {task.fields[loss]}"),
        TimeElapsedColumn(),
        console=console,
        disable=console is None,
    )


def report(outcome: Outcome) -> str:
    mean, low, high = outcome.gain
    verdict = (
        "shipped" if outcome.shipped
        else "does not beat the softmax value with 95% confidence: not shipped"
        if not outcome.beats_softmax
        else "ranks moves worse than the shipped value: not shipped" if outcome.ranks_worse
        else "plays worse than the shipped value: not shipped" if outcome.plays_worse
        else "passes every check (not shipped without --ship)"
    )  # fmt: skip
    ranked = ""
    if (r := outcome.ranking) is not None:
        ranked = (
            f" The agent's own move ranked first at {r.network} of {r.cases} decisions"
            f" ({r.share(r.network):.0%}), by the shipped value at {r.current}"
            f" ({r.share(r.current):.0%}); sign test p = {r.p_worse:.3f}."
        )
    if (d := outcome.duel) is not None:
        ranked += (
            f" Against {OPPONENT}, learned won {d.network:g} of {d.cases} games by the network"
            f" ({d.share(d.network):.0%}), {d.current:g} by the shipped value"
            f" ({d.share(d.current):.0%}); sign test p = {d.p_worse:.3f}."
        )
    return (
        f"held out: {outcome.games} games, {outcome.positions} positions; Brier network"
        f" {outcome.brier:.4f}, softmax {outcome.softmax:.4f}, constant {outcome.constant:.4f};"
        f" gain over softmax {mean:+.4f} (95% {low:+.4f} to {high:+.4f}); ECE {outcome.ece:.3f};"
        f" best at step {outcome.best_step}; trained {outcome.training_seconds:.0f} s, this run"
        f" {outcome.seconds:.0f} s. Weights: {outcome.path}"
        f" ({verdict}).{ranked}"
    )


def plot_curve(curve: Curve, title: str, path: Path) -> None:
    """The training curve as a PNG: training and validation loss at every check."""
    figure, (axes,) = _new_figure(height=3.2)
    axes.plot(curve.steps, curve.train, color="#999999", linewidth=1.2, label="training")
    axes.plot(curve.steps, curve.validation, color="#1f6fb2", linewidth=1.8, label="validation")
    axes.set_xlabel("step")
    axes.set_ylabel("cross-entropy")
    axes.set_title(title)
    axes.legend()
    path.parent.mkdir(parents=True, exist_ok=True)
    save_png(figure, path)
