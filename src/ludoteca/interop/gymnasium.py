"""One seat of a ludoteca game as a Gymnasium environment, the other seats played by bots.

`make("ludo", seat=0, opponents="greedy", players=2)` is `gymnasium.make("ludoteca/ludo-v0",
...)`: importing this module registers ``ludoteca/<id>-v0`` for every game (or name the module
in the id: ``gymnasium.make("ludoteca.interop.gymnasium:ludoteca/ludo-v0")``).

Observations are the game's documented tensor from the learner's seat
(`ludoteca.games.<id>.tensor`); actions are the game's action ids, `Discrete(n)` with n the
bound of `spaces.bounds`; `info["action_mask"]` marks the legal ones. Chance events and the
opponents' turns are played inside `step` (and `reset`), from seeds drawn from the
environment's generator, so a seeded reset replays the same game for the same actions. The
reward is the seat's zero-sum return, given when the game ends. A game cut off at its length
cap (or `max_length=`) is `truncated`; an illegal action forfeits the game (reward -1,
`info["illegal_action"]`), since Gymnasium's checker steps with unmasked actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ludoteca import agents
from ludoteca.agents.base import Agent
from ludoteca.core.api import Game
from ludoteca.core.chance import SEED_BITS
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.registry import game_class, games, load
from ludoteca.interop import require
from ludoteca.interop.episode import Episode
from ludoteca.interop.spaces import (
    Bounds,
    ObservationTensor,
    Tensor,
    action_mask,
    bounds,
    supported,
)

require("gymnasium")
import gymnasium as gym  # noqa: E402  (after the check that names the missing extra)
from gymnasium import spaces  # noqa: E402

RENDER_MODES = ("ansi", "svg")


def env_id(game_id: str) -> str:
    return f"ludoteca/{game_id}-v0"


class LudotecaEnv(gym.Env[Tensor, np.int64]):
    """The learner plays `seat`; `opponents` (agent specs) play every other seat."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        seat: int = 0,
        opponents: str | Sequence[str] = "greedy",
        render_mode: str | None = None,
        max_length: int | None = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidOptionError(
                f"render_mode {render_mode!r}: choose one of {', '.join(RENDER_MODES)}"
            )
        self.game: Game = load(game_id, **options)
        n = self.game.num_players
        if not 0 <= seat < n:
            raise InvalidOptionError(f"seat {seat} is not at a {n}-player table (0-{n - 1})")
        self.seat = seat
        self.opponent_specs = _opponent_specs(self.game, seat, opponents)
        self.bounds: Bounds = bounds(self.game, max_length)
        self.tensor = ObservationTensor(self.game)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, self.tensor.shape, dtype=np.float32)
        self.action_space = spaces.Discrete(self.bounds.num_actions)
        self.episode: Episode | None = None
        self._bots: dict[int, Agent] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Tensor, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(1 << SEED_BITS))
        self._bots = {
            other: agents.load(spec, self.game, seed=int(self.np_random.integers(1 << SEED_BITS)))
            for other, spec in self.opponent_specs.items()
        }
        self.episode = Episode(self.game, self.bounds, game_seed)
        self._play_opponents()
        return self._observation(), self._info(illegal=False)

    def step(self, action: Any) -> tuple[Tensor, float, bool, bool, dict[str, Any]]:
        episode = self._episode()
        legal = episode.act(int(action))
        self._play_opponents()
        reward = float(episode.returns()[self.seat]) if episode.done else 0.0
        info = self._info(illegal=not legal)
        return self._observation(), reward, episode.terminated, episode.truncated, info

    def render(self) -> str | None:
        return self._episode().render(self.render_mode)

    def _episode(self) -> Episode:
        if self.episode is None:
            raise InvalidOptionError("call reset() before using the environment")
        return self.episode

    def _play_opponents(self) -> None:
        episode = self._episode()
        while not episode.done and episode.to_move() != self.seat:
            mover = episode.to_move()
            episode.act(self._bots[mover].act(episode.state.clone_for_agent()))

    def _observation(self) -> Tensor:
        return self.tensor.encode(self._episode().state, self.seat)

    def _info(self, illegal: bool) -> dict[str, Any]:
        episode = self._episode()
        mask = np.zeros(self.bounds.num_actions, dtype=np.int8)
        if episode.to_move() == self.seat:
            mask = action_mask(episode.state, self.bounds.num_actions)
        return {"action_mask": mask, "illegal_action": illegal}


def _opponent_specs(game: Game, seat: int, opponents: str | Sequence[str]) -> dict[int, str]:
    """Each other seat's agent spec: one spec for all, or one per other seat in seat order."""
    others = [other for other in range(game.num_players) if other != seat]
    specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
    if len(specs) != len(others):
        raise InvalidOptionError(
            f"opponents: give one agent spec, or {len(others)} (one per other seat), not"
            f" {len(specs)}"
        )
    for spec in specs:
        agents.load(spec, game)  # an unknown agent or parameter fails here, not mid-episode
    return dict(zip(others, specs, strict=True))


def make(
    game_id: str, seat: int = 0, opponents: str | Sequence[str] = "greedy", **options: Any
) -> Any:
    """`gymnasium.make` of the game's registered id, with Gymnasium's usual wrappers.

    Keyword arguments: `players`, the game's options, `render_mode` ("ansi" or "svg") and
    `max_length` (an earlier cut-off than the game's own).
    """
    game_class(game_id)  # an unknown id names the valid ones
    return gym.make(env_id(game_id), seat=seat, opponents=opponents, **options)


def _register() -> None:
    for info in games():
        if supported(info.id) and env_id(info.id) not in gym.registry:
            gym.register(
                id=env_id(info.id),
                entry_point=f"{__name__}:LudotecaEnv",
                kwargs={"game_id": info.id},
                disable_env_checker=False,
            )


_register()
