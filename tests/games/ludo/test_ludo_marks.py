"""Mens erger je niet on the table: last-move marks, pawns that keep their identity, letters,
the board turned to the viewer and the six-colour board's even spacing.
"""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

import ludoteca
from ludoteca import i18n
from ludoteca.core.api import CHANCE
from ludoteca.core.chance import sample_outcome
from ludoteca.core.marks import MoveMark
from ludoteca.games.ludo.board import load_board
from ludoteca.games.ludo.game import LudoGame, LudoState
from ludoteca.games.ludo.svg import move_mark, oriented_board, pawn_letters, render_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def at(obj: dict[str, Any], players: int = 4, **options: Any) -> LudoState:
    state = LudoGame(players, **options).state_from_json(
        {"game": "ludo", "players": players, **obj}
    )
    assert isinstance(state, LudoState)
    return state


FOUR = {"red": ["R"] * 4, "blue": ["R"] * 4, "yellow": ["R"] * 4, "green": ["R"] * 4}


def pieces(root: ET.Element) -> dict[str, str]:
    return {
        e.get("data-piece", ""): e.get("transform", "") for e in root.iter() if e.get("data-piece")
    }


def spot_centre(root: ET.Element, token: str) -> str:
    """Where the circle with `data-spot=token` is, as a pawn's transform would say it."""
    for element in root.iter():
        if element.get("data-spot") == token:
            circle = element if element.tag == f"{SVG}circle" else element.find(f"{SVG}circle")
            assert circle is not None
            return f"translate({circle.get('cx')} {circle.get('cy')})"
    raise AssertionError(f"no data-spot={token}")


def test_a_capture_marks_from_the_path_to_and_a_cross() -> None:
    """Anna (red) moves 12 -> 17 with a 5 and sends green's pawn home."""
    pawns = {**FOUR, "red": ["12", "R", "R", "R"], "green": ["17", "R", "R", "R"]}
    state = at({"turn": "red", "phase": "move", "die": 5, "pawns": pawns})
    mark = move_mark(state, 12)
    assert mark == MoveMark(
        0,
        (
            ("from", "12"),
            ("path", "13"),
            ("path", "14"),
            ("path", "15"),
            ("path", "16"),
            ("to", "17"),
            ("capture", "17"),
        ),
    )


def test_entering_marks_the_reserve_circle_and_a() -> None:
    state = at(
        {"turn": "blue", "phase": "move", "die": 6, "pawns": {**FOUR, "blue": ["R", "R", "3", "a"]}}
    )
    assert move_mark(state, state.game.enter_action).spots == (("from", "blue-r0"), ("to", "10"))


def test_a_bounce_in_the_goal_walks_to_d_and_back() -> None:
    """With goal_bounce, a pawn on a that rolls 5 goes b, c, d, then back to c... and lands on b."""
    state = at(
        {"turn": "red", "phase": "move", "die": 5, "pawns": {**FOUR, "red": ["a", "R", "R", "R"]}}
    )
    track = state.game.track_length
    assert move_mark(state, track).spots == (
        ("from", "red-a"),
        ("path", "red-b"),
        ("path", "red-c"),
        ("path", "red-d"),
        ("path", "red-c"),
        ("to", "red-b"),
    )


def test_chance_marks_the_die_and_the_reserve_of_who_begins() -> None:
    state = LudoGame(4).new_initial_state(seed=3)
    assert move_mark(state, 2) == MoveMark(CHANCE, (("chance", "yellow-reserve"),))
    state.apply_action(2)
    assert move_mark(state, 4) == MoveMark(CHANCE, (("chance", "die"),))


def play(config: dict[str, Any], seed: int) -> Iterator[tuple[LudoState, int]]:
    game = ludoteca.load("ludo", **config)
    state = game.new_initial_state(seed=seed)
    policy = random.Random(seed)
    while not state.is_terminal() and len(state.history()) < 600:
        action = (
            sample_outcome(state)
            if state.is_chance_node()
            else policy.choice(state.legal_actions())
        )
        assert isinstance(state, LudoState)
        yield state, action
        state.apply_action(action)


@pytest.mark.parametrize(
    "config", [{"players": 4}, {"players": 2}, {"players": 6, "board": 6}, {"players": 3}]
)
def test_every_marked_token_is_drawn_and_outlined_after_the_action(config: dict[str, Any]) -> None:
    kinds: set[str] = set()
    for before, action in play(config, seed=5):
        mark = move_mark(before, action)
        kinds.update(role for role, _ in mark.spots)
        after = before.clone()
        after.apply_action(action)
        viewer = random.Random(action).randrange(after.game.num_players)
        root = parse(render_svg(after, seat=viewer, interactive=True, last_moves=[mark]))
        spots = {e.get("data-spot") for e in root.iter()}
        outlined = {(e.get("data-last-move"), e.get("data-on")) for e in root.iter()}
        for role, token in mark.spots:
            assert token in spots, (role, token)
            assert (role, token) in outlined, (role, token)
    assert kinds == {"from", "path", "to", "capture", "chance"}


