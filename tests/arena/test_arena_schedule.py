"""Seat rotation and seeds of a tournament: balanced over blocks, distinct, reproducible."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.arena.schedule import (
    block_order,
    check_game_count,
    fixtures,
    game_seed,
    seat_agents,
)
from ludoteca.core.chance import SEED_BITS
from ludoteca.core.errors import InvalidOptionError


@given(
    agents=st.integers(min_value=2, max_value=7),
    players=st.integers(min_value=2, max_value=6),
    blocks=st.integers(min_value=1, max_value=4),
    seed=st.integers(min_value=0, max_value=2**48 - 1),
)
def test_every_agent_takes_every_seat_equally_often(
    agents: int, players: int, blocks: int, seed: int
) -> None:
    names = [f"agent{i}" for i in range(agents)]
    games = fixtures(seed, names, players, range(agents * blocks))
    seats = Counter((agent, seat) for game in games for seat, agent in enumerate(game.agents))
    assert seats == {(name, seat): blocks for name in names for seat in range(players)}


@given(agents=st.integers(min_value=2, max_value=4), players=st.integers(min_value=2, max_value=4))
def test_every_arrangement_occurs_equally_often_over_all_orderings(
    agents: int, players: int
) -> None:
    names = [f"agent{i}" for i in range(agents)]
    games = fixtures(0, names, players, range(agents * math.factorial(agents)))
    arrangements = Counter(game.agents for game in games)
    assert len(set(arrangements.values())) == 1
    if players <= agents:  # every ordered choice of distinct agents
        assert len(arrangements) == math.perm(agents, players)


def test_three_agents_in_a_two_player_game_meet_in_both_seat_orders_within_two_blocks() -> None:
    pairs = [seat_agents(i, ["a", "b", "c"], 2) for i in range(6)]
    assert sorted(pairs) == sorted(itertools.permutations("abc", 2))


def test_block_orders_are_the_permutations_in_lexicographic_order() -> None:
    assert [tuple(block_order(b, 3)) for b in range(7)] == [
        *itertools.permutations(range(3)),
        (0, 1, 2),
    ]


def test_two_agents_in_four_seats_alternate() -> None:
    assert seat_agents(0, ["a", "b"], 4) == ("a", "b", "a", "b")
    assert seat_agents(1, ["a", "b"], 4) == ("b", "a", "b", "a")


def test_more_agents_than_seats_never_seat_one_agent_twice() -> None:
    for index in range(5):
        assert len(set(seat_agents(index, ["a", "b", "c", "d", "e"], 3))) == 3


def test_seeds_are_distinct_reproducible_and_in_range() -> None:
    seeds = [game_seed(7, i) for i in range(2000)]
    assert len(set(seeds)) == len(seeds)
    assert seeds == [game_seed(7, i) for i in range(2000)]
    assert all(0 <= s < 2**SEED_BITS for s in seeds)
    assert game_seed(8, 0) != seeds[0]


@pytest.mark.parametrize(
    ("games", "agents", "message"),
    [
        (0, 2, "at least 1"),
        (7, 2, "use 6 or 8"),
        (2, 3, "use 3$"),
    ],
)
def test_game_counts_that_are_not_whole_blocks_are_refused(
    games: int, agents: int, message: str
) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        check_game_count(games, agents)


def test_whole_blocks_are_accepted() -> None:
    check_game_count(9, 3)
