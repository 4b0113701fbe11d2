"""Batched simulation: N games stepped at once on a game's compiled kernel.

`make("ludo", batch=1024, seed=7, players=4)` is a Gymnasium `VectorEnv` (see `env`);
`simulator("ludo", batch=1024, seed=7)` the plain array API under it (`batch.KernelBatch`). Only
games with a compiled kernel have them: those whose folder has batch hooks
(`games/<id>/fast_batch.py`, see `kernels()`). numba and Gymnasium come with the
`ludoteca[fast]` extra and are imported only here, so the base install never needs them.
"""

from __future__ import annotations

import importlib
from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.core.registry import games, has_game_module, load
from ludoteca.interop import MissingExtraError

HOOKS = "fast_batch"
"""The module of a game's folder that offers its kernel to the batch engine."""


class NoKernelError(LudotecaError, ValueError):
    """The game has no compiled kernel, so it cannot be simulated in batches."""


def kernels() -> list[str]:
    """The games with a compiled kernel, in catalogue order (found without importing numba)."""
    return [info.id for info in games() if has_game_module(info.id, HOOKS)]


def _require(module: str) -> None:
    try:
        importlib.import_module(module)
    except ImportError as exc:
        raise MissingExtraError(
            f"{module} is not installed: pip install 'ludoteca[fast]' ({exc})"
        ) from exc


def _check(game_id: str) -> None:
    load(game_id)  # an unknown id names the valid ones
    if not has_game_module(game_id, HOOKS):
        raise NoKernelError(
            f"{game_id} has no compiled kernel yet, so no batched simulation; games with one:"
            f" {', '.join(kernels())}"
        )
    _require("numba")


def simulator(
    game_id: str,
    batch: int,
    seed: int | None = None,
    max_length: int | None = None,
    players: int | None = None,
    **options: Any,
) -> Any:
    """The array API: `batch` games of `game_id` (players and options as for `ludoteca.load`)."""
    _check(game_id)
    # Imported here, after `_check`: the engine needs numba, which the base install lacks.
    from ludoteca.vector.batch import KernelBatch

    return KernelBatch(load(game_id, players, **options), batch, seed, max_length)


def make(
    game_id: str,
    batch: int,
    seed: int | None = None,
    max_length: int | None = None,
    players: int | None = None,
    **options: Any,
) -> Any:
    """A Gymnasium `VectorEnv` of `batch` games, self-play: each step acts for the seat to move."""
    _check(game_id)
    _require("gymnasium")
    # Imported here, after `_require`: Gymnasium is the `fast` extra, absent from the base install.
    from ludoteca.vector.env import BatchVectorEnv

    return BatchVectorEnv(simulator(game_id, batch, seed, max_length, players, **options))
