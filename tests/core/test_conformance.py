"""The shared conformance suite: every registered game must pass these generic checks.

Modelled on OpenSpiel's random-simulation tests and pgx's `api_test`: random playouts under a
few configurations per game, checking the API contract at every step. A new game gets these
checks by being registered; list extra option sets for it in `EXTRA_CONFIGS`.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import math
import random
from collections.abc import Callable
from typing import Any

import pytest

from ludoteca import agents
from ludoteca.core import contract
from ludoteca.core.api import CHANCE, TERMINAL, Game, State
from ludoteca.core.chance import sample_outcome
from ludoteca.core.errors import IllegalActionError, NotationError, WrongPlayerError
from ludoteca.core.record import Record
from ludoteca.core.registry import GameInfo, game_module, games, has_game_module, load
from ludoteca.interop.spaces import bounds

MAX_STEPS = 30_000
# Every position of the opening is checked, then a sample: the checks copy the history, so
# checking every step of a 5,000-step six-player game would cost quadratic time.
OPENING = 400


def checked(step: int) -> bool:
    return step < OPENING or step % 10 == 0


def copied(step: int) -> bool:
    return step % 5 == 0 if step < OPENING else step % 50 == 0


EXTRA_CONFIGS: dict[str, list[dict[str, Any]]] = {
    "ludo": [
        {"ruleset": "schmidt"},
        {"players": 6, "board": 6, "play_out": True},
        {"players": 3, "start_pawn_on_a": False, "three_tries": True, "must_capture": True},
    ],
    "siege": [{"opening_rule": False, "lord_start": "e6"}, {"max_quiet_moves": 20}],
    "museum": [
        {"roof_banks": False},
        {"players": 2, "roof_banks": False},
        {"elevator_check": "after_move"},
    ],
    "villa": [
        {"players": 3, "hands": "steady"},
        {"players": 2, "hand_error_mm": 0, "score_from": "green"},
    ],
    "bremen": [
        {"players": 2, "variant": "turbulent"},
        {"players": 3, "variant": "harder+turbulent"},
    ],
}


GUIDED: dict[str, float] = {"bremen": 0.5}
"""Share of a playout's moves made by the game's greedy bot, for games whose uniformly random
games do not end: in bremen only an exact pyramid storms the house, which random play almost
never builds on a board of the ruled size. The other moves stay random, so the playouts still
wander through odd positions."""


def configurations(info: GameInfo) -> list[dict[str, Any]]:
    """Default, fewest and most players, plus the game's extra option sets."""
    counts = dict.fromkeys([info.default_players, info.min_players, info.max_players])
    return [{"players": n} for n in counts] + EXTRA_CONFIGS.get(info.id, [])


CASES = [
    pytest.param(
        info.id, config, id=f"{info.id}-" + ",".join(f"{k}={v}" for k, v in config.items())
    )
    for info in games()
    for config in configurations(info)
]


HIDDEN_SEED = 0xA5C3_96E1_7D2B
"""A 48-bit seed whose value no field of a position takes by chance: found anywhere in an
observation, it can only be the seed."""
OTHER_SEED = 0x3B0F_D12C_8E47
"""A second seed for the same positions, as unlike the first as possible."""
AGENT_BUDGETS: dict[str, str] = {
    "mcts": "iterations=12,depth=4",
    "expectimax": "depth=1",
    "alphabeta": "depth=2",
    "minimax": "depth=1",
}
"""Cheap parameters for the search agents; an agent not named here runs with its defaults."""
AGENT_POSITIONS = 4
"""Positions per game at which every agent chooses under both seeds."""


def without_seed(obj: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in obj.items() if key != "seed"}


def seed_shown(obj: Any, seed: int, path: str = "observation") -> list[str]:
    """Where the JSON `obj` shows `seed`: a key naming a seed, or the seed's value under any
    key and at any depth, as a number or inside a text (decimal or hexadecimal)."""
    found = []
    if isinstance(obj, dict):
        for key, value in obj.items():
            if "seed" in str(key).lower():
                found.append(f"{path}.{key}")
            found += seed_shown(value, seed, f"{path}.{key}")
    elif isinstance(obj, list | tuple):
        for index, value in enumerate(obj):
            found += seed_shown(value, seed, f"{path}[{index}]")
    elif isinstance(obj, str):
        if str(seed) in obj or f"{seed:x}" in obj.lower():
            found.append(path)
    elif isinstance(obj, int | float) and not isinstance(obj, bool) and obj == seed:
        found.append(path)
    return found


def unused_action(legal: list[int]) -> int:
    """The smallest non-negative int that is not a legal action here."""
    return next(action for action in itertools.count() if action not in legal)


