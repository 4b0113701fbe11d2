"""Villa Paletti's observation tensor: named slot groups hold what the position says.

Each of the 20 columns has 31 slots (level 0-5 one-hot, in hand, out, x, y, frozen, stands on
column +c); columns come in colour slots ordered by seat from my side. Coordinates (mm) map
from [-160, 160] to [0, 1].
"""

from __future__ import annotations

import re

import numpy as np
import pytest

import ludoteca
from ludoteca.core.api import State
from ludoteca.games.villa import tensor

COLUMN = 31
REACH = 160.0


def group(game: ludoteca.Game, text: str) -> int:
    """The first slot of the first group whose name contains `text`."""
    for name in tensor.describe(game):
        if text in name:
            match = re.match(r"slots? (\d+)", name)
            assert match
            return int(match[1])
    raise AssertionError(f"no group named like {text!r}")


def set_up(players: int, colour_draw: int = 0) -> State:
    """A game after its two set-up chance events: layout 0 and the given colour draw."""
    game = ludoteca.load("villa", players=players)
    state = game.new_initial_state(seed=1)
    state.apply_action(0)
    state.apply_action(colour_draw)
    return state


def test_before_the_set_up_only_the_phase_is_set() -> None:
    game = ludoteca.load("villa", players=4)
    state = game.new_initial_state(seed=1)
    x = tensor.encode(state, 0)
    identity = group(game, "colour slot j is real colour")
    assert not x[:identity].any()  # no column and no floor in the villa yet
    assert x[group(game, "phase")] == 1  # phase setup: a chance node


def test_columns_follow_the_seats_from_my_side() -> None:
    #   Four players, colour draw 0: seat k plays colour k (white, black, purple, cyan).
    state = set_up(4)
    game = state.game
    columns = state.to_json()["columns"]
    white = columns["W1"]
    black = columns["K1"]
    mine, seat1 = tensor.encode(state, 0), tensor.encode(state, 1)
    assert mine[0] == 1 and seat1[3 * 5 * COLUMN] == 1  # W1 on level 0: column +0 / +15
    assert mine[8] == pytest.approx((white["x"] + REACH) / (2 * REACH))
    assert seat1[9] == pytest.approx((black["y"] + REACH) / (2 * REACH))
    identity = group(game, "colour slot j is real colour")
    assert seat1[identity + 1] == 1 and seat1[identity + 4 * 3 + 0] == 1  # black first, white last
    assert mine[group(game, "whose turn")] == 1 and seat1[group(game, "whose turn") + 3] == 1


def test_floors_are_laid_with_their_turn() -> None:
    state = set_up(2)
    spot = state.to_json()["floors"][0]
    x = tensor.encode(state, 0)
    blue = group(state.game, "floor 0 (blue) is laid")
    assert x[blue] == 1 and x[blue + 3 + spot["turn"]] == 1
    assert x[blue + 1] == pytest.approx((spot["x"] + REACH) / (2 * REACH))
    assert not x[group(state.game, "floor 1 (green) is laid")]


def test_a_pull_in_progress_is_encoded() -> None:
    state = set_up(2)
    pull = state.legal_actions()[0]
    state.apply_action(pull)
    x = tensor.encode(state, 0)
    pulled = group(state.game, "the column being pulled")
    assert np.count_nonzero(x[pulled : pulled + 20]) == 1
    assert x[group(state.game, "that pull is a") + 0] == 1  # a turn pull
    assert x[group(state.game, "phase") + 3] == 1  # phase pulling: a chance node
