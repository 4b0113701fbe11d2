"""Raub im Kunstmuseum's observation tensor: named slot groups hold what the position says.

Group starts are looked up by name in `describe`; seats are turned so that "me" is seat +0.
"""

from __future__ import annotations

import re

import numpy as np

import ludoteca
from ludoteca.games.museum import tensor

FIELDS = 42  # 0 the roof, 1-28 pictures, 29-32 E1-E4, 33-41 s1-s9


def group(game: ludoteca.Game, text: str) -> int:
    """The first slot of the first group whose name contains `text`."""
    for name in tensor.describe(game):
        if text in name:
            match = re.match(r"slots? (\d+)", name)
            assert match
            return int(match[1])
    raise AssertionError(f"no group named like {text!r}")


def test_start_every_thief_on_the_roof_and_the_full_deck() -> None:
    game = ludoteca.load("museum", players=4)
    state = game.new_initial_state(seed=1)
    x = tensor.encode(state, 2)
    assert x.shape == tensor.shape(game) == (417,)
    assert all(x[k * FIELDS] == 1 for k in range(4))
    left = group(game, "cards of kind c left")
    assert np.all(x[left : left + 30] == 1)
    assert x[group(game, "phase") + 0] == 1  # phase start: a chance node
    assert not x[group(game, "is the start player") :][:4].any()


def test_positions_markers_and_the_card_from_one_seat() -> None:
    #   Blue (seat 1) stands on picture 4 with an unbanked marker there; red banked picture 9.
    game = ludoteca.load("museum", players=2)
    obj = {
        "game": "museum",
        "players": 2,
        "phase": "move",
        "discard": ["4/3"],
        "start_player": "blue",
        "turn": "blue",
        "thieves": {"red": "roof", "blue": "4"},
        "markers": {"red": {"banked": [9]}, "blue": {"at_risk": [4]}},
    }
    state = game.state_from_json(obj)
    blue, red = tensor.encode(state, 1), tensor.encode(state, 0)
    assert blue[4] == 1 and blue[FIELDS + 0] == 1  # me on 4, seat +1 (red) on the roof
    assert red[0] == 1 and red[FIELDS + 4] == 1
    markers = 2 * FIELDS
    assert blue[markers + 4 - 1] == 1 and blue[markers + 28 + 9 - 1] == 1
    assert red[markers + 9 - 1] == 1 and red[markers + 28 + 4 - 1] == 1
    banked = group(game, "is banked")
    assert red[banked + 9 - 1] == 1 and red[banked + 4 - 1] == 0
    assert blue[group(game, "current card") + 3] == 1  # kind 3 is 4/3 in deck.json order
    assert blue[group(game, "cards of kind c left") + 3] == 0
    assert blue[group(game, "to move") + 0] == 1 and red[group(game, "to move") + 1] == 1
