"""Mens erger je niet as SVG: the board of the box, drawn from `board.json`, for the web and docs.

`render_svg(state, interactive=True)` is the contract with the web app: each pawn a legal move
moves is a `<g class="pawn movable" data-action="<id>">` with the move's notation as `<title>`,
and each move's landing circle is marked by one `<circle class="target" data-target-of="<id>">`.
The browser sends back the clicked `data-action`; it may add the class `hot` to a target to
highlight it (e.g. while the pawn that lands there is hovered). All CSS is scoped under the root
class `ludo-board`, and the SVG uses no ids, so several boards can share one HTML page.

The board turns so that the viewer's (first) colour sits at the bottom; spectators see it as
`board.json` draws it. Every circle carries `data-spot` (track `12`, goal `red-b`, reserve
`red-r0`, the reserve patch `red-reserve`, the die `die`), every pawn `data-piece` (`red-2`: a
colour and its pawn's index, the same pawn from position to position) and a letter, so colour
is never the only cue. `move_mark(before, action)` names the circles an action touched and
`render_svg(..., last_moves=...)` outlines them: dashed where a pawn left, solid where it
landed, dotted on the circles it passed, a cross where it sent a pawn home, the die or the
reserve for chance.
"""

from __future__ import annotations

import math
import re
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any

from ludoteca.core.api import CHANCE, JSON
from ludoteca.core.marks import MoveMark, Role
from ludoteca.games.ludo.board import Board, Point
from ludoteca.games.ludo.describe import colour_name, describe_action, player_name
from ludoteca.games.ludo.game import LudoGame, LudoState
from ludoteca.games.ludo.text import GOALS, PIPS, Spot, mix, mover, spot_point
from ludoteca.i18n import _, format_list, format_number, pgettext
from ludoteca.i18n import current as current_language
from ludoteca.rulebook import in_every_language, write_pictures

UNIT = 50
"""Pixels (user units) per board unit, the distance between neighbouring circles."""
CIRCLE = 0.4 * UNIT
GOAL_CIRCLE = 0.36 * UNIT
HIT = 0.62 * UNIT
"""The radius a movable pawn answers a tap in (37 on a narrow screen: 32 CSS px and more)."""
MARGIN = 1.1
CAPTION = 0.85
LEGEND_ROW = 0.6
LEGEND_CHAR = 11.0
"""A generous estimate of one legend character's width (at a phone's 20 px), to lay the
legend out in rows."""
DIE = 0.78 * UNIT
UNUSED = "#b8b4ac"
BOARD = "#f7ecd0"
INK = "#3b3226"
RESERVE = -1

PAWN = "M-13 14C-13 7-8 4-5-2A8.5 8.5 0 1 1 5-2C8 4 13 7 13 14Q0 19-13 14Z"
"""A pawn (pion) seen from the side, about 34 units high, standing on the circle's centre."""

STYLE = """
.ludo-board{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
.ludo-board text{dominant-baseline:central;text-anchor:middle}
.ludo-board .num{font-size:16px;fill:#8a8170}
.ludo-board .entry .num{fill:#fff;font-weight:700}
.ludo-board .entry .num.on-light{fill:#1c1a17}
.ludo-board .goal text{font-size:16px;font-weight:700}
.ludo-board .caption{font-size:21px;fill:#3b3226}
.ludo-board .legend text{font-size:18px;fill:#3b3226;text-anchor:start}
.ludo-board .pawn{pointer-events:none}
.ludo-board .pawn .letter{font-size:15px;font-weight:800}
.ludo-board .last-move{fill:none;pointer-events:none}
@media (max-width:640px){
.ludo-board .num,.ludo-board .goal text,.ludo-board .legend text{font-size:20px}
.ludo-board .pawn .body{transform:scale(1.2)}.ludo-board .pawn .letter{font-size:17px}
.ludo-board .caption{font-size:24px}}
"""
MOVE_STYLE = """
.ludo-board .movable{pointer-events:all;cursor:pointer}
.ludo-board .hit{fill:#fff;fill-opacity:0}
.ludo-board .halo{fill:#fff7c2;stroke:#f2b200;stroke-width:4}
.ludo-board .movable .figure{transition:transform .12s}
.ludo-board .movable:hover .figure,.ludo-board .movable:focus .figure{transform:translateY(-4px)}
.ludo-board .movable:hover .halo,.ludo-board .movable:focus .halo{stroke:#ff6a00;stroke-width:6}
.ludo-board .target{fill:#ffe45c;fill-opacity:.35;stroke:#f2b200;stroke-width:3;
stroke-dasharray:6 4;cursor:pointer}
.ludo-board .target:hover,.ludo-board .target.hot{fill-opacity:.85;stroke:#ff6a00}
@media (max-width:640px){.ludo-board .target,.ludo-board .hit{r:37px}}
@media (prefers-reduced-motion:no-preference){
.ludo-board .halo{animation:ludo-pulse 1.4s ease-in-out infinite}
@keyframes ludo-pulse{50%{stroke-opacity:.35}}}
"""


