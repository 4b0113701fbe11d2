"""How long a game typically takes people, estimated from bot self-play for the lobby.

A bot game is replayed and timed as people would take it: `SECONDS_PER_CHOICE` for every
decision with more than one legal move, `SECONDS_PER_STEP` for a forced move, a roll or a
turned card (the table animates them). The median over seeded games of `medium` bots at the
default player count, rounded to five minutes, is what the lobby shows ("about 20 min").
`python -m ludoteca.analysis.durations` measures every game again and rewrites `DURATIONS`.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

from rich.progress import Progress

from ludoteca.arena.match import GameResult, play_game
from ludoteca.core.registry import games, load

SECONDS_PER_CHOICE = 6.0
SECONDS_PER_STEP = 1.5
AGENT = "medium"
DURATIONS = Path(__file__).with_name("durations.json")


def seconds_for_people(result: GameResult) -> float:
    """The game of `result` timed as people play it (see the module's docstring)."""
    state = load(result.game, players=result.players, **result.options).new_initial_state(
        seed=result.seed
    )
    seconds = 0.0
    for action in result.actions:
        choosing = not state.is_chance_node() and len(state.legal_actions()) > 1
        seconds += SECONDS_PER_CHOICE if choosing else SECONDS_PER_STEP
        state.apply_action(action)
    return seconds


def typical_minutes(game_id: str, count: int, seed: int = 0) -> dict[str, Any]:
    """The median length in minutes of `count` seeded games of `AGENT` bots, and how it was got."""
    game = load(game_id)
    minutes = []
    for index in range(count):
        result = play_game(game, [AGENT] * game.num_players, seed=seed + index)
        minutes.append(seconds_for_people(result) / 60)
    median = statistics.median(minutes)
    return {
        "minutes": max(5, 5 * round(median / 5)),
        "median": round(median, 1),
        "games": count,
        "players": game.num_players,
        "agent": AGENT,
    }


def load_durations() -> dict[str, dict[str, Any]]:
    """The measured durations by game id (empty when they were never measured)."""
    if not DURATIONS.is_file():
        return {}
    loaded: dict[str, dict[str, Any]] = json.loads(DURATIONS.read_text(encoding="utf-8"))
    return loaded


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Measure each game's typical duration.")
    parser.add_argument("--games", type=int, default=20, help="self-play games per game")
    args = parser.parse_args(argv)
    measured = {}
    with Progress() as progress:
        task = progress.add_task("measuring", total=len(games()))
        for info in games():
            measured[info.id] = typical_minutes(info.id, args.games)
            progress.advance(task)
    DURATIONS.write_text(json.dumps(measured, indent=2) + "\n", encoding="utf-8")
    for game_id, figures in measured.items():
        print(f"{game_id}: about {figures['minutes']} min (median {figures['median']} min)")


if __name__ == "__main__":
    main()
