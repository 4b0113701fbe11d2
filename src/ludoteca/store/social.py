"""What the table features around the game keep: chat lines, takebacks, rematch links, seats.

These live in tables of their own beside `store.tables`'s (same database, same engine), so the
stored moves stay the final line of play: a takeback deletes the moves it undoes and keeps them
here, listed by table, so a record and a replay remain a valid game.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import JSON, DateTime, Integer, String, delete, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, mapped_column

from ludoteca.store.base import Base
from ludoteca.store.tables import MoveData, MoveRow, SeatData, TableRow


def _now() -> datetime:
    return datetime.now(UTC)


class ChatRow(Base):
    __tablename__ = "chat_lines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(1000))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class TakebackRow(Base):
    __tablename__ = "takebacks"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    at: Mapped[int] = mapped_column(Integer)
    undone: Mapped[list[list[Any]]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class RematchRow(Base):
    __tablename__ = "rematches"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    rematch_id: Mapped[str] = mapped_column(String(32))


@dataclass(frozen=True)
class ChatLine:
    seat: int
    text: str
    created: datetime

    def to_json(self) -> dict[str, Any]:
        time = self.created.isoformat("T", "seconds")
        return {"seat": self.seat, "text": self.text, "time": time}


@dataclass(frozen=True)
class Takeback:
    """One takeback: `seat` went back to the position after `at` moves, undoing `undone`."""

    seat: int
    at: int
    undone: list[MoveData]
    created: datetime

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "at": self.at,
            "undone": [[m.player, m.action, m.notation] for m in self.undone],
            "time": self.created.isoformat("T", "seconds"),
        }


class WritingTooFast(Exception):
    """A seat wrote its limit of chat lines lately: `wait` seconds until the next is allowed."""

    def __init__(self, wait: float) -> None:
        super().__init__(f"wait {wait:.1f} s")
        self.wait = wait


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class SocialStore:
    """Chat, takebacks and rematch links of the tables in one database."""

    def __init__(self, engine: Engine) -> None:
        """`engine` is a `Store`'s, whose opening brought the schema up to date."""
        self.engine = engine

    # -- chat -----------------------------------------------------------------------------------
    def add_line(
        self, table_id: str, seat: int, text: str, rate: tuple[int, float] | None = None
    ) -> ChatLine:
        """Store a line; with `rate` (lines, seconds), only while the seat has written fewer
        than that many lines in the last seconds, else `WritingTooFast`.

        The count is the stored lines themselves, so it holds for every server process on
        the database. The table's row is updated first, which locks it (a row lock on
        PostgreSQL, the write lock on SQLite) until the commit: two lines of one table are
        counted and stored one after the other, never both on the same count."""
        now = _now()
        with self.engine.begin() as connection:
            connection.execute(update(TableRow).where(TableRow.id == table_id).values(touched=now))
            if rate is not None:
                lines, seconds = rate
                recent = connection.execute(
                    select(ChatRow.created)
                    .where(
                        ChatRow.table_id == table_id,
                        ChatRow.seat == seat,
                        ChatRow.created > now - timedelta(seconds=seconds),
                    )
                    .order_by(ChatRow.id.desc())
                    .limit(lines)
                ).all()
                if len(recent) >= lines:
                    oldest = min(_aware(row.created) for row in recent)
                    waited = (now - oldest).total_seconds()
                    raise WritingTooFast(max(seconds - waited, 0.0))
            connection.execute(
                insert(ChatRow).values(table_id=table_id, seat=seat, text=text, created=now)
            )
        return ChatLine(seat, text, now)

    def lines(self, table_id: str, limit: int = 200) -> list[ChatLine]:
        """The newest `limit` lines of a table, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(ChatRow.seat, ChatRow.text, ChatRow.created)
                .where(ChatRow.table_id == table_id)
                .order_by(ChatRow.id.desc())
                .limit(limit)
            ).all()
        return [ChatLine(seat, text, _aware(created)) for seat, text, created in reversed(rows)]

    # -- takebacks ------------------------------------------------------------------------------
    def take_back(
        self, table_id: str, seat: int, undone: list[MoveData], redraws: list[int]
    ) -> Takeback:
        """Delete the undone moves and keep them as one takeback, in one commit, with the
        table's `redraws` (this takeback's `at` last) and its count of takebacks."""
        at = undone[0].index
        now = _now()
        with self.engine.begin() as connection:
            connection.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(redraws=list(redraws), taken_back=TableRow.taken_back + 1, touched=now)
            )
            connection.execute(
                delete(MoveRow).where(MoveRow.table_id == table_id, MoveRow.index >= at)
            )
            connection.execute(
                insert(TakebackRow).values(
                    table_id=table_id,
                    seat=seat,
                    at=at,
                    undone=[[m.player, m.action, m.notation] for m in undone],
                    created=now,
                )
            )
        return Takeback(seat, at, undone, now)

    def takebacks(self, table_id: str) -> list[Takeback]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(TakebackRow.seat, TakebackRow.at, TakebackRow.undone, TakebackRow.created)
                .where(TakebackRow.table_id == table_id)
                .order_by(TakebackRow.id)
            ).all()
        return [
            Takeback(
                seat,
                at,
                [MoveData(at + i, int(m[0]), int(m[1]), str(m[2])) for i, m in enumerate(undone)],
                _aware(created),
            )
            for seat, at, undone, created in rows
        ]

    # -- rematch --------------------------------------------------------------------------------
    def rematch_of(self, table_id: str) -> str | None:
        with self.engine.connect() as connection:
            found = connection.execute(
                select(RematchRow.rematch_id).where(RematchRow.table_id == table_id)
            ).scalar_one_or_none()
        return found

    def add_rematch(self, table_id: str, rematch_id: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(insert(RematchRow).values(table_id=table_id, rematch_id=rematch_id))

    # -- seats ----------------------------------------------------------------------------------
    def set_seats(self, table_id: str, seats: list[SeatData]) -> None:
        """Store a table's seats again (a seat nobody took, given to a bot)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(seats=[s.to_json() for s in seats], touched=_now())
            )