def check_node(state: State, rng: random.Random) -> None:
    """The per-position contract: players, legal actions, chance, notation, illegal actions."""
    game = state.game
    n = game.num_players
    player = state.current_player()
    assert player in (CHANCE, TERMINAL) or 0 <= player < n
    assert state.is_chance_node() == (player == CHANCE)
    assert state.is_terminal() == (player == TERMINAL)
    legal = state.legal_actions()
    assert legal == sorted(set(legal)), "legal actions must be sorted and unique"
    assert all(type(a) is int for a in legal)
    if state.is_terminal():
        assert legal == []
        return
    assert legal, "a non-terminal position needs at least one action"
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == legal
        assert all(p > 0 for _, p in outcomes)
        assert math.isclose(sum(p for _, p in outcomes), 1.0, rel_tol=1e-9)
    else:
        assert state.chance_outcomes() == []
    assert state.returns() == [0.0] * n
    for action in legal:
        text = state.action_to_string(action)
        assert isinstance(text, str) and text
        assert state.string_to_action(text) == action, f"{text!r} does not read back as {action}"
    before = state.to_json()
    bad = unused_action(legal)
    with pytest.raises(IllegalActionError):
        state.apply_action(bad)
    with pytest.raises(NotationError):
        state.apply_notation("\u2603 not a move \u2603")
    if player >= 0 and n > 1:
        with pytest.raises(WrongPlayerError):
            state.apply_action(legal[0], player=(player + 1) % n)
    elif rng.random() < 0.2:
        with pytest.raises(WrongPlayerError):
            state.apply_action(legal[0], player=0)
    assert state.to_json() == before, "a refused action changed the state"
    assert state.legal_actions() == legal


def check_copies(state: State) -> None:
    """JSON round trip, clone, observations and text of a position."""
    game = state.game
    obj = state.to_json()
    json.dumps(obj)
    copy = game.state_from_json(json.loads(json.dumps(obj)))
    assert copy.to_json() == obj
    assert copy.legal_actions() == state.legal_actions()
    assert copy.current_player() == state.current_player()
    twin = state.clone()
    assert twin is not state and twin.to_json() == obj
    assert twin.history() == state.history()
    blind = state.clone_for_agent()
    assert blind.seed != state.seed, "an agent's clone must not carry the real seed"
    assert without_seed(blind.to_json()) == without_seed(obj)
    assert blind.legal_actions() == state.legal_actions()
    for seat in range(game.num_players):
        json.dumps(state.observation(seat))
    assert str(state).strip()


def random_game(
    game: Game,
    seed: int,
    policy_seed: int,
    checks: bool,
    visit: Callable[[int, State], None] | None = None,
) -> State:
    """A random game (greedy-guided in `GUIDED` games); with `checks` the API contract is
    checked along the way, and `visit(step, state)` sees every position before its action."""
    rng = random.Random(policy_seed)
    guided = GUIDED.get(game.id, 0.0)
    guide = agents.load("greedy", game, seed=policy_seed) if guided else None
    state = game.new_initial_state(seed=seed)
    assert state.seed == seed and state.history() == []
    for step in range(MAX_STEPS):
        if checks and checked(step):
            check_node(state, rng)
        if checks and copied(step):
            check_copies(state)
        if visit is not None:
            visit(step, state)
        if state.is_terminal():
            return state
        if state.is_chance_node():
            action = sample_outcome(state)
        elif guide is not None and rng.random() < guided:
            action = guide.act(state)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    pytest.fail(f"{game!r} seed {seed}: no end after {MAX_STEPS} actions")


@pytest.mark.parametrize(("game_id", "config"), CASES)
def test_random_playouts_keep_the_api_contract(game_id: str, config: dict[str, Any]) -> None:
    game = load(game_id, **config)
    for seed in (1, 2):
        state = random_game(game, seed, policy_seed=seed * 31, checks=True)
        check_node(state, random.Random(0))
        check_copies(state)
        returns = state.returns()
        assert len(returns) == game.num_players
        assert all(math.isfinite(r) for r in returns)
        with pytest.raises(IllegalActionError):
            state.apply_action(0)


@pytest.mark.parametrize(("game_id", "config"), CASES)
def test_history_replay_and_record_rebuild_the_state(game_id: str, config: dict[str, Any]) -> None:
    game = load(game_id, **config)
    state = random_game(game, 3, policy_seed=5, checks=False)
    replayed = game.new_initial_state(seed=3)
    for action in state.history():
        replayed.apply_action(action)
    assert replayed.to_json() == state.to_json()
    record = Record.from_json(json.loads(json.dumps(Record.of(state).to_json())))
    assert record.replay().to_json() == state.to_json()


@pytest.mark.parametrize(("game_id", "config"), CASES)
def test_same_seed_same_game(game_id: str, config: dict[str, Any]) -> None:
    """The seed fixes every chance event: equal seeds and choices give equal games.

    Another seed gives another game, unless the game met no chance event (siege has none).
    """
    game = load(game_id, **config)
    one = random_game(game, 11, policy_seed=4, checks=False)
    two = random_game(load(game_id, **config), 11, policy_seed=4, checks=False)
    assert one.to_json() == two.to_json()
    replay = game.new_initial_state(seed=11)
    had_chance = False
    for action in one.history():
        had_chance |= replay.is_chance_node()
        replay.apply_action(action)
    if had_chance:
        other = random_game(game, 12, policy_seed=4, checks=False)
        assert other.history() != one.history()