def pawn_letters() -> dict[str, str]:
    """Each colour's letter on its pawns and in the legend, in the active language."""
    return {
        "red": pgettext("ludo pawn", "R"),
        "blue": pgettext("ludo pawn", "B"),
        "yellow": pgettext("ludo pawn", "Y"),
        "green": pgettext("ludo pawn", "G"),
        "purple": pgettext("ludo pawn", "P"),
        "orange": pgettext("ludo pawn", "O"),
    }


def render_svg(
    state: LudoState,
    *,
    seat: int | None = None,
    interactive: bool = False,
    last_moves: Sequence[MoveMark] = (),
) -> str:
    """The position as a complete `<svg>` document fragment (deterministic, no fixed size).

    `seat` is the viewer: the board turns its first colour to the bottom, its colours are
    marked "you" and, with `interactive`, moves are only offered when that seat is to move.
    Without `seat`, an interactive board offers the moves of whoever is to move. `last_moves`
    are outlined in the colour of the seat that made them.
    """
    game = state.game
    layout = _layout(game, seat)
    board, paint = layout.board, layout.paint
    left, right, top, bottom = layout.bounds
    player = state.current_player()
    offered = interactive and player >= 0 and seat in {None, player}
    moves = state.legal_actions() if offered else []
    legend_rows, legend = _legend(state, layout, seat)
    summary = _summary(state, seat)
    caption = CAPTION + LEGEND_ROW * legend_rows
    width, height = (right - left) * UNIT, (bottom - top + caption) * UNIT
    marks = _mark_shapes(state, board, paint, last_moves, layout.token_points)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="ludo-board" role="img"'
        f' viewBox="{_n(left * UNIT)} {_n(top * UNIT)} {_n(width)} {_n(height)}"'
        f' aria-label="{escape(f"{game.title}. {summary}")}">',
        f"<style>{STYLE}{MOVE_STYLE if moves else ''}</style>",
        f'<rect x="{_n(left * UNIT)}" y="{_n(top * UNIT)}" width="{_n(width)}"'
        f' height="{_n(height)}" rx="{_n(0.45 * UNIT)}" fill="{BOARD}"/>',
        f'<rect x="{_n(left * UNIT + 6)}" y="{_n(top * UNIT + 6)}" width="{_n(width - 12)}"'
        f' height="{_n((bottom - top) * UNIT - 12)}" rx="{_n(0.35 * UNIT)}" fill="none"'
        f' stroke="{INK}" stroke-width="3"/>',
        *_reserve_patches(state, layout),
        *layout.lines,
        *layout.circles,
        *_die(state, paint),
        *marks[0],
        *_targets(state, board, moves),
        *_pawns(state, layout, moves),
        *marks[1],
        _caption(state, seat, summary, paint, left, right, bottom),
        *legend,
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


# -- what stays the same from move to move ------------------------------------------------------
@dataclass(frozen=True)
class _Layout:
    """The parts of the picture that depend only on the game and the viewer's seat: the turned
    board, each colour's paint, the bounds, the track and its circles, and where each
    `data-spot` token sits. Worked out once per game and seat (the web draws every move)."""

    board: Board
    paint: dict[int, str]
    bounds: tuple[float, float, float, float]
    lines: tuple[str, ...]
    circles: tuple[str, ...]
    token_points: dict[str, Point]
    still_pawns: dict[tuple[int, int, int, str], str] = field(default_factory=dict)
    """The markup of a pawn no move moves, by colour, index, progress and letter: the same few
    hundred at most, drawn again at every step."""
    legends: dict[str, tuple[int, tuple[str, ...]]] = field(default_factory=dict)
    """The legend's rows and markup by language (`_legend`)."""
    reserves: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """The reserve discs by the colour outlined as the mover's (-1: none)."""


