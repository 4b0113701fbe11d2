"""Review a game: per action the value before and after, per decision the loss and mark, per
chance node the luck of every seat, and per seat the summary of skill against luck.

Values are win probabilities (`node.NodeValues`). A decision's alternatives are valued by the
position each leads to; its loss is the mover's value of the best alternative minus that of the
move played, so it is never negative. A chance node's value is the expectation over its listed
outcomes, so the luck of the outcome, `V(after) - sum(p(o) * V(o))`, is exact.
The value before a decision is that of its best move, after it that of the position reached.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from ludoteca.core.api import State
from ludoteca.review.marks import EQUAL, MARKS, accuracy, mark
from ludoteca.review.node import NodeValues

TOP = 3
"""Alternatives listed per decision (the best ones, and always the move played)."""
DECISION = "decision"
CHANCE = "chance"


@dataclass(frozen=True)
class Alternative:
    """One legal move of a decision and the win probabilities after it."""

    action: int
    notation: str
    values: list[float]


@dataclass(frozen=True)
class Entry:
    """One action of the record, reviewed."""

    index: int
    kind: str
    """`decision` or `chance`."""
    seat: int
    """The seat that chose, or -1 for chance."""
    before: list[float]
    after: list[float]
    action: int
    notation: str
    best: int | None = None
    best_notation: str | None = None
    loss: float | None = None
    """The mover's win probability lost against the best move (decisions only)."""
    mark: str | None = None
    forced: bool = False
    """One legal move, or all equivalent: left out of the error rates."""
    alternatives: list[Alternative] = field(default_factory=list)
    luck: list[float] | None = None
    """Per seat, `V(after) - sum(p(o) * V(o))` (chance nodes only)."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class SeatSummary:
    """One seat's game: skill (losses, marks) against luck."""

    seat: int
    decisions: int
    unforced: int
    average_loss: float
    accuracy: float
    marks: dict[str, int]
    luck: float
    decision_change: float
    """Sum of the seat's value changes at every decision (its own and the others')."""
    initial: float
    final: float
    luck_adjusted: float
    """The final value minus the luck: what the seat's play earned."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Review:
    """A reviewed game: one entry per action and one summary per seat."""

    entries: list[Entry]
    seats: list[SeatSummary]

    def to_json(self) -> dict[str, Any]:
        return {
            "entries": [entry.to_json() for entry in self.entries],
            "seats": [seat.to_json() for seat in self.seats],
        }


def review_action(values: NodeValues, state: State, action: int, index: int) -> Entry:
    """The entry of `action` applied to `state`, the record's position `index`."""
    notation = state.action_to_string(action)
    after_state = state.clone()
    after_state.apply_action(action)
    after = values.node(after_state)
    if state.is_chance_node():
        before = values.node(state)
        return Entry(
            index, CHANCE, -1, _floats(before), _floats(after), action, notation,
            luck=[float(a - b) for a, b in zip(after, before, strict=True)],
        )  # fmt: skip
    seat = state.current_player()
    legal = state.legal_actions()
    valued = values.after_each(state)
    mine = np.array([v[seat] for v in valued])
    played = legal.index(action)
    best = int(np.argmax(mine))
    loss = max(0.0, float(mine[best] - mine[played]))
    forced = len(legal) == 1 or float(mine.max() - mine.min()) < EQUAL
    order = sorted(range(len(legal)), key=lambda i: -mine[i])
    shown = order[:TOP] + ([played] if played not in order[:TOP] else [])
    return Entry(
        index=index,
        kind=DECISION,
        seat=seat,
        before=_floats(valued[best]),
        after=_floats(after),
        action=action,
        notation=notation,
        best=legal[best],
        best_notation=state.action_to_string(legal[best]),
        loss=loss,
        mark=None if forced else mark(loss),
        forced=forced,
        alternatives=[
            Alternative(legal[i], state.action_to_string(legal[i]), _floats(valued[i]))
            for i in shown
        ],
    )


def review_states(
    values: NodeValues,
    states: Sequence[State],
    actions: Sequence[int],
    progress: Callable[[int], None] | None = None,
) -> Review:
    """Review a game in one process: `states[i]` is the position before `actions[i]`."""
    entries = []
    for index, (state, action) in enumerate(zip(states, actions, strict=False)):
        entries.append(review_action(values, state, action, index))
        if progress is not None:
            progress(1)
    return Review(entries, summarize(entries, values.players))


def summarize(entries: Sequence[Entry], players: int) -> list[SeatSummary]:
    """Each seat's summary; the first entry's `before` and the last's `after` bound the game."""
    if not entries:
        return []
    initial, final = entries[0].before, entries[-1].after
    seats = []
    for seat in range(players):
        mine = [e for e in entries if e.kind == DECISION and e.seat == seat]
        unforced = [e for e in mine if not e.forced]
        average = sum(e.loss or 0.0 for e in unforced) / len(unforced) if unforced else 0.0
        luck = sum(e.luck[seat] for e in entries if e.luck is not None)
        change = sum(e.after[seat] - e.before[seat] for e in entries if e.kind == DECISION)
        seats.append(
            SeatSummary(
                seat=seat,
                decisions=len(mine),
                unforced=len(unforced),
                average_loss=average,
                accuracy=accuracy(average),
                marks={name: sum(e.mark == name for e in unforced) for name in MARKS},
                luck=luck,
                decision_change=change,
                initial=initial[seat],
                final=final[seat],
                luck_adjusted=final[seat] - luck,
            )
        )
    return seats


def _floats(values: Any) -> list[float]:
    return [float(v) for v in values]
