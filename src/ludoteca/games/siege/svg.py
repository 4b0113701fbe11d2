"""Belagerung as SVG: the board of `board.json` for the web and the docs.

Row 6 (the defender's side, with the castle) is at the top, the knights' start squares (the
white dots) below row 1; the defender's own view is turned, castle at the bottom. A move is
chosen by two clicks: the piece's field, then the field it goes to (`click_path` gives
`["d4", "c3"]`). In the interactive board every field is a
`<g class="field" data-click="NAME">`; the web page marks fields `clickable` / `selected`.
Spectator boards carry no click tokens. All CSS is scoped under the root class `siege-board`
and no ids are used, so several boards can share a page.

Every field carries `data-spot="NAME"` and every piece `data-piece` (`knight-b0`: its kind and
the field it started on, followed through the game's moves), so the table can mark and animate
them; `move_mark(before, action)` names a move's fields and `render_svg(..., last_moves=...)`
outlines them: dashed where the piece left, solid where it arrived, a cross on a capture.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from ludoteca.core.api import JSON
from ludoteca.core.marks import MoveMark, Role
from ludoteca.games.siege.board import WIDTH, Board
from ludoteca.games.siege.describe import end_reason, player_name
from ludoteca.games.siege.game import (
    DEFENDER,
    EMPTY,
    KNIGHT,
    LORD,
    SOLDIER,
    SPAN,
    SiegeGame,
    SiegeState,
)
from ludoteca.games.siege.text import field_colour
from ludoteca.i18n import _
from ludoteca.rulebook import in_every_language, write_pictures

UNIT = 64
MARGIN = 34
LINE = 28
"""The height of one caption line under the board."""
WRAP = 46
"""Characters per caption line: at 390 px wide a line of 17 px letters still fits."""
INK = "#2d2a24"
KINDS = {KNIGHT: "knight", SOLDIER: "soldier", LORD: "lord"}

STYLE = """
.siege-board{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
.siege-board text{dominant-baseline:central;text-anchor:middle}
.siege-board .label{font-size:17px;fill:#5f5748}
.siege-board .caption{font-size:22px;fill:#2d2a24}
.siege-board .note{font-size:17px;fill:#4f483c}
.siege-board .piece{pointer-events:none}
.siege-board .mark{fill:none;stroke:none;stroke-width:5}
.siege-board .last-move{fill:none;pointer-events:none}
.siege-board .last-tint{fill:#fff3a8;fill-opacity:.5;pointer-events:none}
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


def move_mark(before: SiegeState, action: int) -> MoveMark:
    """The fields `action` touched at `before`: where the piece left and arrived, a capture."""
    board = before.game.board
    source, target = divmod(action, SPAN)
    spots: list[tuple[Role, str]] = [("from", board.name(source)), ("to", board.name(target))]
    if before.cells[target] != EMPTY:
        spots.append(("capture", board.name(target)))
    return MoveMark(before.current_player(), tuple(spots))


def piece_ids(state: SiegeState) -> dict[int, str]:
    """Field -> `data-piece` of the piece on it: its kind and start field, or where it stands
    for a position set up without the moves that led to it."""
    game = state.game
    board = game.board
    ids = {f: f"knight-{board.name(f)}" for f in board.knight_starts}
    ids |= {f: f"soldier-{board.name(f)}" for f in board.soldier_starts}
    ids[game.lord_start] = "lord"
    for action in state.history():
        source, target = divmod(action, SPAN)
        if source not in ids:
            break
        ids[target] = ids.pop(source)
    kinds = {f: KINDS[piece] for f, piece in enumerate(state.cells) if piece != EMPTY}
    if {f: ids.get(f, "").split("-")[0] for f in kinds} == kinds:
        return ids
    return {f: kind if kind == "lord" else f"{kind}-{board.name(f)}" for f, kind in kinds.items()}


def _corner(field: int, board: Board, turned: bool) -> tuple[float, float]:
    """The top left corner of a field's square; `turned`: seen from the castle's side."""
    column, row = field % WIDTH, field // WIDTH
    if turned:
        return MARGIN + (WIDTH - 1 - column) * UNIT, MARGIN + row * UNIT
    return MARGIN + column * UNIT, MARGIN + (board.rows - row) * UNIT


def _centre(field: int, board: Board, turned: bool) -> tuple[float, float]:
    x, y = _corner(field, board, turned)
    return x + UNIT / 2, y + UNIT / 2


def render_svg(
    state: SiegeState,
    *,
    seat: int | None = None,
    interactive: bool = False,
    last_moves: Sequence[MoveMark] = (),
) -> str:
    """The position as a complete `<svg>` (deterministic, scales to its container).

    With `interactive`, every field carries its click token when the viewer `seat` (or, without
    one, whoever is to move) is to move. The defender's seat sees the board turned, its castle
    at the bottom, as from its side of the table. `last_moves` are outlined in the mover's colour;
    without them the last move of the game's history is.
    """
    board = state.game.board
    turned = seat == DEFENDER
    player = state.current_player()
    clickable = interactive and player >= 0 and seat in {None, player}
    width = 2 * MARGIN + WIDTH * UNIT
    board_height = 2 * MARGIN + (board.rows + 1) * UNIT
    summary = _summary(state, seat)
    lines = _caption_lines(state, summary)
    height = board_height + LINE * (len(lines) + 1)
    marks = list(last_moves) or _last_of_history(state)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="siege-board" role="img"'
        f' viewBox="0 0 {width} {height}" aria-label="{escape(f"Belagerung. {summary}")}">',
        f"<style>{STYLE}{CLICK_STYLE if clickable else ''}</style>",
        f'<rect width="{width}" height="{height}" rx="14" fill="#efe6cf"/>',
        *_fields(state, clickable, turned),
        _castle_wall(board, turned),
        *_labels(board, turned),
        *_marks(board, marks, turned, over=False),
        *_pieces(state, turned),
        *_marks(board, marks, turned, over=True),
        *_caption(lines, width, board_height),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def _last_of_history(state: SiegeState) -> list[MoveMark]:
    history = state.history()
    if not history:
        return []
    board = state.game.board
    source, target = divmod(history[-1], SPAN)
    seat = (len(history) - 1) % 2
    return [MoveMark(seat, (("from", board.name(source)), ("to", board.name(target))))]


def _fields(state: SiegeState, clickable: bool, turned: bool) -> list[str]:
    """Each field's square (the start squares as white dots), with its name as `data-spot`."""
    board = state.game.board
    parts = []
    for field in board.fields:
        x, y = _corner(field, board, turned)
        name = board.name(field)
        token = f' data-click="{name}"' if clickable else ""
        if board.on_grid(field):
            colour = field_colour(board, field)
            shape = (
                f'<rect x="{x}" y="{y}" width="{UNIT}" height="{UNIT}" fill="{colour}"'
                f' stroke="{INK}" stroke-opacity=".35"/>'
            )
        else:
            cx, cy = _centre(field, board, turned)
            shape = (
                f'<rect x="{x}" y="{y}" width="{UNIT}" height="{UNIT}" fill="#efe6cf"/>'
                f'<circle cx="{cx}" cy="{cy}" r="{UNIT * 0.36}" fill="#ffffff" stroke="{INK}"'
                f' stroke-width="2"/>'
            )
        extra = ""
        if field in board.crowns and state.cells[field] == EMPTY:
            extra += _crown(*_centre(field, board, turned))
        mark = (
            f'<rect class="mark" x="{x + 3}" y="{y + 3}" width="{UNIT - 6}" height="{UNIT - 6}"/>'
        )
        piece = state.cells[field]
        title = escape(name if piece == EMPTY else _piece_title(piece, name))
        parts.append(
            f'<g class="field" data-spot="{name}"{token}><title>{title}</title>{shape}{extra}'
            f"{mark}</g>"
        )
    return parts


def _marks(board: Board, marks: Sequence[MoveMark], turned: bool, *, over: bool) -> list[str]:
    """Under the pieces, a tint with a dashed (from) or solid (to) frame in the mover's
    colour; over them, a cross in a white disc at the corner of a capture."""
    colours = board.colours
    parts = []
    for mark in marks:
        ink = colours["knight"] if mark.seat == 0 else colours["soldier"]
        for role, token in mark.spots:
            try:
                field = board.field(token)
            except ValueError:
                continue
            x, y = _corner(field, board, turned)
            attrs = f'class="last-move" data-last-move="{role}" data-on="{token}"'
            if role == "capture" and over:
                parts.append(
                    f'<g {attrs} transform="translate({x + UNIT - 13} {y + 13})">'
                    f'<circle r="11" fill="#fff" stroke="{ink}" stroke-width="2.5"/>'
                    f'<path d="M-5-5L5 5M5-5L-5 5" stroke="{ink}" stroke-width="3"'
                    ' stroke-linecap="round"/></g>'
                )
            elif role in ("from", "to") and not over:
                dash = ' stroke-dasharray="8 6"' if role == "from" else ""
                parts.append(
                    f'<rect class="last-tint" x="{x}" y="{y}" width="{UNIT}" height="{UNIT}"/>'
                    f'<rect {attrs} x="{x + 4}" y="{y + 4}" width="{UNIT - 8}"'
                    f' height="{UNIT - 8}" stroke="{ink}" stroke-width="4"{dash}/>'
                )
    return parts


def _piece_title(piece: int, field: str) -> str:
    """A piece and its field in words ("knight on d4"), for tooltips and screen readers."""
    titles = {
        KNIGHT: _("knight on {field}"),
        SOLDIER: _("soldier on {field}"),
        LORD: _("lord on {field}"),
    }
    return titles[piece].format(field=field)


def _crown(cx: float, cy: float) -> str:
    """A small crown drawn on an empty crown field."""
    points = [(-14, 8), (-14, -6), (-7, 1), (0, -10), (7, 1), (14, -6), (14, 8)]
    path = " ".join(f"{cx + dx},{cy + dy}" for dx, dy in points)
    return f'<polygon points="{path}" fill="#f7d44c" stroke="#8a6d12" stroke-width="2"/>'


def _castle_wall(board: Board, turned: bool) -> str:
    """A thick wall round the castle fields."""
    xs = [_corner(f, board, turned)[0] for f in board.castle]
    ys = [_corner(f, board, turned)[1] for f in board.castle]
    left, top = min(xs), min(ys)
    width, height = max(xs) + UNIT - left, max(ys) + UNIT - top
    return (
        f'<rect x="{left}" y="{top}" width="{width}" height="{height}" fill="none"'
        f' stroke="{board.colours["wall"]}" stroke-width="6" stroke-dasharray="18 6"/>'
    )


def _labels(board: Board, turned: bool) -> list[str]:
    """Column letters under the grid and row numbers on the left, as in the notation."""
    parts = []
    bottom = MARGIN + (board.rows + 1) * UNIT + MARGIN / 2
    for column, letter in enumerate(board.columns):
        x = MARGIN + ((WIDTH - 1 - column) if turned else column) * UNIT + UNIT / 2
        parts.append(f'<text class="label" x="{x}" y="{bottom}">{letter}</text>')
    for row in range(board.rows + 1):
        y = MARGIN + (row if turned else board.rows - row) * UNIT + UNIT / 2
        parts.append(f'<text class="label" x="{MARGIN / 2}" y="{y}">{row}</text>')
    return parts


def _pieces(state: SiegeState, turned: bool) -> list[str]:
    board = state.game.board
    colours = board.colours
    ids = piece_ids(state)
    parts = []
    for field in range(SPAN):
        piece = state.cells[field]
        if piece == EMPTY:
            continue
        cx, cy = _centre(field, board, turned)
        if piece == KNIGHT:
            figure = (
                f'<circle r="26" fill="{colours["knight"]}" stroke="#000" stroke-width="2"/>'
                '<path d="M-10 16L-10 6C-10 -2 -4 -7 0 -9L-3 -15L3 -12C11 -9 15 -1 13 7L8 4L3 8'
                'L7 16Z" fill="#e9e4d8"/>'
            )
        elif piece == SOLDIER:
            figure = (
                f'<circle r="24" fill="{colours["soldier"]}" stroke="#3a0a0c" stroke-width="2"/>'
                '<path d="M0 -17V17M-7 -10L0 -19L7 -10" stroke="#f6efe0" stroke-width="3.5"'
                ' fill="none" stroke-linecap="round"/>'
            )
        else:
            figure = (
                f'<circle r="27" fill="{colours["lord"]}" stroke="#f2c230" stroke-width="3.5"/>'
                '<path d="M-6 17V-17" stroke="#f6efe0" stroke-width="3.5" stroke-linecap="round"/>'
                f'<path d="M-5 -17L15 -10L-5 -2Z" fill="{colours["flag"]}" stroke="#6b4d00"'
                ' stroke-width="1.5"/>'
            )
        kind = KINDS[piece]
        title = escape(_piece_title(piece, board.name(field)))
        parts.append(
            f'<g class="piece {kind}" data-piece="{ids[field]}" transform="translate({cx} {cy})">'
            f"<title>{title}</title>{figure}</g>"
        )
    return parts


def _side(state: SiegeState, seat: int, viewer: int | None) -> str:
    name = player_name(state.game, seat)
    return _("{name} (you)").format(name=name) if seat == viewer else name


def _summary(state: SiegeState, viewer: int | None) -> str:
    """Whose turn or the result, in words: the caption and the aria-label."""
    if state.is_terminal():
        if state.winner is None:
            return _("Game over: a draw, {reason}").format(reason=end_reason(state))
        return _("Game over: {name} wins, {reason}").format(
            name=_side(state, state.winner, viewer), reason=end_reason(state)
        )
    return _("{name} to move").format(name=_side(state, state.turn, viewer))


def _caption_lines(state: SiegeState, summary: str) -> list[tuple[str, str]]:
    """(class, text) of each line under the board: whose turn, the pieces left, the opening."""
    position = state.position_json()
    lord = position["lord"]
    pieces = _("Knights: {knights} · Soldiers: {soldiers} · Lord: {lord}").format(
        knights=len(position["knights"]),
        soldiers=len(position["soldiers"]),
        lord=lord or _("captured"),
    )
    notes = [pieces, _("Moves without a capture: {n}").format(n=position["quiet"])]
    opening = position["opening"]
    if opening["moves"] < 4 and opening["unmoved"] and position["result"] is None:
        notes.append(
            _("Opening: the defender's move {n} of 4 must open the castle").format(
                n=opening["moves"] + 1
            )
        )
    lines = [("caption", line) for line in _wrap(summary, WRAP * 17 // 22)]
    return lines + [("note", line) for note in notes for line in _wrap(note, WRAP)]


def _wrap(text: str, limit: int) -> list[str]:
    """Greedy line breaks at spaces, so no line runs past the board's width."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= limit:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _caption(lines: list[tuple[str, str]], width: int, top: int) -> list[str]:
    middle = width / 2
    return [
        f'<text class="{kind}" x="{middle}" y="{top + 8 + LINE * i}">{escape(text)}</text>'
        for i, (kind, text) in enumerate(lines)
    ]


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


def _docs_pictures() -> dict[str, str]:
    """File name -> SVG of each picture on the rules page `docs/games/siege.md`."""
    game = SiegeGame()
    pictures = {}
    for name, position in DOCS_POSITIONS.items():
        state = game.state_from_json(position)
        assert isinstance(state, SiegeState)
        pictures[name] = render_svg(state)
    return pictures


def docs_pictures() -> dict[str, str]:
    """File name -> SVG of each picture of the rules pages, in each page's language
    (`siege-board.svg`, `siege-board.nl.svg`, `siege-board.de.svg`)."""
    return in_every_language(_docs_pictures)


def write_docs_pictures(folder: str | Path) -> list[Path]:
    """Write the rules page's pictures into `folder` (normally `docs/games`)."""
    return write_pictures(docs_pictures(), folder)
