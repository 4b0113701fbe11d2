"""Bremer Stadtmusikanten invariants over many seeded games, and the API round trips.

No test here plays uniformly random games to the end: with the house 9 steps from every start
and only an exact pyramid storming it, random players seldom finish (in a sample of 20 seeded
two-player games, 3 ended within 50,000 actions). So the many-games checks pit the greedy bot
against random players, and `mixed` games let every seat play half its moves greedily and half
at random (as the shared conformance suite does), which still wanders through odd positions.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import ludoteca
from ludoteca import agents
from ludoteca.core.chance import sample_outcome
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.record import Record
from ludoteca.games.bremen.constants import ANIMALS, size_of
from ludoteca.games.bremen.game import BremenState

CONFIGS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 2, "variant": "harder"},
    {"players": 4, "variant": "turbulent"},
    {"players": 3, "variant": "harder+turbulent"},
]


def check_invariants(state: BremenState, scores_before: list[int]) -> None:
    """Stacks strictly decreasing, every animal on exactly one field, scores only rise."""
    at = state.at
    count = 0
    for field, stack in enumerate(state.stacks):
        if stack:
            count += len(stack)
            assert all(size_of(a) > size_of(b) for a, b in itertools.pairwise(stack)), stack
            assert all(at[animal] == field for animal in stack)
    assert count == ANIMALS
    assert not state.stacks[state.robber] and state.game.board.is_robber_field(state.robber)
    assert all(now >= was for now, was in zip(state.scores, scores_before, strict=True))


Chooser = Callable[[BremenState], int]


def play_out(config: dict[str, Any], seed: int, specs: list[str] | None = None) -> BremenState:
    """One game to the end, the invariants checked after every action.

    `specs` names each seat's agent; without it, every seat is `mixed`: each of its moves is the
    greedy bot's or a random one, by a seeded coin.
    """
    game = ludoteca.load("bremen", **config)
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, BremenState)
    n = game.num_players
    if specs is None:
        rng = random.Random(seed)
        greedy = [agents.load("greedy", game, seed=seed * 7 + seat) for seat in range(n)]

        def mixed(state: BremenState) -> int:
            seat = state.current_player()
            if rng.random() < 0.5:
                return greedy[seat].act(state)
            return rng.choice(state.legal_actions())

        choose: Chooser = mixed
    else:
        bots = [agents.load(spec, game, seed=seed * 7 + seat) for seat, spec in enumerate(specs)]

        def choose(state: BremenState) -> int:
            return bots[state.current_player()].act(state)

    for _ in range(60_000):
        if state.is_terminal():
            return state
        scores = list(state.scores)
        if state.is_chance_node():
            state.apply_action(sample_outcome(state))
        else:
            state.apply_action(choose(state))
        check_invariants(state, scores)
    pytest.fail(f"{config} seed {seed}: no end")


SEEDS = 1000
BLOCKS = 4
"""The thousand games in four blocks of consecutive seeds, each over every configuration:
`make test` plays one block, `--slow=all` all four (the same thousand games)."""


@pytest.mark.slow
@pytest.mark.parametrize("block", range(BLOCKS))
def test_a_thousand_seeded_games_keep_the_invariants_and_end(block: int) -> None:
    """One greedy seat against random ones (whose games alone seldom end, see the module
    docstring), over every configuration: stacks, animals and scores stay sound, and the
    game ends with a winner of 7 points or more and zero-sum returns."""
    size = SEEDS // BLOCKS
    assert size >= len(CONFIGS)
    for seed in range(block * size, (block + 1) * size):
        config = CONFIGS[seed % len(CONFIGS)]
        n = config["players"]
        specs = ["random"] * n
        specs[seed % n] = "greedy"
        state = play_out(config, seed, specs)
        winner = state.to_json()["winner"]
        assert state.scores[winner] >= 7 and state.returns()[winner] == 1.0
        assert sum(state.returns()) == pytest.approx(0)


def test_mixed_games_keep_the_invariants_and_end() -> None:
    """Every seat half greedy, half random, in every configuration (the conformance suite's
    kind of playout, with the invariants checked after every action)."""
    for seed, config in enumerate(CONFIGS * 2):
        state = play_out(config, seed)
        assert state.is_terminal() and max(state.scores) >= 7


def test_json_and_record_round_trips_replay_bit_for_bit() -> None:
    game = ludoteca.load("bremen", players=2)
    state = play_out({"players": 2}, 11, ["greedy", "random"])
    record = Record.from_json(json.loads(json.dumps(Record.of(state).to_json())))
    assert record.replay().to_json() == state.to_json()
    replayed = game.new_initial_state(seed=state.seed)
    for action in state.history():
        replayed.apply_action(action)
    assert replayed.to_json() == state.to_json()
    middle = game.new_initial_state(seed=state.seed)
    for action in state.history()[:200]:
        middle.apply_action(action)
    copy = game.state_from_json(json.loads(json.dumps(middle.to_json())))
    assert copy.to_json() == middle.to_json() and copy.legal_actions() == middle.legal_actions()


def test_a_finished_game_refuses_every_action() -> None:
    state = play_out({"players": 2}, 4, ["greedy", "greedy"])
    with pytest.raises(IllegalActionError):
        state.apply_action(11)
    assert state.legal_actions() == []


def test_observation_is_the_whole_position_but_the_seed() -> None:
    """Everything in bremen is public except the seed, which fixes the dice to come; the web
    app sends `observation(seat)` to the players as it is."""
    game = ludoteca.load("bremen", players=3)
    state = game.new_initial_state(seed=0xB2E_3E41_5EED)
    rng = random.Random(3)
    for _ in range(40):
        chance = state.is_chance_node()
        state.apply_action(sample_outcome(state) if chance else rng.choice(state.legal_actions()))
    hidden = {"seed", "players", "options"}  # the seed, and the table's set-up (known anyway)
    position = {key: value for key, value in state.to_json().items() if key not in hidden}
    for seat in range(3):
        seen = state.observation(seat)
        assert seen == {**position, "seat": seat}
        assert str(state.seed) not in json.dumps(seen)
    with pytest.raises(ValueError, match="seat 3"):
        state.observation(3)
