"""Worker processes for runs of games: the arena, the tuner and the balance reports share them.

Workers are spawned, not forked (the main process may run threads: a progress bar, a database
engine), and ignore Ctrl-C: the main process alone reacts to it and stops them at once, so an
interrupted run keeps every game it has already received. With one job, everything runs in
this process.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.pool import Pool
from types import TracebackType
from typing import TypeVar

from ludoteca.core.errors import InvalidOptionError

Task = TypeVar("Task")
Result = TypeVar("Result")


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Workers:
    """`jobs` processes (a context manager); leaving by an exception terminates them at once."""

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise InvalidOptionError(f"--jobs must be at least 1, not {jobs}")
        self.jobs = jobs
        self._pool: Pool | None = None

    def __enter__(self) -> Workers:
        if self.jobs > 1:
            context = multiprocessing.get_context("spawn")
            self._pool = context.Pool(self.jobs, initializer=_ignore_interrupts)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._pool is None:
            return
        if kind is None:
            self._pool.close()
        else:
            self._pool.terminate()
        self._pool.join()

    def as_finished(
        self, work: Callable[[Task], Result], tasks: Sequence[Task]
    ) -> Iterator[Result]:
        """`work(task)` for every task, each as soon as it is done (any order with jobs > 1)."""
        if self._pool is None:
            return map(work, tasks)
        return self._pool.imap_unordered(work, tasks)

    def in_order(self, work: Callable[[Task], Result], tasks: Sequence[Task]) -> Iterator[Result]:
        """`work(task)` for every task, in the order of `tasks`."""
        if self._pool is None:
            return map(work, tasks)
        chunk = max(1, len(tasks) // (self.jobs * 16))
        return self._pool.imap(work, tasks, chunksize=chunk)
