"""`ludoteca train GAME --method td`: TD(lambda) self-play (`learn.td`) with strength checks.

The run trains for `generations` generations, checkpointed after each under `--work`. Every
`strength_every` generations it keeps the weights (`snapshot`) and plays `strength_games`
games of the current network's agent (`LearnedAgent.playing`) against the pair's `greedy` on
the reference engine, one of it against n - 1, its seat rotating: the win share with its
Wilson 95% interval is shown and kept in the curve (a game cut off unfinished counts as no
win). Those games' seeds (`STRENGTH_SEED + i`) lie outside every training seed and outside the
strength table's measuring range. With `--ship` the weights go to `review/nets/selfplay/` only
when the last check puts the win share above the fair share 1/n with 95% confidence; the
figure that counts is the strength table's, on its own seeds.
"""

from __future__ import annotations

import shlex
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ludoteca import agents
from ludoteca.agents.valued import AFTERSTATES, SELFPLAY, LearnedAgent
from ludoteca.analysis.figures import _new_figure, save_png
from ludoteca.arena.stats import wilson_interval, win_shares
from ludoteca.core.api import Game
from ludoteca.core.bounds import MAX_ACTIONS
from ludoteca.core.chance import play_chance
from ludoteca.core.registry import load
from ludoteca.learn.td import TDCurve, TDSettings, TDTrainer
from ludoteca.review.net import NetModel, net_path
from ludoteca.terminal.seats import agent_seed
from ludoteca.vector import NoKernelError, kernels

STRENGTH_SEED = 3 * 10**12
"""Strength-check game i is played on seed STRENGTH_SEED + i (no training seed, and not the
strength table's range [10^12, 10^12 + 10^6))."""
OPPONENT = "greedy"


@dataclass(frozen=True)
class TDJob:
    """One run of `ludoteca train --method td`."""

    game: str
    players: int | None
    settings: TDSettings
    generations: int = 200
    strength_every: int = 0
    strength_games: int = 30
    work: Path = Path(".runs/train")
    ship: bool = False

    def load_game(self) -> Game:
        if self.game not in kernels():
            raise NoKernelError(
                f"{self.game} has no compiled kernel, which self-play training needs; games with"
                f" one: {', '.join(kernels())}"
            )
        return load(self.game, self.players)

    def stem(self) -> str:
        game = self.load_game()
        return f"{game.id}-{game.num_players}p-td-s{self.settings.seed}"

    def command(self, generations: int | None = None) -> str:
        """The command that trains these weights (to `generations`, by default the job's)."""
        s = self.settings
        words = ["ludoteca", "train", self.game, "--players", str(self.load_game().num_players)]
        words += ["--method", "td", "--generations", str(generations or self.generations)]
        words += ["--per-generation", str(s.games), "--td-steps", str(s.steps)]
        words += ["--lam", str(s.lam), "--explore", str(s.explore)]
        words += ["--hidden", ",".join(map(str, s.hidden)), "--rate", str(s.rate)]
        words += ["--batch", str(s.batch), "--seed", str(s.seed)]
        if s.rate_half_life:  # only where set, so older runs' commands read as they did
            words += ["--rate-half-life", str(s.rate_half_life)]
        if s.average:
            words += ["--average", str(s.average)]
        if s.versus_greedy:
            words += ["--versus-greedy", str(s.versus_greedy)]
        return shlex.join(words)


def snapshot(job: TDJob, generation: int) -> Path:
    """Where the weights of the strength check after `generation` generations are kept."""
    return job.work / f"{job.stem()}-g{generation}.npz"


def save_net(job: TDJob, trainer: TDTrainer, path: Path) -> NetModel:
    """The trainer's current weights as an afterstate weight file (`agents.valued`)."""
    game = trainer.game
    about: dict[str, Any] = {
        "values": AFTERSTATES,
        "command": job.command(trainer.generation),
        "seed": job.settings.seed,
        "settings": asdict(job.settings),
        "generations": trainer.generation,
        "training_seconds": round(trainer.seconds, 1),
        "made": time.strftime("%Y-%m-%d", time.gmtime()),
        "strength_checks": trainer.curve.checks,
    }
    model = NetModel(game, trainer.layers(), about)
    model.save(path)
    return model


