"""Villa Paletti as SVG: the villa from the front above the top floor from above.

The picture is narrow (`WIDTH`), so a phone shows it at about its own size; what is read or
tapped beside it (the seal and points, a chip per column, the buttons, the enlarged placement
grid) is HTML from `panel.py`, which the page reflows beside the picture or below it.

The contract with the web app is click paths (`click_path`): pulling a column is
["column:<id>"] (its chip in the panel; the picture outlines the columns that may be pulled),
placing it is ["zone:<k>", "cell:<i>"] (a zone of the top view, then a point of that zone
enlarged in the panel; ["cell:<i>"] alone where the grid is one zone, see `zones.py`), laying a
floor is ["turn:<degrees>", "zone:<k>", "cell:<i>"] (a turn button first), and "declare",
"protest", "pass" and "decline" (the penalty) are buttons. With `interactive`, every element
that can be clicked carries `data-click`; the page adds the classes `clickable`, `selected` and
`hot`. A villa that fell is drawn collapsing (a CSS animation, off for people who prefer reduced
motion). All CSS is scoped under the root class `villa-board`; the SVG uses no ids.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from ludoteca.core.api import CHANCE
from ludoteca.core.chance import play_chance
from ludoteca.core.marks import MoveMark, Role
from ludoteca.games.villa import hands
from ludoteca.games.villa.constants import (
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
)
from ludoteca.games.villa.describe import FLOOR_WORDS, column_words
from ludoteca.games.villa.game import VillaGame
from ludoteca.games.villa.grid import TopGrid, letters
from ludoteca.games.villa.hands import COLLAPSE, docs_plot
from ludoteca.games.villa.parts import cell_xy, load_parts
from ludoteca.games.villa.record import column_name
from ludoteca.games.villa.structure import HAND
from ludoteca.games.villa.zones import Zones, zones
from ludoteca.i18n import _
from ludoteca.rulebook import in_every_language, write_pictures

if TYPE_CHECKING:
    from ludoteca.games.villa.game import VillaState

WIDTH = 360.0
"""The picture's width: a phone shows it at about its own size (labels >= 9 px as drawn)."""
PAD = 12.0
SCALE = (WIDTH - 2 * PAD) / 300
"""Pixels per millimetre in the view from the front (the base plate, 300 mm, fills the width)."""
RISE = 0.92
"""How much of a height the view from the front shows (it looks from a little above)."""
DEPTH = 0.3
"""How far the back of the villa is raised in the view from the front, per mm of depth."""
HAND_ROW = 34.0
"""The line above the villa that shows the column in hand."""
GRID_MARGIN = 24.0
"""Room along the top and left edge of the top view for the grid's letters and numbers."""
MAX_TOP_SCALE = 3.5
"""The most pixels per millimetre of the top view (a small top floor is zoomed up to this)."""
INK = "#3b3226"
PAPER = "#fbf6ea"
WORDS = {DECLARE: "declare", PROTEST: "protest", PASS: "pass", DECLINE: "decline"}

