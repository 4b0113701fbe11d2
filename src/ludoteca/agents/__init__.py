"""Agents that play any ludoteca game, loaded by name: `load("greedy", game, seed=1)`.

General agents live here; a game's own bots (its `greedy`) live in its package and are found
through `ludoteca.games.<id>.bots.AGENTS`.
"""

from __future__ import annotations

from typing import Any

from ludoteca.agents.alphabeta import AlphaBetaAgent, MinimaxAgent
from ludoteca.agents.base import Agent, RandomAgent
from ludoteca.agents.expectimax import ExpectimaxAgent
from ludoteca.agents.mcts import MCTSAgent
from ludoteca.agents.strengths import LEVELS, resolve, strengths, strongest
from ludoteca.agents.tuned import TunedAgent
from ludoteca.agents.valued import LearnedAgent
from ludoteca.core.api import Game
from ludoteca.core.errors import InvalidOptionError, UnknownAgentError
from ludoteca.core.registry import game_module

GENERAL: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "mcts": MCTSAgent,
    "alphabeta": AlphaBetaAgent,
    "minimax": MinimaxAgent,
    "expectimax": ExpectimaxAgent,
    "tuned": TunedAgent,
    "learned": LearnedAgent,
}


def available(game: Game) -> dict[str, type[Agent]]:
    """Every agent that can play `game`: the general ones and the game's own bots."""
    return {name: cls for name, cls in _known(game).items() if cls.plays(game)}


def _known(game: Game) -> dict[str, type[Agent]]:
    """The general agents and the game's own bots, whether or not they can play `game`."""
    agents = dict(GENERAL)
    agents.update(getattr(game_module(game.id, "bots"), "AGENTS", {}))
    return agents


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"mcts:iterations=2000,rollout=greedy"`` into a name and text parameters."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UnknownAgentError(f"agent parameter {item!r} in {spec!r} is not key=value")
        params[key.strip()] = value.strip()
    return name.strip(), params


def load(spec: str, game: Game, seed: int | None = None, **params: Any) -> Agent:
    """The agent named by `spec` (name, optionally with ``:key=value,...`` parameters).

    A strength name (`easy`, `medium`, `hard`) loads the agent the game names for it.
    """
    name, parsed = parse_spec(resolve(spec, game))
    known = _known(game)
    if name not in known:
        raise UnknownAgentError(
            f"unknown agent {name!r} for {game.id}; valid agents: {_valid(game)}"
        )
    if "seed" in parsed:
        raise InvalidOptionError(
            f"agent {spec!r}: an agent's seed is not a parameter; it comes from the game's seed"
        )
    try:
        agent = known[name](game, seed=seed, **{**parsed, **params})
    except (TypeError, ValueError) as exc:
        raise InvalidOptionError(f"agent {spec!r}: {exc}") from exc
    if not agent.plays(game):  # an agent that does not say why itself
        raise InvalidOptionError(
            f"agent {name!r} cannot play {game.id}; valid agents: {_valid(game)}"
        )
    return agent


def _valid(game: Game) -> str:
    """The agents that can play `game`, for an error message (asking every agent takes time:
    bots are loaded on every move)."""
    return ", ".join(sorted(available(game)))


__all__ = [
    "GENERAL",
    "LEVELS",
    "Agent",
    "RandomAgent",
    "available",
    "load",
    "parse_spec",
    "strengths",
    "strongest",
]
