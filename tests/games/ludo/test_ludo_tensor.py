"""Mens erger je niet's observation tensor: named slots hold what the position says.

Slots for four players (rows of 45 per colour: track circles 0-39 from my A, goals a-d at
40-43, reserve at 44; then turn 180-183, phase 184-187, die 188-193, must-move 194, tries 195,
finishers 196-199).
"""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.core.api import State
from ludoteca.games.ludo import tensor

ROW = 45


def slot(state: State, seat: int, index: int) -> float:
    return float(tensor.encode(state, seat)[index])


def test_four_player_shape_and_names() -> None:
    game = ludoteca.load("ludo", players=4)
    assert tensor.shape(game) == (4 * ROW + 4 + 4 + 6 + 2 + 4,)
    assert tensor.describe(game)[0].startswith("slots 0-39: colour +0 (mine) pawn on track")


def test_track_is_counted_from_my_circle_a(ludo) -> None:
    #   red (A = 0) has a pawn on 12; blue (A = 10) on 10 and on goal b; die 4 pending.
    state = ludo.position(
        {"red": ["12", "R", "R", "R"], "blue": ["10", "b", "R", "R"]},
        turn="blue",
        phase="move",
        die=4,
    )
    red, blue = tensor.encode(state, 0), tensor.encode(state, 1)
    assert red[12] == 1 and red[ROW + 10] == 1 and red[ROW + 41] == 1
    assert red[44] == 0.75 and red[ROW + 44] == 0.5
    # Blue sees itself as row 0 (its A is its circle 0) and red as colour +3, 2 circles on.
    assert blue[0] == 1 and blue[41] == 1 and blue[3 * ROW + 2] == 1
    assert blue[44] == 0.5 and blue[3 * ROW + 44] == 0.75
    assert red[180 + 1] == 1 and blue[180 + 0] == 1  # blue to move: seat +1 for red
    assert red[184 + 2] == 1 and red[188 + 3] == 1  # phase move, die 4


def test_chance_and_terminal_nodes_are_encoded(ludo) -> None:
    start = ludoteca.load("ludo", players=4).new_initial_state(seed=1)
    assert slot(start, 0, 184) == 1  # phase start
    rolling = ludo.position({"red": ["5", "R", "R", "R"]}, phase="roll")
    assert slot(rolling, 0, 185) == 1 and not tensor.encode(rolling, 0)[188:194].any()
    over = ludo.position({"red": ["a", "b", "c", "d"]}, phase="over", finished=[0], turn="red")
    assert slot(over, 0, 187) == 1
    assert slot(over, 0, 196) == 1 and slot(over, 2, 196 + 2) == 1  # red won, seen from yellow


def rotate(state: State) -> State:
    """The same position turned one colour on: every pawn's colour and circle move by one seat."""
    game = state.game
    obj = state.to_json()
    names = [game.colour_name(c) for c in game.colours]
    count = len(names)
    track = game.track_length
    spacing = track // count

    def turned(place: str) -> str:
        return str((int(place) + spacing) % track) if place.isdigit() else place

    obj["pawns"] = {
        names[(i + 1) % count]: [turned(p) for p in obj["pawns"][name]]
        for i, name in enumerate(names)
    }
    obj["turn"] = names[(names.index(obj["turn"]) + 1) % count]
    if obj["must_move"] is not None:
        obj["must_move"] = (obj["must_move"] + spacing) % track
    obj["finished"] = [(s + 1) % game.num_players for s in obj["finished"]]
    obj["history"] = []
    return game.state_from_json(obj)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(1, 300))
def test_each_seat_sees_the_board_turned_to_itself(seed: int, steps: int) -> None:
    """Turning the whole position one colour on and looking from the next seat changes nothing."""
    game = ludoteca.load("ludo", players=4)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    if state.to_json()["phase"] == "start":
        return
    turned = rotate(state)
    for seat in range(4):
        assert np.array_equal(tensor.encode(state, seat), tensor.encode(turned, (seat + 1) % 4))


def test_two_players_own_alternate_colour_rows(ludo) -> None:
    #   Two players: seat 0 plays red and yellow, seat 1 blue and green.
    state = ludo.position({"yellow": ["25", "R", "R", "R"]}, players=2)
    mine = tensor.encode(state, 0)
    theirs = tensor.encode(state, 1)
    assert mine[2 * ROW + 25] == 1  # yellow is colour +2 of red: still mine
    assert theirs[ROW + 15] == 1  # from blue (A = 10), yellow is colour +1, 15 circles on
    assert "colour +2 (mine)" in tensor.describe(state.game)[6]
