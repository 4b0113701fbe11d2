"""The batched simulator as a Gymnasium `VectorEnv`, for self-play: one policy acts for every seat.

Each step takes one action per game for the seat to move there (`info["to_play"]`), whose
observation is the game's documented tensor from that seat (`games.<id>.tensor`), with the legal
actions in `info["action_mask"]`. The reward goes to the seat that acted: its return when its
action ended the game, else 0. `info["returns"]` holds every seat's return of the games that
ended. A game that ends starts again in the same step (autoreset mode SAME_STEP): the returned
observation is the new game's, and `info["final_obs"]` (rows marked in `info["_final_obs"]`)
the ended game's last position, seen by the seat that acted. An illegal action raises
`IllegalActionError`: unlike a single learner's environment there is no opponent to forfeit to.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ludoteca.vector.batch import RUNNING, TERMINATED, KernelBatch

Observation = npt.NDArray[np.float32]


class BatchVectorEnv(VectorEnv[Observation, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """`simulator.batch` games as one vector environment."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, simulator: KernelBatch) -> None:
        self.simulator = simulator
        self.num_envs = simulator.batch
        self.single_observation_space = spaces.Box(
            0.0, 1.0, (simulator.observation_size,), dtype=np.float32
        )
        self.single_action_space = spaces.Discrete(simulator.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        if isinstance(seed, list):
            seed = seed[0]  # one base seed drives every game's stream
        if seed is not None:
            self._np_random, self._np_random_seed = np.random.default_rng(seed), seed
        self.simulator.reset(seed)
        return self.simulator.observations(), self._info()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[Observation, npt.NDArray[np.float32], Any, Any, dict[str, Any]]:
        sim = self.simulator
        done = sim.step(actions, autoreset=False)
        ended = done.ended != RUNNING
        rows = np.arange(sim.batch)
        rewards = np.where(
            ended & (done.movers >= 0), done.returns[rows, np.maximum(done.movers, 0)], 0.0
        ).astype(np.float32)
        info: dict[str, Any] = {"returns": done.returns}
        if ended.any():
            final = sim.observations(np.where(ended, np.maximum(done.movers, 0), -1))
            sim.restart(ended)
            info["final_obs"] = final
            info["_final_obs"] = ended
        info.update(self._info())
        terminated = done.ended == TERMINATED
        truncated = ended & ~terminated
        return sim.observations(), rewards, terminated, truncated, info

    def _info(self) -> dict[str, Any]:
        sim = self.simulator
        return {"action_mask": sim.legal_mask().astype(np.int8), "to_play": sim.to_play()}