STYLE = """
.villa-board{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
.villa-board text{dominant-baseline:central}
.villa-board .caption{font-size:14px;fill:#3b3226}
.villa-board .label{font-size:13px;text-anchor:middle;pointer-events:none;font-weight:600}
.villa-board .grid{font-size:13px;text-anchor:middle;fill:#3b3226;pointer-events:none}
.villa-board .offered .body{stroke:#e06c00;stroke-width:2.5}
.villa-board .legal{fill:#f2b200;pointer-events:none}
.villa-board .zone{fill:#fff;fill-opacity:.02;stroke:#8a6400;stroke-width:1.5;
stroke-dasharray:6 4;pointer-events:all}
.villa-board .zone.clickable{filter:none}
.villa-board .zone.clickable:hover,.villa-board .zone.clickable:focus{fill:#ffe45c;
fill-opacity:.3;stroke-width:2.5}
.villa-board .zone.selected{fill:#1b8a5a;fill-opacity:.18;stroke:#1b8a5a;stroke-width:3;
stroke-dasharray:none;filter:none}
.villa-board .frozen .body{stroke-dasharray:3 2}
.villa-board [data-last-move] .body,.villa-board .body[data-last-move],.villa-board .spot{
stroke:#c2185b;stroke-width:3}
.villa-board [data-last-move=from] .body{stroke-dasharray:6 3}
.villa-board [data-last-move=chance] .body,.villa-board .body[data-last-move=chance]{
stroke-dasharray:1.5 3;stroke-linecap:round}
.villa-board .side .column{pointer-events:none}
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
        return _zoomed(state, action - PLACE_BASE)
    if state.phase == FLOOR and action >= FLOOR_BASE:
        turn, cell = divmod(action - FLOOR_BASE, cells)
        return [f"turn:{turn * state.game.parts.turn_degrees}", *_zoomed(state, cell)]
    return []


def _zoomed(state: VillaState, cell: int) -> list[str]:
    """["zone:<k>", "cell:<i>"] on a grid cut into zones (`zones.py`), else ["cell:<i>"]."""
    grid = zones(state)
    if grid is None or len(grid.regions) == 1:
        return [f"cell:{cell}"]
    return [f"zone:{grid.of_cell(cell)}", f"cell:{cell}"]


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
    """The villa from the front above the top floor from above, as a complete `<svg>` fragment
    (deterministic, no fixed size, narrow enough for a phone); the board elements named by
    `last_moves` carry `data-last-move` (the newest mark wins a token). The seal, the points,
    the columns as chips and the enlarged placement grid are HTML (`panel.panel_html`)."""
    parts = load_parts()
    tokens = offered_tokens(state, seat, interactive)
    marked: dict[str, Role] = {}
    for mark in last_moves:
        marked.update({token: role for role, token in mark.spots})
    canvas = _Canvas(tokens, marked)
    span = WIDTH - 2 * PAD
    storeys = max(2, len(state.villa.floors) + 1)
    height_mm = storeys * (parts.column_height + parts.floor_thickness) + parts.base_thickness
    view_height = height_mm * SCALE * RISE + span * DEPTH + 20
    in_hand = [c for c, level in enumerate(state.villa.level) if level == HAND]
    side_y = PAD + (HAND_ROW if in_hand else 0)
    top_y = side_y + view_height + 8
    height = top_y + span + PAD
    fallen = state.phase == OVER and state.culprit >= 0
    label = _("Villa Paletti: the villa from the front and the top floor from above")
    canvas.add(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="villa-board" role="img"'
        f' viewBox="0 0 {_n(WIDTH)} {_n(height)}" aria-label="{escape(label)}">'
    )
    canvas.add(f"<style>{STYLE}</style>")
    canvas.add(f'<rect width="{_n(WIDTH)}" height="{_n(height)}" rx="12" fill="{PAPER}"/>')
    canvas.add(
        f'<g class="side{" fallen" if fallen else ""}" data-piece="villa"{canvas.last("villa")}>'
    )
    _three_quarter_view(canvas, state, PAD, side_y + view_height - 10)
    canvas.add("</g>")
    _in_hand(canvas, state, in_hand)
    _top_view(canvas, state, PAD, top_y, span)
    canvas.add("</svg>")
    return "\n".join(canvas.parts) + "\n"


def _in_hand(canvas: _Canvas, state: VillaState, columns: list[int]) -> None:
    """A line above the villa: the column(s) in hand, each a chip with its name."""
    if not columns:
        return
    y = PAD + HAND_ROW / 2 - 4
    caption = escape(_("in hand"))
    canvas.add(f'<text class="caption" x="{_n(PAD + 4)}" y="{_n(y)}">{caption}</text>')
    for i, column in enumerate(columns):
        x = PAD + 110 + i * 56
        canvas.add(
            f'<g class="column" data-piece="column:{column}"{canvas.last(f"column:{column}")}>'
            f"<title>{column_title(state, column)}</title>"
            f'<rect class="body" x="{_n(x)}" y="{_n(y - 13)}" width="48" height="26" rx="5"'
            f' fill="{column_fill(state, column)}" stroke="{INK}" stroke-width="1"/>'
            f'<text class="label" x="{_n(x + 24)}" y="{_n(y)}" fill="{column_ink(state, column)}">'
            f"{column_name(column)}</text></g>"
        )


def offered_tokens(state: VillaState, seat: int | None, interactive: bool) -> set[str]:
    """Every click token of the moves `seat` may make now (none for an onlooker)."""
    player = state.current_player()
    if not (interactive and player >= 0 and seat in {None, player}):
        return set()
    return {token for action in state.legal_actions() for token in click_path(state, action)}


def column_fill(state: VillaState, column: int) -> str:
    parts = load_parts()
    return parts.column_colours[parts.colours[state.colour_of(column)]]


def column_ink(state: VillaState, column: int) -> str:
    """White or black text on a column, whichever reads better on its colour (WCAG contrast:
    the purple and teal columns fail with the board's brown ink)."""
    return readable_ink(column_fill(state, column))


def readable_ink(background: str) -> str:
    """ "#ffffff" or "#000000", whichever has the higher contrast on `background` (#rrggbb)."""

    def channel(hex_pair: str) -> float:
        value = int(hex_pair, 16) / 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(background[i : i + 2]) for i in (1, 3, 5))
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    # Contrast with white: 1.05 / (L + 0.05); with black: (L + 0.05) / 0.05.
    return "#ffffff" if 1.05 / (luminance + 0.05) > (luminance + 0.05) / 0.05 else "#000000"


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
            fill = column_fill(state, column)
            label_x, label_y = at(x, y, (bottom + top) / 2)
            offered = " offered" if f"column:{column}" in canvas.tokens else ""
            canvas.add(
                f'<g class="column piece{frozen}{offered}" data-piece="column:{column}"'
                f"{canvas.last(f'column:{column}')}>"
                f"<title>{column_title(state, column)}</title>"
                f'<rect class="body" x="{_n(x0)}" y="{_n(y_top)}"'
                f' width="{_n(2 * kind.radius * SCALE)}" height="{_n(y_bottom - y_top)}"'
                f' fill="{fill}" stroke="{INK}" stroke-width="1"/>'
                + ellipse(x, y, top, kind.radius, fill=fill, stroke=INK, stroke_width="1")
                + (
                    f'<text class="label" x="{_n(label_x)}" y="{_n(label_y)}"'
                    f' fill="{column_ink(state, column)}">{column_name(column)[1]}</text></g>'
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


def column_title(state: VillaState, column: int) -> str:
    """ "W4: the hexagonal white column, on the blue floor" (a tooltip)."""
    level = state.villa.level[column]
    where = _("in hand") if level == HAND else _(FLOOR_WORDS[level])
    frozen = ", " + _("frozen") if state.frozen[column] else ""
    return escape(f"{column_name(column)}: {column_words(state, column)}, {where}{frozen}")


def _top_view(canvas: _Canvas, state: VillaState, left: float, top: float, size: float) -> None:
    """The top floor from above (y up), zoomed to fill the square `size` (its lettered grid
    along the edges, as in "place C4"), lower floors faint, the legal points as dots and, on a
    grid cut into zones, a frame to tap per zone.
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
            f"<title>{column_title(state, column)}</title>"
            f'<polygon class="body" points="{corners}" fill="{column_fill(state, column)}"'
            f' stroke="{INK}" stroke-width="1"/>'
            f'<text class="label" x="{_n(x)}" y="{_n(y)}" fill="{column_ink(state, column)}">'
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
    legal = {int(token.split(":")[1]) for token in canvas.tokens if token.startswith("cell:")}
    for cell in sorted(legal):
        x, y = at(*cell_xy(cell))
        canvas.add(f'<circle class="legal" cx="{_n(x)}" cy="{_n(y)}" r="2.5"/>')
    chosen = zones(state) if legal else None
    if chosen is not None and len(chosen.regions) > 1:
        _zones(canvas, chosen, at)


def _zones(canvas: _Canvas, grid: Zones, at: Callable[[float, float], tuple[float, float]]) -> None:
    """The zones that hold legal points, each a frame to tap: the panel then shows it large."""
    pitch = load_parts().pitch
    title = escape(_("Show this part of the grid large"))
    for k, region in enumerate(grid.regions):
        token = f"zone:{k}"
        if token not in canvas.tokens:
            continue
        x0, y0 = at((region.left - 0.5) * pitch, (region.front + region.depth - 0.5) * pitch)
        x1, y1 = at((region.left + region.width - 0.5) * pitch, (region.front - 0.5) * pitch)
        canvas.add(
            f'<rect class="zone" x="{_n(x0)}" y="{_n(y0)}" width="{_n(x1 - x0)}"'
            f' height="{_n(y1 - y0)}" rx="4"{canvas.click(token)}>'
            f"<title>{title}</title></rect>"
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
    step = max(1, math.ceil(16 / (at(pitch, 0)[0] - at(0, 0)[0])))
    for i in range(0, grid.width, step):
        x, _y = at((grid.left + i) * pitch, 0)
        canvas.add(f'<text class="grid" x="{_n(x)}" y="{_n(top + 11)}">{letters(i)}</text>')
    for j in range(0, grid.depth, step):
        _x, y = at(0, (grid.front + j) * pitch)
        canvas.add(f'<text class="grid" x="{_n(left + 11)}" y="{_n(y)}">{j + 1}</text>')


DOCS_POSITION_SEED = 7
"""The rules page shows a steady-handed 4-player game after a few turns (a fixed seed)."""


def _docs_pictures() -> dict[str, str]:
    """File name -> SVG of each picture on the rules page `docs/games/villa.md`."""
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


def docs_pictures() -> dict[str, str]:
    """File name -> SVG of each picture of the rules pages, in each page's language
    (`villa-board.svg`, `villa-board.nl.svg`, `villa-board.de.svg`)."""
    return in_every_language(_docs_pictures)


def write_docs_pictures(folder: str | Path) -> list[Path]:
    """Write the rules page's pictures into `folder` (normally `docs/games`)."""
    written = write_pictures(docs_pictures(), folder)
    written.append(docs_plot(Path(folder) / "villa-odds.svg"))
    return written
