"""The turn clock's pieces without a server (issue 33, item 2): the clock a test moves, the
pace a table asks for, which decision is timed and how much time it has left."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.store.tables import SeatData, TableData
from ludoteca.store.turn_clocks import MoveClock
from ludoteca.web.http.errors import BadRequest
from ludoteca.web.live.clocks import ManualClock
from ludoteca.web.live.turn_clock import seconds_left, timed_move
from ludoteca.web.table.new_table import move_hours_from_form
from ludoteca.web.table.table import Table
from ludoteca.web.table.turn_settings import MOVE_HOURS, Pace, asked, pace

START = datetime(2027, 2, 1, 12, 0, tzinfo=UTC)


def siege_table(
    turn_seconds: int | None = 3600, seats: tuple[str, str] = ("human", "human")
) -> Table:
    kinds = [
        SeatData("human", token="t") if s == "human" else SeatData("bot", agent=s) for s in seats
    ]
    data = TableData(
        id="t1",
        game="siege",
        players=2,
        options={},
        seed=3,
        seats=kinds,
        speed="fast",
        created=START,
        practice=True,
        turn_seconds=turn_seconds,
        on_timeout="medium",
    )
    table, _owed = Table.build(data)
    return table


def test_a_manual_clock_stands_still_until_moved_and_never_goes_back() -> None:
    clock = ManualClock(START)
    assert clock.now() == START == clock.now()
    assert clock.advance(90) == START + timedelta(seconds=90) == clock.now()
    with pytest.raises(ValueError, match="forward only"):
        clock.advance(-1)
    assert clock.now() == START + timedelta(seconds=90)


@given(st.lists(st.floats(min_value=0, max_value=1e6), max_size=20))
def test_a_manual_clock_is_where_its_moves_add_up_to(moves: list[float]) -> None:
    clock = ManualClock(START)
    for seconds in moves:
        clock.advance(seconds)
    assert abs((clock.now() - START).total_seconds() - sum(moves)) < 1e-3 * (1 + len(moves))


def test_a_table_is_live_unless_a_time_per_move_is_asked_for() -> None:
    assert pace(None, "bot", "medium") == Pace()
    assert pace(24, "bot", "hard") == Pace(86_400, "hard")
    assert pace(1, "forfeit", "medium") == Pace(3600, "forfeit")
    assert [pace(h, "bot", "easy").turn_seconds for h in MOVE_HOURS] == [
        3600,
        28_800,
        86_400,
        259_200,
    ]


@pytest.mark.parametrize(
    ("hours", "on_timeout", "bot", "code"),
    [
        (5, "bot", "medium", "bad_move_time"),
        (0, "bot", "medium", "bad_move_time"),
        (8, "resign", "medium", "bad_on_timeout"),
        (8, "bot", "mcts", "bad_timeout_bot"),
    ],
)
def test_a_pace_out_of_the_choices_is_refused_with_what_is_allowed(
    hours: int, on_timeout: str, bot: str, code: str
) -> None:
    with pytest.raises(BadRequest) as refused:
        pace(hours, on_timeout, bot)
    assert refused.value.code == code
    assert str(refused.value.params["value"]) in str(refused.value)


def test_the_form_asks_for_a_time_only_at_a_turn_based_table() -> None:
    assert move_hours_from_form({}) is None
    assert move_hours_from_form({"pace": "live", "move_hours": "junk"}) is None
    assert move_hours_from_form({"pace": "turn", "move_hours": "72"}) == 72
    with pytest.raises(BadRequest) as refused:
        move_hours_from_form({"pace": "turn", "move_hours": "a day"})
    assert refused.value.code == "bad_move_time"


def test_only_a_persons_decision_at_a_turn_based_table_is_timed() -> None:
    table = siege_table()
    assert timed_move(table) == (table.to_move(), 0)
    assert timed_move(siege_table(turn_seconds=None)) is None  # live play
    bot_first = siege_table(seats=("greedy", "human"))
    assert bot_first.to_move() == 0 and timed_move(bot_first) is None
    table.data.status = "finished"
    assert timed_move(table) is None


def test_the_time_left_counts_down_to_the_deadline_and_past_it() -> None:
    table = siege_table()
    seat, turn = timed_move(table) or (None, None)
    deadline = START + timedelta(hours=1)
    clock = MoveClock(seat, turn, deadline, deadline - timedelta(minutes=15))
    assert seconds_left(table, clock, START) == 3600
    assert seconds_left(table, clock, deadline + timedelta(seconds=5)) == -5
    assert seconds_left(table, None, START) is None
    other_seat = replace(clock, seat=1 - (seat or 0))
    assert seconds_left(table, other_seat, START) is None  # a deadline of another seat's move


@pytest.mark.parametrize(
    "stored", [Pace(), Pace(3600, "forfeit"), Pace(86_400, "hard"), Pace(259_200, "easy")]
)
def test_a_rematch_asks_for_the_pace_of_its_table(stored: Pace) -> None:
    assert pace(*asked(stored)) == stored
