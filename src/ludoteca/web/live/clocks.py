"""Where the turn clock reads the time: the system's, or in tests a clock moved by hand.

Deadlines are absolute times in UTC, stored with the table (`store.turn_clocks`), so every
process on a database must read the same time: the system clock, kept in step by NTP. A test
gives the server a `ManualClock` and moves it (`advance`) instead of sleeping through an hour.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    """The time now, aware and in UTC."""

    def now(self) -> datetime: ...


class SystemClock:
    """The machine's clock (the default)."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class ManualClock:
    """A clock that stands still until moved: time starts at the system's and goes on only by
    `advance` (tests, and a server started with its test clock on)."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime.now(UTC)

    def now(self) -> datetime:
        return self._now

    def advance(self, seconds: float) -> datetime:
        """Move the clock on by `seconds` (never back) and return the new time."""
        if seconds < 0:
            raise ValueError(f"a clock is moved forward only, not by {seconds} s")
        self._now += timedelta(seconds=seconds)
        return self._now
