"""The Bremen position evaluation: points and pyramids near the house score higher."""

from __future__ import annotations

from typing import Any

from ludoteca.games.bremen.game import BremenGame, BremenState
from ludoteca.games.bremen.search import evaluate

GAME = BremenGame(players=2)


def start_json() -> dict[str, Any]:
    return GAME.new_initial_state(seed=1).to_json() | {"phase": "roll", "history": []}


def load(obj: dict[str, Any]) -> BremenState:
    state = GAME.state_from_json(obj)
    assert isinstance(state, BremenState)
    return state


def test_points_ahead_score_higher() -> None:
    level = load(start_json())
    ahead = load(start_json() | {"scores": [3, 0]})
    assert evaluate(ahead, 0) > evaluate(level, 0)
    assert evaluate(ahead, 1) < evaluate(level, 1)
    assert evaluate(ahead, 0) == -evaluate(ahead, 1)


def test_a_pyramid_nearer_the_house_scores_higher() -> None:
    """Red's pyramid (seat 0) moved from its start field to a field nearer the house."""
    board = GAME.board
    obj = start_json()
    start = board.names[board.starts[0]]
    steps = board.land_steps(GAME.walls[0])
    occupied = {board.index(name) for name in obj["stacks"]}
    nearer = min(
        (
            f
            for f in range(board.size)
            if f not in occupied and 0 < steps[f] < steps[board.starts[0]]
        ),
        key=lambda f: steps[f],
    )
    stacks = dict(obj["stacks"])
    stacks[board.names[nearer]] = stacks.pop(start)
    moved = load(obj | {"stacks": stacks})
    assert evaluate(moved, 0) > evaluate(load(start_json()), 0)


def test_defined_at_chance_nodes() -> None:
    state = load(start_json())
    assert state.is_chance_node()
    assert -1 <= evaluate(state, 1) <= 1
