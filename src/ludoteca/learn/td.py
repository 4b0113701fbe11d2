"""TD(lambda) self-play on afterstates, as TD-Gammon learned: the net being trained picks the moves.

Each *generation* plays `games` seeded games at once on the game's compiled kernel: at every
decision each legal move's afterstate (`learn.afterstates`) is valued by the current network
(a move that ends the game by its result) and the mover plays the move best for its own seat,
or with probability `explore` a random one. After the games, each chosen afterstate gets the
lambda-return of the values that followed it in its game, ending in the game's win shares,

    G_t = (1 - lambda) * V(a_{t+1}) + lambda * G_{t+1},    G_T = the result,

and `steps` Adam steps on minibatches of (afterstate, G_t) pull the softmax of the network
towards those targets (cross-entropy, `train.loss_of`). So a position the net's own choices
reach is valued by what those choices lead to: the value learns to rank the moves of a
position, which a fit to other agents' games never asked of it (docs/learning.md).

Two settings answer a policy that swings from one strength check to the next:
`rate_half_life` halves the learning rate every so many generations, and `average` keeps an
exponential moving average of the weights after each generation, the network the checks play
and the weight file holds (self-play stays with the live one, whose moves the targets are
about). With `versus_greedy` a share of each generation's games seats the pair's `greedy` (on
the reference engine, from the kernel's row) in every seat but one, the network's seat
rotating: a fixed opponent the values must learn to beat, where pure self-play chases its own
latest policy.

Generation k's games and exploration are seeded by (seed, k) alone, and the checkpoint written
after every generation holds the weights (and their average), Adam's state and the minibatch
generator's, so a run stopped and resumed ends with exactly the weights of one never stopped.
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt
import torch

from ludoteca import agents
from ludoteca.core.api import Game
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.fastrng import MASK64, mix64
from ludoteca.learn.afterstates import afterstates
from ludoteca.learn.train import layers_of, loss_of, network, restore
from ludoteca.vector.batch import TERMINATED, KernelBatch

Floats = npt.NDArray[np.float32]


@dataclass(frozen=True)
class TDSettings:
    """The network, the self-play and the optimisation (a checkpoint resumes only with the same)."""

    hidden: tuple[int, ...] = (32,)
    rate: float = 1e-3
    rate_half_life: int = 0
    """Generations over which the learning rate halves (0: it stays `rate`)."""
    average: float = 0.0
    """Decay of the weights' moving average per generation (0: no average, the live weights
    are the result)."""
    versus_greedy: float = 0.0
    """The share of each generation's games in which `greedy` plays every seat but one."""
    lam: float = 0.7
    """lambda: 0 learns from the next value alone, 1 from the game's result alone."""
    explore: float = 0.02
    """The chance of a uniformly random move at a decision."""
    games: int = 64
    """Games per generation, played side by side on the kernel."""
    steps: int = 100
    """Adam steps after each generation."""
    batch: int = 256
    seed: int = 0
    threads: int = 1
    """Torch's threads: one keeps runs bit-for-bit repeatable and is fast enough here."""


LATER = {"rate_half_life": 0, "average": 0.0, "versus_greedy": 0.0}
"""Settings added after the first runs, with their defaults: left out of a checkpoint's
fingerprint while at them, so a checkpoint written before they existed still resumes."""


@dataclass
class TDCurve:
    """Per generation: the mean training loss of its steps, the moves per finished game, the
    games cut off at the length cap; and the strength checks (generation, won, games)."""

    loss: list[float] = field(default_factory=list)
    moves: list[float] = field(default_factory=list)
    cut: list[int] = field(default_factory=list)
    checks: list[tuple[int, float, int]] = field(default_factory=list)


@dataclass(frozen=True)
class Samples:
    """Afterstates chosen in one generation's finished games and their lambda-returns."""

    observations: Floats
    """(n, players, size)"""
    targets: npt.NDArray[np.float64]
    """(n, players): win shares to learn"""
    moves: int
    games: int
    cut: int


def lambda_returns(values: npt.NDArray[np.float64], lam: float) -> npt.NDArray[np.float64]:
    """The lambda-return of each row of `values` (one game's chosen afterstates in order, the
    last row its result): G_T = values[T], G_t = (1 - lam) values[t + 1] + lam G_{t + 1}."""
    returns = np.empty_like(values)
    returns[-1] = values[-1]
    for t in range(len(values) - 2, -1, -1):
        returns[t] = (1 - lam) * values[t + 1] + lam * returns[t + 1]
    return returns


def generation_seed(seed: int, generation: int) -> int:
    return int(mix64(np.uint64((seed * 1_000_003 + generation) & MASK64)))


