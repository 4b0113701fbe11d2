"""`tuned`: a game's greedy bot playing with weights tuned by self-play (`ludoteca tune`).

The weights ship as data, written by `ludoteca.arena.tune` with the command and search history
that produced them: `games/<id>/tuned-<n>p.json` for a table of n players, and
`games/<id>/tuned.json`, played at every count without a file of its own (weights tuned for one
count may play badly at another, so a count gets its own file where the strength table says so).
The agent is the game's own greedy class with those weights, so it plays exactly as
`greedy:<the tuned weights>` would; parameters still override single weights (`tuned:danger=2`).
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
    """Where a game's general tuned weights live: played where no count has its own file."""
    return GAMES_DIR / game_id / DATA_FILE


def count_path(game_id: str, players: int) -> Path:
    """Where a game's weights tuned for tables of `players` live."""
    return GAMES_DIR / game_id / f"tuned-{players}p.json"


def weights_path(game_id: str, players: int) -> Path:
    """The file `tuned` plays by at a table of `players`: the count's own, else the general."""
    own = count_path(game_id, players)
    return own if own.exists() else data_path(game_id)


def weighted_greedy(game: Game) -> type[WeightedAgent]:
    """The game's `greedy` bot class, which must be steered by weights to be tunable."""
    bots = getattr(game_module(game.id, "bots"), "AGENTS", {})
    greedy = bots.get("greedy")
    if not (isinstance(greedy, type) and issubclass(greedy, WeightedAgent) and greedy.weights):
        raise UnknownAgentError(f"{game.id} has no greedy bot with weights to tune")
    return greedy


def read_weights(
    path: Path, greedy: type[WeightedAgent], players: int | None = None
) -> dict[str, float]:
    """The weights in a tuned file, checked against the names `greedy` takes and, for a file
    of one player count, against the `players` of the table (its provenance names the count
    it was tuned for)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        tuned = {str(name): float(value) for name, value in data["weights"].items()}
        tuned_for = int(data["provenance"]["players"]) if players is not None else None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise StateFormatError(f"{path} holds no readable tuned weights: {exc}") from exc
    if tuned_for is not None and tuned_for != players:
        raise StateFormatError(
            f"{path} holds weights tuned for {tuned_for} players; it serves only tables of"
            f" {tuned_for}, not one of {players}"
        )
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
        path = weights_path(game.id, game.num_players)
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
        count = game.num_players if path != data_path(game.id) else None
        self.source = path
        """The weights file in play, whose provenance says how they were found."""
        self.greedy = greedy(game, seed=seed, **{**read_weights(path, greedy, count), **params})

    @classmethod
    def plays(cls, game: Game) -> bool:
        """Only games whose package ships tuned weights for a weighted greedy bot (for this
        table's count, or general ones)."""
        try:
            weighted_greedy(game)
        except UnknownAgentError:
            return False
        return weights_path(game.id, game.num_players).exists()

    @property
    def w(self) -> dict[str, float]:
        """The weights in play: the tuned ones with any parameters laid over them."""
        return self.greedy.w

    def act(self, state: State) -> int:
        return self.greedy.act(state)
