"""A tournament's numbers: wins, draws, mean returns with 95% intervals, ratings, per seat.

The unit of every statistic is the game (games are independent; the seats of one agent in one
game are not). Per finished game g and agent a (seated in g):

- a seat's win share is 1/w when it is one of w seats with the best return, 0 otherwise; a game
  where every seat has the same return is a draw and nobody's win;
- ``win(a, g)`` is the sum of a's seats' win shares, ``ret(a, g)`` the mean of their returns.

An agent's win rate is the mean of ``win(a, g)`` with a Wilson score interval; its mean return
the mean of ``ret(a, g)`` with the normal interval ``mean ± 1.96 s / sqrt(m)`` (s the sample
standard deviation over its m games). Ratings are openskill's Plackett-Luce, one update per
game in index order, agents ranked by ``ret(a, g)`` (ties share a rank). Unfinished games (over
the action cap) count in none of these; they are reported apart.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from ludoteca.arena.match import GameResult

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class Interval:
    low: float
    high: float


@dataclass(frozen=True)
class SeatStats:
    """One agent in one seat: how often it sat there (finished games), won, and its mean."""

    agent: str
    seat: int
    games: int
    wins: float
    mean_return: float


@dataclass(frozen=True)
class AgentStats:
    agent: str
    games: int
    wins: float
    draws: int
    mean_return: float
    return_interval: Interval | None
    """None with fewer than two games."""
    win_rate: float
    win_interval: Interval
    mu: float
    sigma: float
    ordinal: float
    median_ms: float
    """Median over games of the agent's median thinking time per decision."""


@dataclass(frozen=True)
class Summary:
    games: int
    finished: int
    unfinished: int
    draws: int
    agents: tuple[AgentStats, ...]
    seats: tuple[SeatStats, ...]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def win_shares(returns: Sequence[float]) -> tuple[float, ...]:
    """Each seat's share of the win: 1/w for the w seats with the best return; all 0 in a draw."""
    best = max(returns)
    winners = [seat for seat, value in enumerate(returns) if value == best]
    if len(winners) == len(returns):
        return (0.0,) * len(returns)
    return tuple(1 / len(winners) if seat in winners else 0.0 for seat in range(len(returns)))


def is_draw(returns: Sequence[float]) -> bool:
    return len(set(returns)) == 1


def mean_interval(values: Sequence[float]) -> Interval | None:
    """The normal-approximation 95% interval of the mean (None below two values)."""
    if len(values) < 2:
        return None
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return Interval(mean - half, mean + half)


def sign_test(fewer: int, more: int) -> float:
    """One-sided sign test: P(at most `fewer` of `fewer + more` discordant pairs go one way |
    both ways equally likely)."""
    n = fewer + more
    return float(sum(math.comb(n, k) for k in range(fewer + 1)) / 2**n)


def wilson_interval(successes: float, trials: int) -> Interval:
    """The Wilson score 95% interval of a success rate (fractional successes allowed)."""
    if trials == 0:
        return Interval(0.0, 1.0)
    p = successes / trials
    z2 = Z95 * Z95
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # at p = 0 (p = 1) the bound is exactly 0 (1); rounding must not move it past the rate
    low = max(0.0, centre - half) if successes > 0 else 0.0
    high = min(1.0, centre + half) if successes < trials else 1.0
    return Interval(low, high)


def per_agent(result: GameResult) -> dict[str, tuple[float, float]]:
    """``agent -> (win(a, g), ret(a, g))`` for one finished game."""
    shares = win_shares(result.returns)
    seats: dict[str, list[int]] = {}
    for seat, agent in enumerate(result.agents):
        seats.setdefault(agent, []).append(seat)
    return {
        agent: (
            sum(shares[s] for s in held),
            statistics.fmean(result.returns[s] for s in held),
        )
        for agent, held in seats.items()
    }


def rank_by_score(scores: Sequence[float]) -> list[float]:
    """Rank 1 for the best score; equal scores share a rank (1, 1, 3)."""
    return [float(1 + sum(other > score for other in scores)) for score in scores]


def rate(agents: Sequence[str], finished: Sequence[GameResult]) -> dict[str, PlackettLuceRating]:
    """Each agent's openskill rating after every finished game, in order, ranked by ret(a, g)."""
    model = PlackettLuce()
    ratings: dict[str, PlackettLuceRating] = {agent: model.rating(name=agent) for agent in agents}
    for result in finished:
        outcome = per_agent(result)
        playing = list(outcome)
        ranks = rank_by_score([outcome[agent][1] for agent in playing])
        rated = model.rate([[ratings[agent]] for agent in playing], ranks=ranks)
        for agent, team in zip(playing, rated, strict=True):
            ratings[agent] = team[0]
    return ratings


def thinking_times(agents: Sequence[str], results: Sequence[GameResult]) -> dict[str, float]:
    """Each agent's median over games of its per-game median milliseconds per decision."""
    times: dict[str, list[float]] = {agent: [] for agent in agents}
    for result in results:
        for seat, agent in enumerate(result.agents):
            if result.decisions[seat] and seat < len(result.median_ms):
                times[agent].append(result.median_ms[seat])
    return {agent: statistics.median(t) if t else 0.0 for agent, t in times.items()}


def summarise(agents: Sequence[str], results: Sequence[GameResult]) -> Summary:
    """The statistics of `results` (in index order) for the tournament's `agents`."""
    finished = [r for r in results if r.finished]
    wins: dict[str, list[float]] = {agent: [] for agent in agents}
    means: dict[str, list[float]] = {agent: [] for agent in agents}
    draws = dict.fromkeys(agents, 0)
    seat_games: dict[tuple[str, int], list[tuple[float, float]]] = {}
    for result in finished:
        outcome = per_agent(result)
        for agent, (win, mean) in outcome.items():
            wins[agent].append(win)
            means[agent].append(mean)
            draws[agent] += is_draw(result.returns)
        shares = win_shares(result.returns)
        for seat, agent in enumerate(result.agents):
            seat_games.setdefault((agent, seat), []).append((shares[seat], result.returns[seat]))
    ratings = rate(agents, finished)
    thinking = thinking_times(agents, results)
    agent_stats = tuple(
        AgentStats(
            agent=agent,
            games=len(wins[agent]),
            wins=sum(wins[agent]),
            draws=draws[agent],
            mean_return=statistics.fmean(means[agent]) if means[agent] else 0.0,
            return_interval=mean_interval(means[agent]),
            win_rate=statistics.fmean(wins[agent]) if wins[agent] else 0.0,
            win_interval=wilson_interval(sum(wins[agent]), len(wins[agent])),
            mu=ratings[agent].mu,
            sigma=ratings[agent].sigma,
            ordinal=ratings[agent].ordinal(),
            median_ms=thinking[agent],
        )
        for agent in agents
    )
    seat_stats = tuple(
        SeatStats(
            agent=agent,
            seat=seat,
            games=len(games),
            wins=sum(w for w, _ in games),
            mean_return=statistics.fmean(r for _, r in games),
        )
        for (agent, seat), games in sorted(
            seat_games.items(), key=lambda item: (agents.index(item[0][0]), item[0][1])
        )
    )
    return Summary(
        games=len(results),
        finished=len(finished),
        unfinished=len(results) - len(finished),
        draws=sum(is_draw(r.returns) for r in finished),
        agents=agent_stats,
        seats=seat_stats,
    )
