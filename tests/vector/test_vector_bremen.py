"""The compiled bremen kernel and its batched simulator against the reference engine.

Positions use the board of `tests/games/bremen/test_bremen_rules.py` (0, 6, 12, 18 the start
fields; 26-48-41 and 34-49-45 the bridges; H the robber's house).
"""

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
from ludoteca.games.bremen import fast, fast_check, tensor
from ludoteca.games.bremen.constants import ROLL
from ludoteca.games.bremen.game import BremenState
from ludoteca.vector import check, compare

HOME = {"r": "0", "b": "6", "y": "12", "g": "18"}


def setup(stacks: dict[str, list[str]], players: int = 4, **position: Any) -> BremenState:
    """A position with `stacks` placed and every other animal at home."""
    variant = position.pop("variant", "standard")
    game = ludoteca.load("bremen", players=players, variant=variant)
    named = {animal for animals in stacks.values() for animal in animals}
    full = {field: list(animals) for field, animals in stacks.items()}
    for colour, home in HOME.items():
        for kind in "DHCR":
            if colour + kind not in named:
                full.setdefault(home, []).append(colour + kind)
    for animals in full.values():
        animals.sort(key=lambda a: "DHCR".index(a[1].upper()))
    state = game.state_from_json({"game": "bremen", "stacks": full, **position})
    assert isinstance(state, BremenState)
    return state


def kernel_legal(state: BremenState) -> list[int]:
    game = state.game
    sim = vector.simulator(
        "bremen", batch=1, seed=0, players=game.num_players, variant=game.options["variant"]
    )
    sim.set_state(0, state)
    return np.flatnonzero(sim.legal_mask()[0]).tolist()


def test_kernel_agrees_with_reference_over_whole_games_on_every_option_set() -> None:
    """A CI sample of `python -m ludoteca.vector.check bremen`: a whole game of each variant on
    2-4 players, every one ended by the rules (seven points), none cut off."""
    sets = len(fast_check.option_sets())
    done = check.run("bremen", sets, seed=20)
    assert done["option_sets"] == done["of"] == sets == 12
    assert done["cut_off"] == 0 and done["steps"] > sets * 100


def both_apply(state: BremenState, notation: str) -> Any:
    """Apply one move in notation to the reference state and to a kernel row of it; returns
    the batch (its row 0 holds the kernel's position)."""
    game = state.game
    sim = vector.simulator(
        "bremen", batch=1, seed=0, players=game.num_players, variant=game.options["variant"]
    )
    sim.set_state(0, state)
    action = state.string_to_action(notation)
    fast.apply(sim.cfg, sim.rows, 0, action, fast.new_scratch())
    state.apply_action(action)
    assert sim.rows[0].tolist() == fast.row_values(state)
    return sim


def test_storming_scores_and_ends_the_game_in_the_kernel_too() -> None:
    """Seed: "Elke eigenaar van een dier in deze piramide scoort een punt ... Staat de rover
    ... in zijn huis, dan krijgt de eigenaar van de ezel een bijkomend punt"; "Bereiken twee of
    meer spelers op hetzelfde moment evenveel punten, dan wint de speler onder hen die als
    laatste aan de beurt was": the kernel's storm, scores, winner and returns."""
    pyramid = {"41": ["yD", "bH", "gC", "bR"]}
    for scores, robber in (([0, 5, 5, 6], "30"), ([0, 5, 6, 6], "H")):
        state = setup(pyramid, phase="move", dice=[1, 5], turn=2, scores=scores, robber=robber)
        sim = both_apply(state, "yD41-H/1")
        assert state.is_terminal()
        final = np.zeros(4)
        fast.returns(sim.cfg, sim.rows, 0, final)
        assert final.tolist() == state.returns()
    state = setup({"41": ["rD", "bH", "rC", "gR"]}, phase="move", dice=[1, 5])
    both_apply(state, "rD41-H/1")
    assert state.to_json()["scores"] == [3, 1, 0, 1] and not state.is_terminal()


def test_chasing_the_robber_scores_in_the_kernel_too() -> None:
    """Seed: "Zodra iemand minstens zeven punten heeft verzameld, eindigt het spel": a pyramid
    landing on the robber's field scores the seventh point in both engines."""
    pyramid = {"25": ["rD", "rH", "rC", "rR"]}
    state = setup(pyramid, phase="move", dice=[1, 5], robber="26", scores=[6, 0, 0, 0])
    both_apply(state, "rD25-26")
    assert state.is_terminal() and state.returns() == [1.0, -1 / 3, -1 / 3, -1 / 3]


