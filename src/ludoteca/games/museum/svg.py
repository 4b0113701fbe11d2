"""Raub im Kunstmuseum as SVG: the museum drawn from `board.json`, for the web and the docs.

The museum stands on the left (roof, four floors of framed pictures, the elevator shaft on the
right); a panel on the right shows the round, the current card with its footprints, the thieves
with markers in hand and euros so far, the discard pile and the cards left by kind.

The web contract is click paths (`click_path`): a move is one click on the field it ends on
(`field:<name>`), a robbing decision one click on the `rob` or `pass` button (`rob` also on the
thief's picture). With `interactive=True`, for the seat to act, each of those elements carries
`data-click`; reachable fields are drawn highlighted. All CSS is scoped under `museum-board`.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ludoteca.core.api import JSON
from ludoteca.games.museum.board import ROOF, Field
from ludoteca.games.museum.text import HEX, card_line, status_line
from ludoteca.rulebook import write_pictures

if TYPE_CHECKING:
    from ludoteca.games.museum.game import MuseumState

UNIT = 60
"""Pixels (user units) per board unit: the distance between neighbouring pictures."""
LEFT, RIGHT, TOP, BOTTOM = -0.8, 15.2, -2.9, 13.4
PANEL = 8.5
"""Board x where the information panel begins."""
INK = "#2f2a24"
WALL = "#efe6d2"
GALLERY = "#d9c9a3"
FRAME = "#b8892b"
SHAFT = "#6a6a9a"
ROOF_GREEN = "#2e9e4a"

STYLE = """
.museum-board{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
.museum-board text{dominant-baseline:central;text-anchor:middle;fill:#2f2a24}
.museum-board .num{font-size:17px;font-weight:700}
.museum-board .value{font-size:10.5px;fill:#6b5a2e}
.museum-board .small{font-size:12px}
.museum-board .panel text{text-anchor:start;font-size:14px}
.museum-board .panel .head{font-size:16px;font-weight:700}
.museum-board .chip text{font-size:10.5px;text-anchor:middle}
.museum-board .thief{pointer-events:none}
"""
PLAY_STYLE = """
.museum-board [data-click]{cursor:pointer}
.museum-board .reach{fill:#ffe45c;fill-opacity:.16;stroke:#f2b200;stroke-width:3.5;
stroke-dasharray:6 4}
.museum-board .reach:hover,.museum-board .reach.hot,.museum-board .reach.selected{
fill-opacity:.4;stroke:#ff6a00}
.museum-board .button rect{fill:#fff7c2;stroke:#f2b200;stroke-width:2.5}
.museum-board .button:hover rect,.museum-board .button.hot rect{fill:#ffd84a;stroke:#ff6a00}
.museum-board .clickable{filter:drop-shadow(0 0 3px #f2b200)}
"""


def click_path(state: MuseumState, action: int) -> list[str]:
    """The tokens a person clicks for `action`: the field a move ends on, or rob / pass."""
    from ludoteca.games.museum.game import PASS, ROB_ACTION

    if state.to_json()["phase"] == "rob":
        return ["rob"] if action == ROB_ACTION else ["pass"] if action == PASS else []
    return [f"field:{state.field_name(action)}"]


def _n(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


def _xy(field: Field) -> tuple[float, float]:
    return field.at[0] * UNIT, field.at[1] * UNIT


def render_svg(state: MuseumState, *, seat: int | None = None, interactive: bool = False) -> str:
    """The position as a complete `<svg>` (deterministic, no fixed size).

    `seat` is the viewer, marked "you"; with `interactive`, the choices are offered only when
    that seat (or, without `seat`, whoever) is to act.
    """
    player = state.current_player()
    offered = interactive and player >= 0 and seat in {None, player}
    phase = state.to_json()["phase"]
    reach = state.legal_actions() if offered and phase == "move" else []
    robbing = offered and phase == "rob"
    width, height = (RIGHT - LEFT) * UNIT, (BOTTOM - TOP) * UNIT
    summary = f"{state.game.title}. {status_line(state)}. {card_line(state)}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="museum-board" role="img"'
        f' viewBox="{_n(LEFT * UNIT)} {_n(TOP * UNIT)} {_n(width)} {_n(height)}"'
        f' aria-label="{escape(summary)}">',
        f"<style>{STYLE}{PLAY_STYLE if offered else ''}</style>",
        f'<rect x="{_n(LEFT * UNIT)}" y="{_n(TOP * UNIT)}" width="{_n(width)}"'
        f' height="{_n(height)}" rx="24" fill="#faf6ec"/>',
        *_building(state),
        *_links(state),
        *_fields(state, robbing),
        *_reach(state, reach),
        *_thieves(state),
        *_panel(state, seat, robbing),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


# -- the museum ------------------------------------------------------------------------------
def _building(state: MuseumState) -> list[str]:
    """The facade, the roof, a gallery band per floor and the elevator shaft."""
    museum = state.game.museum
    u = UNIT
    parts = [
        f'<polygon points="{_n(-0.75 * u)},{_n(-0.75 * u)} {_n(3.6 * u)},{_n(-2.8 * u)}'
        f' {_n(7.95 * u)},{_n(-0.75 * u)}" fill="#b5533c" stroke="{INK}" stroke-width="3"/>',
        f'<rect x="{_n(-0.7 * u)}" y="{_n(-0.75 * u)}" width="{_n(8.6 * u)}"'
        f' height="{_n(13.5 * u)}" fill="{WALL}" stroke="{INK}" stroke-width="3"/>',
    ]
    for floor in (1, 2, 3, 4):
        y = museum.floor_rows(floor)[0].at[1] * u
        parts.append(
            f'<rect x="{_n(-0.55 * u)}" y="{_n(y - 0.62 * u)}" width="{_n(7.1 * u)}"'
            f' height="{_n(1.55 * u)}" rx="6" fill="{GALLERY}"/>'
            f'<text class="small" x="{_n(-0.45 * u)}" y="{_n(y + 1.15 * u)}"'
            f' style="text-anchor:start">floor {floor}</text>'
        )
    x = museum.by_name("E1").at[0] * u
    parts.append(
        f'<rect x="{_n(x - 0.42 * u)}" y="{_n(-0.5 * u)}" width="{_n(0.84 * u)}"'
        f' height="{_n(12.95 * u)}" rx="8" fill="#d7d7ea" stroke="{SHAFT}" stroke-width="2"/>'
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


def _fields(state: MuseumState, robbing: bool) -> list[str]:
    museum = state.game.museum
    guarded = state.guarded()
    rob_here = state.place[state.turn] if robbing else -1
    parts = []
    for field in museum.fields:
        x, y = _xy(field)
        if field.kind == "roof":
            parts.append(
                f'<rect x="{_n(x - 0.45 * UNIT)}" y="{_n(y - 0.42 * UNIT)}"'
                f' width="{_n(2.4 * UNIT)}" height="{_n(0.84 * UNIT)}" rx="12" fill="#e6f4e6"'
                f' stroke="{ROOF_GREEN}" stroke-width="3"/>'
                f'<text class="small" x="{_n(x + 2.3 * UNIT)}" y="{_n(y)}"'
                f' style="text-anchor:start">roof +{museum.roof_bonus:,}</text>'
            )
        elif field.kind == "picture":
            parts.append(_picture(state, field, field.id in guarded, field.id == rob_here))
        else:
            size = 0.62 if field.kind == "stop" else 0.46
            half = size / 2 * UNIT
            label = f'<text class="small" x="{_n(x)}" y="{_n(y)}">{field.name}</text>'
            parts.append(
                f'<rect x="{_n(x - half)}" y="{_n(y - half)}" width="{_n(2 * half)}"'
                f' height="{_n(2 * half)}" rx="5" fill="#ffffff" stroke="{SHAFT}"'
                f' stroke-width="{3 if field.kind == "stop" else 1.5}"/>{label}'
            )
    return parts


def _picture(state: MuseumState, field: Field, guarded: bool, robbable: bool) -> str:
    """A framed picture: its number, its value, a marker and a guard chip if it has them."""
    x, y = _xy(field)
    w, h = 0.8 * UNIT, 0.98 * UNIT
    click = ' data-click="rob"' if robbable else ""
    parts = [
        f'<g class="picture"{click}><title>picture {field.name}: {field.value:,} euros</title>',
        f'<rect x="{_n(x - w / 2)}" y="{_n(y - h / 2)}" width="{_n(w)}" height="{_n(h)}"'
        f' rx="3" fill="#fffdf5" stroke="{FRAME}" stroke-width="4"/>',
        f'<text class="num" x="{_n(x)}" y="{_n(y - 0.26 * UNIT)}">{field.name}</text>',
        f'<text class="value" x="{_n(x)}" y="{_n(y + 0.72 * UNIT)}">{field.value:,} €</text>',
    ]
    owner = state.marker[field.id]
    if owner >= 0:
        kind = "banked" if state.banked[field.id] else "at risk"
        dashes = "" if state.banked[field.id] else ' stroke-dasharray="3 2"'
        parts.append(
            f'<circle cx="{_n(x - 0.3 * UNIT)}" cy="{_n(y + 0.33 * UNIT)}" r="8"'
            f' fill="{HEX[owner]}" stroke="{INK}" stroke-width="1.5"{dashes}>'
            f"<title>marker ({kind})</title></circle>"
        )
    if guarded:
        parts.append(
            f'<circle cx="{_n(x + 0.3 * UNIT)}" cy="{_n(y + 0.33 * UNIT)}" r="8" fill="#555"'
            f' stroke="#111" stroke-width="1.5"><title>guard chip: checked</title></circle>'
        )
    parts.append("</g>")
    return "".join(parts)


def _reach(state: MuseumState, fields: list[int]) -> list[str]:
    """A dashed highlight on every field the thief to move may end on."""
    museum = state.game.museum
    parts = []
    for field_id in fields:
        field = museum.fields[field_id]
        x, y = _xy(field)
        w, h = (2.5, 0.95) if field.id == ROOF else (0.92, 1.1)
        left = x - (0.5 if field.id == ROOF else w / 2) * UNIT
        if field.kind in {"stop", "shaft"}:
            w = h = 0.72
            left = x - w / 2 * UNIT
        parts.append(
            f'<rect class="reach" data-click="field:{field.name}" x="{_n(left)}"'
            f' y="{_n(y - h / 2 * UNIT)}" width="{_n(w * UNIT)}" height="{_n(h * UNIT)}" rx="8">'
            f"<title>{escape(state.action_to_string(field_id))}</title></rect>"
        )
    return parts


def _thieves(state: MuseumState) -> list[str]:
    """Each thief as a figure in its colour; thieves on the roof stand side by side."""
    from ludoteca.games.museum.game import COLOURS

    museum = state.game.museum
    acting = state.current_player()
    parts = []
    for seat, place in enumerate(state.place):
        x, y = _xy(museum.fields[place])
        if place == ROOF:
            x += seat * 0.5 * UNIT
        halo = (
            f'<circle r="21" fill="none" stroke="{HEX[seat]}" stroke-width="3"'
            f' stroke-dasharray="4 3"/>'
            if seat == acting
            else ""
        )
        ink = "#000" if seat == 3 else "#fff"
        parts.append(
            f'<g class="thief" transform="translate({_n(x)} {_n(y + 9)})">'
            f"<title>{COLOURS[seat]} thief</title>{halo}"
            f'<path d="M-11 15 Q-11 0 0 -1 Q11 0 11 15 Z" fill="{HEX[seat]}" stroke="{INK}"'
            f' stroke-width="1.5"/><circle cy="-9" r="8" fill="{HEX[seat]}" stroke="{INK}"'
            f' stroke-width="1.5"/><rect x="-8" y="-12" width="16" height="4" fill="#111"/>'
            f'<text x="0" y="8" style="font-size:11px;font-weight:700;fill:{ink}">'
            f"{COLOURS[seat][0].upper()}</text></g>"
        )
    return parts


# -- the panel ---------------------------------------------------------------------------------
def _panel(state: MuseumState, viewer: int | None, robbing: bool) -> list[str]:
    u = UNIT
    x = PANEL * u
    parts = [f'<g class="panel"><text class="head" x="{_n(x)}" y="{_n(-2.5 * u)}">']
    parts.append(f"{escape(status_line(state))}</text>")
    parts += _card(state, x, -2.0 * u)
    parts += _thief_rows(state, viewer, x, 0.1 * u)
    y = 3.0 * u
    if robbing:
        parts += _buttons(state, x, y)
    parts += _pile(state, x, 4.4 * u)
    parts.append("</g>")
    return parts


def _card(state: MuseumState, x: float, y: float) -> list[str]:
    """The current card: the picture the guard checks (or the elevator) and its footprints."""
    card = state.card()
    w, h = 1.6 * UNIT, 1.9 * UNIT
    parts = [
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="8" fill="#ffffff"'
        f' stroke="{INK}" stroke-width="2"/>'
    ]
    cx = x + w / 2
    if card is None:
        parts.append(
            f'<text x="{_n(cx)}" y="{_n(y + h / 2)}" style="text-anchor:middle">no card</text>'
        )
        return parts
    label = "E" if card.picture is None else str(card.picture)
    colour = SHAFT if card.picture is None else INK
    parts.append(
        f'<text x="{_n(cx)}" y="{_n(y + 0.55 * UNIT)}" style="text-anchor:middle;font-size:34px;'
        f'font-weight:800;fill:{colour}">{label}</text>'
    )
    for i in range(card.steps):
        fx = x + 0.25 * UNIT + (i % 3) * 0.55 * UNIT
        fy = y + 1.2 * UNIT + (i // 3) * 0.4 * UNIT
        parts.append(
            f'<ellipse cx="{_n(fx)}" cy="{_n(fy)}" rx="6" ry="10" fill="#6b4f2a"'
            f' transform="rotate(-15 {_n(fx)} {_n(fy)})"/>'
        )
    if card.picture is not None:
        check = f"the guard checks picture {card.picture}"
    elif state.game.check_on_turn:
        check = "the guard checked the elevator"
    else:
        check = "the guard checks every thief in the elevator"
    lines = (f"card {card.name}", check, f"move 0 to {card.steps} fields")
    for i, line in enumerate(lines):
        parts.append(
            f'<text x="{_n(x + w + 12)}" y="{_n(y + (0.3 + 0.4 * i) * UNIT)}">{line}</text>'
        )
    if state.caught:
        from ludoteca.games.museum.game import COLOURS

        names = ", ".join(COLOURS[s] for s in state.caught)
        parts.append(
            f'<text x="{_n(x + w + 12)}" y="{_n(y + 1.6 * UNIT)}" style="fill:#b00020">'
            f"caught: {names}</text>"
        )
    return parts


def _thief_rows(state: MuseumState, viewer: int | None, x: float, y: float) -> list[str]:
    from ludoteca.games.museum.game import COLOURS

    scores = state.scores()
    parts = []
    for seat, place in enumerate(state.place):
        row = y + seat * 0.62 * UNIT
        you = " (you)" if seat == viewer else ""
        risk = len(state.at_risk(seat))
        text = (
            f"{COLOURS[seat]}{you}: on {state.field_name(place)}, hand {state.hand(seat)},"
            f" at risk {risk}, {scores[seat]:,} €"
        )
        weight = "font-weight:700" if seat == state.current_player() else ""
        parts.append(
            f'<circle cx="{_n(x + 9)}" cy="{_n(row)}" r="9" fill="{HEX[seat]}" stroke="{INK}"/>'
            f'<text x="{_n(x + 26)}" y="{_n(row)}" style="{weight}">{escape(text)}</text>'
        )
    return parts


def _buttons(state: MuseumState, x: float, y: float) -> list[str]:
    """The robbing decision as two buttons."""
    picture = state.place[state.turn]
    value = state.game.museum.fields[picture].value
    parts = []
    for token, label, dx in (("rob", f"rob {picture} ({value:,} €)", 0), ("pass", "pass", 3.6)):
        bx = x + dx * UNIT
        parts.append(
            f'<g class="button" data-click="{token}"><rect x="{_n(bx)}" y="{_n(y - 20)}"'
            f' width="{_n(3.3 * UNIT)}" height="40" rx="10"/>'
            f'<text x="{_n(bx + 1.65 * UNIT)}" y="{_n(y)}" style="text-anchor:middle;'
            f'font-weight:700">{escape(label)}</text></g>'
        )
    return parts


def _pile(state: MuseumState, x: float, y: float) -> list[str]:
    """The cards as chips: turned (the discard pile, in order) and still in the deck, by kind."""
    deck = state.game.deck
    parts = [f'<text class="head" x="{_n(x)}" y="{_n(y)}">Discard pile (first to last)</text>']
    parts += _chips([deck.kinds[k].name for k in state.discard], x, y + 0.55 * UNIT, faded=False)
    rows = -(-len(state.discard) // 8) if state.discard else 1
    y2 = y + (0.7 + 0.5 * rows) * UNIT
    parts.append(
        f'<text class="head" x="{_n(x)}" y="{_n(y2)}">Deck: {state.rounds_left()} cards'
        f" left, order unknown</text>"
    )
    left = [
        kind.name + (f" x{state.left[kind.id]}" if state.left[kind.id] > 1 else "")
        for kind in deck.kinds
        if state.left[kind.id]
    ]
    parts += _chips(left, x, y2 + 0.55 * UNIT, faded=True)
    return parts


def _chips(names: list[str], x: float, y: float, faded: bool) -> list[str]:
    parts = []
    for i, name in enumerate(names):
        row, column = divmod(i, 8)
        cx = x + column * 0.78 * UNIT
        cy = y + row * 0.5 * UNIT
        fill = "#f3f0ff" if name.startswith("E") else "#ffffff"
        parts.append(
            f'<g class="chip"><rect x="{_n(cx)}" y="{_n(cy - 12)}" width="{_n(0.7 * UNIT)}"'
            f' height="24" rx="4" fill="{fill}" stroke="{"#aaa" if faded else INK}"/>'
            f'<text x="{_n(cx + 0.35 * UNIT)}" y="{_n(cy)}">{escape(name)}</text></g>'
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


def docs_pictures() -> dict[str, str]:
    """File name -> SVG of each picture on the rules page `docs/games/museum.md`."""
    from ludoteca.games.museum.game import MuseumGame, MuseumState

    pictures = {}
    for name, (config, position) in DOCS_POSITIONS.items():
        game = MuseumGame(**config)
        state = game.state_from_json({**position, "players": game.num_players})
        assert isinstance(state, MuseumState)
        pictures[name] = render_svg(state, interactive=True)
    return pictures


def write_docs_pictures(folder: str | Path) -> list[Path]:
    """Write the rules page's pictures into `folder` (normally `docs/games`)."""
    return write_pictures(docs_pictures(), folder)
