"""A fixed-shape numpy observation of a Raub im Kunstmuseum position (for learning agents).

A flat float32 vector in [0, 1], seen from one seat: seats are rotated so that "me" is seat +0
and seat +k is the thief k places to my left. Fields are one-hot over the museum's field ids
(0 the roof, 1-28 the pictures, 29-32 E1-E4, 33-41 s1-s9). Only what `observation` shows is
used: the deck's order is not in a state at all; the cards left by kind are public.

Not encoded: the order in which earlier cards were turned (the discard pile). Which cards are
gone is given (cards left by kind, guarded pictures) and the order never changes what can
happen next.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ludoteca.core.bounds import Bounds
from ludoteca.core.slots import describe_groups, flat_shape
from ludoteca.games.museum.game import (
    NOBODY,
    PHASES,
    ROB_ACTION,
    START,
    MuseumGame,
    MuseumState,
)

Tensor = npt.NDArray[np.float32]


@lru_cache(maxsize=32)
def _max_score(game: MuseumGame) -> int:
    """The most one thief can hold: its markers on the dearest pictures, and the roof bonus."""
    museum = game.museum
    values = sorted((museum.fields[p].value for p in museum.pictures), reverse=True)
    return sum(values[: museum.markers_per_thief]) + museum.roof_bonus


def _groups(game: MuseumGame) -> list[tuple[int, str]]:
    """(width, meaning) of each slot group, in order."""
    fields = len(game.museum.fields)
    pictures = len(game.museum.pictures)
    kinds = len(game.deck.kinds)
    n = game.num_players
    groups = [(fields, f"seat +{k}'s thief on field f (0 roof)") for k in range(n)]
    groups += [(pictures, f"seat +{k}'s marker on picture p (p = 1-{pictures})") for k in range(n)]
    groups += [
        (pictures, "the marker on picture p is banked (safe)"),
        (pictures, "picture p carries a guard chip (checked already)"),
        (len(PHASES), f"phase {'/'.join(PHASES)} (one-hot; start and draw: a chance event)"),
        (n, "seat +k is the start player (all 0 in phase start)"),
        (n, "seat +k is to move or to decide on robbing (all 0 at chance and at the end)"),
        (kinds, "the current card is kind c, in deck.json order (all 0 before the first)"),
        (kinds, "cards of kind c left in the deck / how many the deck has"),
        (n, "seat +k was caught in the last guard check"),
        (n, f"seat +k's score if the game ended now / {_max_score(game)}"),
    ]
    return groups


@lru_cache(maxsize=32)
def shape(game: MuseumGame) -> tuple[int, ...]:
    return flat_shape(_groups(game))


def describe(game: MuseumGame) -> list[str]:
    """The slot groups of `encode`, in order, with their inclusive slot ranges."""
    return describe_groups(_groups(game))


def encode(state: MuseumState, seat: int) -> Tensor:
    """What `seat` sees of `state`, in the layout of `describe`."""
    game = state.game
    state._check_seat(seat)
    museum = game.museum
    fields = len(museum.fields)
    pictures = len(museum.pictures)
    kinds = game.deck.kinds
    n = game.num_players
    out = np.zeros(shape(game), dtype=np.float32)
    for player, place in enumerate(state.place):
        out[(player - seat) % n * fields + place] = 1.0
    at = n * fields
    banked_at = at + n * pictures
    for picture in museum.pictures:
        owner = state.marker[picture]
        if owner != NOBODY:
            out[at + (owner - seat) % n * pictures + picture - 1] = 1.0
            out[banked_at + picture - 1] = float(state.banked[picture])
    at = banked_at + pictures
    for picture in state.guarded():
        out[at + picture - 1] = 1.0
    at += pictures
    out[at + state.phase] = 1.0
    at += len(PHASES)
    if state.phase != START:
        out[at + (state.start_player - seat) % n] = 1.0
    at += n
    if state.current_player() >= 0:
        out[at + (state.turn - seat) % n] = 1.0
    at += n
    if state.discard:
        out[at + state.discard[-1]] = 1.0
    at += len(kinds)
    for kind in kinds:
        out[at + kind.id] = state.left[kind.id] / kind.count
    at += len(kinds)
    for player in state.caught:
        out[at + (player - seat) % n] = 1.0
    at += n
    top = _max_score(game)
    for player, score in enumerate(state.scores()):
        out[at + (player - seat) % n] = score / top
    return out


def bounds(game: MuseumGame) -> Bounds:
    """The RL interfaces' sizes, and a real bound on the length: one round per card (the card
    turned, every thief moves, every thief may decide to rob)."""
    rounds = sum(kind.count for kind in game.deck.kinds)
    length = 1 + rounds * (1 + 2 * game.num_players)
    chance = max(len(game.deck.kinds), game.num_players)
    return Bounds(ROB_ACTION + 1, chance, length, capped=False)
