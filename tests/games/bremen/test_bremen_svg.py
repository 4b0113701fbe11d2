"""Bremer Stadtmusikanten's SVG for the table: the pieces, the numbers, the last move, the picker.

Measured on the SVG itself (in user units, before any scaling): the browser tests in
`tests/web/browser/test_bremen_layout_browser.py` measure the same board as rendered on a
desktop and a phone.
"""

from __future__ import annotations

import itertools
import random
import xml.etree.ElementTree as ET
from typing import Any

from test_bremen_describe import setup

import ludoteca
from ludoteca import i18n
from ludoteca.core.api import CHANCE
from ludoteca.core.marks import MoveMark
from ludoteca.games.bremen.constants import animal_name
from ludoteca.games.bremen.game import BremenState
from ludoteca.games.bremen.pieces import PALETTE, SHAPES
from ludoteca.games.bremen.svg import FIELD, UNIT, click_path, move_mark, render_svg

SVG = "{http://www.w3.org/2000/svg}"


def tree(state: BremenState, **kw: Any) -> ET.Element:
    return ET.fromstring(render_svg(state, **kw))


def by_attr(root: ET.Element, name: str) -> dict[str, ET.Element]:
    return {e.get(name, ""): e for e in root.iter() if e.get(name) is not None}


def art(piece: ET.Element) -> tuple[float, float, float, float, str, str]:
    """(x, y, width, height, path, fill) of an animal's silhouette."""
    box = piece.find(f"{SVG}svg")
    assert box is not None
    path = box.findall(f"{SVG}path")[-1]
    numbers = [float(box.get(k, "0")) for k in ("x", "y", "width", "height")]
    return (*numbers, path.get("d", ""), path.get("fill", ""))  # type: ignore[return-value]


# -- the pieces --------------------------------------------------------------------------------
def test_each_animal_is_its_kinds_silhouette_in_its_colour_and_pattern() -> None:
    """Colour is never the only cue: the kind is the shape, and each colour but red (plain) is
    filled with its own pattern."""
    root = tree(ludoteca.load("bremen", players=4).new_initial_state(seed=1))
    pieces = by_attr(root, "data-piece")
    fills = set()
    for animal in range(16):
        *_box, path, fill = art(pieces[f"animal:{animal_name(animal)}"])
        assert path == SHAPES[animal & 3].path
        fills.add(fill)
    assert fills == {
        PALETTE["red"],
        "url(#bremen-blue)",
        "url(#bremen-yellow)",
        "url(#bremen-green)",
    }
    patterns = {p.get("id") for p in root.iter(f"{SVG}pattern")}
    assert patterns == {"bremen-blue", "bremen-yellow", "bremen-green"}


def test_a_stack_stands_biggest_at_the_bottom_each_on_the_back_of_the_one_below() -> None:
    state = ludoteca.load("bremen", players=2).new_initial_state(seed=1)
    pieces = by_attr(tree(state), "data-piece")
    boxes = [art(pieces[f"animal:r{kind}"]) for kind in "DHCR"]
    widths = [w for _x, _y, w, _h, _p, _f in boxes]
    bottoms = [y + h for _x, y, _w, h, _p, _f in boxes]
    tops = [y for _x, y, _w, _h, _p, _f in boxes]
    assert widths == sorted(widths, reverse=True)
    assert bottoms == sorted(bottoms, reverse=True)
    for below, above in itertools.pairwise(boxes):
        assert below[1] < above[1] + above[3] < below[1] + below[3]  # feet on the back below
    view_top = float(tree(state).get("viewBox", "0 0").split()[1])
    assert tops[-1] >= view_top  # even a pyramid on a top corner stays on the board