def strength(job: TDJob, trainer: TDTrainer) -> tuple[float, int]:
    """The current network's agent against n - 1 `greedy`: (win shares won, games). Played
    here rather than by `arena.match.play_game`, which loads agents by spec: a candidate's
    network is no shipped file a spec could name."""
    game = trainer.game
    model = NetModel(game, trainer.layers(), {"values": AFTERSTATES})
    won = 0.0
    for i in range(job.strength_games):
        seed, measured = STRENGTH_SEED + i, i % game.num_players
        bots = [
            LearnedAgent.playing(game, model, agent_seed(seed, seat)) if seat == measured
            else agents.load(OPPONENT, game, seed=agent_seed(seed, seat))
            for seat in range(game.num_players)
        ]  # fmt: skip
        state = game.new_initial_state(seed=seed)
        while len(state.history()) < MAX_ACTIONS:
            play_chance(state)
            if state.is_terminal():
                won += float(win_shares(state.returns())[measured])
                break
            seat = state.current_player()
            state.apply_action(bots[seat].act(state.clone_for_agent()), seat)
    return won, job.strength_games


def run_td(job: TDJob, console: Console | None = None) -> tuple[TDTrainer, Path, bool]:
    """The whole run: training (resumed from its checkpoint), the weights, `--ship`."""
    game = job.load_game()
    stem = job.stem()
    trainer = TDTrainer(game, job.settings, job.work / f"{stem}.ckpt")
    path = job.work / f"{stem}.npz"
    with _progress(console) as progress:
        task = progress.add_task(
            "self-play", total=job.generations, completed=trainer.generation, loss="-", check="-"
        )

        def show(t: TDTrainer) -> None:
            progress.update(task, completed=t.generation, loss=f"{t.curve.loss[-1]:.4f}",
                            check=describe_check(t.curve, game.num_players))  # fmt: skip

        def check(t: TDTrainer) -> tuple[float, int]:
            save_net(job, t, snapshot(job, t.generation))  # each check's weights are kept
            return strength(job, t)

        trainer.train_to(job.generations, show, check, job.strength_every)
    save_net(job, trainer, path)
    shipped = False
    if job.ship and beats_fair_share(trainer.curve, game.num_players):
        save_net(job, trainer, net_path(game, SELFPLAY))
        shipped = True
    return trainer, path, shipped


def beats_fair_share(curve: TDCurve, players: int) -> bool:
    """Whether the last strength check's Wilson interval lies above 1/players."""
    if not curve.checks:
        return False
    _, won, games = curve.checks[-1]
    return wilson_interval(won, games).low > 1 / players


def describe_check(curve: TDCurve, players: int) -> str:
    if not curve.checks:
        return "-"
    generation, won, games = curve.checks[-1]
    share = wilson_interval(won, games)
    return (
        f"{won / games:.0%} ({share.low:.0%}-{share.high:.0%}) of {games} vs {OPPONENT}"
        f" (fair {1 / players:.0%}) at {generation}"
    )


def report_td(job: TDJob, trainer: TDTrainer, path: Path, shipped: bool) -> str:
    players = trainer.game.num_players
    verdict = (
        "shipped" if shipped
        else "not shipped (--ship ships only above the fair share at 95%)" if job.ship
        else "not shipped"
    )  # fmt: skip
    return (
        f"{trainer.generation} generations of {job.settings.games} games,"
        f" {trainer.seconds:.0f} s; last loss {trainer.curve.loss[-1]:.4f};"
        f" last strength check {describe_check(trainer.curve, players)}."
        f" Weights: {path} ({verdict})"
    )


def plot_td_curve(curve: TDCurve, title: str, path: Path) -> None:
    """The training loss per generation and the strength checks' win shares, as a PNG."""
    figure, (axes,) = _new_figure(height=3.2)
    axes.plot(range(1, len(curve.loss) + 1), curve.loss, color="#999999", label="TD loss")
    axes.set_xlabel("generation")
    axes.set_ylabel("cross-entropy")
    axes.set_title(title)
    if curve.checks:
        shares = axes.twinx()
        shares.plot([c[0] for c in curve.checks], [c[1] / c[2] for c in curve.checks],
                    color="#1f6fb2", marker="o", label="win share vs greedy")  # fmt: skip
        shares.set_ylabel("win share")
        shares.legend(loc="upper right")
    axes.legend(loc="upper left")
    path.parent.mkdir(parents=True, exist_ok=True)
    save_png(figure, path)


def _progress(console: Console | None) -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("generations, loss {task.fields[loss]}, strength {task.fields[check]}"),
        TimeElapsedColumn(),
        console=console,
        disable=console is None,
    )
