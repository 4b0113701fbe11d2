"""`mcts`'s random rollouts for Raub im Kunstmuseum on the compiled rules of `fast`.

Uniformly random legal moves and cards drawn by their probabilities, from the searcher's own
random stream (never the game's seed: the deck's order stays unknown), to the end or for
`depth` actions; `agents.kernels.playout` scores a cut-off with `search.evaluate`, as
`agents.mcts` does.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.agents.kernels import Rollout, playout
from ludoteca.core.api import CHANCE, TERMINAL
from ludoteca.core.fastrng import next_uniform
from ludoteca.games.museum import fast
from ludoteca.games.museum.game import MuseumGame


@njit(cache=True)
def _play(
    cfg: fast.Config,
    s: fast.Rows,
    depth: int,
    rng: npt.NDArray[np.uint64],
    buffer: npt.NDArray[np.int64],
    out: npt.NDArray[np.float64],
) -> bool:
    """Random play in row 0; True with the returns in `out` at the end, False at the cut."""
    left = depth if depth > 0 else -1
    while True:
        player = fast.current_player(cfg, s, 0)
        if player == TERMINAL:
            fast.returns(cfg, s, 0, out)
            return True
        if left == 0:
            return False
        left -= 1
        if player == CHANCE:
            action = fast.chance_outcome(cfg, s, 0, next_uniform(rng, 0))
        else:
            count = fast.legal_actions(cfg, s, 0, buffer)
            action = buffer[int(next_uniform(rng, 0) * count)]
        fast.apply(cfg, s, 0, action)


def rollout(game: MuseumGame) -> Rollout:
    """The compiled rollout for `game`, for the Python tree of `agents.mcts`."""
    cfg = fast.config(game)
    rows = fast.new_rows(1)
    buffer = np.empty(fast.NUM_ACTIONS, dtype=np.int64)
    return playout(
        game,
        lambda state: fast.to_row(state, rows, 0),
        lambda depth, rng, out: _play(cfg, rows, depth, rng, buffer, out),
        lambda: fast.to_state(game, rows, 0, 0),
    )
