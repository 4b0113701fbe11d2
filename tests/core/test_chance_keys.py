"""Keys of chance and of agents (issue 17): secrets, commitments and one-way agent seeds."""

from __future__ import annotations

import hashlib
from collections import Counter

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
    pick,
    seeded_uniform,
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


# -- takebacks (issue 29): the outcomes after one are drawn anew -----------------------------


def test_after_a_takeback_the_outcomes_from_its_point_on_are_drawn_anew() -> None:
    """By construction: before the takeback's point the formula is the one without takebacks;
    from it on the step is hashed with the takeback's number, a different input to the keyed
    hash (or to the seeded mix)."""
    for scheme, seed, secret in ((KEYED, 0, "ab" * 16), (SEEDED, 12345, None)):
        plain = Chance(scheme, seed, secret)
        taken = plain.after_takeback(10).after_takeback(20).after_takeback(15)
        assert taken.redraws == (10, 20, 15)
        assert [taken.epoch(s) for s in (9, 10, 14, 15, 19, 20, 99)] == [0, 1, 1, 3, 3, 3, 3]
        assert all(taken.uniform(s) == plain.uniform(s) for s in range(10))
        assert all(taken.uniform(s) != plain.uniform(s) for s in range(10, 200))
    assert Chance(KEYED, 0, "ab" * 16, (4,)).uniform(4) == keyed_uniform("ab" * 16, 4, 1)


@pytest.mark.parametrize("scheme", [KEYED, SEEDED])
def test_a_die_after_a_takeback_is_independent_of_the_die_before(scheme: int) -> None:
    """12,000 takebacks, each at its own step: the die of the line taken back and the die of
    the new line agree about one time in six, and their pairs fill the 6x6 table evenly
    (chi-square for independence, 35 degrees of freedom, p = 0.001: 66.6)."""
    outcomes = [(face, 1 / 6) for face in range(6)]
    secret = "c3" * 16

    def die(step: int, epoch: int) -> int:
        if scheme == KEYED:
            return pick(outcomes, keyed_uniform(secret, step, epoch))
        return pick(outcomes, seeded_uniform(99, step, epoch))

    pairs: Counter[tuple[int, int]] = Counter()
    for takeback in range(12_000):  # the takeback's number: the line before drew with one less
        step = 3 * takeback + 1
        pairs[die(step, takeback), die(step, takeback + 1)] += 1
    agree = sum(pairs[face, face] for face in range(6)) / 12_000
    assert abs(agree - 1 / 6) < 0.015, agree
    expected = 12_000 / 36
    chi_square = sum((pairs[a, b] - expected) ** 2 / expected for a in range(6) for b in range(6))
    assert chi_square < 66.6, pairs


def test_redraws_are_move_counts() -> None:
    with pytest.raises(ValueError, match="move counts"):
        Chance(SEEDED, 1, None, (-1,))
