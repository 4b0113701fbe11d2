"""What the replay page shows of an analysis: the graph's points, the marks, the better moves.

Built from a stored review (`Review.to_json()`) and the table, in the reader's language: the
marks as chess-style symbols with their words, the moves played and the better ones as the
game tells them, the seats with their names and an ink for their line in the graph.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.core.api import Game, State
from ludoteca.i18n import N_, _, format_list, format_number, ngettext
from ludoteca.review.marks import BLUNDER, EQUAL, INACCURACY, MARKS, MISTAKE
from ludoteca.web.table.render import board_svg
from ludoteca.web.table.table import Table

SYMBOLS = {INACCURACY: "?!", MISTAKE: "?", BLUNDER: "??"}
"""The marks as chess writes them after a move."""

INKS = {"red": "#c62828", "blue": "#1f5fbf", "yellow": "#a77d00", "green": "#2e7d32"}
"""Lines of seats named by a colour, in a shade that reads on the page's light background."""
PALETTE = ("#8e3b2e", "#1f5fbf", "#5b7d1e", "#6d3f98")
"""Lines of seats without a colour (siege's attacker and defender, villa's builders)."""


def seat_ink(game: Game, seat: int) -> str:
    """The colour of a seat's line: its own colour where the game names one (its first)."""
    name = (game.seat_name(seat) or "").split(" & ")[0].strip().lower()
    return INKS.get(name, PALETTE[seat % len(PALETTE)])


def points(entries: Sequence[dict[str, Any]]) -> list[list[float]]:
    """Each seat's win probability at every position: before each action, after the last."""
    if not entries:
        return []
    return [list(e["before"]) for e in entries] + [list(entries[-1]["after"])]


def _words(table: Table, state: State, action: int) -> str:
    assert table.narrator is not None
    return table.narrator.text(state, action, table.names())


