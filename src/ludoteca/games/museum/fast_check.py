"""Equality of the compiled museum kernel with the reference engine, game by game, step by step.

    python -m ludoteca.vector.check museum --games 10000

The comparison of `compare`, with uniformly random legal actions: at every node the whole
position (the kernel's row: thieves, markers, banked markers, cards left, the discard pile in
order, the thieves caught, history length), the player to move, the legal actions, the chance
outcomes with their probabilities and the outcome drawn from the seed; every 8th step one seat's
observation tensor; at the end the returns and a round trip of the final state through a row.
Game `k` uses option set `k` of `option_sets()`: both options' values on 2, 3 and 4 thieves.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.core.fastrng import seeded_uniform
from ludoteca.games.museum import fast, tensor
from ludoteca.games.museum.game import MOVE, OPTIONS, ROB, MuseumGame
from ludoteca.vector import compare
from ludoteca.vector.check import check_games


def option_sets() -> list[dict[str, Any]]:
    """Every value of every museum option, on every number of thieves (2-4)."""
    names = [option.name for option in OPTIONS]
    values = [
        option.choices if option.choices else (option.default, not option.default)
        for option in OPTIONS
    ]
    return [
        {"players": players, **dict(zip(names, combo, strict=True))}
        for combo in itertools.product(*values)
        for players in range(MuseumGame.min_players, MuseumGame.max_players + 1)
    ]


@njit(cache=True)
def _replay(
    cfg: fast.Config,
    seed: np.uint64,
    actions: npt.NDArray[np.int64],
    points: npt.NDArray[np.int64],
    offsets: npt.NDArray[np.int64],
    rows: fast.Rows,
    players: npt.NDArray[np.int64],
    legal_counts: npt.NDArray[np.int64],
    legal: npt.NDArray[np.int64],
    drawn: npt.NDArray[np.int64],
    counts: npt.NDArray[np.int64],
    outcomes: npt.NDArray[np.int64],
    probs: npt.NDArray[np.float64],
    observed: npt.NDArray[np.float32],
) -> None:
    """`compare.Replay`'s compiled pass: what the kernel says at each node of the game."""
    s = np.empty((1, fast.ROW_WIDTH), dtype=np.int32)
    fast.initial(cfg, s, 0)
    buffer = np.empty(fast.FIELDS, dtype=np.int64)
    point = 0
    for j in range(len(actions) + 1):
        rows[j] = s[0]
        players[j] = fast.current_player(cfg, s, 0)
        phase = s[0, fast.S_PHASE]
        if phase in (MOVE, ROB):
            count = fast.legal_actions(cfg, s, 0, buffer)
            legal_counts[j] = count
            room = min(count, offsets[j + 1] - offsets[j]) if j + 1 < len(offsets) else 0
            legal[offsets[j] : offsets[j] + room] = buffer[:room]
        elif phase < MOVE:
            counts[j] = fast.chance_outcomes(cfg, s, 0, outcomes[j], probs[j])
            u = seeded_uniform(seed, s[0, fast.S_STEP])
            drawn[j] = fast.chance_outcome(cfg, s, 0, u)
        while point < len(points) and points[point, 0] == j:
            fast.encode(cfg, s, 0, points[point, 1], observed[point])
            point += 1
        if j < len(actions):
            fast.apply(cfg, s, 0, actions[j])


KERNEL = compare.Kernel(fast, _replay, outcomes=max(fast.KINDS, fast.MAX_SEATS))


def check_game(game: MuseumGame, seed: int, rng: random.Random) -> int:
    """Play one random game on the reference engine, replay it on the kernel and compare the
    two at every step; returns the game's length in actions."""
    return compare.check_game(
        KERNEL, game.new_initial_state(seed), compare.uniform(rng), tensor.encode
    )


def run(games: int, seed: int = 0, start: int = 0, progress: bool = False) -> dict[str, Any]:
    """Check games start..start+games-1 (game k: option set k, seed `seed` + k)."""
    rng = random.Random(seed)
    return check_games(
        "museum",
        option_sets(),
        lambda game, k: check_game(game, k, rng),
        games,
        seed,
        start,
        progress,
    )
