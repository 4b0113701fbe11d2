"""A fixed-shape numpy observation of a Mens erger je niet position (for learning agents).

A flat float32 vector in [0, 1], seen from one seat: its first colour's row comes first and
track circles are counted from that colour's circle A, so every seat sees the board the way
seat 0 does. Per colour in play (rotated so that "me" is row 0; row `j` belongs to the seat
`j mod players` places after me) a row of L + 5 slots: track circles 0..L-1, goal circles a-d,
and the share of its four pawns in reserve. Then whose turn it is, the phase, the die, and the
small turn counters. Everything in a ludo position is public, so nothing is hidden.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ludoteca.core.bounds import MAX_ACTIONS, Bounds
from ludoteca.games.ludo.game import DIE_FACES, PHASES, RESERVE, LudoGame, LudoState

Tensor = npt.NDArray[np.float32]
GOALS = 4
MAX_TRIES = 2  # rolls for a 6 already used under three_tries (at most two before the third)


def _row_length(game: LudoGame) -> int:
    return game.track_length + GOALS + 1


def shape(game: LudoGame) -> tuple[int, ...]:
    """One row per colour in play, then turn, phase, die, must-move, tries and finishers."""
    colours = len(game.colours)
    return (colours * _row_length(game) + colours + len(PHASES) + 6 + 2 + game.num_players,)


def describe(game: LudoGame) -> list[str]:
    """The slot groups of `encode`, in order, with their inclusive slot ranges.

    Colour +j is the j-th colour in play after my first one, in track order.
    """
    track = game.track_length
    row = _row_length(game)
    colours = len(game.colours)
    names = []
    for j in range(colours):
        base = j * row
        owner = j % game.num_players
        whose = f"colour +{j} ({'mine' if owner == 0 else f'seat +{owner}'})"
        names += [
            f"slots {base}-{base + track - 1}: {whose} pawn on track circle k, counted from my A",
            f"slots {base + track}-{base + track + 3}: {whose} pawn on goal circle a-d",
            f"slot {base + track + 4}: {whose} pawns in reserve / 4",
        ]
    start = colours * row
    groups = [
        (colours, "colour to move, rotated like the rows (one-hot)"),
        (len(PHASES), f"phase {'/'.join(PHASES)} (one-hot; start and roll: a chance event)"),
        (6, "die face 1-6 waiting to be used (one-hot; all 0 when none)"),
        (1, "the pawn just brought in must use this roll (must_move)"),
        (1, f"rolls for a 6 used under three_tries / {MAX_TRIES}"),
        (game.num_players, "seat +k finished: (players - rank) / players, 0 if still playing"),
    ]
    for width, meaning in groups:
        names.append(_slot_name(start, width, meaning))
        start += width
    return names


def _slot_name(start: int, width: int, meaning: str) -> str:
    if width == 1:
        return f"slot {start}: {meaning}"
    return f"slots {start}-{start + width - 1}: {meaning}"


def encode(state: LudoState, seat: int) -> Tensor:
    """`state` as `seat` sees it (everything in ludo is public), in the layout of `describe`."""
    game = state.game
    state._check_seat(seat)
    track = game.track_length
    row = track + GOALS + 1
    colours = game.colours
    count = len(colours)
    players = game.num_players
    out = np.zeros(shape(game), dtype=np.float32)
    entries = game.entries
    origin = entries[colours[seat]]
    for j in range(count):
        colour = colours[(j + seat) % count]
        base = j * row
        offset = entries[colour] - origin
        reserve = 0
        for progress in state.pawns[colour]:
            if progress == RESERVE:
                reserve += 1
            elif progress < track:
                out[base + (progress + offset) % track] = 1.0
            else:
                out[base + progress] = 1.0
        out[base + track + GOALS] = reserve / 4
    at = count * row
    out[at + (state.turn - seat) % count] = 1.0
    at += count
    out[at + state.phase] = 1.0
    at += len(PHASES)
    if state.die:
        out[at + state.die - 1] = 1.0
    at += 6
    out[at] = float(state.must_move >= 0)
    out[at + 1] = min(state.tries, MAX_TRIES) / MAX_TRIES
    at += 2
    for rank, finisher in enumerate(state.finished):
        out[at + (finisher - seat) % players] = (players - rank) / players
    return out


def bounds(game: LudoGame) -> Bounds:
    """The RL interfaces' sizes: actions are circles 0..L-1, goal circles L..L+3 and bringing
    a pawn in (L+4); chance is a die face 1-6, or the starting seat 0..n-1 before the first
    roll. A game can go on for ever (a pawn thrown back again and again), so it is capped."""
    chance = max(max(DIE_FACES), game.num_players - 1) + 1
    return Bounds(game.enter_action + 1, chance, MAX_ACTIONS, capped=True)
