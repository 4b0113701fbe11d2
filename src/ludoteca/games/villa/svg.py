"""Villa Paletti as SVG: the villa from the front, the top floor from above, the columns.

The contract with the web app is click paths (`click_path`): pulling a column is
["column:<id>"] (the column in the side view, or its chip in the rack below), placing it is
["cell:<i>"] (the small squares on the top view, only the legal ones), laying a floor is
["turn:<degrees>", "cell:<i>"] (a turn button, then where the floor's centroid goes), and
"declare", "protest", "pass" and "decline" (the penalty) are buttons. With `interactive`, every
element that can be clicked carries `data-click`; the page adds the classes `clickable`,
`selected` and `hot`. A villa that fell is drawn collapsing (a CSS animation, off for people
who prefer reduced motion). All CSS is scoped under the root class `villa-board`; the SVG uses
no ids.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from ludoteca.core.api import CHANCE
from ludoteca.core.marks import MoveMark, Role
from ludoteca.games.villa import hands
from ludoteca.games.villa.describe import FLOOR_WORDS, column_words, player_name, seat_colours
from ludoteca.games.villa.game import (
    DECLARE,
    DECLINE,
    FLOOR,
    FLOOR_BASE,
    LANDING,
    OVER,
    PASS,
    PENALTY,
    PLACE,
    PLACE_BASE,
    PROTEST,
    PROTEST_PULL,
    PULL_KINDS,
    PULLING,
    SETUP,
    TURN,
    VillaGame,
)
from ludoteca.games.villa.grid import TopGrid, letters
from ludoteca.games.villa.hands import COLLAPSE
from ludoteca.games.villa.parts import cell_xy, load_parts
from ludoteca.games.villa.record import column_name
from ludoteca.games.villa.villa import HAND
from ludoteca.i18n import _
from ludoteca.rulebook import write_pictures

if TYPE_CHECKING:
    from ludoteca.games.villa.game import VillaState

SCALE = 1.25
"""Pixels per millimetre in the view from the front."""
RISE = 0.92
"""How much of a height the view from the front shows (it looks from a little above)."""
DEPTH = 0.3
"""How far the back of the villa is raised in the view from the front, per mm of depth."""
RACK_ROW = 30
"""The height of a row of column chips."""
PAD = 20.0
GRID_MARGIN = 22.0
"""Room along the top and left edge of the top view for the grid's letters and numbers."""
MAX_TOP_SCALE = 3.5
"""The most pixels per millimetre of the top view (a small top floor is zoomed up to this)."""
INK = "#3b3226"
PAPER = "#fbf6ea"
WORDS = {DECLARE: "declare", PROTEST: "protest", PASS: "pass", DECLINE: "decline"}

STYLE = """
.villa-board{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
.villa-board text{dominant-baseline:central}
.villa-board .title{font-size:15px;fill:#3b3226;font-weight:700}
.villa-board .info{font-size:13px;fill:#3b3226}
.villa-board .label{font-size:9px;text-anchor:middle;pointer-events:none}
.villa-board .grid{font-size:10px;text-anchor:middle;fill:#3b3226;pointer-events:none}
.villa-board .chip text{font-size:14px;text-anchor:middle;font-weight:600}
.villa-board .button text{font-size:13px;text-anchor:middle;fill:#fff;font-weight:700}
.villa-board .cell{fill:#ffe45c;fill-opacity:.25;stroke:#f2b200;stroke-width:.6}
.villa-board [data-click]:hover .body,.villa-board [data-click].hot .body{stroke:#ff6a00;
stroke-width:2.5}
.villa-board .cell[data-click]:hover,.villa-board .cell.hot{fill-opacity:.9}
.villa-board .frozen .body{stroke-dasharray:3 2}
.villa-board [data-last-move] .body,.villa-board .body[data-last-move],.villa-board .spot{
stroke:#c2185b;stroke-width:3}
.villa-board [data-last-move=from] .body{stroke-dasharray:6 3}
.villa-board [data-last-move=chance] .body,.villa-board .body[data-last-move=chance]{
stroke-dasharray:1.5 3;stroke-linecap:round}
.villa-board .side .column:not(.clickable){pointer-events:none}
@media (prefers-reduced-motion:no-preference){
.villa-board .fallen .piece{transform-box:fill-box;transform-origin:center;
animation:villa-fall 1.4s ease-in forwards}
.villa-board .fallen .piece:nth-child(2n){animation-duration:1.1s;animation-direction:normal}
@keyframes villa-fall{to{transform:translateY(90px) rotate(24deg);opacity:.55}}}
"""


