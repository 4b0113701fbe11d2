"""Every ludoteca game as a PettingZoo AEC environment: `env("ludo", players=2)`.

Agents are ``player_<seat>`` (`infos[agent]["seat_name"]` says what the game calls the seat).
An agent's observation is a dict: ``observation``, the game's documented tensor from that
seat's point of view (`ludoteca.games.<id>.tensor`), and ``action_mask``, 1 for its legal
actions when it is to move (all 0 otherwise). Chance events (dice, cards, the villa's set-up)
are played inside `step`, drawn from a seed the environment takes from its own generator at
`reset(seed=...)`, so equal seeds give equal games. Rewards come once, at the end: the game's
zero-sum returns. A game cut off at its length cap (`spaces`; or `max_length=`) ends with
`truncations` set and zero rewards; an illegal action forfeits (see `episode`).

`render_mode="ansi"` renders the text board, `"svg"` the game's SVG picture.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ludoteca.core.api import Game
from ludoteca.core.chance import SEED_BITS
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.registry import load
from ludoteca.interop import require
from ludoteca.interop.episode import Episode
from ludoteca.interop.spaces import Bounds, ObservationTensor, action_mask, bounds

require("pettingzoo")
from gymnasium import spaces  # noqa: E402  (after the check that names the missing extra)
from gymnasium.utils import seeding  # noqa: E402
from pettingzoo import AECEnv  # type: ignore[import-untyped]  # noqa: E402
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]  # noqa: E402

RENDER_MODES = ("ansi", "svg")


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class LudotecaAECEnv(AECEnv):  # type: ignore[misc]
    """A ludoteca game for PettingZoo: one agent per seat, turns in the game's own order."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        render_mode: str | None = None,
        max_length: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidOptionError(
                f"render_mode {render_mode!r}: choose one of {', '.join(RENDER_MODES)}"
            )
        self.game: Game = load(game_id, **options)
        self.bounds: Bounds = bounds(self.game, max_length)
        self.tensor = ObservationTensor(self.game)
        self.render_mode = render_mode
        seats = range(self.game.num_players)
        self.possible_agents = [agent_name(seat) for seat in seats]
        self._seat = {agent_name(seat): seat for seat in seats}
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, self.tensor.shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.bounds.num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {
            agent: spaces.Discrete(self.bounds.num_actions) for agent in self.possible_agents
        }
        self._np_random, self._np_random_seed = seeding.np_random()
        self.episode: Episode | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random, self._np_random_seed = seeding.np_random(seed)
        game_seed = int(self._np_random.integers(1 << SEED_BITS))
        self.episode = Episode(self.game, self.bounds, game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: self._info(agent) for agent in self.agents}
        self._after_action(self.agents[0])

    def observe(self, agent: str) -> dict[str, Any]:
        episode = self._episode()
        seat = self._seat[agent]
        mask = np.zeros(self.bounds.num_actions, dtype=np.int8)
        if episode.to_move() == seat:
            mask = action_mask(episode.state, self.bounds.num_actions)
        return {"observation": self.tensor.encode(episode.state, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        episode = self._episode()
        self._cumulative_rewards[agent] = 0.0
        legal = episode.act(int(action))
        self.infos[agent] = {**self._info(agent), "illegal_action": not legal}
        self._after_action(agent)

    def render(self) -> str | None:
        return self._episode().render(self.render_mode)

    def close(self) -> None:
        """Nothing to release: the game lives in memory only."""

    def _episode(self) -> Episode:
        if self.episode is None:
            raise InvalidOptionError("call reset() before using the environment")
        return self.episode

    def _info(self, agent: str) -> dict[str, Any]:
        return {"seat_name": self.game.seat_name(self._seat[agent]) or agent}

    def _after_action(self, actor: str) -> None:
        """Hand the turn to the seat to move, or end the episode for every agent."""
        episode = self._episode()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if episode.done:
            returns = episode.returns()
            for agent in self.agents:
                self.rewards[agent] = float(returns[self._seat[agent]])
                self.terminations[agent] = episode.terminated
                self.truncations[agent] = episode.truncated
            self.agent_selection = actor
        else:
            self.agent_selection = agent_name(episode.to_move())
        self._accumulate_rewards()


def env(game_id: str, **options: Any) -> OrderEnforcingWrapper:
    """The AEC environment of a game, wrapped as PettingZoo's own environments are.

    Keyword arguments: `players`, the game's options, `render_mode` ("ansi" or "svg") and
    `max_length` (an earlier cut-off than the game's own).
    """
    return OrderEnforcingWrapper(LudotecaAECEnv(game_id, **options))
