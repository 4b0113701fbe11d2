"""The compiled museum kernel and its batched simulator against the reference engine."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

import ludoteca
from ludoteca import vector
from ludoteca.core.chance import sample_outcome
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.fastrng import episode_seed
from ludoteca.games.museum import fast, fast_check, tensor
from ludoteca.games.museum.game import DRAW, MuseumState
from ludoteca.vector import check, compare
from ludoteca.vector.batch import RUNNING, TERMINATED


def position(players: int = 4, **fields: Any) -> MuseumState:
    game = ludoteca.load("museum", players=players)
    state = game.state_from_json({"game": "museum", "players": players, **fields})
    assert isinstance(state, MuseumState)
    return state


def kernel_legal(state: MuseumState) -> list[int]:
    sim = vector.simulator("museum", batch=1, seed=0, players=state.game.num_players)
    sim.set_state(0, state)
    return np.flatnonzero(sim.legal_mask()[0]).tolist()


def test_kernel_agrees_with_reference_step_for_step_on_every_option_set() -> None:
    """A CI sample of `python -m ludoteca.vector.check museum`: 5 games on each option set."""
    sets = len(fast_check.option_sets())
    done = check.run("museum", 5 * sets, seed=20)
    assert done["option_sets"] == done["of"] == sets
    assert done["steps"] > 5 * sets * 60


def test_option_sets_cover_every_option_value_and_player_count() -> None:
    sets = fast_check.option_sets()
    assert {s["players"] for s in sets} == {2, 3, 4}
    assert {s["roof_banks"] for s in sets} == {True, False}
    assert {s["elevator_check"] for s in sets} == {"on_turn", "after_move"}
    assert len({tuple(sorted(s.items())) for s in sets}) == len(sets) == 12


def test_a_disagreement_is_reported_with_where_and_what(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: a reference deck whose first card is the kind after the one the
    seed says is caught at that card (step 1, after the starting seat)."""
    real = compare.sample_outcome

    def next_kind(state):  # type: ignore[no-untyped-def]
        outcome = real(state)
        if state.phase != DRAW or state.discard:
            return outcome
        kinds = [kind for kind, _ in state.chance_outcomes()]
        return kinds[(kinds.index(outcome) + 1) % len(kinds)]

    monkeypatch.setattr(compare, "sample_outcome", next_kind)
    game = ludoteca.load("museum", players=3)
    with pytest.raises(check.Mismatch, match="seed 5, step 1: chance outcome drawn"):
        check.check_game(game, 5, random.Random(0))  # type: ignore[arg-type]


def test_a_move_jumps_other_thieves_without_counting_them_in_the_kernel_too() -> None:
    """Seed: "Felder, die von Mitspielern belegt sind, werden übersprungen."

    floor 4:  roof - 22 - 23 - 24 - 25 - 26 ...
              red on 22, blue on 23 and 24: one footprint takes red past both to 25.
    """
    state = position(
        discard=["3/1"],
        thieves={"red": "22", "blue": "23", "green": "24"},
        start_player="red",
        turn="red",
    )
    assert kernel_legal(state) == state.legal_actions() == [0, 22, 25]


def test_the_elevator_card_catches_on_turn_in_the_kernel_too() -> None:
    """Ruling (museum.md, 3.): "every thief on an elevator field at the moment the card is
    turned, before anyone moves, is caught"; the kernel turns the same card on the same row with
    the same result."""
    state = position(
        phase="draw",
        discard=["4/3"],
        thieves={"red": "E2", "blue": "s5", "green": "12"},
        markers={"blue": {"at_risk": [7, 12]}, "red": {"banked": [1]}},
        start_player="blue",
    )
    sim = vector.simulator("museum", batch=1, seed=0, players=4)
    sim.set_state(0, state)
    elevator = state.game.deck.by_name("E/3").id
    fast.apply(sim.cfg, sim.rows, 0, elevator)
    state.apply_action(elevator)
    assert state.caught == [0, 1]
    assert sim.rows[0].tolist() == fast.row_values(state)


def test_state_converts_to_a_row_and_back() -> None:
    """Banked and unbanked markers, the discard pile in order, the thieves caught, history."""
    state = position(
        phase="rob",
        discard=["E/4", "4/3", "9/1"],
        thieves={"red": "roof", "blue": "9", "green": "E3", "yellow": "26"},
        markers={"red": {"banked": [4, 17]}, "yellow": {"at_risk": [3]}},
        start_player="green",
        turn="blue",
        caught=["red"],
        history=[2, 29, 0, 0, 0, 0, 3, 22, 22, 22, 22, 8],
    )
    rows = fast.new_rows(3)
    seed = fast.to_row(state, rows, 2)
    back = fast.to_state(state.game, rows, 2, int(seed), state.history())
    assert back.to_json() == state.to_json()
    assert back.legal_actions() == state.legal_actions()
    compare.check_round_trip(compare.Kernel.of("museum"), state, fast.config(state.game))


