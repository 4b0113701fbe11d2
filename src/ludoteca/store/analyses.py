"""Where finished analyses are kept: one row per table, written once when its review is whole.

A review is stored in one commit at its end, never in parts, so a server that stops during a
run leaves no half result behind: the table simply has no analysis yet and may be analysed again.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Float, String, delete, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from ludoteca.store.base import Base


def _now() -> datetime:
    return datetime.now(UTC)


class AnalysisRow(Base):
    __tablename__ = "analyses"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    review: Mapped[dict[str, Any]] = mapped_column(JSON)
    """`ludoteca.review.Review.to_json()`: one entry per action and one summary per seat."""
    seconds: Mapped[float] = mapped_column(Float)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class AnalysisStore:
    """The analyses of the tables in one database (a `Store`'s engine, schema up to date)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def get(self, table_id: str) -> dict[str, Any] | None:
        """The stored review of a table, or None."""
        with self.engine.connect() as connection:
            found: dict[str, Any] | None = connection.execute(
                select(AnalysisRow.review).where(AnalysisRow.table_id == table_id)
            ).scalar_one_or_none()
        return found

    def put(self, table_id: str, review: dict[str, Any], seconds: float) -> None:
        """Keep a whole review (replacing an older one of the same table) in one commit.

        Another server process storing the same table's review at the same moment wins: the
        review of a finished game is the same whoever computes it."""
        try:
            with self.engine.begin() as connection:
                connection.execute(delete(AnalysisRow).where(AnalysisRow.table_id == table_id))
                connection.execute(
                    insert(AnalysisRow).values(
                        table_id=table_id, review=review, seconds=seconds, created=_now()
                    )
                )
        except IntegrityError:
            pass
