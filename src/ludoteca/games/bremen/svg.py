"""Bremer Stadtmusikanten as SVG: the board of `board.json` with its stacks, for the web and docs.

Each stack is drawn as the animals themselves, standing on each other's backs: the donkey at
the bottom, then the dog, the cat and the rooster, each a silhouette in its owner's colour and
pattern (see `pieces.py`). Every field carries `data-spot="field:<name>"`, every animal
`data-piece="animal:<code>"` and the robber `data-piece="robber"`, so the table can find and
animate them; `last_moves` marks the fields and pieces of recent moves (`data-last-move`, a
dashed ring where a move began, a solid ring where it ended, a dotted one along the robber's
walk, a cross on what was sent home) in the mover's colour.

With `interactive=True` the board speaks the click-path contract of the web app (see
`click_path`): animals carry `data-click="animal:rH"`, fields `data-click="field:27"`, the robber
`data-click="robber"`, the dice `data-click="die:3"`. A stack from which several animals may
move is one target, `data-click="stack:<field>"`, that opens a picker: the stack drawn large,
one row per animal, so that every target is big enough to tap on a phone. Elements that cannot
be clicked right now ignore the pointer, so a click on a stack while choosing a destination
reaches the field beneath it. All CSS is scoped under `bremen-board`.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from ludoteca.core.api import CHANCE, JSON
from ludoteca.core.marks import MoveMark, Role
from ludoteca.games.bremen.board import Board
from ludoteca.games.bremen.constants import (
    MOVE,
    R_FACE,
    ROBBER,
    ROLL,
    START,
    animal_name,
    colour_of,
)
from ludoteca.games.bremen.describe import (
    an_animal,
    describe_position,
    player_name,
    points_text,
    turn_text,
)
from ludoteca.games.bremen.game import BremenGame, BremenState
from ludoteca.games.bremen.pieces import INK, PALETTE, SHAPES, defs, fill_of
from ludoteca.i18n import _
from ludoteca.rulebook import in_every_language, write_pictures

UNIT = 46
"""User units per board unit (the distance between neighbouring fields is 2)."""
FIELD = 0.66 * UNIT
"""A field's radius."""
MARGIN = (1.15, 0.9)
"""Board units around the fields: more at the top and left, where the numbers stand."""
LABEL = 0.76
"""How far (in board units, along each axis) a field's number sits from its centre."""
FEET = 0.5
"""How far below a field's centre its stack stands (board units)."""
HIT = 0.9
"""Half the side of a field's tap target (board units)."""
DIE = 1.3 * UNIT
"""A die's side: 34 px on a 390 px phone, big enough to tap when it must be chosen."""
BACKDROP = "#e8efd8"
PAINT = {"road": "#ecd9a8", "forest": "#f6c27a", "bridge": "#9a6a3a", "house": "#7a2e1e"}
PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)),
}
MARK_DASH = {"from": "9 6", "to": "", "path": "2 7"}
"""How a ring marks a field: dashed where a move began, solid where it ended, dotted along the
robber's walk (the shape tells the role, the colour only who moved)."""

CAPTION_EM = 20 * 0.6
SCORE_EM = 19 * 0.57
"""Generous widths of one character of the caption and the points (font size times a share)."""

STYLE = """
.bremen-board{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
.bremen-board text{dominant-baseline:central;text-anchor:middle}
.bremen-board .name{font-size:17px;fill:#3d3022;font-weight:700}
.bremen-board .caption{font-size:20px;fill:#33291f;text-anchor:start;font-weight:600}
.bremen-board .score{font-size:19px;fill:#33291f;text-anchor:start}
.bremen-board .picker{display:none}
"""
CLICK_STYLE = """
.bremen-board [data-click]{cursor:pointer}
.bremen-board [data-click]:not(.clickable),.bremen-board .animal:not(.clickable),
.bremen-board .robber:not(.clickable){pointer-events:none}
.bremen-board .hit{fill:#000;fill-opacity:0}
.bremen-board .field.clickable circle,.bremen-board .field.clickable .plank{stroke:#ff6a00;
stroke-width:5;stroke-dasharray:7 4}
.bremen-board .field.clickable:hover circle{fill:#ffe45c}
.bremen-board .stack.clickable .hit,.bremen-board .animal.clickable .hit{fill:#ffb347;
fill-opacity:.12;stroke:#ff6a00;stroke-width:3;stroke-dasharray:8 5}
.bremen-board .robber.clickable .hit,.bremen-board .die.clickable rect{stroke:#ff6a00;
stroke-width:4}
.bremen-board .pick.clickable rect{stroke:#ff6a00;stroke-width:4}
"""


