"""Numbers of a self-play run: win rates with confidence intervals, lengths, scores, rules."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ludoteca.analysis.selfplay import PlayedGame
from ludoteca.core.api import Game
from ludoteca.i18n import _

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class Rate:
    """`hits` of `games`, with the Wilson 95% interval (sound for rates near 0 or 1)."""

    hits: int
    games: int

    @property
    def share(self) -> float:
        return self.hits / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.hits, self.games)


def wilson(hits: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion; (0, 1) when there are no games."""
    if games == 0:
        return 0.0, 1.0
    p = hits / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class RuleCount:
    """How often one rule fired over a run."""

    name: str
    total: int
    games_with: int
    """Games in which it fired at least once."""
    per_game: float
    per_100_decisions: float


@dataclass(frozen=True)
class Summary:
    """Everything the report shows about one run, as numbers."""

    games: int
    seats: tuple[str, ...]
    wins: tuple[Rate, ...]
    """Per seat: games it won alone."""
    draws: Rate
    """Finished games without a sole winner (a siege draw, a shared museum lead)."""
    unfinished: int
    decisions: tuple[int, ...]
    turns: tuple[int, ...]
    scores: dict[str, tuple[tuple[float, ...], ...]]
    """Per score name, per seat: that seat's final score in each finished game."""
    rules: tuple[RuleCount, ...]


def sole_winner(returns: Sequence[float]) -> int | None:
    """The seat with the strictly highest return, or None when the best is shared."""
    best = max(returns)
    leaders = [seat for seat, value in enumerate(returns) if value == best]
    return leaders[0] if len(leaders) == 1 else None


def seat_names(game: Game) -> tuple[str, ...]:
    """ "seat 0 (attacker)": the seat's number, and the game's name for it where it has one."""
    names = []
    for seat in range(game.num_players):
        name = game.seat_name(seat)
        label = _("seat {n}").format(n=seat)
        names.append(_("{seat} ({name})").format(seat=label, name=name) if name else label)
    return tuple(names)


def summarize(game: Game, played: Sequence[PlayedGame]) -> Summary:
    """Count wins, draws, lengths, scores and rules over the games of a run."""
    n = len(played)
    wins = [0] * game.num_players
    draws = unfinished = 0
    for item in played:
        if not item.result.finished:
            unfinished += 1
            continue
        winner = sole_winner(item.result.returns)
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
    decisions = tuple(sum(item.result.decisions) for item in played)
    return Summary(
        games=n,
        seats=seat_names(game),
        wins=tuple(Rate(w, n) for w in wins),
        draws=Rate(draws, n),
        unfinished=unfinished,
        decisions=decisions,
        turns=tuple(item.events.turns for item in played),
        scores=_scores(game.num_players, played),
        rules=_rules(played, sum(decisions)),
    )


def _scores(seats: int, played: Sequence[PlayedGame]) -> dict[str, tuple[tuple[float, ...], ...]]:
    names: dict[str, list[list[float]]] = {}
    for item in played:
        for name, values in item.events.scores.items():
            per_seat = names.setdefault(name, [[] for _ in range(seats)])
            for seat, value in enumerate(values):
                per_seat[seat].append(value)
    return {name: tuple(tuple(v) for v in per_seat) for name, per_seat in names.items()}


def _rules(played: Sequence[PlayedGame], decisions: int) -> tuple[RuleCount, ...]:
    totals: Counter[str] = Counter()
    present: Counter[str] = Counter()
    for item in played:
        totals.update(item.events.counts)
        present.update(name for name, count in item.events.counts.items() if count)
    games = max(1, len(played))
    return tuple(
        RuleCount(
            name=name,
            total=total,
            games_with=present[name],
            per_game=total / games,
            per_100_decisions=100 * total / decisions if decisions else 0.0,
        )
        for name, total in sorted(totals.items(), key=lambda item: (-item[1], item[0]))
    )