def _n(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


def click_path(state: VillaState, action: int) -> list[str]:
    """The tokens a person clicks to choose `action` (see the module docstring)."""
    if action in WORDS:
        return [WORDS[action]]
    if 0 <= action < len(state.villa.level):
        return [f"column:{action}"]
    cells = state.game.cells
    if state.phase == PLACE and PLACE_BASE <= action < PLACE_BASE + cells:
        return [f"cell:{action - PLACE_BASE}"]
    if state.phase == FLOOR and action >= FLOOR_BASE:
        turn, cell = divmod(action - FLOOR_BASE, cells)
        return [f"turn:{turn * state.game.parts.turn_degrees}", f"cell:{cell}"]
    return []


PENALTY_PULL = PULL_KINDS.index("penalty")
"""A penalty pull that comes out takes the column out of the game: nothing left to mark."""


def move_mark(before: VillaState, action: int) -> MoveMark:
    """What `action` touched: the pulled column (`from`), the spot and column of a placement
    (`to`), a new floor (`to`), the column of a pull's or a landing's outcome and the villa at
    the set-up or a collapse (`chance`). Declaring, protesting and the colour draw touch nothing.
    """
    phase = before.phase
    seat = CHANCE if before.is_chance_node() else before.current_player()
    spots: list[tuple[Role, str]] = []
    protest = PULL_KINDS[before.pull_kind] == "protest" and before.pulled >= 0
    if phase in {TURN, PROTEST_PULL, PENALTY} and 0 <= action < len(before.villa.level):
        spots.append(("from", f"column:{action}"))
    elif phase == PLACE:
        spots.append(("to", f"cell:{action - PLACE_BASE}"))
        spots += [] if protest else [("to", f"column:{before.pulled}")]
    elif phase == FLOOR:
        spots.append(("to", f"floor:{len(before.villa.floors)}"))
    elif phase == PULLING and action == COLLAPSE:
        spots.append(("chance", "villa"))
    elif phase == LANDING and protest:  # a proven protest: the column leaves the game
        spots.append(("chance", f"cell:{before.cell}"))
    elif phase in {PULLING, LANDING}:
        gone = phase == PULLING and before.pull_kind == PENALTY_PULL and action == hands.OUT
        spots += [] if gone else [("chance", f"column:{before.pulled}")]
    elif phase == SETUP:
        spots.append(("chance", "villa"))
    return MoveMark(seat, tuple(spots))


class _Canvas:
    """Collects SVG parts; `click` decides whether an element gets its data-click token."""

    def __init__(self, tokens: set[str], marked: dict[str, Role]) -> None:
        self.parts: list[str] = []
        self.tokens = tokens
        self.marked = marked

    def click(self, token: str) -> str:
        return f' data-click="{escape(token)}"' if token in self.tokens else ""

    def last(self, token: str) -> str:
        """`data-last-move` and its class (the outline style of the role) if a mark names it."""
        role = self.marked.get(token)
        return f' data-last-move="{role}"' if role else ""

    def add(self, text: str) -> None:
        self.parts.append(text)


def render_svg(
    state: VillaState,
    *,
    seat: int | None = None,
    interactive: bool = False,
    last_moves: Sequence[MoveMark] = (),
) -> str:
    """The position as a complete `<svg>` fragment (deterministic, no fixed size); the board
    elements named by `last_moves` carry `data-last-move` (the newest mark wins a token)."""
    parts = load_parts()
    player = state.current_player()
    offered = interactive and player >= 0 and seat in {None, player}
    tokens = (
        {token for action in state.legal_actions() for token in click_path(state, action)}
        if offered
        else set()
    )
    marked: dict[str, Role] = {}
    for mark in last_moves:
        marked.update({token: role for role, token in mark.spots})
    canvas = _Canvas(tokens, marked)
    span = 2 * parts.base_radius * SCALE
    storeys = max(2, len(state.villa.floors) + 1)
    height_mm = storeys * (parts.column_height + parts.floor_thickness) + parts.base_thickness
    view_height = height_mm * SCALE * RISE + span * DEPTH + 20
    top_y = PAD + 30
    rack_y = top_y + max(view_height, span) + 24
    width = 2 * span + 3 * PAD
    lines = rack_lines(state, width - 2 * PAD)
    height = rack_y + len(lines) * RACK_ROW + 80
    fallen = state.phase == OVER and state.culprit >= 0
    label = _("Villa Paletti: the villa from the front and the top floor from above")
    canvas.add(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="villa-board" role="img"'
        f' viewBox="0 0 {_n(width)} {_n(height)}" aria-label="{escape(label)}">'
    )
    canvas.add(f"<style>{STYLE}</style>")
    canvas.add(f'<rect width="{_n(width)}" height="{_n(height)}" rx="12" fill="{PAPER}"/>')
    _header(canvas, state, seat)
    canvas.add(
        f'<g class="side{" fallen" if fallen else ""}" data-piece="villa"{canvas.last("villa")}>'
    )
    _three_quarter_view(canvas, state, PAD, top_y + view_height - 10)
    canvas.add("</g>")
    _top_view(canvas, state, 2 * PAD + span, top_y, span)
    _rack(canvas, state, lines, PAD, rack_y)
    _buttons(canvas, state, PAD, rack_y + len(lines) * RACK_ROW + 12)
    canvas.add("</svg>")
    return "\n".join(canvas.parts) + "\n"


def _header(canvas: _Canvas, state: VillaState, viewer: int | None) -> None:
    """One short line: who holds the builder's seal and everyone's points on the top floor."""
    if not state.villa.floors:
        return
    names = [_seat(state, seat, viewer) for seat in range(state.game.num_players)]
    points = " · ".join(f"{name} {state.points(seat)}" for seat, name in enumerate(names))
    holder = names[state.holder] if state.holder >= 0 else _("nobody")
    line = _("Seal: {holder} · points: {points}").format(holder=holder, points=points)
    canvas.add(f'<text class="info" x="{_n(PAD)}" y="{_n(PAD + 4)}">{escape(line)}</text>')


def _seat(state: VillaState, seat: int, viewer: int | None) -> str:
    """ "Player 2 (black)", or "you (black)"."""
    name = _("you") if seat == viewer else player_name(state.game, seat)
    return f"{name} ({seat_colours(state, seat)})"


def _fill(state: VillaState, column: int) -> str:
    parts = load_parts()
    return parts.column_colours[parts.colours[state.colour_of(column)]]


def _ink(state: VillaState, column: int) -> str:
    """White text on the dark columns, ink on the light ones."""
    return "#ffffff" if load_parts().colours[state.colour_of(column)] == "black" else INK


def _three_quarter_view(canvas: _Canvas, state: VillaState, left: float, ground: float) -> None:
    """The villa from the front and a little above (x right, height up, the back raised by
    `DEPTH`), drawn back to front and bottom to top, so what is in front is on top and takes
    the click: no column hides behind another in the picture."""
    parts = load_parts()
    villa = state.villa
    radius = parts.base_radius
    storey = parts.column_height + parts.floor_thickness

    def at(x: float, y: float, z: float) -> tuple[float, float]:
        return left + (x + radius) * SCALE, ground - (z * RISE + (y + radius) * DEPTH) * SCALE

    def ellipse(x: float, y: float, z: float, r: float, **style: str) -> str:
        cx, cy = at(x, y, z)
        extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in style.items())
        return (
            f'<ellipse cx="{_n(cx)}" cy="{_n(cy)}" rx="{_n(r * SCALE)}"'
            f' ry="{_n(r * SCALE * DEPTH)}"{extra}/>'
        )

    canvas.add(ellipse(0, 0, 0, radius, fill="#8d7b62", stroke=INK, stroke_width="1"))
    canvas.add(
        ellipse(0, 0, parts.base_thickness, radius, fill="#b9a683", stroke=INK, stroke_width="1")
    )
    for level in range(villa.top + 1):
        floor_z = parts.base_thickness + level * storey
        for column in sorted(villa.on_level(level), key=lambda c: (-villa.y[c], villa.x[c])):
            kind = villa.kind(column)
            x, y = villa.x[column], villa.y[column]
            bottom = floor_z + (parts.column_height if villa.on[column] >= 0 else 0)
            top = bottom + parts.column_height
            x0, y_top = at(x - kind.radius, y, top)
            _, y_bottom = at(x, y, bottom)
            frozen = " frozen" if state.frozen[column] else ""
            fill = _fill(state, column)
            label_x, label_y = at(x, y, (bottom + top) / 2)
            canvas.add(
                f'<g class="column piece{frozen}" data-piece="column:{column}"'
                f"{canvas.last(f'column:{column}')}{canvas.click(f'column:{column}')}>"
                f"<title>{_column_title(state, column)}</title>"
                f'<rect class="body" x="{_n(x0)}" y="{_n(y_top)}"'
                f' width="{_n(2 * kind.radius * SCALE)}" height="{_n(y_bottom - y_top)}"'
                f' fill="{fill}" stroke="{INK}" stroke-width="1"/>'
                + ellipse(x, y, top, kind.radius, fill=fill, stroke=INK, stroke_width="1")
                + (
                    f'<text class="label" x="{_n(label_x)}" y="{_n(label_y)}"'
                    f' fill="{_ink(state, column)}">{column_name(column)[1]}</text></g>'
                )
            )
        if level < len(villa.floors):
            outline = villa.outline(level)
            z = floor_z + parts.column_height
            shape = parts.floors[level]
            for height, shade in ((z, ' fill-opacity=".55"'), (z + parts.floor_thickness, "")):
                points = " ".join(
                    ",".join(_n(v) for v in at(px, py, height))
                    for px, py in outline.exterior.coords
                )
                canvas.add(
                    f'<polygon class="floor piece body" data-piece="floor:{level}"'
                    f'{canvas.last(f"floor:{level}")} points="{points}" fill="{shape.colour}"'
                    f'{shade} stroke="{INK}" stroke-width="1"/>'
                    if shade == ""
                    else f'<polygon points="{points}" fill="{INK}"{shade}/>'
                )


