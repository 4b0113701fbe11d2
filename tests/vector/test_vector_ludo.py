"""The compiled ludo kernel and the batched simulator against the reference engine."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

import ludoteca
from ludoteca import vector
from ludoteca.core.chance import sample_outcome, seeded_uniform
from ludoteca.core.errors import IllegalActionError, UnknownGameError
from ludoteca.core.fastrng import episode_seed
from ludoteca.games.ludo import fast, fast_check, tensor
from ludoteca.vector import check, compare
from ludoteca.vector.batch import RUNNING, TERMINATED, KernelBatch


@pytest.mark.slow
def test_kernel_agrees_with_reference_step_for_step_on_every_option_set() -> None:
    """260 seeded games: each on/off option flipped alone and in combinations, every seating."""
    done = check.run("ludo", 260, seed=20)
    assert done["games"] == 260
    assert done["steps"] > 260 * 100


def test_option_sets_cover_every_combination_and_seating() -> None:
    sets = fast_check.option_sets()
    switches = {tuple(s.get(name) for name in fast_check.SWITCHES) for s in sets}
    assert len(switches) >= 2 ** len(fast_check.SWITCHES)
    seatings = {tuple(sorted(s.items())) for s in sets[: len(fast_check.SEATINGS)]}
    assert len(seatings) == len(fast_check.SEATINGS)
    assert {"ruleset": "schmidt", **fast_check.SEATINGS[0]} in sets


def test_a_disagreement_is_reported_with_where_and_what(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: a reference die that shows one face more than the seed says is
    caught at the first roll."""
    real = compare.sample_outcome

    def off_by_one(state):  # type: ignore[no-untyped-def]
        outcome = real(state)
        return outcome % 6 + 1 if state.phase == 1 else outcome

    monkeypatch.setattr(compare, "sample_outcome", off_by_one)
    game = ludoteca.load("ludo", players=2)
    with pytest.raises(check.Mismatch, match="seed 5, step 1: chance outcome drawn"):
        check.check_game(game, 5, random.Random(0))  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [0, 1, 2**47 - 1, 123456789012345])
def test_kernel_chance_is_core_chance_scheme_1(seed: int) -> None:
    """The kernel draws the reference's numbers bit for bit (SplitMix64 of seed and step)."""
    for step in (0, 1, 2, 99, 4095, 2**31 - 1):
        assert fast.seeded_uniform(np.uint64(seed), step) == seeded_uniform(seed, step)


def test_state_converts_to_a_row_and_back(ludo) -> None:
    """Goal pawns, a pawn that must move, finished seats and the history survive both ways."""
    state = ludo.position(
        {
            "red": ["b", "c", "d", "a"],
            "blue": ["15", "R", "a", "R"],
            "yellow": ["10", "R", "R", "R"],
        },
        turn="blue",
        phase="move",
        die=3,
        must_move=15,
        finished=[0],
        history=[1, 6, 24, 6],
        play_out=True,
        seed=99,
    )
    rows = fast.new_rows(2)
    seed = fast.to_row(state, rows, 1)
    back = fast.to_state(state.game, rows, 1, int(seed), state.history())
    assert back.to_json() == state.to_json()
    assert back.legal_actions() == state.legal_actions() == [15]
    compare.check_round_trip(compare.Kernel.of("ludo"), state, fast.config(state.game))


def test_to_state_needs_a_history_of_the_row_length(ludo) -> None:
    state = ludo.position({"red": ["0", "R", "R", "R"]}, history=[0, 6])
    rows = fast.new_rows(1)
    fast.to_row(state, rows, 0)
    with pytest.raises(ValueError, match="2 actions of history, not 1"):
        fast.to_state(state.game, rows, 0, state.seed, [6])


def random_actions(sim: KernelBatch, rng: np.random.Generator) -> np.ndarray:
    mask = sim.legal_mask()
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask])


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 3, "play_out": True}])
def test_batch_steps_like_reference_games_of_each_seed(options: dict[str, object]) -> None:
    """Each game of a batch is the reference game of its seed, chance resolved the same way,
    through its end and into the next game of its seed stream (autoreset)."""
    sim = vector.simulator("ludo", batch=4, seed=11, **options)
    refs = [sim.game.new_initial_state(int(sim.seeds[i])) for i in range(sim.batch)]
    for ref in refs:
        while ref.is_chance_node():
            ref.apply_action(sample_outcome(ref))
    rng = np.random.default_rng(0)
    ended = 0
    while ended < 2:
        actions = random_actions(sim, rng)
        done = sim.step(actions)
        for i, ref in enumerate(refs):
            ref.apply_action(int(actions[i]), int(done.movers[i]))
            while ref.is_chance_node():
                ref.apply_action(sample_outcome(ref))
            if done.ended[i] == TERMINATED:
                assert done.returns[i].tolist() == ref.returns()
                ended += 1
                assert sim.seeds[i] == episode_seed(sim.base_seed, i, 1)
                refs[i] = ref = sim.game.new_initial_state(int(sim.seeds[i]))
                while ref.is_chance_node():
                    ref.apply_action(sample_outcome(ref))
            else:
                assert done.ended[i] == RUNNING
            assert sim.rows[i].tolist() == fast.row_values(ref)


