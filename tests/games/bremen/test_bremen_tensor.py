"""Bremer Stadtmusikanten's observation tensor: named slot groups hold what the position says.

Group starts are looked up by name in `describe`, so the tests read like the layout: an
animal's field is one-hot in its colour's group, colours turned so that mine come first.
"""

from __future__ import annotations

import re

import ludoteca
from ludoteca.games.bremen import tensor

FIELDS = 51  # fields 0-49 and the house H (50)


def group(game: ludoteca.Game, text: str) -> int:
    """The first slot of the first group whose name contains `text`."""
    for name in tensor.describe(game):
        if text in name:
            match = re.match(r"slots? (\d+)", name)
            assert match
            return int(match[1])
    raise AssertionError(f"no group named like {text!r}")


def test_start_stacks_seen_from_each_seat() -> None:
    #   Two players: red & yellow (starts 0, 12) against blue & green (starts 6, 18).
    game = ludoteca.load("bremen", players=2)
    state = game.new_initial_state(seed=1)
    red, blue = tensor.encode(state, 0), tensor.encode(state, 1)
    assert tensor.shape(game) == (929,)
    assert red[0] == 1 and red[FIELDS + 0] == 1  # my red donkey and dog on field 0
    assert blue[6] == 1  # blue sees its own donkey first, on its start field 6
    assert blue[2 * 4 * FIELDS + 18] == 1  # green is blue's colour +2: its donkey on 18
    robber = group(game, "the robber")
    assert red[robber + 50] == 1 and blue[robber + 50] == 1
    assert red[group(game, "phase") + 0] == 1  # phase start: a chance node


def test_three_players_keep_the_neutral_colour_last() -> None:
    game = ludoteca.load("bremen", players=3)
    state = game.new_initial_state(seed=1)
    for seat in range(3):
        x = tensor.encode(state, seat)
        assert x[3 * 4 * FIELDS + 18] == 1  # green's donkey, on green's start 18
    assert "colour +3 (neutral) donkey" in tensor.describe(game)[12]


def test_a_roll_fills_the_dice_and_whose_turn() -> None:
    game = ludoteca.load("bremen", players=2)
    state = game.new_initial_state(seed=1)
    state.apply_action(1)  # blue begins
    state.apply_action(34)  # plain die 3, R-die 4
    red = tensor.encode(state, 0)
    assert red[group(game, "to move") + 1] == 1  # seat +1 moves
    assert red[group(game, "plain die") + 2] == 1
    assert red[group(game, "R-die") + 3] == 1
    left = group(game, "dice left")
    assert red[left + 2] == 0.5 and red[left + 3] == 0.5
    assert tensor.encode(state, 1)[group(game, "to move")] == 1  # blue: it is me