def render_svg(
    state: BremenState,
    *,
    seat: int | None = None,
    interactive: bool = False,
    last_moves: Sequence[MoveMark] = (),
) -> str:
    """The position as a complete `<svg>` fragment (deterministic, no fixed size).

    `seat` is the viewer (marked "you"); with `interactive`, the click tokens of the legal moves
    are offered when that seat (or, without `seat`, whoever) is to move; `last_moves` are marked
    (oldest first: a later mark of the same element wins).
    """
    game = state.game
    board = game.board
    player = state.current_player()
    clickable = interactive and player >= 0 and seat in {None, player}
    paths = _paths(state) if clickable else {}
    marks = _marks(state, last_moves)
    xs = [x for x, _ in board.points]
    ys = [y for _, y in board.points]
    left, top = (min(xs) - MARGIN[0]) * UNIT, (min(ys) - MARGIN[0]) * UNIT
    width = (max(xs) - min(xs) + sum(MARGIN)) * UNIT
    board_height = (max(ys) - min(ys) + sum(MARGIN)) * UNIT
    height = board_height + _panel_height(game.num_players) * UNIT
    names = _names(state, seat)
    label = f"{game.title}. {describe_position(state, names)}"
    pickers = _pickers(state, paths)
    role = "group" if clickable else "img"  # an image's parts are hidden from screen readers
    style = STYLE + (CLICK_STYLE + "".join(rule for rule, _ in pickers) if clickable else "")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="bremen-board" role="{role}"'
        f' viewBox="{_n(left)} {_n(top)} {_n(width)} {_n(height)}"'
        f' aria-label="{escape(label)}">',
        f"<style>{style}</style>",
        defs(),
        f'<rect x="{_n(left)}" y="{_n(top)}" width="{_n(width)}" height="{_n(height)}"'
        f' rx="{_n(0.4 * UNIT)}" fill="{BACKDROP}"/>',
        _forest(board),
        *_links(board),
        *_fields(board, paths, marks),
        *_stacks(state, paths, marks),
        *_robber(state, paths, marks),
        *_panel(state, names, paths, marks, left, top + board_height, width),
        *(picker for _, picker in pickers),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def _n(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


def _xy(board: Board, field: int) -> tuple[float, float]:
    x, y = board.points[field]
    return x * UNIT, y * UNIT


def _names(state: BremenState, viewer: int | None) -> list[str]:
    """Each seat's colours, the viewer's marked "(you)"."""
    game = state.game
    names = [player_name(game, s) for s in range(game.num_players)]
    if viewer is not None:
        names[viewer] = _("{name} (you)").format(name=names[viewer])
    return names


def _colour(state: BremenState, seat: int) -> str:
    """The colour that marks a seat's moves: its first colour (chance: ink)."""
    if seat == CHANCE:
        return INK
    return PALETTE[state.game.board.colours[state.game.seat_colours(seat)[0]]]


def _marks(state: BremenState, last_moves: Sequence[MoveMark]) -> dict[str, tuple[Role, str]]:
    """token -> (role, the mover's colour); a later mark of the same token wins."""
    marks: dict[str, tuple[Role, str]] = {}
    for mark in last_moves:
        for role, token in mark.spots:
            marks[token] = (role, _colour(state, mark.seat))
    return marks


def _mark_attr(marks: dict[str, tuple[Role, str]], token: str) -> str:
    role = marks.get(token)
    return f' data-last-move="{role[0]}"' if role else ""


def _forest(board: Board) -> str:
    """A darker ground under the robber's fields (the forest, the bridges and his house)."""
    inside = [board.points[f] for f in range(board.size) if board.is_robber_field(f)]
    pad = 0.8
    left = (min(x for x, _ in inside) - pad) * UNIT
    top = (min(y for _, y in inside) - pad) * UNIT
    width = (max(x for x, _ in inside) + pad) * UNIT - left
    height = (max(y for _, y in inside) + pad) * UNIT - top
    return (
        f'<rect class="forest-ground" x="{_n(left)}" y="{_n(top)}" width="{_n(width)}"'
        f' height="{_n(height)}" rx="{_n(0.6 * UNIT)}" fill="#a9c77f" fill-opacity=".75"/>'
    )


def _links(board: Board) -> list[str]:
    """Paths between neighbouring fields: the road brown, the forest darker orange."""
    parts = []
    for a in range(board.size):
        for b in board.neighbours[a]:
            if b < a:
                continue
            road = "road" in board.kinds[a] + board.kinds[b] or "start" in board.kinds[a]
            colour = "#a27b45" if road else "#b8651d"
            (x1, y1), (x2, y2) = _xy(board, a), _xy(board, b)
            parts.append(
                f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"'
                f' stroke="{colour}" stroke-width="7" stroke-linecap="round"/>'
            )
    return parts


def _label_offset(board: Board, field: int) -> tuple[float, float]:
    """Where a field's number goes: up and to the left of every field alike (so no two numbers
    meet), clear of the circle and of the stack on it; up and to the right of a bridge's plank,
    where the fields beside it leave room."""
    if board.is_bridge(field):
        return 0.85 * UNIT, -0.28 * UNIT
    return -LABEL * UNIT, -LABEL * UNIT


def _fields(
    board: Board, paths: dict[int, list[str]], marks: dict[str, tuple[Role, str]]
) -> list[str]:
    """Every field with its number; starts in their colour, bridges as planks, H as a house."""
    starts = {field: colour for colour, field in enumerate(board.starts)}
    tokens = {t for path in paths.values() for t in path if t.startswith("field:")}
    parts = []
    for field in range(board.size):
        x, y = _xy(board, field)
        kind = board.kinds[field]
        name = board.names[field]
        token = f"field:{name}"
        click = f' data-click="{token}"' if token in tokens else ""
        hit = (
            f'<rect class="hit" x="{_n(x - HIT * UNIT)}" y="{_n(y - HIT * UNIT)}"'
            f' width="{_n(2 * HIT * UNIT)}" height="{_n(2 * HIT * UNIT)}" rx="10"/>'
            if click
            else ""
        )
        ring = _ring(x, y, FIELD * (1.3 if kind == "house" else 1) + 6, marks.get(token))
        if kind == "bridge":
            shape = (
                f'<rect class="plank" x="{_n(x - 0.5 * UNIT)}" y="{_n(y - 0.32 * UNIT)}"'
                f' width="{_n(1.0 * UNIT)}" height="{_n(0.64 * UNIT)}" rx="4"'
                f' fill="{PAINT["bridge"]}" stroke="{INK}" stroke-width="2"/>'
                f'<path d="M{_n(x - 0.5 * UNIT)} {_n(y)}h{_n(UNIT)}" stroke="#6e4a27"'
                f' stroke-width="2"/>'
            )
        elif kind == "house":
            r = FIELD * 1.3
            shape = (
                f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="#f7e3c2"'
                f' stroke="{PAINT["house"]}" stroke-width="4"/>'
                f'<path d="M{_n(x - 24)} {_n(y - 6)}L{_n(x)} {_n(y - 28)}L{_n(x + 24)}'
                f' {_n(y - 6)}V{_n(y + 22)}H{_n(x - 24)}Z" fill="{PAINT["house"]}"'
                f' fill-opacity=".3"/>'
            )
        else:
            colour = starts.get(field)
            fill = PAINT.get(kind, "#ffffff")
            shape = (
                f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(FIELD)}" fill="{fill}"'
                f' stroke="{INK}" stroke-width="2"/>'
            )
            if colour is not None:
                shape = _start_field(board, colour, x, y)
        title = _("field {name}").format(name=name)
        parts.append(
            f'<g class="field {kind}" data-spot="{token}"{click}{_mark_attr(marks, token)}>'
            f"<title>{escape(title)}</title>"
            f"{ring}{shape}{_label(board, field, x, y)}{hit}</g>"
        )
    return parts


