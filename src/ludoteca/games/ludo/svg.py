"""Mens erger je niet as SVG: the board of the box, drawn from `board.json`, for the web and docs.

`render_svg(state, interactive=True)` is the contract with the web app: each pawn a legal move
moves is a `<g class="pawn movable" data-action="<id>">` with the move's notation as `<title>`,
and each move's landing circle is marked by one `<circle class="target" data-target-of="<id>">`.
The browser sends back the clicked `data-action`; it may add the class `hot` to a target to
highlight it (e.g. while the pawn that lands there is hovered). All CSS is scoped under the root
class `ludo-board`, and the SVG uses no ids, so several boards can share one HTML page.
"""

from __future__ import annotations

import math
import re
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ludoteca.core.api import JSON
from ludoteca.games.ludo.board import Board, Point
from ludoteca.games.ludo.text import (
    GOALS,
    PIPS,
    Spot,
    action_spot,
    mix,
    mover,
    pawn_spots,
    spot_point,
)
from ludoteca.rulebook import write_pictures

if TYPE_CHECKING:
    from ludoteca.games.ludo.game import LudoState

UNIT = 50
"""Pixels (user units) per board unit, the distance between neighbouring circles."""
CIRCLE = 0.4 * UNIT
GOAL_CIRCLE = 0.36 * UNIT
MARGIN = 1.1
CAPTION = 0.85
LEGEND_ROW = 0.55
LEGEND_CHAR = 8.4
"""A generous estimate of one legend character's width, to lay the legend out in rows."""
DIE = 0.78 * UNIT
UNUSED = "#b8b4ac"
BOARD = "#f7ecd0"
INK = "#3b3226"

PAWN = "M-13 14C-13 7-8 4-5-2A8.5 8.5 0 1 1 5-2C8 4 13 7 13 14Q0 19-13 14Z"
"""A pawn (pion) seen from the side, about 34 units high, standing on the circle's centre."""

STYLE = """
.ludo-board{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
.ludo-board text{dominant-baseline:central;text-anchor:middle}
.ludo-board .num{font-size:13px;fill:#a39a88}
.ludo-board .entry .num{fill:#fff;font-weight:700}
.ludo-board .goal text{font-size:13px;font-weight:700}
.ludo-board .caption{font-size:18px;fill:#3b3226}
.ludo-board .legend text{font-size:15px;fill:#3b3226;text-anchor:start}
.ludo-board .pawn{pointer-events:none}
"""
MOVE_STYLE = """
.ludo-board .movable{pointer-events:all;cursor:pointer}
.ludo-board .halo{fill:#fff7c2;stroke:#f2b200;stroke-width:4}
.ludo-board .movable .figure{transition:transform .12s}
.ludo-board .movable:hover .figure,.ludo-board .movable:focus .figure{transform:translateY(-4px)}
.ludo-board .movable:hover .halo,.ludo-board .movable:focus .halo{stroke:#ff6a00;stroke-width:6}
.ludo-board .target{fill:#ffe45c;fill-opacity:.35;stroke:#f2b200;stroke-width:3;
stroke-dasharray:6 4;cursor:pointer}
.ludo-board .target:hover,.ludo-board .target.hot{fill-opacity:.85;stroke:#ff6a00}
@media (prefers-reduced-motion:no-preference){
.ludo-board .halo{animation:ludo-pulse 1.4s ease-in-out infinite}
@keyframes ludo-pulse{50%{stroke-opacity:.35}}}
"""


def render_svg(state: LudoState, *, seat: int | None = None, interactive: bool = False) -> str:
    """The position as a complete `<svg>` document fragment (deterministic, no fixed size).

    `seat` is the viewer: its colours are marked "you" and, with `interactive`, moves are only
    offered when that seat is to move. Without `seat`, an interactive board offers the moves of
    whoever is to move.
    """
    game = state.game
    board = game.board
    player = state.current_player()
    offered = interactive and player >= 0 and seat in {None, player}
    moves = state.legal_actions() if offered else []
    points = [spot_point(board, spot) for spot in _spots(board)]
    left = min(x for x, _ in points) - MARGIN
    right = max(x for x, _ in points) + MARGIN
    top = min(y for _, y in points) - MARGIN
    bottom = max(y for _, y in points) + MARGIN
    legend_rows = _legend_rows(state, seat, (right - left) * UNIT)
    caption = CAPTION + LEGEND_ROW * legend_rows
    width, height = (right - left) * UNIT, (bottom - top + caption) * UNIT
    in_play = set(game.colours)
    paint = {
        c: board.colour_hex[board.colours[c]] if c in in_play else UNUSED for c in range(board.size)
    }
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="ludo-board" role="img"'
        f' viewBox="{_n(left * UNIT)} {_n(top * UNIT)} {_n(width)} {_n(height)}"'
        f' aria-label="{escape(f"{game.title}. {_summary(state, seat)}")}">',
        f"<style>{STYLE}{MOVE_STYLE if moves else ''}</style>",
        f'<rect x="{_n(left * UNIT)}" y="{_n(top * UNIT)}" width="{_n(width)}"'
        f' height="{_n(height)}" rx="{_n(0.45 * UNIT)}" fill="{BOARD}"/>',
        f'<rect x="{_n(left * UNIT + 6)}" y="{_n(top * UNIT + 6)}" width="{_n(width - 12)}"'
        f' height="{_n((bottom - top) * UNIT - 12)}" rx="{_n(0.35 * UNIT)}" fill="none"'
        f' stroke="{INK}" stroke-width="3"/>',
        *_reserve_patches(state, paint),
        *_lines(board),
        *_circles(board, paint),
        *_targets(state, moves),
        *_pawns(state, paint, moves),
        *_die(state, paint),
        *_caption(state, seat, paint, left, right, bottom),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def _spots(board: Board) -> list[Spot]:
    spots = [Spot("track", i) for i in range(board.track_length)]
    for colour in range(board.size):
        spots += [Spot("goal", i, colour) for i in range(4)]
        spots += [Spot("reserve", i, colour) for i in range(4)]
    return spots


