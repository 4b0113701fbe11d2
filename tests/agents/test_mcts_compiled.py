"""`mcts` on a game's compiled kernel (`agents.kernels`, `games/ludo/fast_search.py`): the same
evaluation, rollouts and tree statistics as the reference search, found by lookup."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

pytest.importorskip("numba")

import ludoteca
from ludoteca import agents
from ludoteca.agents.kernels import rollout_kernel, search_kernel
from ludoteca.agents.mcts import MCTSAgent
from ludoteca.arena.match import play_game
from ludoteca.core.api import TERMINAL, State
from ludoteca.core.chance import play_chance
from ludoteca.games.ludo import fast, fast_check, fast_search, search
from ludoteca.games.ludo.fast_search import WIDTH, Search, Tree


def random_positions(game: ludoteca.Game, seed: int, every: int = 1) -> list[State]:
    """Every `every`-th position of a random game (the decisions and the chance nodes)."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    seen = []
    while not state.is_terminal():
        if len(state.history()) % every == 0:
            seen.append(state.clone())
        if state.is_chance_node():
            play_chance(state)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return seen


def a_choice(game: ludoteca.Game, seed: int, after: int = 60) -> State:
    """A decision with more than one legal move, `after` actions or more into a random game."""
    for state in random_positions(game, seed):
        late = len(state.history()) >= after
        if late and state.current_player() >= 0 and len(state.legal_actions()) > 1:
            return state
    raise AssertionError("the game had no choice that late")


