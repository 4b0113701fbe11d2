"""The agent interface: a seeded policy that picks an action for the player to move."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from ludoteca.core.api import Game, State


class Agent(ABC):
    """Chooses actions. Seeded: the same seed and the same states give the same choices."""

    name: ClassVar[str]
    description: ClassVar[str] = ""

    def __init__(self, game: Game, seed: int | None = None, **params: Any) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.params = params

    @abstractmethod
    def act(self, state: State) -> int:
        """A legal action for `state.current_player()` (never called at chance or end nodes)."""

    def __repr__(self) -> str:
        params = "".join(f",{k}={v}" for k, v in self.params.items())
        return f"{self.name}{':' if params else ''}{params[1:]}"


class RandomAgent(Agent):
    """Uniformly random among the legal actions: the baseline every bot must beat."""

    name = "random"
    description = "picks a legal move at random"

    def __init__(self, game: Game, seed: int | None = None, **params: Any) -> None:
        if params:
            raise ValueError(f"random takes no parameters, not {', '.join(params)}")
        super().__init__(game, seed)

    def act(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())