def _start_field(board: Board, colour: int, x: float, y: float) -> str:
    """A start field: its colour's pattern as a wide band around a light centre."""
    name = board.colours[colour]
    return (
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(FIELD)}" fill="{fill_of(name)}"'
        f' stroke="{INK}" stroke-width="2"/>'
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(FIELD - 9)}" fill="#fffaf0"'
        f' fill-opacity=".8"/>'
    )


def _label(board: Board, field: int, x: float, y: float) -> str:
    """The field's number on a small light tab beside the circle (none on the house)."""
    if board.kinds[field] == "house":
        return ""
    name = board.names[field]
    dx, dy = _label_offset(board, field)
    half = 4 + 5.4 * len(name)
    return (
        f'<rect x="{_n(x + dx - half)}" y="{_n(y + dy - 11)}" width="{_n(2 * half)}" height="22"'
        f' rx="8" fill="#fffaf0" fill-opacity=".92"/>'
        f'<text class="name" x="{_n(x + dx)}" y="{_n(y + dy)}">{name}</text>'
    )


def _ring(x: float, y: float, r: float, mark: tuple[Role, str] | None) -> str:
    """The last-move ring around a field (nothing when the field is not marked)."""
    if mark is None or mark[0] not in MARK_DASH:
        return ""
    role, colour = mark
    dash = f' stroke-dasharray="{MARK_DASH[role]}"' if MARK_DASH[role] else ""
    return (
        f'<circle class="last-move" cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="none"'
        f' stroke="#fff" stroke-width="9"/>'
        f'<circle class="last-move" cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="none"'
        f' stroke="{colour}" stroke-width="6"{dash}/>'
    )


