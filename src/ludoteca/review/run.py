"""Review a game record: replay it, load the game's value function, review every action.

With `jobs` > 1 the actions are split into chunks reviewed in worker processes; each worker
replays the record itself (cheap next to the review), so only the record crosses over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludoteca.arena.workers import Workers
from ludoteca.core.errors import StateFormatError
from ludoteca.core.record import Record
from ludoteca.review.review import Entry, Review, review_action, summarize
from ludoteca.review.starts import review_values

CHUNKS_PER_JOB = 6
"""Chunks per worker: enough to keep both busy to the end and the bar moving."""


def _review_chunk(task: tuple[dict[str, Any], list[int]]) -> list[Entry]:
    """The entries of some actions of a record (a top-level function, for worker processes)."""
    record_json, indices = task
    record = Record.from_json(record_json)
    states = record.states()
    values = review_values(states[0].game)
    return [review_action(values, states[i], record.moves[i].action, i) for i in indices]


def review_record(
    record: Record, jobs: int = 1, progress: Callable[[int], None] | None = None
) -> Review:
    """The review of every action of `record`; raises if it does not replay or cannot be valued."""
    states = record.states()
    if not record.moves:
        raise StateFormatError("the record has no moves to review")
    review_values(
        states[0].game
    )  # a game without a value function fails here, before any worker starts
    count = len(record.moves)
    size = max(1, count // (CHUNKS_PER_JOB * jobs))
    chunks = [list(range(start, min(start + size, count))) for start in range(0, count, size)]
    record_json = record.to_json()
    entries: list[Entry] = []
    with Workers(jobs) as workers:
        for chunk in workers.in_order(_review_chunk, [(record_json, c) for c in chunks]):
            entries.extend(chunk)
            if progress is not None:
                progress(len(chunk))
    return Review(entries, summarize(entries, states[0].game.num_players))
