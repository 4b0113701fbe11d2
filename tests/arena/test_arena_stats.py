"""Tournament statistics on hand-made results whose numbers are known."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.arena.match import GameResult
from ludoteca.arena.schedule import seat_agents
from ludoteca.arena.stats import (
    Interval,
    mean_interval,
    rank_by_score,
    summarise,
    wilson_interval,
    win_shares,
)


def result(
    agents: tuple[str, ...], returns: tuple[float, ...], finished: bool = True, ms: float = 1.0
) -> GameResult:
    return GameResult(
        game="siege",
        players=len(agents),
        options={},
        seed=0,
        agents=agents,
        actions=(),
        returns=returns if finished else (0.0,) * len(agents),
        finished=finished,
        decisions=(3,) * len(agents),
        median_ms=(ms,) * len(agents),
    )


def approx(interval: Interval | None, low: float, high: float) -> bool:
    assert interval is not None
    return math.isclose(interval.low, low, abs_tol=1e-4) and math.isclose(
        interval.high, high, abs_tol=1e-4
    )


# A beats B three times out of four, seats swapping every game.
THREE_OF_FOUR = [
    result(("A", "B"), (1.0, -1.0)),
    result(("B", "A"), (-1.0, 1.0)),
    result(("A", "B"), (1.0, -1.0)),
    result(("B", "A"), (1.0, -1.0)),
]


def test_win_shares_split_a_shared_win_and_give_nothing_in_a_draw() -> None:
    assert win_shares((1.0, -1.0)) == (1.0, 0.0)
    assert win_shares((0.5, 0.5, -1.0)) == (0.5, 0.5, 0.0)
    assert win_shares((0.0, 0.0)) == (0.0, 0.0)


def test_wilson_interval_matches_known_values() -> None:
    assert approx(wilson_interval(3, 4), 0.3006, 0.9544)
    assert approx(wilson_interval(10, 10), 0.7225, 1.0)
    assert wilson_interval(0, 0) == Interval(0.0, 1.0)


def test_mean_interval_is_mean_plus_minus_1_96_standard_errors() -> None:
    # mean 0.5, sample standard deviation 1, four values: half-width 1.96 / 2
    assert approx(mean_interval([1, 1, 1, -1]), 0.5 - 0.98, 0.5 + 0.98)
    assert mean_interval([1.0]) is None


def test_ranks_share_ties() -> None:
    assert rank_by_score([0.5, 0.5, -1.0]) == [1.0, 1.0, 3.0]


def test_a_known_three_to_one_result() -> None:
    summary = summarise(["A", "B"], THREE_OF_FOUR)
    a, b = summary.agents
    assert (a.games, a.wins, a.draws, b.wins) == (4, 3, 0, 1)
    assert a.mean_return == pytest.approx(0.5)
    assert b.mean_return == pytest.approx(-0.5)
    assert approx(a.return_interval, 0.5 - 0.98, 0.5 + 0.98)
    assert a.win_rate == pytest.approx(0.75)
    assert approx(a.win_interval, 0.3006, 0.9544)
    assert a.mu > 25 > b.mu
    assert a.ordinal > b.ordinal
    seats = {(s.agent, s.seat): (s.games, s.wins, s.mean_return) for s in summary.seats}
    assert seats == {
        ("A", 0): (2, 2.0, 1.0),
        ("A", 1): (2, 1.0, 0.0),
        ("B", 0): (2, 1.0, 0.0),
        ("B", 1): (2, 0.0, -1.0),
    }


def test_draws_and_unfinished_games() -> None:
    games = [
        result(("A", "B"), (0.0, 0.0)),
        result(("B", "A"), (0.0, 0.0), finished=False, ms=9.0),
    ]
    summary = summarise(["A", "B"], games)
    assert (summary.games, summary.finished, summary.unfinished, summary.draws) == (2, 1, 1, 1)
    a, b = summary.agents
    assert (a.games, a.wins, a.draws, a.win_rate) == (1, 0, 1, 0.0)
    assert a.mu == pytest.approx(b.mu)
    assert a.median_ms == pytest.approx(5.0)  # unfinished games still timed: median of 1 and 9


def test_an_agent_holding_two_seats_counts_each_game_once() -> None:
    third = -1 / 3
    game = result(("A", "B", "A", "B"), (third, 1.0, third, third))
    a, b = summarise(["A", "B"], [game]).agents
    assert (a.games, a.wins, b.wins) == (1, 0, 1)
    assert a.mean_return == pytest.approx(third)
    assert b.mean_return == pytest.approx((1 + third) / 2)


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[list[str], list[GameResult]]:
    agents = [f"agent{i}" for i in range(draw(st.integers(2, 4)))]
    players = draw(st.integers(2, 4))
    games = []
    for index in range(draw(st.integers(1, 12))):
        winners = draw(st.sets(st.integers(0, players - 1), min_size=1))
        losers = players - len(winners)
        returns = tuple(
            (0.0 if not losers else losers / len(winners)) if s in winners else -1.0
            for s in range(players)
        )
        finished = draw(st.booleans())
        games.append(result(seat_agents(index, agents, players), returns, finished))
    return agents, games


@given(tournaments())
def test_every_finished_game_is_one_win_or_one_draw(
    tournament: tuple[list[str], list[GameResult]],
) -> None:
    agents, games = tournament
    summary = summarise(agents, games)
    wins = sum(a.wins for a in summary.agents)
    assert wins + summary.draws == pytest.approx(summary.finished)
    assert sum(s.wins for s in summary.seats) == pytest.approx(wins)
    for agent in summary.agents:
        assert 0 <= agent.win_interval.low <= agent.win_rate <= agent.win_interval.high <= 1
