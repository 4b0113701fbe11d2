"""Autoreset through the array API (`vector.simulator`, `KernelBatch.step`) of a game cut off at
its length cap (issue 36: the only `max_length` tests went through the Gymnasium wrapper, which
restarts games itself).

docs/vector.md and `vector.engine`: "a game that ends, or reaches the length cap, starts again
with the next seed of its stream".
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

pytest.importorskip("numba")

from ludoteca import vector
from ludoteca.core.api import State
from ludoteca.core.chance import sample_outcome
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.fastrng import episode_seed
from ludoteca.games.ludo import fast
from ludoteca.vector.batch import RUNNING, TRUNCATED, KernelBatch

CAP = 30
"""Far too few actions for a ludo game to end: every game is cut off."""


def random_actions(sim: KernelBatch, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    mask = sim.legal_mask()
    return np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in mask])


def started(sim: KernelBatch, seed: int) -> State:
    """The reference game of `seed` at its first decision."""
    state = sim.game.new_initial_state(seed)
    while state.is_chance_node():
        state.apply_action(sample_outcome(state))
    return state


def test_a_game_cut_off_at_its_length_cap_starts_again_with_its_next_seed() -> None:
    sim = vector.simulator("ludo", batch=3, seed=4, max_length=CAP, players=2)
    assert sim.max_length == CAP
    rng = np.random.default_rng(4)
    cut = np.zeros(sim.batch, dtype=np.int64)
    for _ in range(3 * CAP):
        done = sim.step(random_actions(sim, rng))
        assert not (done.ended == 1).any()  # no ludo game ends in 30 actions
        for i in np.flatnonzero(done.ended == TRUNCATED):
            cut[i] += 1
            assert done.returns[i].tolist() == [0.0, 0.0]  # no result for a game cut off
            assert sim.episodes[i] == cut[i] + 1
            assert sim.seeds[i] == episode_seed(sim.base_seed, i, int(cut[i]))
            assert sim.rows[i].tolist() == fast.row_values(started(sim, int(sim.seeds[i])))
        if (cut >= 2).all():
            break
    assert (cut >= 2).all(), "a game cut off at its length cap was not started again"
    assert (sim.to_play() >= 0).all() and sim.legal_mask().any(axis=1).all()


def test_without_autoreset_a_game_cut_off_stays_cut_off_until_restarted() -> None:
    sim = vector.simulator("ludo", batch=2, seed=8, max_length=CAP, players=2)
    rng = np.random.default_rng(8)
    done = sim.step(random_actions(sim, rng), autoreset=False)
    while not (done.ended == TRUNCATED).all():
        assert set(done.ended.tolist()) <= {RUNNING, TRUNCATED}
        done = sim.step(random_actions(sim, rng), autoreset=False)
    rows, seeds = sim.rows.copy(), sim.seeds.copy()
    again = sim.step(random_actions(sim, rng), autoreset=False)
    assert (again.ended == TRUNCATED).all() and (again.movers == -1).all()
    assert (sim.rows == rows).all() and (sim.seeds == seeds).all()  # nothing moved
    sim.restart(np.array([True, False]))
    assert sim.rows[0].tolist() == fast.row_values(started(sim, int(sim.seeds[0])))
    assert sim.seeds[0] == episode_seed(sim.base_seed, 0, 1) and (sim.rows[1] == rows[1]).all()


def test_observations_are_asked_of_one_seat_per_game_within_the_seats() -> None:
    """`KernelBatch.observations(seats)`: "a negative seat gives a row of zeros"; a seat past the
    last, or not one per game, is refused."""
    sim = vector.simulator("ludo", batch=2, seed=3, max_length=CAP, players=2)
    rows = sim.observations(np.array([0, -1]))
    assert rows.shape == (2, sim.observation_size)
    assert rows[0].any() and not rows[1].any()
    assert (sim.observations() == sim.observations(sim.to_play())).all()
    for seats in ([0, 2], [0], [0, 1, 0]):
        with pytest.raises(InvalidOptionError, match="one seat 0-1 per game"):
            sim.observations(np.array(seats))