@pytest.mark.parametrize(("game_id", "config"), CASES)
def test_clone_is_independent(game_id: str, config: dict[str, Any]) -> None:
    game = load(game_id, **config)
    state = game.new_initial_state(seed=8)
    rng = random.Random(8)
    for _ in range(40):
        if state.is_terminal():
            break
        twin = state.clone()
        before = state.to_json()
        for _ in range(5):
            if twin.is_terminal():
                break
            twin.apply_action(rng.choice(twin.legal_actions()))
        assert state.to_json() == before
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("game_id", "config"), CASES)
def test_observations_never_show_the_seed(game_id: str, config: dict[str, Any]) -> None:
    """`observation(seat)` is what a player is sent (the web app sends it as it is), and the
    seed fixes every die and card to come: no observation may hold it, under any key."""
    game = load(game_id, **config)

    def look(step: int, state: State) -> None:
        if step % 10 if step < OPENING else step % 200:
            return  # observations copy the history: every position would cost quadratic time
        for seat in range(game.num_players):
            shown = seed_shown(state.observation(seat), HIDDEN_SEED)
            assert not shown, f"seat {seat} sees the seed at {shown}"

    state = random_game(game, HIDDEN_SEED, policy_seed=9, checks=False, visit=look)
    look(0, state)


def decision_positions(game: Game, count: int) -> list[State]:
    """`count` positions where a seat has a choice, every seventh decision of random games."""
    rng = random.Random(f"{game.id}/positions")
    found: list[State] = []
    seed = 0
    while len(found) < count:
        state = game.new_initial_state(seed=seed)
        seed += 1
        decisions = 0
        while len(found) < count and not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_outcome(state))
                continue
            legal = state.legal_actions()
            decisions += 1
            if len(legal) > 1 and decisions % 7 == 0:
                found.append(state.clone())
            state.apply_action(rng.choice(legal))
    return found


@pytest.mark.parametrize("game_id", [info.id for info in games()])
def test_no_agent_choice_depends_on_the_seed(game_id: str) -> None:
    """Agents are handed `clone_for_agent()`, a clone under a fresh seed; this checks that none
    would gain by the real one: the same position under two seeds gets the same choice from
    every available agent (the same agent seed each time)."""
    game = load(game_id)
    positions = decision_positions(game, AGENT_POSITIONS)
    for name in sorted(agents.available(game)):
        budget = AGENT_BUDGETS.get(name)
        spec = f"{name}:{budget}" if budget else name
        for index, state in enumerate(positions):
            choices = set()
            for seed in (HIDDEN_SEED, OTHER_SEED):
                shown = state.clone()
                shown.seed = seed
                choices.add(agents.load(spec, game, seed=index).act(shown))
            assert len(choices) == 1, f"{spec} chose {choices} in {without_seed(state.to_json())}"


def test_every_registered_game_is_covered() -> None:
    ids = [info.id for info in games()]
    assert ids and len(ids) == len(set(ids))
    assert {case.values[0] for case in CASES} == set(ids)
    for info in games():
        assert info.min_players <= info.default_players <= info.max_players
        assert load(info.id).num_players == info.default_players


def _numba_missing() -> bool:
    return importlib.util.find_spec("numba") is None


@pytest.mark.parametrize("game_id", [info.id for info in games()])
def test_game_folder_keeps_the_contract(game_id: str) -> None:
    """Every module `core.contract.MODULES` names is there when required, and has its
    protocol's names wherever it is there; the optional hooks are callables where present."""
    for part in contract.MODULES:
        if part.needs == "numba" and _numba_missing():
            continue
        module = game_module(game_id, part.name)
        if module is None:
            assert not part.required, f"{game_id} has no {part.name}.py"
            continue
        assert isinstance(module, part.protocol), f"{game_id}/{part.name}.py: {part.protocol}"
        for hook in contract.OPTIONAL_HOOKS.get(part.name, ()):
            assert callable(getattr(module, hook, print)), f"{game_id}/{part.name}.py: {hook}"


@pytest.mark.parametrize("game_id", [info.id for info in games()])
def test_a_kernel_comes_with_batch_hooks_and_a_check_plan(game_id: str) -> None:
    """A game with a compiled kernel (`fast.py`) is simulated in batches and checked against
    its reference engine: it has both `fast_batch.py` (with the chance hooks if it has chance)
    and `fast_check.py`; the tensor's bounds agree with the kernel's action ids."""
    if not has_game_module(game_id, "fast"):
        assert not has_game_module(game_id, "fast_batch")
        return
    if _numba_missing():
        pytest.skip("numba (the fast extra) is not installed")
    from ludoteca.vector import engine  # numba: only where the fast extra is installed

    assert game_module(game_id, "fast_check") is not None
    kernel = engine.kernel(game_id)
    assert isinstance(kernel, contract.BatchKernel)
    assert load(game_id).has_chance == kernel.HAS_CHANCE
    for name in contract.CHANCE_HOOKS if kernel.HAS_CHANCE else ():
        assert callable(getattr(kernel, name, None)), f"{game_id}: no {name} for the engine"
    game = load(game_id)
    assert kernel.num_actions(game) == bounds(game).num_actions