def _cross(x: float, y: float, size: float, colour: str) -> str:
    """A cross over a piece sent home (or a robber chased home)."""
    d = (
        f"M{_n(x - size)} {_n(y - size)}L{_n(x + size)} {_n(y + size)}"
        f"M{_n(x + size)} {_n(y - size)}L{_n(x - size)} {_n(y + size)}"
    )
    return (
        f'<path class="last-move" d="{d}" stroke="#fff" stroke-width="9" stroke-linecap="round"/>'
        f'<path class="last-move" d="{d}" stroke="{colour}" stroke-width="5"'
        f' stroke-linecap="round"/>'
    )


def animal_art(state: BremenState, animal: int, x: float, feet: float, scale: float = 1.0) -> str:
    """One animal's silhouette standing with its feet at (x, feet), facing right."""
    shape = SHAPES[animal & 3]
    width, height = shape.width * UNIT * scale, shape.height * UNIT * scale
    colour = state.game.board.colours[colour_of(animal)]
    return (
        f'<svg x="{_n(x - width / 2)}" y="{_n(feet - height)}" width="{_n(width)}"'
        f' height="{_n(height)}" viewBox="0 0 100 {shape.box_height:g}"'
        f' preserveAspectRatio="none" overflow="visible">'
        f'<path d="{shape.path}" fill="none" stroke="#fffaf0" stroke-width="6"'
        f' stroke-linejoin="round" vector-effect="non-scaling-stroke"/>'
        f'<path d="{shape.path}" fill="{fill_of(colour)}" stroke="{INK}" stroke-width="2.2"'
        f' stroke-linejoin="round" vector-effect="non-scaling-stroke"/></svg>'
    )