def _n(value: float) -> str:
    """A coordinate with at most one decimal, so the output is short and stable."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


def _xy(point: Point) -> tuple[str, str]:
    return _n(point[0] * UNIT), _n(point[1] * UNIT)


def _reserve_patches(state: LudoState, paint: dict[int, str]) -> list[str]:
    """A tinted disc behind each colour's reserve ("verzameling"); the mover's is outlined."""
    board = state.game.board
    to_move = not state.is_terminal() and state.to_json()["phase"] != "start"
    parts = []
    for colour, circles in enumerate(board.reserve):
        cx = sum(x for x, _ in circles) / 4
        cy = sum(y for _, y in circles) / 4
        radius = max(math.dist((cx, cy), p) for p in circles) + 0.58
        active = to_move and colour == mover(state)
        stroke = paint[colour] if active else mix(paint[colour], BOARD, 0.4)
        parts.append(
            f'<circle cx="{_n(cx * UNIT)}" cy="{_n(cy * UNIT)}" r="{_n(radius * UNIT)}"'
            f' fill="{mix(paint[colour], BOARD, 0.78)}" stroke="{stroke}"'
            f' stroke-width="{6 if active else 2}"/>'
        )
    return parts


def _lines(board: Board) -> list[str]:
    """The drawn path joining the track circles, each goal line, and an arrow after every A."""
    track = " ".join(",".join(_xy(p)) for p in board.track)
    parts = [f'<polygon points="{track}" fill="none" stroke="{INK}" stroke-width="3"/>']
    length = board.track_length
    for colour, goal in enumerate(board.goal):
        before = board.track[(board.entry(colour) - 1) % length]
        line = " ".join(",".join(_xy(p)) for p in (before, *goal))
        parts.append(f'<polyline points="{line}" fill="none" stroke="{INK}" stroke-width="3"/>')
    for colour in range(board.size):
        entry = board.entry(colour)
        parts.append(_arrow(board.track[entry], board.track[(entry + 1) % length]))
    return parts


def _arrow(start: Point, end: Point) -> str:
    """A small arrowhead on the line between two circles, pointing the way pawns walk."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    mx, my = (start[0] + end[0]) / 2 * UNIT, (start[1] + end[1]) / 2 * UNIT
    size = 7.0
    tip = (mx + ux * size, my + uy * size)
    back = (mx - ux * size * 0.6, my - uy * size * 0.6)
    side = (-uy * size, ux * size)
    corners = (tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1]))
    points = " ".join(f"{_n(x)},{_n(y)}" for x, y in corners)
    return f'<polygon points="{points}" fill="{INK}"/>'


def _circles(board: Board, paint: dict[int, str]) -> list[str]:
    """White track circles numbered for the notation, coloured A circles, goals and reserves."""
    entries = {board.entry(c): c for c in range(board.size)}
    parts = []
    for index, point in enumerate(board.track):
        x, y = _xy(point)
        colour = entries.get(index)
        fill = "#ffffff" if colour is None else paint[colour]
        kind = "track" if colour is None else "entry"
        parts.append(
            f'<g class="{kind}"><circle cx="{x}" cy="{y}" r="{_n(CIRCLE)}" fill="{fill}"'
            f' stroke="{INK}" stroke-width="2.5"/>'
            f'<text class="num" x="{x}" y="{y}">{index}</text></g>'
        )
    for colour, goal in enumerate(board.goal):
        ink = mix(paint[colour], "#000000", 0.35)
        for name, point in zip(GOALS, goal, strict=True):
            x, y = _xy(point)
            parts.append(
                f'<g class="goal"><circle cx="{x}" cy="{y}" r="{_n(GOAL_CIRCLE)}"'
                f' fill="{mix(paint[colour], "#ffffff", 0.45)}" stroke="{ink}" stroke-width="2.5"/>'
                f'<text x="{x}" y="{y}" fill="{ink}">{name}</text></g>'
            )
    for colour, reserve in enumerate(board.reserve):
        for point in reserve:
            x, y = _xy(point)
            parts.append(
                f'<circle cx="{x}" cy="{y}" r="{_n(CIRCLE)}"'
                f' fill="{mix(paint[colour], "#ffffff", 0.55)}"'
                f' stroke="{mix(paint[colour], "#000000", 0.3)}" stroke-width="2"/>'
            )
    return parts


