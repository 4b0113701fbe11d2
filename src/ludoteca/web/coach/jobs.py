"""Analyses running in the background: a small thread pool, one run per table, a cap overall.

A run reviews every action of a finished table's record (`ludoteca.review`) in a worker thread,
counting the actions done so pages can show the percentage, and stores the whole review in one
commit at its end (`store.analyses`). Nothing is kept in parts: a server stopping mid-run
tells its runs to give up at their next action, so the table is left with no analysis and can
be analysed again. Runs live in this process's memory; with several server processes on one
database, progress is seen by the process that runs it, the stored result by all.
"""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.core.record import Record
from ludoteca.review.review import review_states
from ludoteca.review.starts import review_values
from ludoteca.store.analyses import AnalysisStore

log = logging.getLogger(__name__)

ANALYSIS_THREADS = 1
"""Reviews computed at once: a review keeps a core busy, and the tables' bots need theirs."""

MAX_ANALYSES = 4
"""Runs this server takes at once (running and waiting); one more is refused until one ends."""

NONE = "none"
RUNNING = "running"
DONE = "done"
FAILED = "failed"
"""What `Analyses.status` says of a table: never analysed here, under way, stored, failed."""


class Stopped(Exception):
    """The server is stopping: a run gives up without storing anything."""


@dataclass
class Run:
    """One analysis under way (or failed) in this process: how many actions are done."""

    total: int
    done: int = 0
    error: str | None = None
    finished: threading.Event = field(default_factory=threading.Event)


@dataclass(frozen=True)
class Status:
    """Where a table's analysis stands; `review` is the stored one once it is done."""

    state: str
    done: int = 0
    total: int = 0
    error: str | None = None
    review: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        whole = self.state == DONE
        percent = 100 * self.done // self.total if self.total else (100 if whole else 0)
        body: dict[str, Any] = {
            "status": self.state,
            "done": self.done,
            "total": self.total,
            "percent": percent,
        }
        if self.error is not None:
            body["detail"] = self.error
        return body


class Full(Exception):
    """`MAX_ANALYSES` runs are under way already."""


class Analyses:
    """The runs of one server and the analyses stored in its database."""

    def __init__(
        self, store: AnalysisStore, threads: int = ANALYSIS_THREADS, limit: int = MAX_ANALYSES
    ) -> None:
        self.store = store
        self.limit = limit
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="ludoteca-analysis")
        self._runs: dict[str, Run] = {}
        self._lock = threading.Lock()
        self._stopping = threading.Event()

    def status(self, table_id: str) -> Status:
        """The run under way (or failed) here, else the stored review, else none.
        Reads the database: call it off the event loop."""
        run = self._runs.get(table_id)
        if run is not None and not run.finished.is_set():
            return Status(RUNNING, run.done, run.total)
        review = self.store.get(table_id)
        if review is not None:
            count = len(review["entries"])
            return Status(DONE, count, count, review=review)
        if run is not None and run.error is not None:
            return Status(FAILED, run.done, run.total, error=run.error)
        return Status(NONE)

    def start(self, table_id: str, record: Record) -> Run:
        """Start analysing `record` (a finished table's), or return the run already under way;
        raises Full when `limit` runs are under way."""
        with self._lock:
            run = self._runs.get(table_id)
            if run is not None and not run.finished.is_set():
                return run
            busy = sum(not r.finished.is_set() for r in self._runs.values())
            if busy >= self.limit:
                raise Full(f"{busy} analyses are under way on this server (at most {self.limit})")
            run = Run(total=len(record.moves))
            self._runs[table_id] = run
        self._pool.submit(self._work, table_id, record, run)
        return run

    def _work(self, table_id: str, record: Record, run: Run) -> None:
        started = time.monotonic()

        def advance(count: int) -> None:
            if self._stopping.is_set():
                raise Stopped
            run.done += count

        try:
            states = record.states()
            values = review_values(states[0].game)
            actions = [move.action for move in record.moves]
            review = review_states(values, states, actions, progress=advance)
            if self._stopping.is_set():
                raise Stopped
            self.store.put(table_id, review.to_json(), time.monotonic() - started)
            self._forget(table_id, run)  # stored: the database answers from now on
        except Stopped:
            log.info("analysis of table %s stopped with the server, nothing stored", table_id)
            self._forget(table_id, run)
        except LudotecaError as exc:
            run.error = str(exc)
        except Exception as exc:  # a run must not die silently: its page would wait forever
            log.exception("analysis of table %s failed", table_id)
            run.error = f"the analysis failed: {exc}"
        finally:
            run.finished.set()

    def _forget(self, table_id: str, run: Run) -> None:
        with self._lock:
            if self._runs.get(table_id) is run:
                del self._runs[table_id]

    def stop(self) -> None:
        """Tell every run to give up at its next action (nothing is stored); drop the waiting."""
        self._stopping.set()
        self._pool.shutdown(wait=False, cancel_futures=True)
