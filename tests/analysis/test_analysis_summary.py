"""Win rates, intervals and rule counts of a run (`analysis/summary.py`)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import ludoteca
from ludoteca.analysis.events import GameEvents
from ludoteca.analysis.selfplay import PlayedGame
from ludoteca.analysis.summary import Rate, sole_winner, summarize, wilson
from ludoteca.arena.match import GameResult


@given(st.integers(0, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_holds_the_share_inside_zero_and_one(case: tuple[int, int]) -> None:
    hits, games = case
    low, high = wilson(hits, games)
    share = hits / games if games else 0.5
    assert 0.0 <= low <= share + 1e-12 and share - 1e-12 <= high <= 1.0


@given(st.integers(1, 200), st.integers(2, 20))
def test_wilson_interval_narrows_with_more_games(games: int, factor: int) -> None:
    hits = games // 3
    low, high = wilson(hits, games)
    more_low, more_high = wilson(hits * factor, games * factor)
    assert more_high - more_low < high - low


def test_wilson_known_values() -> None:
    low, high = wilson(5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634
    assert wilson(0, 0) == (0.0, 1.0)


def test_sole_winner_needs_a_strictly_best_return() -> None:
    assert sole_winner([1.0, -1.0]) == 0
    assert sole_winner([0.0, 0.0]) is None
    assert sole_winner([1 / 3, 1 / 3, -1 / 3, -1 / 3]) is None


def played(returns: tuple[float, ...], finished: bool, counts: dict[str, int]) -> PlayedGame:
    result = GameResult(
        game="siege",
        players=2,
        options={},
        seed=1,
        agents=("greedy", "greedy"),
        actions=(),
        returns=returns,
        finished=finished,
        decisions=(5, 5),
    )
    return PlayedGame(result, GameEvents(counts, turns=10, scores={"pieces left": [4.0, 2.0]}))


def test_summarize_counts_wins_draws_unfinished_and_rules() -> None:
    games = [
        played((1.0, -1.0), True, {"lord captured": 1, "knight captured": 2}),
        played((-1.0, 1.0), True, {"knight captured": 1}),
        played((0.0, 0.0), True, {"draw by repetition": 1}),
        played((0.0, 0.0), False, {}),
    ]
    summary = summarize(ludoteca.load("siege"), games)
    assert summary.seats == ("seat 0 (attacker)", "seat 1 (defender)")
    assert [rate.hits for rate in summary.wins] == [1, 1]
    assert summary.draws == Rate(1, 4) and summary.unfinished == 1
    assert summary.decisions == (10, 10, 10, 10)
    knight = next(rule for rule in summary.rules if rule.name == "knight captured")
    assert (knight.total, knight.games_with, knight.per_game) == (3, 2, 0.75)
    assert knight.per_100_decisions == 3 / 40 * 100
    assert summary.rules[0].name == "knight captured"  # the most frequent first
    assert summary.scores["pieces left"] == ((4.0,) * 4, (2.0,) * 4)
