"""`ludoteca arena`: configure, play what is missing with a progress bar, report, export."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console

from ludoteca.arena.cluster import parse_cluster
from ludoteca.arena.config import configure
from ludoteca.arena.export import write_csv, write_json
from ludoteca.arena.report import print_replay_hint, print_summary
from ludoteca.arena.schedule import check_game_count
from ludoteca.arena.stats import summarise
from ludoteca.arena.store import ArenaStore
from ludoteca.arena.tournament import play_tournament
from ludoteca.store.base import database_errors
from ludoteca.terminal.progress import games_progress

INTERRUPTED = 130
"""The exit code of a command stopped by Ctrl-C (128 + SIGINT)."""


@dataclass(frozen=True)
class ArenaRequest:
    """The arguments of `ludoteca arena`, as given."""

    game: str
    agents: str
    games: int
    seed: int
    jobs: int | None
    """Worker processes, or Ray tasks at a time (None: one per CPU of the machine or cluster)."""
    database: str
    players: int | None = None
    options: Sequence[str] = ()
    max_actions: int = 20_000
    csv: Path | None = None
    json: Path | None = None
    cluster: str | None = None
    """`ray` or `ray://HOST:PORT` to play the games as Ray tasks; None for worker processes."""


def open_store(url: str) -> ArenaStore:
    """The arena's store on `url`; a URL SQLAlchemy cannot use is a one-line error."""
    with database_errors(url):
        return ArenaStore(url)


def run_arena(console: Console, request: ArenaRequest) -> int:
    """Play and report the tournament; returns the exit code (0, or 130 when interrupted)."""
    config = configure(
        request.game,
        request.agents,
        players=request.players,
        option_items=request.options,
        seed=request.seed,
        max_actions=request.max_actions,
    )
    check_game_count(request.games, len(config.agents))
    cluster = None if request.cluster is None else parse_cluster(request.cluster)
    store = open_store(request.database)
    try:
        game = config.load_game()
        with games_progress(console) as progress:
            task = progress.add_task(f"{config.game} run {config.run_id}", total=request.games)
            try:
                play_tournament(
                    config,
                    request.games,
                    store,
                    jobs=request.jobs,
                    cluster=cluster,
                    on_start=lambda todo: progress.reset(
                        task, total=request.games, completed=request.games - todo
                    ),
                    on_game=lambda _played: progress.advance(task),
                )
            except KeyboardInterrupt:
                progress.stop()
                kept = len({i for i in store.played(config.run_id) if i < request.games})
                console.print(
                    f"[yellow]interrupted: {kept} of {request.games} games kept; rerun the same"
                    " command to resume[/yellow]"
                )
                return INTERRUPTED
        stored = store.games(config, request.games, with_actions=request.json is not None)
        summary = summarise(config.agents, [g.result for g in stored])
        print_summary(console, summary, game, config.max_actions)
        if request.csv is not None:
            write_csv(request.csv, config, stored)
            console.print(f"games written to {request.csv}")
        if request.json is not None:
            write_json(request.json, config, request.games, stored, summary)
            console.print(f"run, games and summary written to {request.json}")
        print_replay_hint(console, request.database, stored[0].table_id if stored else None)
        return 0
    finally:
        store.close()