def _column_title(state: VillaState, column: int) -> str:
    """ "W4: the hexagonal white column, on the blue floor" (a tooltip)."""
    level = state.villa.level[column]
    where = _("in hand") if level == HAND else _(FLOOR_WORDS[level])
    frozen = ", " + _("frozen") if state.frozen[column] else ""
    return escape(f"{column_name(column)}: {column_words(state, column)}, {where}{frozen}")


def _top_view(canvas: _Canvas, state: VillaState, left: float, top: float, size: float) -> None:
    """The top floor from above (y up), zoomed to fill the square `size` (its lettered grid
    along the edges, as in "place C4"), lower floors faint, and the clickable grid points.
    While a floor is laid the whole base plate is shown: the floor may go anywhere on it."""
    parts = load_parts()
    villa = state.villa
    radius = parts.base_radius
    grid = TopGrid.of(state) if state.phase != FLOOR else None
    if grid is None:
        box = (-radius, -radius, radius, radius)
    else:
        pitch = parts.pitch
        box = (
            (grid.left - 1.5) * pitch,
            (grid.front - 1.5) * pitch,
            (grid.left + grid.width + 0.5) * pitch,
            (grid.front + grid.depth + 0.5) * pitch,
        )
    inner = size - GRID_MARGIN  # the grid's letters and numbers go in the margin
    scale = min(inner / (box[2] - box[0]), inner / (box[3] - box[1]), MAX_TOP_SCALE)
    cx = left + GRID_MARGIN + inner / 2 - (box[0] + box[2]) / 2 * scale
    cy = top + GRID_MARGIN + inner / 2 + (box[1] + box[3]) / 2 * scale

    def at(x: float, y: float) -> tuple[float, float]:
        return cx + x * scale, cy - y * scale

    canvas.add(
        f'<svg x="{_n(left)}" y="{_n(top)}" width="{_n(size)}" height="{_n(size)}"'
        f' viewBox="{_n(left)} {_n(top)} {_n(size)} {_n(size)}">'
        f'<rect x="{_n(left)}" y="{_n(top)}" width="{_n(size)}" height="{_n(size)}" rx="8"'
        f' fill="#e9dfc9"/>'
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(radius * scale)}" fill="#ddd0b4"'
        f' stroke="#8d7b62" stroke-width="2"/>'
    )
    for floor in range(len(villa.floors)):
        outline = villa.outline(floor)
        points = " ".join(",".join(_n(v) for v in at(x, y)) for x, y in outline.exterior.coords)
        is_top = floor == len(villa.floors) - 1
        fill = parts.floors[floor].colour
        opacity = ".85" if is_top else ".18"
        canvas.add(
            f'<polygon points="{points}" fill="{fill}" fill-opacity="{opacity}"'
            f' stroke="{INK}" stroke-width="{1.5 if is_top else 0.8}"/>'
        )
    for column in villa.on_level(villa.top):
        kind = villa.kind(column)
        x, y = at(villa.x[column], villa.y[column])
        corners = " ".join(
            ",".join(_n(v) for v in at(villa.x[column] + dx, villa.y[column] + dy))
            for dx, dy in kind.outline
        )
        canvas.add(
            f'<g class="column"{canvas.last(f"column:{column}")}>'
            f"<title>{_column_title(state, column)}</title>"
            f'<polygon class="body" points="{corners}" fill="{_fill(state, column)}"'
            f' stroke="{INK}" stroke-width="1"/>'
            f'<text class="label" x="{_n(x)}" y="{_n(y)}" fill="{_ink(state, column)}">'
            f"{column_name(column)}</text></g>"
        )
    canvas.add("</svg>")
    if grid is not None:
        _grid_labels(canvas, grid, at, left, top, size)
    for token, role in canvas.marked.items():
        if token.startswith("cell:"):
            x, y = at(*cell_xy(int(token.split(":")[1])))
            canvas.add(
                f'<circle class="spot" data-spot="{token}" data-last-move="{role}" cx="{_n(x)}"'
                f' cy="{_n(y)}" r="{_n(parts.pitch * scale)}" fill="none"/>'
            )
    half = parts.pitch * scale / 2 - 0.8
    cells = sorted(int(token.split(":")[1]) for token in canvas.tokens if token.startswith("cell:"))
    for cell in cells:
        x, y = at(*cell_xy(cell))
        canvas.add(
            f'<rect class="cell" x="{_n(x - half)}" y="{_n(y - half)}" width="{_n(2 * half)}"'
            f' height="{_n(2 * half)}"{canvas.click(f"cell:{cell}")}>'
            f"<title>{_cell_title(state, cell)}</title></rect>"
        )


