"""The HTML review: the win-probability graph, skill against luck per seat, the marked moves
with the better alternative in the game's own words. One self-contained file."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from jinja2 import PackageLoader
from markupsafe import Markup

from ludoteca.analysis.figures import to_svg
from ludoteca.core.api import State
from ludoteca.core.record import Record
from ludoteca.core.registry import game_module
from ludoteca.i18n import _, current, game_title
from ludoteca.i18n.jinja import translated_environment
from ludoteca.review.graph import win_graph
from ludoteca.review.marks import MARKS, THRESHOLDS
from ludoteca.review.review import Entry, Review


@dataclass(frozen=True)
class MarkedMove:
    """A marked decision as the report shows it."""

    number: int
    seat: str
    mark: str
    loss: float
    played: str
    better: str


def seat_labels(record: Record, state: State) -> list[str]:
    """ "Anna (Red)": the record's names with the game's name for the seat where it has one."""
    labels = []
    for seat, name in enumerate(record.seats):
        own = state.game.seat_name(seat)
        labels.append(_("{name} ({seat})").format(name=name, seat=own) if own else name)
    return labels


def _words(state: State, action: int, names: Sequence[str]) -> str:
    """The move in the game's friendly words, with its notation."""
    describe = game_module(state.game.id, "describe")
    notation = state.action_to_string(action)
    if describe is None:
        return notation
    return f"{describe.describe_action(state, action, list(names))} ({notation})"


def marked_moves(
    review: Review, states: Sequence[State], record: Record, labels: Sequence[str]
) -> list[MarkedMove]:
    moves = []
    for entry in review.entries:
        if entry.mark is None or entry.best is None:
            continue
        state = states[entry.index]
        moves.append(_marked(entry, state, record.seats, labels[entry.seat]))
    return moves


def _marked(entry: Entry, state: State, names: Sequence[str], label: str) -> MarkedMove:
    assert entry.mark is not None and entry.best is not None and entry.loss is not None
    return MarkedMove(
        number=entry.index + 1,
        seat=label,
        mark=_(entry.mark),
        loss=entry.loss,
        played=_words(state, entry.action, names),
        better=_words(state, entry.best, names),
    )


def render_review(
    review: Review, record: Record, states: Sequence[State], command: str, seconds: float
) -> str:
    """The review's HTML, in the active language."""
    state = states[0]
    labels = seat_labels(record, state)
    context: dict[str, Any] = {
        "language": current(),
        "title": game_title(state.game.title),
        "game": state.game,
        "record": record,
        "labels": labels,
        "seats": review.seats,
        "marks": [_(name) for name in MARKS],
        "mark_keys": MARKS,
        "thresholds": [(_(name), threshold) for threshold, name in reversed(THRESHOLDS)],
        "moves": marked_moves(review, states, record, labels),
        "graph": Markup(to_svg(win_graph(review, labels))),
        "command": command,
        "seconds": seconds,
        "actions": len(review.entries),
    }
    environment = translated_environment(
        PackageLoader("ludoteca.review", "templates"), trim_blocks=True, lstrip_blocks=True
    )
    return environment.get_template("review.html").render(context)