_MOVE = re.compile(r"^(?:R|[a-d]|\d+)[-x](?P<to>[a-d]|\d+)$")


def _landing(state: LudoState, action: int) -> Spot:
    """Where a legal move lands, read from its notation (`12-17`, `38-b`, `Rx10`)."""
    match = _MOVE.match(state.action_to_string(action))
    if match is None:
        raise ValueError(f"{state.action_to_string(action)!r} names no landing circle")
    to = match["to"]
    if to in GOALS:
        return Spot("goal", GOALS.index(to), mover(state))
    return Spot("track", int(to))


def _targets(state: LudoState, moves: list[int]) -> list[str]:
    """One dashed ring per legal move on its landing circle, under the pawns."""
    parts = []
    board = state.game.board
    for action in moves:
        x, y = _xy(spot_point(board, _landing(state, action)))
        parts.append(
            f'<circle class="target" data-target-of="{action}" cx="{x}" cy="{y}"'
            f' r="{_n(CIRCLE + 4)}"><title>{escape(state.action_to_string(action))}</title>'
            f"</circle>"
        )
    return parts


def _pawns(state: LudoState, paint: dict[int, str], moves: list[int]) -> list[str]:
    board = state.game.board
    movers = {action_spot(state, action): action for action in moves}
    parts = []
    for spot, colour in pawn_spots(state):
        x, y = _xy(spot_point(board, spot))
        action = movers.get(spot)
        fill = paint[colour]
        figure = (
            f'<g class="figure"><ellipse cx="0" cy="15" rx="14" ry="4" fill="#000"'
            f' fill-opacity=".22"/><path d="{PAWN}" fill="{fill}" stroke="#1c1a17"'
            f' stroke-width="1.8" stroke-linejoin="round"/><ellipse cx="-3" cy="-11" rx="2.6"'
            f' ry="3.3" fill="#fff" fill-opacity=".55"/><path d="M-8 11Q-6 4-2 0" fill="none"'
            f' stroke="#fff" stroke-opacity=".35" stroke-width="2.2" stroke-linecap="round"/></g>'
        )
        if action is None:
            parts.append(f'<g class="pawn" transform="translate({x} {y})">{figure}</g>')
            continue
        notation = escape(state.action_to_string(action))
        parts.append(
            f'<g class="pawn movable" data-action="{action}" transform="translate({x} {y})">'
            f'<title>{notation}</title><circle class="halo" r="{_n(CIRCLE + 3)}"/>{figure}</g>'
        )
    return parts


def _die(state: LudoState, paint: dict[int, str]) -> list[str]:
    """The die in the centre, edged in the mover's colour, showing the face just rolled."""
    position = state.to_json()
    if position["phase"] in {"start", "over"}:
        return []
    die = (position["die"] or 0) if position["phase"] == "move" else 0  # blank: still to roll
    edge = paint[mover(state)]
    half = DIE / 2
    unrolled = "" if die else ' fill-opacity=".6" stroke-dasharray="5 4"'
    parts = [
        f'<g class="die"><rect x="{_n(-half)}" y="{_n(-half)}" width="{_n(DIE)}"'
        f' height="{_n(DIE)}" rx="7" fill="#fffdf7" stroke="{edge}" stroke-width="3.5"'
        f"{unrolled}/>"
    ]
    step = DIE * 0.29
    for column, row in PIPS.get(die, ()):
        parts.append(
            f'<circle cx="{_n((column - 1) * step)}" cy="{_n((row - 1) * step)}" r="3.6"'
            f' fill="#1c1a17"/>'
        )
    parts.append("</g>")
    return parts


def _seat_name(seat: int, viewer: int | None) -> str:
    return f"seat {seat}" + (" (you)" if seat == viewer else "")


