"""The arena's tables: its runs and their games (`ludoteca.arena.store.ArenaStore` uses them).

Each game of a run is also a finished table of bots in `store.tables`, so the web app shows and
replays it; `arena_games` keeps what the arena needs beside it (seed, agents, returns, timings).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ludoteca.store.base import Base


def _now() -> datetime:
    return datetime.now(UTC)


class RunRow(Base):
    __tablename__ = "arena_runs"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    agents: Mapped[list[str]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    max_actions: Mapped[int] = mapped_column(Integer)
    games: Mapped[int] = mapped_column(Integer)
    """The most games any command asked of this run."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class GameRow(Base):
    __tablename__ = "arena_games"

    run_id: Mapped[str] = mapped_column(ForeignKey("arena_runs.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    agents: Mapped[list[str]] = mapped_column(JSON)
    returns: Mapped[list[float]] = mapped_column(JSON)
    finished: Mapped[bool] = mapped_column(Boolean)
    length: Mapped[int] = mapped_column(Integer)
    decisions: Mapped[list[int]] = mapped_column(JSON)
    median_ms: Mapped[list[float]] = mapped_column(JSON)
    table_id: Mapped[str] = mapped_column(String(32))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