def test_batch_observations_equal_the_scalar_tensors() -> None:
    sim = vector.simulator("ludo", batch=8, seed=3, players=3, three_tries=True)
    sim.play_random(150)
    for seat in range(3):
        seats = np.full(sim.batch, seat)
        observed = sim.observations(seats)
        for i in range(sim.batch):
            assert np.array_equal(observed[i], tensor.encode(sim.state(i), seat))
    movers = sim.to_play()
    for i, row in enumerate(sim.observations()):
        assert np.array_equal(row, tensor.encode(sim.state(i), int(movers[i])))


def test_legal_masks_are_the_reference_legal_actions() -> None:
    sim = vector.simulator("ludo", batch=16, seed=4, players=2, must_capture=True)
    sim.play_random(200)
    for i, row in enumerate(sim.legal_mask()):
        assert np.flatnonzero(row).tolist() == sim.state(i).legal_actions()


def test_a_seeded_batch_replays_exactly() -> None:
    one = vector.simulator("ludo", batch=4, seed=8)
    two = vector.simulator("ludo", batch=4, seed=8)
    assert one.play_random(500) == two.play_random(500)
    assert np.array_equal(one.rows, two.rows)
    other = vector.simulator("ludo", batch=4, seed=9)
    assert not np.array_equal(one.seeds, other.seeds)


def test_an_illegal_action_is_refused_and_nothing_moves() -> None:
    sim = vector.simulator("ludo", batch=3, seed=1)
    before = sim.rows.copy()
    actions = random_actions(sim, np.random.default_rng(1))
    actions[2] = 39  # circle 39: no pawn stands there at the start
    with pytest.raises(IllegalActionError, match=r"game 2: action 39 is not legal; legal: \["):
        sim.step(actions)
    with pytest.raises(IllegalActionError, match=r"one action per game: .* \(3,\)"):
        sim.step([0])
    assert np.array_equal(sim.rows, before)


def test_games_without_a_kernel_get_a_clear_error() -> None:
    with pytest.raises(vector.NoKernelError, match=r"villa has no compiled kernel yet.*ludo"):
        vector.make("villa", batch=2)
    with pytest.raises(UnknownGameError):
        vector.simulator("chess", batch=2)


def test_vector_env_rewards_the_seat_that_acted_and_resets_in_the_same_step() -> None:
    env = vector.make("ludo", batch=4, seed=2, players=2)
    obs, info = env.reset(seed=2)
    assert obs.shape == (4, *env.single_observation_space.shape)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(2)
    finished = 0
    while finished < 2:
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        movers = info["to_play"]
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert not truncated.any()
        for i in np.flatnonzero(terminated):
            finished += 1
            assert rewards[i] == info["returns"][i, movers[i]] == 1.0  # only a win ends a game
            assert info["_final_obs"][i]
            assert info["final_obs"][i].shape == obs[i].shape
        assert (rewards[~terminated] == 0).all()
        assert (info["action_mask"].sum(axis=1) > 0).all()


def test_vector_env_cuts_games_off_at_max_length() -> None:
    env = vector.make("ludo", batch=2, seed=5, max_length=40)
    _obs, info = env.reset()
    rng = np.random.default_rng(5)
    for _ in range(40):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        _obs, rewards, _terminated, truncated, info = env.step(actions)
        if truncated.any():
            assert (rewards[truncated] == 0).all()
            return
    pytest.fail("no game was cut off at 40 actions")


def test_check_command_reports_agreement(capsys: pytest.CaptureFixture[str]) -> None:
    assert check.main(["ludo", "--games", "3"]) == 0
    assert "games 0-2 (3)" in capsys.readouterr().out


def test_vector_page_examples_run() -> None:
    import doctest
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "vector.md"
    result = doctest.testfile(
        str(page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 8
    assert result.failed == 0


def test_without_numba_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from ludoteca.interop import MissingExtraError

    monkeypatch.setitem(sys.modules, "numba", None)
    with pytest.raises(MissingExtraError, match=r"pip install 'ludoteca\[fast\]'"):
        vector.make("ludo", batch=2)
