"""Belagerung as SVG: the board of `board.json` for the web and the docs.

Row 6 (the defender's side, with the castle) is at the top, the knights' start squares (the
white dots) below row 1. A move is chosen by two clicks: the piece's field, then the field it
goes to (`click_path` gives `["d4", "c3"]`). In the interactive board every field is a
`<g class="field" data-click="NAME">`; the web page marks fields `clickable` / `selected`.
Spectator boards carry no click tokens. All CSS is scoped under the root class `siege-board`
and no ids are used, so several boards can share a page.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from ludoteca.core.api import JSON
from ludoteca.games.siege.board import WIDTH, Board
from ludoteca.games.siege.game import EMPTY, KNIGHT, LORD, SIDES, SOLDIER, SPAN
from ludoteca.games.siege.text import field_colour
from ludoteca.rulebook import write_pictures

if TYPE_CHECKING:
    from ludoteca.games.siege.game import SiegeState

UNIT = 64
MARGIN = 34
CAPTION = 104
INK = "#2d2a24"

STYLE = """
.siege-board{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
.siege-board text{dominant-baseline:central;text-anchor:middle}
.siege-board .label{font-size:14px;fill:#6b6252}
.siege-board .caption{font-size:19px;fill:#2d2a24}
.siege-board .note{font-size:15px;fill:#5a5346}
.siege-board .piece{pointer-events:none}
.siege-board .mark{fill:none;stroke:none;stroke-width:5}
.siege-board .last{fill:#fff3a8;fill-opacity:.45}
"""
CLICK_STYLE = """
.siege-board .field.clickable{cursor:pointer}
.siege-board .field.clickable .mark{stroke:#f2b200;stroke-dasharray:7 5}
.siege-board .field.clickable:hover .mark,.siege-board .field.hot .mark{stroke:#ff6a00;
stroke-dasharray:none}
.siege-board .field.selected .mark{stroke:#ff6a00;stroke-width:6;stroke-dasharray:none}
"""


def click_path(state: SiegeState, action: int) -> list[str]:
    """The fields a person clicks for `action`: the piece's field, then where it goes."""
    board = state.game.board
    source, target = divmod(action, SPAN)
    return [board.name(source), board.name(target)]


def _corner(field: int, board: Board) -> tuple[float, float]:
    """The top left corner of a field's square."""
    column, row = field % WIDTH, field // WIDTH
    return MARGIN + column * UNIT, MARGIN + (board.rows - row) * UNIT


def _centre(field: int, board: Board) -> tuple[float, float]:
    x, y = _corner(field, board)
    return x + UNIT / 2, y + UNIT / 2


def render_svg(state: SiegeState, *, seat: int | None = None, interactive: bool = False) -> str:
    """The position as a complete `<svg>` (deterministic, scales to its container).

    With `interactive`, every field carries its click token when the viewer `seat` (or, without
    one, whoever is to move) is to move.
    """
    board = state.game.board
    player = state.current_player()
    clickable = interactive and player >= 0 and seat in {None, player}
    width = 2 * MARGIN + WIDTH * UNIT
    board_height = 2 * MARGIN + (board.rows + 1) * UNIT
    height = board_height + CAPTION
    summary = _summary(state, seat)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="siege-board" role="img"'
        f' viewBox="0 0 {width} {height}" aria-label="{escape(f"Belagerung. {summary}")}">',
        f"<style>{STYLE}{CLICK_STYLE if clickable else ''}</style>",
        f'<rect width="{width}" height="{height}" rx="14" fill="#efe6cf"/>',
        *_fields(state, clickable),
        _castle_wall(board),
        *_labels(board),
        *_pieces(state),
        *_caption(state, summary, width, board_height),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def _fields(state: SiegeState, clickable: bool) -> list[str]:
    """Each field's square (the start squares as white dots), with its click token."""
    board = state.game.board
    history = state.history()
    last = set(divmod(history[-1], SPAN)) if history else set()
    parts = []
    for field in board.fields:
        x, y = _corner(field, board)
        name = board.name(field)
        token = f' data-click="{name}"' if clickable else ""
        if board.on_grid(field):
            colour = field_colour(board, field)
            shape = (
                f'<rect x="{x}" y="{y}" width="{UNIT}" height="{UNIT}" fill="{colour}"'
                f' stroke="{INK}" stroke-opacity=".35"/>'
            )
        else:
            cx, cy = _centre(field, board)
            shape = (
                f'<rect x="{x}" y="{y}" width="{UNIT}" height="{UNIT}" fill="#efe6cf"/>'
                f'<circle cx="{cx}" cy="{cy}" r="{UNIT * 0.36}" fill="#ffffff" stroke="{INK}"'
                f' stroke-width="2"/>'
            )
        extra = ""
        if field in last:
            extra += f'<rect class="last" x="{x}" y="{y}" width="{UNIT}" height="{UNIT}"/>'
        if field in board.crowns and state.cells[field] == EMPTY:
            extra += _crown(*_centre(field, board))
        mark = (
            f'<rect class="mark" x="{x + 3}" y="{y + 3}" width="{UNIT - 6}" height="{UNIT - 6}"/>'
        )
        parts.append(f'<g class="field"{token}><title>{name}</title>{shape}{extra}{mark}</g>')
    return parts


def _crown(cx: float, cy: float) -> str:
    """A small crown drawn on an empty crown field."""
    points = [(-14, 8), (-14, -6), (-7, 1), (0, -10), (7, 1), (14, -6), (14, 8)]
    path = " ".join(f"{cx + dx},{cy + dy}" for dx, dy in points)
    return f'<polygon points="{path}" fill="#f7d44c" stroke="#8a6d12" stroke-width="2"/>'


def _castle_wall(board: Board) -> str:
    """A thick wall round the castle fields."""
    xs = [_corner(f, board)[0] for f in board.castle]
    ys = [_corner(f, board)[1] for f in board.castle]
    left, top = min(xs), min(ys)
    width, height = max(xs) + UNIT - left, max(ys) + UNIT - top
    return (
        f'<rect x="{left}" y="{top}" width="{width}" height="{height}" fill="none"'
        f' stroke="{board.colours["wall"]}" stroke-width="6" stroke-dasharray="18 6"/>'
    )


def _labels(board: Board) -> list[str]:
    """Column letters under the grid and row numbers on the left, as in the notation."""
    parts = []
    bottom = MARGIN + (board.rows + 1) * UNIT + MARGIN / 2
    for column, letter in enumerate(board.columns):
        x = MARGIN + column * UNIT + UNIT / 2
        parts.append(f'<text class="label" x="{x}" y="{bottom}">{letter}</text>')
    for row in range(board.rows + 1):
        y = MARGIN + (board.rows - row) * UNIT + UNIT / 2
        parts.append(f'<text class="label" x="{MARGIN / 2}" y="{y}">{row}</text>')
    return parts


def _pieces(state: SiegeState) -> list[str]:
    board = state.game.board
    colours = board.colours
    parts = []
    for field in range(SPAN):
        piece = state.cells[field]
        if piece == EMPTY:
            continue
        cx, cy = _centre(field, board)
        if piece == KNIGHT:
            figure = (
                f'<circle r="24" fill="{colours["knight"]}" stroke="#000" stroke-width="2"/>'
                '<path d="M-9 15L-9 6C-9 -2 -4 -6 0 -8L-3 -14L3 -11C10 -8 14 -1 12 6L7 4L3 7'
                'L6 15Z" fill="#e9e4d8"/>'
            )
        elif piece == SOLDIER:
            figure = (
                f'<circle r="22" fill="{colours["soldier"]}" stroke="#3a0a0c" stroke-width="2"/>'
                '<path d="M0 -16V16M-6 -10L0 -18L6 -10" stroke="#f6efe0" stroke-width="3"'
                ' fill="none" stroke-linecap="round"/>'
            )
        else:
            figure = (
                f'<circle r="25" fill="{colours["lord"]}" stroke="#3a0a0c" stroke-width="2.5"/>'
                '<path d="M-6 16V-16" stroke="#f6efe0" stroke-width="3" stroke-linecap="round"/>'
                f'<path d="M-5 -16L14 -10L-5 -3Z" fill="{colours["flag"]}" stroke="#6b4d00"'
                ' stroke-width="1.5"/>'
            )
        name = {KNIGHT: "knight", SOLDIER: "soldier", LORD: "lord"}[piece]
        parts.append(
            f'<g class="piece {name}" transform="translate({cx} {cy})">'
            f"<title>{name} on {board.name(field)}</title>{figure}</g>"
        )
    return parts


def _side(seat: int, viewer: int | None) -> str:
    return SIDES[seat] + (" (you)" if seat == viewer else "")


def _summary(state: SiegeState, viewer: int | None) -> str:
    """Whose turn or the result, in words: the caption and the aria-label."""
    position = state.to_json()
    result = position["result"]
    if result is not None:
        winner = result["winner"]
        if winner is None:
            return f"Game over: draw, {result['reason']}"
        return f"Game over: the {_side(SIDES.index(winner), viewer)} wins, {result['reason']}"
    turn = SIDES.index(position["turn"])
    return f"The {_side(turn, viewer)} to move"


def _caption(state: SiegeState, summary: str, width: int, top: int) -> list[str]:
    """Whose turn under the board, the pieces left, and the opening while it lasts."""
    position = state.to_json()
    lord = position["lord"] or "captured"
    note = (
        f"Knights: {len(position['knights'])} · Soldiers: {len(position['soldiers'])}"
        f" · Lord: {lord} · Moves without capture: {position['quiet']}"
    )
    middle = width / 2
    parts = [
        f'<text class="caption" x="{middle}" y="{top + 14}">{escape(summary)}</text>',
        f'<text class="note" x="{middle}" y="{top + 46}">{escape(note)}</text>',
    ]
    opening = position["opening"]
    if opening["moves"] < 4 and opening["unmoved"] and position["result"] is None:
        rule = f"Opening: the defender's move {opening['moves'] + 1} of 4 must open the castle"
        parts.append(f'<text class="note" x="{middle}" y="{top + 72}">{escape(rule)}</text>')
    return parts


DOCS_POSITIONS: dict[str, JSON] = {
    "siege-board.svg": {
        "game": "siege",
        "knights": ["b0", "d0", "e0", "g0"],
        "soldiers": ["d4", "e4", "d5", "e5"],
        "lord": "d6",
        "opening": {"moves": 0, "unmoved": ["d4", "d5", "e4", "e5"]},
    },
    "siege-midgame.svg": {
        "game": "siege",
        "turn": "defender",
        "knights": ["a4", "c2", "e5", "g3"],
        "soldiers": ["c5", "d3", "f4"],
        "lord": "e6",
    },
}
"""The positions pictured on the rules page: the start, and a game in progress."""


def docs_pictures() -> dict[str, str]:
    """File name -> SVG of each picture on the rules page `docs/games/siege.md`."""
    from ludoteca.games.siege.game import SiegeGame, SiegeState

    game = SiegeGame()
    pictures = {}
    for name, position in DOCS_POSITIONS.items():
        state = game.state_from_json(position)
        assert isinstance(state, SiegeState)
        pictures[name] = render_svg(state)
    return pictures


def write_docs_pictures(folder: str | Path) -> list[Path]:
    """Write the rules page's pictures into `folder` (normally `docs/games`)."""
    return write_pictures(docs_pictures(), folder)
