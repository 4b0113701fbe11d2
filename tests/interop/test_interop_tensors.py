"""Properties every game's observation tensor shares (`ludoteca.games.<id>.tensor`).

Shape, dtype, range and determinism at every node of random playouts; a `describe` list that
names every slot once; distinct observations encoding differently; and `docs/observations.md`
agreeing with the code.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.core.api import State
from ludoteca.core.registry import game_module

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("ludo", "siege", "bremen", "museum", "villa")
CONFIGS = [
    (game_id, players)
    for game_id in GAMES
    for players in range(ludoteca.load(game_id).min_players, ludoteca.load(game_id).max_players + 1)
]
PLAYOUT_ACTIONS = {"ludo": 400, "siege": 200, "bremen": 300, "museum": 400, "villa": 120}
"""Actions per random playout: enough to reach mid-game (villa's physics is slow)."""


def tensor_of(game_id: str) -> ModuleType:
    module = game_module(game_id, "tensor")
    assert module is not None, f"{game_id} has no tensor module"
    return module


def playout(game: ludoteca.Game, seed: int, limit: int) -> list[State]:
    """The states of one seeded random playout, the initial and the last included."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    states = [state.clone()]
    while not state.is_terminal() and len(states) <= limit:
        state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def public_view(game_id: str, state: State, seat: int) -> str:
    """`observation(seat)` without what is history rather than position, as canonical text.

    Left out: the action history and seed everywhere; siege's `seen` (the counts of earlier
    positions, kept for the repetition rule); the order of museum's earlier cards (which were
    turned stays, through the cards left).
    """
    view: dict[str, Any] = dict(state.observation(seat))
    view.pop("history", None)
    view.pop("seed", None)
    if game_id == "siege":
        view.pop("seen")
    if game_id == "museum":
        turned = view["discard"]
        view["discard"] = sorted(turned[:-1]) + turned[-1:]
    return json.dumps(view, sort_keys=True)


def slot_ranges(names: list[str]) -> list[tuple[int, int]]:
    """The inclusive (first, last) slot of each `slots a-b: ...` / `slot a: ...` name."""
    ranges = []
    for name in names:
        match = re.match(r"slots? (\d+)(?:-(\d+))?: \S", name)
        assert match, f"not a slot name: {name!r}"
        first = int(match[1])
        ranges.append((first, int(match[2] or first)))
    return ranges


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_describe_names_every_plane_or_slot_once(game_id: str, players: int) -> None:
    tensor = tensor_of(game_id)
    game = ludoteca.load(game_id, players=players)
    shape = tensor.shape(game)
    names = tensor.describe(game)
    if len(shape) == 1:
        ranges = slot_ranges(names)
        assert ranges[0][0] == 0
        assert ranges[-1][1] == shape[0] - 1
        for (_, last), (first, end) in itertools.pairwise(ranges):
            assert first == last + 1 and end >= first, names
    else:
        assert names == [n for k, n in enumerate(names) if n.startswith(f"plane {k}: ")]
        assert len(names) == shape[0]


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_initial_state_encodes_in_shape_for_every_seat(game_id: str, players: int) -> None:
    tensor = tensor_of(game_id)
    game = ludoteca.load(game_id, players=players)
    state = game.new_initial_state(seed=3)
    for seat in range(players):
        x = tensor.encode(state, seat)
        assert x.shape == tensor.shape(game)
        assert x.dtype == np.float32
    with pytest.raises(ValueError, match="seat"):
        tensor.encode(state, players)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_every_node_encodes_in_range_and_deterministically(game_id: str, seed: int) -> None:
    tensor = tensor_of(game_id)
    game = ludoteca.load(game_id)
    shape = tensor.shape(game)
    for state in playout(game, seed, PLAYOUT_ACTIONS[game_id]):
        for seat in range(game.num_players):
            x = tensor.encode(state, seat)
            assert x.shape == shape and x.dtype == np.float32
            assert np.all((x >= 0) & (x <= 1)), f"value out of [0, 1] at seat {seat}"
            assert np.array_equal(x, tensor.encode(state.clone(), seat))
            assert np.array_equal(x, tensor.encode(game.state_from_json(state.to_json()), seat))


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_different_observations_encode_differently(game_id: str, players: int) -> None:
    """Over seeded random playouts, no two different views of a seat share an encoding."""
    tensor = tensor_of(game_id)
    game = ludoteca.load(game_id, players=players)
    views: dict[tuple[int, bytes], str] = {}
    for seed in range(3):
        for state in playout(game, seed, PLAYOUT_ACTIONS[game_id]):
            for seat in range(players):
                key = (seat, tensor.encode(state, seat).tobytes())
                view = public_view(game_id, state, seat)
                assert views.setdefault(key, view) == view, "two observations, one encoding"
    assert len(views) > 50 * players


def test_observations_page_matches_shapes_and_describe() -> None:
    page = (ROOT / "docs" / "observations.md").read_text("utf-8")
    sections = re.split(r"^## ", page, flags=re.MULTILINE)[1:]
    found = {}
    for section in sections:
        heading = re.search(r"\(`(\w+)`\)", section.splitlines()[0])
        assert heading, section.splitlines()[0]
        found[heading[1]] = section
    assert sorted(found) == sorted(GAMES)
    for game_id, section in found.items():
        tensor = tensor_of(game_id)
        game = ludoteca.load(game_id)
        shape_line = f"Shape ({game.num_players} players, default options): `{tensor.shape(game)}`"
        assert shape_line in section, f"{game_id}: the page's shape line is not {shape_line!r}"
        rows = re.findall(r"^\| (plane \d+|slots? [\d-]+) \| (.*) \|$", section, re.MULTILINE)
        assert [f"{where}: {meaning}" for where, meaning in rows] == tensor.describe(game), (
            f"{game_id}: the table differs from describe(); write describe()'s lines into it"
        )