class TDTrainer:
    """Self-play training of one network for one game, with its checkpoint."""

    def __init__(self, game: Game, settings: TDSettings, checkpoint: Path | None = None) -> None:
        if not 0 <= settings.lam <= 1 or not 0 <= settings.explore <= 1:
            raise InvalidOptionError("lambda and explore lie between 0 and 1")
        if not 0 <= settings.average < 1 or settings.rate_half_life < 0:
            raise InvalidOptionError("the average's decay lies in [0, 1), the half-life >= 0")
        if not 0 <= settings.versus_greedy <= 1:
            raise InvalidOptionError("the share of games against greedy lies between 0 and 1")
        torch.set_num_threads(settings.threads)
        torch.manual_seed(settings.seed)
        self.game = game
        self.settings = settings
        self.batch = KernelBatch(game, settings.games, seed=0)
        self.net = network(self.batch.observation_size, settings.hidden)
        self.optimiser = torch.optim.Adam(self.net.parameters(), lr=settings.rate)
        self.average = copy.deepcopy(self.net) if settings.average else None
        """The moving average of the weights (`TDSettings.average`), or None."""
        self.generator = torch.Generator().manual_seed(settings.seed)
        self.generation = 0
        self.curve = TDCurve()
        self.seconds = 0.0
        """Time spent in self-play and training, over every resumption of the run."""
        self.checkpoint = checkpoint
        if checkpoint is not None and checkpoint.exists():
            self._resume(checkpoint)

    def _fingerprint(self) -> str:
        settings = {
            k: v
            for k, v in asdict(self.settings).items()
            if k != "threads" and not (k in LATER and v == LATER[k])
        }
        about = [self.game.id, self.game.num_players, dict(self.game.options)]
        return json.dumps([settings, about], sort_keys=True, default=str)

    def _resume(self, path: Path) -> None:
        refusal = "other game or settings): remove it or use another --work folder"
        saved = restore(
            path, self._fingerprint(), self.net, self.optimiser, self.generator, refusal
        )
        if self.average is not None:
            self.average.load_state_dict(saved["average"])
        self.generation = saved["generation"]
        self.curve = TDCurve(**saved["curve"])
        self.seconds = saved["seconds"]

    def save(self) -> None:
        if self.checkpoint is None:
            return
        self.checkpoint.parent.mkdir(parents=True, exist_ok=True)
        partial = self.checkpoint.with_suffix(".partial")
        torch.save(
            {
                "fingerprint": self._fingerprint(),
                "net": self.net.state_dict(),
                "optimiser": self.optimiser.state_dict(),
                "average": None if self.average is None else self.average.state_dict(),
                "generator": self.generator.get_state(),
                "generation": self.generation,
                "curve": asdict(self.curve),
                "seconds": self.seconds,
            },
            partial,
        )
        partial.replace(self.checkpoint)  # a run killed while saving keeps the last checkpoint

    def values(self, observations: Floats) -> npt.NDArray[np.float64]:
        """(n, players) win probabilities of (n, players, size) observations by the net."""
        with torch.no_grad():
            scores = self.net(torch.from_numpy(observations)).squeeze(-1)
            return torch.softmax(scores, dim=-1).double().numpy()

    def play(self, generation: int) -> Samples:
        """One generation's games, the current net choosing every move (see the module)."""
        seed = generation_seed(self.settings.seed, generation)
        batch, players = self.batch, self.game.num_players
        batch.reset(seed)
        explore = np.random.default_rng(seed)
        running = np.ones(batch.batch, dtype=np.bool_)
        chosen: list[list[tuple[Floats | None, npt.NDArray[np.float64]]]] = [
            [] for _ in range(batch.batch)
        ]
        finished_games: list[int] = []
        cut = 0
        rivals = round(self.settings.versus_greedy * batch.batch)
        net_seat = (np.arange(batch.batch) + generation) % players
        opponent = agents.load("greedy", self.game, seed=seed) if rivals else None
        while running.any():
            movers = batch.to_play()
            moves = afterstates(batch)
            value = moves.shares.copy()
            open_ = ~moves.finished
            value[open_] = self.values(moves.observations[open_])
            mine = value[np.arange(len(value)), movers[moves.games]]
            picks = _best_per_game(moves.games, mine, explore, self.settings.explore)
            if opponent is not None:
                picks = [
                    self._greedy_pick(opponent, moves.games, moves.actions, entry)
                    if (i := int(moves.games[entry])) < rivals and movers[i] != net_seat[i]
                    else entry
                    for entry in picks
                ]  # fmt: skip
            actions = np.zeros(batch.batch, dtype=np.int64)
            for entry in picks:
                i = int(moves.games[entry])
                actions[i] = moves.actions[entry]
                kept = None if moves.finished[entry] else moves.observations[entry].copy()
                chosen[i].append((kept, value[entry]))
            step = batch.step(actions, autoreset=False)
            for i in map(int, np.flatnonzero(running & (step.ended != 0))):
                running[i] = False
                if step.ended[i] == TERMINATED:
                    finished_games.append(i)
                else:
                    cut += 1
        observations, targets = [], []
        for i in finished_games:
            game = chosen[i]
            returns = lambda_returns(np.stack([v for _, v in game]), self.settings.lam)
            for (x, _), target in zip(game[:-1], returns[:-1], strict=True):
                assert x is not None  # only a game's last move ends it
                observations.append(x)
                targets.append(target)
        size = batch.observation_size
        return Samples(
            np.stack(observations) if observations else np.zeros((0, players, size), np.float32),
            np.stack(targets) if targets else np.zeros((0, players)),
            sum(len(chosen[i]) for i in finished_games),
            len(finished_games),
            cut,
        )

    def rate_at(self, generation: int) -> float:
        """The learning rate of `generation`'s steps (`TDSettings.rate_half_life`)."""
        half_life = self.settings.rate_half_life
        return self.settings.rate * (0.5 ** (generation / half_life) if half_life else 1.0)

    def _greedy_pick(
        self,
        opponent: agents.Agent,
        games: npt.NDArray[np.int64],
        actions: npt.NDArray[np.int64],
        entry: int,
    ) -> int:
        """The entry of `greedy`'s move in the game of `entry` (its afterstates run together)."""
        i = int(games[entry])
        action = opponent.act(self.batch.state(i).clone_for_agent())
        return int(np.flatnonzero((games == i) & (actions == action))[0])

    def learn(self, samples: Samples) -> float:
        """`steps` Adam steps on minibatches of `samples`; the mean loss."""
        if len(samples.targets) == 0:
            return float("nan")
        for group in self.optimiser.param_groups:
            group["lr"] = self.rate_at(self.generation)
        x = torch.from_numpy(samples.observations)
        y = torch.from_numpy(samples.targets).float()
        losses = []
        for _ in range(self.settings.steps):
            pick = torch.randint(len(x), (self.settings.batch,), generator=self.generator)
            loss = loss_of(self.net, x[pick], y[pick])
            self.optimiser.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            self.optimiser.step()
            losses.append(loss.item())
        return float(np.mean(losses))

    def train_to(
        self,
        generations: int,
        progress: Callable[[TDTrainer], None] | None = None,
        check: Callable[[TDTrainer], tuple[float, int]] | None = None,
        check_every: int = 0,
    ) -> None:
        """Generations until `generations` in all (a resumed run continues where it stopped),
        with the checkpoint after each and `check` (won, games) every `check_every`."""
        while self.generation < generations:
            began = time.perf_counter()
            samples = self.play(self.generation)
            loss = self.learn(samples)
            self._follow_average()
            self.generation += 1
            self.curve.loss.append(loss)
            self.curve.moves.append(samples.moves / max(samples.games, 1))
            self.curve.cut.append(samples.cut)
            self.seconds += time.perf_counter() - began
            if check is not None and check_every and self.generation % check_every == 0:
                won, games = check(self)
                self.curve.checks.append((self.generation, won, games))
            self.save()
            if progress is not None:
                progress(self)

    def _follow_average(self) -> None:
        """Move the average towards the live weights; early generations' decay is lower,
        (1 + k) / (10 + k), so the untrained start does not linger in it."""
        if self.average is None:
            return
        k = self.generation
        decay = min(self.settings.average, (1 + k) / (10 + k))
        with torch.no_grad():
            for mean, live in zip(self.average.parameters(), self.net.parameters(), strict=True):
                mean.mul_(decay).add_(live, alpha=1 - decay)

    def layers(self) -> list[tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]]:
        """The weights the run yields: the average's where one is kept, else the live net's."""
        return layers_of(self.average if self.average is not None else self.net)


def _best_per_game(
    games: npt.NDArray[np.int64],
    scores: npt.NDArray[np.float64],
    rng: np.random.Generator,
    explore: float,
) -> list[int]:
    """One entry per game (entries come grouped by game): its best score, ties broken at
    random, or with probability `explore` a random entry of the game."""
    starts = np.flatnonzero(np.r_[True, games[1:] != games[:-1]])
    ends = np.r_[starts[1:], len(games)]
    jitter = rng.random(len(scores)) * 1e-12
    wild = rng.random(len(starts)) < explore
    picks = []
    for start, end, random_move in zip(starts, ends, wild, strict=True):
        if random_move:
            picks.append(int(start + rng.integers(end - start)))
        else:
            picks.append(int(start + np.argmax(scores[start:end] + jitter[start:end])))
    return picks