_LAYOUTS: weakref.WeakKeyDictionary[LudoGame, dict[int | None, _Layout]] = (
    weakref.WeakKeyDictionary()
)


def _layout(game: LudoGame, seat: int | None) -> _Layout:
    per_seat = _LAYOUTS.setdefault(game, {})
    layout = per_seat.get(seat)
    if layout is None:
        board = oriented_board(game, seat)
        points = [spot_point(board, spot) for spot in _spots(board)]
        bounds = (
            min(x for x, _ in points) - MARGIN,
            max(x for x, _ in points) + MARGIN,
            min(y for _, y in points) - MARGIN,
            max(y for _, y in points) + MARGIN,
        )
        in_play = set(game.colours)
        paint = {
            c: board.colour_hex[board.colours[c]] if c in in_play else UNUSED
            for c in range(board.size)
        }
        layout = _Layout(
            board,
            paint,
            bounds,
            tuple(_lines(board)),
            tuple(_circles(board, paint)),
            _token_points(board),
        )
        per_seat[seat] = layout
    return layout


# -- orientation --------------------------------------------------------------------------------
def oriented_board(game: LudoGame, seat: int | None) -> Board:
    """The board turned so that `seat`'s first colour plays from the bottom (None: unturned).

    A colour's side is the direction of its goal line from the centre; the turn puts it
    straight down, so on the six-colour board the board turns by a multiple of 30 degrees.
    """
    board = game.board
    if seat is None or not 0 <= seat < game.num_players:
        return board
    colour = game.seat_colours(seat)[0]
    gx = sum(x for x, _ in board.goal[colour])
    gy = sum(y for _, y in board.goal[colour])
    turn = math.pi / 2 - math.atan2(gy, gx)
    cos, sin = math.cos(turn), math.sin(turn)

    def rotate(point: Point) -> Point:
        x, y = point
        return round(x * cos - y * sin, 3) + 0.0, round(x * sin + y * cos, 3) + 0.0

    def each(points: tuple[Point, ...]) -> tuple[Point, ...]:
        return tuple(rotate(p) for p in points)

    return replace(
        board,
        track=each(board.track),
        goal=tuple(each(g) for g in board.goal),
        reserve=tuple(each(r) for r in board.reserve),
    )


def _spots(board: Board) -> list[Spot]:
    spots = [Spot("track", i) for i in range(board.track_length)]
    for colour in range(board.size):
        spots += [Spot("goal", i, colour) for i in range(4)]
        spots += [Spot("reserve", i, colour) for i in range(4)]
    return spots


@lru_cache(maxsize=8192)
def _n(value: float) -> str:
    """A coordinate with at most one decimal, so the output is short and stable (kept: the
    same few hundred coordinates are written at every step)."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


def _xy(point: Point) -> tuple[str, str]:
    return _n(point[0] * UNIT), _n(point[1] * UNIT)


# -- spots, pawns and moves by token ------------------------------------------------------------
def spot_token(board: Board, spot: Spot) -> str:
    """A circle's `data-spot`: `12` on the track, `red-b` a goal, `red-r0` a reserve circle."""
    if spot.kind == "track":
        return str(spot.index)
    name = board.colours[spot.colour]
    return f"{name}-{GOALS[spot.index]}" if spot.kind == "goal" else f"{name}-r{spot.index}"


def _reserve_centre(board: Board, colour: int) -> Point:
    circles = board.reserve[colour]
    return sum(x for x, _ in circles) / 4, sum(y for _, y in circles) / 4


def _progress_spot(game: LudoGame, colour: int, index: int, progress: int) -> Spot:
    """Where pawn `index` of `colour` stands: its own reserve circle while it waits."""
    track = game.track_length
    if progress == RESERVE:
        return Spot("reserve", index, colour)
    if progress >= track:
        return Spot("goal", progress - track, colour)
    return Spot("track", game.square_of[colour][progress])