def _stacks(
    state: BremenState, paths: dict[int, list[str]], marks: dict[str, tuple[Role, str]]
) -> list[str]:
    """Each stack as animals on each other's backs, the donkey at the bottom.

    A stack whose only movable animal is one animal lends that animal its whole area as a tap
    target; a stack with several movable animals is itself the target (`stack:<field>`)."""
    board = state.game.board
    first = {path[0] for path in paths.values()}
    parts = []
    for field, stack in enumerate(state.stacks):
        if not stack:
            continue
        x, y = _xy(board, field)
        feet = y + FEET * UNIT
        hit = (
            f'<rect class="hit" x="{_n(x - HIT * UNIT)}" y="{_n(y - 1.15 * UNIT)}"'
            f' width="{_n(2 * HIT * UNIT)}" height="{_n((1.15 + HIT) * UNIT)}" rx="10"/>'
        )
        stack_token = f"stack:{board.names[field]}"
        if stack_token in first:
            title = _("choose an animal of this stack")
            parts.append(
                f'<g class="stack" data-click="{stack_token}"><title>{escape(title)}</title>'
                f"{hit}</g>"
            )
        for animal in stack:
            token = f"animal:{animal_name(animal)}"
            click = f' data-click="{token}"' if token in first else ""
            shape = SHAPES[animal & 3]
            cross = ""
            if token in marks and marks[token][0] == "capture":
                cross = _cross(x, feet - shape.height * UNIT / 2, 0.22 * UNIT, marks[token][1])
            parts.append(
                f'<g class="animal" data-piece="{token}"{click}{_mark_attr(marks, token)}>'
                f"<title>{escape(an_animal(animal))}</title>"
                f"{animal_art(state, animal, x, feet)}{cross}{hit if click else ''}</g>"
            )
            feet -= shape.height * shape.back * UNIT
    return parts


def _robber(
    state: BremenState, paths: dict[int, list[str]], marks: dict[str, tuple[Role, str]]
) -> list[str]:
    """The robber: a black figure with a mask, on his field or at home in the house."""
    x, y = _xy(state.game.board, state.robber)
    first = {path[0] for path in paths.values()}
    click = ' data-click="robber"' if "robber" in first else ""
    hit = f'<circle class="hit" cx="{_n(x)}" cy="{_n(y)}" r="{_n(HIT * UNIT)}"/>' if click else ""
    cross = _cross(x, y, 0.3 * UNIT, marks["robber"][1]) if "robber" in marks else ""
    title = _("the robber")
    return [
        f'<g class="robber" data-piece="robber"{click}{_mark_attr(marks, "robber")}>'
        f"<title>{escape(title)}</title>"
        f'<path d="M{_n(x - 17)} {_n(y + 24)}Q{_n(x - 17)} {_n(y + 2)} {_n(x)} {_n(y + 2)}'
        f'Q{_n(x + 17)} {_n(y + 2)} {_n(x + 17)} {_n(y + 24)}Z" fill="#1d1b19" stroke="#fff"'
        f' stroke-width="2"/>'
        f'<circle cx="{_n(x)}" cy="{_n(y - 9)}" r="13" fill="#1d1b19" stroke="#fff"'
        f' stroke-width="2"/>'
        f'<rect x="{_n(x - 11)}" y="{_n(y - 13)}" width="22" height="7" rx="3" fill="#fff"/>'
        f'<circle cx="{_n(x - 5)}" cy="{_n(y - 9.5)}" r="2" fill="#1d1b19"/>'
        f'<circle cx="{_n(x + 5)}" cy="{_n(y - 9.5)}" r="2" fill="#1d1b19"/>{cross}{hit}</g>'
    ]


