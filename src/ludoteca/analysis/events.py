"""Rule events of one game: its record replayed through the game's `events` hook.

A game's optional module `ludoteca.games.<id>.events` has `events(before, action, after)`,
naming the rules an action set off, and optionally `scores(state)`, the game's own final
scores per seat. Replaying the record (rather than instrumenting the rules) keeps statistics
out of the rules code and works for any saved game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ludoteca.arena.match import GameResult
from ludoteca.core.api import Game
from ludoteca.core.registry import game_module


@dataclass(frozen=True)
class GameEvents:
    """What a replay of one game found: rule counts, turns and the game's own scores."""

    counts: dict[str, int]
    turns: int
    """Runs of consecutive decisions by one seat (a turn, however many actions it takes)."""
    scores: dict[str, list[float]] = field(default_factory=dict)


def replay_events(game: Game, result: GameResult) -> GameEvents:
    """Replay `result` in `game` and collect its events, turns and final scores."""
    hooks = game_module(game.id, "events")
    fire = getattr(hooks, "events", None)
    counts: Counter[str] = Counter()
    turns, last_seat = 0, None
    state = game.new_initial_state(seed=result.seed)
    for action in result.actions:
        seat = state.current_player()
        if seat >= 0 and seat != last_seat:
            turns += 1
            last_seat = seat
        before = state.clone() if fire is not None else state
        state.apply_action(action)
        if fire is not None:
            counts.update(fire(before, action, state))
    score = getattr(hooks, "scores", None)
    scores = score(state) if score is not None and result.finished else {}
    return GameEvents(dict(counts), turns, scores)
