"""Where a run's games are played: the local worker pool, or Ray tasks on a cluster.

The arena, the tuner and the balance reports hand their games to a `Runner`, which calls the
same top-level function on every task wherever it runs, so a game's seed, and with it its
result, is fixed by the run and not by the runner. `--cluster ray` starts a Ray instance on
this machine for the run (at most as many CPUs as the machine has); `--cluster ray://HOST:PORT`
connects to a running cluster with Ray Client, whose machines need ludoteca installed.

On Ray, at most `jobs` tasks are outstanding at once (by default, one per CPU of the cluster)
and `ray.wait` hands each back as it finishes. Leaving the runner by an exception (Ctrl-C)
cancels the outstanding tasks, so an interrupted run keeps exactly the results already handed
over, as with the pool.
"""

from __future__ import annotations

import importlib
import logging
import os
import socket
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from types import ModuleType, TracebackType
from typing import Any, Protocol, TypeVar
from urllib.parse import urlsplit

from ludoteca.arena.workers import Workers
from ludoteca.core.errors import InvalidOptionError, LudotecaError
from ludoteca.i18n import _
from ludoteca.interop import MissingExtraError

Task = TypeVar("Task")
Result = TypeVar("Result")

CONNECT_SECONDS = 3.0
"""How long to wait for a Ray Client address to answer before calling it unreachable."""

