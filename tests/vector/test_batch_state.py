"""The array API's `set_state` and a siege batch cut off at a length of its own (issue 36:
mutants of `vector.batch` that no test in the mutation run's selection reached).
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

import ludoteca
from ludoteca.core.chance import sample_outcome
from ludoteca.core.errors import IllegalActionError, InvalidOptionError
from ludoteca.games.siege import fast as siege_fast
from ludoteca.vector.batch import RUNNING, TRUNCATED, KernelBatch


def test_a_state_put_into_one_game_of_a_batch_is_that_game_and_plays_on() -> None:
    """`KernelBatch.set_state`: "Put a reference state into game `i` (its seed and history
    length come along)"; the other games are untouched."""
    game = ludoteca.load("ludo", players=2)
    sim = KernelBatch(game, batch=3, seed=4)
    state = game.new_initial_state(seed=1234)
    while len(state.history()) < 25 or state.is_chance_node():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state))
        else:
            state.apply_action(state.legal_actions()[-1])
    others = [sim.rows[i].copy() for i in (0, 2)]
    sim.set_state(1, state)
    assert int(sim.seeds[1]) == state.seed
    assert sim.state(1, state.history()).to_json() == state.to_json()
    assert np.flatnonzero(sim.legal_mask()[1]).tolist() == state.legal_actions()
    assert [sim.rows[i].tolist() for i in (0, 2)] == [row.tolist() for row in others]

    action = state.legal_actions()[0]
    actions = [int(np.flatnonzero(sim.legal_mask()[i])[0]) for i in range(3)]
    actions[1] = action
    sim.step(actions, autoreset=False)
    state.apply_action(action)
    while state.is_chance_node():  # the kernel draws the chance after a move from the seed
        state.apply_action(sample_outcome(state))
    assert sim.state(1, state.history()).to_json() == state.to_json()


def test_a_state_of_another_game_is_refused() -> None:
    sim = KernelBatch(ludoteca.load("ludo", players=2), batch=2, seed=0)
    siege = ludoteca.load("siege").new_initial_state(seed=0)
    before = sim.rows.copy()
    with pytest.raises(InvalidOptionError, match=r"is a game of .*siege.*, not .*ludo"):
        sim.set_state(0, siege)
    assert np.array_equal(sim.rows, before)


def test_a_siege_batch_keeps_room_for_the_positions_of_its_own_length_cap() -> None:
    """Siege's rows hold its repetition table: one entry per position a game can reach, so a
    batch cut off after `max_length` actions keeps `max_length + 1` entries (fewer than the
    game's own cap of quiet moves), steps like the reference up to the cap, and is cut off
    there."""
    game = ludoteca.load("siege")
    cap = 9
    assert cap < game.max_quiet
    sim = KernelBatch(game, batch=2, seed=7, max_length=cap)
    whole = KernelBatch(game, batch=2, seed=7)
    assert sim.max_length == cap
    assert sim.rows.shape[1] == siege_fast.row_width(cap + 1) < whole.rows.shape[1]
    refs = [game.new_initial_state(int(sim.seeds[i])) for i in range(sim.batch)]
    for step in range(cap):
        actions = [ref.legal_actions()[(step * 7) % len(ref.legal_actions())] for ref in refs]
        done = sim.step(actions, autoreset=False)
        for i, ref in enumerate(refs):
            ref.apply_action(actions[i])
            assert sim.state(i, ref.history()).to_json() == ref.to_json()
        expected = TRUNCATED if step == cap - 1 else RUNNING
        assert done.ended.tolist() == [expected, expected]


@pytest.mark.parametrize("batch", [True, 0, -2, "3", 2.0])
def test_a_batch_is_a_positive_whole_number_of_games(batch: object) -> None:
    game = ludoteca.load("ludo", players=2)
    with pytest.raises(InvalidOptionError) as refused:
        KernelBatch(game, batch)  # type: ignore[arg-type]
    assert str(refused.value) == f"batch is a positive number of games, not {batch!r}"


def test_an_illegal_action_of_the_first_seat_is_refused() -> None:
    """`step` checks the action of every game where a seat is to move, seat 0 included."""
    sim = KernelBatch(ludoteca.load("siege"), batch=2, seed=3)
    assert sim.to_play().tolist() == [0, 0]
    legal = int(np.flatnonzero(sim.legal_mask()[1])[0])
    before = sim.rows.copy()
    with pytest.raises(IllegalActionError, match="game 0: action 0 is not legal"):
        sim.step([0, legal])
    assert np.array_equal(sim.rows, before)