def test_field_numbers_stay_clear_of_every_circle_and_of_each_other() -> None:
    """The numbers sit on tabs beside the fields: no tab touches a field circle or another tab."""
    root = tree(ludoteca.load("bremen").new_initial_state(seed=1))
    circles = [
        (float(c.get("cx", 0)), float(c.get("cy", 0)), float(c.get("r", 0)))
        for g in root.iter(f"{SVG}g")
        if "field" in g.get("class", "").split()
        for c in g.findall(f"{SVG}circle")[:1]
    ]
    tabs = []
    for g in root.iter(f"{SVG}g"):
        if "field" not in g.get("class", "").split():
            continue
        for rect in g.findall(f"{SVG}rect"):
            if rect.get("class") in {"plank", "hit"}:
                continue
            x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
            tabs.append((x, y, x + float(rect.get("width", 0)), y + float(rect.get("height", 0))))
    assert len(tabs) == 50 and len(circles) >= 48  # every field but the house; bridges are planks
    for left, top, right, bottom in tabs:
        for cx, cy, r in circles:
            nearest_x, nearest_y = min(max(cx, left), right), min(max(cy, top), bottom)
            assert (nearest_x - cx) ** 2 + (nearest_y - cy) ** 2 > r**2
    for i, a in enumerate(tabs):
        for b in tabs[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_a_board_to_play_on_is_a_group_whose_targets_screen_readers_reach() -> None:
    """An `img` hides its parts from screen readers; a board with targets is a `group`."""
    state = setup({}, players=2, phase="move", dice=[3, 2])
    assert tree(state).get("role") == "img"
    assert tree(state, interactive=True).get("role") == "group"
    assert tree(state, seat=1, interactive=True).get("role") == "img"  # not your turn


def test_no_text_says_seat_and_the_viewer_is_you() -> None:
    state = setup({}, players=3, phase="move", dice=[3, 2], turn=1)
    svg = render_svg(state, seat=1)
    assert "seat" not in svg.lower()
    assert "Blue (you) moves with 3 and 2." in svg and "Yellow: 0 points" in svg


# -- the last move -----------------------------------------------------------------------------
def marked(state: BremenState, notation: str) -> tuple[MoveMark, ET.Element]:
    """The mark of the move `notation` at `state`, drawn on the position after it."""
    action = state.string_to_action(notation)
    mark = move_mark(state, action)
    after = state.clone()
    after.apply_action(action)
    return mark, tree(after, last_moves=[mark])


def assert_drawn(mark: MoveMark, root: ET.Element) -> None:
    """Every token of the mark is an element of the board carrying its role."""
    elements = {**by_attr(root, "data-spot"), **by_attr(root, "data-piece")}
    for role, token in mark.spots:
        assert token in elements, token
        assert elements[token].get("data-last-move") == role, (token, role)


def test_a_roll_marks_the_dice() -> None:
    state = setup({}, turn=2)
    mark = move_mark(state, 41)
    assert mark == MoveMark(CHANCE, (("chance", "dice"),))
    after = state.clone()
    after.apply_action(41)
    assert_drawn(mark, tree(after, last_moves=[mark]))


def test_a_move_marks_from_and_to_and_what_it_sends_home() -> None:
    state = setup({"5": ["bD", "bR"], "3": ["rD", "rH", "rC", "rR"]}, phase="move", dice=[3, 2])
    mark, root = marked(state, "rH3x5")
    assert mark.spots == (("from", "field:3"), ("to", "field:5"), ("capture", "animal:bR"))
    assert mark.seat == 0
    assert_drawn(mark, root)
    fields = by_attr(root, "data-spot")
    rings = [c for c in fields["field:3"].iter(f"{SVG}circle") if c.get("class") == "last-move"]
    assert rings[-1].get("stroke-dasharray")  # dashed where the move began
    rings = [c for c in fields["field:5"].iter(f"{SVG}circle") if c.get("class") == "last-move"]
    assert rings[-1].get("stroke") == PALETTE["red"] and not rings[-1].get("stroke-dasharray")
    piece = by_attr(root, "data-piece")["animal:bR"]
    assert any(p.get("class") == "last-move" for p in piece.iter(f"{SVG}path"))  # a cross


def test_storming_and_chasing_mark_the_house_and_the_robber() -> None:
    state = setup({"41": ["rD", "bH", "rC", "gR"]}, phase="move", dice=[1, 5])
    mark, root = marked(state, "rD41-H/1")
    assert mark.spots == (("from", "field:41"), ("to", "field:H"))
    assert_drawn(mark, root)
    state = setup({"25": ["rD", "bH", "rC", "gR"]}, phase="move", dice=[1, 5], robber="26")
    mark, root = marked(state, "rD25-26")
    assert ("capture", "robber") in mark.spots
    assert_drawn(mark, root)


def test_a_robber_walk_marks_its_path_and_the_animals_sent_home() -> None:
    state = setup({"40": ["bH"], "24": ["yC"]}, phase="robber", dice=[3, "R"], turn=2)
    mark, root = marked(state, "R:41-40-24")
    assert mark.seat == 2
    assert mark.spots == (
        ("from", "field:H"),
        ("path", "field:41"),
        ("path", "field:40"),
        ("to", "field:24"),
        ("capture", "animal:bH"),
        ("capture", "animal:yC"),
    )
    assert_drawn(mark, root)


def test_marks_of_random_games_are_always_drawn() -> None:
    for players, seed in ((2, 3), (4, 4)):
        state = ludoteca.load("bremen", players=players, variant="turbulent").new_initial_state(
            seed=seed
        )
        rng = random.Random(seed)
        for _ in range(120):
            if state.is_terminal():
                break
            choices = state.legal_actions()
            action = rng.choice(choices)
            mark = move_mark(state, action)
            state.apply_action(action)
            assert_drawn(mark, tree(state, last_moves=[mark]))


# -- tapping on a phone ------------------------------------------------------------------------
def test_a_stack_with_several_movers_opens_a_picker_of_large_rows() -> None:
    """A pyramid at home: the stack is the first target; its picker shows every animal in a row
    at least 1.4 board units high (about 37 px on a 390 px phone), the movers as targets."""
    state = setup({}, players=2, phase="move", dice=[3, 2])
    paths = [click_path(state, a) for a in state.legal_actions()]
    assert ["stack:0", "animal:rD", "field:3"] in paths
    root = tree(state, interactive=True)
    pickers = [g for g in root.iter(f"{SVG}g") if g.get("class") == "picker"]
    assert {p.get("data-stack") for p in pickers} == {"0", "12"}
    rows = [g for g in pickers[0].iter(f"{SVG}g") if g.get("data-click")]
    assert [g.get("data-click") for g in rows] == [
        "animal:rR",
        "animal:rC",
        "animal:rH",
        "animal:rD",
    ]
    for row in rows:
        rect = row.find(f"{SVG}rect")
        assert rect is not None and float(rect.get("height", 0)) >= 1.4 * UNIT - 8
    style = root.find(f"{SVG}style")
    assert style is not None and '[data-click="stack:0"].selected' in (style.text or "")


def test_every_target_is_large_a_lone_mover_lends_its_stack_area() -> None:
    """Fields, lone movers and stacks have a tap area wider than a field (1.8 board units, about
    47 px on a phone); the animals of a stack are rows of its picker."""
    state = setup({"25": ["rH"]}, phase="move", dice=[1, 2], moved="rD", dice_left=[2])
    paths = [click_path(state, a) for a in state.legal_actions()]
    assert ["animal:rH", "field:27"] in paths and ["stack:0", "animal:rC", "field:2"] in paths
    clicks = by_attr(tree(state, interactive=True), "data-click")
    for token in {t for p in paths for t in p}:
        element = clicks[token]
        hit = element.find(f"{SVG}rect[@class='hit']")
        if "pick" in element.get("class", ""):
            hit = element.find(f"{SVG}rect")
            assert hit is not None and float(hit.get("height", 0)) >= 1.4 * UNIT - 8, token
        else:
            assert hit is not None, token
            assert float(hit.get("width", 0)) >= 1.8 * UNIT > 2 * FIELD


def test_a_line_too_long_for_the_panel_is_squeezed_to_fit() -> None:
    """A long translation or name never runs off the board: such a line gets a `textLength`
    that ends inside the board (its glyphs narrower, as tall)."""
    state = setup({}, players=2, phase="robber", dice=[5, "R"], scores=[12, 12])
    with i18n.use("de"):
        root = tree(state, seat=0)
    left, _top, width, _height = (float(v) for v in root.get("viewBox", "").split())
    lines = [t for t in root.iter(f"{SVG}text") if t.get("class") in {"caption", "score"}]
    assert lines[0].text == "Rot & Gelb (du) zieht den Räuber 5 Felder weit."
    for line in lines:
        if line.get("textLength"):
            assert float(line.get("x", 0)) + float(line.get("textLength", 0)) <= left + width
    assert lines[0].get("textLength")


def test_a_die_to_choose_is_large_enough_to_tap() -> None:
    """When both dice take the pyramid into the house, the die is the last click: each die is
    1.3 board units wide (34 px on a 390 px phone)."""
    state = setup({"41": ["rD", "bH", "rC", "gR"]}, phase="move", dice=[1, 5])
    paths = [click_path(state, a) for a in state.legal_actions()]
    assert ["stack:41", "animal:rD", "field:H", "die:5"] in paths
    clicks = by_attr(tree(state, interactive=True), "data-click")
    for token in ("die:1", "die:5"):
        rect = clicks[token].find(f"{SVG}rect")
        assert rect is not None and float(rect.get("width", 0)) >= round(1.3 * UNIT, 1)
