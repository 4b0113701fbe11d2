"""Flat observation tensors laid out as named groups of slots, shared by the games' `tensor.py`.

A game lists its groups as `(width, meaning)` in order; the tensor's shape and its documented
slot ranges both follow from that one list, so the docs cannot drift from the encoding.
"""

from __future__ import annotations

from collections.abc import Sequence

Groups = Sequence[tuple[int, str]]


def flat_shape(groups: Groups) -> tuple[int]:
    """The shape of a vector holding every group's slots."""
    return (sum(width for width, _ in groups),)


def describe_groups(groups: Groups) -> list[str]:
    """Each group's meaning with its inclusive slot range (`slots 4-9: ...`)."""
    names = []
    start = 0
    for width, meaning in groups:
        slots = f"slot {start}" if width == 1 else f"slots {start}-{start + width - 1}"
        names.append(f"{slots}: {meaning}")
        start += width
    return names
