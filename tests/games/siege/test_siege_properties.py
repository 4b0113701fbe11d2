"""Invariants over many seeded random games, and the solver's engine against the rules engine.

Each game is played by uniformly random moves; after every move the position must keep: one
piece per field, no soldier on the moat or off the grid, the lord on a castle field, knights
never further back outside the castle, and a knight that entered the castle still inside it.
"""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.games.siege.board import load_board
from ludoteca.games.siege.game import KNIGHT, LORD, SOLDIER, SPAN, SiegeState
from ludoteca.games.siege.solve import Rules, position_of

GAMES = 2000


def random_games(count: int, seed: int, **options: object) -> list[SiegeState]:
    """Finished random games (every state on the way is checked by the callers' hook)."""
    game = ludoteca.load("siege", **options)
    rng = random.Random(seed)
    finished = []
    for index in range(count):
        state = game.new_initial_state(seed=index)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        finished.append(state)
    return finished


def check_move(before: list[int], action: int, after: SiegeState) -> None:
    """The invariants after `action`; `before` is the board's cells before it."""
    board = after.game.board
    source, target = divmod(action, SPAN)
    cells = after.cells
    pieces = [f for f in range(SPAN) if cells[f]]
    assert all(f in board.fields for f in pieces)
    assert sum(cells[f] == KNIGHT for f in pieces) <= 4
    assert sum(cells[f] == SOLDIER for f in pieces) <= 4
    for field in pieces:
        if cells[field] == SOLDIER:
            assert field not in board.moat and board.on_grid(field)
        if cells[field] == LORD:
            assert field in board.castle
    if before[source] == KNIGHT:
        if source in board.castle:
            assert target in board.castle, "a knight left the castle"
        elif target not in board.castle:
            assert target // 8 > source // 8, "a knight moved backwards outside the castle"


@pytest.mark.slow
def test_random_games_keep_every_invariant() -> None:
    """One piece per field, soldiers never on the moat, the lord never off the castle, knights
    never backwards outside the castle and never out of it once in (thousands of games)."""
    game = ludoteca.load("siege")
    rng = random.Random(7)
    endings: dict[str, int] = {}
    for index in range(GAMES):
        state = game.new_initial_state(seed=index)
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            before = state.cells[:]
            state.apply_action(action)
            check_move(before, action, state)
        reason = state.to_json()["result"]["reason"]
        endings[reason] = endings.get(reason, 0) + 1
    assert sum(endings.values()) == GAMES
    assert {"the lord is captured", "all four knights are captured"} <= set(endings)


def test_solver_moves_agree_with_the_rules_engine() -> None:
    """The solver's bitboard move generator gives exactly the engine's legal moves, and its
    move making the engine's next position, over the positions of many random games."""
    rules = Rules(load_board())
    for options in ({}, {"opening_rule": False}, {"lord_start": "e6"}):
        game = ludoteca.load("siege", **options)
        rng = random.Random(3)
        for index in range(150):
            state = game.new_initial_state(seed=index)
            while not state.is_terminal():
                pos = position_of(state)
                solver_moves = sorted(f * SPAN + t for f, t in rules.legal_moves(pos))
                assert solver_moves == state.legal_actions()
                action = rng.choice(state.legal_actions())
                state.apply_action(action)
                if not state.is_terminal():
                    assert rules.play(pos, divmod(action, SPAN)) == position_of(state)


def test_replaying_the_history_gives_the_same_state() -> None:
    """A saved game replays bit for bit from its seed and moves."""
    game = ludoteca.load("siege")
    for state in random_games(30, seed=11):
        replay = game.new_initial_state(seed=state.seed)
        for action in state.history():
            replay.apply_action(action)
        assert replay.to_json() == state.to_json()