def _grid_labels(
    canvas: _Canvas,
    grid: TopGrid,
    at: Callable[[float, float], tuple[float, float]],
    left: float,
    top: float,
    size: float,
) -> None:
    """The grid's letters along the top edge and its numbers along the left edge."""
    pitch = load_parts().pitch
    step = max(1, math.ceil(14 / (pitch * (at(pitch, 0)[0] - at(0, 0)[0]) / pitch)))
    for i in range(0, grid.width, step):
        x, _y = at((grid.left + i) * pitch, 0)
        canvas.add(f'<text class="grid" x="{_n(x)}" y="{_n(top + 10)}">{letters(i)}</text>')
    for j in range(0, grid.depth, step):
        _x, y = at(0, (grid.front + j) * pitch)
        canvas.add(f'<text class="grid" x="{_n(left + 10)}" y="{_n(y)}">{j + 1}</text>')


def _cell_title(state: VillaState, cell: int) -> str:
    x, y = cell_xy(cell)
    what = "the floor's centroid" if state.phase == FLOOR else "the column"
    return escape(f"{what} at {x:g},{y:g}")


CHIP_W, CHIP_H, CHIP_GAP, RACK_LABEL = 40.0, 24.0, 5.0, 150.0


def rack_lines(state: VillaState, width: float) -> list[tuple[str, list[int]]]:
    """The rack's lines: (label, columns), in hand first, then the top floor down to the base
    plate; a level with more chips than fit in `width` goes on over several lines."""
    villa = state.villa
    per_line = max(1, int((width - RACK_LABEL) // (CHIP_W + CHIP_GAP)))
    rows = [(_("in hand"), [c for c, level in enumerate(villa.level) if level == HAND])]
    rows += [(_(FLOOR_WORDS[level]), villa.on_level(level)) for level in range(villa.top, -1, -1)]
    lines = []
    for label, columns in rows:
        for start in range(0, len(columns), per_line):
            lines.append((label if start == 0 else "", columns[start : start + per_line]))
    return lines


def _rack(
    canvas: _Canvas, state: VillaState, lines: list[tuple[str, list[int]]], left: float, top: float
) -> None:
    """Every column as a chip, one line per level: the easy way to click one."""
    for row, (label, columns) in enumerate(lines):
        y = top + row * RACK_ROW
        canvas.add(
            f'<text class="info" x="{_n(left)}" y="{_n(y + CHIP_H / 2)}">{escape(label)}</text>'
        )
        for i, column in enumerate(columns):
            x = left + RACK_LABEL + i * (CHIP_W + CHIP_GAP)
            frozen = " frozen" if state.frozen[column] else ""
            ink = _ink(state, column)
            canvas.add(
                f'<g class="chip{frozen}" data-chip="column:{column}"'
                f"{canvas.last(f'column:{column}')}"
                f"{canvas.click(f'column:{column}')}>"
                f"<title>{_column_title(state, column)}</title>"
                f'<rect class="body" x="{_n(x)}" y="{_n(y)}" width="{_n(CHIP_W)}"'
                f' height="{_n(CHIP_H)}" rx="4" fill="{_fill(state, column)}" stroke="{INK}"'
                f' stroke-width="1"/><text x="{_n(x + CHIP_W / 2)}" y="{_n(y + CHIP_H / 2)}"'
                f' fill="{ink}">{column_name(column)}{"*" if frozen else ""}</text></g>'
            )


def _buttons(canvas: _Canvas, state: VillaState, left: float, top: float) -> None:
    """Declare / protest / pass / decline, and the floor turns while a floor is being laid."""
    buttons = [(word, word) for word in WORDS.values() if word in canvas.tokens]
    turns = sorted(int(token.split(":")[1]) for token in canvas.tokens if token.startswith("turn:"))
    buttons += [(f"turn:{degrees}", f"{degrees}°") for degrees in turns]
    x = left
    for token, label in buttons:
        width = 70 if label in WORDS.values() else 44
        canvas.add(
            f'<g class="button"{canvas.click(token)}><rect class="body" x="{_n(x)}"'
            f' y="{_n(top)}" width="{width}" height="26" rx="6" fill="#5b4a8a"'
            f' stroke="{INK}"/><text x="{_n(x + width / 2)}" y="{_n(top + 13)}">{label}</text></g>'
        )
        x += width + 8
        if x > left + 2 * load_parts().base_radius * 2 * SCALE - 60:
            x = left
            top += 32


DOCS_POSITION_SEED = 7
"""The rules page shows a steady-handed 4-player game after a few turns (a fixed seed)."""


def docs_pictures() -> dict[str, str]:
    """File name -> SVG of each picture on the rules page `docs/games/villa.md`."""
    from ludoteca.core.chance import play_chance

    game = VillaGame(players=4, hands="steady")
    state = game.new_initial_state(seed=DOCS_POSITION_SEED)
    play_chance(state)
    rng = random.Random(DOCS_POSITION_SEED)
    for _pull in range(12):  # a few pulls, each placed on a random legal cell
        pulls = [a for a in state.legal_actions() if a < DECLARE]
        state.apply_action(rng.choice(pulls) if pulls else DECLARE)
        play_chance(state)
        if state.phase in {PLACE, FLOOR}:
            state.apply_action(rng.choice(state.legal_actions()))
            play_chance(state)
    return {"villa-board.svg": render_svg(state, interactive=True)}


def write_docs_pictures(folder: str | Path) -> list[Path]:
    """Write the rules page's pictures into `folder` (normally `docs/games`)."""
    from ludoteca.games.villa.hands import docs_plot

    written = write_pictures(docs_pictures(), folder)
    written.append(docs_plot(Path(folder) / "villa-odds.svg"))
    return written