def marked(table: Table, entries: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The marked decisions with the move played and the better one, in words."""
    positions = table.positions()
    names = table.names()
    found = []
    for entry in entries:
        if entry["mark"] is None or entry["best"] is None:
            continue
        state = positions[entry["index"]]
        found.append(
            {
                "index": entry["index"],
                "step": entry["index"] + 1,
                "seat": entry["seat"],
                "name": names[entry["seat"]],
                "mark": entry["mark"],
                "symbol": SYMBOLS[entry["mark"]],
                "label": _(entry["mark"]),
                "loss": entry["loss"],
                "played": _words(table, state, entry["action"]),
                "better": _words(table, state, entry["best"]),
                "better_notation": entry["best_notation"],
            }
        )
    return found


def summary(
    table: Table, seats: Sequence[dict[str, Any]], entries: Sequence[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Each seat's card of the summary: the review's figures, and `figures` in words
    (`summary_figures`); its marks counted under their words."""
    names = table.names()
    return [
        {
            "seat": s["seat"],
            "name": names[s["seat"]],
            "decisions": s["decisions"],
            "unforced": s["unforced"],
            "best": best_moves(entries, s["seat"]),
            "average_loss": s["average_loss"],
            "accuracy": s["accuracy"],
            "marks": [
                {"mark": m, "symbol": SYMBOLS[m], "label": _(m), "count": s["marks"].get(m, 0)}
                for m in MARKS
            ],
            "luck": s["luck"],
            "initial": s["initial"],
            "final": s["final"],
            "luck_adjusted": s["luck_adjusted"],
            "figures": summary_figures(s, best_moves(entries, s["seat"])),
        }
        for s in seats
    ]


def best_moves(entries: Sequence[dict[str, Any]], seat: int) -> int:
    """How many of the seat's real choices (not forced) were as good as the best move."""
    return sum(
        1
        for e in entries
        if e["seat"] == seat and e["kind"] == "decision" and not e["forced"]
        if (e["loss"] or 0.0) < EQUAL
    )


def out_of_100(chance: float) -> int:
    """A win probability as points out of 100, the way the summary counts it."""
    return round(100 * chance)


def signed(value: int) -> str:
    """+12, −8 (one minus sign, U+2212, everywhere), 0 without a sign."""
    if value == 0:
        return format_number(0)
    return f"{'+' if value > 0 else '−'}{format_number(abs(value))}"


LUCKY = 3
"""Luck of this many points (out of 100) or more either way is good or bad, else average."""


def luck_words(luck: int) -> str:
    if luck >= LUCKY:
        return _("good luck ({points})").format(points=signed(luck))
    if luck <= -LUCKY:
        return _("bad luck ({points})").format(points=signed(luck))
    return _("average luck ({points})").format(points=signed(luck))


def mark_words(marks: dict[str, int]) -> str:
    """ "1 blunder, 2 mistakes" (worst first), or "none"."""
    words = {
        BLUNDER: lambda n: ngettext("{n} blunder", "{n} blunders", n),
        MISTAKE: lambda n: ngettext("{n} mistake", "{n} mistakes", n),
        INACCURACY: lambda n: ngettext("{n} inaccuracy", "{n} inaccuracies", n),
    }
    found = [
        words[m](marks[m]).format(n=format_number(marks[m]))
        for m in (BLUNDER, MISTAKE, INACCURACY)
        if marks.get(m)
    ]
    return format_list(found) if found else _("none")


def summary_figures(seat: dict[str, Any], best: int) -> list[dict[str, str]]:
    """One seat's figures in words, each with its `key` (the legend's explanation, `FIGURES`):
    best moves, accuracy, mistakes, luck, play and the chance to win at the start and end."""
    unforced = seat["unforced"]
    chosen = (
        _("{best} of {choices}").format(best=format_number(best), choices=format_number(unforced))
        if unforced
        else _("no real choice")
    )
    final = out_of_100(seat["final"])
    luck = out_of_100(seat["luck"])
    initial = out_of_100(seat["initial"])
    play = final - luck - initial  # start + luck + play = end, as the review adds them up
    return [
        {"key": "best", "value": chosen},
        {"key": "accuracy", "value": _("{score} out of 100").format(
            score=format_number(round(seat["accuracy"])))},
        {"key": "mistakes", "value": mark_words(seat["marks"])},
        {"key": "luck", "value": luck_words(luck)},
        {"key": "play", "value": signed(play)},
        {"key": "chance", "value": _("{start} at the start, {end} at the end").format(
            start=format_number(initial), end=format_number(final))},
    ]  # fmt: skip


FIGURES = {
    "best": (
        N_("Best moves"),
        N_("Moves as good as the best one, of the moves that were a real choice."),
    ),
    "accuracy": (
        N_("Accuracy"),
        N_("How close the moves came to the best ones: 100 is the best move every time."),
    ),
    "mistakes": (
        N_("Mistakes"),
        N_("Moves that cost a little (inaccuracy), more (mistake) or much (blunder) of the chance"
           " to win."),
    ),
    "luck": (
        N_("Luck"),
        N_("What the dice and cards did to the chance to win, in points out of 100, against"
           " average luck."),
    ),
    "play": (
        N_("Play at the table"),
        N_("What the moves at the table, one's own and the others', did to the chance to win, in"
           " points out of 100."),
    ),
    "chance": (
        N_("Chance to win"),
        N_("Out of 100: the chance at the start, plus the luck, plus the play, is the chance at"
           " the end."),
    ),
}  # fmt: skip
"""Each figure of a summary card: its label and its one-line explanation (the legend)."""


def legend() -> list[dict[str, str]]:
    """The figures' labels and explanations in the active language, in the cards' order."""
    return [
        {"key": key, "label": _(label), "explain": _(text)}
        for key, (label, text) in FIGURES.items()
    ]


def analysis_view(table: Table, review: dict[str, Any]) -> dict[str, Any]:
    """The page's analysis of `table`: seats, the graph's points, the marks, the summary."""
    entries = review["entries"]
    names = table.names()
    return {
        "seats": [
            {"seat": i, "name": names[i], "ink": seat_ink(table.game, i)}
            for i in range(table.game.num_players)
        ],
        "points": points(entries),
        "marks": marked(table, entries),
        "summary": summary(table, review["seats"], entries),
        "legend": legend(),
    }


def better_board(table: Table, entry: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    """The position before a reviewed decision with its best move drawn as the board draws a
    last move (from `seat`, None: a spectator's view), and the move in words."""
    state = table.positions()[entry["index"]]
    assert table.narrator is not None and entry["best"] is not None
    mark = table.narrator.mark(state, entry["best"])
    return {
        "index": entry["index"],
        "better": _words(table, state, entry["best"]),
        "svg": board_svg(state, seat=seat, interactive=False, last_moves=[mark] if mark else []),
    }
