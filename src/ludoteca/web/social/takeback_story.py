"""The takebacks of a finished game as its replay tells them.

The stored moves are the final line of play; each takeback keeps the moves it undid apart
(`store.social`). The replay's move list shows, where the game went back, who took back
which moves ("Anna took back moves 12 to 15") with those moves in words, folded away: they are
not part of the game that was finished.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.i18n import _
from ludoteca.store.social import Takeback
from ludoteca.store.tables import MoveData
from ludoteca.web.table.table import Table


@dataclass(frozen=True)
class TakebackNote:
    """One takeback in the move list: listed after position `at` of the final line."""

    at: int
    seat: int
    text: str
    moves: list[dict[str, Any]]
    """The moves taken back, in words: `{seat, text, notation}`."""
    first: int
    """The number of the first move taken back (as the replay counts positions)."""


def lines_before(final: Sequence[MoveData], takebacks: Sequence[Takeback]) -> list[list[MoveData]]:
    """The line of play just before each takeback (oldest first).

    Rebuilt backwards from the final line: after takeback k the game kept the moves before its
    `at` and only added moves until takeback k+1, so the line before takeback k is the line
    before takeback k+1 up to `at`, followed by the moves k undid.
    """
    lines: list[list[MoveData]] = []
    line = list(final)
    for takeback in reversed(takebacks):
        line = line[: takeback.at] + list(takeback.undone)
        lines.append(line)
    lines.reverse()
    return lines


def heading(name: str, first: int, last: int) -> str:
    """ "Anna took back moves 12 to 15" (the numbers of the positions in the replay)."""
    if first == last:
        return _("{name} took back move {number}").format(name=name, number=first)
    return _("{name} took back moves {first} to {last}").format(name=name, first=first, last=last)


def takeback_notes(table: Table, takebacks: Sequence[Takeback]) -> list[TakebackNote]:
    """Each takeback, oldest first, placed where it left the final line of play.

    That is its own `at`, or an earlier point where a later takeback went back further (its
    moves were then part of a line that was itself taken back).
    """
    names = table.names()
    notes: list[TakebackNote] = []
    shown = len(table.moves)
    lines = lines_before(table.moves, takebacks)
    for takeback, line in reversed(list(zip(takebacks, lines, strict=True))):
        shown = min(shown, takeback.at)
        texts = table.tell(line, names)[takeback.at :]
        moves = [
            {"seat": m.player, "text": text, "notation": m.notation}
            for m, text in zip(takeback.undone, texts, strict=True)
        ]
        first, last = takeback.at + 1, takeback.at + len(takeback.undone)
        text = heading(names[takeback.seat], first, last)
        notes.append(TakebackNote(shown, takeback.seat, text, moves, first))
    notes.reverse()
    return notes


def with_takebacks(
    turns: Sequence[dict[str, Any]], notes: Sequence[TakebackNote]
) -> list[dict[str, Any]]:
    """The replay's move list: each turn's `parts`, its entries (`{"entry": ...}`) with each
    takeback (`{"takeback": ...}`) just before the entry that played on from where it went
    back, after the chance that led there (the roll that was kept)."""
    waiting = list(notes)
    listed: list[dict[str, Any]] = []
    for turn in turns:
        items: list[dict[str, Any]] = []
        for entry in turn["entries"]:
            while waiting and waiting[0].at < entry["step"]:
                items.append({"takeback": waiting.pop(0)})
            items.append({"entry": entry})
        listed.append({**turn, "parts": items})
    if listed:  # a game goes on after each takeback: kept only should one ever end there
        listed[-1]["parts"].extend({"takeback": note} for note in waiting)
    return listed
