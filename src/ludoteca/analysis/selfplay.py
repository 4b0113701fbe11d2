"""Self-play: N seeded games of one agent in every seat, spread over worker processes.

Game i's seed is derived from the run's seed and i alone, and results are put back in index
order, so a run gives the same games whatever the number of jobs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ludoteca.analysis.events import GameEvents, replay_events
from ludoteca.arena.cluster import Runner
from ludoteca.arena.match import GameResult, play_game
from ludoteca.arena.workers import Workers
from ludoteca.core.api import Game
from ludoteca.core.chance import SEED_BITS, mix64
from ludoteca.core.registry import load

Progress = Callable[[int], None]
"""Called with the number of games just finished."""


@dataclass(frozen=True)
class SelfPlay:
    """One self-play run: which game, configured how, played by which agent, how often."""

    game: str
    agent: str
    games: int
    seed: int = 0
    players: int | None = None
    options: dict[str, Any] = field(default_factory=dict)

    def load_game(self) -> Game:
        return load(self.game, players=self.players, **self.options)

    def game_seed(self, index: int) -> int:
        """The seed of game `index`: a hash of the run's seed and the index."""
        return mix64(mix64(self.seed) ^ index) >> (64 - SEED_BITS)


@dataclass(frozen=True)
class PlayedGame:
    """One self-play game: its result and what the replay of its record found."""

    result: GameResult
    events: GameEvents


def play_one(run: SelfPlay, index: int) -> PlayedGame:
    """Game `index` of `run` (a top-level function, so worker processes can call it)."""
    game = run.load_game()
    result = play_game(game, [run.agent] * game.num_players, run.game_seed(index))
    return PlayedGame(result, replay_events(game, result))


def _batches(run: SelfPlay, size: int) -> Iterator[list[int]]:
    for start in range(0, run.games, size):
        yield list(range(start, min(start + size, run.games)))


def _play_batch_task(task: tuple[SelfPlay, list[int]]) -> tuple[list[int], list[PlayedGame]]:
    """One batch of games in a worker process, with the indices it played."""
    run, indices = task
    return indices, [play_one(run, index) for index in indices]


def self_play(
    run: SelfPlay, jobs: int = 1, progress: Progress | None = None, runner: Runner | None = None
) -> list[PlayedGame]:
    """Every game of `run`, in index order; `jobs` > 1 plays them in that many processes.

    A `runner` (a pool or a Ray cluster, already open) plays them instead, `runner.jobs` at once.
    """
    run.load_game()  # a bad game, player count or option fails here, before any worker starts
    advance = progress or (lambda done: None)
    if runner is not None:
        return _play_batches(run, runner, advance)
    if jobs <= 1 or run.games <= 1:
        results = []
        for index in range(run.games):
            results.append(play_one(run, index))
            advance(1)
        return results
    with Workers(jobs) as workers:
        return _play_batches(run, workers, advance)


def _play_batches(run: SelfPlay, runner: Runner, advance: Progress) -> list[PlayedGame]:
    """The games of `run` in batches on `runner`, put back in index order."""
    # Small batches keep the bar moving and the workers busy to the end.
    size = max(1, min(8, run.games // (4 * runner.jobs)))
    tasks = [(run, indices) for indices in _batches(run, size)]
    by_batch: dict[int, list[PlayedGame]] = {}
    for indices, batch in runner.as_finished(_play_batch_task, tasks):
        by_batch[indices[0]] = batch
        advance(len(batch))
    return [result for start in sorted(by_batch) for result in by_batch[start]]
