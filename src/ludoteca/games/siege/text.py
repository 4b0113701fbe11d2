"""Belagerung in text: the plain board behind `str(state)` and a coloured Rich board.

Both draw the grid of `board.json` row 6 (the defender's side) at the top, three characters a
field. Pieces: N knight, S soldier, L lord. Empty fields: `.` land, `~` moat, `#` castle, `^`
crown field, `o` a knight's start square.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text

from ludoteca.games.siege.board import WIDTH, Board
from ludoteca.games.siege.describe import end_reason, player_name
from ludoteca.games.siege.game import EMPTY, LETTERS, SPAN
from ludoteca.i18n import _

if TYPE_CHECKING:
    from ludoteca.games.siege.game import SiegeState


def key() -> str:
    """What the letters and signs on the board mean."""
    return _("N knight  S soldier  L lord  . land  ~ moat  # castle  ^ crown field  o start")


def ground(board: Board, field: int) -> str:
    """What an empty field is: start, crown, castle, moat or land."""
    if not board.on_grid(field):
        return "start"
    if field in board.crowns:
        return "crown"
    if field in board.castle:
        return "castle"
    return "moat" if field in board.moat else "land"


_EMPTY_GLYPH = {"start": "o", "crown": "^", "castle": "#", "moat": "~", "land": "."}


def _glyph(state: SiegeState, field: int) -> str:
    piece = state.cells[field]
    return LETTERS[piece] if piece != EMPTY else _EMPTY_GLYPH[ground(state.game.board, field)]


def _column_line(board: Board) -> str:
    return ("   " + "".join(f" {c} " for c in board.columns)).rstrip()


def status_line(state: SiegeState) -> str:
    """Whose turn or the result, the opening and the count of moves without a capture."""
    position = state.position_json()
    if state.is_terminal():
        if state.winner is None:
            return _("Game over: a draw, {reason}").format(reason=end_reason(state))
        return _("Game over: {name} wins, {reason}").format(
            name=player_name(state.game, state.winner), reason=end_reason(state)
        )
    parts = [_("Turn: {name}").format(name=player_name(state.game, state.turn))]
    opening = position["opening"]
    if opening["moves"] < 4 and opening["unmoved"]:
        parts.append(
            _("Opening: the defender's move {n} of 4 must open the castle").format(
                n=opening["moves"] + 1
            )
        )
    parts.append(_("Moves without a capture: {n}").format(n=position["quiet"]))
    return "   ".join(parts)


def pieces_line(state: SiegeState) -> str:
    position = state.position_json()
    return _("Knights: {knights}   Soldiers: {soldiers}   Lord: {lord}").format(
        knights=len(position["knights"]),
        soldiers=len(position["soldiers"]),
        lord=position["lord"] or _("captured"),
    )


def render_text(state: SiegeState) -> str:
    """The board in plain text, then the key and the status lines."""
    board = state.game.board
    lines = []
    for row in range(board.rows, -1, -1):
        cells = []
        for column in range(WIDTH):
            field = row * WIDTH + column
            cells.append(f" {_glyph(state, field)} " if field in board.fields else "   ")
        lines.append(f"{row:>2} " + "".join(cells).rstrip())
    lines += [_column_line(board), "", key(), pieces_line(state), status_line(state)]
    return "\n".join(lines)


def side_label(state: SiegeState) -> str:
    """The side to act: "Attacker" or "Defender"."""
    return player_name(state.game, state.turn)


# -- Rich ------------------------------------------------------------------------------------------
def field_colour(board: Board, field: int) -> str:
    """The colour of an empty field (land and castle chequered), shared with the SVG."""
    kind = ground(board, field)
    colours = board.colours
    dark = (field % WIDTH + field // WIDTH) % 2 == 0
    if kind == "land":
        return colours["field_dark" if dark else "field"]
    if kind == "castle":
        return colours["castle_dark" if dark else "castle"]
    return colours[{"start": "start", "crown": "crown", "moat": "moat"}[kind]]


def _labels(marks: Mapping[int, str]) -> dict[int, str]:
    """A mark is drawn on the field a move reaches when only one marked move reaches it."""
    by_target: dict[int, list[str]] = {}
    for action, label in marks.items():
        by_target.setdefault(action % SPAN, []).append(label)
    return {field: labels[0] for field, labels in by_target.items() if len(labels) == 1}


def render_rich(state: SiegeState, marks: Mapping[int, str] | None = None) -> RenderableType:
    """The board in colour; `marks` (action -> label) are drawn on the fields moves reach."""
    board = state.game.board
    labels = _labels(marks or {})
    movers = {action // SPAN for action in (marks or {})}
    colours = board.colours
    text = Text(no_wrap=True)
    for row in range(board.rows, -1, -1):
        text.append(f"{row:>2} ", Style(dim=True))
        for column in range(WIDTH):
            field = row * WIDTH + column
            if field not in board.fields:
                text.append("   ")
                continue
            piece = state.cells[field]
            back = field_colour(board, field)
            if field in labels:
                text.append(f"{labels[field]:^3.3}", Style(color="black", bgcolor="#fff7c2"))
            elif piece != EMPTY:
                ink = colours["knight"] if LETTERS[piece] == "N" else colours["soldier"]
                bold = Style(color=ink, bgcolor=back, bold=True, underline=field in movers)
                text.append(f" {LETTERS[piece]} ", bold)
            else:
                glyph = _glyph(state, field) if ground(board, field) != "land" else " "
                text.append(f" {glyph} ", Style(color="#3b3226", bgcolor=back))
        text.append("\n")
    text.append(_column_line(board), Style(dim=True))
    lines = [Text(pieces_line(state)), Text(status_line(state)), Text(key())]
    if not state.is_terminal():
        lines.insert(0, Text(_("{name} to move").format(name=side_label(state)), style="bold"))
    return Group(text, Text(""), *lines)
