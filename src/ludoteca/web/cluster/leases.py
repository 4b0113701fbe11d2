"""The lease statements that several server processes need beyond `Store.claim`.

A process renews every lease it holds in one statement (its heartbeat), hands a lease straight
to another process that asks for the table (no moment where a third could take it), finds the
tables whose owner stopped renewing, and reads only the moves it has not seen yet. The
lease's length may be set for a site through `$LUDOTECA_LEASE_SECONDS` (`shared_seconds`).
"""

from __future__ import annotations

import math
import os
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.engine import Engine

from ludoteca.core.errors import InvalidOptionError
from ludoteca.i18n import _
from ludoteca.store.tables import PLAYING, LeaseRow, MoveData, MoveRow, SeatData, TableRow

SECONDS_VARIABLE = "LUDOTECA_LEASE_SECONDS"
"""The environment variable that sets the lease of the tables shared between processes."""

SHORTEST = 0.5
"""The shortest lease allowed: the heartbeat renews it every quarter of it, a database round
trip each time."""


def shared_seconds(default: float) -> float:
    """The lease of a table shared between processes: `$LUDOTECA_LEASE_SECONDS`, or `default`.

    A shorter lease moves a dead process's tables sooner, at the cost of more frequent
    heartbeats (and of a frozen but living process losing its tables sooner); the tests use
    one of 1.5 s to see a takeover quickly.
    """
    text = os.environ.get(SECONDS_VARIABLE, "").strip()
    if not text:
        return default
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not SHORTEST <= seconds < math.inf:
        raise InvalidOptionError(
            _("${variable} must be a number of seconds of at least {least}, not '{value}'").format(
                variable=SECONDS_VARIABLE, least=SHORTEST, value=text
            )
        )
    return seconds


def _now() -> datetime:
    return datetime.now(UTC)


def renew(engine: Engine, owner: str, table_ids: Collection[str], seconds: float) -> set[str]:
    """Extend the leases of `table_ids` that `owner` still holds; returns those ids.

    A lease that expired but that nobody took is still `owner`'s to renew: nobody else has
    written to the table since (writing needs the lease).
    """
    if not table_ids:
        return set()
    with engine.begin() as connection:
        rows = connection.execute(
            update(LeaseRow)
            .where(LeaseRow.owner == owner, LeaseRow.table_id.in_(list(table_ids)))
            .values(expires=_now() + timedelta(seconds=seconds))
            .returning(LeaseRow.table_id)
        )
        return {row[0] for row in rows}


def hand_over(engine: Engine, table_id: str, owner: str, to: str, seconds: float) -> bool:
    """Give the lease of `table_id` from `owner` to `to`; False when `owner` no longer held it."""
    with engine.begin() as connection:
        moved = connection.execute(
            update(LeaseRow)
            .where(LeaseRow.table_id == table_id, LeaseRow.owner == owner)
            .values(owner=to, expires=_now() + timedelta(seconds=seconds))
        ).rowcount
    return bool(moved)


def holder(engine: Engine, table_id: str) -> str | None:
    """The process holding a lease on `table_id` that has not expired (it is alive: it renews
    its leases every second), or None."""
    with engine.connect() as connection:
        row = connection.execute(
            select(LeaseRow.owner).where(LeaseRow.table_id == table_id, LeaseRow.expires >= _now())
        ).first()
        return None if row is None else str(row[0])


def orphans(engine: Engine) -> list[str]:
    """Tables still being played whose lease has expired: their owner died or stopped."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(LeaseRow.table_id)
            .join(TableRow, TableRow.id == LeaseRow.table_id)
            .where(LeaseRow.expires < _now(), TableRow.status == PLAYING)
        )
        return [row[0] for row in rows]


@dataclass(frozen=True)
class Stored:
    """What a table's row holds now, and its moves from index `start` on."""

    status: str
    result: list[float] | None
    seats: list[SeatData]
    start: int
    moves: list[MoveData]
    listed: bool = False
    ending: dict[str, Any] | None = None
    redraws: list[int] = field(default_factory=list)


def read_since(engine: Engine, table_id: str, start: int) -> Stored | None:
    """The table's status and seats and its moves from `start` on (None: no such table)."""
    with engine.connect() as connection:
        row: Any = connection.execute(
            select(
                TableRow.status,
                TableRow.result,
                TableRow.seats,
                TableRow.listed,
                TableRow.ending,
                TableRow.redraws,
            ).where(TableRow.id == table_id)
        ).first()
        if row is None:
            return None
        moves = connection.execute(
            select(MoveRow.index, MoveRow.player, MoveRow.action, MoveRow.notation)
            .where(MoveRow.table_id == table_id, MoveRow.index >= start)
            .order_by(MoveRow.index)
        )
        return Stored(
            status=row.status,
            result=list(row.result) if row.result is not None else None,
            seats=[SeatData.from_json(s) for s in row.seats],
            start=start,
            moves=[MoveData(*m) for m in moves],
            listed=bool(row.listed),
            ending=dict(row.ending) if row.ending is not None else None,
            redraws=[int(at) for at in row.redraws or []],
        )
