"""Playing a tournament into the database: only the games it does not hold yet.

Game i depends only on the run's definition and i, so the stored games and the ones played now
form the same tournament whatever was interrupted, and whichever order workers finish in.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from ludoteca.arena.cluster import Cluster, open_runner
from ludoteca.arena.config import ArenaConfig
from ludoteca.arena.runner import PlayedGame, play_task
from ludoteca.arena.schedule import check_game_count, fixtures
from ludoteca.arena.store import ArenaStore


def missing_games(store: ArenaStore, config: ArenaConfig, games: int) -> list[int]:
    """The indices below `games` that the run has no stored game for."""
    played = store.played(config.run_id)
    return [index for index in range(games) if index not in played]


def play_tournament(
    config: ArenaConfig,
    games: int,
    store: ArenaStore,
    *,
    jobs: int | None = 1,
    cluster: Cluster | None = None,
    on_start: Callable[[int], None] = lambda missing: None,
    on_game: Callable[[PlayedGame], None] = lambda played: None,
) -> int:
    """Play the run's missing games below `games`, each committed as it finishes.

    `on_start` hears how many games are to be played, `on_game` each one after its commit.
    They are played by `jobs` local processes, or as Ray tasks on `cluster` (`jobs` at a time,
    default: all its CPUs). A KeyboardInterrupt stops the workers (cancels the tasks) and
    propagates; returns the number of games played.
    """
    check_game_count(games, len(config.agents))
    store.open_run(config, games)
    todo = fixtures(config.seed, config.agents, config.players, missing_games(store, config, games))
    on_start(len(todo))
    if not todo:
        return 0
    if cluster is None:
        jobs = min(jobs if jobs is not None else os.cpu_count() or 1, len(todo))
    with open_runner(cluster, jobs) as workers:
        for played in workers.as_finished(play_task, [(config, fixture) for fixture in todo]):
            store.save(config, played)
            on_game(played)
    return len(todo)
