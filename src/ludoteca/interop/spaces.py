"""What the interfaces must know about a game before play: action-id bounds, length, tensor.

OpenSpiel, PettingZoo and Gymnasium all want fixed sizes up front (`core.bounds.Bounds`): each
game derives its own from its action encoding, in its `tensor.bounds(game)` (see the
docstring of `games/<id>/game.py`), so all three interfaces agree. Museum has a real bound on
its length (32 rounds); siege has one while `max_quiet_moves` > 0 (each capture resets that
counter, and captures are few). Ludo, bremen and villa can in principle run on for ever, so
they are cut off at `core.bounds.MAX_ACTIONS`: an OpenSpiel state there becomes terminal with
all returns 0, and a PettingZoo or Gymnasium episode ends as truncated.
"""

from __future__ import annotations

from dataclasses import replace
from types import ModuleType

import numpy as np
import numpy.typing as npt

from ludoteca.core.api import Game, State
from ludoteca.core.bounds import Bounds as Bounds
from ludoteca.core.errors import InvalidOptionError, LudotecaError
from ludoteca.core.registry import game_module

Tensor = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class NoInteropError(LudotecaError):
    """A game lacks something an interface needs (its bounds or its observation tensor)."""


def supported(game_id: str) -> bool:
    """Whether the interfaces know the bounds of game `game_id` (its `tensor.bounds`)."""
    return hasattr(game_module(game_id, "tensor"), "bounds")


def bounds(game: Game, max_length: int | None = None) -> Bounds:
    """The interface sizes of `game` (its player count and options included).

    `max_length` cuts games off sooner than the game's own bound or cap (for quick checks,
    or episodes of a fixed budget).
    """
    tensor = game_module(game.id, "tensor")
    if tensor is None or not hasattr(tensor, "bounds"):
        raise NoInteropError(f"{game.id} has no action bounds for the RL interfaces yet")
    found: Bounds = tensor.bounds(game)
    if max_length is None or max_length >= found.max_length:
        return found
    if max_length < 1:
        raise InvalidOptionError(f"max_length is a positive number of actions, not {max_length}")
    return replace(found, max_length=max_length, capped=True)


class ObservationTensor:
    """A game's fixed-shape float32 observation, from its `ludoteca.games.<id>.tensor`."""

    def __init__(self, game: Game) -> None:
        module: ModuleType | None = game_module(game.id, "tensor")
        if module is None:
            raise NoInteropError(
                f"{game.id} has no observation tensor (ludoteca.games.{game.id}.tensor)"
            )
        self._module = module
        self.game = game
        self.shape: tuple[int, ...] = tuple(int(n) for n in module.shape(game))

    def encode(self, state: State, seat: int) -> Tensor:
        """`state` as `seat` sees it: float32 in [0, 1], always of `shape`."""
        tensor: Tensor = np.asarray(self._module.encode(state, seat), dtype=np.float32)
        return tensor

    def describe(self) -> list[str]:
        """The meaning of the tensor's slots or planes, as the game documents them."""
        return [str(line) for line in self._module.describe(self.game)]


def action_mask(state: State, num_actions: int) -> Mask:
    """1 for each legal action of the player to move (all 0 at chance or terminal nodes)."""
    mask = np.zeros(num_actions, dtype=np.int8)
    if state.current_player() >= 0:
        mask[state.legal_actions()] = 1
    return mask