def _pawn_index(state: LudoState, colour: int, action: int) -> int:
    """Which of the mover's pawns `action` moves (an index into its four pawns)."""
    game = state.game
    pawns = state.pawns[colour]
    if action == game.enter_action:
        return pawns.index(RESERVE)
    return pawns.index(game.progress_of[colour][action])


def move_mark(before: LudoState, action: int) -> MoveMark:
    """The circles `action` touched at `before`, as tokens of `render_svg`'s `data-spot`."""
    game = before.game
    board = game.board
    phase = before.position_json()["phase"]
    if phase == "start":
        first = game.seat_colours(action)[0]
        return MoveMark(CHANCE, (("chance", f"{board.colours[first]}-reserve"),))
    if phase == "roll":
        return MoveMark(CHANCE, (("chance", "die"),))
    colour = mover(before)
    index = _pawn_index(before, colour, action)
    progress = before.pawns[colour][index]
    spots: list[tuple[Role, str]] = [
        ("from", spot_token(board, _progress_spot(game, colour, index, progress)))
    ]
    if action == game.enter_action:
        target = 0
    else:
        target = before._target(colour, progress, before.die)
        for step in _passed(game, progress, before.die):
            spots.append(("path", spot_token(board, _progress_spot(game, colour, index, step))))
    landing = spot_token(board, _progress_spot(game, colour, index, target))
    spots.append(("to", landing))
    if target < game.track_length and before.occupant[game.square_of[colour][target]] >= 0:
        spots.append(("capture", landing))
    return MoveMark(game.owner[colour], tuple(spots))


def _passed(game: LudoGame, progress: int, die: int) -> list[int]:
    """The progress values a pawn passes over on its way (bouncing back from goal circle d)."""
    last = game.track_length + 3
    steps = []
    for step in range(progress + 1, progress + die):
        steps.append(step if step <= last else 2 * last - step)
    return steps


