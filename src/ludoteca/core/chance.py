"""Chance: every random event of a game is a chance node, resolved here from a seed.

The game's own chance events are a pure function of `(seed, step)`: the outcome of the event at
history position `step` comes from a SplitMix64 hash of both. No generator state has to be
saved, so a game reloaded from its record (or a server restarted mid-game) draws exactly the
dice it would have drawn, and the same seed with the same choices always gives the same game.
"""

from __future__ import annotations

import random
import secrets
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ludoteca.core.api import State

_MASK = (1 << 64) - 1
SEED_BITS = 48
"""Seeds stay below 2**48 so that JSON readers with 53-bit numbers (browsers) keep them exact."""


class _Uniform(Protocol):
    def random(self) -> float: ...


def new_seed() -> int:
    """A fresh seed for a game whose seed was not given."""
    return secrets.randbits(SEED_BITS)


def mix64(value: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit hash of a 64-bit value."""
    z = (value + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def seeded_uniform(seed: int, step: int) -> float:
    """A number in [0, 1) fixed by the seed and the history position."""
    return (mix64(mix64(seed & _MASK) ^ step) >> 11) / float(1 << 53)


def pick(outcomes: list[tuple[int, float]], u: float) -> int:
    """The outcome whose cumulative probability interval holds `u`."""
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if u < total:
            return action
    return outcomes[-1][0]


def sample_outcome(state: State, rng: _Uniform | None = None) -> int:
    """Draw the outcome of the chance node `state`: from `rng` if given, else from the seed."""
    u = rng.random() if rng is not None else seeded_uniform(state.seed, len(state._history))
    return pick(state.chance_outcomes(), u)


def play_chance(state: State, rng: random.Random | None = None) -> list[int]:
    """Resolve chance nodes until a player must act or the game ends; returns the outcomes."""
    drawn = []
    while state.is_chance_node():
        outcome = sample_outcome(state, rng)
        state.apply_action(outcome)
        drawn.append(outcome)
    return drawn