def test_a_disagreement_is_reported_with_where_and_what(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: a reference whose first roll is one face higher than the seed says
    is caught at that roll (step 1, after the starting seat)."""
    real = compare.sample_outcome

    def higher(state):  # type: ignore[no-untyped-def]
        outcome = real(state)
        return outcome % 60 + 10 if state.phase == ROLL and len(state.history()) == 1 else outcome

    monkeypatch.setattr(compare, "sample_outcome", higher)
    game = ludoteca.load("bremen", players=3)
    with pytest.raises(check.Mismatch, match="seed 5, step 1: chance outcome drawn"):
        check.check_game(game, 5, random.Random(0))  # type: ignore[arg-type]


def test_a_bridge_carries_only_single_animals_in_the_kernel_too() -> None:
    """Seed: "Beide bruggen op het speelbord kunnen de dieren telkens slechts alleen
    oversteken"; the kernel's moves are the reference's, a cat alone and a cat carrying."""
    for stack in (["rC"], ["rC", "rR"]):
        state = setup({"26": stack}, phase="move", dice=[1, 2])
        assert kernel_legal(state) == state.legal_actions()
    alone = setup({"26": ["rC"]}, phase="move", dice=[1, 2])
    assert alone.string_to_action("rC26-41/2") in kernel_legal(alone)


def test_landing_on_the_own_start_field_needs_the_second_die_in_the_kernel_too() -> None:
    """Seed: "... moeten de dieren met de tweede dobbelsteenworp terug het startveld verlaten":
    the kernel asks the same trial question (can the other die carry it off?)."""
    state = setup({"1": ["rH", "rC", "rR"], "0": ["rD"]}, phase="move", dice=[1, 3])
    legal = kernel_legal(state)
    assert legal == state.legal_actions()
    assert state.string_to_action("rH1-0") in legal
    blocked = setup({"1": ["rH"], "0": ["rD", "rC", "rR"]}, phase="move", dice=[1, 3])
    assert kernel_legal(blocked) == blocked.legal_actions()


def turbulent_start(**stacks: list[str]) -> dict[str, Any]:
    """The turbulent start position as JSON, with `stacks` overriding fields."""
    game = ludoteca.load("bremen", players=4, variant="turbulent")
    position = game.new_initial_state(seed=1).to_json()
    position["stacks"] |= stacks
    return position


def test_the_robber_sends_animals_home_in_the_turbulent_variant_as_the_reference() -> None:
    """Seed: "moeten ze zodanig teruggeplaatst worden dat ze deze regel niet overtreden": the
    kernel's walk over two occupied fields restacks the start fields as the reference does."""
    game = ludoteca.load("bremen", players=4, variant="turbulent")
    moved = {"0": ["yH", "gC", "rR"], "6": ["yD", "rC", "bR"], "18": ["rD", "bH", "gR"]}
    position = turbulent_start(**moved, **{"40": ["bD", "gH"], "41": ["yC"]})
    position.update(phase="robber", dice=[2, "R"], turn=0)  # the turbulent start, 3 away
    state = game.state_from_json(position)
    assert isinstance(state, BremenState)
    sim = vector.simulator("bremen", batch=1, seed=0, players=4, variant="turbulent")
    sim.set_state(0, state)
    assert kernel_legal(state) == state.legal_actions()
    walk = state.string_to_action("R:41-40")
    fast.apply(sim.cfg, sim.rows, 0, walk, fast.new_scratch())
    state.apply_action(walk)
    assert sim.rows[0].tolist() == fast.row_values(state)


def test_no_walk_strands_an_animal_in_the_kernel_either() -> None:
    """Issue 29, item 10 (seed: "moeten ze zodanig teruggeplaatst worden dat ze deze regel
    niet overtreden"): the walk that would send the red rooster home alone onto red's own
    start field is left out of the kernel's legal moves as of the reference's."""
    game = ludoteca.load("bremen", players=4, variant="turbulent")
    position = turbulent_start(**{"0": [], "1": ["bD", "yH", "gC"], "41": ["rR"]})
    position.update(phase="robber", dice=[1, "R"], robber="H", turn=1)
    state = game.state_from_json(position)
    assert isinstance(state, BremenState)
    legal = state.legal_actions()
    assert state.string_to_action("R:41") not in legal
    assert kernel_legal(state) == legal


def test_state_converts_to_a_row_and_back() -> None:
    """Stacks, the dice left, the animal moved and the one that must leave, scores, history."""
    state = setup(
        {"1": ["rH", "rC", "rR"], "0": ["rD"]},
        phase="move",
        dice=[1, 3],
        scores=[2, 0, 5, 1],
        history=[0, 13],
    )
    state.apply_action(state.string_to_action("rH1-0"))
    rows = fast.new_rows(2)
    seed = fast.to_row(state, rows, 1)
    back = fast.to_state(state.game, rows, 1, int(seed), state.history())
    assert back.to_json() == state.to_json()
    assert back.legal_actions() == state.legal_actions()
    compare.check_round_trip(compare.Kernel.of("bremen"), state, fast.config(state.game))


def test_to_state_needs_a_history_of_the_row_length() -> None:
    state = setup({}, history=[0, 12])
    rows = fast.new_rows(1)
    fast.to_row(state, rows, 0)
    with pytest.raises(ValueError, match="2 actions of history, not 1"):
        fast.to_state(state.game, rows, 0, state.seed, [12])


def random_actions(sim: Any, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in sim.legal_mask()])