# -- the board ------------------------------------------------------------------------------------
def _reserve_patches(state: LudoState, layout: _Layout) -> tuple[str, ...]:
    """A tinted disc behind each colour's reserve ("verzameling"); the mover's is outlined."""
    to_move = not state.is_terminal() and state.position_json()["phase"] != "start"
    outlined = mover(state) if to_move else -1
    kept = layout.reserves.get(outlined)
    if kept is not None:
        return kept
    board, paint = layout.board, layout.paint
    parts = []
    for colour, circles in enumerate(board.reserve):
        cx, cy = _reserve_centre(board, colour)
        radius = max(math.dist((cx, cy), p) for p in circles) + 0.58
        active = colour == outlined
        stroke = _ink_of(paint[colour]) if active else mix(paint[colour], BOARD, 0.4)
        parts.append(
            f'<circle data-spot="{board.colours[colour]}-reserve" cx="{_n(cx * UNIT)}"'
            f' cy="{_n(cy * UNIT)}" r="{_n(radius * UNIT)}"'
            f' fill="{mix(paint[colour], BOARD, 0.78)}" stroke="{stroke}"'
            f' stroke-width="{6 if active else 2}"/>'
        )
    kept = layout.reserves[outlined] = tuple(parts)
    return kept


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
        light = " on-light" if colour is not None and _light(fill) else ""
        parts.append(
            f'<g class="{kind}" data-spot="{index}"><circle cx="{x}" cy="{y}" r="{_n(CIRCLE)}"'
            f' fill="{fill}" stroke="{INK}" stroke-width="2.5"/>'
            f'<text class="num{light}" x="{x}" y="{y}">{index}</text></g>'
        )
    for colour, goal in enumerate(board.goal):
        ink = mix(paint[colour], "#000000", 0.55 if _light(paint[colour]) else 0.35)
        for index, point in enumerate(goal):
            x, y = _xy(point)
            token = spot_token(board, Spot("goal", index, colour))
            parts.append(
                f'<g class="goal" data-spot="{token}"><circle cx="{x}" cy="{y}"'
                f' r="{_n(GOAL_CIRCLE)}" fill="{mix(paint[colour], "#ffffff", 0.45)}"'
                f' stroke="{ink}" stroke-width="2.5"/>'
                f'<text x="{x}" y="{y}" fill="{ink}">{GOALS[index]}</text></g>'
            )
    for colour, reserve in enumerate(board.reserve):
        for index, point in enumerate(reserve):
            x, y = _xy(point)
            token = spot_token(board, Spot("reserve", index, colour))
            parts.append(
                f'<circle data-spot="{token}" cx="{x}" cy="{y}" r="{_n(CIRCLE)}"'
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


def _targets(state: LudoState, board: Board, moves: list[int]) -> list[str]:
    """One dashed ring per legal move on its landing circle, under the pawns."""
    parts = []
    for action in moves:
        x, y = _xy(spot_point(board, _landing(state, action)))
        parts.append(
            f'<circle class="target" data-target-of="{action}" cx="{x}" cy="{y}"'
            f' r="{_n(CIRCLE + 8)}"><title>{escape(state.action_to_string(action))}</title>'
            f"</circle>"
        )
    return parts


@lru_cache(maxsize=64)
def _light(colour: str) -> bool:
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue > 150


def _ink_on(fill: str) -> str:
    """Black or white, whichever reads better on `fill` (a `#rrggbb` colour)."""
    return "#1c1a17" if _light(fill) else "#ffffff"


def _ink_of(colour: str) -> str:
    """`colour` dark enough to read as lines and text on the light board."""
    return mix(colour, "#000000", 0.5 if _light(colour) else 0.15)


def _pawns(state: LudoState, layout: _Layout, moves: list[int]) -> list[str]:
    """Each pawn with its colour's letter and `data-piece`; the ones a move moves answer taps."""
    game = state.game
    board, paint, still = layout.board, layout.paint, layout.still_pawns
    colour_to_move = mover(state)
    movers = {_pawn_index(state, colour_to_move, action): action for action in moves}
    letters = pawn_letters()
    names = [player_name(game, seat) for seat in range(game.num_players)]
    parts = []
    for colour in game.colours:
        fill = paint[colour]
        name = board.colours[colour]
        letter = escape(letters[name])
        for index, progress in enumerate(state.pawns[colour]):
            action = movers.get(index) if colour == colour_to_move else None
            if action is None:
                markup = still.get((colour, index, progress, letter))
                if markup is None:
                    piece = _piece(game, board, colour, index, progress)
                    markup = f'<g class="pawn" {piece}>{_figure(fill, letter)}</g>'
                    still[colour, index, progress, letter] = markup
                parts.append(markup)
                continue
            piece = _piece(game, board, colour, index, progress)
            notation = escape(state.action_to_string(action))
            label = escape(describe_action(state, action, names))
            parts.append(
                f'<g class="pawn movable" data-action="{action}" aria-label="{label}" {piece}>'
                f'<title>{notation}</title><circle class="hit" r="{_n(HIT)}"/>'
                f'<circle class="halo" r="{_n(CIRCLE + 3)}"/>{_figure(fill, letter)}</g>'
            )
    return parts


def _piece(game: LudoGame, board: Board, colour: int, index: int, progress: int) -> str:
    """A pawn's `data-piece` and where it stands."""
    spot = _progress_spot(game, colour, index, progress)
    x, y = _xy(spot_point(board, spot))
    return f'data-piece="{board.colours[colour]}-{index}" transform="translate({x} {y})"'


@lru_cache(maxsize=64)
def _figure(fill: str, letter: str) -> str:
    """A pawn of `fill` marked with `letter` (escaped), drawn around (0, 0)."""
    return (
        f'<g class="figure"><g class="body"><ellipse cx="0" cy="15" rx="14" ry="4"'
        f' fill="#000" fill-opacity=".22"/><path d="{PAWN}" fill="{fill}"'
        f' stroke="#1c1a17" stroke-width="1.8" stroke-linejoin="round"/><ellipse'
        f' cx="-3" cy="-11" rx="2.6" ry="3.3" fill="#fff" fill-opacity=".55"/>'
        f'<text class="letter" x="0" y="7" fill="{_ink_on(fill)}">{letter}</text></g></g>'
    )


def _die(state: LudoState, paint: dict[int, str]) -> list[str]:
    """The die in the centre, edged in the mover's colour, showing the face just rolled."""
    position = state.position_json()
    playing = position["phase"] in {"roll", "move"}
    die = (position["die"] or 0) if position["phase"] == "move" else 0  # blank: still to roll
    edge = paint[mover(state)] if playing else INK
    half = DIE / 2
    unrolled = "" if die else ' fill-opacity=".6" stroke-dasharray="5 4"'
    parts = [
        f'<g class="die" data-spot="die"><rect x="{_n(-half)}" y="{_n(-half)}"'
        f' width="{_n(DIE)}" height="{_n(DIE)}" rx="7" fill="#fffdf7" stroke="{edge}"'
        f' stroke-width="3.5"{unrolled}/>'
    ]
    step = DIE * 0.29
    for column, row in PIPS.get(die, ()):
        parts.append(
            f'<circle cx="{_n((column - 1) * step)}" cy="{_n((row - 1) * step)}" r="3.6"'
            f' fill="#1c1a17"/>'
        )
    parts.append("</g>")
    return parts


# -- the last moves -----------------------------------------------------------------------------
def _token_points(board: Board) -> dict[str, Point]:
    points = {spot_token(board, spot): spot_point(board, spot) for spot in _spots(board)}
    for colour in range(board.size):
        points[f"{board.colours[colour]}-reserve"] = _reserve_centre(board, colour)
    points["die"] = (0.0, 0.0)
    return points


def _mark_shapes(
    state: LudoState,
    board: Board,
    paint: dict[int, str],
    marks: Sequence[MoveMark],
    points: dict[str, Point],
) -> tuple[list[str], list[str]]:
    """Outlines under the pawns (from, path, to, chance) and crosses over them (capture), at
    the `points` of `_token_points(board)`."""
    game = state.game
    under: list[str] = []
    over: list[str] = []
    for mark in marks:
        ink = INK
        if mark.seat >= 0:
            ink = _ink_of(paint[game.seat_colours(mark.seat)[0]])
        for role, token in mark.spots:
            if token not in points:
                continue
            x, y = _xy(points[token])
            attrs = f'class="last-move" data-last-move="{role}" data-on="{escape(token)}"'
            if role == "capture":
                cx, cy = _n(float(x) + 17), _n(float(y) - 17)
                over.append(
                    f'<g {attrs} transform="translate({cx} {cy})"><circle r="10" fill="#fff"'
                    f' stroke="{ink}" stroke-width="2.5"/><path d="M-5-5L5 5M5-5L-5 5"'
                    f' stroke="{ink}" stroke-width="3" stroke-linecap="round"/></g>'
                )
            elif role == "chance" and token == "die":
                half = _n(DIE / 2 + 7)
                under.append(
                    f'<rect {attrs} x="-{half}" y="-{half}" width="{_n(DIE + 14)}"'
                    f' height="{_n(DIE + 14)}" rx="10" stroke="{ink}" stroke-width="3"'
                    f' stroke-dasharray="3 4"/>'
                )
            else:
                radius, width, dash = {
                    "from": (CIRCLE + 7, 4, ' stroke-dasharray="7 5"'),
                    "to": (CIRCLE + 7, 5, ""),
                    "path": (CIRCLE + 3, 3, ' stroke-dasharray="2 5" stroke-linecap="round"'),
                }.get(role, (CIRCLE + 9, 3, ' stroke-dasharray="3 4"'))
                if token.endswith("-reserve"):
                    radius = _reserve_radius(board, token) + 6
                under.append(
                    f'<circle {attrs} cx="{x}" cy="{y}" r="{_n(radius)}" stroke="{ink}"'
                    f' stroke-width="{width}"{dash}/>'
                )
    return under, over


def _reserve_radius(board: Board, token: str) -> float:
    colour = board.colours.index(token.removesuffix("-reserve"))
    cx, cy = _reserve_centre(board, colour)
    return (max(math.dist((cx, cy), p) for p in board.reserve[colour]) + 0.58) * UNIT


# -- the words under the board ------------------------------------------------------------------
def _seat_label(game: LudoGame, seat: int, viewer: int | None) -> str:
    name = player_name(game, seat)
    return _("{name} (you)").format(name=name) if seat == viewer else name


def _colour_label(game: LudoGame, colour: int, viewer: int | None) -> str:
    name = colour_name(game, colour)
    return _("{name} (you)").format(name=name) if game.owner[colour] == viewer else name


def _summary(state: LudoState, viewer: int | None) -> str:
    """Whose turn and the die in words: the caption and the SVG's aria-label."""
    position = state.position_json()
    game = state.game
    phase = position["phase"]
    if phase == "over":
        order = position["finished"]
        if len(order) > 1 and game.play_out:
            ranking = format_list([_seat_label(game, s, viewer) for s in order])
            return _("Game over. Ranking: {names}").format(names=ranking)
        return _("Game over: {name} wins").format(name=_seat_label(game, order[0], viewer))
    if phase == "start":
        return _("Rolling to see who begins")
    who = _colour_label(game, mover(state), viewer)
    if phase == "roll":
        return _("{name} to roll").format(name=who)
    return _("{name} to move with a {number}").format(
        name=who, number=format_number(position["die"])
    )


def _legend_labels(state: LudoState, viewer: int | None) -> list[tuple[int, str]]:
    game = state.game
    letters = pawn_letters()
    return [
        (c, f"{letters[game.colour_name(c)]} {_colour_label(game, c, viewer)}")
        for c in game.colours
    ]


def _legend(state: LudoState, layout: _Layout, viewer: int | None) -> tuple[int, tuple[str, ...]]:
    """The rows of the legend under the caption and its markup: each colour in play with its
    letter, in as few rows as give every entry a slot wide enough for it. The same at every
    step: kept per viewer (`layout`) and language."""
    language = current_language()
    kept = layout.legends.get(language)
    if kept is not None:
        return kept
    left, right, _top, bottom = layout.bounds
    width = (right - left) * UNIT
    labels = _legend_labels(state, viewer)
    widest = max(28 + LEGEND_CHAR * len(label) for _, label in labels)
    fits = max(1, int(width // widest))
    count = len(labels)
    rows = -(-count // fits)
    per_row = -(-count // rows)
    parts = []
    for i, (colour, label) in enumerate(labels):
        row, place = divmod(i, per_row)
        slot = width / min(per_row, count - row * per_row)
        y = (bottom + 1.1 + LEGEND_ROW * row) * UNIT
        start = left * UNIT + slot * (place + 0.5) - (24 + LEGEND_CHAR * len(label)) / 2
        parts.append(
            f'<g class="legend"><circle cx="{_n(start + 8)}" cy="{_n(y)}" r="8"'
            f' fill="{layout.paint[colour]}" stroke="#1c1a17" stroke-width="1.5"/>'
            f'<text x="{_n(start + 23)}" y="{_n(y)}">{escape(label)}</text></g>'
        )
    kept = layout.legends[language] = (rows, tuple(parts))
    return kept


def _caption(
    state: LudoState,
    viewer: int | None,
    summary: str,
    paint: dict[int, str],
    left: float,
    right: float,
    bottom: float,
) -> str:
    """Whose turn under the board (`summary`), and who has finished."""
    game = state.game
    middle = _n((left + right) / 2 * UNIT)
    position = state.position_json()
    summary = escape(summary)
    if position["phase"] in {"roll", "move"}:
        ink = _ink_of(paint[mover(state)])
        summary = f'<tspan fill="{ink}" font-weight="700">{summary}</tspan>'
    finished = position["finished"]
    if finished and position["phase"] != "over":
        names = format_list([_seat_label(game, s, viewer) for s in finished])
        summary += escape(" · " + _("finished: {names}").format(names=names))
    y1 = (bottom + 0.45) * UNIT
    return f'<text class="caption" x="{middle}" y="{_n(y1)}">{summary}</text>'


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


def _docs_pictures() -> dict[str, str]:
    """File name -> SVG of each picture on the rules page `docs/games/ludo.md`."""
    pictures = {}
    for name, (config, position) in DOCS_POSITIONS.items():
        game = LudoGame(**config)
        state = game.state_from_json({**position, "players": game.num_players})
        assert isinstance(state, LudoState)
        pictures[name] = render_svg(state, interactive=True)
    return pictures


def docs_pictures() -> dict[str, str]:
    """File name -> SVG of each picture of the rules pages, in each page's language
    (`ludo-board.svg`, `ludo-board.nl.svg`, `ludo-board.de.svg`)."""
    return in_every_language(_docs_pictures)


def write_docs_pictures(folder: str | Path) -> list[Path]:
    """Write the rules page's pictures into `folder` (normally `docs/games`)."""
    return write_pictures(docs_pictures(), folder)
