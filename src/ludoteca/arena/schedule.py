"""Which agent sits where in each game of a tournament, and each game's seed.

Seat rotation: the games come in blocks of k (k agents). Block b takes the b-th ordering of the
agents (permutations in lexicographic order, starting again after k!), and game i of the block
seats the agent ``order[(i + s) mod k]`` in seat s. So within every block each agent takes every
seat exactly once, and over k! blocks every arrangement of agents in seats occurs equally often
(every agent meets every other in every pair of seats; with one ordering only, in a 2-player
game of 3 agents A would always attack B and defend against C). With fewer agents than seats an
agent holds several seats of one game (2 agents in a 4-player game: seats 0 and 2, then 1 and
3); with more agents than seats each game seats n different agents. A tournament is a whole
number of blocks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ludoteca.core.chance import SEED_BITS, mix64
from ludoteca.core.errors import InvalidOptionError


@dataclass(frozen=True)
class Fixture:
    """One scheduled game: its index in the tournament, its seed and the agent of each seat."""

    index: int
    seed: int
    agents: tuple[str, ...]


def block_order(block: int, agents: int) -> list[int]:
    """The agents' order in `block`: the block-th permutation of range(agents), lexicographic."""
    rank = block % math.factorial(agents)
    pool = list(range(agents))
    order = []
    for left in range(agents - 1, -1, -1):
        position, rank = divmod(rank, math.factorial(left))
        order.append(pool.pop(position))
    return order


def seat_agents(index: int, agents: Sequence[str], players: int) -> tuple[str, ...]:
    """The agent of each seat in game `index` (see the module's description of the rotation)."""
    k = len(agents)
    order = block_order(index // k, k)
    return tuple(agents[order[(index + seat) % k]] for seat in range(players))


def game_seed(tournament_seed: int, index: int) -> int:
    """Game `index`'s seed: a hash of the tournament seed and the index, below 2**48."""
    return mix64(mix64(tournament_seed) ^ index) >> (64 - SEED_BITS)


def check_game_count(games: int, agents: int) -> None:
    """Refuse a game count that is not a whole number of rotation blocks (k games each)."""
    if games < 1:
        raise InvalidOptionError(f"--games must be at least 1, not {games}")
    if games % agents:
        below = games - games % agents
        above = below + agents
        nearest = f"{below} or {above}" if below else str(above)
        raise InvalidOptionError(
            f"--games {games} is not a multiple of {agents} (one game per agent rotates every"
            f" agent through every seat); use {nearest}"
        )


def fixtures(
    tournament_seed: int, agents: Sequence[str], players: int, indices: Sequence[int]
) -> list[Fixture]:
    """The fixtures of the given game indices."""
    return [
        Fixture(i, game_seed(tournament_seed, i), seat_agents(i, agents, players)) for i in indices
    ]
