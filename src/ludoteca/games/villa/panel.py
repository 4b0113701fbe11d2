"""Villa Paletti beside its picture, as HTML: the seal and points, the buttons, the placement
grid enlarged, and a chip per column, level by level.

HTML so the page can reflow it (issue 14): beside the picture on a wide screen, below it on a
phone, with text of at least 14 px and every chip, button and grid point at least 36 px on a
phone. The web layer places it after the board's SVG (`ludoteca.web.table.render.board_html`).

Placing a column: the picture's top view frames the zones of the lettered grid (`zones.py`);
the zone a person taps is drawn here large, 40 px a point, lettered as in "place C4", with the
column's footprint over the point under the pointer or focus (`static/flat.js` shows it on
the first tap of a touch screen and places on the second). CSS is scoped under
`villa-panel` and `villa-zoom`; the zoomed grids use no ids.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

from ludoteca.games.villa.constants import FLOOR, PLACE
from ludoteca.games.villa.describe import FLOOR_WORDS, seat_colours, seat_name
from ludoteca.games.villa.grid import letters
from ludoteca.games.villa.parts import cell_xy, load_parts
from ludoteca.games.villa.record import column_name
from ludoteca.games.villa.structure import HAND
from ludoteca.games.villa.svg import (
    INK,
    WORDS,
    column_fill,
    column_ink,
    column_title,
    offered_tokens,
)
from ludoteca.games.villa.zones import Region, Zones, point, zones
from ludoteca.i18n import _

if TYPE_CHECKING:
    from ludoteca.games.villa.game import VillaState

CELL = 40.0
"""Pixels per grid point (10 mm) of the enlarged grid, before the page scales it."""
MARGIN = 28.0
"""Room for the letters along the top and the numbers along the left of the enlarged grid."""

STYLE = """
.board:has(>.villa-panel){display:grid;grid-template-columns:auto minmax(0,1fr);
gap:.8rem 1rem;align-items:start}
.board:has(>.villa-panel)>svg.villa-board{width:auto;min-width:min(340px,100%);max-width:100%;
height:calc(100vh - 110px);min-height:520px;max-height:none;justify-self:end}
@media (max-width:760px){.board:has(>.villa-panel){grid-template-columns:minmax(0,1fr)}
.board:has(>.villa-panel)>svg.villa-board{width:100%;height:auto;min-height:0}}
.villa-panel{font-size:15px;line-height:1.4;min-width:0;display:grid;gap:.8rem;
align-content:start}
.villa-panel p{margin:0}
.villa-panel .score{font-weight:600}
.villa-panel svg.villa-zoom{display:block;width:100%;height:auto;max-height:none}
.villa-panel svg.villa-zoom.pick{display:none}
.villa-panel .point-hint.pick{display:none}
.board:has(.villa-board .zone.selected) .villa-panel .zone-hint{display:none}
.board:has(.villa-board .zone.selected) .villa-panel .point-hint.pick{display:block}
.villa-zoom text{font-family:system-ui,sans-serif;dominant-baseline:central;text-anchor:middle;
fill:#3b3226;pointer-events:none}
.villa-zoom .grid{font-size:14px}
.villa-zoom .mm{font-size:12px}
.villa-zoom .label{font-size:14px;font-weight:600}
.villa-zoom .cell{cursor:pointer}
.villa-zoom .cell:not(.clickable){display:none}
.villa-zoom .hit{fill:#ffe45c;fill-opacity:.3;stroke:#f2b200;stroke-width:1.2}
.villa-zoom .cell:hover .hit,.villa-zoom .cell:focus .hit,.villa-zoom .cell.preview .hit{
fill-opacity:.75}
.villa-zoom .dot{fill:#b07d00;pointer-events:none}
.villa-zoom .footprint{fill:#1b8a5a;fill-opacity:.3;stroke:#1b8a5a;stroke-width:3;
visibility:hidden;pointer-events:none}
.villa-zoom .cell:hover .footprint,.villa-zoom .cell:focus .footprint,
.villa-zoom .cell.hot .footprint,.villa-zoom .cell.preview .footprint{visibility:visible}
.villa-panel .buttons{display:flex;flex-wrap:wrap;gap:.5rem}
.villa-panel .buttons button{min-height:40px;min-width:52px;font-size:15px}
.villa-panel .rack{display:grid;gap:.5rem}
.villa-panel .rack p{font-size:14px;color:#5b5245}
.villa-panel .chips{display:flex;flex-wrap:wrap;gap:.35rem}
.villa-panel .chip{display:inline-flex;align-items:center;justify-content:center;
min-width:48px;min-height:38px;padding:0 .4rem;border:1.5px solid #3b3226;border-radius:8px;
font:600 15px system-ui,sans-serif}
.villa-panel .chip.frozen{border-style:dashed}
"""


def panel_html(state: VillaState, *, seat: int | None = None, interactive: bool = False) -> str:
    """The panel for `seat` (None: an onlooker); its buttons, chips and grid points carry the
    click tokens of `svg.click_path` when that seat is to move."""
    tokens = offered_tokens(state, seat, interactive)
    parts = ['<div class="villa-panel" data-testid="villa-panel">', f"<style>{STYLE}</style>"]
    parts += _score(state, seat)
    parts += _zoomed_grid(state, tokens)
    parts += _buttons(tokens)
    parts += _rack(state, tokens)
    parts.append("</div>")
    return "\n".join(parts) + "\n"


def _click(token: str, tokens: set[str]) -> str:
    return f' data-click="{escape(token)}"' if token in tokens else ""


def _score(state: VillaState, viewer: int | None) -> list[str]:
    """One line: who holds the builder's seal and everyone's points on the top floor."""
    if not state.villa.floors:
        return []
    names = [_seat(state, seat, viewer) for seat in range(state.game.num_players)]
    points = " · ".join(f"{name} {state.points(seat)}" for seat, name in enumerate(names))
    holder = names[state.holder] if state.holder >= 0 else _("nobody")
    line = _("Seal: {holder} · points: {points}").format(holder=holder, points=points)
    return [f'<p class="score">{escape(line)}</p>']


def _seat(state: VillaState, seat: int, viewer: int | None) -> str:
    """ "Black", or "you (black)"."""
    if seat != viewer:
        return seat_name(state, seat)
    return f"{_('you')} ({seat_colours(state, seat)})"


def _buttons(tokens: set[str]) -> list[str]:
    """Declare / protest / pass / decline, and the floor's turns while a floor is laid."""
    labels = {
        "declare": _("Declare: I cannot pull"),
        "protest": _("Protest"),
        "pass": _("No protest"),
        "decline": _("Decline the penalty"),
    }
    buttons = [(word, labels[word]) for word in WORDS.values() if word in tokens]
    turns = sorted(int(token.split(":")[1]) for token in tokens if token.startswith("turn:"))
    buttons += [(f"turn:{degrees}", f"{degrees}°") for degrees in turns]
    if not buttons:
        return []
    return [
        '<div class="buttons">',
        *(
            f'<button type="button" class="button"{_click(token, tokens)}>{escape(label)}</button>'
            for token, label in buttons
        ),
        "</div>",
    ]


def _rack(state: VillaState, tokens: set[str]) -> list[str]:
    """Every column as a chip, one line per level, in hand first and the base plate last: the
    way to pull one (the picture outlines the columns that may be pulled)."""
    villa = state.villa
    rows = [(_("in hand"), [c for c, level in enumerate(villa.level) if level == HAND])]
    rows += [(_(FLOOR_WORDS[level]), villa.on_level(level)) for level in range(villa.top, -1, -1)]
    parts = ['<div class="rack">']
    for label, columns in rows:
        if not columns:
            continue
        parts.append(f'<p>{escape(label)}</p><div class="chips">')
        for column in columns:
            token = f"column:{column}"
            tag = "button" if token in tokens else "span"
            frozen = state.frozen[column]
            kind = ' type="button"' if tag == "button" else ""
            parts.append(
                f'<{tag}{kind} class="chip{" frozen" if frozen else ""}" data-chip="{token}"'
                f'{_click(token, tokens)} title="{column_title(state, column)}"'
                f' style="background:{column_fill(state, column)};'
                f'color:{column_ink(state, column)}">'
                f"{column_name(column)}{'*' if frozen else ''}</{tag}>"
            )
        parts.append("</div>")
    parts.append("</div>")
    return parts


def _zoomed_grid(state: VillaState, tokens: set[str]) -> list[str]:
    """While a column is placed or a floor laid: a hint, and each zone with legal points drawn
    large (hidden until its frame in the top view is tapped, where there are several)."""
    grid = zones(state)
    cells = {int(t.split(":")[1]) for t in tokens if t.startswith("cell:")}
    if grid is None or not cells:
        return []
    several = len(grid.regions) > 1
    what = column_name(state.pulled) if state.phase == PLACE and state.pulled >= 0 else ""
    parts = []
    if state.phase == FLOOR:
        hint = _("Choose a turn for the new floor, then where its centre goes.")
        parts.append(f'<p class="villa-hint">{escape(hint)}</p>')
    if several:
        hint = _("Tap the framed part of the top view where it goes: it is shown large here.")
        parts.append(f'<p class="villa-hint zone-hint">{escape(hint)}</p>')
    if state.phase == PLACE:
        hint = _(
            "Tap a point to see where {column} would stand, and tap it again to place it"
            " (with a mouse, one click)."
        ).format(column=what)
        pick = " pick" if several else ""
        parts.append(f'<p class="villa-hint point-hint{pick}">{escape(hint)}</p>')
    show = []
    for k, region in enumerate(grid.regions):
        inside = sorted(c for c in cells if region.holds(*point(c)))
        if inside and (not several or f"zone:{k}" in tokens):
            show.append((k, region, inside))
    for k, region, inside in show:
        parts.append(_zoom(state, grid, region, inside, str(k) if several else "all"))
    if several:
        rules = "".join(
            f'.board:has([data-click="zone:{k}"].selected) .villa-zoom[data-zone="{k}"]'
            "{display:block}"
            for k, _region, _inside in show
        )
        parts.append(f"<style>{rules}</style>")
    return parts


def _zoom(state: VillaState, grid: Zones, region: Region, cells: list[int], zone: str) -> str:
    """One zone of the grid, `CELL` px a point: the top floor, its columns, the legal points."""
    parts = load_parts()
    pitch = parts.pitch
    unit = CELL / pitch
    width = MARGIN + region.width * CELL + 4
    height = MARGIN + region.depth * CELL + 4

    def at(x: float, y: float) -> tuple[float, float]:
        i, j = x / pitch, y / pitch
        return (
            MARGIN + (i - region.left + 0.5) * CELL,
            MARGIN + (region.front + region.depth - 1 - j + 0.5) * CELL,
        )

    def points(coords: list[tuple[float, float]]) -> str:
        return " ".join(f"{_n(px)},{_n(py)}" for px, py in (at(x, y) for x, y in coords))

    inner_w, inner_h = region.width * CELL, region.depth * CELL
    label = _("The top floor, a part of its grid, large") if grid.labelled else _("The base plate")
    pick = "" if zone == "all" else " pick"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="villa-zoom{pick}"'
        f' data-zone="{zone}" viewBox="0 0 {_n(width)} {_n(height)}"'
        f' style="max-width:{_n(width * 1.3)}px" role="group" aria-label="{escape(label)}">',
        f'<svg x="{_n(MARGIN)}" y="{_n(MARGIN)}" width="{_n(inner_w)}" height="{_n(inner_h)}"'
        f' viewBox="{_n(MARGIN)} {_n(MARGIN)} {_n(inner_w)} {_n(inner_h)}">',
        f'<rect x="{_n(MARGIN)}" y="{_n(MARGIN)}" width="{_n(inner_w)}" height="{_n(inner_h)}"'
        ' fill="#e9dfc9"/>',
    ]
    cx, cy = at(0, 0)
    out.append(
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(parts.base_radius * unit)}" fill="#ddd0b4"'
        ' stroke="#8d7b62" stroke-width="2"/>'
    )
    villa = state.villa
    if villa.floors:
        top = len(villa.floors) - 1
        outline = list(villa.outline(top).exterior.coords)
        out.append(
            f'<polygon points="{points(outline)}" fill="{parts.floors[top].colour}"'
            f' fill-opacity=".6" stroke="{INK}" stroke-width="2"/>'
        )
    for column in villa.on_level(villa.top):
        x, y = villa.x[column], villa.y[column]
        corners = [(x + dx, y + dy) for dx, dy in villa.kind(column).outline]
        lx, ly = at(x, y)
        out.append(
            f'<polygon points="{points(corners)}" fill="{column_fill(state, column)}"'
            f' stroke="{INK}" stroke-width="1.5"/><text class="label" x="{_n(lx)}"'
            f' y="{_n(ly)}" style="fill:{column_ink(state, column)}">{column_name(column)}</text>'
        )
    for i in range(region.left, region.left + region.width):
        for j in range(region.front, region.front + region.depth):
            dx, dy = at(i * pitch, j * pitch)
            out.append(f'<circle cx="{_n(dx)}" cy="{_n(dy)}" r="1.8" fill="#8d7b62"/>')
    out += [_cell(state, grid, cell, at) for cell in cells]
    out.append("</svg>")
    out += _zoom_labels(grid, region, at)
    out.append("</svg>")
    return "".join(out)


def _cell(
    state: VillaState, grid: Zones, cell: int, at: Callable[[float, float], tuple[float, float]]
) -> str:
    """A legal point: a square to tap and, for a column, its footprint (shown on hover/focus)."""
    x, y = cell_xy(cell)
    px, py = at(x, y)
    half = CELL / 2 - 2
    footprint = ""
    if state.phase == PLACE and state.pulled >= 0:
        kind = state.villa.kind(state.pulled)
        corners = " ".join(
            f"{_n(cx)},{_n(cy)}" for cx, cy in (at(x + dx, y + dy) for dx, dy in kind.outline)
        )
        footprint = f'<polygon class="footprint" points="{corners}"/>'
    return (
        f'<g class="cell" data-click="cell:{cell}"><title>{escape(_point_name(grid, cell))}</title>'
        f'<rect class="hit" x="{_n(px - half)}" y="{_n(py - half)}" width="{_n(2 * half)}"'
        f' height="{_n(2 * half)}" rx="6"/>{footprint}'
        f'<circle class="dot" cx="{_n(px)}" cy="{_n(py)}" r="4"/></g>'
    )


def _point_name(grid: Zones, cell: int) -> str:
    """ "C4" on the top floor's lettered grid; "20,-10" (mm) on the base plate."""
    i, j = point(cell)
    if grid.labelled:
        return f"{letters(i - grid.box.left)}{j - grid.box.front + 1}"
    pitch = load_parts().pitch
    return f"{i * pitch:g},{j * pitch:g}"


def _zoom_labels(
    grid: Zones, region: Region, at: Callable[[float, float], tuple[float, float]]
) -> list[str]:
    """The zone's letters along the top and numbers along the left (mm on the base plate)."""
    pitch = load_parts().pitch
    style = "grid" if grid.labelled else "mm"
    out = []
    for i in range(region.left, region.left + region.width):
        x, _y = at(i * pitch, 0)
        text = letters(i - grid.box.left) if grid.labelled else f"{i * pitch:g}"
        out.append(f'<text class="{style}" x="{_n(x)}" y="{_n(MARGIN / 2)}">{text}</text>')
    for j in range(region.front, region.front + region.depth):
        _x, y = at(0, j * pitch)
        text = str(j - grid.box.front + 1) if grid.labelled else f"{j * pitch:g}"
        out.append(f'<text class="{style}" x="{_n(MARGIN / 2)}" y="{_n(y)}">{text}</text>')
    return out


def _n(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text