def _panel_height(players: int) -> float:
    """Board units below the board: a line for whose turn, then the points two seats a row."""
    return 1.05 + 0.62 * ((players + 1) // 2)


def _panel(
    state: BremenState,
    names: list[str],
    paths: dict[int, list[str]],
    marks: dict[str, tuple[Role, str]],
    left: float,
    top: float,
    width: float,
) -> list[str]:
    """Below the board: the two dice, whose turn it is, and every seat's points."""
    parts = _dice(state, paths, marks, left + 0.3 * UNIT, top)
    x = left + 3.35 * UNIT
    room = left + width - x - 0.2 * UNIT
    caption = turn_text(state, names)
    parts.append(_text("caption", x, top + 0.3 * UNIT, caption, room, CAPTION_EM))
    game = state.game
    board = game.board
    column = (left + width - x) / 2
    for s in range(game.num_players):
        sx = x + (s % 2) * column
        sy = top + (0.95 + 0.62 * (s // 2)) * UNIT
        colours = [board.colours[c] for c in game.seat_colours(s)]
        parts.append(_swatch(colours, sx + 10, sy))
        text = _("{name}: {points}").format(
            name=player_name(game, s), points=points_text(state.scores[s])
        )
        parts.append(_text("score", sx + 25, sy, text, column - 35, SCORE_EM))
    return parts


def _text(cls: str, x: float, y: float, text: str, room: float, em: float) -> str:
    """A line of the panel; one that may not fit its room (a long translation, a long name) is
    squeezed to it, glyphs narrower but as tall, rather than run off the board."""
    fit = (
        f' textLength="{_n(room)}" lengthAdjust="spacingAndGlyphs"' if len(text) * em > room else ""
    )
    return f'<text class="{cls}" x="{_n(x)}" y="{_n(y)}"{fit}>{escape(text)}</text>'


def _swatch(colours: list[str], x: float, y: float) -> str:
    """A seat's colours as one disc (two colours: two halves), in their patterns."""
    r = 10
    if len(colours) == 1:
        return (
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{r}" fill="{fill_of(colours[0])}"'
            f' stroke="{INK}" stroke-width="1.5"/>'
        )
    halves = (
        f'<path d="M{_n(x)} {_n(y - r)}A{r} {r} 0 0 0 {_n(x)} {_n(y + r)}Z"'
        f' fill="{fill_of(colours[0])}"/>'
        f'<path d="M{_n(x)} {_n(y - r)}A{r} {r} 0 0 1 {_n(x)} {_n(y + r)}Z"'
        f' fill="{fill_of(colours[1])}"/>'
    )
    return (
        f'{halves}<circle cx="{_n(x)}" cy="{_n(y)}" r="{r}" fill="none" stroke="{INK}"'
        f' stroke-width="1.5"/>'
    )


def _dice(
    state: BremenState,
    paths: dict[int, list[str]],
    marks: dict[str, tuple[Role, str]],
    x: float,
    y: float,
) -> list[str]:
    """The plain die and the R-die; a die already used is faded; ambiguous dice are tokens."""
    plain, rdie = state.dice
    tokens = {t for path in paths.values() for t in path if t.startswith("die:")}
    mark = marks.get("dice")
    parts = [f'<g class="dice" data-spot="dice"{_mark_attr(marks, "dice")}>']
    if mark:
        parts.append(
            f'<rect class="last-move" x="{_n(x - 6)}" y="{_n(y - 6)}"'
            f' width="{_n(2 * DIE + 24)}" height="{_n(DIE + 12)}" rx="12" fill="none"'
            f' stroke="{mark[1]}" stroke-width="4" stroke-dasharray="3 5"/>'
        )
    left = list(state.left)
    for i, face in enumerate((plain, rdie)):
        dx = x + i * (DIE + 12)
        used = state.phase == MOVE and face not in left
        if state.phase == MOVE and face in left:
            left.remove(face)
        token = f"die:{face}"
        click = f' data-click="{token}"' if token in tokens else ""
        opacity = ' opacity=".35"' if used or not face else ""
        title = _("the R-die") if i else _("the die")
        parts.append(
            f'<g class="die"{click}{opacity}><title>{escape(title)}</title>'
            f'<rect x="{_n(dx)}" y="{_n(y)}" width="{_n(DIE)}" height="{_n(DIE)}" rx="9"'
            f' fill="#fffdf7" stroke="{INK}" stroke-width="2.5"/>'
        )
        if i and face == R_FACE:
            parts.append(
                f'<text x="{_n(dx + DIE / 2)}" y="{_n(y + DIE / 2)}" font-size="34"'
                f' font-weight="800" fill="#b3121f">R</text>'
            )
        else:
            step = DIE * 0.28
            for column, row in PIPS.get(face, ()):
                parts.append(
                    f'<circle cx="{_n(dx + DIE / 2 + (column - 1) * step)}"'
                    f' cy="{_n(y + DIE / 2 + (row - 1) * step)}" r="5" fill="{INK}"/>'
                )
        parts.append("</g>")
    parts.append("</g>")
    return parts


def _pickers(state: BremenState, paths: dict[int, list[str]]) -> list[tuple[str, str]]:
    """For each stack chosen as a whole (`stack:<field>`): CSS rules that show its picker while
    the stack is chosen and no animal yet, then mark the chosen animal on the board; and the
    picker: the stack drawn large in the
    middle of the board, one row per animal (top first), the movable ones as targets."""
    board = state.game.board
    first = {path[0] for path in paths.values()}
    movers = {path[1] for path in paths.values() if path[0].startswith("stack:")}
    pickers = []
    for field, stack in enumerate(state.stacks):
        token = f"stack:{board.names[field]}"
        if token not in first:
            continue
        rule = (
            f'.bremen-board:has([data-click="{token}"].selected):not(:has(.pick.selected))'
            f' .picker[data-stack="{board.names[field]}"]{{display:inline}}'
        ) + "".join(
            f'.bremen-board:has(.pick[data-click="animal:{animal_name(a)}"].selected)'
            f' [data-piece="animal:{animal_name(a)}"]{{filter:drop-shadow(0 0 4px #1b8a5a)'
            f" drop-shadow(0 0 2px #1b8a5a)}}"
            for a in stack
            if f"animal:{animal_name(a)}" in movers
        )
        row = 1.5 * UNIT
        width = 6.0 * UNIT
        height = len(stack) * row + 0.5 * UNIT
        cx, cy = _xy(board, board.house)
        top = cy - height / 2
        rows = [
            f'<g class="picker" data-stack="{board.names[field]}">'
            f'<rect x="{_n(cx - width / 2 - 8)}" y="{_n(top - 8)}" width="{_n(width + 16)}"'
            f' height="{_n(height + 16)}" rx="18" fill="#fffaf0" stroke="{INK}"'
            f' stroke-width="2.5"/>'
        ]
        for i, animal in enumerate(reversed(stack)):
            name = f"animal:{animal_name(animal)}"
            ry = top + 0.25 * UNIT + i * row
            click = f' data-click="{name}"' if name in movers else ' opacity=".4"'
            rows.append(
                f'<g class="animal pick"{click}><title>{escape(an_animal(animal))}</title>'
                f'<rect x="{_n(cx - width / 2 + 8)}" y="{_n(ry + 4)}" width="{_n(width - 16)}"'
                f' height="{_n(row - 8)}" rx="12" fill="#fff" stroke="#c9c0ad"'
                f' stroke-width="2"/>'
                f"{animal_art(state, animal, cx, ry + row - 10, _pick_scale(animal, row))}</g>"
            )
        rows.append("</g>")
        pickers.append((rule, "".join(rows)))
    return pickers


def _pick_scale(animal: int, row: float) -> float:
    """How much bigger an animal is drawn in the picker: as tall as its row allows."""
    shape = SHAPES[animal & 3]
    return min(2.0, (row - 18) / (shape.height * UNIT))


# -- the last move ---------------------------------------------------------------------------
def move_mark(before: BremenState, action: int) -> MoveMark:
    """The board elements `action` touches at `before`: the dice for a roll, the fields a move
    leaves and reaches (and the robber's walk between), the animals it sends home (capture)
    and the robber when a pyramid chases him home."""
    game = before.game
    board = game.board
    names = board.names
    if before.phase == START:
        return MoveMark(CHANCE)
    if before.phase == ROLL:
        return MoveMark(CHANCE, (("chance", "dice"),))
    spots: list[tuple[Role, str]] = []
    if before.phase == ROBBER:
        path = board.robber_paths()[action - game.robber_base]
        spots.append(("from", f"field:{names[path[0]]}"))
        spots.extend(("path", f"field:{names[f]}") for f in path[1:-1])
        spots.append(("to", f"field:{names[path[-1]]}"))
        sent = [a for f in path[1:] for a in before.stacks[f]]
    else:
        animal, end, _steps = game.split_move(action)
        spots.append(("from", f"field:{names[before.at[animal]]}"))
        spots.append(("to", f"field:{names[end]}"))
        sent = [] if end == board.house else before.arrival(animal, end)[1]
        if end == before.robber != board.house:
            spots.append(("capture", "robber"))
    spots.extend(("capture", f"animal:{animal_name(a)}") for a in sent)
    return MoveMark(before.turn, tuple(spots))


# -- click paths -----------------------------------------------------------------------------
def click_path(state: BremenState, action: int) -> list[str]:
    """The tokens a person clicks to choose `action` (a legal action of `state`).

    - animal move: `animal:<name>`, `field:<destination>`, and `die:<n>` only when the same
      animal reaches the same field with both dice; when several animals of one stack can
      move, the stack comes first: `stack:<field>`, `animal:<name>`, ...;
    - robber walk: `robber`, then `field:<end>` when only one walk (effect) ends there, else
      every field he enters, in order: `robber`, `field:41`, `field:40`, ...
    """
    return _paths(state)[action]


def _paths(state: BremenState) -> dict[int, list[str]]:
    if state.current_player() < 0:
        return {}
    legal = state.legal_actions()
    game = state.game
    names = game.board.names
    paths: dict[int, list[str]] = {}
    if state.phase == ROBBER:
        walks = {a: game.board.robber_paths()[a - game.robber_base] for a in legal}
        ends = [walk[-1] for walk in walks.values()]
        for action, walk in walks.items():
            fields = walk[-1:] if ends.count(walk[-1]) == 1 else walk[1:]
            paths[action] = ["robber", *(f"field:{names[f]}" for f in fields)]
        return paths
    split = [(a, game.split_move(a)) for a in legal]
    pairs = [(animal, end) for _, (animal, end, _) in split]
    movers: dict[int, set[int]] = {}
    for animal, _end in pairs:
        movers.setdefault(state.at[animal], set()).add(animal)
    for action, (animal, end, steps) in split:
        path = [f"animal:{animal_name(animal)}", f"field:{names[end]}"]
        field = state.at[animal]
        if len(movers[field]) > 1:
            path.insert(0, f"stack:{names[field]}")
        if pairs.count((animal, end)) > 1:
            path.append(f"die:{steps}")
        paths[action] = path
    return paths


# -- the rules page ---------------------------------------------------------------------------
DOCS_POSITIONS: dict[str, tuple[dict[str, Any], JSON]] = {
    "bremen-board.svg": (
        {"players": 2},
        {
            "game": "bremen",
            "turn": 0,
            "phase": "move",
            "dice": [3, 2],
            "robber": "30",
            "scores": [2, 1],
            "stacks": {
                "0": ["rD", "rH", "rC", "rR"],
                "27": ["bD", "bR"],
                "6": ["bH", "bC"],
                "12": ["yD", "yC", "yR"],
                "43": ["yH"],
                "18": ["gD", "gC"],
                "36": ["gH", "gR"],
            },
        },
    ),
}
"""The position pictured on the rules page: the seed's worked example (3 and 2)."""


def _docs_pictures() -> dict[str, str]:
    """File name -> SVG of each picture on the rules page `docs/games/bremen.md`."""
    pictures = {}
    for name, (config, position) in DOCS_POSITIONS.items():
        game = BremenGame(**config)
        state = game.state_from_json({**position, "players": game.num_players})
        assert isinstance(state, BremenState)
        pictures[name] = render_svg(state)
    return pictures


def docs_pictures() -> dict[str, str]:
    """File name -> SVG of each picture of the rules pages, in each page's language
    (`bremen-board.svg`, `bremen-board.nl.svg`, `bremen-board.de.svg`)."""
    return in_every_language(_docs_pictures)


def write_docs_pictures(folder: str | Path) -> list[Path]:
    """Write the rules page's pictures into `folder` (normally `docs/games`)."""
    return write_pictures(docs_pictures(), folder)
