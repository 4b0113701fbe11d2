"""Who sits at the table: `--seats human,greedy,random` read into humans and loaded agents."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ludoteca import agents
from ludoteca.agents.base import Agent
from ludoteca.core.api import Game
from ludoteca.core.chance import derived_seed
from ludoteca.core.errors import InvalidOptionError, LudotecaError
from ludoteca.core.options import parse_assignments

HUMAN = "human"


class SeatError(LudotecaError, ValueError):
    """A `--seats` entry names an agent that cannot be set up with the given parameters."""


@dataclass(frozen=True)
class Seat:
    """One seat: a person at this keyboard (`agent` None) or a bot, and how it was asked for."""

    spec: str
    agent: Agent | None = None

    @property
    def is_human(self) -> bool:
        return self.agent is None


def split_seats(text: str) -> list[str]:
    """`"human, greedy,mcts:iterations=100"` -> one spec per seat.

    Commas also separate an agent's parameters (`mcts:iterations=100,c=1.4`), so a part
    holding `=` but no `:` continues the previous seat's parameters.
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if specs and "=" in part and ":" not in part and ":" in specs[-1]:
            specs[-1] += "," + part
        else:
            specs.append(part)
    if any(not spec for spec in specs):
        raise SeatError(f"--seats {text!r} has an empty seat; write e.g. human,greedy,random")
    return specs


def agent_seed(game_seed: int, seat: int) -> int:
    """A bot's own seed, derived one way from the game's, so a seeded game plays out the same
    again and a bot cannot work back to the dice."""
    return derived_seed(game_seed, seat + 1)


def load_seats(specs: Iterable[str], game: Game, game_seed: int) -> list[Seat]:
    """Humans and agents for each seat; unknown agents and bad parameters raise readable errors."""
    seats = []
    for index, spec in enumerate(specs):
        if spec.lower() == HUMAN:
            seats.append(Seat(HUMAN))
            continue
        try:
            agent = agents.load(spec, game, seed=agent_seed(game_seed, index))
        except (TypeError, ValueError) as exc:
            if isinstance(exc, LudotecaError):
                raise
            raise SeatError(f"seat {index} ({spec}): {exc}") from exc
        seats.append(Seat(spec, agent))
    return seats


def default_seats(game: Game) -> list[str]:
    """A person in seat 0 against bots of medium strength (see `agents.strengths`)."""
    return [HUMAN] + ["medium"] * (game.num_players - 1)


def parse_options(items: Iterable[str]) -> dict[str, str]:
    """`["board=6", "play_out=true"]` -> option texts; the game coerces and checks the values."""
    options = parse_assignments(items)
    if "players" in options:
        raise InvalidOptionError("the number of players is the number of --seats")
    return options