def _summary(state: LudoState, viewer: int | None) -> str:
    """Whose turn and the die in words: the caption and the SVG's aria-label."""
    position = state.to_json()
    game = state.game
    phase = position["phase"]
    if phase == "over":
        order = position["finished"]
        if len(order) > 1 and game.play_out:
            ranking = ", ".join(_seat_name(s, viewer) for s in order)
            return f"Game over. Ranking: {ranking}"
        return f"Game over: {_seat_name(order[0], viewer)} wins"
    if phase == "start":
        return "Drawing the seat that begins"
    colour = mover(state)
    who = f"{position['turn'].capitalize()}, {_seat_name(game.owner[colour], viewer)},"
    if phase == "roll":
        return f"{who} to roll"
    return f"{who} to move with a {position['die']}"


def _legend_labels(state: LudoState, viewer: int | None) -> list[tuple[int, str]]:
    game = state.game
    return [
        (c, f"{game.colour_name(c)}: {_seat_name(game.owner[c], viewer)}") for c in game.colours
    ]


def _legend_rows(state: LudoState, viewer: int | None, width: float) -> int:
    """The fewest rows in which every legend entry gets a slot wide enough for it."""
    labels = _legend_labels(state, viewer)
    widest = max(24 + LEGEND_CHAR * len(label) for _, label in labels)
    fits = max(1, int(width // widest))
    return -(-len(labels) // fits)


def _caption(
    state: LudoState,
    viewer: int | None,
    paint: dict[int, str],
    left: float,
    right: float,
    bottom: float,
) -> list[str]:
    """Whose turn under the board, then which seat plays each colour."""
    middle = _n((left + right) / 2 * UNIT)
    position = state.to_json()
    summary = escape(_summary(state, viewer))
    if position["phase"] in {"roll", "move"}:
        name, rest = summary.split(",", 1)
        ink = mix(paint[mover(state)], "#000000", 0.15)
        summary = f'<tspan fill="{ink}" font-weight="700">{name}</tspan>,{rest}'
    finished = position["finished"]
    if finished and position["phase"] != "over":
        summary += escape(" · finished: " + ", ".join(_seat_name(s, viewer) for s in finished))
    y1 = (bottom + 0.45) * UNIT
    parts = [f'<text class="caption" x="{middle}" y="{_n(y1)}">{summary}</text>']
    width = (right - left) * UNIT
    labels = _legend_labels(state, viewer)
    count = len(labels)
    rows = _legend_rows(state, viewer, width)
    per_row = -(-count // rows)
    for i, (colour, label) in enumerate(labels):
        row, place = divmod(i, per_row)
        slot = width / min(per_row, count - row * per_row)
        y = (bottom + 1.05 + LEGEND_ROW * row) * UNIT
        start = left * UNIT + slot * (place + 0.5) - (20 + LEGEND_CHAR * len(label)) / 2
        parts.append(
            f'<g class="legend"><circle cx="{_n(start + 7)}" cy="{_n(y)}" r="7"'
            f' fill="{paint[colour]}" stroke="#1c1a17" stroke-width="1.5"/>'
            f'<text x="{_n(start + 20)}" y="{_n(y)}">{escape(label)}</text></g>'
        )
    return parts


DOCS_POSITIONS: dict[str, tuple[dict[str, Any], JSON]] = {
    "ludo-board.svg": (
        {"players": 4},
        {
            "game": "ludo",
            "turn": "red",
            "phase": "move",
            "die": 4,
            "pawns": {
                "red": ["R", "7", "36", "b"],
                "blue": ["R", "R", "11", "16"],
                "yellow": ["R", "20", "24", "33"],
                "green": ["R", "R", "R", "30"],
            },
        },
    ),
    "ludo-board-6.svg": (
        {"players": 6, "board": 6},
        {
            "game": "ludo",
            "turn": "purple",
            "phase": "move",
            "die": 6,
            "pawns": {
                "red": ["R", "R", "5", "c"],
                "blue": ["R", "R", "R", "12"],
                "yellow": ["R", "R", "19", "29"],
                "green": ["R", "R", "R", "24"],
                "purple": ["R", "R", "38", "a"],
                "orange": ["R", "R", "40", "45"],
            },
        },
    ),
}
"""The positions pictured on the rules page (a game in progress, the mover's moves shown)."""


def docs_pictures() -> dict[str, str]:
    """File name -> SVG of each picture on the rules page `docs/games/ludo.md`."""
    from ludoteca.games.ludo.game import LudoGame, LudoState

    pictures = {}
    for name, (config, position) in DOCS_POSITIONS.items():
        game = LudoGame(**config)
        state = game.state_from_json({**position, "players": game.num_players})
        assert isinstance(state, LudoState)
        pictures[name] = render_svg(state, interactive=True)
    return pictures


def write_docs_pictures(folder: str | Path) -> list[Path]:
    """Write the rules page's pictures into `folder` (normally `docs/games`)."""
    return write_pictures(docs_pictures(), folder)
