"""Chance: every random event of a game is a chance node, resolved here from a seed or a secret.

The game's own chance events are a pure function of a key and `step`, the history position of
the event. No generator state has to be saved, so a game reloaded from its record (or a server
restarted mid-game) draws exactly the dice it would have drawn. Two versioned schemes:

- scheme 1, `SEEDED`: a SplitMix64 hash of a 48-bit seed and the step. Whoever knows the seed
  knows every die, so it serves the terminal, the arena and practice tables, where that is the
  point (the same seed replays the same game).
- scheme 2, `KEYED`: BLAKE2b keyed with a fresh 128-bit secret, of the step. A web table
  publishes the SHA-256 of its secret (the commitment) when it is created and reveals the secret
  with the record at the end, so anyone can check every outcome and nobody could know one in
  advance.

A takeback at a web table must not let anyone see the dice to come and then choose: after the
k-th takeback (1-based) that went back to move `at`, every outcome from `at` on is drawn anew,
keyed with k as well as the step (`Chance.redraws`). Epoch 0 (no takeback) is the plain formula,
so games without takebacks draw exactly what they always drew.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from dataclasses import dataclass, replace
from functools import lru_cache
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


def seeded_uniform(seed: int, step: int, epoch: int = 0) -> float:
    """A number in [0, 1) fixed by the seed and the history position (and, after a takeback,
    the takeback's number `epoch`; 0: the formula games without takebacks use)."""
    mixed = mix64(seed & _MASK) ^ step
    if epoch:
        mixed = mix64(mixed ^ mix64(epoch + 0xD1B54A32D192ED03))
    return (mix64(mixed) >> 11) / float(1 << 53)


def pick(outcomes: list[tuple[int, float]], u: float) -> int:
    """The outcome whose cumulative probability interval holds `u`."""
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if u < total:
            return action
    return outcomes[-1][0]


SEEDED = 1
KEYED = 2
SCHEMES = {SEEDED: "seeded (SplitMix64 of the seed)", KEYED: "keyed (BLAKE2b of a secret)"}
SECRET_BYTES = 16
"""128 bits: far beyond any search, unlike a 48-bit seed that ~40 outcomes identify."""


def new_secret() -> str:
    """A fresh secret for a keyed table, in hex."""
    return secrets.token_hex(SECRET_BYTES)


@lru_cache(maxsize=4096)
def commitment(secret: str) -> str:
    """The SHA-256 (hex) of the secret's bytes: published first, checked when it is revealed."""
    return hashlib.sha256(bytes.fromhex(secret)).hexdigest()


def keyed_uniform(secret: str, step: int, epoch: int = 0) -> float:
    """A number in [0, 1) fixed by the secret and the history position (scheme 2).

    After the `epoch`-th takeback the message is the step and the epoch (16 bytes instead of
    8): a different input to a keyed hash, so its outcome is independent of the one before.
    """
    message = step.to_bytes(8, "big") + (epoch.to_bytes(8, "big") if epoch else b"")
    digest = hashlib.blake2b(
        message, key=bytes.fromhex(secret), digest_size=8, person=b"ludoteca-dice"
    ).digest()
    return (int.from_bytes(digest, "big") >> 11) / float(1 << 53)


def derived_seed(key: int | str, *parts: int) -> int:
    """A 48-bit seed for an agent, derived one way from a game's seed or secret and `parts`.

    A hash, not an invertible mix: an agent told its own seed learns nothing of the dice.
    """
    material = key.encode() if isinstance(key, str) else key.to_bytes(8, "big")
    data = b"".join(p.to_bytes(8, "big", signed=True) for p in parts)
    digest = hashlib.blake2b(data, key=material, digest_size=8, person=b"ludoteca-agent").digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


@dataclass(frozen=True)
class Chance:
    """Where a game's chance comes from: its scheme and its key (seed or secret)."""

    scheme: int = SEEDED
    seed: int = 0
    secret: str | None = None
    redraws: tuple[int, ...] = ()
    """Where each takeback went back to (its `at`, the number of moves kept), in order: from
    there on the k-th one's outcomes were drawn anew, keyed with k (`epoch`)."""

    def __post_init__(self) -> None:
        if self.scheme not in SCHEMES:
            raise ValueError(f"chance scheme {self.scheme!r} is not one of {sorted(SCHEMES)}")
        if self.scheme == KEYED:
            if not isinstance(self.secret, str) or len(self.secret) != 2 * SECRET_BYTES:
                raise ValueError(f"a keyed chance needs a secret of {2 * SECRET_BYTES} hex digits")
            bytes.fromhex(self.secret)

        if any(type(at) is not int or at < 0 for at in self.redraws):
            raise ValueError(f"redraws are move counts, not {list(self.redraws)!r}")

    def epoch(self, step: int) -> int:
        """The number of the last takeback that went back to `step` or before it (0: none):
        the outcome at `step` was drawn after it."""
        return max((k for k, at in enumerate(self.redraws, 1) if at <= step), default=0)

    def uniform(self, step: int) -> float:
        epoch = self.epoch(step)
        if self.scheme == KEYED:
            assert self.secret is not None
            return keyed_uniform(self.secret, step, epoch)
        return seeded_uniform(self.seed, step, epoch)

    def after_takeback(self, at: int) -> Chance:
        """This chance once a takeback went back to `at` moves: the outcomes from there anew."""
        return replace(self, redraws=(*self.redraws, at))

    def draw(self, state: State) -> int:
        """The outcome of the chance node `state` under this scheme."""
        return pick(state.chance_outcomes(), self.uniform(len(state._history)))

    def agent_seed(self, *parts: int) -> int:
        """A one-way seed for an agent (see `derived_seed`)."""
        return derived_seed(self.secret if self.secret is not None else self.seed, *parts)


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
