"""What the interfaces must know about a game before play: action-id bounds, length, tensor.

OpenSpiel, PettingZoo and Gymnasium all want fixed sizes up front: a bound on action ids
(`num_actions`, the width of the action mask), a bound on chance-outcome ids, and a bound on
the length of a game. They are derived here from each game's own action encoding (see the
docstring of `games/<id>/game.py`), so all three interfaces agree.

Lengths count every action, chance outcomes included. Museum has a real bound (32 rounds);
siege has one while `max_quiet_moves` > 0 (each capture resets that counter, and captures are
few). Ludo, bremen and villa can in principle run on for ever, so they are cut off at the
arena's `MAX_ACTIONS`: an OpenSpiel state there becomes terminal with all returns 0, and a
PettingZoo or Gymnasium episode ends as truncated.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca.arena.match import MAX_ACTIONS
from ludoteca.core.api import Game, State
from ludoteca.core.errors import InvalidOptionError, LudotecaError
from ludoteca.core.registry import game_module

Tensor = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class NoInteropError(LudotecaError):
    """A game lacks something an interface needs (its bounds or its observation tensor)."""


@dataclass(frozen=True)
class Bounds:
    """The sizes an interface fixes before play."""

    num_actions: int
    """Every player action id is below this (the action space and mask width)."""
    num_chance_outcomes: int
    """Every chance-outcome id is below this (0 for a game without chance)."""
    max_length: int
    """Actions, chance included, after which a game ends (`capped` says how)."""
    capped: bool
    """True: `max_length` is a cut-off (the game could go on); False: a real bound."""
    min_utility: float = -1.0
    max_utility: float = 1.0


def _ludo(game: Any) -> Bounds:
    from ludoteca.games.ludo.game import DIE_FACES

    # Player actions: circles 0..L-1, goal circles L..L+3, bringing in L+4.
    # Chance: die faces 1-6, and the starting seat 0..n-1 before the first roll.
    chance = max(max(DIE_FACES), game.num_players - 1) + 1
    return Bounds(game.enter_action + 1, chance, MAX_ACTIONS, capped=True)


def _bremen(game: Any) -> Bounds:
    from ludoteca.games.bremen.game import ROLL_ACTIONS

    # Animal moves below robber_base, then one id per robber path; rolls are 10*plain + R-die.
    actions = game.robber_base + len(game.board.robber_paths())
    chance = max(max(ROLL_ACTIONS), game.num_players - 1) + 1
    return Bounds(actions, chance, MAX_ACTIONS, capped=True)


def _museum(game: Any) -> Bounds:
    from ludoteca.games.museum.game import ROB_ACTION

    # One round per card: the card turned, every thief moves, every thief may decide to rob.
    rounds = sum(kind.count for kind in game.deck.kinds)
    length = 1 + rounds * (1 + 2 * game.num_players)
    chance = max(len(game.deck.kinds), game.num_players)
    return Bounds(ROB_ACTION + 1, chance, length, capped=False)


def _siege(game: Any) -> Bounds:
    from ludoteca.games.siege.game import SPAN

    quiet = game.max_quiet
    if not quiet:
        return Bounds(SPAN * SPAN, 0, MAX_ACTIONS, capped=True)
    # Between captures at most `quiet` moves (the capture included), and after the last one at
    # most `quiet` more; the lord's or the last knight's capture ends the game, so no more
    # captures happen than there are soldiers and knights.
    board = game.board
    captures = len(board.soldier_starts) + len(board.knight_starts)
    return Bounds(SPAN * SPAN, 0, (captures + 1) * quiet, capped=False)


def _villa(game: Any) -> Bounds:
    from ludoteca.games.villa.game import FLOOR_BASE, PERMUTATIONS
    from ludoteca.games.villa.hands import DIRECTIONS, PULL_OUTCOMES
    from ludoteca.games.villa.setup import LAYOUTS

    # Floors are laid as FLOOR_BASE + turn * cells + cell: by far the largest ids.
    actions = FLOOR_BASE + game.parts.turns * game.cells
    chance = max(LAYOUTS, len(PERMUTATIONS), len(PULL_OUTCOMES), len(DIRECTIONS))
    return Bounds(actions, chance, MAX_ACTIONS, capped=True)


_BOUNDS: dict[str, Callable[[Any], Bounds]] = {
    "ludo": _ludo,
    "bremen": _bremen,
    "museum": _museum,
    "siege": _siege,
    "villa": _villa,
}


def supported(game_id: str) -> bool:
    """Whether the interfaces know the bounds of game `game_id`."""
    return game_id in _BOUNDS


def bounds(game: Game, max_length: int | None = None) -> Bounds:
    """The interface sizes of `game` (its player count and options included).

    `max_length` cuts games off sooner than the game's own bound or cap (for quick checks,
    or episodes of a fixed budget).
    """
    derive = _BOUNDS.get(game.id)
    if derive is None:
        raise NoInteropError(f"{game.id} has no action bounds for the RL interfaces yet")
    found = derive(game)
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
