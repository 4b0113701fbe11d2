"""The lobby's "about N min": measured from seeded bot games, timed as people play."""

from __future__ import annotations

from ludoteca.analysis.durations import (
    SECONDS_PER_CHOICE,
    SECONDS_PER_STEP,
    load_durations,
    seconds_for_people,
    typical_minutes,
)
from ludoteca.arena.match import play_game
from ludoteca.core.registry import games, load


def test_every_game_has_a_measured_duration() -> None:
    durations = load_durations()
    assert sorted(durations) == sorted(info.id for info in games())
    for figures in durations.values():
        assert figures["minutes"] % 5 == 0 and figures["minutes"] >= 5
        assert abs(figures["minutes"] - figures["median"]) <= 2.5 or figures["minutes"] == 5


def test_a_choice_takes_longer_than_a_roll_or_a_forced_move() -> None:
    game = load("ludo", players=2)
    result = play_game(game, ["random", "random"], seed=5)
    state = game.new_initial_state(seed=5)
    choices = steps = 0
    for action in result.actions:
        if not state.is_chance_node() and len(state.legal_actions()) > 1:
            choices += 1
        else:
            steps += 1
        state.apply_action(action)
    assert choices and steps
    expected = choices * SECONDS_PER_CHOICE + steps * SECONDS_PER_STEP
    assert seconds_for_people(result) == expected


def test_the_measurement_is_reproducible() -> None:
    assert typical_minutes("siege", 3) == typical_minutes("siege", 3)