def test_to_state_needs_a_history_of_the_row_length() -> None:
    state = position(phase="move", discard=["4/3"], history=[1, 3])
    rows = fast.new_rows(1)
    fast.to_row(state, rows, 0)
    with pytest.raises(ValueError, match="2 actions of history, not 1"):
        fast.to_state(state.game, rows, 0, state.seed, [3])


def random_actions(sim: Any, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in sim.legal_mask()])


@pytest.mark.parametrize(
    "options", [{"players": 4}, {"players": 2, "roof_banks": False, "elevator_check": "after_move"}]
)
def test_batch_steps_like_reference_games_of_each_seed(options: dict[str, Any]) -> None:
    """Each game of a batch is the reference game of its seed, cards drawn the same way,
    through its end and into the next game of its seed stream (autoreset)."""
    sim = vector.simulator("museum", batch=3, seed=11, **options)
    refs = [sim.game.new_initial_state(int(sim.seeds[i])) for i in range(sim.batch)]
    for ref in refs:
        while ref.is_chance_node():
            ref.apply_action(sample_outcome(ref))
    rng = np.random.default_rng(0)
    ended = 0
    while ended < 4:
        actions = random_actions(sim, rng)
        done = sim.step(actions)
        for i, ref in enumerate(refs):
            ref.apply_action(int(actions[i]), int(done.movers[i]))
            while ref.is_chance_node():
                ref.apply_action(sample_outcome(ref))
            if done.ended[i] == TERMINATED:
                assert done.returns[i].tolist() == ref.returns()
                ended += 1
                assert sim.seeds[i] == episode_seed(sim.base_seed, i, sim.episodes[i] - 1)
                refs[i] = ref = sim.game.new_initial_state(int(sim.seeds[i]))
                while ref.is_chance_node():
                    ref.apply_action(sample_outcome(ref))
            else:
                assert done.ended[i] == RUNNING
            assert sim.rows[i].tolist() == fast.row_values(ref)


def test_batch_observations_and_masks_equal_the_reference() -> None:
    sim = vector.simulator("museum", batch=8, seed=3, players=3, roof_banks=False)
    sim.play_random(70)
    for seat in range(3):
        observed = sim.observations(np.full(sim.batch, seat))
        for i in range(sim.batch):
            assert np.array_equal(observed[i], tensor.encode(sim.state(i), seat))
    movers = sim.to_play()
    for i, (row, mask) in enumerate(zip(sim.observations(), sim.legal_mask(), strict=True)):
        state = sim.state(i)
        assert np.array_equal(row, tensor.encode(state, int(movers[i])))
        assert np.flatnonzero(mask).tolist() == state.legal_actions()


def test_a_seeded_batch_replays_exactly() -> None:
    one = vector.simulator("museum", batch=4, seed=8)
    two = vector.simulator("museum", batch=4, seed=8)
    assert one.play_random(600) == two.play_random(600) > 0
    assert np.array_equal(one.rows, two.rows)


def test_an_illegal_action_is_refused_and_nothing_moves() -> None:
    sim = vector.simulator("museum", batch=3, seed=1, players=2)
    before = sim.rows.copy()
    actions = random_actions(sim, np.random.default_rng(1))
    actions[1] = 43  # robbing from the roof
    with pytest.raises(IllegalActionError, match=r"game 1: action 43 is not legal; legal: \["):
        sim.step(actions)
    assert np.array_equal(sim.rows, before)


def test_vector_env_plays_museum_to_the_end_and_resets() -> None:
    env = vector.make("museum", batch=4, seed=2, players=3)
    obs, info = env.reset(seed=2)
    assert obs.shape == (4, tensor.shape(env.simulator.game)[0])
    assert info["action_mask"].shape == (4, 44)
    rng = np.random.default_rng(2)
    finished = 0
    while finished < 4:
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        movers = info["to_play"]
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert not truncated.any()
        for i in np.flatnonzero(terminated):
            finished += 1
            assert rewards[i] == info["returns"][i, movers[i]]
            assert info["_final_obs"][i]
        assert (rewards[~terminated] == 0).all()
        assert (info["action_mask"].sum(axis=1) > 0).all()
    assert env.observation_space.contains(obs)


def test_check_command_runs_museum(capsys: pytest.CaptureFixture[str]) -> None:
    assert check.main(["museum", "--games", "2"]) == 0
    assert "museum: games 0-1 (2)" in capsys.readouterr().out
