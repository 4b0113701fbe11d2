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

import random
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from ludoteca.games.villa.game import (
    DECLARE,
    DECLINE,
    FLOOR,
    FLOOR_BASE,
    OVER,
    PASS,
    PLACE,
    PLACE_BASE,
    PROTEST,
    VillaGame,
)
from ludoteca.games.villa.parts import cell_xy, load_parts
from ludoteca.games.villa.record import column_name
from ludoteca.games.villa.text import LEVEL_NAMES, colour_names, status_line
from ludoteca.games.villa.villa import HAND
from ludoteca.rulebook import write_pictures

if TYPE_CHECKING:
    from ludoteca.games.villa.game import VillaState

SCALE = 1.25
"""Pixels per millimetre in both views."""
PAD = 20.0
INK = "#3b3226"
PAPER = "#fbf6ea"
WORDS = {DECLARE: "declare", PROTEST: "protest", PASS: "pass", DECLINE: "decline"}

STYLE = """
.villa-board{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
.villa-board text{dominant-baseline:central}
.villa-board .title{font-size:15px;fill:#3b3226;font-weight:700}
.villa-board .info{font-size:13px;fill:#3b3226}
.villa-board .label{font-size:9px;text-anchor:middle;pointer-events:none}
.villa-board .chip text{font-size:11px;text-anchor:middle}
.villa-board .button text{font-size:13px;text-anchor:middle;fill:#fff;font-weight:700}
.villa-board .cell{fill:#ffe45c;fill-opacity:.25;stroke:#f2b200;stroke-width:.6}
.villa-board [data-click]:hover .body,.villa-board [data-click].hot .body{stroke:#ff6a00;
stroke-width:2.5}
.villa-board .cell[data-click]:hover,.villa-board .cell.hot{fill-opacity:.9}
.villa-board .frozen .body{stroke-dasharray:3 2}
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


class _Canvas:
    """Collects SVG parts; `click` decides whether an element gets its data-click token."""

    def __init__(self, tokens: set[str]) -> None:
        self.parts: list[str] = []
        self.tokens = tokens

    def click(self, token: str) -> str:
        return f' data-click="{escape(token)}"' if token in self.tokens else ""

    def add(self, text: str) -> None:
        self.parts.append(text)


def render_svg(state: VillaState, *, seat: int | None = None, interactive: bool = False) -> str:
    """The position as a complete `<svg>` fragment (deterministic, no fixed size)."""
    parts = load_parts()
    player = state.current_player()
    offered = interactive and player >= 0 and seat in {None, player}
    tokens = (
        {token for action in state.legal_actions() for token in click_path(state, action)}
        if offered
        else set()
    )
    canvas = _Canvas(tokens)
    span = 2 * parts.base_radius * SCALE
    height_mm = 5 * (parts.column_height + parts.floor_thickness) + parts.base_thickness
    side_height = height_mm * SCALE
    top_y = PAD + 66
    rack_y = top_y + max(side_height, span) + 24
    rack_rows = 6
    width = 2 * span + 3 * PAD
    height = rack_y + rack_rows * 24 + 70
    fallen = state.phase == OVER and state.culprit >= 0
    canvas.add(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="villa-board" role="img"'
        f' viewBox="0 0 {_n(width)} {_n(height)}"'
        f' aria-label="{escape(f"Villa Paletti. {status_line(state)}")}">'
    )
    canvas.add(f"<style>{STYLE}</style>")
    canvas.add(f'<rect width="{_n(width)}" height="{_n(height)}" rx="12" fill="{PAPER}"/>')
    _header(canvas, state, seat)
    canvas.add(f'<g class="side{" fallen" if fallen else ""}">')
    _side_view(canvas, state, PAD, top_y + side_height)
    canvas.add("</g>")
    _top_view(canvas, state, 2 * PAD + span, top_y)
    _rack(canvas, state, PAD, rack_y)
    _buttons(canvas, state, PAD, rack_y + rack_rows * 24 + 12)
    canvas.add("</svg>")
    return "\n".join(canvas.parts) + "\n"


def _header(canvas: _Canvas, state: VillaState, viewer: int | None) -> None:
    canvas.add(f'<text class="title" x="{_n(PAD)}" y="18">{escape(status_line(state))}</text>')
    lines = []
    if state.villa.floors:
        holder = _seat(state, state.holder, viewer)
        previous = _seat(state, state.previous, viewer)
        points = ", ".join(
            f"{_seat(state, s, viewer)} {state.points(s)}" for s in range(state.game.num_players)
        )
        lines.append(f"Seal: {holder} (previous: {previous}) · points on top: {points}")
    last = state.to_json()["last"]
    if last is not None:
        lines.append(f"Last pull: {last['column']} {last['outcome']}")
    for row, line in enumerate(lines):
        canvas.add(f'<text class="info" x="{_n(PAD)}" y="{38 + 17 * row}">{escape(line)}</text>')


def _seat(state: VillaState, seat: int, viewer: int | None) -> str:
    if seat < 0:
        return "nobody"
    you = " (you)" if seat == viewer else ""
    return f"seat {seat}{you} {colour_names(state, seat)}"


def _fill(state: VillaState, column: int) -> str:
    parts = load_parts()
    return parts.column_colours[parts.colours[state.colour_of(column)]]


def _ink(state: VillaState, column: int) -> str:
    """White text on the dark columns, ink on the light ones."""
    return "#ffffff" if load_parts().colours[state.colour_of(column)] == "black" else INK


def _side_view(canvas: _Canvas, state: VillaState, left: float, ground: float) -> None:
    """The villa from the front: x to the right, height up; back columns drawn first."""
    parts = load_parts()
    villa = state.villa
    radius = parts.base_radius
    storey = parts.column_height + parts.floor_thickness

    def x_of(x: float) -> float:
        return left + (x + radius) * SCALE

    def z_of(z: float) -> float:
        return ground - (z + parts.base_thickness) * SCALE

    canvas.add(
        f'<rect x="{_n(left)}" y="{_n(z_of(0))}" width="{_n(2 * radius * SCALE)}"'
        f' height="{_n(parts.base_thickness * SCALE)}" fill="#8d7b62" rx="3"/>'
    )
    for level in range(villa.top + 1):
        order = sorted(villa.on_level(level), key=lambda c: -villa.y[c])
        for column in order:
            kind = villa.kind(column)
            bottom = level * storey + (parts.column_height if villa.on[column] >= 0 else 0)
            x = x_of(villa.x[column] - kind.radius)
            top = z_of(bottom + parts.column_height)
            frozen = " frozen" if state.frozen[column] else ""
            canvas.add(
                f'<g class="column piece{frozen}"{canvas.click(f"column:{column}")}>'
                f"<title>{_column_title(state, column)}</title>"
                f'<rect class="body" x="{_n(x)}" y="{_n(top)}"'
                f' width="{_n(2 * kind.radius * SCALE)}"'
                f' height="{_n(parts.column_height * SCALE)}" rx="2" fill="{_fill(state, column)}"'
                f' stroke="{INK}" stroke-width="1"/></g>'
            )
        if level < len(villa.floors):
            left_mm, _, right_mm, _ = villa.outline(level).bounds
            shape = parts.floors[level]
            z = level * storey + parts.column_height
            canvas.add(
                f'<rect class="floor piece" x="{_n(x_of(left_mm))}"'
                f' y="{_n(z_of(z + parts.floor_thickness))}"'
                f' width="{_n((right_mm - left_mm) * SCALE)}"'
                f' height="{_n(parts.floor_thickness * SCALE)}" fill="{shape.colour}"'
                f' stroke="{INK}" stroke-width="1"/>'
            )


def _column_title(state: VillaState, column: int) -> str:
    kind = state.villa.kind(column)
    level = state.villa.level[column]
    where = "in hand" if level == HAND else f"on {LEVEL_NAMES[level]}"
    frozen = ", frozen" if state.frozen[column] else ""
    return escape(f"{column_name(column)}: {kind.name}, {kind.value} pt, {where}{frozen}")


def _top_view(canvas: _Canvas, state: VillaState, left: float, top: float) -> None:
    """The top floor from above (y up), lower floors faint, and the clickable grid points."""
    parts = load_parts()
    villa = state.villa
    radius = parts.base_radius
    cx, cy = left + radius * SCALE, top + radius * SCALE

    def at(x: float, y: float) -> tuple[float, float]:
        return cx + x * SCALE, cy - y * SCALE

    canvas.add(
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(radius * SCALE)}" fill="#e9dfc9"'
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
            f'<g class="column"><title>{_column_title(state, column)}</title>'
            f'<polygon class="body" points="{corners}" fill="{_fill(state, column)}"'
            f' stroke="{INK}" stroke-width="1"/>'
            f'<text class="label" x="{_n(x)}" y="{_n(y)}" fill="{_ink(state, column)}">'
            f"{column_name(column)}</text></g>"
        )
    half = parts.pitch * SCALE / 2 - 0.8
    cells = sorted(int(token.split(":")[1]) for token in canvas.tokens if token.startswith("cell:"))
    for cell in cells:
        x, y = at(*cell_xy(cell))
        canvas.add(
            f'<rect class="cell" x="{_n(x - half)}" y="{_n(y - half)}" width="{_n(2 * half)}"'
            f' height="{_n(2 * half)}"{canvas.click(f"cell:{cell}")}>'
            f"<title>{_cell_title(state, cell)}</title></rect>"
        )


def _cell_title(state: VillaState, cell: int) -> str:
    x, y = cell_xy(cell)
    what = "the floor's centroid" if state.phase == FLOOR else "the column"
    return escape(f"{what} at {x:g},{y:g}")


def _rack(canvas: _Canvas, state: VillaState, left: float, top: float) -> None:
    """Every column as a chip, one row per level: the easy way to click one."""
    villa = state.villa
    for row, level in enumerate(range(min(villa.top, 5), -1, -1)):
        y = top + row * 24
        canvas.add(f'<text class="info" x="{_n(left)}" y="{_n(y + 9)}">{LEVEL_NAMES[level]}</text>')
        for i, column in enumerate(villa.on_level(level)):
            x = left + 80 + i * 38
            frozen = " frozen" if state.frozen[column] else ""
            ink = _ink(state, column)
            canvas.add(
                f'<g class="chip{frozen}"{canvas.click(f"column:{column}")}>'
                f"<title>{_column_title(state, column)}</title>"
                f'<rect class="body" x="{_n(x)}" y="{_n(y)}" width="34" height="18" rx="4"'
                f' fill="{_fill(state, column)}" stroke="{INK}" stroke-width="1"/>'
                f'<text x="{_n(x + 17)}" y="{_n(y + 9)}" fill="{ink}">'
                f"{column_name(column)}{'*' if frozen else ''}</text></g>"
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
    for _ in range(12):  # a few pulls, each placed on a random legal cell
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
