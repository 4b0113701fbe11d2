"""The ludo position evaluation: better races score higher, threats cost, seats sum to zero.

Four players, one colour each; red's circle A is 0, blue's 10, yellow's 20, green's 30.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.core.chance import play_chance
from ludoteca.games.ludo.game import LudoGame, LudoState
from ludoteca.games.ludo.search import evaluate, race

GAME = LudoGame(players=4)
HOME = ["R", "R", "R", "R"]
RED = 0


def position(red: list[str], green: list[str] = HOME, phase: str = "roll") -> LudoState:
    state = GAME.state_from_json(
        {
            "game": "ludo",
            "players": 4,
            "phase": phase,
            "turn": "blue",
            "pawns": {"red": red, "blue": HOME, "yellow": HOME, "green": green},
        }
    )
    assert isinstance(state, LudoState)
    return state


def test_pawns_in_the_goal_beat_pawns_in_reserve() -> None:
    assert evaluate(position(["a", "b", "14", "R"]), 0) > evaluate(position(HOME), 0)
    assert evaluate(position(["a", "b", "14", "R"]), 3) < evaluate(position(HOME), 3)


def test_a_pawn_with_an_enemy_just_behind_it_is_worth_less() -> None:
    """Red on 15 with green on 12 (a 3 hits it) against green on 25 (ahead, harmless): red's
    race counts less (the seat's value also weighs green's progress, so compare the race)."""
    threatened = position(["15", "R", "R", "R"], green=["12", "R", "R", "R"])
    safe = position(["15", "R", "R", "R"], green=["25", "R", "R", "R"])
    assert race(safe, RED) > race(threatened, RED)


def test_defined_at_chance_nodes() -> None:
    state = position(["a", "14", "R", "R"])
    assert state.is_chance_node()
    assert -1 <= evaluate(state, 0) <= 1


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 300))
def test_values_of_all_seats_sum_to_zero(seed: int, steps: int) -> None:
    state = GAME.new_initial_state(seed=seed)
    for _ in range(steps):
        play_chance(state)
        if state.is_terminal():
            return
        actions = state.legal_actions()
        state.apply_action(actions[seed % len(actions)])
    assert abs(sum(evaluate(state, seat) for seat in range(4))) < 1e-9