def test_batch_steps_like_reference_games_of_each_seed() -> None:
    """Each game of a batch is the reference game of its seed, dice drawn the same way."""
    sim = vector.simulator("bremen", batch=3, seed=11, players=3, variant="harder")
    refs = [sim.game.new_initial_state(int(sim.seeds[i])) for i in range(sim.batch)]
    for ref in refs:
        while ref.is_chance_node():
            ref.apply_action(sample_outcome(ref))
    rng = np.random.default_rng(0)
    for _ in range(60):
        actions = random_actions(sim, rng)
        done = sim.step(actions)
        for i, ref in enumerate(refs):
            ref.apply_action(int(actions[i]), int(done.movers[i]))
            while ref.is_chance_node():
                ref.apply_action(sample_outcome(ref))
            assert sim.rows[i].tolist() == fast.row_values(ref)


def test_batch_observations_and_masks_equal_the_reference() -> None:
    sim = vector.simulator("bremen", batch=6, seed=3, players=2, variant="turbulent")
    sim.play_random(300)
    for seat in range(2):
        observed = sim.observations(np.full(sim.batch, seat))
        for i in range(sim.batch):
            assert np.array_equal(observed[i], tensor.encode(sim.state(i), seat))
    movers = sim.to_play()
    for i, (row, mask) in enumerate(zip(sim.observations(), sim.legal_mask(), strict=True)):
        state = sim.state(i)
        assert np.array_equal(row, tensor.encode(state, int(movers[i])))
        assert np.flatnonzero(mask).tolist() == state.legal_actions()


def test_an_illegal_action_is_refused_and_nothing_moves() -> None:
    sim = vector.simulator("bremen", batch=2, seed=1)
    before = sim.rows.copy()
    actions = random_actions(sim, np.random.default_rng(1))
    actions[0] = 0  # the red donkey onto field 0 with a 1: it stands there already
    with pytest.raises(IllegalActionError, match=r"game 0: action 0 is not legal; legal: \["):
        sim.step(actions)
    assert np.array_equal(sim.rows, before)


def test_vector_env_cuts_bremen_games_off_at_max_length() -> None:
    env = vector.make("bremen", batch=3, seed=2, players=4, max_length=60)
    obs, info = env.reset(seed=2)
    assert obs.shape == (3, tensor.shape(env.simulator.game)[0])
    assert info["action_mask"].shape == (3, fast.num_actions(env.simulator.game))
    rng = np.random.default_rng(2)
    for _ in range(60):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        obs, rewards, _terminated, truncated, info = env.step(actions)
        assert (info["action_mask"].sum(axis=1) > 0).all()
        if truncated.any():
            assert (rewards[truncated] == 0).all() and info["_final_obs"][truncated].all()
            return
    pytest.fail("no game was cut off at 60 actions")


def test_check_command_runs_whole_bremen_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert check.main(["bremen", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "bremen: games 0-1 (2)" in out and "0 cut off before their end" in out
