"""The move clocks of turn-based tables: whose move is timed, until when, and what it did.

A turn-based table (`TableRow.turn_seconds`) has one row here while it is played: the seat whose
move the clock times, the number of actions stored when that move's time began (`turn`, so a
process can tell whether the row belongs to the position it holds), the deadline, when the
reminder falls due and whether it went out, and every move the clock decided (`timeouts`). The
row is written by the table's owner only (`web.live.turn_clock`); since the deadline is kept
here rather than in a process's memory, a restarted server or a process taking the table over
acts on the same deadline.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, Row, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, mapped_column

from ludoteca.store.base import Base
from ludoteca.store.tables import PLAYING, TableRow


class TurnClockRow(Base):
    __tablename__ = "turn_clocks"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat whose move is timed; None: no person is to move (a bot, or the game is over)."""
    turn: Mapped[int | None] = mapped_column(Integer, nullable=True)
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    remind_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True
    )
    reminded: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    timeouts: Mapped[list[list[Any]] | None] = mapped_column(JSON, nullable=True)
    """Every move whose time ran out: `[seat, index of the move, "bot" or "forfeit"]`."""


BOT_MOVED = "bot"
FORFEITED = "forfeit"
"""What the clock did when a move's time ran out (`Timeout.what`)."""


@dataclass(frozen=True)
class Timeout:
    """A move whose time ran out: a bot played it (at move `index`) or the seat forfeited."""

    seat: int
    index: int
    what: str

    def to_json(self) -> list[Any]:
        return [self.seat, self.index, self.what]


@dataclass(frozen=True)
class MoveClock:
    """A table's clock as stored: the timed move (seat and turn), its deadline and reminder."""

    seat: int | None = None
    turn: int | None = None
    deadline: datetime | None = None
    remind_at: datetime | None = None
    reminded: bool = False
    timeouts: tuple[Timeout, ...] = field(default_factory=tuple)


def _aware(moment: datetime | None) -> datetime | None:
    """SQLite gives naive datetimes back: they were stored in UTC."""
    return moment.replace(tzinfo=UTC) if moment is not None and moment.tzinfo is None else moment


def _clock(row: Row[Any]) -> MoveClock:
    return MoveClock(
        seat=row.seat,
        turn=row.turn,
        deadline=_aware(row.deadline),
        remind_at=_aware(row.remind_at),
        reminded=bool(row.reminded),
        timeouts=tuple(Timeout(int(s), int(i), str(w)) for s, i, w in row.timeouts or []),
    )


class TurnClockStore:
    """The `turn_clocks` rows of one database; every method is one short transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def get(self, table_id: str) -> MoveClock | None:
        with self.engine.connect() as connection:
            row = connection.execute(
                select(*TurnClockRow.__table__.c).where(TurnClockRow.table_id == table_id)
            ).first()
        return None if row is None else _clock(row)

    def of(self, table_ids: Sequence[str]) -> dict[str, MoveClock]:
        """The clocks of those of `table_ids` that have one (for "My games")."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(*TurnClockRow.__table__.c).where(TurnClockRow.table_id.in_(list(table_ids)))
            ).all()
        return {row.table_id: _clock(row) for row in rows}

    def put(self, table_id: str, clock: MoveClock) -> None:
        """Store the table's clock (its owner's, the only writer)."""
        values = {
            "seat": clock.seat,
            "turn": clock.turn,
            "deadline": clock.deadline,
            "remind_at": clock.remind_at,
            "reminded": clock.reminded,
            "timeouts": [t.to_json() for t in clock.timeouts],
        }
        with self.engine.begin() as connection:
            found = connection.execute(
                update(TurnClockRow).where(TurnClockRow.table_id == table_id).values(**values)
            ).rowcount
            if not found:
                connection.execute(insert(TurnClockRow).values(table_id=table_id, **values))

    def due(self, now: datetime, limit: int = 100) -> list[str]:
        """Turn-based tables being played whose move's deadline or reminder has come by `now`,
        or whose clock was never stored (its owner stopped before arming it)."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(TableRow.id)
                .outerjoin(TurnClockRow, TurnClockRow.table_id == TableRow.id)
                .where(
                    TableRow.status == PLAYING,
                    TableRow.turn_seconds.is_not(None),
                    TurnClockRow.table_id.is_(None)
                    | (TurnClockRow.deadline <= now)
                    | ((TurnClockRow.remind_at <= now) & TurnClockRow.reminded.is_(False)),
                )
                .order_by(TurnClockRow.deadline)
                .limit(limit)
            ).all()
        return [row.id for row in rows]
