"""alphabeta on the compiled siege kernel chooses what the Python search chooses."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")

import ludoteca
from ludoteca import agents
from ludoteca.agents import alphabeta
from ludoteca.agents.alphabeta import AlphaBeta, AlphaBetaAgent, hooks_for
from ludoteca.games.siege.fast_alphabeta import FastAlphaBeta
from ludoteca.games.siege.game import SiegeGame, SiegeState


def sample_positions(game: SiegeGame, count: int, seed: int) -> list[SiegeState]:
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        state = game.new_initial_state(seed=len(positions))
        for _ in range(rng.randrange(0, 30)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            positions.append(state)
    return positions


@pytest.mark.parametrize(
    "options",
    [{}, {"max_quiet_moves": 6}, {"opening_rule": False, "lord_start": "e6"}],
)
def test_same_move_value_and_nodes_as_the_python_search(options: dict[str, object]) -> None:
    """On positions of random games (a quiet-move limit that ends lines inside the tree among
    them), one engine of each kept across the positions as an agent keeps it: the same move,
    the same value, the same depth reached and the same number of nodes."""
    game = ludoteca.load("siege", **options)
    assert isinstance(game, SiegeGame)
    slow, quick = AlphaBeta(hooks_for(game)), FastAlphaBeta(game)
    rng = random.Random(1)
    for state in sample_positions(game, 6, seed=len(options)):
        legal = state.legal_actions()
        shuffled = rng.sample(legal, len(legal))
        before = slow.nodes, quick.nodes
        assert quick.best(state, 3, 0, shuffled) == slow.best(state, 3, 0, shuffled)
        assert quick.nodes - before[1] == slow.nodes - before[0]


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_the_default_alphabeta_agent_chooses_the_reference_move(depth: int) -> None:
    """`alphabeta` (compiled by default in siege) and `alphabeta:compiled=0` (the Python
    search), seeded alike, choose the same move in positions of random games."""
    game = ludoteca.load("siege")
    assert isinstance(game, SiegeGame)
    quick = agents.load(f"alphabeta:depth={depth}", game, seed=depth)
    slow = agents.load(f"alphabeta:depth={depth},compiled=0", game, seed=depth)
    assert isinstance(quick, AlphaBetaAgent) and isinstance(quick.engine, FastAlphaBeta)
    assert isinstance(slow, AlphaBetaAgent) and isinstance(slow.engine, AlphaBeta)
    for state in sample_positions(game, 5 if depth < 4 else 2, seed=10 + depth):
        assert quick.act(state) == slow.act(state)
        assert quick.last == slow.last


def test_alphabeta_falls_back_to_python_without_a_compiled_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the game has no compiled search (or numba is missing: `compiled` gives None),
    `alphabeta` searches in Python, and only `compiled=1` refuses, saying why."""
    game = ludoteca.load("siege")
    bot = agents.load("alphabeta:depth=2,compiled=1", game, seed=1)
    assert isinstance(bot, AlphaBetaAgent) and isinstance(bot.engine, FastAlphaBeta)
    state = game.new_initial_state(seed=1)
    assert bot.act(state) in state.legal_actions()
    monkeypatch.setattr(alphabeta, "compiled_engine", lambda game, quiescence: None)
    assert isinstance(agents.load("alphabeta", game).engine, AlphaBeta)
    with pytest.raises(ValueError, match=r"compiled=1 needs numba .* siege has none here"):
        agents.load("alphabeta:compiled=1", game)
    with pytest.raises(ValueError, match=r"compiled is auto, 1 or 0; not 'maybe'"):
        agents.load("alphabeta:compiled=maybe", game)


CACHED_RUN = """
import ludoteca
from ludoteca.games.siege import fast_alphabeta
game = ludoteca.load("siege")
state = game.new_initial_state(seed=3)
engine = fast_alphabeta.FastAlphaBeta(game)
print(engine.best(state, 3, 0, state.legal_actions()), engine.nodes)
stats = fast_alphabeta._root.stats
print(sum(stats.cache_hits.values()), sum(stats.cache_misses.values()))
"""


@pytest.mark.slow
def test_the_compiled_search_runs_from_numba_s_cache_in_a_new_process(tmp_path: Path) -> None:
    """The search has no recursion, so numba caches it: a first process compiles it into an
    empty cache directory, a second loads it from there (no compiling) and searches alike."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    runs = [
        subprocess.run(
            [sys.executable, "-c", CACHED_RUN], env=env, capture_output=True, text=True, check=True
        ).stdout.splitlines()
        for _ in range(2)
    ]
    assert runs[0][0] == runs[1][0]
    assert runs[0][1] == "0 1"  # compiled, then stored
    assert runs[1][1] == "1 0"  # loaded, not compiled
