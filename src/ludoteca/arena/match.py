"""One seeded game between agents: the unit the arena, the tuner and the reports build on.

`play_game` is a pure function of its arguments: the game's seed drives its chance events and
each agent's seed is derived from it exactly as at a terminal or web table, so any game can be
replayed from its record (seed and actions) anywhere.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca import agents
from ludoteca.agents.base import Agent
from ludoteca.core.api import Game
from ludoteca.core.bounds import MAX_ACTIONS
from ludoteca.core.chance import play_chance
from ludoteca.terminal.seats import agent_seed


@dataclass(frozen=True)
class GameResult:
    """What one game produced: its record and how it ended."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    agents: tuple[str, ...]
    actions: tuple[int, ...]
    returns: tuple[float, ...]
    finished: bool
    decisions: tuple[int, ...]
    """How many actions each seat chose."""
    median_ms: tuple[float, ...] = field(default=(), compare=False)
    """Each seat's median thinking time per decision, in milliseconds (0 without decisions)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "agents": list(self.agents),
            "actions": list(self.actions),
            "returns": list(self.returns),
            "finished": self.finished,
            "decisions": list(self.decisions),
            "median_ms": list(self.median_ms),
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> GameResult:
        return cls(
            game=str(obj["game"]),
            players=int(obj["players"]),
            options=dict(obj["options"]),
            seed=int(obj["seed"]),
            agents=tuple(obj["agents"]),
            actions=tuple(int(a) for a in obj["actions"]),
            returns=tuple(float(r) for r in obj["returns"]),
            finished=bool(obj["finished"]),
            decisions=tuple(int(d) for d in obj["decisions"]),
            median_ms=tuple(float(m) for m in obj.get("median_ms", ())),
        )


def play_game(
    game: Game, specs: Sequence[str], seed: int, max_actions: int = MAX_ACTIONS
) -> GameResult:
    """Play one game with `specs[seat]` (agent specs, e.g. ``"mcts:iterations=200"``) per seat.

    A game still running after `max_actions` actions ends unfinished, with all returns zero.
    """
    if len(specs) != game.num_players:
        raise ValueError(f"{game.id} with {game.num_players} players needs as many agents")
    bots = [agents.load(spec, game, seed=agent_seed(seed, seat)) for seat, spec in enumerate(specs)]
    return play_bots(game, bots, tuple(specs), seed, max_actions)


def play_bots(
    game: Game,
    bots: Sequence[Agent],
    names: tuple[str, ...],
    seed: int,
    max_actions: int = MAX_ACTIONS,
) -> GameResult:
    """`play_game` with agents already made (`names` for the record): for a value that no spec
    names, such as a network in training."""
    times: list[list[float]] = [[] for _ in bots]
    state = game.new_initial_state(seed=seed)
    while len(state.history()) < max_actions:
        play_chance(state)
        if state.is_terminal():
            break
        seat = state.current_player()
        start = time.perf_counter()
        action = bots[seat].act(state.clone_for_agent())
        times[seat].append(time.perf_counter() - start)
        state.apply_action(action, seat)
    finished = state.is_terminal()
    return GameResult(
        game=game.id,
        players=game.num_players,
        options=dict(game.options),
        seed=seed,
        agents=names,
        actions=tuple(state.history()),
        returns=tuple(state.returns()) if finished else (0.0,) * game.num_players,
        finished=finished,
        decisions=tuple(len(t) for t in times),
        median_ms=tuple(1000 * statistics.median(t) if t else 0.0 for t in times),
    )
