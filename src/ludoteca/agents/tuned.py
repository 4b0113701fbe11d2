"""`tuned`: a game's greedy bot playing with weights tuned by self-play (`ludoteca tune`).

The weights ship as data, `games/<id>/tuned.json`, written by `ludoteca.arena.tune` with the
command and search history that produced them. The agent is the game's own greedy class with
those weights, so it plays exactly as `greedy:<the tuned weights>` would; parameters still
override single weights (`tuned:danger=2`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ludoteca.agents.base import Agent, WeightedAgent
from ludoteca.core.api import Game, State
from ludoteca.core.errors import StateFormatError, UnknownAgentError
from ludoteca.core.registry import game_module
from ludoteca.i18n import N_

GAMES_DIR = Path(__file__).resolve().parent.parent / "games"
DATA_FILE = "tuned.json"


def data_path(game_id: str) -> Path:
    """Where a game's tuned weights live in the package."""
    return GAMES_DIR / game_id / DATA_FILE


def weighted_greedy(game: Game) -> type[WeightedAgent]:
    """The game's `greedy` bot class, which must be steered by weights to be tunable."""
    bots = getattr(game_module(game.id, "bots"), "AGENTS", {})
    greedy = bots.get("greedy")
    if not (isinstance(greedy, type) and issubclass(greedy, WeightedAgent) and greedy.weights):
        raise UnknownAgentError(f"{game.id} has no greedy bot with weights to tune")
    return greedy


def read_weights(path: Path, greedy: type[WeightedAgent]) -> dict[str, float]:
    """The weights in a tuned file, checked against the names `greedy` takes."""
    try:
        weights = json.loads(path.read_text(encoding="utf-8"))["weights"]
        tuned = {str(name): float(value) for name, value in weights.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise StateFormatError(f"{path} holds no readable tuned weights: {exc}") from exc
    if set(tuned) != set(greedy.weights):
        raise StateFormatError(
            f"{path} tunes {', '.join(sorted(tuned))}; the greedy bot takes"
            f" {', '.join(sorted(greedy.weights))}"
        )
    return tuned


class TunedAgent(Agent):
    """The game's greedy bot with its shipped tuned weights (see the module docstring)."""

    name = "tuned"
    description = N_("the greedy bot with weights tuned by self-play")

    def __init__(self, game: Game, seed: int | None = None, **params: Any) -> None:
        greedy = weighted_greedy(game)
        path = data_path(game.id)
        if not path.exists():
            raise UnknownAgentError(
                f"no tuned weights for {game.id}; `ludoteca tune {game.id}` writes them"
            )
        unknown = sorted(set(params) - set(greedy.weights))
        if unknown:
            raise ValueError(
                f"tuned takes the weights {', '.join(greedy.weights)}; not {', '.join(unknown)}"
            )
        super().__init__(game, seed, **params)
        self.greedy = greedy(game, seed=seed, **{**read_weights(path, greedy), **params})

    @classmethod
    def plays(cls, game: Game) -> bool:
        """Only games whose package ships tuned weights for a weighted greedy bot."""
        try:
            weighted_greedy(game)
        except UnknownAgentError:
            return False
        return data_path(game.id).exists()

    @property
    def w(self) -> dict[str, float]:
        """The weights in play: the tuned ones with any parameters laid over them."""
        return self.greedy.w

    def act(self, state: State) -> int:
        return self.greedy.act(state)