def test_a_pawn_keeps_its_data_piece_from_one_position_to_the_next() -> None:
    pawns = {**FOUR, "red": ["12", "R", "5", "R"], "green": ["17", "R", "R", "R"]}
    before = at({"turn": "red", "phase": "move", "die": 5, "pawns": pawns})
    after = before.clone()
    after.apply_action(12)
    old, new = pieces(parse(render_svg(before))), pieces(parse(render_svg(after)))
    moved = {piece for piece in old if old[piece] != new[piece]}
    assert moved == {"red-0", "green-0"}  # the mover and the pawn it sent home
    root = parse(render_svg(after))
    assert new["red-0"] == spot_centre(root, "17")
    assert new["green-0"] == spot_centre(root, "green-r0")


def test_pawns_carry_their_colours_letter_in_every_language() -> None:
    state = LudoGame(6, board=6).new_initial_state(seed=1)
    for language in ("en", "nl", "de"):
        with i18n.use(language):
            letters = pawn_letters()
            assert len(set(letters.values())) == 6  # no two colours share a letter
            root = parse(render_svg(state))
            for pawn in root.iter(f"{SVG}g"):
                if pawn.get("data-piece"):
                    text = pawn.find(f".//{SVG}text")
                    colour = pawn.get("data-piece", "").split("-")[0]
                    assert text is not None and text.text == letters[colour]
    with i18n.use("nl"):
        assert pawn_letters()["yellow"] != pawn_letters()["green"]  # Geel, Groen


@pytest.mark.parametrize(("players", "size"), [(4, 4), (2, 4), (3, 4), (6, 6), (5, 6), (2, 6)])
def test_the_board_turns_the_viewers_colour_to_the_bottom(players: int, size: int) -> None:
    game = LudoGame(players, board=size)
    for seat in range(players):
        board = oriented_board(game, seat)
        colour = game.seat_colours(seat)[0]
        goal = board.goal[colour]
        assert all(abs(x) < 1e-2 for x, _ in goal)  # straight below the centre
        assert [y for _, y in goal] == sorted((y for _, y in goal), reverse=True)
        assert all(y > 0 for _, y in goal)
        entry = board.track[board.entry(colour)]
        assert entry[1] == pytest.approx(max(y for _, y in board.track), abs=0.01)
    assert oriented_board(game, None) is game.board  # spectators: as board.json draws it


def test_a_turned_board_keeps_every_distance() -> None:
    game = LudoGame(6, board=6)
    plain, turned = game.board, oriented_board(game, 2)
    for a, b in [(0, 1), (7, 8), (11, 30), (5, 40)]:
        assert math.dist(plain.track[a], plain.track[b]) == pytest.approx(
            math.dist(turned.track[a], turned.track[b]), abs=0.01
        )


@pytest.mark.parametrize("size", [4, 6])
def test_track_circles_are_evenly_spaced(size: int) -> None:
    """The six-colour board's corners used to be 1.27 units apart against 1 elsewhere."""
    board = load_board(size)
    track = board.track
    gaps = [math.dist(track[i], track[(i + 1) % len(track)]) for i in range(len(track))]
    assert max(gaps) / min(gaps) < 1.01
    spots = [*track, *(p for g in board.goal for p in g), *(p for r in board.reserve for p in r)]
    closest = min(math.dist(a, b) for i, a in enumerate(spots) for b in spots[i + 1 :])
    assert closest >= 0.99  # no two circles crowd each other


# Machado, Oliveira & Fernandes (2009), severity 1.0: linear RGB as each kind of dichromat sees it.
DICHROMATS = {
    "deuteranopia": ((0.367, 0.861, -0.228), (0.280, 0.673, 0.047), (-0.012, 0.043, 0.969)),
    "protanopia": ((0.152, 1.053, -0.205), (0.115, 0.786, 0.099), (-0.004, -0.048, 1.052)),
    "tritanopia": ((1.256, -0.077, -0.179), (-0.078, 0.931, 0.148), (0.005, 0.691, 0.304)),
    "normal vision": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
}


def _lab(colour: str, seen: tuple[tuple[float, ...], ...]) -> tuple[float, float, float]:
    """CIELAB of `colour` as seen through the matrix `seen`."""
    srgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    rgb = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in srgb]
    r, g, b = (max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True))) for row in seen)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_the_palette_stays_apart_for_colour_blind_eyes() -> None:
    """Every two pawn colours differ by a CIELAB distance of 20 or more for each dichromacy
    (the old purple and blue were 6 apart for protanopes): letters are the second cue."""
    palette = load_board(6).colour_hex
    for vision, seen in DICHROMATS.items():
        for a, b in [(a, b) for a in palette for b in palette if a < b]:
            distance = math.dist(_lab(palette[a], seen), _lab(palette[b], seen))
            assert distance >= 20, f"{a} and {b} are {distance:.1f} apart with {vision}"


def test_a_movable_pawn_is_named_by_its_move_in_words() -> None:
    """Screen readers announce "Red moves from 12 to 17 and sends Green home", not `12x17`."""
    pawns = {**FOUR, "red": ["12", "R", "R", "R"], "green": ["17", "R", "R", "R"]}
    state = at({"turn": "red", "phase": "move", "die": 5, "pawns": pawns})
    root = parse(render_svg(state, seat=0, interactive=True))
    (pawn,) = [e for e in root.iter() if e.get("data-action") == "12"]
    assert pawn.get("aria-label") == "Red moves from 12 to 17 and sends Green home"
    with i18n.use("nl"):
        root = parse(render_svg(state, seat=0, interactive=True))
    (pawn,) = [e for e in root.iter() if e.get("data-action") == "12"]
    assert pawn.get("aria-label") == "Rood gaat van 12 naar 17 en slaat Groen eraf"
