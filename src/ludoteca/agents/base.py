"""The agent interface: a seeded policy that picks an action for the player to move."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any, ClassVar

from ludoteca.core.api import Game, State
from ludoteca.i18n import N_


def child_of(state: State, action: int) -> State:
    """The state after `action`, leaving `state` as it was (searches look at many children)."""
    after = state.clone()
    after.apply_action(action)
    return after


class Agent(ABC):
    """Chooses actions. Seeded: the same seed and the same states give the same choices."""

    name: ClassVar[str]
    description: ClassVar[str] = ""

    def __init__(self, game: Game, seed: int | None = None, **params: Any) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.params = params

    @classmethod
    def plays(cls, game: Game) -> bool:
        """Whether this agent can play `game` (`agents.available` lists only those that can)."""
        return True

    def count(self, params: dict[str, Any], defaults: dict[str, int], name: str, least: int) -> int:
        """The whole-number parameter `name` (its default when not given), at least `least`: a
        depth, a width or a number of samples, refused in one sentence naming the agent."""
        value = int(params.get(name, defaults[name]))
        if value < least:
            raise ValueError(f"{self.name} needs {name} >= {least}, not {value}")
        return value

    @abstractmethod
    def act(self, state: State) -> int:
        """A legal action for `state.current_player()` (never called at chance or end nodes)."""

    def __repr__(self) -> str:
        params = "".join(f",{k}={v}" for k, v in self.params.items())
        return f"{self.name}{':' if params else ''}{params[1:]}"


class WeightedAgent(Agent):
    """A rule-of-thumb bot steered by named weights (`greedy:danger=2`); others are refused."""

    weights: ClassVar[dict[str, float]] = {}

    def __init__(self, game: Game, seed: int | None = None, **params: Any) -> None:
        unknown = sorted(set(params) - set(self.weights))
        if unknown:
            raise ValueError(
                f"{self.name} takes the weights {', '.join(self.weights)}; not {', '.join(unknown)}"
            )
        super().__init__(game, seed, **params)
        self.w = {k: float(params.get(k, v)) for k, v in self.weights.items()}

    def best(self, scored: Iterable[tuple[float, int]]) -> int:
        """The action with the highest score; ties are broken by the seeded generator."""
        pairs = list(scored)
        top = max(score for score, _ in pairs)
        return self.rng.choice([action for score, action in pairs if score >= top - 1e-9])


class RandomAgent(Agent):
    """Uniformly random among the legal actions: the baseline every bot must beat."""

    name = "random"
    description = N_("picks a legal move at random")

    def __init__(self, game: Game, seed: int | None = None, **params: Any) -> None:
        if params:
            raise ValueError(f"random takes no parameters, not {', '.join(params)}")
        super().__init__(game, seed)

    def act(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())
