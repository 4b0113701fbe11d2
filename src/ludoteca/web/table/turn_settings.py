"""A table's pace: live (the default) or turn-based, with a time per move and what happens when
it runs out (a bot of the chosen strength plays the move, or the seat forfeits).

The times offered are those a family or a club plays by over days (issue 33): an hour, a
working day, a day, a long weekend. The move clock itself runs in `web.live.turn_clock`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.agents.strengths import LEVELS
from ludoteca.i18n import N_
from ludoteca.web.http.errors import BadRequest

MOVE_HOURS = (1, 8, 24, 72)
"""The times per move a turn-based table may have, in hours."""

MOVE_TIME_LABELS = {1: N_("1 hour"), 8: N_("8 hours"), 24: N_("1 day"), 72: N_("3 days")}
"""How the lobby names them."""

FORFEIT = "forfeit"
BOT = "bot"
ON_TIMEOUT = (BOT, FORFEIT)
"""When a move's time runs out: a bot plays the move, or the seat forfeits the game."""


@dataclass(frozen=True)
class Pace:
    """How a table is stored: `turn_seconds` None for live play, else the time per move and
    `on_timeout`, "forfeit" or the strength of the bot that plays the move."""

    turn_seconds: int | None = None
    on_timeout: str | None = None


def pace(move_hours: int | None, on_timeout: str, timeout_bot: str) -> Pace:
    """The pace asked for, checked: a `BadRequest` names what is wrong and what is allowed."""
    if move_hours is None:
        return Pace()
    if move_hours not in MOVE_HOURS:
        allowed = ", ".join(str(h) for h in MOVE_HOURS)
        raise BadRequest(
            f"the time per move is one of {allowed} hours, not {move_hours!r}",
            code="bad_move_time",
            hours=allowed,
            value=str(move_hours),
        )
    if on_timeout not in ON_TIMEOUT:
        allowed = ", ".join(ON_TIMEOUT)
        raise BadRequest(
            f"when time runs out, on_timeout is one of {allowed}, not {on_timeout!r}",
            code="bad_on_timeout",
            choices=allowed,
            value=on_timeout,
        )
    if timeout_bot not in LEVELS:
        allowed = ", ".join(LEVELS)
        raise BadRequest(
            f"the bot that plays a move whose time ran out is one of {allowed}, not"
            f" {timeout_bot!r}",
            code="bad_timeout_bot",
            strengths=allowed,
            value=timeout_bot,
        )
    return Pace(move_hours * 3600, FORFEIT if on_timeout == FORFEIT else timeout_bot)


def asked(stored: Pace) -> tuple[int | None, str, str]:
    """The request's `move_hours`, `on_timeout` and `timeout_bot` that make a table of the
    `stored` pace again (a rematch keeps its table's pace)."""
    if stored.turn_seconds is None:
        return None, BOT, "medium"
    hours = stored.turn_seconds // 3600
    if stored.on_timeout == FORFEIT:
        return hours, FORFEIT, "medium"
    return hours, BOT, stored.on_timeout or "medium"
