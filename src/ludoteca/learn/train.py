"""Train a value network on self-play positions with PyTorch: seeded, resumable, early-stopped.

The network is `review.net.NetModel`'s: dense layers over one seat's observation tensor, ReLU
between them, one score per seat, a softmax over the seats. It learns by Adam on the
cross-entropy between that softmax and the games' final win shares (Monte-Carlo targets), on
minibatches drawn by a seeded generator. Every `check_every` steps it measures the loss on
validation games (kept out of training) and keeps the best weights seen: early stopping, since
positions of one game are alike and a network learns them by heart. A checkpoint holds the
weights, the optimiser, the generator's state, the best weights and the curve, so a run
stopped and resumed ends with exactly the weights of a run never stopped.

A *residual* network (`linear` given: the softmax value's weights over the same features) adds
the softmax value's fixed linear score to a network whose last layer starts at zero, so training
starts from the softmax value itself and learns only what it misses. It is trained by AdamW:
Adam's coupled weight decay would be normalised to full-size steps on the hidden layers while
the zero last layer gives them no other gradient, and would erase them in a few hundred steps.
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

from ludoteca.core.errors import InvalidOptionError


@dataclass(frozen=True)
class Settings:
    """The network and the optimisation (a checkpoint resumes only with the same settings)."""

    hidden: tuple[int, ...] = (64, 32)
    rate: float = 1e-3
    weight_decay: float = 1e-4
    batch: int = 256
    check_every: int = 250
    patience: int = 0
    """Stop after this many checks without a better validation loss (0: never stop early)."""
    seed: int = 0
    threads: int = 1
    """Torch's threads: one is faster on a busy two-core machine (the data are small) and
    makes runs bit-for-bit repeatable."""


@dataclass
class Curve:
    """The training curve: the step of each check, the training loss since the last check,
    and the validation loss."""

    steps: list[int] = field(default_factory=list)
    train: list[float] = field(default_factory=list)
    validation: list[float] = field(default_factory=list)


def network(size: int, hidden: tuple[int, ...]) -> nn.Sequential:
    layers: list[nn.Module] = []
    width = size
    for h in hidden:
        layers += [nn.Linear(width, h), nn.ReLU()]
        width = h
    layers.append(nn.Linear(width, 1))
    return nn.Sequential(*layers)


class Residual(nn.Module):
    """`mlp(x) + x . linear`: the network beside a linear score (see the module docstring)."""

    linear: torch.Tensor

    def __init__(self, size: int, hidden: tuple[int, ...], linear: npt.NDArray[np.float64]):
        super().__init__()
        self.mlp = network(size, hidden)
        last = self.mlp[-1]
        assert isinstance(last, nn.Linear)
        nn.init.zeros_(last.weight)
        nn.init.zeros_(last.bias)
        self.register_buffer("linear", torch.from_numpy(np.asarray(linear)).float())

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        result: torch.Tensor = self.mlp(x) + (x @ self.linear).unsqueeze(-1)
        return result


def model(size: int, hidden: tuple[int, ...], linear: npt.NDArray[np.float64] | None) -> nn.Module:
    """The network to train: plain, or residual on `linear`."""
    return network(size, hidden) if linear is None else Residual(size, hidden, linear)


def loss_of(net: nn.Module, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """Mean cross-entropy of the softmax over seats against the win shares."""
    scores = net(x).squeeze(-1)  # (batch, players)
    return -(y * torch.log_softmax(scores, dim=-1)).sum(dim=-1).mean()


def layers_of(net: nn.Sequential) -> list[tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]]:
    """The dense layers as numpy (weight (in, out), bias) pairs, `NetModel`'s layout."""
    return [
        (m.weight.detach().double().numpy().T.copy(), m.bias.detach().double().numpy().copy())
        for m in net
        if isinstance(m, nn.Linear)
    ]


def restore(
    path: Path,
    fingerprint: str,
    net: nn.Module,
    optimiser: torch.optim.Optimizer,
    generator: torch.Generator,
    refusal: str,
) -> dict[str, Any]:
    """Load checkpoint `path` into `net`, `optimiser` and `generator`; the rest of it is
    returned. A checkpoint of another run (its fingerprint not `fingerprint`) is refused with
    `refusal`, which says what differs and what to do."""
    saved: dict[str, Any] = torch.load(path, weights_only=False)
    if saved["fingerprint"] != fingerprint:
        raise InvalidOptionError(f"the checkpoint {path} is of another run ({refusal}")
    net.load_state_dict(saved["net"])
    optimiser.load_state_dict(saved["optimiser"])
    generator.set_state(saved["generator"])
    return saved