QUIET_RAY = {"RAY_USAGE_STATS_ENABLED": "0", "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}
"""Ray's environment for a run: it reports nothing to anyone over the network, and a run's own
Ray listens on 127.0.0.1 only (Ray's single-machine mode; otherwise it binds the machine's
address). A `ray://` cluster is unaffected: the client only connects out."""


RAY_AUTH_LOGGER = "ray._private.authentication.authentication_token_setup"


class ClusterError(LudotecaError):
    """A cluster cannot be reached or used."""


class Runner(Protocol):
    """Plays tasks somewhere; a context manager that stops its work when left by an exception."""

    jobs: int
    """How many tasks run at once."""

    def as_finished(
        self, work: Callable[[Task], Result], tasks: Sequence[Task]
    ) -> Iterator[Result]: ...

    def in_order(
        self, work: Callable[[Task], Result], tasks: Sequence[Task]
    ) -> Iterator[Result]: ...


@dataclass(frozen=True)
class Cluster:
    """A Ray cluster: `address` None starts one on this machine, else a `ray://` address."""

    address: str | None = None

    def __str__(self) -> str:
        return self.address or "ray"


def parse_cluster(text: str) -> Cluster:
    """`ray` or `ray://HOST:PORT`, as given to `--cluster`; checks that Ray is installed."""
    if text == "ray":
        cluster = Cluster()
    else:
        parts = urlsplit(text)
        try:
            port = parts.port
        except ValueError:
            port = None
        if parts.scheme != "ray" or not parts.hostname or port is None or parts.path:
            raise InvalidOptionError(
                _("--cluster takes ray or ray://HOST:PORT, not '{value}'").format(value=text)
            )
        cluster = Cluster(text)
    require_ray()
    return cluster


def require_ray() -> ModuleType:
    """Ray, or a one-line error that says how to install it."""
    os.environ.update({k: v for k, v in QUIET_RAY.items() if k not in os.environ})
    try:
        return importlib.import_module("ray")
    except ImportError as exc:
        raise MissingExtraError(
            _("Ray is not installed: pip install 'ludoteca[cluster]' ({error})").format(error=exc)
        ) from exc


def open_runner(cluster: Cluster | None, jobs: int | None) -> AbstractContextManager[Runner]:
    """The local pool of `jobs` processes (default: one per CPU), or Ray tasks on `cluster`."""
    if cluster is None:
        return Workers(jobs if jobs is not None else os.cpu_count() or 1)
    return RayRunner(cluster, jobs)


def _apply(work: Callable[[Any], Any], chunk: Sequence[Any]) -> list[Any]:
    """One Ray task: `work` on each task of a chunk, in order."""
    return [work(task) for task in chunk]


def check_reachable(address: str) -> None:
    """Fail within seconds, in words, if nothing answers at a `ray://HOST:PORT` address.

    Ray Client itself retries for about half a minute before it gives up.
    """
    parts = urlsplit(address)
    assert parts.hostname is not None and parts.port is not None
    try:
        with socket.create_connection((parts.hostname, parts.port), timeout=CONNECT_SECONDS):
            pass
    except OSError as exc:
        raise ClusterError(
            _("cannot reach a Ray cluster at {address}: {reason}").format(
                address=address, reason=exc.strerror or exc
            )
        ) from exc


class RayRunner:
    """Ray tasks on `cluster`, at most `jobs` outstanding (default: the cluster's CPU count).

    If this process is already connected to Ray (a library user, the tests), that connection
    is used and left open; otherwise the runner connects, or starts Ray, and shuts it down.
    """

    def __init__(self, cluster: Cluster, jobs: int | None = None) -> None:
        if jobs is not None and jobs < 1:
            raise InvalidOptionError(f"--jobs must be at least 1, not {jobs}")
        self.cluster = cluster
        self.jobs = jobs or 1
        self._requested = jobs
        self._ray = require_ray()
        self._owned = False
        self._remote: Any = None
        self._pending: set[Any] = set()

    def __enter__(self) -> RayRunner:
        ray = self._ray
        if self.cluster.address is not None:
            check_reachable(self.cluster.address)
        if not ray.is_initialized():
            self._connect()
            self._owned = True
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.jobs = self._requested or max(1, cpus)
        self._remote = ray.remote(_apply)
        return self

    def _connect(self) -> None:
        ray = self._ray
        quiet = {"logging_level": logging.WARNING, "log_to_driver": False}
        if self.cluster.address is None:
            machine = os.cpu_count() or 1
            cpus = min(self._requested or machine, machine)
            # Ray enables token authentication for a new local instance, and warns that it
            # did: a run's own instance needs no such news.
            logging.getLogger(RAY_AUTH_LOGGER).setLevel(logging.ERROR)
            ray.init(address="local", num_cpus=cpus, include_dashboard=False, **quiet)
            return
        try:
            ray.init(address=self.cluster.address, **quiet)
        except (ConnectionError, RuntimeError) as exc:  # refused, timed out, or its server failed
            raise ClusterError(
                _(
                    "cannot connect to Ray at {address}: {reason} (a cluster with token"
                    " authentication needs RAY_AUTH_MODE=token and its token here)"
                ).format(address=self.cluster.address, reason=exc)
            ) from exc

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        for ref in self._pending:
            self._ray.cancel(ref, force=True)
        self._pending.clear()
        if self._owned:
            self._ray.shutdown()
            self._owned = False

    def _results(
        self, work: Callable[[Task], Result], chunks: Sequence[Sequence[Task]]
    ) -> Iterator[tuple[int, list[Result]]]:
        """(chunk number, results) of each chunk, as its task finishes."""
        ray = self._ray
        numbers: dict[Any, int] = {}
        upcoming = iter(enumerate(chunks))
        while True:
            for number, chunk in upcoming:
                ref = self._remote.remote(work, chunk)
                numbers[ref] = number
                self._pending.add(ref)
                if len(self._pending) >= self.jobs:
                    break
            if not self._pending:
                return
            [done], _rest = ray.wait(list(self._pending), num_returns=1)
            self._pending.discard(done)
            try:
                results = ray.get(done)
            except ray.exceptions.RayTaskError as exc:
                # What the task raised, as the pool re-raises it (a ludoteca error stays one line).
                raise exc.cause from exc
            yield numbers.pop(done), results

    def as_finished(
        self, work: Callable[[Task], Result], tasks: Sequence[Task]
    ) -> Iterator[Result]:
        """`work(task)` for every task, one Ray task each, as each finishes."""
        for _number, results in self._results(work, [[task] for task in tasks]):
            yield from results

    def in_order(self, work: Callable[[Task], Result], tasks: Sequence[Task]) -> Iterator[Result]:
        """`work(task)` for every task, in the order of `tasks` (in chunks, as the pool does)."""
        size = max(1, len(tasks) // (self.jobs * 16))
        chunks = [tasks[start : start + size] for start in range(0, len(tasks), size)]
        waiting: dict[int, list[Result]] = {}
        next_number = 0
        for number, results in self._results(work, chunks):
            waiting[number] = results
            while next_number in waiting:
                yield from waiting.pop(next_number)
                next_number += 1
