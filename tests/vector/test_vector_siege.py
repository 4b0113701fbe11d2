"""The compiled siege kernel and its batched simulator against the reference engine."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

import ludoteca
from ludoteca import vector
from ludoteca.core.errors import IllegalActionError
from ludoteca.games.siege import fast, tensor
from ludoteca.games.siege.game import SiegeGame, SiegeState
from ludoteca.vector import check, compare
from ludoteca.vector.batch import RUNNING, TERMINATED, KernelBatch


def test_kernel_agrees_with_reference_step_for_step_on_every_option_set() -> None:
    """A CI sample of `python -m ludoteca.vector.check siege`: 36 games, each option set 3 times."""
    done = check.run("siege", 36, seed=7)
    assert done == {
        "games": 36,
        "steps": done["steps"],
        "option_sets": 12,
        "of": 12,
        "cut_off": done["cut_off"],
    }
    assert done["cut_off"] < 36
    assert done["steps"] > 36 * 10


def test_a_disagreement_is_reported_with_where_and_what(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: a reference position read with one quiet move too many is caught
    at the first step."""
    real = fast.row_values

    def no_quiet_count(state: SiegeState) -> list[int]:
        values = real(state)
        values[fast.S_QUIET] += 1
        return values

    monkeypatch.setattr(fast, "row_values", no_quiet_count)
    game = ludoteca.load("siege")
    with pytest.raises(check.Mismatch, match="seed 3, step 0: position"):
        check.check_game(game, 3, random.Random(3))  # type: ignore[arg-type]


def play_to_repetition() -> SiegeState:
    """Knights shuffle inside the castle, the lord between the crowns, until a position has
    occurred twice: a repetition table with several entries and counts."""
    game = ludoteca.load("siege")
    state = game.state_from_json(
        {
            "game": "siege",
            "knights": ["c3", "f3", "b1", "g1"],
            "soldiers": ["c6", "f6"],
            "lord": "d6",
            "quiet": 5,
        }
    )
    for move in ["Nc3-e4", "Ld6-e6", "Ne4-c3", "Le6-d6"]:
        state.apply_notation(move)
    assert isinstance(state, SiegeState)
    return state


def test_state_converts_to_a_row_and_back() -> None:
    """Pieces, the opening counters, the quiet counter, the repetition table and the history
    survive both ways."""
    state = play_to_repetition()
    assert max(state.seen.values()) == 2
    cfg = fast.config(state.game, fast.capacity(state.game, 100))
    rows = fast.new_rows(cfg, 2)
    seed = fast.to_row(state, cfg, rows, 1)
    assert rows[1, fast.S_SEEN_COUNT] == len(state.seen) == 4
    back = fast.to_state(state.game, rows, 1, int(seed), state.history())
    assert back.to_json() == state.to_json()
    compare.check_round_trip(compare.Kernel.of("siege"), state, cfg)
    opening = ludoteca.load("siege").new_initial_state(seed=5)
    opening.apply_notation("Nb0-c2")
    opening.apply_notation("Sd4-d3")
    compare.check_round_trip(compare.Kernel.of("siege"), opening, cfg)  # type: ignore[arg-type]


def test_kernel_ends_a_game_on_the_third_occurrence() -> None:
    """Ruling: a position that occurs for the third time ends the game in a draw."""
    state = play_to_repetition()
    cfg = fast.config(state.game, 50)
    rows = fast.new_rows(cfg, 1)
    fast.to_row(state, cfg, rows, 0)
    buffer = np.empty(2 * fast.MAX_MOVES, dtype=np.int64)
    for move in ["Nc3-e4", "Ld6-e6", "Ne4-c3", "Le6-d6"]:
        action = state.string_to_action(move)
        state.apply_action(action)
        fast.apply(cfg, rows, 0, action, buffer)
    assert state.reason == "the position occurred three times"
    assert fast.current_player(rows, 0) == ludoteca.TERMINAL
    assert rows[0, fast.S_REASON] == fast.REPEATED
    assert fast.to_state(state.game, rows, 0, state.seed, state.history()).to_json() == (
        state.to_json()
    )


def test_a_foreign_repetition_key_is_refused() -> None:
    game = ludoteca.load("siege")
    state = game.state_from_json(
        {
            "game": "siege",
            "knights": ["c3"],
            "soldiers": ["c6"],
            "lord": "d6",
            "seen": {"nonsense": 2},
        }
    )
    cfg = fast.config(game, 10)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'nonsense' is not a siege position key"):
        fast.to_row(state, cfg, fast.new_rows(cfg, 1), 0)  # type: ignore[arg-type]


def random_actions(sim: KernelBatch, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in sim.legal_mask()])


def test_batch_steps_like_reference_games_and_restarts_them() -> None:
    sim = vector.simulator("siege", batch=4, seed=11, max_quiet_moves=40)
    refs = [sim.game.new_initial_state(int(sim.seeds[i])) for i in range(sim.batch)]
    rng = np.random.default_rng(0)
    ended = 0
    while ended < 3:
        actions = random_actions(sim, rng)
        done = sim.step(actions)
        for i, ref in enumerate(refs):
            ref.apply_action(int(actions[i]), int(done.movers[i]))
            if done.ended[i] == TERMINATED:
                assert done.returns[i].tolist() == ref.returns()
                ended += 1
                refs[i] = ref = sim.game.new_initial_state(int(sim.seeds[i]))
            else:
                assert done.ended[i] == RUNNING
            values = fast.row_values(ref)  # type: ignore[arg-type]
            assert sim.rows[i, : len(values)].tolist() == values


def test_batch_observations_and_masks_equal_the_reference() -> None:
    sim = vector.simulator("siege", batch=8, seed=3, lord_start="e6", opening_rule=False)
    sim.play_random(7)
    movers = sim.to_play()
    for seat in (0, 1):
        observed = sim.observations(np.full(sim.batch, seat))
        for i in range(sim.batch):
            assert np.array_equal(observed[i], tensor.encode(sim.state(i), seat).ravel())
    for i, row in enumerate(sim.legal_mask()):
        state = sim.state(i)
        assert np.flatnonzero(row).tolist() == state.legal_actions()
        assert state.current_player() == movers[i]


def test_an_illegal_action_is_refused_and_nothing_moves() -> None:
    sim = vector.simulator("siege", batch=2, seed=1)
    before = sim.rows.copy()
    with pytest.raises(IllegalActionError, match=r"game 0: action 0 is not legal; legal: \["):
        sim.step([0, 0])
    assert np.array_equal(sim.rows, before)


def test_vector_env_plays_siege_with_masks_and_autoreset() -> None:
    env = vector.make("siege", batch=3, seed=2)
    obs, info = env.reset(seed=2)
    assert obs.shape == (3, 15 * 7 * 8)
    rng = np.random.default_rng(2)
    finished = 0
    while finished < 2:
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        movers = info["to_play"]
        obs, rewards, terminated, _truncated, info = env.step(actions)
        for i in np.flatnonzero(terminated):
            finished += 1
            assert rewards[i] == info["returns"][i, movers[i]]
            assert info["_final_obs"][i]
        assert (info["action_mask"].sum(axis=1) > 0).all()


def test_simulator_game_is_a_siege_game() -> None:
    sim = vector.simulator("siege", batch=1, seed=0)
    assert isinstance(sim.game, SiegeGame)
    assert sim.play_random(500) >= 1


def test_check_command_checks_siege(capsys: pytest.CaptureFixture[str]) -> None:
    assert check.main(["siege", "--games", "3"]) == 0
    assert "siege: games 0-2 (3)" in capsys.readouterr().out