def test_compiled_evaluation_equals_search_evaluate_on_every_option_set() -> None:
    """The cut-off scores of the compiled search are `games/ludo/search.py`'s to the bit."""
    out = np.zeros(fast.MAX_COLOURS)
    scratch = np.zeros(fast.MAX_COLOURS)
    rows = fast.new_rows(1)
    for n, options in enumerate(fast_check.option_sets()[:: len(fast_check.option_sets()) // 6]):
        game = ludoteca.load("ludo", **options)
        cfg = fast.config(game)
        for state in random_positions(game, seed=n, every=13):
            fast.to_row(state, rows, 0)  # type: ignore[arg-type]
            fast_search.evaluate(cfg, rows, 0, 8.0, 4.0, out, scratch)
            seats = range(game.num_players)
            assert out[: game.num_players].tolist() == [search.evaluate(state, s) for s in seats]  # type: ignore[arg-type]


def test_the_rollout_is_looked_up_per_game_and_scores_like_the_reference() -> None:
    game = ludoteca.load("ludo", players=3)
    roll = rollout_kernel(game)
    assert roll is not None and rollout_kernel(ludoteca.load("villa")) is None
    state = a_choice(game, seed=3)
    before = state.to_json()
    rng = random.Random(1)
    ends = [roll(state, 0, rng) for _ in range(50)]
    assert state.to_json() == before  # the state is left as it was
    assert all(sorted(v) == [-0.5, -0.5, 1.0] for v in ends)  # someone won every rollout
    assert len({v.index(1.0) for v in ends}) > 1
    # one action, then the cut-off: tanh(evaluate) of a position one legal move away
    after_one = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        after_one.append([math.tanh(search.evaluate(child, s)) for s in range(3)])  # type: ignore[arg-type]
    for _ in range(10):
        assert roll(state, 1, rng) in [pytest.approx(v) for v in after_one]


def test_ludo_searches_compiled_unless_told_otherwise() -> None:
    game = ludoteca.load("ludo", players=2)
    assert MCTSAgent(game, seed=1).compiled is not None
    python_tree = MCTSAgent(game, seed=1, kernel="rollout")
    assert python_tree.compiled is None and python_tree.fast_rollout is not None
    reference = MCTSAgent(game, seed=1, kernel="off")
    assert reference.compiled is None and reference.fast_rollout is None
    greedy = MCTSAgent(game, seed=1, rollout="greedy")
    assert greedy.compiled is None and greedy.fast_rollout is None
    assert search_kernel(ludoteca.load("siege"), 1.4, 0, True, random.Random(1)) is None


@pytest.mark.parametrize("kernel", ["auto", "rollout"])
def test_the_same_seed_gives_the_same_moves(kernel: str) -> None:
    game = ludoteca.load("ludo", players=2)
    specs = [f"mcts:iterations=30,kernel={kernel}", "random"]
    first = play_game(game, specs, seed=5, max_actions=150)
    again = play_game(game, specs, seed=5, max_actions=150)
    assert first.actions == again.actions and sum(first.decisions) > 10


def tree_checks(found: Search, players: int) -> None:
    """Every node's children share its visits; zero-sum returns sum to zero at every node."""
    tree = found.tree
    used = int(tree.used[0])
    for node in range(used):
        assert abs(tree.totals[node].sum()) < 1e-6
        assert np.all(np.abs(tree.totals[node]) <= tree.visits[node] + 1e-9)
        children = tree.child[node][tree.child[node] >= 0]
        below = int(tree.visits[children].sum())
        if node == 0:
            assert below == tree.visits[node]
        elif tree.player[node] != TERMINAL:  # one more when the node was a rollout's start
            assert below in (tree.visits[node], tree.visits[node] - 1)
    assert tree.totals.shape[1] == players


@pytest.mark.parametrize("players", [2, 4])
def test_tree_statistics_add_up_and_the_arrays_grow(players: int) -> None:
    game = ludoteca.load("ludo", players=players)
    state = a_choice(game, seed=players)
    bot = MCTSAgent(game, seed=2, iterations=600, depth=0, reuse="false")
    assert isinstance(bot.compiled, Search)
    bot.compiled.tree = Tree(100, players)  # tiny: the search must grow it on the way
    assert bot.act(state) in state.legal_actions()
    assert bot.compiled.root_visits() == 600 and bot.compiled.tree.capacity > 100
    tree_checks(bot.compiled, players)


def test_the_subtree_reached_is_reused_across_chance_and_opponent_moves() -> None:
    game = ludoteca.load("ludo", players=2)
    state = a_choice(game, seed=11, after=80)
    while state.current_player() != 0:
        state = a_choice(game, seed=11, after=len(state.history()) + 1)
    bot = MCTSAgent(game, seed=8, iterations=2000)
    assert isinstance(bot.compiled, Search)
    state.apply_action(bot.act(state))
    tree = bot.compiled.tree
    start = tree.child_of(0, state.history()[-1])
    frontier: list[tuple[list[int], int]] = [([], start)]
    while frontier:  # breadth first to the nearest choice of seat 0 in the tree
        path, node = frontier.pop(0)
        if path and tree.player[node] == 0 and tree.count[node] > 1:
            break
        for k in range(WIDTH):
            if tree.child[node, k] >= 0:
                frontier.append(([*path, int(tree.actions[node, k])], int(tree.child[node, k])))
    else:
        raise AssertionError("the tree holds no later choice of seat 0")
    for action in path:  # a die, the other seat's move, ...
        state.apply_action(action)
    assert len(state.legal_actions()) > 1
    kept = int(tree.visits[node])
    bot.act(state)
    assert bot.compiled.root_visits() == kept + 2000


def test_without_reuse_every_search_starts_afresh() -> None:
    game = ludoteca.load("ludo", players=2)
    state = a_choice(game, seed=4)
    bot = agents.load("mcts:iterations=50,reuse=false", game, seed=1)
    assert isinstance(bot, MCTSAgent) and isinstance(bot.compiled, Search)
    bot.act(state)
    bot.act(state)
    assert bot.compiled.root_visits() == 50


def test_a_time_budget_alone_runs_until_the_time_is_up() -> None:
    game = ludoteca.load("ludo", players=4)
    state = a_choice(game, seed=6)
    bot = agents.load("mcts:seconds=0.05,reuse=false", game, seed=1)
    assert isinstance(bot, MCTSAgent) and isinstance(bot.compiled, Search)
    assert bot.act(state) in state.legal_actions()
    assert bot.compiled.root_visits() > 64  # more than one batch of simulations


@pytest.mark.slow
def test_compiled_mcts_beats_random_players() -> None:
    """2 seats, 24 games, seats alternating: the reference `mcts` wins 3 of 4 against random
    (docs/agents.md); the compiled one, at its default budget, must win clearly more than half."""
    game = ludoteca.load("ludo", players=2)
    wins = 0
    for i in range(24):
        specs = ["mcts", "random"] if i % 2 == 0 else ["random", "mcts"]
        result = play_game(game, specs, seed=100 + i, max_actions=4000)
        wins += result.returns[i % 2] > 0
    assert wins >= 16