class Trainer:
    """Training of one network on fixed arrays, with its checkpoint."""

    def __init__(
        self,
        settings: Settings,
        train: tuple[npt.NDArray[np.float32], npt.NDArray[np.float64]],
        validation: tuple[npt.NDArray[np.float32], npt.NDArray[np.float64]],
        checkpoint: Path | None = None,
        linear: npt.NDArray[np.float64] | None = None,
    ) -> None:
        torch.set_num_threads(settings.threads)
        torch.manual_seed(settings.seed)
        self.settings = settings
        self.x, self.y = torch.from_numpy(train[0]), torch.from_numpy(train[1]).float()
        self.vx = torch.from_numpy(validation[0])
        self.vy = torch.from_numpy(validation[1]).float()
        if len(self.x) == 0 or len(self.vx) == 0:
            raise InvalidOptionError("training needs positions both to learn and to validate on")
        self.linear = linear
        self.net = model(self.x.shape[-1], settings.hidden, linear)
        optimiser = torch.optim.Adam if linear is None else torch.optim.AdamW
        self.optimiser = optimiser(
            self.net.parameters(), lr=settings.rate, weight_decay=settings.weight_decay
        )
        self.generator = torch.Generator().manual_seed(settings.seed)
        self.step = 0
        self.curve = Curve()
        self.best: dict[str, Any] = copy.deepcopy(self.net.state_dict())
        self.best_loss = float("inf")
        self.best_step = 0
        self._since: list[float] = []
        self.seconds = 0.0
        """Time spent training, over every resumption of the run."""
        self.checkpoint = checkpoint
        if checkpoint is not None and checkpoint.exists():
            self._resume(checkpoint)

    def _fingerprint(self) -> str:
        shapes = [list(self.x.shape), list(self.vx.shape)]
        settings = {k: v for k, v in asdict(self.settings).items() if k != "threads"}
        words: list[Any] = [settings, shapes, float(self.y.sum())]
        if self.linear is not None:  # plain runs keep the fingerprints they had
            words.append(round(float(np.sum(self.linear)), 6))
        return json.dumps(words, sort_keys=True)

    def _resume(self, path: Path) -> None:
        refusal = "other settings or positions): remove it or name another --checkpoint"
        saved = restore(
            path, self._fingerprint(), self.net, self.optimiser, self.generator, refusal
        )
        self.step = saved["step"]
        self.curve = Curve(**saved["curve"])
        self.best, self.best_loss, self.best_step = (
            saved["best"],
            saved["best_loss"],
            saved["best_step"],
        )
        self._since = saved["since"]
        self.seconds = saved.get("seconds", 0.0)

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
                "generator": self.generator.get_state(),
                "step": self.step,
                "curve": asdict(self.curve),
                "best": self.best,
                "best_loss": self.best_loss,
                "best_step": self.best_step,
                "since": self._since,
                "seconds": self.seconds,
            },
            partial,
        )
        partial.replace(self.checkpoint)  # a run killed while saving keeps the last checkpoint

    def validation_loss(self) -> float:
        with torch.no_grad():
            return float(loss_of(self.net, self.vx, self.vy))

    def train_to(
        self, steps: int, progress: Callable[[int, float | None], None] | None = None
    ) -> None:
        """Train until `steps` steps in all (a resumed run continues where it stopped)."""
        size = self.settings.batch
        began = time.perf_counter() - self.seconds
        while self.step < steps and not self.stopped():
            pick = torch.randint(len(self.x), (size,), generator=self.generator)
            loss = loss_of(self.net, self.x[pick], self.y[pick])
            self.optimiser.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            self.optimiser.step()
            self.step += 1
            self.seconds = time.perf_counter() - began
            self._since.append(loss.item())
            shown = None
            if self.step % self.settings.check_every == 0:
                shown = self._check()
                self.save()
            if progress is not None:
                progress(1, shown)

    def stopped(self) -> bool:
        """Whether `patience` checks have passed since the best one."""
        patience = self.settings.patience * self.settings.check_every
        return patience > 0 and self.step - self.best_step >= patience

    def _check(self) -> float:
        validation = self.validation_loss()
        self.curve.steps.append(self.step)
        self.curve.train.append(float(np.mean(self._since)))
        self.curve.validation.append(validation)
        self._since = []
        if validation < self.best_loss:
            self.best_loss, self.best_step = validation, self.step
            self.best = copy.deepcopy(self.net.state_dict())
        return validation

    def best_layers(self) -> list[tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]]:
        """The network's weights of the check with the lowest validation loss."""
        net = model(self.x.shape[-1], self.settings.hidden, self.linear)
        net.load_state_dict(self.best)
        return layers_of(net.mlp if isinstance(net, Residual) else net)  # type: ignore[arg-type]
