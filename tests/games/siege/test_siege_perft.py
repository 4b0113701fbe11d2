"""Perft: the compiled siege kernel and the reference engine count the same game trees."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

import ludoteca
from ludoteca.games.siege.game import SiegeState
from ludoteca.games.siege.perft import fast_perft, perft

START_COUNTS = (1, 14, 264, 3620, 72753)
"""perft(0..4) from the starting position with the default options (docs/games/siege.md)."""


def test_perft_of_the_starting_position_agrees_on_both_engines() -> None:
    state = ludoteca.load("siege").new_initial_state(seed=0)
    assert isinstance(state, SiegeState)
    for depth, expected in enumerate(START_COUNTS):
        assert perft(state, depth) == fast_perft(state, depth) == expected


@pytest.mark.parametrize(
    "options", [{"opening_rule": False}, {"lord_start": "e6"}, {"max_quiet_moves": 3}]
)
def test_perft_agrees_on_positions_of_random_games(options: dict[str, object]) -> None:
    """Mid-game positions (captures, the opening half done, a quiet limit that ends games
    inside the tree) reached by random moves."""
    game = ludoteca.load("siege", **options)
    rng = random.Random(4)
    for _ in range(3):
        state = game.new_initial_state(seed=1)
        for _ in range(rng.randrange(2, 12)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        assert isinstance(state, SiegeState)
        assert perft(state, 3) == fast_perft(state, 3)


def test_perft_refuses_a_negative_depth() -> None:
    state = ludoteca.load("siege").new_initial_state(seed=0)
    with pytest.raises(ValueError, match="perft depth is 0 or more, not -1"):
        fast_perft(state, -1)  # type: ignore[arg-type]
