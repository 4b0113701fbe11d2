"""Raub im Kunstmuseum as SVG: the museum drawn from `board.json`, for the web and the docs.

The SVG shows the museum only (roof, four floors of framed pictures, the elevator shaft, the
thieves, their markers, the guard at the current card's picture); the round, the card, the
thieves' accounts and the deck are HTML beside or below it (`panel.py`), so that a phone can
reflow them. Each thief and each marker carries its seat's shape as well as its colour.

The web contract is click paths (`click_path`): a move is one click on the field it ends on
(`field:<name>`), a robbing decision one click on the `rob` or `pass` button of the panel (`rob`
also on the thief's picture). With `interactive=True`, for the seat to act, each of those
elements carries `data-click`; reachable fields are drawn highlighted. Every field carries its
token as `data-spot`, every thief `data-piece`; `move_mark` names the fields an action touched
and `render_svg(last_moves=...)` marks them with `data-last-move`. CSS is scoped under
`museum-board`.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from ludoteca.core.api import CHANCE, JSON
from ludoteca.core.marks import MoveMark, Role
from ludoteca.games.museum.board import ROOF, Field
from ludoteca.games.museum.describe import (
    caught_by,
    colour_name,
    describe_action,
    describe_position,
)
from ludoteca.games.museum.game import (
    COLOURS,
    DRAW,
    MOVE,
    PASS,
    ROB,
    ROB_ACTION,
    MuseumGame,
    MuseumState,
)
from ludoteca.games.museum.pieces import seat_shape
from ludoteca.games.museum.text import HEX
from ludoteca.i18n import _, format_money, format_number
from ludoteca.rulebook import in_every_language, write_pictures

__all__ = ["click_path", "move_mark", "render_svg"]

UNIT = 60
"""Pixels (user units) per board unit: the distance between neighbouring pictures."""
LEFT, RIGHT, TOP, BOTTOM = -0.8, 8.05, -2.9, 13.4
INK = "#2f2a24"
WALL = "#efe6d2"
GALLERY = "#d9c9a3"
FRAME = "#b8892b"
SHAFT = "#6a6a9a"
ROOF_GREEN = "#2e7d4a"
ELEVATOR = "elevator"
"""The token of the shaft as a whole: what the guard of an elevator card checks."""

STYLE = """
.museum-board{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
.museum-board text{dominant-baseline:central;text-anchor:middle;fill:#2f2a24}
.museum-board .num{font-size:19px;font-weight:700}
.museum-board .value{font-size:14px;fill:#5a4a22}
.museum-board .small{font-size:15px}
.museum-board .thief,.museum-board .guard,.museum-board .last{pointer-events:none}
"""
PLAY_STYLE = """
.museum-board [data-click]{cursor:pointer}
.museum-board .reach{fill:#ffe45c;fill-opacity:.16;stroke:#f2b200;stroke-width:3.5;
stroke-dasharray:6 4}
.museum-board .reach:hover,.museum-board .reach.hot,.museum-board .reach.selected{
fill-opacity:.4;stroke:#ff6a00}
"""


def click_path(state: MuseumState, action: int) -> list[str]:
    """The tokens a person clicks for `action`: the field a move ends on, or rob / pass."""
    if state.phase == ROB:
        return ["rob"] if action == ROB_ACTION else ["pass"] if action == PASS else []
    return [field_token(state.game.museum.fields[action])]


def field_token(field: Field) -> str:
    """A field's board token: `field:22`, `field:roof`, `field:E3`, `field:s5`."""
    return f"field:{field.name}"


def piece_token(seat: int) -> str:
    """A thief's token: `thief:red`."""
    return f"thief:{COLOURS[seat]}"


# -- the last move ----------------------------------------------------------------------------
def move_mark(before: MuseumState, action: int) -> MoveMark:
    """What `action` touched: the way a thief walked, the picture it marked, the guard's card.

    A move marks its start (`from`), the fields walked over (`path`) and where it ends (`to`);
    a robbery the picture (`to`); a card the picture or the elevator the guard will check
    (`chance`); the move that ends a round also the fields where the guard caught a thief
    (`capture`). Passing and the draw of the start player touch nothing on the board.
    """
    museum = before.game.museum
    fields = museum.fields
    spots: list[tuple[Role, str]] = []
    seat = before.turn if before.phase in (MOVE, ROB) else CHANCE
    if before.phase == DRAW:
        picture = before.game.deck.kinds[action].picture
        spots.append(("chance", ELEVATOR if picture is None else field_token(fields[picture])))
    elif before.phase == MOVE:
        here = before.place[before.turn]
        way = _way(before, here, action)
        if len(way) > 1:
            spots.append(("from", field_token(fields[here])))
            spots += [("path", field_token(fields[f])) for f in way[1:-1]]
        spots.append(("to", field_token(fields[action])))
    elif before.phase == ROB and action == ROB_ACTION:
        spots.append(("to", field_token(fields[before.place[before.turn]])))
    for caught in caught_by(before, action):
        place = action if before.phase == MOVE and caught == before.turn else before.place[caught]
        spots.append(("capture", field_token(fields[place])))
    return MoveMark(seat, tuple(spots))


def _way(state: MuseumState, start: int, end: int) -> list[int]:
    """The fields from `start` to `end`, both included: the museum is a tree, one way only."""
    up = state.game.museum.way_home(start)
    down = state.game.museum.way_home(end)
    while len(up) > 1 and len(down) > 1 and up[-2] == down[-2]:
        up.pop()
        down.pop()
    if up[-1] == down[-1]:
        down.pop()
    return up + down[::-1]


# -- the picture ------------------------------------------------------------------------------
def _n(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


def _xy(field: Field) -> tuple[float, float]:
    return field.at[0] * UNIT, field.at[1] * UNIT


def render_svg(
    state: MuseumState,
    *,
    seat: int | None = None,
    interactive: bool = False,
    last_moves: Sequence[MoveMark] = (),
) -> str:
    """The museum as a complete `<svg>` (deterministic, no fixed size).

    `seat` is the viewer; with `interactive`, the choices are offered only when that seat (or,
    without `seat`, whoever) is to act. `last_moves` are drawn in order, a later mark of the
    same field replacing an earlier one.
    """
    player = state.current_player()
    offered = interactive and player >= 0 and seat in {None, player}
    reach = state.legal_actions() if offered and state.phase == MOVE else []
    robbing = offered and state.phase == ROB
    marked = {token: (role, mark.seat) for mark in last_moves for role, token in mark.spots}
    width, height = (RIGHT - LEFT) * UNIT, (BOTTOM - TOP) * UNIT
    names = [colour_name(s) for s in range(state.game.num_players)]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="museum-board" role="img"'
        f' viewBox="{_n(LEFT * UNIT)} {_n(TOP * UNIT)} {_n(width)} {_n(height)}"'
        f' aria-label="{escape(describe_position(state, names))}">',
        f"<style>{STYLE}{PLAY_STYLE if offered else ''}</style>",
        f'<rect x="{_n(LEFT * UNIT)}" y="{_n(TOP * UNIT)}" width="{_n(width)}"'
        f' height="{_n(height)}" rx="24" fill="#faf6ec"/>',
        *_building(state, marked),
        *_links(state),
        *_fields(state, robbing, marked),
        *_guard(state),
        *_reach(state, reach),
        *_last_moves(state, marked),
        *_thieves(state),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def _last(marked: dict[str, tuple[Role, int]], token: str) -> str:
    """The `data-last-move` attribute of the element drawn for `token`, if a mark names it."""
    return f' data-last-move="{marked[token][0]}"' if token in marked else ""


def _building(state: MuseumState, marked: dict[str, tuple[Role, int]]) -> list[str]:
    """The facade, the roof, a gallery band per floor and the elevator shaft."""
    museum = state.game.museum
    u = UNIT
    parts = [
        f'<polygon points="{_n(-0.75 * u)},{_n(-0.75 * u)} {_n(3.6 * u)},{_n(-2.8 * u)}'
        f' {_n(7.95 * u)},{_n(-0.75 * u)}" fill="#b5533c" stroke="{INK}" stroke-width="3"/>',
        f'<rect x="{_n(-0.7 * u)}" y="{_n(-0.75 * u)}" width="{_n(8.65 * u)}"'
        f' height="{_n(13.5 * u)}" fill="{WALL}" stroke="{INK}" stroke-width="3"/>',
    ]
    for floor in (1, 2, 3, 4):
        y = museum.floor_rows(floor)[0].at[1] * u
        label = escape(_("floor {floor}").format(floor=floor))
        parts.append(
            f'<rect x="{_n(-0.55 * u)}" y="{_n(y - 0.62 * u)}" width="{_n(7.1 * u)}"'
            f' height="{_n(1.6 * u)}" rx="6" fill="{GALLERY}"/>'
            f'<text class="small" x="{_n(-0.45 * u)}" y="{_n(y + 1.25 * u)}"'
            f' style="text-anchor:start">{label}</text>'
        )
    x = museum.by_name("E1").at[0] * u
    parts.append(
        f'<rect data-spot="{ELEVATOR}"{_last(marked, ELEVATOR)} x="{_n(x - 0.45 * u)}"'
        f' y="{_n(-0.5 * u)}" width="{_n(0.9 * u)}" height="{_n(12.95 * u)}" rx="8"'
        f' fill="#d7d7ea" stroke="{SHAFT}" stroke-width="2"/>'
    )
    return parts


def _links(state: MuseumState) -> list[str]:
    """A line between neighbouring fields; the way from the roof onto 22 is a green arrow."""
    museum = state.game.museum
    parts = []
    for field in museum.fields:
        for other in museum.neighbours[field.id]:
            if other < field.id:
                continue
            (x1, y1), (x2, y2) = _xy(field), _xy(museum.fields[other])
            colour, width = (ROOF_GREEN, 5) if field.id == ROOF else (INK, 2)
            parts.append(
                f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"'
                f' stroke="{colour}" stroke-width="{width}"/>'
            )
    start = _xy(museum.fields[22])
    tip = (start[0], start[1] - 0.5 * UNIT)
    parts.append(
        f'<polygon points="{_n(tip[0])},{_n(tip[1])} {_n(tip[0] - 9)},{_n(tip[1] - 14)}'
        f' {_n(tip[0] + 9)},{_n(tip[1] - 14)}" fill="{ROOF_GREEN}"/>'
    )
    return parts


def _bounds(field: Field) -> tuple[float, float, float, float]:
    """x, y, width, height of the area a field takes (and a click on it may hit)."""
    x, y = _xy(field)
    if field.kind == "roof":
        return x - 0.45 * UNIT, y - 0.45 * UNIT, 2.4 * UNIT, 0.9 * UNIT
    if field.kind == "picture":
        return x - 0.45 * UNIT, y - 0.55 * UNIT, 0.9 * UNIT, 1.1 * UNIT
    half = 0.42 * UNIT
    return x - half, y - half, 2 * half, 2 * half


def _fields(state: MuseumState, robbing: bool, marked: dict[str, tuple[Role, int]]) -> list[str]:
    museum = state.game.museum
    guarded = state.guarded()
    rob_here = state.place[state.turn] if robbing else -1
    parts = []
    for field in museum.fields:
        x, y = _xy(field)
        token = field_token(field)
        spot = f'data-spot="{token}"{_last(marked, token)}'
        if field.kind == "roof":
            bonus = escape(_("roof +{money}").format(money=format_money(museum.roof_bonus)))
            parts.append(
                f'<rect {spot} x="{_n(x - 0.45 * UNIT)}" y="{_n(y - 0.42 * UNIT)}"'
                f' width="{_n(2.4 * UNIT)}" height="{_n(0.84 * UNIT)}" rx="12" fill="#e6f4e6"'
                f' stroke="{ROOF_GREEN}" stroke-width="3"/>'
                f'<text class="small" x="{_n(x + 2.1 * UNIT)}" y="{_n(y)}"'
                f' style="text-anchor:start">{bonus}</text>'
            )
        elif field.kind == "picture":
            parts.append(_picture(state, field, spot, field.id in guarded, field.id == rob_here))
        else:
            size = 0.62 if field.kind == "stop" else 0.5
            half = size / 2 * UNIT
            parts.append(
                f'<rect {spot} x="{_n(x - half)}" y="{_n(y - half)}" width="{_n(2 * half)}"'
                f' height="{_n(2 * half)}" rx="5" fill="#ffffff" stroke="{SHAFT}"'
                f' stroke-width="{3 if field.kind == "stop" else 1.5}"/>'
                f'<text class="small" x="{_n(x)}" y="{_n(y)}">{field.name}</text>'
            )
    return parts


def _picture(state: MuseumState, field: Field, spot: str, guarded: bool, robbable: bool) -> str:
    """A framed picture: its number, its value, a marker and a guard chip if it has them."""
    x, y = _xy(field)
    w, h = 0.84 * UNIT, 1.0 * UNIT
    click = ' data-click="rob"' if robbable else ""
    value = format_money(field.value)
    title = escape(_("picture {picture}: {value}").format(picture=field.name, value=value))
    parts = [
        f'<g class="picture" {spot}{click}><title>{title}</title>',
        f'<rect x="{_n(x - w / 2)}" y="{_n(y - h / 2)}" width="{_n(w)}" height="{_n(h)}"'
        f' rx="3" fill="#fffdf5" stroke="{FRAME}" stroke-width="4"/>',
        f'<text class="num" x="{_n(x)}" y="{_n(y - 0.27 * UNIT)}">{field.name}</text>',
        f'<text class="value" x="{_n(x)}" y="{_n(y + 0.76 * UNIT)}">'
        f"{format_number(field.value)}</text>",
    ]
    owner = state.marker[field.id]
    if owner >= 0:
        banked = state.banked[field.id]
        what = _("secured marker") if banked else _("marker at risk")
        ring = (
            ""
            if banked
            else '<circle r="12" fill="none" stroke="#b00020" stroke-width="2"'
            ' stroke-dasharray="3 2"/>'
        )
        parts.append(
            f'<g transform="translate({_n(x - 0.25 * UNIT)} {_n(y + 0.3 * UNIT)})">'
            f"<title>{escape(colour_name(owner))}: {escape(what)}</title>{ring}"
            f"{seat_shape(owner, 8.5, HEX[owner], INK)}</g>"
        )
    if guarded:
        checked = escape(_("guard chip: checked"))
        parts.append(
            f'<g transform="translate({_n(x + 0.33 * UNIT)} {_n(y - 0.45 * UNIT)})">'
            f"<title>{checked}</title>"
            f'<circle r="8" fill="#555" stroke="#111" stroke-width="1.5"/>'
            f'<path d="M-4 0 L-1 3 L4 -3" fill="none" stroke="#fff" stroke-width="2"/></g>'
        )
    parts.append("</g>")
    return "".join(parts)


def _guard(state: MuseumState) -> list[str]:
    """The guard of the current card, until it has checked: at its picture or by the shaft."""
    card = state.card()
    if card is None or state.phase not in (MOVE, ROB):
        return []
    museum = state.game.museum
    if card.picture is None:
        x, y = museum.by_name("E1").at[0] * UNIT, 5.9 * UNIT
        title = _("the guard checks the elevator")
    else:
        px, py = _xy(museum.fields[card.picture])
        x, y = px + 0.38 * UNIT, py - 0.55 * UNIT
        title = _("the guard checks picture {picture}").format(picture=card.picture)
    return [
        f'<g class="guard" data-piece="guard"><title>{escape(title)}</title>'
        f'<g transform="translate({_n(x)} {_n(y)})">'
        f'<circle r="15" fill="#1d1d1d" stroke="#fff" stroke-width="2.5"/>'
        f'<path d="M-9 -3 L9 -3 L6 -9 L-6 -9 Z" fill="#ffd84a"/>'
        f'<circle cy="4" r="5" fill="#f2d2b0"/></g></g>'
    ]


def _reach(state: MuseumState, fields: list[int]) -> list[str]:
    """A dashed highlight on every field the thief to move may end on."""
    museum = state.game.museum
    names = [colour_name(s) for s in range(state.game.num_players)]
    parts = []
    for field_id in fields:
        field = museum.fields[field_id]
        x, y, w, h = _bounds(field)
        title = escape(describe_action(state, field_id, names))
        parts.append(
            f'<rect class="reach" data-click="{field_token(field)}" x="{_n(x)}" y="{_n(y)}"'
            f' width="{_n(w)}" height="{_n(h)}" rx="8"><title>{title}</title></rect>'
        )
    return parts


def _last_moves(state: MuseumState, marked: dict[str, tuple[Role, int]]) -> list[str]:
    """Outlines in the mover's colour: dashed from, solid to, dotted path, a cross for a catch."""
    museum = state.game.museum
    parts = []
    for token, (role, seat) in marked.items():
        if token == ELEVATOR:
            x0 = museum.by_name("E1").at[0] * UNIT
            x, y, w, h = x0 - 0.45 * UNIT, -0.5 * UNIT, 0.9 * UNIT, 12.95 * UNIT
        elif token.startswith("field:"):
            x, y, w, h = _bounds(museum.by_name(token.removeprefix("field:")))
        else:
            continue
        colour = HEX[seat] if seat >= 0 else INK
        dash = {"from": ' stroke-dasharray="9 6"', "path": ' stroke-dasharray="2 6"'}.get(role, "")
        width = {"path": 4, "chance": 3}.get(role, 5)
        for paint, stroke in ((INK, width + 3), (colour, width)):  # dark edge: light colours show
            parts.append(
                f'<rect class="last" x="{_n(x - 3)}" y="{_n(y - 3)}" width="{_n(w + 6)}"'
                f' height="{_n(h + 6)}" rx="9" fill="none" stroke="{paint}"'
                f' stroke-width="{stroke}" stroke-linecap="round"{dash}/>'
            )
        if role == "chance":
            parts.append(
                f'<rect class="last" x="{_n(x - 8)}" y="{_n(y - 8)}" width="{_n(w + 16)}"'
                f' height="{_n(h + 16)}" rx="12" fill="none" stroke="{colour}"'
                f' stroke-width="2"/>'
            )
        if role == "capture":
            cx, cy = x + w / 2, y + h / 2
            parts.append(
                f'<path class="last" d="M{_n(cx - 14)} {_n(cy - 14)} L{_n(cx + 14)} {_n(cy + 14)}'
                f' M{_n(cx + 14)} {_n(cy - 14)} L{_n(cx - 14)} {_n(cy + 14)}" stroke="#b00020"'
                f' stroke-width="6" stroke-linecap="round"/>'
            )
    return parts


def _thieves(state: MuseumState) -> list[str]:
    """Each thief as a figure in its colour with its seat's shape; on the roof side by side.

    The `data-piece` group has no transform of its own (an inner group places the figure), so
    the table may slide it with a CSS transform without losing where it stands.
    """
    museum = state.game.museum
    acting = state.current_player()
    parts = []
    for seat, place in enumerate(state.place):
        x, y = _xy(museum.fields[place])
        if place == ROOF:
            x += seat * 0.45 * UNIT
        elif museum.fields[place].kind == "picture":
            x += 0.12 * UNIT  # beside the marker in the picture's lower left corner
        halo = (
            f'<circle r="22" fill="none" stroke="{INK}" stroke-width="3" stroke-dasharray="4 3"/>'
            if seat == acting
            else ""
        )
        ink = "#000" if seat == 3 else "#fff"
        title = escape(_("{name} thief").format(name=colour_name(seat)))
        parts.append(
            f'<g class="thief" data-piece="{piece_token(seat)}"><title>{title}</title>'
            f'<g transform="translate({_n(x)} {_n(y + 7)}) scale(.85)">{halo}'
            f'<path d="M-12 16 Q-12 0 0 -1 Q12 0 12 16 Z" fill="{HEX[seat]}" stroke="{INK}"'
            f' stroke-width="1.5"/><circle cy="-9" r="8" fill="{HEX[seat]}" stroke="{INK}"'
            f' stroke-width="1.5"/><rect x="-8" y="-12" width="16" height="4" fill="#111"/>'
            f'<g transform="translate(0 8)">{seat_shape(seat, 4.5, ink, "none")}</g></g></g>'
        )
    return parts


# -- pictures for the docs ---------------------------------------------------------------------
DOCS_POSITIONS: dict[str, tuple[dict[str, Any], JSON]] = {
    "museum-board.svg": (
        {"players": 4},
        {
            "game": "museum",
            "phase": "move",
            "start_player": "blue",
            "turn": "green",
            "discard": ["17/1", "E/3", "26/6", "8/5", "4/3"],
            "thieves": {"red": "roof", "blue": "24", "green": "28", "yellow": "s8"},
            "markers": {
                "red": {"banked": [22, 23]},
                "blue": {"at_risk": [26]},
                "green": {"banked": [25], "at_risk": [27]},
            },
        },
    ),
}
"""The position pictured on the rules page: green to move with a card of three footprints."""


def _docs_pictures() -> dict[str, str]:
    """File name -> SVG of each picture on the rules page `docs/games/museum.md`."""
    pictures = {}
    for name, (config, position) in DOCS_POSITIONS.items():
        game = MuseumGame(**config)
        state = game.state_from_json({**position, "players": game.num_players})
        assert isinstance(state, MuseumState)
        pictures[name] = render_svg(state, interactive=True)
    return pictures


def docs_pictures() -> dict[str, str]:
    """File name -> SVG of each picture of the rules pages, in each page's language
    (`museum-board.svg`, `museum-board.nl.svg`, `museum-board.de.svg`)."""
    return in_every_language(_docs_pictures)


def write_docs_pictures(folder: str | Path) -> list[Path]:
    """Write the rules page's pictures into `folder` (normally `docs/games`)."""
    return write_pictures(docs_pictures(), folder)
