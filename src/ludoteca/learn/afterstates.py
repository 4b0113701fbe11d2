"""Every legal move's afterstate of a whole batch of games, compiled over a game's kernel.

Self-play by a value network (`learn.td`) asks, at every decision of every game in a batch,
where each legal move leads: the position right after the move, before the dice, cards or pull
that follow (TD-Gammon's *afterstate*; a move that ends the game leads to its result). One
compiled pass (`_afterstates`, compiled per game as the batch engine's loops are,
`vector.engine`) copies each game's row, applies each legal move to the copy and encodes every
seat's observation of it, or reads the returns of a finished game, so a net values all of a
batch's moves in one call.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca.core.api import TERMINAL as TERMINAL
from ludoteca.vector import engine
from ludoteca.vector.batch import KernelBatch

Ints = npt.NDArray[np.int64]

# Stand-ins: each game's compiled copy of `_afterstates` has that game's kernel as its globals
# (`engine.Kernel.names`), as the engine's own loops do.
MAX_LEGAL = 1
_unset: Any = None
new_scratch = current_player = legal_actions = apply = returns = encode = _unset


def _afterstates(
    cfg: Any,
    s: Any,
    players: int,
    games: Ints,
    actions: Ints,
    finished: npt.NDArray[np.bool_],
    results: npt.NDArray[np.float64],
    observed: npt.NDArray[np.float32],
) -> int:
    """Fill one entry per (game at a decision, legal move): its game, its move, whether it ends
    the game, the returns if so, else every seat's observation; returns the entries written."""
    buffer = np.empty(MAX_LEGAL, dtype=np.int64)
    scratch = new_scratch()
    copy = np.empty((1, s.shape[1]), dtype=s.dtype)
    entry = 0
    for i in range(s.shape[0]):
        if current_player(cfg, s, i) < 0:
            continue
        count = legal_actions(cfg, s, i, buffer, scratch)
        legal = buffer[:count].copy()
        for k in range(count):
            copy[0] = s[i]
            apply(cfg, copy, 0, legal[k], buffer, scratch)
            games[entry], actions[entry] = i, legal[k]
            finished[entry] = current_player(cfg, copy, 0) == TERMINAL
            results[entry, :] = 0.0
            observed[entry, :, :] = 0.0
            if finished[entry]:
                returns(cfg, copy, 0, results[entry])
            else:
                for seat in range(players):
                    encode(cfg, copy, 0, seat, observed[entry, seat])
            entry += 1
    return entry


@cache
def _compiled(game_id: str) -> Any:
    return engine._compiled(_afterstates, engine.kernel(game_id).names(), game_id)


@dataclass(frozen=True)
class Moves:
    """The afterstates of a batch's legal moves, one entry each, grouped by game."""

    games: Ints
    actions: Ints
    finished: npt.NDArray[np.bool_]
    shares: npt.NDArray[np.float64]
    """The win shares of a move that ends the game (zeros otherwise)."""
    observations: npt.NDArray[np.float32]
    """(entries, players, size): every seat's observation of the afterstate (zeros when
    the move ends the game)."""


def afterstates(batch: KernelBatch) -> Moves:
    """Every legal move of every game of `batch` at a decision, and where it leads."""
    entries = int(batch.legal_mask().sum())
    players = batch.num_players
    games = np.empty(entries, dtype=np.int64)
    actions = np.empty(entries, dtype=np.int64)
    finished = np.empty(entries, dtype=np.bool_)
    results = np.empty((entries, players), dtype=np.float64)
    observed = np.empty((entries, players, batch.observation_size), dtype=np.float32)
    written = _compiled(batch.game.id)(
        batch.cfg, batch.rows, players, games, actions, finished, results, observed
    )
    assert written == entries, (written, entries)
    return Moves(games, actions, finished, _shares(results, finished), observed)


def _shares(results: npt.NDArray[np.float64], finished: npt.NDArray[np.bool_]) -> Any:
    """Win shares of the finished rows (the best return splits the win, `review.value`)."""
    best = (results >= results.max(axis=1, keepdims=True) - 1e-9) & finished[:, None]
    counts = np.maximum(best.sum(axis=1, keepdims=True), 1)
    return best / counts
