"""What defines a tournament: game, players, options, agents, seed and action cap, checked.

Two commands with the same definition are the same tournament (`run_id`): a rerun resumes it
and a larger `--games` extends it, since game i depends only on the definition and i.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca import agents
from ludoteca.core.api import Game
from ludoteca.core.errors import InvalidOptionError, LudotecaError
from ludoteca.core.registry import load
from ludoteca.terminal.seats import parse_options, split_seats


@dataclass(frozen=True)
class ArenaConfig:
    """A tournament's definition; `options` are the game's validated options (all of them)."""

    game: str
    players: int
    options: dict[str, Any]
    agents: tuple[str, ...]
    seed: int
    max_actions: int

    def load_game(self) -> Game:
        return load(self.game, players=self.players, **self.options)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "agents": list(self.agents),
            "seed": self.seed,
            "max_actions": self.max_actions,
        }

    @property
    def run_id(self) -> str:
        """A stable id: a hash of the definition's canonical JSON."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def check_agent(spec: str, game: Game) -> None:
    """Load the agent once, so an unknown name or a bad parameter stops the run before it starts."""
    try:
        agents.load(spec, game, seed=0)
    except LudotecaError:
        raise
    except Exception as exc:  # an agent's own parameter checks may raise anything
        raise InvalidOptionError(f"agent {spec!r}: {exc}") from exc


def configure(
    game_id: str,
    agents_text: str,
    *,
    players: int | None = None,
    option_items: Sequence[str] = (),
    seed: int = 0,
    max_actions: int,
) -> ArenaConfig:
    """Check the command's arguments and normalise them into a definition."""
    game = load(game_id, players=players, **parse_options(option_items))
    specs = tuple(split_seats(agents_text))
    if len(specs) < 2:
        raise InvalidOptionError(
            f"--agents needs at least two agents separated by commas, not {agents_text!r}"
        )
    repeated = sorted({spec for spec in specs if specs.count(spec) > 1})
    if repeated:
        raise InvalidOptionError(
            f"--agents lists {', '.join(repeated)} more than once; name each agent once"
            " (the rotation already seats it everywhere)"
        )
    for spec in specs:
        check_agent(spec, game)
    return ArenaConfig(
        game=game.id,
        players=game.num_players,
        options=dict(game.options),
        agents=specs,
        seed=seed,
        max_actions=max_actions,
    )
