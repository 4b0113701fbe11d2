"""Belagerung's observation tensor: planes over the 7 x 8 grid, x[plane, row, column].

Planes: 0 knight, 1 soldier, 2 lord, 3 unmoved soldier (opening), 4 on board, 5 castle,
6 moat, then constant planes 7 I am the attacker, 8 I am to move, 9 opening moves / 4,
10 quiet moves / limit, 11 repetitions / 3, 12 over, 13 I won, 14 I lost.
"""

from __future__ import annotations

import numpy as np

import ludoteca
from ludoteca.games.siege import tensor
from ludoteca.games.siege.game import SiegeState

COLUMNS = "abcdefgh"


def at(x: np.ndarray, plane: int, field: str) -> float:
    return float(x[plane, int(field[1]), COLUMNS.index(field[0])])


def fields(x: np.ndarray, plane: int) -> set[str]:
    rows, columns = np.nonzero(x[plane])
    return {f"{COLUMNS[c]}{r}" for r, c in zip(rows, columns, strict=True)}


def test_the_start_position_from_both_sides() -> None:
    game = ludoteca.load("siege")
    state = game.new_initial_state(seed=1)
    attacker, defender = tensor.encode(state, 0), tensor.encode(state, 1)
    assert attacker.shape == tensor.shape(game) == (15, 7, 8)
    assert fields(attacker, 0) == {"b0", "d0", "e0", "g0"}
    assert fields(attacker, 2) == {"d6"}
    assert fields(attacker, 3) == fields(attacker, 1)  # no soldier has moved
    assert np.array_equal(attacker[:7], defender[:7])  # the board is not flipped
    assert attacker[7].all() and not defender[7].any()
    assert attacker[8].all() and not defender[8].any()  # the attacker moves first
    assert at(attacker, 11, "a1") == np.float32(1 / 3)  # the start position has occurred once
    assert fields(attacker, 4) >= {"a1", "h6", "b0"} and "a0" not in fields(attacker, 4)


def test_counters_and_the_result() -> None:
    game = ludoteca.load("siege")
    obj = {
        "game": "siege",
        "knights": ["c5"],
        "soldiers": ["d4"],
        "lord": None,
        "turn": "defender",
        "quiet": 50,
        "result": {"winner": "attacker", "reason": "the lord is captured"},
    }
    state = game.state_from_json(obj)
    assert isinstance(state, SiegeState)
    attacker, defender = tensor.encode(state, 0), tensor.encode(state, 1)
    assert not attacker[2].any()  # the lord is gone
    assert attacker[10].all() and attacker[10, 0, 0] == np.float32(50 / 200)
    assert attacker[12].all() and defender[12].all()
    assert attacker[13].all() and not attacker[14].any()
    assert defender[14].all() and not defender[13].any()


def test_opening_moves_are_counted() -> None:
    game = ludoteca.load("siege")
    state = game.new_initial_state(seed=1)
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])  # the defender's first opening move
    x = tensor.encode(state, 1)
    assert x[9, 3, 3] == np.float32(1 / 4)
    assert len(fields(x, 3)) == len(fields(x, 1)) - 1
