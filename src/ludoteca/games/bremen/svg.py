"""Bremer Stadtmusikanten as SVG: the board of `board.json` with its stacks, for the web and docs.

Each stack is drawn as a little pyramid of bars, widest (the donkey) at the bottom, each bar in
its animal's colour with the animal's letter. With `interactive=True` the board speaks the
click-path contract of the web app (see `click_path`): animals carry `data-click="animal:rH"`,
fields `data-click="field:27"`, the robber `data-click="robber"`, the dice `data-click="die:3"`.
Elements that cannot be clicked right now ignore the pointer, so a click on a stack while
choosing a destination reaches the field beneath it. All CSS is scoped under `bremen-board`.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ludoteca.core.api import JSON
from ludoteca.games.bremen.board import Board
from ludoteca.games.bremen.game import (
    KIND_LETTERS,
    KINDS,
    MOVE,
    OVER,
    R_FACE,
    ROBBER,
    START,
    animal_name,
    colour_of,
    size_of,
)
from ludoteca.rulebook import write_pictures

if TYPE_CHECKING:
    from ludoteca.games.bremen.game import BremenState

UNIT = 46
"""Pixels (user units) per board unit."""
FIELD = 0.62 * UNIT
MARGIN = 1.0
PANEL = 2.2
"""Board units below the board for the dice, whose turn and the scores."""
INK = "#33291f"
BACKDROP = "#e8efd8"
PAINT = {"road": "#ecd9a8", "forest": "#f2a541", "bridge": "#9a6a3a", "house": "#7a2e1e"}
PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)),
}

STYLE = """
.bremen-board{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
.bremen-board text{dominant-baseline:central;text-anchor:middle}
.bremen-board .name{font-size:11px;fill:#5b4a36;font-weight:600}
.bremen-board .animal text{font-size:10px;font-weight:700}
.bremen-board .caption{font-size:17px;fill:#33291f}
.bremen-board .score{font-size:15px;fill:#33291f;text-anchor:start}
"""
CLICK_STYLE = """
.bremen-board [data-click]{cursor:pointer}
.bremen-board [data-click]:not(.clickable),.bremen-board .animal:not(.clickable),
.bremen-board .robber:not(.clickable){pointer-events:none}
.bremen-board .field.clickable circle,.bremen-board .field.clickable rect{stroke:#ff6a00;
stroke-width:4;stroke-dasharray:6 3}
.bremen-board .field.clickable:hover circle,.bremen-board .field.clickable:hover rect{
fill:#ffe45c}
.bremen-board .animal.clickable rect{stroke:#ff6a00;stroke-width:2.5}
.bremen-board .animal.clickable:hover rect,.bremen-board .animal.selected rect{
stroke:#ff2d00;stroke-width:4}
.bremen-board .robber.clickable circle,.bremen-board .die.clickable rect{stroke:#ff6a00;
stroke-width:4}
.bremen-board .selected circle,.bremen-board .selected rect{stroke:#ff2d00;stroke-width:4}
"""


def render_svg(state: BremenState, *, seat: int | None = None, interactive: bool = False) -> str:
    """The position as a complete `<svg>` fragment (deterministic, no fixed size).

    `seat` is the viewer (marked "you"); with `interactive`, the click tokens of the legal moves
    are offered when that seat (or, without `seat`, whoever) is to move.
    """
    game = state.game
    board = game.board
    player = state.current_player()
    clickable = interactive and player >= 0 and seat in {None, player}
    xs = [x for x, _ in board.points]
    ys = [y for _, y in board.points]
    left, top = (min(xs) - MARGIN) * UNIT, (min(ys) - MARGIN) * UNIT
    width = (max(xs) - min(xs) + 2 * MARGIN) * UNIT
    board_height = (max(ys) - min(ys) + 2 * MARGIN) * UNIT
    height = board_height + PANEL * UNIT
    label = f"{game.title}. {summary(state, seat)}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="bremen-board" role="img"'
        f' viewBox="{_n(left)} {_n(top)} {_n(width)} {_n(height)}"'
        f' aria-label="{escape(label)}">',
        f"<style>{STYLE}{CLICK_STYLE if clickable else ''}</style>",
        f'<rect x="{_n(left)}" y="{_n(top)}" width="{_n(width)}" height="{_n(height)}"'
        f' rx="{_n(0.4 * UNIT)}" fill="{BACKDROP}"/>',
        _forest(board),
        *_links(board),
        *_fields(board, clickable),
        *_stacks(state, clickable),
        *_robber(state, clickable),
        *_panel(state, seat, clickable, left, top + board_height, width),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def _n(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


def _xy(board: Board, field: int) -> tuple[float, float]:
    x, y = board.points[field]
    return x * UNIT, y * UNIT


def _forest(board: Board) -> str:
    """A darker ground under the robber's fields (the forest, the bridges and his house)."""
    inside = [board.points[f] for f in range(board.size) if board.is_robber_field(f)]
    pad = 0.75
    left = (min(x for x, _ in inside) - pad) * UNIT
    top = (min(y for _, y in inside) - pad) * UNIT
    width = (max(x for x, _ in inside) + pad) * UNIT - left
    height = (max(y for _, y in inside) + pad) * UNIT - top
    return (
        f'<rect class="forest-ground" x="{_n(left)}" y="{_n(top)}" width="{_n(width)}"'
        f' height="{_n(height)}" rx="{_n(0.6 * UNIT)}" fill="#b9d08f" fill-opacity=".7"/>'
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


def _fields(board: Board, clickable: bool) -> list[str]:
    """Every field with its name; starts in their colour, bridges as planks, H as a house."""
    starts = {field: colour for colour, field in enumerate(board.starts)}
    parts = []
    for field in range(board.size):
        x, y = _xy(board, field)
        kind = board.kinds[field]
        name = board.names[field]
        click = f' data-click="field:{name}"' if clickable else ""
        if kind == "bridge":
            shape = (
                f'<rect x="{_n(x - 0.45 * UNIT)}" y="{_n(y - 0.3 * UNIT)}"'
                f' width="{_n(0.9 * UNIT)}" height="{_n(0.6 * UNIT)}" rx="4"'
                f' fill="{PAINT["bridge"]}" stroke="{INK}" stroke-width="2"/>'
            )
        elif kind == "house":
            shape = (
                f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(FIELD * 1.15)}" fill="#f7e3c2"'
                f' stroke="{PAINT["house"]}" stroke-width="4"/>'
                f'<path d="M{_n(x - 20)} {_n(y - 2)}L{_n(x)} {_n(y - 22)}L{_n(x + 20)}'
                f' {_n(y - 2)}Z" fill="{PAINT["house"]}" fill-opacity=".35"/>'
            )
        else:
            colour = starts.get(field)
            fill = PAINT.get(kind, "#ffffff") if colour is None else _start_fill(board, colour)
            shape = (
                f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(FIELD)}" fill="{fill}"'
                f' stroke="{INK}" stroke-width="2"/>'
            )
        tag = (
            f'<text class="name" x="{_n(x - FIELD * 0.62)}" y="{_n(y - FIELD * 0.72)}">'
            f"{name}</text>"
        )
        parts.append(f'<g class="field {kind}"{click}><title>field {name}</title>{shape}{tag}</g>')
    return parts


def _start_fill(board: Board, colour: int) -> str:
    return _mix(board.colour_hex[board.colours[colour]], "#ffffff", 0.45)


def _mix(hex_colour: str, other: str, amount: float) -> str:
    a = [int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b, strict=True))


def _stacks(state: BremenState, clickable: bool) -> list[str]:
    """Each stack as bars from the donkey (widest, bottom) up; movable animals are tokens."""
    board = state.game.board
    movers = {tokens[0] for tokens in _paths(state).values()} if clickable else set()
    parts = []
    bar = 0.19 * UNIT
    for field, stack in enumerate(state.stacks):
        if not stack:
            continue
        x, y = _xy(board, field)
        bottom = y + 0.42 * UNIT
        for level, animal in enumerate(stack):
            name = animal_name(animal)
            size = size_of(animal)
            width = (0.26 + 0.17 * size) * UNIT
            top = bottom - (level + 1) * bar
            colour = board.colour_hex[board.colours[colour_of(animal)]]
            token = f"animal:{name}"
            click = f' data-click="{token}"' if token in movers else ""
            kind = KINDS[animal & 3]
            parts.append(
                f'<g class="animal {kind}"{click}><title>{board.colours[colour_of(animal)]}'
                f" {kind} ({name})</title>"
                f'<rect x="{_n(x - width / 2)}" y="{_n(top)}" width="{_n(width)}"'
                f' height="{_n(bar)}" rx="3" fill="{colour}" stroke="{INK}" stroke-width="1.2"/>'
                f'<text x="{_n(x)}" y="{_n(top + bar / 2)}" fill="{_ink_on(colour)}">'
                f"{KIND_LETTERS[animal & 3]}</text></g>"
            )
    return parts


def _ink_on(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


def _robber(state: BremenState, clickable: bool) -> list[str]:
    """The robber: a black figure with a mask, on his field or at home in the house."""
    x, y = _xy(state.game.board, state.robber)
    click = ' data-click="robber"' if clickable and state.phase == ROBBER else ""
    return [
        f'<g class="robber"{click}><title>the robber</title>'
        f'<circle cx="{_n(x)}" cy="{_n(y + 4)}" r="{_n(0.33 * UNIT)}" fill="#1d1b19"'
        f' stroke="#fff" stroke-width="2"/>'
        f'<rect x="{_n(x - 11)}" y="{_n(y - 3)}" width="22" height="6" rx="3" fill="#fff"/>'
        f'<circle cx="{_n(x - 5)}" cy="{_n(y)}" r="2" fill="#1d1b19"/>'
        f'<circle cx="{_n(x + 5)}" cy="{_n(y)}" r="2" fill="#1d1b19"/></g>'
    ]


def _panel(
    state: BremenState, seat: int | None, clickable: bool, left: float, top: float, width: float
) -> list[str]:
    """Below the board: the two dice, whose turn it is, and every seat's score."""
    parts = [*_dice(state, clickable, left + 0.5 * UNIT, top + 0.15 * UNIT)]
    x = left + 2.9 * UNIT
    parts.append(
        f'<text class="caption" x="{_n(x)}" y="{_n(top + 0.45 * UNIT)}"'
        f' style="text-anchor:start">{escape(summary(state, seat))}</text>'
    )
    game = state.game
    slot = (width - 2.9 * UNIT) / max(game.num_players, 1)
    for s in range(game.num_players):
        colours = game.seat_colours(s)
        sx = x + s * slot
        sy = top + 1.25 * UNIT
        for i, colour in enumerate(colours):
            hex_colour = game.board.colour_hex[game.board.colours[colour]]
            parts.append(
                f'<circle cx="{_n(sx + 7 + 16 * i)}" cy="{_n(sy)}" r="7" fill="{hex_colour}"'
                f' stroke="{INK}" stroke-width="1.2"/>'
            )
        who = f"seat {s}" + (" (you)" if s == seat else "")
        parts.append(
            f'<text class="score" x="{_n(sx + 16 * len(colours) + 4)}" y="{_n(sy)}">'
            f"{escape(who)}: {state.scores[s]}</text>"
        )
    return parts


def _dice(state: BremenState, clickable: bool, x: float, y: float) -> list[str]:
    """The plain die and the R-die; a die already used is faded; ambiguous dice are tokens."""
    plain, rdie = state.dice
    size = 0.8 * UNIT
    paths = _paths(state).values() if clickable else ()
    tokens = {t for path in paths for t in path if t.startswith("die:")}
    parts = []
    left = list(state.left)
    for i, face in enumerate((plain, rdie)):
        dx = x + i * (size + 10)
        used = state.phase == MOVE and face not in left
        if state.phase == MOVE and face in left:
            left.remove(face)
        token = f"die:{face}"
        click = f' data-click="{token}"' if clickable and token in tokens else ""
        opacity = ' opacity=".35"' if used or not face else ""
        parts.append(
            f'<g class="die"{click}{opacity}><title>{"R-die" if i else "die"}</title>'
            f'<rect x="{_n(dx)}" y="{_n(y)}" width="{_n(size)}" height="{_n(size)}" rx="7"'
            f' fill="#fffdf7" stroke="{INK}" stroke-width="2.5"/>'
        )
        if i and face == R_FACE:
            parts.append(
                f'<text x="{_n(dx + size / 2)}" y="{_n(y + size / 2)}" font-size="24"'
                f' font-weight="800" fill="#b3121f">R</text>'
            )
        else:
            step = size * 0.28
            for column, row in PIPS.get(face, ()):
                parts.append(
                    f'<circle cx="{_n(dx + size / 2 + (column - 1) * step)}"'
                    f' cy="{_n(y + size / 2 + (row - 1) * step)}" r="3.6" fill="{INK}"/>'
                )
        parts.append("</g>")
    return parts


def summary(state: BremenState, viewer: int | None = None) -> str:
    """Whose turn and what they do, in words: the caption and the aria-label."""
    game = state.game

    def who(seat: int) -> str:
        return (
            f"{game.seat_name(seat).capitalize()} (seat {seat}{', you' if seat == viewer else ''})"
        )

    if state.phase == OVER:
        return f"Game over: {who(state.winner)} wins"
    if state.phase == START:
        return "Drawing the seat that begins"
    if state.phase == ROBBER:
        return f"{who(state.turn)} moves the robber {state.dice[0]}"
    if state.phase == MOVE:
        dice = " and ".join(map(str, state.left))
        return f"{who(state.turn)} moves with {dice}"
    return f"{who(state.turn)} to roll"


# -- click paths -----------------------------------------------------------------------------
def click_path(state: BremenState, action: int) -> list[str]:
    """The tokens a person clicks to choose `action` (a legal action of `state`).

    - animal move: `animal:<name>`, `field:<destination>`, and `die:<n>` only when the same
      animal reaches the same field with both dice;
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
    for action, (animal, end, steps) in split:
        path = [f"animal:{animal_name(animal)}", f"field:{names[end]}"]
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


def docs_pictures() -> dict[str, str]:
    """File name -> SVG of each picture on the rules page `docs/games/bremen.md`."""
    from ludoteca.games.bremen.game import BremenGame, BremenState

    pictures = {}
    for name, (config, position) in DOCS_POSITIONS.items():
        game = BremenGame(**config)
        state = game.state_from_json({**position, "players": game.num_players})
        assert isinstance(state, BremenState)
        pictures[name] = render_svg(state)
    return pictures


def write_docs_pictures(folder: str | Path) -> list[Path]:
    """Write the rules page's pictures into `folder` (normally `docs/games`)."""
    return write_pictures(docs_pictures(), folder)
