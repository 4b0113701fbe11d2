"""What the replay page shows of an analysis: the graph's points, the marks, the better moves.

Built from a stored review (`Review.to_json()`) and the table, in the reader's language: the
marks as chess-style symbols with their words, the moves played and the better ones as the
game tells them, the seats with their names and an ink for their line in the graph.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from typing import Any

import orjson

from ludoteca.core.api import Game, State
from ludoteca.core.registry import load_stored
from ludoteca.i18n import _
from ludoteca.review.marks import BLUNDER, INACCURACY, MARKS, MISTAKE
from ludoteca.review.value import NoValueFunctionError, TensorModel
from ludoteca.web.render import board_svg
from ludoteca.web.table import Table

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


def summary(table: Table, seats: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each seat's line of the summary table, its marks counted under their words."""
    names = table.names()
    return [
        {
            "seat": s["seat"],
            "name": names[s["seat"]],
            "decisions": s["decisions"],
            "unforced": s["unforced"],
            "average_loss": s["average_loss"],
            "accuracy": s["accuracy"],
            "marks": [
                {"mark": m, "symbol": SYMBOLS[m], "label": _(m), "count": s["marks"].get(m, 0)}
                for m in MARKS
            ],
            "luck": s["luck"],
            "final": s["final"],
            "luck_adjusted": s["luck_adjusted"],
        }
        for s in seats
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
        "summary": summary(table, review["seats"]),
    }


def better_board(table: Table, entry: dict[str, Any]) -> dict[str, Any]:
    """The position before a reviewed decision with its best move drawn as the board draws a
    last move, and the move in words."""
    state = table.positions()[entry["index"]]
    assert table.narrator is not None and entry["best"] is not None
    mark = table.narrator.mark(state, entry["best"])
    return {
        "index": entry["index"],
        "better": _words(table, state, entry["best"]),
        "svg": board_svg(state, seat=None, interactive=False, last_moves=[mark] if mark else []),
    }


def unanalysable(game: Game) -> str | None:
    """Why `game` cannot be analysed (no value function fitted for it), or None if it can."""
    options = orjson.dumps(dict(game.options), option=orjson.OPT_SORT_KEYS).decode()
    return _unanalysable(game.id, game.num_players, options)


@cache
def _unanalysable(game_id: str, players: int, options: str) -> str | None:
    """Kept per game, player count and options: table views ask at every move."""
    try:
        TensorModel.load(load_stored(game_id, players, json.loads(options)))
    except NoValueFunctionError as exc:
        return str(exc)
    return None
