"""Keys of chance and of agents (issue 17): secrets, commitments and one-way agent seeds."""

from __future__ import annotations

import hashlib

import pytest

from ludoteca.core.chance import (
    KEYED,
    SEED_BITS,
    SEEDED,
    Chance,
    commitment,
    derived_seed,
    keyed_uniform,
    mix64,
    new_secret,
)
from ludoteca.terminal.seats import agent_seed


def test_a_secret_has_128_bits_and_its_commitment_is_its_sha256() -> None:
    secret = new_secret()
    assert len(bytes.fromhex(secret)) == 16
    assert commitment(secret) == hashlib.sha256(bytes.fromhex(secret)).hexdigest()
    assert new_secret() != secret


def test_keyed_outcomes_follow_the_secret_and_the_step() -> None:
    secret = "ab" * 16
    values = [keyed_uniform(secret, step) for step in range(200)]
    assert all(0.0 <= u < 1.0 for u in values) and len(set(values)) == 200
    assert keyed_uniform("cd" * 16, 0) != values[0]
    assert Chance(KEYED, 0, secret).uniform(5) == values[5]


def test_a_keyed_chance_needs_a_whole_secret() -> None:
    with pytest.raises(ValueError, match="hex digits"):
        Chance(KEYED, 0, "abc")
    with pytest.raises(ValueError, match="scheme"):
        Chance(7, 0)


def test_agent_seeds_are_a_hash_not_the_old_invertible_mix() -> None:
    """The old agent seed was SplitMix64 of the game seed: invertible, so it gave the dice away."""
    for seed in (0, 9, 2**47):
        old = mix64(seed ^ (2 << SEED_BITS)) >> (64 - SEED_BITS)
        assert agent_seed(seed, 1) == derived_seed(seed, 2) != old
        assert 0 <= agent_seed(seed, 1) < 2**SEED_BITS
    assert Chance(SEEDED, 9).agent_seed(1, 4) != Chance(SEEDED, 9).agent_seed(1, 5)
    assert Chance(KEYED, 0, "ab" * 16).agent_seed(1, 4) != Chance(KEYED, 0, "cd" * 16).agent_seed(
        1, 4
    )
